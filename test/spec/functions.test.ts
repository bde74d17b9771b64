import { describe, expect, expectTypeOf, it } from 'vitest';
import { fn, fromAst, query } from '../../src/builder/index.js';
import { DsqError } from '../../src/diagnostic/index.js';
import { fromJson, fromJsonExpression } from '../../src/json/index.js';
import { lint, lintStatements } from '../../src/lint/index.js';
import { FUNCTIONS } from '../../src/lint/functions.js';
import { SPEC_FUNCTIONS, arityProblem, isAggregate, maxArgs, minArgs } from '../../src/spec/functions.js';
import { parse, parseExpression } from '../../src/syntax/index.js';
import { runCli } from '../helpers/cli.js';

/** The spec's table, as the spec writes it (Expression syntax). */
const SPEC_ROWS = [
  ['AVG, AVG_DISTINCT, BIT_AND, BIT_OR, BIT_XOR, CEIL, COUNT, FLOOR, MAX, MIN, STDDEV_POP, STDDEV_SAMP, SUM, SUM_DISTINCT, VAR_POP, VAR_SAMP', '1', 'yes'],
  ['COUNT_DISTINCT', 'n', 'yes'],
  ['POW, TRUNCATE', '2', 'no'],
] as const;

const firstError = (f: () => unknown): { code: string; message: string } => {
  try {
    f();
  } catch (err) {
    if (err instanceof DsqError) return { code: err.first.code, message: err.first.message };
    throw err;
  }
  throw new Error('expected an error');
};

const args = (n: number) => Array.from({ length: n }, (_, i) => `a${i}`).join(', ');
const jsonArgs = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('the spec\'s function table: "Functions (name, argument count, aggregate)"', () => {
  it("src/spec/functions.ts holds exactly the spec's rows", () => {
    const fromSpec = SPEC_ROWS.flatMap(([names, count, aggregate]) =>
      names.split(', ').map((name) => [name, count === 'n' ? 'n' : Number(count), aggregate === 'yes'] as const),
    );
    const ours = Object.entries(SPEC_FUNCTIONS).map(([name, f]) => [name, f.args, f.aggregate] as const);
    expect([...ours].sort()).toEqual([...fromSpec].sort());
  });

  it('lint reads the same table (FUNCTIONS, isAggregate)', () => {
    expect([...FUNCTIONS.keys()].sort()).toEqual(Object.keys(SPEC_FUNCTIONS).sort());
    for (const [name, f] of Object.entries(SPEC_FUNCTIONS)) {
      expect(FUNCTIONS.get(name)).toEqual({ name, minArgs: minArgs(f), maxArgs: maxArgs(f), aggregate: f.aggregate, params: f.params });
      expect(isAggregate({ kind: 'function', name, args: [] })).toBe(f.aggregate);
    }
  });

  describe.each(Object.entries(SPEC_FUNCTIONS))('%s', (name, f) => {
    const good = minArgs(f);
    const bad = [good - 1, f.args === 'n' ? -1 : good + 1].filter((n) => n >= 0);

    it(`"${name} | ${f.args}": the right count is accepted by text, JSON and builder`, () => {
      const more = f.args === 'n' ? [1, 3] : [good];
      for (const n of more) {
        expect(() => parseExpression(`"${name}"(${args(n)})`)).not.toThrow();
        expect(() => fromJsonExpression({ [`$$${name}`]: jsonArgs(n) })).not.toThrow();
        expect(() => fromJsonExpression({ type: 'function', function: name.toLowerCase(), args: jsonArgs(n) })).not.toThrow();
        expect(() => (fn as (n: string, ...a: number[]) => unknown)(name, ...jsonArgs(n))).not.toThrow();
      }
    });

    it.each(bad)(`"${name} | ${f.args}": %i arguments are an error with the expected count, the same message everywhere`, (n) => {
      const message = arityProblem(name, n) as string;
      expect(message).toContain(f.args === 'n' ? 'at least 1 argument' : `exactly ${good} argument`);
      expect(message).toContain(`got ${n}`);
      const expected = { code: 'spec/function-arity', message };
      // Text: the name as the parser reads it (upper-cased unless quoted).
      expect(firstError(() => parseExpression(`"${name}"(${args(n)})`))).toEqual(expected);
      expect(firstError(() => parse(`SELECT "${name}"(${args(n)}) FROM t`))).toEqual(expected);
      // JSON, short and full forms (normalize, decompile and fromJson read these).
      expect(firstError(() => fromJsonExpression({ [`$$${name}`]: jsonArgs(n) }))).toEqual(expected);
      expect(firstError(() => fromJson({ columns: [{ e: { type: 'function', function: name, args: jsonArgs(n) } }] }))).toEqual(expected);
      // Builder: fn() throws the same message; fromAst rejects the tree.
      expect(firstError(() => (fn as (n: string, ...a: number[]) => unknown)(name, ...jsonArgs(n)))).toEqual({ code: 'builder/invalid-argument', message });
      const tree = { kind: 'function' as const, name, args: jsonArgs(n).map((i) => ({ kind: 'number' as const, value: String(i) })) };
      expect(firstError(() => fromAst({ ...parse('SELECT 1'), columns: [{ kind: 'result_column', e: tree, alias: null }] } as never))).toEqual(expected);
    });
  });

  it('names compare case-insensitively: {"$$pow": [2]}, "pow"(2) and Pow(2) are POW', () => {
    // "$$" keys are normalised, so a shorthand function name is upper case.
    expect(firstError(() => fromJsonExpression('{"$$pow": [2]}')).message).toBe('POW takes exactly 2 arguments (base, exponent), got 1');
    expect(firstError(() => fromJsonExpression('{"type": "function", "function": "pow", "args": [2]}')).message).toBe(
      'pow takes exactly 2 arguments (base, exponent), got 1',
    );
    expect(firstError(() => parseExpression('"pow"(2)')).message).toBe('pow takes exactly 2 arguments (base, exponent), got 1');
    expect(firstError(() => parseExpression('Pow(2)')).message).toBe('POW takes exactly 2 arguments (base, exponent), got 1');
  });

  it("the issue's cases: POW(2), COUNT(), COUNT(a, b), AVG(a, b), TRUNCATE(1, 2, 3) are errors in compile, normalize and decompile", async () => {
    for (const [text, json] of [
      ['POW(2)', '{"$$POW": [2]}'],
      ['COUNT()', '{"$$COUNT": []}'],
      ['COUNT(a, b)', '{"$$COUNT": [{"$col": "a"}, {"$col": "b"}]}'],
      ['AVG(a, b)', '{"$$AVG": [{"$col": "a"}, {"$col": "b"}]}'],
      ['TRUNCATE(1, 2, 3)', '{"$$TRUNCATE": [1, 2, 3]}'],
    ] as const) {
      const compile = await runCli(['compile', '-'], { stdin: `SELECT ${text} FROM t` });
      expect(compile.code, text).toBe(1);
      expect(compile.err).toMatch(/takes (exactly|at least) \d argument/);
      const statement = `{"columns": [{"e": ${json}}], "from": "t"}`;
      for (const command of ['normalize', 'decompile']) {
        const run = await runCli([command, '-'], { stdin: statement });
        expect(run.code, `${command} ${json}`).toBe(1);
        expect(run.err).toMatch(/takes (exactly|at least) \d argument/);
        expect(run.out).toBe('');
      }
      const expr = await runCli(['compile', '--expr', '-'], { stdin: text });
      expect(expr.code).toBe(1);
    }
  });

  it('COUNT(*), COUNT(DISTINCT a, b) and AVG(DISTINCT x) are fine; AVG(DISTINCT a, b) is AVG_DISTINCT with 2', () => {
    expect(() => parse('SELECT COUNT(*), COUNT(DISTINCT a, b), AVG(DISTINCT x), SUM(DISTINCT y) FROM t')).not.toThrow();
    expect(firstError(() => parseExpression('AVG(DISTINCT a, b)')).message).toBe('AVG_DISTINCT takes exactly 1 argument (value), got 2');
  });

  it('"Unlisted function names stay allowed": any count, in text, JSON and builder', () => {
    for (const n of [0, 1, 5]) {
      expect(() => parseExpression(`MY_FN(${args(n)})`)).not.toThrow();
      expect(() => fromJsonExpression({ $$UPPER: jsonArgs(n) })).not.toThrow();
      expect(() => fn('MY_FN', ...jsonArgs(n))).not.toThrow();
    }
  });

  it('builder signatures come from the table: fn.pow(2) and fn("POW", 2) are type errors', () => {
    // @ts-expect-error POW takes 2 arguments
    expect(() => fn.pow(2)).toThrow('POW takes exactly 2 arguments (base, exponent), got 1');
    // @ts-expect-error POW takes 2 arguments (any spelling)
    expect(() => fn('pow', 2)).toThrow(DsqError);
    // @ts-expect-error COUNT takes 1
    expect(() => fn('COUNT', 1, 2)).toThrow('COUNT takes exactly 1 argument (value), got 2');
    // @ts-expect-error COUNT_DISTINCT takes at least 1
    expect(() => fn.countDistinct()).toThrow('COUNT_DISTINCT takes at least 1 argument, got 0');
    expectTypeOf(fn.truncate).parameters.toEqualTypeOf<[Parameters<typeof fn.truncate>[0], Parameters<typeof fn.truncate>[1]]>();
    expect(query().select(fn.pow(2, 3).as('p')).toJson()).toBe('{"columns":[{"e":{"$$POW":[2,3]},"alias":"p"}]}');
  });

  it('lint reports a wrong count under function-arity (never syntax-error), from text and from trees', () => {
    const result = lint('SELECT POW(2) FROM t');
    expect(result.diagnostics.map((d) => [d.code, d.message])).toEqual([['function-arity', 'POW takes exactly 2 arguments (base, exponent), got 1.']]);
    const trees = lintStatements([
      { ...parse('SELECT 1'), columns: [{ kind: 'result_column', e: { kind: 'function', name: 'POW', args: [] }, alias: null }] } as never,
    ]);
    expect(trees.diagnostics.map((d) => d.code)).toEqual(['function-arity']);
  });
});
