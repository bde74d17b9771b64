import { formatGithub } from './github.js';
import { formatGitlab } from './gitlab.js';
import { formatJson } from './json.js';
import { formatJunit } from './junit.js';
import { formatSarif } from './sarif.js';
import { formatText } from './text.js';
import type { FileReport, ReportFormat, ReportOptions } from './file-report.js';

export { formatGithub, escapeData, escapeProperty } from './github.js';
export { formatGitlab } from './gitlab.js';
export { formatJson } from './json.js';
export { formatJunit } from './junit.js';
export { formatSarif } from './sarif.js';
export { formatText } from './text.js';
export { REPORT_FORMATS, counts, ruleUrl, type FileReport, type ReportFormat, type ReportOptions } from './file-report.js';

/** Every report format by name (a new format is a compile error until it is listed here). */
export const REPORTERS: Record<ReportFormat, (files: readonly FileReport[], options?: ReportOptions) => string> = {
  text: formatText,
  json: formatJson,
  sarif: formatSarif,
  github: formatGithub,
  junit: formatJunit,
  gitlab: formatGitlab,
};

/** The findings of files in one of the report formats. */
export function formatReport(files: readonly FileReport[], format: ReportFormat = 'text', options: ReportOptions = {}): string {
  return REPORTERS[format](files, options);
}
