import { describe, expect, it } from 'vitest';
import { functionType } from '../../src/gen/expr-type.js';
import { inferParams } from '../../src/params/infer.js';
import { readSchema } from '../../src/schema/index.js';
import { SPEC_FUNCTION_NAMES, specFunction } from '../../src/spec/functions.js';
import { parse } from '../../src/syntax/index.js';

/**
 * Function result types come from one table (src/spec/functions.ts `result`), read by parameter
 * inference and by `dsq gen`'s row types, which agree: a whole number over whole numbers for
 * SUM and the bit aggregates (the spec keeps whole numbers in the signed 64-bit range), a
 * number for AVG and the rest, the argument's type for MIN and MAX, a whole number for COUNT.
 */
const schema = readSchema(
  JSON.stringify([
    {
      name: 'sales',
      fields: [
        { name: 'qty', type: 'int(8)' },
        { name: 'price', type: 'float(8)' },
      ],
    },
  ]),
);
const inferred = (name: string, column: string) => inferParams(parse(`SELECT * FROM sales WHERE ${name}(${column}) = :p`), schema)[0]?.type;

describe('function result types', () => {
  it('SUM over integers is an integer in parameter inference and a bigint over bigints in dsq gen (was number in one, bigint in the other)', () => {
    expect(inferred('SUM', 'qty')).toBe('integer');
    expect(inferred('SUM_DISTINCT', 'qty')).toBe('integer');
    expect(inferred('SUM', 'price')).toBe('number');
    expect(functionType('SUM', ['bigint'])).toBe('bigint | null');
    expect(inferred('AVG', 'qty')).toBe('number');
    expect(functionType('AVG', ['bigint'])).toBe('number | null');
  });

  it('agree for every one-argument function of the table: whole over whole numbers exactly where gen gives bigint over bigints', () => {
    for (const name of SPEC_FUNCTION_NAMES) {
      const f = specFunction(name)!;
      if (f.args !== 1) continue;
      const param = inferred(name, 'qty');
      const gen = functionType(name, ['bigint']);
      if (f.result === 'whole') expect([param, gen], name).toEqual(['integer', 'number']);
      else expect(param === 'integer', name).toBe(gen.includes('bigint'));
    }
  });
});
