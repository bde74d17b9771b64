import { describe, expect, it } from 'vitest';
import { builder, datetime, lit, type InsertRecord, type RequiredFields, type SetValues } from '../../../src/builder/index.js';
import type { Db } from '../../../src/builder/scope.js';
import { toJson } from '../../../src/json/index.js';
import { parse } from '../../../src/syntax/index.js';
import { ShopFields, type Shop } from '../../builder/typed/schema.js';

/**
 * Typed writes (issue 16): what INSERT requires ("every non-nullable field without a default"),
 * the JSON of typed INSERT/REPLACE/SET/UPDATE/DELETE (the same as the text's), and the run-time
 * checks of a builder given the field lists. The mistakes the compiler must reject are in
 * mistakes.ts (`@ts-expect-error`: `tsc` fails if one of them compiles).
 */

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <A, B>(..._check: Equal<A, B> extends true ? [] : ['not the same type', A, B]): void => {};

type ShopDefaults = { invoices: 'status' | 'paid' };
type D = Db<Shop, {}, true, ShopDefaults>;
const db = builder<Shop, {}, ShopDefaults>(ShopFields);
const strict = builder<Shop>(ShopFields);
const text = (t: string) => toJson(parse(t));

// "insert requires every non-nullable field without a default" (field definition: nul, def)
same<RequiredFields<D, 'invoices'>, 'id' | 'customer' | 'total' | 'issued'>();
same<RequiredFields<Db<Shop>, 'invoices'>, 'id' | 'customer' | 'total' | 'status' | 'issued' | 'paid'>();
same<RequiredFields<D, 'customers'>, 'id' | 'name' | 'vip'>();
same<RequiredFields<Db, 'anything'>, never>();
same<keyof SetValues<D, 'customers'>, 'id' | 'name' | 'email' | 'region' | 'vip'>();
same<InsertRecord<D, 'customers'>['vip'], boolean | import('../../../src/builder/index.js').WriteExpression<boolean>>();

describe('typed writes: the same JSON as the text', () => {
  it.each([
    ['insert: the required fields, a default left out', db.insertInto('invoices').values([{ id: 1n, customer: 7, total: 9.5, issued: '2024-01-31T10:00:00Z', memo: null }]),
      "INSERT INTO invoices (id, customer, total, issued, memo) VALUES (1, 7, 9.5, '2024-01-31T10:00:00Z', NULL)"],
    ['insert: an expression value goes to expressions', db.insertInto('invoices.items').values([{ sku: 'A', qty: 2, price: 3, invoice: 1n }, { sku: 'B', qty: 1, invoice: 1n, price: lit(2).mul(2) }]),
      "INSERT INTO invoices.items RECORDS (sku = 'A', qty = 2, price = 3, invoice = 1), (sku = 'B', qty = 1, invoice = 1, price = 2 * 2)"],
    ['replace: on duplicate trash', db.replaceInto('customers').values([{ id: 1, name: 'Ann', vip: false }]).onDuplicate('trash'),
      "REPLACE INTO customers (id, name, vip) VALUES (1, 'Ann', FALSE) ON DUPLICATE TRASH"],
    ['set: on remove', db.setRecords('customers').values([{ id: 1, name: 'Ann', vip: true, region: 'eu' }]).onRemove('delete'),
      "SET INTO customers (id, name, vip, region) VALUES (1, 'Ann', TRUE, 'eu') ON REMOVE DELETE"],
    ['update: literal and expression values that fit', db.updateTable('invoices').set({ status: 'paid', paid: true }).set(({ col }) => ({ total: col('total').mul(2) })).where(({ col }) => col('id').eq(7)),
      "UPDATE invoices SET status = 'paid', paid = TRUE, total = total * 2 WHERE id = 7"],
    ['update: a datetime field takes a datetime', db.updateTable('invoices').set({ issued: datetime('2024-01-31T10:00:00Z') }).where(({ col }) => col('id').eq(1)),
      "UPDATE invoices SET issued = DATETIME '2024-01-31T10:00:00Z' WHERE id = 1"],
    ['update: null into a nullable field', db.updateTable('customers').set({ email: null }).records([1, 2]), 'UPDATE customers SET email = NULL RECORDS [1, 2]'],
    ['delete with a typed where', db.deleteFrom('customers').where(({ col }) => col('region').isNull()), 'DELETE FROM customers WHERE region IS NULL'],
    ['trash, restore, dispose', db.disposeFrom('customers').records(3).failNoOp(), 'DISPOSE FROM customers RECORDS 3 OPTIONS (FAIL_NO_OP = TRUE)'],
  ] as const)('%s', (_, write, dsq) => {
    expect(write.toJson()).toBe(text(dsq));
  });
});

describe('typed writes: unknown fields are errors at run time too (given the field lists)', () => {
  // A value the compiler did not see fresh (a variable of a wider type) escapes the excess-property check.
  const extra = { id: 1, name: 'Ann', vip: false, nickname: 'A' };
  it('a record with an unknown field', () => {
    expect(() => db.insertInto('customers').values([extra])).toThrow(/record 1 of \.values\(\): no field "nickname" in "customers"/);
    expect(() => strict.setRecords('customers').values([{ id: 1, name: 'Ann', vip: false }, extra])).toThrow(/record 2 of \.values\(\): no field "nickname"/);
  });
  it('an unknown field in expressions', () => {
    const rec = { sku: 'A', qty: 1, price: 2, invoice: 1n, expressions: { prise: 3 } } as never;
    expect(() => db.insertInto('items').values([rec])).toThrow(/no field "prise" in "items"; did you mean "price"/);
  });
  it('an unknown field in set()', () => {
    const values: Record<string, unknown> = { stat: 'paid' };
    expect(() => db.updateTable('invoices').set(values as never)).toThrow(/\.set\(\): no field "stat" in "invoices"; did you mean "status"/);
    expect(() => db.updateTable('invoices').set((() => values) as never)).toThrow(/no field "stat"/);
  });
  it('an unknown database', () => {
    expect(() => db.deleteFrom('customer' as 'customers')).toThrow(/argument 1 of deleteFrom\(\): no database "customer" in the schema's field lists; did you mean "customers"/);
  });
  it('a database given by id is not checked (its fields are not known)', () => {
    expect(db.insertInto(12).values([{ anything: 1 }]).toJson()).toBe(text('INSERT INTO 12 (anything) VALUES (1)'));
  });
  it('field names compare case-insensitively, as JSON keys do', () => {
    expect(db.updateTable('customers').set({ NAME: 'x' } as never).toJson()).toBe(text("UPDATE customers SET NAME = 'x'"));
  });
});
