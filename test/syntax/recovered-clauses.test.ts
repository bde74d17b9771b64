import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Select } from '../../src/ast/nodes.js';
import { LineIndex } from '../../src/diagnostic/index.js';
import { print } from '../../src/print/index.js';
import { parseDocument } from '../../src/syntax/index.js';
import { isPlaceholder } from '../../src/ast/placeholders.js';
import * as T from '../../src/syntax/tokens.js';
import { lex } from '../../src/syntax/tokenize.js';
import { arbStatement } from '../fixtures/arbitraries.js';
import { runs, timeLimit } from '../helpers/runs.js';

/**
 * Recovery keeps what the user wrote: a broken select comes back as a tree whose missing parts
 * are placeholders (parser-state.ts `placeholder`), and no clause the text holds is dropped to
 * make the rest fit. The claim tested: for a printed statement cut after any of its tokens, each
 * clause keyword of the top-level select (FROM, WHERE, GROUP, HAVING, ORDER, LIMIT, OFFSET) that
 * the cut text holds outside parentheses is a clause of the recovered select (a placeholder where
 * its content is missing), and a select list the text lacks is a placeholder column, never `*`.
 */

/** What each clause keyword of a select makes present in its tree. */
const CLAUSES: readonly [type: typeof T.From, name: string, has: (s: Select) => boolean][] = [
  [T.From, 'FROM', (s) => s.from !== null],
  [T.Where, 'WHERE', (s) => s.where !== null],
  [T.Group, 'GROUP', (s) => s.group.length > 0],
  [T.Having, 'HAVING', (s) => s.having !== null],
  [T.Order, 'ORDER', (s) => s.order.length > 0],
  [T.Limit, 'LIMIT', (s) => s.limit !== null],
  [T.Offset, 'OFFSET', (s) => s.offset !== null],
];

/** The top-level select of a text's only statement, clean or recovered. */
function selectOf(text: string): Select | undefined {
  const doc = parseDocument(text);
  const node = (doc.statements[0] ?? doc.recovered[0])?.node;
  if (node === undefined) return undefined;
  return node.kind === 'select' ? node : node.kind === 'select_action' ? node.select : undefined;
}

/** The clause keywords of the text's top-level select: those outside parentheses and brackets. */
function topClauses(text: string): string[] {
  let depth = 0;
  const out: string[] = [];
  for (const token of lex(text, new LineIndex(text)).tokens) {
    if (token.tokenType === T.LParen || token.tokenType === T.LBracket) depth++;
    else if (token.tokenType === T.RParen || token.tokenType === T.RBracket) depth--;
    else if (depth === 0) for (const [type, name] of CLAUSES) if (token.tokenType === type) out.push(name);
  }
  return out;
}

/** Each clause of `text`'s top-level select is in its tree. */
function check(text: string): void {
  const select = selectOf(text);
  expect(select, text).toBeDefined();
  if (select === undefined) return;
  for (const name of topClauses(text)) expect((CLAUSES.find(([, n]) => n === name) as (typeof CLAUSES)[number])[2](select), `${name} of ${JSON.stringify(text)}`).toBe(true);
}

describe('a recovered select keeps every clause the text holds', () => {
  it('the clause after a path cut at its dot stays a clause', () => {
    // Not `a.t` aliased x: the FROM clause is kept, the path left short.
    const select = selectOf('SELECT a. FROM t x');
    expect(select?.from).toMatchObject({ kind: 'table', table: 't', alias: 'x' });
    expect(select?.columns).toMatchObject([{ kind: 'result_column', e: { kind: 'column', path: 'a.' }, alias: null }]);
    check('SELECT a.b, c. WHERE x = 1');
    check('SELECT f(a.) FROM t GROUP BY a. HAVING b ORDER BY c.');
  });

  it('a select list the text lacks is a placeholder column, not *', () => {
    for (const text of ['SELECT  FROM t', 'SELECT', 'SELECT DISTINCT WHERE a = 1']) {
      const columns = selectOf(text)?.columns;
      expect(columns, text).not.toBe('all');
      expect(Array.isArray(columns) && columns.length === 1 && isPlaceholder(columns[0] as object) && isPlaceholder((columns[0] as { e: object }).e), text).toBe(true);
    }
    expect(selectOf('SELECT * FROM t')?.columns).toBe('all');
  });

  it('printed statements cut after each of their tokens: every clause keyword of the cut text is a clause of the tree', { timeout: timeLimit(180_000) }, () => {
    let clauses = 0;
    fc.assert(
      fc.property(arbStatement, (statement) => {
        const text = print(statement);
        for (const token of lex(text, new LineIndex(text)).tokens) {
          const cut = text.slice(0, token.startOffset + token.image.length);
          clauses += topClauses(cut).length;
          check(cut);
        }
      }),
      { numRuns: runs(100) },
    );
    // The property saw clauses (it tests something).
    expect(clauses).toBeGreaterThan(0);
  });

  it('printed statements with a clause cut short after any token, the next clause kept: every clause keyword is a clause of the tree', { timeout: timeLimit(180_000) }, () => {
    fc.assert(
      fc.property(arbStatement, (statement) => {
        const text = print(statement, { width: 1000 });
        const tokens = lex(text, new LineIndex(text)).tokens;
        // The top-level clause keywords' tokens: where a cut may resume.
        let depth = 0;
        const resumes: number[] = [];
        tokens.forEach((token, i) => {
          if (token.tokenType === T.LParen || token.tokenType === T.LBracket) depth++;
          else if (token.tokenType === T.RParen || token.tokenType === T.RBracket) depth--;
          else if (depth === 0 && CLAUSES.some(([type]) => token.tokenType === type)) resumes.push(i);
        });
        tokens.forEach((token, i) => {
          const resume = resumes.find((r) => r > i + 1);
          if (resume === undefined) return;
          check(`${text.slice(0, token.startOffset + token.image.length)} ${text.slice((tokens[resume] as typeof token).startOffset)}`);
        });
      }),
      { numRuns: runs(100) },
    );
  });
});
