import { describe, expect, it } from 'vitest';
import { builder, col, datetime, lit, recordKey, type InsertRecord, type RequiredFields, type SetValues } from '../../../src/builder/index.js';
import type { Db } from '../../../src/builder/query-scope.js';
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
/** Labels that differ from the names, as a type (`SchemaLabels`) and a value (`SchemaFieldLabels`). */
type Labels = { customers: { 'E-mail': 'email'; 'Full name': 'name' } };
const LABELS = { customers: { 'E-mail': 'email', 'Full name': 'name' } } as const;
const labelled = builder<Shop, Labels, ShopDefaults>(ShopFields, LABELS);

// "insert requires every non-nullable field without a default" (field definition: nul, def)
same<RequiredFields<D, 'invoices'>, 'id' | 'customer' | 'total' | 'issued'>();
same<RequiredFields<Db<Shop>, 'invoices'>, 'id' | 'customer' | 'total' | 'status' | 'issued' | 'paid'>();
same<RequiredFields<D, 'customers'>, 'id' | 'name' | 'vip'>();
same<RequiredFields<Db, 'anything'>, never>();
same<keyof SetValues<D, 'customers'>, 'id' | 'name' | 'email' | 'region' | 'vip'>();
same<InsertRecord<D, 'customers'>['vip'], boolean | import('../../../src/builder/index.js').WriteExpression<boolean>>();

describe('typed writes: the same JSON as the text', () => {
  it.each([
    [
      'insert: the required fields, a default left out',
      db.insertInto('invoices').values([{ id: 1n, customer: 7, total: 9.5, issued: '2024-01-31T10:00:00Z', memo: null }]),
      "INSERT INTO invoices (id, customer, total, issued, memo) VALUES (1, 7, 9.5, '2024-01-31T10:00:00Z', NULL)",
    ],
    [
      'insert: an expression value goes to expressions',
      db.insertInto('invoices.items').values([
        { sku: 'A', qty: 2, price: 3, invoice: 1n },
        { sku: 'B', qty: 1, invoice: 1n, price: lit(2).mul(2) },
      ]),
      "INSERT INTO invoices.items RECORDS (sku = 'A', qty = 2, price = 3, invoice = 1), (sku = 'B', qty = 1, invoice = 1, price = 2 * 2)",
    ],
    [
      'replace: on duplicate trash',
      db
        .replaceInto('customers')
        .values([{ id: 1, name: 'Ann', vip: false }])
        .onDuplicate('trash'),
      "REPLACE INTO customers (id, name, vip) VALUES (1, 'Ann', FALSE) ON DUPLICATE TRASH",
    ],
    [
      'set: on remove',
      db
        .setRecords('customers')
        .values([{ id: 1, name: 'Ann', vip: true, region: 'eu' }])
        .onRemove('delete'),
      "SET INTO customers (id, name, vip, region) VALUES (1, 'Ann', TRUE, 'eu') ON REMOVE DELETE",
    ],
    [
      'update: literal and expression values that fit',
      db
        .updateTable('invoices')
        .set({ status: 'paid', paid: true })
        .set(({ col }) => ({ total: col('total').mul(2) }))
        .where(({ col }) => col('id').eq(7)),
      "UPDATE invoices SET status = 'paid', paid = TRUE, total = total * 2 WHERE id = 7",
    ],
    [
      'update: a datetime field takes a datetime',
      db
        .updateTable('invoices')
        .set({ issued: datetime('2024-01-31T10:00:00Z') })
        .where(({ col }) => col('id').eq(1)),
      "UPDATE invoices SET issued = DATETIME '2024-01-31T10:00:00Z' WHERE id = 1",
    ],
    [
      'update: null into a nullable field',
      db.updateTable('customers').set({ email: null }).records([1, 2]),
      'UPDATE customers SET email = NULL RECORDS [1, 2]',
    ],
    ['delete with a typed where', db.deleteFrom('customers').where(({ col }) => col('region').isNull()), 'DELETE FROM customers WHERE region IS NULL'],
    ['trash, restore, dispose', db.disposeFrom('customers').records(3).failNoOp(), 'DISPOSE FROM customers RECORDS 3 OPTIONS (FAIL_NO_OP = TRUE)'],
  ] as const)('%s', (_, write, dsq) => {
    expect(write.toJson()).toBe(text(dsq));
  });
});

describe('typed writes: unknown fields are errors at run time too (given the field lists)', () => {
  // A value the compiler did not see (a cast to the record type) escapes the compile-time check.
  const extra = { id: 1, name: 'Ann', vip: false, nickname: 'A' } as InsertRecord<D, 'customers'>;
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
    expect(() => db.deleteFrom('customer' as 'customers')).toThrow(
      /argument 1 of deleteFrom\(\): no database "customer" in the schema's field lists; did you mean "customers"/,
    );
  });
  it('a database given by id is not checked (its fields are not known)', () => {
    expect(
      db
        .insertInto(12)
        .values([{ anything: 1 }])
        .toJson(),
    ).toBe(text('INSERT INTO 12 (anything) VALUES (1)'));
  });
  it('field names compare case-insensitively, as JSON keys do', () => {
    expect(
      db
        .updateTable('customers')
        .set({ NAME: 'x' } as never)
        .toJson(),
    ).toBe(text("UPDATE customers SET NAME = 'x'"));
  });
});

describe('typed writes: labels as keys (the spec\'s record: "<field name or label> | value appropriate to the field type")', () => {
  it.each([
    [
      'a required field given by its label',
      labelled.insertInto('customers').values([{ id: 1, 'Full name': 'Ann', vip: true }]),
      'INSERT INTO customers (id, "Full name", vip) VALUES (1, \'Ann\', TRUE)',
    ],
    [
      'labels in several records and in expressions',
      labelled.replaceInto('customers').values([
        { id: 1, name: 'Ann', vip: true, 'E-mail': null },
        { id: 2, vip: false, expressions: { 'Full name': col('name') } },
      ]),
      'REPLACE INTO customers RECORDS (id = 1, name = \'Ann\', vip = TRUE, "E-mail" = NULL), (id = 2, vip = FALSE, "Full name" = name)',
    ],
    [
      'update: "fields and expressions keys are field specifiers"',
      labelled
        .updateTable('customers')
        .set({ 'E-mail': 'a@x' })
        .set(({ col }) => ({ 'Full name': col('name') }))
        .records(1),
      'UPDATE customers SET "E-mail" = \'a@x\', "Full name" = name RECORDS 1',
    ],
    [
      'a key specifier by label',
      labelled.deleteFrom('customers').records(recordKey({ 'Full name': 'Ann' })),
      'DELETE FROM customers RECORDS KEY ("Full name" = \'Ann\')',
    ],
  ] as const)('%s: the JSON keeps the key as written', (_, write, dsq) => {
    expect(write.toJson()).toBe(text(dsq));
  });

  it('"did you mean" looks at names and labels', () => {
    const rec = { id: 1, 'Ful name': 'Ann', vip: true } as never;
    expect(() => labelled.insertInto('customers').values([rec])).toThrow(
      /record 1 of \.values\(\): no field "Ful name" in "customers"; did you mean "Full name"\?$/,
    );
    expect(() => labelled.updateTable('customers').set({ 'E-mial': 'x' } as never)).toThrow(
      /no field "E-mial" in "customers"; did you mean "E-mail" or "email"\?$/,
    );
  });

  it('a field under its name and its label is an error (the spec: the action fails; lint: field-set-twice)', () => {
    const twice = { id: 1, name: 'Ann', vip: true, 'Full name': 'Ann' } as never;
    expect(() => labelled.insertInto('customers').values([twice])).toThrow(
      'record 1 of .values(): the field "name" is given twice, as "name" and as "Full name" (its label); give it one value, under one name (the spec: the action fails)',
    );
    const inExpressions = { id: 1, 'Full name': 'Ann', vip: true, expressions: { name: lit('x') } } as never;
    expect(() => labelled.setRecords('customers').values([inExpressions])).toThrow(
      /the field "name" is given twice, as "Full name" \(its label\) and as "name"/,
    );
    expect(() =>
      labelled
        .updateTable('customers')
        .set({ email: 'a' })
        .set({ 'E-mail': 'b' } as never),
    ).toThrow(/\.set\(\): the field "email" is given twice, as "email" and as "E-mail" \(its label\)/);
    expect(() => labelled.deleteFrom('customers').records(recordKey({ id: 1, name: 'A', 'Full name': 'A' }))).toThrow(
      /the key of \.records\(\): the field "name" is given twice/,
    );
    // Labels compare as the spec's keys do: case and white space aside.
    expect(() => labelled.updateTable('customers').set({ name: 'a', ' full  NAME ': 'b' } as never)).toThrow(/the field "name" is given twice/);
  });

  it('a builder not told of the labels says how to tell it', () => {
    expect(() => db.insertInto('customers').values([{ id: 1, 'Full name': 'Ann', vip: true } as never])).toThrow(
      /no field "Full name" in "customers"; .*\(a label is taken when the builder knows the labels: builder<Schema, SchemaLabels>\(SchemaFields, SchemaFieldLabels\)\)$/,
    );
  });

  it('.fields() of FETCH RECORDS takes names only (the spec: "fields (array of field names)")', () => {
    expect(() => labelled.fetchRecords('customers').fields(['E-mail' as 'email'])).toThrow(/\.fields\(\): no field "E-mail" in "customers"/);
  });

  it('bad label lists are refused when the builder is made', () => {
    expect(() => builder<Shop>(ShopFields, { customers: { 'E-mail': 'emial' } })).toThrow(
      'the label "E-mail" of "customers" given to builder() must map to a field name of "customers", got "emial"',
    );
    expect(() => builder<Shop>(ShopFields, [] as never)).toThrow(/argument 2 of builder\(\) must be the label lists/);
  });
});

describe('typed writes: recordKey() names key fields only, at run time too (given the key lists)', () => {
  // As `dsq types` writes SchemaKeyFields: the databases with key fields, each with its key fields.
  const KEYS = { customers: ['id', 'name'], invoices: ['id'] } as const;
  const keyed = builder<Shop, Labels, ShopDefaults>(ShopFields, LABELS, KEYS);

  it('key fields by name or label pass, and the JSON keeps them as written', () => {
    expect(
      keyed
        .deleteFrom('customers')
        .records(recordKey({ id: 1, 'Full name': 'Ann' }))
        .toJson(),
    ).toBe(text('DELETE FROM customers RECORDS KEY (id = 1, "Full name" = \'Ann\')'));
    expect(
      keyed
        .trashFrom('invoices')
        .records([recordKey({ ID: 7 }), 8])
        .toJson(),
    ).toBe(text('TRASH FROM invoices RECORDS [KEY (ID = 7), 8]'));
  });

  it('a field that is no key is an error naming the key fields (what the compiler says of a typed call)', () => {
    expect(() => keyed.deleteFrom('customers').records(recordKey({ region: 'eu' }) as never)).toThrow(
      'the key of .records(): recordKey() names "region", which is no key field of "customers"; the key fields are: id, name',
    );
    expect(() => keyed.fetchRecords('invoices').records(recordKey({ customer: 3 }) as never)).toThrow(
      /recordKey\(\) names "customer", which is no key field of "invoices"; the key fields are: id$/,
    );
  });

  it('a database without key fields takes no recordKey()', () => {
    expect(() => keyed.deleteFrom('invoices.items').records(recordKey({ sku: 'A' }) as never)).toThrow(
      'the key of .records(): recordKey() names "sku", but database "invoices.items" has no key fields: give record ids or a condition',
    );
  });

  it('without the key lists, any field passes at run time (the types check it)', () => {
    expect(
      labelled
        .deleteFrom('customers')
        .records(recordKey({ region: 'eu' }) as never)
        .toJson(),
    ).toBe(text("DELETE FROM customers RECORDS KEY (region = 'eu')"));
  });

  it('key lists that are not field names of their database are refused', () => {
    expect(() => builder(ShopFields, LABELS, { customers: ['nickname'] })).toThrow(
      'the key fields of "customers" given to builder() must be an array of field names of "customers"',
    );
    expect(() => builder(ShopFields, LABELS, ['id'] as never)).toThrow(/argument 3 of builder\(\) must be the key lists/);
  });
});
