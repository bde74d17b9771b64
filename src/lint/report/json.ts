import { counts, ruleUrl, type FileReport, type ReportOptions } from './file-report.js';

/**
 * A JSON document: every file with its findings (rule id, severity, message, 1-based range, hint,
 * fix, suggestions: the "did you mean" corrections an editor offers and `--fix` never applies, the
 * rule's page), and the counts.
 */
export function formatJson(files: readonly FileReport[], options: ReportOptions = {}): string {
  const { errors, warnings, infos, fixable } = counts(files);
  return `${JSON.stringify(
    {
      files: files.map((f) => ({
        file: f.file,
        diagnostics: f.diagnostics.map((d) => ({
          ruleId: d.code,
          severity: d.severity,
          message: d.message,
          line: d.span.line,
          column: d.span.column,
          endLine: d.span.endLine,
          endColumn: d.span.endColumn,
          start: d.span.start,
          end: d.span.end,
          ...(d.hint ? { hint: d.hint } : {}),
          ...(d.fix ? { fix: d.fix } : {}),
          ...(d.suggestions ? { suggestions: d.suggestions } : {}),
          ...(ruleUrl(options, d.code) !== undefined ? { docsUrl: ruleUrl(options, d.code) } : {}),
        })),
      })),
      errorCount: errors,
      warningCount: warnings,
      infoCount: infos,
      fixableCount: fixable,
    },
    null,
    2,
  )}\n`;
}
