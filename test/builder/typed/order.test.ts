import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Sorted } from '../../../src/builder/sort.js';
import type { ClosestFirst } from '../../../src/builder/type-messages.js';
import { ROOT, errorsByLine, languageService } from '../../helpers/typescript.js';

/**
 * The names an error lists come in one order whatever the program (issue 12): the compiler
 * keeps a union in the order it first met its members, so without sorting the same mistake
 * listed the columns one way in one program (or editor) and another way in the next. Two
 * programs meet the field names in opposite orders before the same mistakes; their messages
 * must be the same text, sorted (the names closest to the mistake first: those starting with
 * its first two letters, then its first letter).
 */
const PROBE = join(ROOT, 'test', 'builder', 'typed', '__order-probe.ts');
const FIELDS = ['id', 'customer', 'total', 'status', 'memo', 'issued', 'due', 'paid', 'name', 'email', 'region', 'vip'];

const probe = (first: readonly string[]) =>
  [
    `export const early = [${first.map((f) => `'${f}'`).join(', ')}] as const;`,
    "import { builder } from '../../../src/builder/index.js';",
    "import { ShopFields, type Shop } from './schema.js';",
    'const db = builder<Shop>(ShopFields);',
    "db.selectFrom('invoices').select('totl');",
    "db.selectFrom('invoices', 'i').join('customers', 'c').where(({ col }) => col('nme').isNull());",
    "db.selectFrom('invoices', 'i').join('customers', 'c').whereRef('i.total', '=', 'c.nam');",
    "db.selectFrom('invoices', 'i').join('customers', 'c').select('i.total').groupBy('id');",
    "db.selectFrom('nope');",
    '',
  ].join('\n');

function messages(first: readonly string[]): string[] {
  const service = languageService({ [PROBE]: probe(first) });
  return [...errorsByLine(service, PROBE).values()].flat();
}

describe('lists of names in errors', () => {
  it('are the same text whatever order the program met the names in, and sorted', () => {
    const forward = messages(FIELDS);
    const backward = messages([...FIELDS].reverse());
    expect(forward).toHaveLength(5);
    expect(backward).toEqual(forward);
    const text = forward.join('\n').replaceAll('\\"', '"');
    expect(text).toContain('no column "totl" in this query; the columns are: total, customer, due, id, issued, memo, paid, status"');
    expect(text).toContain(
      'no column "nme" in this query; the columns are: name, customer, due, email, issued, memo, paid, region, status, total, vip, c.id, i.id"',
    );
    expect(text).toContain(
      'no column "c.nam" in this query; the columns are: name, customer, due, email, issued, memo, paid, region, status, total, vip, c.id, i.id"',
    );
    expect(text).toContain('"id" is ambiguous: more than one source has it (c, i); qualify it: c.id, i.id"');
    expect(text).toContain(
      'no database "nope" in the schema; the databases are: customers, invoices, invoices.items, items, products, sales.invoices, sales.invoices.items"',
    );
  }, 120_000);

  it('sorts letters case-insensitively, after digits and . - _, other characters last', () => {
    expectTypeOf<Sorted<'total' | 'Zeta' | 'c.id' | 'customer' | 'alpha' | 'Alpha' | 'a_b' | 'a2' | 'é' | 'ab' | 'a'>>().toEqualTypeOf<
      ['a', 'a_b', 'a2', 'ab', 'alpha', 'Alpha', 'c.id', 'customer', 'total', 'Zeta', 'é']
    >();
    expectTypeOf<Sorted<never>>().toEqualTypeOf<[]>();
    expectTypeOf<Sorted<'only'>>().toEqualTypeOf<['only']>();
    type Many = Sorted<
      | `db${0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}${0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`
      | `t${0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}${0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`
    >;
    expectTypeOf<Many['length']>().toEqualTypeOf<200>();
    expectTypeOf<[Many[0], Many[1], Many[99], Many[100], Many[199]]>().toEqualTypeOf<['db00', 'db01', 'db99', 't00', 't99']>();
  });

  it('lists the names closest to a wrong one first (its first two letters, then its first), so a long list cut by tsc still shows them', () => {
    expectTypeOf<ClosestFirst<['customer', 'due', 'id', 'status', 'total'], 'totl'>>().toEqualTypeOf<['total', 'customer', 'due', 'id', 'status']>();
    expectTypeOf<ClosestFirst<['customer', 'due', 'id', 'status', 'total', 'c.tax'], 'i.TAXES'>>().toEqualTypeOf<
      ['c.tax', 'total', 'customer', 'due', 'id', 'status']
    >();
    expectTypeOf<ClosestFirst<['a', 'b'], ''>>().toEqualTypeOf<['a', 'b']>();
    expectTypeOf<ClosestFirst<['a', 'b'], 'b'>>().toEqualTypeOf<['b', 'a']>();
    type Many = Sorted<`f${0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}${0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}` | 'zone'>;
    expectTypeOf<ClosestFirst<Many, 'zome'>[0]>().toEqualTypeOf<'zone'>();
  });
});
