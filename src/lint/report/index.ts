import type { Rule } from '../rule-api.js';
import { formatGithub } from './github.js';
import { formatJson } from './json.js';
import { formatSarif } from './sarif.js';
import { formatText } from './text.js';
import type { FileReport, ReportFormat } from './file-report.js';

export { formatGithub, escapeData, escapeProperty } from './github.js';
export { formatJson } from './json.js';
export { formatSarif } from './sarif.js';
export { formatText, formatTextWith } from './text.js';
export { REPORT_FORMATS, counts, type FileReport, type ReportFormat } from './file-report.js';

/** Every report format by name (a new format is a compile error until it is listed here). */
export const REPORTERS: Record<ReportFormat, (files: readonly FileReport[], rules?: readonly Rule[]) => string> = {
  text: formatText,
  json: formatJson,
  sarif: formatSarif,
  github: formatGithub,
};

/** The findings of files in one of the report formats. */
export function formatReport(files: readonly FileReport[], format: ReportFormat = 'text'): string {
  return REPORTERS[format](files);
}
