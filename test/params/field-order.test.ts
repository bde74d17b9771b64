import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldKey } from '../../src/ast/data-actions.js';
import { compile, prepareQuery } from '../../src/params/index.js';
import { print } from '../../src/print/index.js';
import { writeName } from '../../src/print/names.js';
import { arbFieldName } from '../fixtures/action-arbitraries.js';
import { arbExpr } from '../fixtures/arbitraries.js';
import { runs } from '../helpers/runs.js';

/**
 * Binding parameters never reorders a record's keys (issue 28): `compile --param` and a
 * prepared query give the JSON of the text with each value written in its parameter's place,
 * key for key in the same order. (A parameter in a field's place is read as an expression and
 * becomes a field value when bound: it keeps its place among the record's values.)
 */

/** A value a parameter may take, with the literal that writes it. */
const arbBound: fc.Arbitrary<{ readonly value: number | string | null; readonly text: string }> = fc.oneof(
  fc.integer({ min: -1e6, max: 1e6 }).map((n) => ({ value: n, text: String(n) })),
  fc
    .string({ maxLength: 4 })
    .filter((s) => s !== '')
    .map((s) => ({ value: s, text: `'${s.replace(/'/g, "''")}'` })),
  fc.constant({ value: null, text: 'NULL' }),
);

/** A field's value: a literal written as such, a parameter (or the literal in its place), or an expression. */
const arbCell = fc.oneof(
  arbBound.map((b) => ({ param: false, ...b })),
  arbBound.map((b) => ({ param: true, ...b })),
  arbExpr.map((e) => ({ param: false, value: undefined, text: print(e) })),
);

const arbFields = fc
  .uniqueArray(arbFieldName, { minLength: 1, maxLength: 6, selector: fieldKey })
  .chain((names) => fc.tuple(fc.constant(names), fc.array(arbCell, { minLength: names.length, maxLength: names.length })));

/** A write with its fields, as text with parameters and as text with the literals in their places, and the values. */
const arbWrite = fc.tuple(fc.constantFrom('values', 'records', 'update'), arbFields).map(([form, [names, cells]]) => {
  const params: Record<string, unknown> = {};
  const withParams = cells.map((c, i) => {
    if (!c.param) return c.text;
    params[`p${i}`] = c.value;
    return `:p${i}`;
  });
  const write = (values: readonly string[]) => {
    const fields = names.map(writeName);
    if (form === 'values') return `INSERT INTO shop.orders (${fields.join(', ')}) VALUES (${values.join(', ')})`;
    const pairs = fields.map((f, i) => `${f} = ${values[i]}`).join(', ');
    return form === 'records' ? `INSERT INTO shop.orders RECORDS (${pairs})` : `UPDATE shop.orders SET ${pairs} WHERE id = 1`;
  };
  return { text: write(withParams), literal: write(cells.map((c) => c.text)), params };
});

describe('binding parameters keeps a record keys in the written order', () => {
  it('compile with params and a prepared query give the JSON of the text with the literals in place', () => {
    fc.assert(
      fc.property(arbWrite, ({ text, literal, params }) => {
        const expected = compile(literal);
        expect(compile(text, { params })).toBe(expected);
        const spec = Object.fromEntries(Object.keys(params).map((name) => [name, [null, false] as const]));
        expect(prepareQuery(text, spec)(params).text).toBe(expected);
      }),
      { numRuns: runs(300) },
    );
  });

  it('keeps the order of the examples', () => {
    expect(compile('INSERT INTO shop.orders (a, b, c) VALUES (:p, 2, 3)', { params: { p: 1 } })).toBe(
      '{"action":"insert","database":"shop.orders","records":[{"a":1,"b":2,"c":3}]}',
    );
    expect(compile('UPDATE shop.orders SET a = :p, b = x + 1, c = 2 WHERE id = 1', { params: { p: 'x' } })).toBe(
      '{"action":"update","database":"shop.orders","records":{"type":"where","where":{"$=":[{"$col":"id"},1]}},"fields":{"a":"x","c":2},"expressions":{"b":{"$+":[{"$col":"x"},1]}}}',
    );
  });
});
