import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dsq, localDate, lit, col } from '../../src/builder/index.js';
import { DsqError } from '../../src/diagnostic/index.js';
import { errorOf } from '../helpers/errors.js';
import { compile, compileToAst } from '../../src/params/index.js';
import { arbNumberText, arbText, arbWholeText } from '../fixtures/arbitraries.js';
import { runs } from '../helpers/runs.js';

/** compile(text, { params }): parameters bound as literals through the template's value conversion. */

describe('compile(text, { params })', () => {
  it('binds every kind of value where values stand', () => {
    const text = 'SELECT * FROM orders WHERE region = :region AND created >= :since AND id IN :ids AND amount BETWEEN :lo AND :hi LIMIT :n OFFSET :skip';
    const json = compile(text, {
      params: { region: 'EU', since: new Date(Date.UTC(2024, 0, 1)), ids: [1n, 2, 9223372036854775807n], lo: 0.5, hi: -9223372036854775808n, n: 10, skip: 0 },
    });
    expect(JSON.parse(json.replace(/(-?\d{16,})/g, '"$1"'))).toEqual({
      from: 'orders',
      where: {
        $and: [
          { '$=': [{ $col: 'region' }, 'EU'] },
          { '$>=': [{ $col: 'created' }, { $dt: 1704067200000 }] },
          { $in: [{ $col: 'id' }, [1, 2, '9223372036854775807']] },
          { $between: [{ $col: 'amount' }, 0.5, '-9223372036854775808'] },
        ],
      },
      limit: 10,
      offset: 0,
    });
    expect(json).toContain('9223372036854775807');
    expect(json).toContain('-9223372036854775808');
  });

  it('gives the same JSON as the tagged template with the same values', () => {
    const values = { a: "it's -- /* x */ :b", ids: ['x', null, ''], n: 3n };
    expect(compile('SELECT * FROM t WHERE a = :a AND b IN :ids LIMIT :n', { params: values })).toBe(
      dsq`SELECT * FROM t WHERE a = ${values.a} AND b IN ${values.ids} LIMIT ${values.n}`.toJson(),
    );
  });

  it('takes literals the builder made (local dates and times), and no other expression', () => {
    expect(compile('SELECT * FROM t WHERE d = :d', { params: { d: localDate('2024-01-31') } })).toBe(
      '{"from":"t","where":{"$=":[{"$col":"d"},{"$ld":"2024-01-31"}]}}',
    );
    expect(compile('SELECT * FROM t WHERE d = :d', { params: { d: lit(5) } })).toBe('{"from":"t","where":{"$=":[{"$col":"d"},5]}}');
    const e = errorOf(() => compile('SELECT * FROM t WHERE d = :d', { params: { d: col('password') } }));
    expect(e.first.message).toMatch(/parameter :d is a "column" expression: a parameter is a literal value/);
    expect(e.first.span).toMatchObject({ line: 1, column: 27 });
  });

  it('an unbound parameter is an error listing every missing name, at the first', () => {
    const e = errorOf(() => compile('SELECT * FROM t\nWHERE a = :a AND b = :b AND c IN :c', { params: { b: 1 } }));
    expect(e.first.code).toBe('params/unbound');
    expect(e.first.message).toBe('2 parameters have no value: :a and :c (JSON has no parameter form)');
    expect(e.first.span).toMatchObject({ line: 2, column: 11 });
  });

  it.each([
    [{ p: [1, 2] }, /parameter :p is an array: an array is a value list only after IN/],
    [{ p: true }, /boolean true/],
    [{ p: undefined }, /undefined/],
    [{ p: { kind: 'column', path: 'password' } }, /not taken as syntax/],
    [{ p: 2n ** 63n }, /64-bit|range/],
    [{ p: Number.NaN }, /finite/],
    [{ p: new Date(Number.NaN) }, /invalid Date/],
  ])('refuses %o with an error naming the parameter', (params, message) => {
    const e = errorOf(() => compile('SELECT * FROM t WHERE a = :p', { params }));
    expect(e.first.code).toBe('params/invalid-value');
    expect(e.first.message).toMatch(message);
    expect(e.first.message).toContain(':p');
  });

  it('IN :name takes an array (empty: IN ()), or one value as a list of one; no nested arrays', () => {
    expect(compile('SELECT * FROM t WHERE a IN :p', { params: { p: [] } })).toBe('{"from":"t","where":{"$in":[{"$col":"a"},[]]}}');
    expect(compile('SELECT * FROM t WHERE a NOT IN :p', { params: { p: 'x' } })).toBe('{"from":"t","where":{"$not":{"$in":[{"$col":"a"},["x"]]}}}');
    expect(errorOf(() => compile('SELECT * FROM t WHERE a IN :p', { params: { p: [[1]] } })).first.message).toMatch(/item 1 of parameter :p is an array/);
    expect(errorOf(() => compile('SELECT * FROM t WHERE a IN :p', { params: { p: [1, , 2] } })).first.message).toMatch(/sparse/);
  });

  it('names the text does not use are ignored; a text without parameters compiles as before', () => {
    expect(compile('SELECT * FROM t', { params: { unused: 1 } })).toBe('{"from":"t"}');
    expect(compile('SELECT * FROM t; SELECT * FROM u WHERE a = :a', { params: { a: 1 } })).toBe('[{"from":"t"},{"from":"u","where":{"$=":[{"$col":"a"},1]}}]');
    expect(compileToAst('SELECT * FROM t WHERE a = :a', { params: { a: 'x' } })[0]).toMatchObject({ where: { e2: { kind: 'string', value: 'x' } } });
  });

  it('data actions: a parameter as a field value is that field value, as the literal would be; in WHERE a literal', () => {
    const params = { region: 'EU', amount: 5n, note: "x'--", id: 7, ids: [1, 2] };
    expect(compile('INSERT INTO orders (region, amount) VALUES (:region, :amount)', { params })).toBe(
      compile("INSERT INTO orders (region, amount) VALUES ('EU', 5)"),
    );
    expect(compile('UPDATE orders SET amount = :amount, note = :note WHERE id = :id', { params })).toBe(
      compile("UPDATE orders SET amount = 5, note = 'x''--' WHERE id = 7"),
    );
    expect(compile('FETCH RECORDS FROM orders WHERE id IN :ids', { params })).toBe(compile('FETCH RECORDS FROM orders WHERE id IN (1, 2)'));
    expect(compile('DELETE FROM orders WHERE id = :id', { params })).toBe(compile('DELETE FROM orders WHERE id = 7'));
    // A datetime is no field literal: it stays an expression.
    expect(compile('UPDATE orders SET at = :at WHERE id = 1', { params: { at: new Date(0) } })).toContain('"expressions":{"at":{"$dt":0}}');
  });

  it('a syntax error is a DsqError with its position', () => {
    const e = errorOf(() => compile('SELECT * FROM t WHERE a = :', { params: {} }));
    expect(e.first.span?.line).toBe(1);
  });
});

/** Values a breaker would try: quotes, comment markers, placeholder look-alikes, int64 bounds, dates, arrays. */
const HOSTILE_STRINGS = ["'", "' OR 1=1 --", '/* x */', '*/', '--', ':p', ':ids', '"', '""', '\u0000dsq0\u0000', '${x}', 'a\nb', 'NULL', ''];
const arbScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  arbText,
  arbWholeText.map((t) => BigInt(t)),
  arbNumberText.map(Number).filter(Number.isFinite),
  fc.constantFrom(9223372036854775807n, -9223372036854775808n, Number.MAX_SAFE_INTEGER, -0, 0.1),
  fc.date({ noInvalidDate: true }),
  fc.constant(null),
);

describe('property: parameter values end up as literals only', () => {
  it('any value, in every value position, gives the JSON the template gives for it (1,000 runs)', () => {
    fc.assert(
      fc.property(arbScalar, fc.array(arbScalar, { maxLength: 4 }), fc.bigInt({ min: 0n, max: 9223372036854775807n }), (x, list, n) => {
        const params = { x, list, n };
        const text = 'SELECT :x AS v FROM t WHERE a = :x AND b IN :list AND c BETWEEN :x AND 1 AND f(:x) = (SELECT d FROM u WHERE e = :x) LIMIT :n';
        let expected: string;
        try {
          expected =
            dsq`SELECT ${x} AS v FROM t WHERE a = ${x} AND b IN ${list} AND c BETWEEN ${x} AND 1 AND f(${x}) = (SELECT d FROM u WHERE e = ${x}) LIMIT ${n}`.toJson();
        } catch (err) {
          // A value the template refuses (a number beyond 64 bits...) is an error of dsq's own here too, naming the parameter.
          expect(err).toBeInstanceOf(DsqError);
          const e = errorOf(() => compile(text, { params }));
          expect(e.first.message).toMatch(/parameter :(x|list)/);
          return;
        }
        const json = compile(text, { params });
        expect(json).toBe(expected);
        // The literal is there as JSON, and nothing the value holds became a column or a key.
        const parsed: unknown = JSON.parse(json);
        const columns = JSON.stringify(parsed).match(/"\$col":"[^"]*"/g) ?? [];
        expect(columns.sort()).toEqual(['"$col":"a"', '"$col":"b"', '"$col":"c"', '"$col":"d"', '"$col":"e"']);
      }),
      { numRuns: runs(1000) },
    );
  });
});
