import { counts, type FileReport, type ReportOptions } from './file-report.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * `file:line:col: severity: message (rule-id)` per finding, then a summary line. `failed` counts
 * the files that could not be read or written: the summary says so, so "no problems" never
 * stands for a file that was not checked.
 */
export function formatText(files: readonly FileReport[], options: ReportOptions = {}): string {
  const failed = options.failed ?? 0;
  const lines: string[] = [];
  for (const f of files) {
    for (const d of f.diagnostics) {
      lines.push(`${f.file}:${d.span.line}:${d.span.column}: ${d.severity}: ${d.message} (${d.code})`);
    }
  }
  const { errors, warnings, infos, fixable } = counts(files);
  const total = errors + warnings;
  const summary = total === 0 ? 'no problems' : `${plural(total, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')})`;
  const read = failed === 0 ? summary : `${summary} in the files read; ${plural(failed, 'input')} could not be read or written`;
  lines.push(infos === 0 ? read : `${read}; ${plural(infos, 'info')}`);
  if (fixable > 0) lines.push(`${fixable} of them fixable with --fix`);
  if (total + infos > 0 && options.docsUrl !== undefined) lines.push(`Each rule is explained at ${options.docsUrl}<rule-id>.md`);
  return `${lines.join('\n')}\n`;
}
