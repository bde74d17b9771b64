import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as m from '../../src/ast/index.js';
import { DsqError } from '../../src/diagnostic/index.js';
import { col, dsq, fn, ident, selectFrom } from '../../src/builder/index.js';
import { parse } from '../../src/syntax/index.js';

/** The query with `'PLACEHOLDER'` string literals replaced by the given values as literals. */
function withLiterals(text: string, ...values: string[]): m.Statement {
  let k = 0;
  return m.transform(parse(text), (node) => {
    if (node.kind !== 'string' || node.value !== 'PLACEHOLDER') return node;
    const v = values[k++] as string;
    return v === '' ? m.NULL : m.str(v);
  });
}

const hostile = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.constantFrom("'", "''", "' OR 1=1 --", '"', '--', '/*', '*/', ';', '\u0000', '\u0000dsq0\u0000', '"\u0000dsq1\u0000"', '${0}', 'é€😀', ''),
  fc.array(fc.constantFrom("'", '"', '--', '/*', ';', '\u0000', 'x', ' ', '\n', '😀', 'SELECT', ')'), { maxLength: 12 }).map((a) => a.join('')),
);

describe('dsq tagged template', () => {
  it('a string value is always one string literal, whatever it contains (2,000 runs)', () => {
    fc.assert(
      fc.property(hostile, hostile, (s, t) => {
        const built = dsq`SELECT * FROM orders WHERE status = ${s} AND note LIKE ${t} AND x IN (1, ${s})`.toAst();
        const expected = withLiterals("SELECT * FROM orders WHERE status = 'PLACEHOLDER' AND note LIKE 'PLACEHOLDER' AND x IN (1, 'PLACEHOLDER')", s, t, s);
        expect(built).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('equals the builder and the parser for the same query', () => {
    const min = 100;
    const status = 'open';
    const q = dsq`SELECT * FROM orders WHERE amount > ${min} AND status = ${status}`;
    expect(q.toAst()).toEqual(parse("SELECT * FROM orders WHERE amount > 100 AND status = 'open'"));
    expect(q.toAst()).toEqual(selectFrom('orders').where(col('amount').gt(min)).where(col('status').eq(status)).toAst());
  });

  it('interpolates numbers exactly, null, Dates, expressions, AST nodes and scalar subqueries', () => {
    const sub = selectFrom('limits').select(fn.max(col('v')));
    const q = dsq`SELECT * FROM t WHERE a = ${9223372036854775807n} AND b = ${null} AND c = ${new Date(5)} AND d = ${col('e').add(1)} AND f = ${m.col('g')} AND h < ${sub}`;
    expect(q.toAst()).toEqual(
      selectFrom('t')
        .where(col('a').eq(9223372036854775807n))
        .where(col('b').eq(null))
        .where(col('c').eq(new Date(5)))
        .where(col('d').eq(col('e').add(1)))
        .where(col('f').eq(col('g')))
        .where(col('h').lt(sub))
        .toAst(),
    );
  });

  it('arrays are IN lists, queries after IN and EXISTS are subqueries', () => {
    const ids = [1, 2, 'x'];
    const sub = selectFrom('vip').select('id');
    expect(dsq`SELECT * FROM t WHERE id IN ${ids} AND k NOT IN ${[]} AND j IN ${5}`.toAst()).toEqual(
      parse("SELECT * FROM t WHERE id IN (1, 2, 'x') AND k NOT IN () AND j IN (5)"),
    );
    expect(dsq`SELECT * FROM t WHERE id IN ${sub} AND NOT EXISTS ${sub}`.toAst()).toEqual(
      parse('SELECT * FROM t WHERE id IN (SELECT id FROM vip) AND NOT EXISTS (SELECT id FROM vip)'),
    );
    expect(dsq`SELECT * FROM ${sub}`.toAst()).toEqual(parse('SELECT * FROM (SELECT id FROM vip)'));
    expect(() => dsq`SELECT * FROM t WHERE a = ${[1]}`).toThrow(/only as an IN list/);
    expect(() => dsq`SELECT * FROM t WHERE EXISTS ${5}`).toThrow(/must be a query/);
  });

  it('identifiers only through ident()', () => {
    expect(dsq`SELECT ${ident('amount')} AS ${ident('total')} FROM ${ident('sales.orders')} AS ${ident('o')} WHERE ${ident('o')}.status = ${'x'}`.toAst()).toEqual(
      parse("SELECT amount AS total FROM sales.orders AS o WHERE o.status = 'x'"),
    );
    expect(dsq`SELECT a AS total FROM t GROUP BY ${ident('total')} HAVING ${ident('total')} > 1 ORDER BY ${ident('total')}, ${ident('b')}`.toAst()).toEqual(
      parse('SELECT a AS total FROM t GROUP BY total HAVING total > 1 ORDER BY total, b'),
    );
    expect(dsq`SELECT a AS x FROM t WHERE ${ident('x')} = 1 ORDER BY ${ident('t.x')}`.toAst()).toEqual(parse('SELECT a AS x FROM t WHERE x = 1 ORDER BY t.x'));
    expect(() => dsq`SELECT * FROM ${'orders'}`).toThrow(/only ident\(name\) may go/);
    expect(() => dsq`SELECT a AS ${'x'} FROM t`).toThrow(/only ident\(name\) may go/);
    expect(() => dsq`SELECT * FROM t WHERE ${'o'}.a = 1`).toThrow(/only ident\(name\) may go/);
    // A string in a value position is a literal, never a name: "amount" stays a string.
    expect(dsq`SELECT * FROM t WHERE ${'amount'} > 1`.toAst()).toEqual(parse("SELECT * FROM t WHERE 'amount' > 1"));
  });

  it('rejects placeholders inside quotes, comments and names, and NUL in the static text', () => {
    expect(() => dsq`SELECT * FROM t WHERE a = 'x${'y'}'`).toThrow(/stands where a value cannot go/);
    expect(() => dsq`SELECT * FROM t -- ${1}
    `).toThrow(/not used \(is it inside a comment\?\)/);
    expect(() => dsq`SELECT * FROM t WHERE a = ${true}`).toThrow(/no boolean literal/);
    expect(() => dsq`SELECT * FROM t WHERE a = ${'\u0000'}\u0000`).toThrow(/may not contain NUL/);
    expect(() => dsq`SELECT * FROM t WHERE a = ${1} OPTIONS`).toThrow(DsqError);
  });

  it('keeps SELECT action options and extends like any query', () => {
    const q = dsq`SELECT a FROM t WHERE b = ${2} OPTIONS (ROWS = 5)`.where(col('c').isNull()).join('u', 'x').orderBy('a');
    expect(q.toAst()).toEqual(parse('SELECT a FROM t JOIN u AS x WHERE b = 2 AND c IS NULL ORDER BY a OPTIONS (ROWS = 5)'));
  });

  it('dsq.expr builds expressions', () => {
    expect(dsq.expr`amount > ${5} AND status IN ${['a', 'b']}`.node).toEqual(col('amount').gt(5).and(col('status').in(['a', 'b'])).node);
  });

  it('parses the static parts once per call site (cached by the strings array)', () => {
    const run = (v: number) => dsq`SELECT * FROM t WHERE b = 1 AND a = ${v}`.toAst() as m.Select;
    const first = run(1);
    const second = run(2);
    const left = (s: m.Select) => (s.where as m.Binary).e1;
    // Unchanged parts of the cached tree are shared, not re-parsed.
    expect(left(second)).toBe(left(first));
    expect((second.where as m.Binary).e2).toEqual(m.binary('=', m.col('a'), m.num('2')));
  });

  it('reports parse errors with a code frame that shows the placeholders', () => {
    try {
      dsq`SELECT * FROM t WHERE a = ${1} ${2}`;
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(DsqError);
      expect((err as DsqError).format()).toContain('\u2400dsq1\u2400');
    }
  });
});
