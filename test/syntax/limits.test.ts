import { describe, expect, it } from 'vitest';
import { DsqError } from '../../src/diagnostic/index.js';
import { DEFAULT_MAX_DEPTH, parse, parseDocument, parseExpression, parseStatements } from '../../src/syntax/index.js';

function rejection(fn: () => unknown): DsqError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DsqError);
    return err as DsqError;
  }
  throw new Error('expected a DsqError');
}

/** Every construct that nests, `n` levels deep. */
const NESTINGS: Record<string, (n: number) => string> = {
  parentheses: (n) => `SELECT ${'('.repeat(n)}1${')'.repeat(n)}`,
  arithmetic: (n) => `SELECT ${'(1 + '.repeat(n)}1${')'.repeat(n)}`,
  'NOT chain': (n) => `SELECT ${'NOT '.repeat(n)}1`,
  'unary minus chain': (n) => `SELECT ${'- '.repeat(n)}x`,
  CASE: (n) => `SELECT ${'CASE WHEN '.repeat(n)}1${' THEN 1 END'.repeat(n)}`,
  'scalar subqueries': (n) => `SELECT ${'(SELECT '.repeat(n)}1${')'.repeat(n)}`,
  'subqueries in WHERE': (n) => `SELECT 1${' FROM t WHERE a = (SELECT 1'.repeat(n)}${')'.repeat(n)}`,
  'FROM subqueries': (n) => `SELECT * FROM ${'(SELECT * FROM '.repeat(n)}t${')'.repeat(n)}`,
  'function calls': (n) => `SELECT ${'f('.repeat(n)}1${')'.repeat(n)}`,
  'calls inside operators': (n) => `SELECT ${"COLUMN(a) + f(DATE '2024-01-01' = g(x, ".repeat(n / 2)}1${'))'.repeat(n / 2)}`,
  'NOT IN lists with arithmetic': (n) => `SELECT ${'x NOT IN (y + '.repeat(n)}1${')'.repeat(n)}`,
  'IN lists': (n) => `SELECT ${'x IN ('.repeat(n)}1${')'.repeat(n)}`,
  EXISTS: (n) => `SELECT ${'EXISTS (SELECT '.repeat(n)}1${')'.repeat(n)}`,
  'parenthesised joins': (n) => `SELECT * FROM ${'a JOIN ('.repeat(n)}b${')'.repeat(n)}`,
  // five levels a round: ( CASE (SELECT - (
  mix: (n) => `SELECT ${'(CASE WHEN (SELECT -(x + '.repeat(n / 5)}1${')) THEN 1 END)'.repeat(n / 5)}`,
};

describe('limits, not crashes', () => {
  it.each(Object.keys(NESTINGS))('%s: nesting up to the default limit parses', (name) => {
    const make = NESTINGS[name]!;
    expect(() => parse(make(DEFAULT_MAX_DEPTH))).not.toThrow();
  });

  it.each(Object.keys(NESTINGS))('%s: 100,000 levels get "nesting deeper than N levels"', (name) => {
    const make = NESTINGS[name]!;
    const err = rejection(() => parse(make(100_000)));
    expect(err.diagnostics).toHaveLength(1);
    expect(err.first.message).toBe(`nesting deeper than ${DEFAULT_MAX_DEPTH} levels`);
    expect(err.first.code).toBe('syntax/nesting-too-deep');
    expect(err.first.span?.line).toBe(1);
  });

  it('the limit is the maxDepth option', () => {
    expect(() => parse(NESTINGS.parentheses!(10), { maxDepth: 10 })).not.toThrow();
    expect(rejection(() => parse(NESTINGS.parentheses!(11), { maxDepth: 10 })).first.message).toBe('nesting deeper than 10 levels');
    expect(rejection(() => parseExpression('((((1))))', { maxDepth: 3 })).first.message).toBe('nesting deeper than 3 levels');
  });

  it('a maxDepth beyond what the stack holds still ends in the nesting error, not a stack overflow', () => {
    const err = rejection(() => parse(NESTINGS['scalar subqueries']!(50_000), { maxDepth: 1_000_000 }));
    expect(err.first.message).toBe('nesting deeper than 1000000 levels');
  });

  it('parseDocument reports deep nesting as a diagnostic and keeps the other statements', () => {
    const doc = parseDocument(`SELECT 1; ${NESTINGS.parentheses!(100_000)}; SELECT 3`);
    expect(doc.statements).toHaveLength(2);
    expect(doc.diagnostics.map((d) => d.code)).toEqual(['syntax/nesting-too-deep']);
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
    const text = `SELECT * FROM t WHERE ${Array.from({ length: 50_000 }, (_, i) => `a = ${i}`).join(' OR ').replace(/ OR (a = \d*7)/g, ' AND $1')}`;
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
    const line = "SELECT region, SUM(price * qty) AS revenue FROM sales.orders AS o WHERE status IN ('paid', 'shipped') AND qty BETWEEN 1 AND 9 GROUP BY region ORDER BY revenue DESC LIMIT 10;\n";
    const text = line.repeat(Math.ceil(10_000_000 / line.length));
    expect(parseStatements(text)).toHaveLength(Math.ceil(10_000_000 / line.length));
  });

  it('a 10 MB line of one statement reports an error with a clipped code frame', () => {
    const text = `SELECT ${'a, '.repeat(1_000_000)}FROM`;
    const err = rejection(() => parse(text));
    expect(err.first.message).toBe("expected an expression after ',', found FROM");
    expect(err.first.span?.column).toBe(text.length - 3);
    expect(err.format('big.dsq').split('\n')[1]!.length).toBeLessThan(200);
  });
});
