import { readSchema } from '../../src/index.js';
import { lint, fixText, formatLintReport } from '../../src/lint/index.js';

const text = "SELECT statsu FROM orders WHERE status = NULL AND amount IN ()";
const schemaJson = '{ "name": "orders", "fields": [{ "name": "status", "type": "utf8text" }, { "name": "amount", "type": "int(4)" }] }';

export const result = lint(text, { schema: readSchema(schemaJson), rules: { 'empty-in-list': 'error' } });
export const lines: string[] = [];
for (const d of result.diagnostics) {
  // d.code is the rule id; d.span has start/end offsets and line/column/endLine/endColumn;
  // d.fix (when present) is { description, edits: [{ start, end, text }] }, the certain fix --fix applies;
  // d.suggestions (when present) are fixes of the same shape that are likely, not certain ("did you mean"): offer, never apply
  lines.push(`${d.span.line}:${d.span.column} ${d.severity} ${d.message} (${d.code})`);
}
result.errorCount; result.warningCount; result.fixableCount; result.syntaxErrors;

export const fixed = fixText(text);     // { text, applied, passes, result }: safe fixes until none is left
formatLintReport([{ file: 'q.dsq', diagnostics: result.diagnostics }], 'sarif');
