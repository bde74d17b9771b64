import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromAst, query, selectFrom } from '../../src/builder/index.js';
import { DsqError } from '../../src/diagnostic/index.js';
import { fromJson, readSpecJson, statementsFromValue } from '../../src/json/index.js';
import { checkTree, ruleOf, type Problem } from '../../src/spec/check.js';
import { descendants } from '../../src/ast/index.js';
import { arbInvalidStatement, arbStatement } from '../fixtures/arbitraries.js';
import { parse, parseStatements } from '../../src/syntax/index.js';
import type { Statement } from '../../src/ast/index.js';
import { runCli } from '../helpers/cli.js';
import { runs } from '../helpers/runs.js';

const rejection = (f: () => unknown): { code: string; message: string; line?: number; column?: number; pointer?: string } => {
  try {
    f();
  } catch (err) {
    if (!(err instanceof DsqError)) throw err;
    const d = err.first;
    return {
      code: d.code,
      message: d.message,
      ...(d.span ? { line: d.span.line, column: d.span.column } : {}),
      ...(d.pointer !== undefined ? { pointer: d.pointer } : {}),
    };
  }
  throw new Error('expected a DsqError');
};

describe('one answer per question: the spec check every entry point shares', () => {
  describe('SELECT: "rows | integer (rows per packet)", the default 10,000', () => {
    for (const rows of ['-5', '0']) {
      it(`OPTIONS (ROWS = ${rows}): compile, normalize, decompile and the builder reject it with one message`, async () => {
        const message = `rows (rows per packet) must be a whole number of at least 1, got ${rows}`;
        const text = `SELECT a FROM t OPTIONS (ROWS = ${rows})`;
        expect(rejection(() => parse(text))).toEqual({ code: 'spec/rows', message, line: 1, column: 26 });
        const json = `{"action": "select", "select": {"from": "t"}, "rows": ${rows}}`;
        expect(rejection(() => fromJson(json))).toMatchObject({ code: 'spec/rows', message, pointer: '/rows' });
        // (The builder rejects the option as it is given, with the check's message.)
        expect(
          rejection(() =>
            selectFrom('t')
              .options({ rows: BigInt(rows) })
              .toJson(),
          ),
        ).toMatchObject({ message });
        const tree: Statement = { kind: 'select_action', select: parse('SELECT a FROM t') as never, rows, useStrings: null, echo: null };
        expect(rejection(() => fromAst(tree))).toMatchObject({ code: 'spec/rows', message });
        for (const [command, stdin] of [
          ['compile', text],
          ['normalize', json],
          ['decompile', json],
        ] as const) {
          const run = await runCli([command, '-'], { stdin });
          expect([command, run.code, run.out]).toEqual([command, 1, '']);
          expect(run.err).toContain(message);
        }
      });
    }

    it('ROWS = 1 and the largest whole number are fine everywhere', () => {
      for (const rows of ['1', '9223372036854775807']) {
        const s = parse(`SELECT a FROM t OPTIONS (ROWS = ${rows})`);
        expect(fromJson(`{"action": "select", "select": {"columns": [{"e": {"$col": "a"}}], "from": "t"}, "rows": ${rows}}`)).toEqual(s);
        expect(fromAst(s).toAst()).toEqual(s);
      }
    });
  });

  it('"A whole number ... must lie in the signed 64-bit range": one message from text, JSON and builder', () => {
    const message = '9223372036854775808 is a whole number outside the signed 64-bit range (-9223372036854775808 to 9223372036854775807)';
    expect(rejection(() => parse('SELECT 9223372036854775808'))).toMatchObject({ message });
    expect(rejection(() => fromJson('{"limit": 9223372036854775808}')).message).toBe(message);
    expect(rejection(() => fromJson('{"limit": {"type": "number", "value": "9223372036854775808"}}'))).toMatchObject({
      code: 'spec/invalid-number',
      message,
      pointer: '/limit/value',
    });
    expect(rejection(() => fromAst({ ...(parse('SELECT 1') as object), limit: { kind: 'number', value: '9223372036854775808' } } as never))).toMatchObject({
      code: 'spec/invalid-number',
      message,
    });
  });

  it('"Datetime string syntax": one message from text, JSON and builder', () => {
    const message = '"2024-13-01": month 13 is out of range (01 to 12)';
    expect(rejection(() => parse("SELECT DATE '2024-13-01'"))).toMatchObject({ message, line: 1, column: 13 });
    expect(rejection(() => fromJson('{"where": {"$ld": "2024-13-01"}}'))).toMatchObject({ code: 'spec/invalid-datetime', message, pointer: '/where/$ld' });
    expect(rejection(() => fromAst({ ...(parse('SELECT 1') as object), where: { kind: 'localdate', value: '2024-13-01' } } as never))).toMatchObject({
      code: 'spec/invalid-datetime',
      message,
    });
  });

  it('trees only JSON and the builder can state: an empty column list, a CASE without arms, empty names', () => {
    const base = parse('SELECT 1') as Extract<Statement, { kind: 'select' }>;
    const cases: [Statement, string, string][] = [
      [{ ...base, columns: [] }, '{"columns": []}', 'a column list cannot be empty'],
      [
        { ...base, where: { kind: 'case', base: null, cases: [], else: null } },
        '{"where": {"type": "case", "cases": []}}',
        'a CASE needs at least one WHEN ... THEN ... arm',
      ],
      [
        { ...base, from: { kind: 'table', table: 't', alias: '' } },
        '{"from": {"type": "table", "table": "t", "alias": "x"}}',
        'a source alias cannot be empty',
      ],
    ];
    for (const [tree, json, message] of cases) {
      expect(checkTree(tree).map((p) => p.message)).toEqual([message]);
      expect(rejection(() => fromAst(tree)).message).toBe(message);
      if (!json.includes('"alias": "x"')) expect(rejection(() => fromJson(json)).message).toBe(message);
    }
  });

  it('every problem of a tree is found, in source order', () => {
    const tree = {
      ...(parse('SELECT 1') as never as Extract<Statement, { kind: 'select' }>),
      columns: [],
      where: { kind: 'function', name: 'POW', args: [] },
    } as Statement;
    expect(checkTree(tree).map((p) => p.code)).toEqual(['spec/empty-list', 'spec/function-arity']);
  });

  it('the per-node rules the parser checks as it makes each node find a problem exactly when checkTree does', () => {
    // The parser skips the walk over the finished tree when no node broke a rule (src/syntax/parse.ts).
    fc.assert(
      fc.property(fc.oneof(arbStatement, arbInvalidStatement), (t) => {
        const found: Problem[] = [];
        for (const node of descendants(t)) ruleOf(node.kind)?.(node as never, found);
        expect(found.length > 0).toBe(checkTree(t).length > 0);
      }),
      { numRuns: runs(1000) },
    );
  });

  it('a 100,000-deep tree is checked without recursion', () => {
    let e: never = { kind: 'number', value: '1' } as never;
    for (let i = 0; i < 100_000; i++) e = { kind: 'unary', op: '-', e } as never;
    expect(checkTree({ ...(parse('SELECT 1') as never as object), where: e } as never)).toEqual([]);
  });
});

describe('the empty statement list: an error for every entry point that turns queries from one form to another', () => {
  const message = 'expected at least one statement (a select object or a SELECT action), got an empty array';

  it('`echo [] | dsq decompile -` and `dsq normalize -` fail alike, saying so', async () => {
    for (const command of ['decompile', 'normalize']) {
      const run = await runCli([command, '-'], { stdin: '[]\n' });
      expect({ code: run.code, out: run.out }).toEqual({ code: 1, out: '' });
      expect(run.err).toContain(message);
    }
    expect(() => statementsFromValue(readSpecJson('[]'))).toThrow(message);
  });

  it('`dsq compile` of a text without statements and parseStatements fail alike', async () => {
    for (const text of ['', ';', ' ; ;', '-- only a comment\n']) {
      const run = await runCli(['compile', '-'], { stdin: text });
      expect({ code: run.code, out: run.out }).toEqual({ code: 1, out: '' });
      expect(run.err).toContain('expected a statement (SELECT ...)');
      expect(() => parseStatements(text)).toThrow('expected a statement (SELECT ...)');
    }
  });

  it('several statements go through compile, normalize and decompile as one JSON array and back', async () => {
    const text = 'SELECT a FROM t;\n\nSELECT POW(b, 2) AS p FROM u OPTIONS (ROWS = 5)\n';
    const compiled = await runCli(['compile', '-'], { stdin: text });
    expect(compiled.code).toBe(0);
    const normalized = await runCli(['normalize', '-'], { stdin: compiled.out });
    expect(normalized).toMatchObject({ code: 0, out: compiled.out });
    const decompiled = await runCli(['decompile', '-'], { stdin: compiled.out });
    expect(decompiled.code).toBe(0);
    expect(parseStatements(decompiled.out)).toEqual(parseStatements(text));
    const one = await runCli(['normalize', '-'], { stdin: '[{"from": "t"}]' });
    expect(one).toMatchObject({ code: 0, out: '[{ "from": "t" }]\n' });
  });

  it('the builder has no statement list: a query is one statement (query() alone is SELECT *)', () => {
    expect(query().toJson()).toBe('{}');
  });
});
