import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Select, Statement } from '../../src/ast/nodes.js';
import { LineIndex } from '../../src/diagnostic/index.js';
import { print } from '../../src/print/index.js';
import { parseDocument } from '../../src/syntax/index.js';
import { isPlaceholder } from '../../src/ast/placeholders.js';
import * as T from '../../src/syntax/tokens.js';
import { lex } from '../../src/syntax/tokenize.js';
import { arbKinds, arbSelect, arbStatement } from '../fixtures/arbitraries.js';
import { DATA_ACTION_KINDS } from '../../src/ast/kinds.js';
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
  for (const name of topClauses(text))
    expect((CLAUSES.find(([, n]) => n === name) as (typeof CLAUSES)[number])[2](select), `${name} of ${JSON.stringify(text)}`).toBe(true);
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
      expect(
        Array.isArray(columns) && columns.length === 1 && isPlaceholder(columns[0] as object) && isPlaceholder((columns[0] as { e: object }).e),
        text,
      ).toBe(true);
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

  it('printed statements with a clause cut short after any token, the next clause kept: every clause keyword is a clause of the tree', {
    timeout: timeLimit(180_000),
  }, () => {
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

/** The statements of a text, clean and recovered, in source order. */
function statementsOf(text: string) {
  const doc = parseDocument(text);
  return [...doc.statements.map((s) => ({ ...s, clean: true })), ...doc.recovered.map((s) => ({ ...s, clean: false }))].sort(
    (a, b) => a.span.start - b.span.start,
  );
}

/** The paren and bracket depth at the end of a text's tokens. */
function depthAtEnd(text: string): number {
  let depth = 0;
  for (const token of lex(text, new LineIndex(text)).tokens) {
    if (token.tokenType === T.LParen || token.tokenType === T.LBracket) depth++;
    else if (token.tokenType === T.RParen || token.tokenType === T.RBracket) depth--;
  }
  return depth;
}

describe('a statement written after a broken one without ; is kept', () => {
  it('a clause word first on its line where the error is found stays in its statement (UPDATE t then SET on the next line)', () => {
    for (const text of ['UPDATE t\nSET ', 'UPDATE "select"\nSET', 'UPDATE t\nSET a =', 'UPDATE t\nSET']) {
      const doc = parseDocument(text);
      expect(
        doc.recovered.map((r) => r.node.kind),
        text,
      ).toEqual(['update_action']);
      expect(doc.recovered[0]?.span.end, text).toBe(text.trimEnd().length);
    }
  });

  it('a SELECT after an unfinished ORDER BY is a statement of its own, the missing ; reported there', () => {
    const text = 'SELECT a FROM t ORDER BY\nSELECT b FROM u';
    const doc = parseDocument(text);
    expect(doc.recovered.map((s) => s.node.kind)).toEqual(['select']);
    expect(doc.statements.map((s) => s.node)).toMatchObject([{ kind: 'select', columns: [{ e: { path: 'b' } }], from: { table: 'u' } }]);
    expect(doc.statements[0]?.span.start).toBe(text.indexOf('SELECT b'));
    expect(doc.diagnostics).toMatchObject([
      {
        severity: 'error',
        message: 'expected an expression after BY, found the start of the next statement (SELECT)',
        span: { start: text.indexOf('\n') },
        hint: 'a statement starts at 2:1: end the one before it with ;',
      },
    ]);
    // A statement complete but for its ;: the error is where the next starts.
    const complete = 'SELECT a FROM t ORDER BY a\nSELECT b FROM u';
    expect(statementsOf(complete).map((s) => [s.node.kind, s.clean])).toEqual([
      ['select', false],
      ['select', true],
    ]);
    expect(parseDocument(complete).diagnostics).toMatchObject([
      { severity: 'error', span: { start: complete.indexOf('SELECT b') }, expected: "the end of the statement (';')" },
    ]);
    // After a finished clause too, and not read as a later clause of the first (its ORDER BY stays the second's).
    const second = parseDocument('SELECT a FROM t WHERE x = 1 SELECT b FROM u ORDER BY c');
    expect(second.recovered[0]?.node).toMatchObject({ kind: 'select', order: [] });
    expect(second.statements[0]?.node).toMatchObject({ kind: 'select', order: [{ e: { path: 'c' } }] });
    // A data action's word starts a statement when it starts a line.
    expect(statementsOf('SELECT a FROM t WHERE\nDELETE FROM u WHERE x = 1').map((s) => [s.node.kind, s.clean])).toEqual([
      ['select', false],
      ['delete_action', true],
    ]);
    // INSERT ... SELECT is reported, and its SELECT read as a statement of its own.
    const insert = parseDocument('INSERT INTO t (a) SELECT b FROM u');
    expect(insert.diagnostics.map((d) => d.code)).toEqual(['syntax/insert-select']);
    expect(statementsOf(insert.text).map((s) => [s.node.kind, s.clean])).toEqual([
      ['insert_action', false],
      ['select', true],
    ]);
    // An error inside the statement before (a wrong argument count, FALSE) does not hide the
    // missing ; (the agreement property drew 'SELECT FALSE SELECT 1 FROM t': one error, not two).
    for (const text of ['SELECT COUNT(a, b) FROM t\nSELECT 2', 'SELECT FALSE SELECT 1 FROM t']) {
      const doc = parseDocument(text);
      expect(doc.diagnostics.map((d) => d.code)).toEqual([
        text.includes('COUNT') ? 'spec/function-arity' : 'syntax/boolean-literal',
        'syntax/unexpected-token',
      ]);
      expect(doc.diagnostics[1]).toMatchObject({ span: { start: text.lastIndexOf('SELECT') }, expected: "the end of the statement (';')" });
    }
    // Nothing changes where the text has its ;.
    expect(statementsOf('SELECT a FROM t ORDER BY; SELECT b FROM u').map((s) => [s.node.kind, s.clean])).toEqual([
      ['select', false],
      ['select', true],
    ]);
  });

  it('printed statements cut after any token outside parentheses, then a SELECT on the next line: the SELECT is kept whole', {
    timeout: timeLimit(180_000),
  }, () => {
    fc.assert(
      fc.property(arbStatement, arbSelect, (statement, next) => {
        const text = print(statement, { width: 1000 });
        const after = print(next, { width: 1000 });
        const whole = statementsOf(after);
        for (const token of lex(text, new LineIndex(text)).tokens) {
          const cut = text.slice(0, token.startOffset + token.image.length);
          if (depthAtEnd(cut) !== 0) continue;
          const joined = `${cut}\n${after}`;
          // (Unless read as the part of the one before that its own error names: `IF (...) THEN` then SELECT.)
          if (parseDocument(joined).diagnostics.some((d) => d.code === 'syntax/if-not-write' && d.span?.start === cut.length + 1)) continue;
          const last = statementsOf(joined).at(-1);
          expect(last?.span.start, JSON.stringify(joined)).toBe(cut.length + 1);
          expect(last?.clean, JSON.stringify(joined)).toBe(whole[0]?.clean);
        }
      }),
      { numRuns: runs(60) },
    );
  });
});

describe('a statement word first on its line after an unfinished statement starts a statement', () => {
  it('though the one before read on past it (a value, then UPDATE ... FROM: no syntax error) or its error is found after it', () => {
    for (const [text, kinds] of [
      ['UPDATE t SET a = \nDELETE FROM u WHERE b = 1', ['update_action', 'delete_action']],
      ['DELETE FROM t WHERE x =\nDELETE FROM u WHERE b = 1', ['delete_action', 'delete_action']],
      ['DELETE FROM t WHERE x =\nDELETE FROM u', ['delete_action', 'delete_action']],
      ['UPDATE t SET a = \nINSERT INTO u (a) VALUES (1)', ['update_action', 'insert_action']],
      ['UPDATE t SET a = \nSET INTO u (a) VALUES (1)', ['update_action', 'set_action']],
      ['FETCH RECORDS FROM t WHERE\nUPDATE u SET a = 1', ['fetch_records', 'update_action']],
    ] as const) {
      const found = statementsOf(text);
      expect(
        found.map((s) => [s.node.kind, s.clean]),
        text,
      ).toEqual([
        [kinds[0], false],
        [kinds[1], true],
      ]);
      expect(found[1]?.span.start, text).toBe(text.indexOf('\n') + 1);
      expect(parseDocument(text).diagnostics.map((d) => d.message)[0], text).toMatch(/found the start of the next statement/);
    }
  });

  it('not where the statement before is complete, or expects that word (UPDATE t then SET; ALTER DATABASE d then DROP; IF ... THEN then a write)', () => {
    for (const [text, kind] of [
      ['UPDATE t\nSET a = 1', 'update_action'],
      ['UPDATE t\nSET a = 1\nWHERE b = 2', 'update_action'],
      ['UPDATE t\nSET a =', 'update_action'],
      ['ALTER DATABASE d\nDROP FIELDS a', 'alter_drop_fields'],
      ['IF (SELECT 1) THEN\nUPDATE t SET a = 1\nELSE\nDELETE FROM t WHERE a = 1', 'if_action'],
      ['IF (SELECT 1) THEN\nUPDATE t SET a = 1\nELSE\nDELETE FROM t WHERE', 'if_action'],
      ['STRUCT EVENT\nINSERT INTO t (a) VALUES (1)', 'struct_event_insert'],
    ] as const)
      expect(
        statementsOf(text).map((s) => s.node.kind),
        text,
      ).toEqual([kind]);
  });

  it('printed statements cut after any token outside parentheses, then a data statement on the next line: it is kept whole', {
    timeout: timeLimit(180_000),
  }, () => {
    // The statement after: a data action of any kind (the kind table's), but SET and DROP, which continue an UPDATE and an ALTER (tested above).
    const arbNext = fc
      .oneof(...DATA_ACTION_KINDS.map((k) => arbKinds[k] as fc.Arbitrary<Statement>))
      .map((s) => {
        // (A kind's arbitrary may draw a tree the spec refuses: not printed, not drawn.)
        try {
          return print(s, { width: 1000 });
        } catch {
          return '';
        }
      })
      .filter((t) => /^\w/.test(t) && !/^(?:SET|DROP)\b/i.test(t));
    let checked = 0;
    fc.assert(
      fc.property(arbStatement, arbNext, (statement, after) => {
        const text = print(statement, { width: 1000 });
        const whole = statementsOf(after);
        if (whole.length !== 1) return;
        const word = (/^\w+/.exec(after) as RegExpExecArray)[0].toUpperCase();
        for (const token of lex(text, new LineIndex(text)).tokens) {
          const cut = text.slice(0, token.startOffset + token.image.length);
          if (depthAtEnd(cut) !== 0) continue;
          // (Unless the one before expects that word there: `IF ... THEN` then a write, `STRUCT EVENT` then INSERT.)
          const end = cut.trimEnd().length;
          if (parseDocument(cut).diagnostics.some((d) => (d.span?.start ?? 0) >= end && new RegExp(`\\b${word}\\b`).test(d.expected ?? ''))) continue;
          const joined = `${cut}\n${after}`;
          const diagnostics = parseDocument(joined).diagnostics;
          if (diagnostics.some((d) => d.code === 'syntax/if-not-write' && d.span?.start === cut.length + 1)) continue;
          // (Nor where the whole reads as one valid statement, `SELECT` then `FETCH CRONS`: a column
          // named fetch aliased crons. Valid text is never split; a printed select may put such a column first on its line.)
          if (!diagnostics.some((d) => d.severity === 'error')) continue;
          const last = statementsOf(joined).at(-1);
          expect(last?.span.start, JSON.stringify(joined)).toBe(cut.length + 1);
          expect(last?.clean, JSON.stringify(joined)).toBe(whole[0]?.clean);
          checked++;
        }
      }),
      { numRuns: runs(40), endOnFailure: true },
    );
    expect(checked).toBeGreaterThan(0);
  });
});

describe('an ALTER with nothing after what it names', () => {
  it('is an alter of that thing, its missing value a placeholder (not a RESET PARTITIONS of nothing)', () => {
    for (const [text, kind] of [
      ['ALTER DATABASE shop.orders ALTER FIELD qty', 'alter_field_set'],
      ['ALTER DATABASE shop.orders ALTER FIELD qty ', 'alter_field_set'],
      ['ALTER DATABASE shop.orders', 'alter_database_set'],
      ['ALTER GROUP g', 'alter_group_set'],
      ['ALTER USER u', 'alter_user_set'],
    ] as const) {
      const doc = parseDocument(text);
      const node = doc.recovered[0]?.node as { kind: string; set?: object; field?: unknown };
      expect(node?.kind, text).toBe(kind);
      expect(isPlaceholder(node.set as object), text).toBe(true);
      expect(doc.diagnostics.map((d) => d.expected)).toEqual([
        kind === 'alter_database_set' ? 'SET, OBJECTS, FILES, ADD, DROP, ORDER or RESET' : 'SET, OBJECTS or FILES',
      ]);
    }
    expect(parseDocument('ALTER DATABASE shop.orders ALTER FIELD qty').recovered[0]?.node).toMatchObject({
      database: { name: 'shop.orders' },
      field: { name: 'qty' },
    });
  });
});
