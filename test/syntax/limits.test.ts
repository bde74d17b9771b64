import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Expr, Statement } from '../../src/ast/index.js';
import { DsqError } from '../../src/diagnostic/index.js';
import { print } from '../../src/print/index.js';
import { DEFAULT_MAX_DEPTH, parse, parseDocument, parseExpression, parseStatements } from '../../src/syntax/index.js';
import { expectSameTree } from '../helpers/trees.js';
import { NESTINGS } from './nestings.js';

function rejection(fn: () => unknown): DsqError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DsqError);
    return err as DsqError;
  }
  throw new Error('expected a DsqError');
}

const KINDS = Object.keys(NESTINGS);

describe('nesting: every kind reaches the limit, and the limit is an error, never a crash', () => {
  it('the default limit is 1,000 levels', () => {
    expect(DEFAULT_MAX_DEPTH).toBe(1000);
  });

  it.each(KINDS)('%s: 1,000 levels parse, and print back to text that parses to the same tree', (name) => {
    const statement = parse(NESTINGS[name]!(1000));
    expectSameTree(parse(print(statement)), statement);
  });

  it.each(KINDS)('%s: 1,001 levels get "nesting deeper than 1000 levels", at the token that went too deep', (name) => {
    const text = NESTINGS[name]!(1001);
    const err = rejection(() => parse(text));
    expect(err.diagnostics).toHaveLength(1);
    expect(err.first).toMatchObject({ code: 'syntax/nesting-too-deep', message: 'nesting deeper than 1000 levels' });
    // The error points into the text, past the 1,000 levels before it.
    const span = err.first.span!;
    expect(span.start).toBeGreaterThan(1000);
    expect(span.end).toBeLessThanOrEqual(text.length);
  });

  it.each(KINDS)('%s: 1,500 levels parse with maxDepth 1500 (and not with 1499)', (name) => {
    const text = NESTINGS[name]!(1500);
    expect(() => parse(text, { maxDepth: 1500 })).not.toThrow();
    expect(rejection(() => parse(text, { maxDepth: 1499 })).first.message).toBe('nesting deeper than 1499 levels');
  });

  it.each(KINDS)('%s: 5,000 levels get the nesting error', (name) => {
    const err = rejection(() => parse(NESTINGS[name]!(5_000)));
    expect(err.diagnostics).toHaveLength(1);
    expect(err.first.message).toBe(`nesting deeper than ${DEFAULT_MAX_DEPTH} levels`);
    expect(err.first.span?.line).toBe(1);
  });

  it('nesting costs no call stack: 5,000 levels of every kind parse with the limit raised', () => {
    for (const name of KINDS) expect(() => parse(NESTINGS[name]!(5_000), { maxDepth: 1_000_000 }), name).not.toThrow();
  });

  it("1,000 levels of every kind parse inside a 100 KB stack (a tenth of Node's default)", () => {
    const script = fileURLToPath(new URL('./small-stack.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--stack-size=100', '--import', 'tsx', script], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim().split('\n')).toEqual(KINDS.map((name) => `${name}: ok`));
    expect(run.status).toBe(0);
  });

  it('the limit is the maxDepth option', () => {
    expect(() => parse(NESTINGS.parentheses!(10), { maxDepth: 10 })).not.toThrow();
    expect(rejection(() => parse(NESTINGS.parentheses!(11), { maxDepth: 10 })).first.message).toBe('nesting deeper than 10 levels');
    expect(rejection(() => parseExpression('((((1))))', { maxDepth: 3 })).first.message).toBe('nesting deeper than 3 levels');
  });

  it('what counts as a level: prefix operators, parentheses, calls, IN lists, CASE, subqueries, specifier lists', () => {
    const depth = (text: string): number => {
      for (let d = 0; d < 20; d++) {
        try {
          parseExpression(text, { maxDepth: d });
          return d;
        } catch {
          // deeper
        }
      }
      throw new Error(`no depth for ${text}`);
    };
    expect(depth('a + b * c - d AND e OR f')).toBe(0);
    expect(depth('x COLLATE a COLLATE b')).toBe(0);
    expect(depth("x NOT LIKE 'a' AND y IS NOT NULL AND z NOT BETWEEN 1 AND 2")).toBe(0);
    expect(depth('COLUMN(a) = ALIAS(b)')).toBe(0);
    expect(depth("DATE '2024-01-01' = DATETIME(5)")).toBe(0);
    expect(depth('NOT x')).toBe(1);
    expect(depth('- x')).toBe(1);
    expect(depth('-5')).toBe(0);
    expect(depth('~x')).toBe(1);
    expect(depth('(x)')).toBe(1);
    expect(depth('f(x)')).toBe(1);
    expect(depth('f()')).toBe(1);
    expect(depth('COUNT(*)')).toBe(1);
    expect(depth('x IN (1, 2)')).toBe(1);
    expect(depth('x NOT IN ()')).toBe(1);
    expect(depth('CASE WHEN a THEN b END')).toBe(1);
    expect(depth('(SELECT 1)')).toBe(1);
    expect(depth('EXISTS (SELECT 1)')).toBe(1);
    expect(depth('x IN (SELECT 1)')).toBe(2);
    expect(depth("DATABASE_COLUMN(1, t, 'f')")).toBe(1);
    expect(depth('(SELECT * FROM (SELECT 1))')).toBe(2);
    expect(depth('(SELECT * FROM a JOIN (b JOIN c))')).toBe(2);
    expect(depth('(SELECT * FROM DATABASE_TABLE(1, t))')).toBe(2);
    expect(depth('NOT NOT (-(f(x)))')).toBe(6);
  });

  it('a parse stopped by the limit leaves nothing behind for the next one', () => {
    rejection(() => parse(NESTINGS.CASE!(2000)));
    rejection(() => parse(NESTINGS.mix!(2000)));
    expect(parseExpression('CASE WHEN a THEN b END')).toEqual({
      kind: 'case',
      base: null,
      cases: [{ kind: 'when', when: { kind: 'column', path: 'a' }, then: { kind: 'column', path: 'b' } }],
      else: null,
    });
    expect(parseExpression('f(x) BETWEEN 1 AND 2')).toEqual({
      kind: 'between',
      e: { kind: 'function', name: 'F', args: [{ kind: 'column', path: 'x' }] },
      min: { kind: 'number', value: '1' },
      max: { kind: 'number', value: '2' },
    });
  });

  it('1,000,000 parentheses get the nesting error', () => {
    expect(rejection(() => parse(NESTINGS.parentheses!(1_000_000))).first.message).toBe('nesting deeper than 1000 levels');
  });

  it('parseDocument reports deep nesting as a diagnostic and keeps the other statements', () => {
    const doc = parseDocument(`SELECT 1; ${NESTINGS.parentheses!(100_000)}; SELECT 3`);
    expect(doc.statements).toHaveLength(2);
    expect(doc.diagnostics.map((d) => d.code)).toEqual(['syntax/nesting-too-deep']);
  });

  it('COLLATE chains and binary chains are loops, not levels: 100,000 of them parse', () => {
    const collated = parseExpression(`x${' COLLATE nocase'.repeat(100_000)}`);
    let e: Expr = collated;
    let n = 0;
    while (e.kind === 'collate') {
      n++;
      e = e.e;
    }
    expect(n).toBe(100_000);
  });

  it('a 50,000-term AND chain parses (a loop, not recursion), left-associative', () => {
    const text = `SELECT * FROM t WHERE ${Array.from({ length: 50_000 }, (_, i) => `a = ${i}`).join(' AND ')}`;
    const sel = parse(text);
    let node = sel.kind === 'select' ? sel.where : null;
    let terms = 1;
    while (node?.kind === 'binary' && node.op === 'and') {
      terms++;
      node = node.e1;
    }
    expect(terms).toBe(50_000);
  });

  it('a 50,000-term OR/AND mix parses', () => {
    const text = `SELECT * FROM t WHERE ${Array.from({ length: 50_000 }, (_, i) => `a = ${i}`)
      .join(' OR ')
      .replace(/ OR (a = \d*7)/g, ' AND $1')}`;
    expect(() => parse(text)).not.toThrow();
  });

  it('a 100,000-value IN list parses with every value exact', () => {
    const text = `SELECT * FROM t WHERE x IN (${Array.from({ length: 100_000 }, (_, i) => `${i}`).join(', ')}, 9223372036854775807)`;
    const sel = parse(text);
    const where = sel.kind === 'select' ? sel.where : null;
    expect(where?.kind).toBe('in');
    if (where?.kind !== 'in') return;
    expect(where.values).toHaveLength(100_001);
    expect(where.values[100_000]).toEqual({ kind: 'number', value: '9223372036854775807' });
  });

  it('a 10 MB file of statements parses', () => {
    const line =
      "SELECT region, SUM(price * qty) AS revenue FROM sales.orders AS o WHERE status IN ('paid', 'shipped') AND qty BETWEEN 1 AND 9 GROUP BY region ORDER BY revenue DESC LIMIT 10;\n";
    const text = line.repeat(Math.ceil(10_000_000 / line.length));
    const statements: Statement[] = parseStatements(text);
    expect(statements).toHaveLength(Math.ceil(10_000_000 / line.length));
  });

  it('a 10 MB line of one statement reports an error with a clipped code frame', () => {
    const text = `SELECT ${'a, '.repeat(1_000_000)}FROM`;
    const err = rejection(() => parse(text));
    expect(err.first.message).toBe("expected an expression after ',', found FROM");
    expect(err.first.span?.column).toBe(text.length - 3);
    expect(err.format('big.dsq').split('\n')[1]!.length).toBeLessThan(200);
  });
});
