import { describe, expect, it } from 'vitest';
import { builder, recordKey, type FetchResult, type RecordType } from '../../../src/builder/index.js';
import { toJson } from '../../../src/json/index.js';
import { parse } from '../../../src/syntax/index.js';
import { ShopFields, type DateTime, type LocalDate, type LocalDateTime, type LocalTime, type Shop } from '../../builder/typed/schema.js';

/**
 * Typed data actions (issue 16) over the typed-builder tests' schema: exact record types of
 * FETCH (checked by `tsc`, the first step of `npm test`: `exact<Expected>()(name, fetch)`
 * compiles only when `RecordType<typeof fetch>` is exactly `Expected`), the typed writes' JSON
 * (the same as the text's), and the run-time field checks of a builder given the field lists.
 * Mistakes that must not compile are in mistakes.ts.
 */

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Check<Actual, Expected> = Equal<Actual, Expected> extends true ? [] : ['the type is not the one expected; it is', Actual];

/** `exact<Expected>()(fetch)`: compiles only when the fetch's record type is exactly Expected. */
const exact =
  <Expected>() =>
  <F>(_fetch: F, ..._check: Check<RecordType<F>, Expected>): void => {};
/** `result<Expected>()(fetch)`: the whole result (records array, or the count object). */
const result =
  <Expected>() =>
  <F>(_fetch: F, ..._check: Check<FetchResult<F>, Expected>): void => {};

/** Fields, labels of none; `status` and `paid` of invoices have a default (the spec's field `def`). */
type ShopDefaults = { invoices: 'status' | 'paid' };
const db = builder<Shop, {}, ShopDefaults>(ShopFields);
const loose = builder<Shop>();
const text = (t: string) => toJson(parse(t));

type Invoice = Shop['invoices'];
type Item = Shop['invoices.items'];
interface Always {
  record_id: bigint;
  database_id: number;
}
interface AllAttributes extends Always {
  insert_at: DateTime;
  update_at: DateTime | null;
  file_size: number | null;
  file_type: string | null;
  file_url?: string | null;
  file_key?: string | null;
  tags?: string[];
}
type ItemRecord = Item & AllAttributes & {};
type Flat<T> = { [K in keyof T]: T[K] } & {};

// --- FETCH RECORDS: "record_id | attribute, always present, cannot be filtered out" ---------------
exact<Flat<Item & AllAttributes>>()(db.fetchRecords('invoices.items'));
exact<Flat<Invoice & AllAttributes & { children?: { items?: Flat<ItemRecord>[] } }>>()(db.fetchRecords('invoices'));
exact<Flat<Invoice & AllAttributes>>()(db.fetchRecords('invoices').children(false));
exact<Flat<{ id: bigint; total: number } & Always & { insert_at: DateTime }>>()(
  db.fetchRecords('invoices').fields(['id', 'total']).attributes(['insert_at']).children(false),
);
exact<Flat<Always>>()(db.fetchRecords('customers').fields([]).attributes([]));
exact<Flat<{ memo: string | null; due: LocalDate | null } & AllAttributes & { children?: { items?: Flat<ItemRecord>[] } }>>()(
  db.fetchRecords('invoices').fields(['memo', 'due']).children(null),
);
exact<Flat<Shop['customers'] & AllAttributes>>()(
  db
    .fetchRecords('customers')
    .fields(null)
    .where(({ col }) => col('vip').eq(1))
    .orderBy('name', 'desc')
    .limit(10),
);
result<{ count: number }>()(db.fetchRecords('customers').count());
result<Flat<Shop['customers'] & AllAttributes>[]>()(db.fetchRecords('customers').count().count(false));
exact<Flat<{ [field: string]: any } & AllAttributes>>()(db.fetchRecords(12));

// --- FETCH MULTIRECORDS: "combined as a union by field name" ------------------------------------
exact<
  Flat<
    {
      sku: string;
      qty: number | null;
      price: number | null;
      invoice: bigint | null;
      title: string | null;
      opens: LocalTime | null;
      launched: LocalDateTime | null;
    } & AllAttributes
  >
>()(db.fetchMultirecords(['items', 'products']).children(false));
exact<Flat<Item & AllAttributes & { children?: { [name: string]: unknown[] } }>>()(db.fetchMultirecords('items'));
result<{ count: number }>()(db.fetchMultirecords('items').count());

// --- FETCH PSEUDORECORDS: "each result row is an object keyed by the select header column names" ---
exact<{ id: bigint; total: number }>()(
  db
    .fetchPseudorecords(db.selectFrom('invoices').select('id', 'total'))
    .where(({ col }) => col('total').gt(5))
    .orderBy('id'),
);

describe('typed FETCH: the same JSON as the text', () => {
  it.each([
    [
      'fields, attributes, children off',
      db.fetchRecords('invoices').fields(['id', 'total']).attributes(['insert_at']).children(false),
      'FETCH RECORDS FIELDS (id, total) ATTRIBUTES (insert_at) FROM invoices OPTIONS (CHILDREN = FALSE)',
    ],
    [
      'where and order through the typed expression builder',
      db
        .fetchRecords('customers')
        .where(({ col }) => col('region').eq('eu'))
        .orderBy('name', 'desc')
        .limit(10),
      "FETCH RECORDS FROM customers WHERE region = 'eu' ORDER BY name DESC LIMIT 10",
    ],
    ['records by key', db.fetchRecords('customers').records(recordKey({ id: 7 })), 'FETCH RECORDS FROM customers RECORDS KEY(id = 7)'],
    ['multirecords', db.fetchMultirecords(['items', 'products']).count(), "FETCH COUNT MULTIRECORDS FROM ['items', 'products']"],
    [
      'pseudorecords',
      db
        .fetchPseudorecords(db.selectFrom('invoices').select('id', 'total'))
        .where(({ col }) => col('total').gt(5))
        .orderBy('id'),
      'FETCH PSEUDORECORDS FROM (SELECT id, total FROM invoices) WHERE total > 5 ORDER BY id',
    ],
  ] as const)('%s', (_, fetch, dsq) => {
    expect(fetch.toJson()).toBe(text(dsq));
  });

  it('a database or field the field lists do not have is an error at run time too', () => {
    expect(() => db.fetchRecords('invoice' as 'invoices')).toThrow(/no database "invoice" in the schema's field lists; did you mean "invoices"/);
    expect(() => db.fetchRecords('invoices').fields(['totl'] as never)).toThrow(/\.fields\(\): no field "totl" in "invoices"; did you mean "total"/);
    expect(() => db.fetchRecords('customers').records(recordKey({ ident: 7 }))).toThrow(/the key of \.records\(\): no field "ident" in "customers"/);
    // Without the field lists nothing is known at run time: the types are the only check.
    expect(
      loose
        .fetchRecords('invoices')
        .fields(['totl'] as never)
        .toJson(),
    ).toBe(text('FETCH RECORDS FIELDS (totl) FROM invoices'));
  });

  it("names compare as the spec's JSON keys do (case, white space)", () => {
    expect(
      db
        .fetchRecords('invoices')
        .fields(['TOTAL' as 'total'])
        .toJson(),
    ).toBe(text('FETCH RECORDS FIELDS (TOTAL) FROM invoices'));
  });
});
