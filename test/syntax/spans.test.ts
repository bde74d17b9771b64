import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Diagnostic, Result } from '../../src/diagnostic/index.js';
import { parseExpressionResult, parseResult, parseStatementsResult } from '../../src/syntax/index.js';
import { runs } from '../helpers/runs.js';

/**
 * Every diagnostic the parser's Result entry points give is placed: a span (line:col) inside
 * the text, for a syntax error, a problem the language forbids, or the entry point's own
 * (no statement, several statements, no expression). test/syntax/robustness.test.ts holds
 * parseDocument to the same; here the entry points on top of it, and the data actions.
 */
const PIECES = [
  'SELECT',
  'FROM',
  'WHERE',
  'ORDER',
  'BY',
  'LIMIT',
  'OFFSET',
  'AS',
  'JOIN',
  'ON',
  'AND',
  'OR',
  'NOT',
  'IN',
  'CASE',
  'WHEN',
  'THEN',
  'END',
  'OPTIONS',
  'TRUE',
  'FALSE',
  'NULL',
  'ALL',
  'DATE',
  'COUNT',
  'DISTINCT',
  'ROWS',
  'KEY',
  'FETCH',
  'RECORDS',
  'POSTS',
  'USERS',
  'TASKS',
  'INSERT',
  'REPLACE',
  'SET',
  'INTO',
  'VALUES',
  'UPDATE',
  'DELETE',
  'TRASH',
  'DUPLICATE',
  'REMOVE',
  'RETURNING',
  'USING',
  'FILE',
  'TAGS',
  'FAIL_NO_OP',
  'db',
  'a',
  'x.y',
  '"q"',
  '""',
  "'s'",
  "''",
  '1',
  '-2',
  '1.5',
  '1e999',
  '(',
  ')',
  '[',
  ']',
  ',',
  ';',
  '=',
  '<',
  '*',
  ':',
  ':p',
  '.',
  '@',
  '--c\n',
  '/*',
  "'",
  '"',
];
const arbText = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((p) => p.join(' ')),
  fc
    .tuple(
      fc.constantFrom('FETCH RECORDS FROM db', 'INSERT INTO db', 'UPDATE db SET', 'DELETE FROM db', 'SELECT a FROM t'),
      fc.array(fc.constantFrom(...PIECES), { maxLength: 15 }),
    )
    .map(([head, rest]) => `${head} ${rest.join(' ')}`),
  fc.constantFrom('', ' ', '-- only a comment', ';', ';;', 'SELECT a FROM t; SELECT b FROM u'),
);

function placed(result: Result<unknown>, text: string): void {
  for (const d of result.diagnostics as readonly Diagnostic[]) {
    const where = `${JSON.stringify(text)}: ${d.code} ${d.message}`;
    expect(d.span, where).toBeDefined();
    const span = d.span!;
    expect(span.start, where).toBeGreaterThanOrEqual(0);
    expect(span.end, where).toBeLessThanOrEqual(text.length);
    expect(span.line, where).toBeGreaterThanOrEqual(1);
    expect(span.column, where).toBeGreaterThanOrEqual(1);
  }
}

describe('every diagnostic of the parser is placed', () => {
  it('parseResult, parseStatementsResult and parseExpressionResult', () => {
    fc.assert(
      fc.property(arbText, (text) => {
        placed(parseResult(text), text);
        placed(parseStatementsResult(text), text);
        placed(parseExpressionResult(text), text);
      }),
      { numRuns: runs(1500) },
    );
  });

  it("the entry points' own diagnostics, at the end of the text or at the second statement", () => {
    expect(parseResult('-- nothing\n').diagnostics[0]).toMatchObject({ code: 'syntax/no-statement', span: { line: 2, column: 1 } });
    expect(parseResult('SELECT a FROM t;\nSELECT b FROM u').diagnostics[0]).toMatchObject({ code: 'syntax/several-statements', span: { line: 2, column: 1 } });
    expect(parseExpressionResult('  ').diagnostics[0]?.span).toMatchObject({ line: 1, column: 3 });
  });
});
