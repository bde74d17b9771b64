import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builder, recordKey } from '../../../src/builder/index.js';
import { toJson } from '../../../src/json/index.js';
import { emitTypes, readSchema } from '../../../src/schema/index.js';
import { parse } from '../../../src/syntax/index.js';
import { SchemaFields, type Schema, type SchemaDefaults, type SchemaFeatures, type SchemaKeys, type SchemaLabels } from '../../../examples/shop.schema.js';

/**
 * What the typed INSERT needs from the schema (issue 16): the spec's field definition has `def`
 * ("def | string | no"), the database definition `trash` ("trash enables the trash table and the
 * TRASH, RESTORE and DISPOSE actions"); `dsq types` writes the fields with a default as
 * `<Name>Defaults`, which `builder<Schema, SchemaLabels, SchemaDefaults>()` takes.
 */
const SHOP = readFileSync(join(import.meta.dirname, '..', '..', '..', 'examples', 'shop.schema.json'), 'utf8');

describe('schema: def and trash', () => {
  const schema = readSchema(SHOP);
  const orders = schema.groups[0]!.databases[0]!;
  it('reads "def" of a field definition (absent when not given) and "trash" of a database definition', () => {
    expect(orders.fields.find((f) => f.name === 'status')?.def).toBe('open');
    expect(orders.fields.find((f) => f.name === 'id')).not.toHaveProperty('def');
    expect(orders.trash).toBe(true);
    expect(schema.groups[0]!.databases[1]!.trash ?? false).toBe(false);
  });
  it('a def that is not a string is an error with its pointer', () => {
    expect(() => readSchema('{"name": "t", "fields": [{"name": "a", "type": "int", "def": 5}]}')).toThrow(
      /"def" of field "a" of database "t" must be a string/,
    );
  });
  it('dsq types writes <Name>Defaults: database → fields with a default, aliases too', () => {
    const ts = emitTypes(schema);
    expect(ts).toContain(
      'export type SchemaDefaults = {\n  orders: "status" | "paid";\n  products: "stock";\n  prices: "currency";\n  flags: "cleanup_due";\n  grants: "flags" | "balance";\n  "shop.orders": SchemaDefaults["orders"];\n  "shop.products": SchemaDefaults["products"];',
    );
    expect(emitTypes(readSchema('{"name": "t", "fields": [{"name": "a", "type": "int"}]}'))).toContain('export type SchemaDefaults = {\n};');
  });
  it('dsq types writes <Name>Features and <Name>Keys (issue 26): every database, never for none, aliases too', () => {
    const ts = emitTypes(schema);
    expect(ts).toContain(
      'export type SchemaFeatures = {\n  orders: "trash";\n  "orders.lines": never;\n  customers: never;\n  sales: never;\n  "archive/2023 data": never;\n  products: "trash" | "file";\n  prices: "trash" | "tag";',
    );
    expect(ts).toContain('  "shop.orders": SchemaFeatures["orders"];\n');
    expect(ts).toContain('export type SchemaKeys = {\n  orders: "id";\n  "orders.lines": "sku";\n  customers: "id";\n  sales: "order_id" | "line";');
    expect(ts).toContain('  flags: "name";\n  audit: never;\n');
    const both = emitTypes(
      readSchema(
        '{"name": "t", "trash": true, "file": true, "tag": true, "fields": [{"name": "a", "type": "int", "key": true}, {"name": "b", "type": "int", "key": true}]}',
      ),
    );
    expect(both).toContain('export type SchemaFeatures = {\n  t: "trash" | "file" | "tag";\n};');
    expect(both).toContain('export type SchemaKeys = {\n  t: "a" | "b";\n};');
  });
});

describe('the features and keys over the generated example schema (issue 26)', () => {
  const db = builder<Schema, SchemaLabels, SchemaDefaults, SchemaFeatures, SchemaKeys>(SchemaFields);
  it('TRASH and recordKey where the schema allows them; the others do not compile', () => {
    expect(
      db
        .trashFrom('orders')
        .records([recordKey({ id: 1 })])
        .toText(),
    ).toBe('TRASH FROM orders RECORDS [KEY(id = 1)]');
    // @ts-expect-error customers has no trash feature
    db.trashFrom('customers');
    // @ts-expect-error name is no key field of customers
    db.deleteFrom('customers').records(recordKey({ name: 'Ann' }));
  });
});

describe('the typed INSERT over the generated example schema', () => {
  const db = builder<Schema, SchemaLabels, SchemaDefaults>(SchemaFields);
  it('leaves out the fields with a default (status, paid) and the nullable ones', () => {
    const insert = db.insertInto('orders').values([{ id: 1n, customer: 7, placed: '2024-01-31T10:00:00Z' }]);
    expect(insert.toJson()).toBe(toJson(parse("INSERT INTO orders (id, customer, placed) VALUES (1, 7, '2024-01-31T10:00:00Z')")));
    // biome-ignore format: the @ts-expect-error must stay on the line before the mistake
    // @ts-expect-error without SchemaDefaults, status and paid are required
    builder<Schema>(SchemaFields).insertInto('orders').values([{ id: 1n, customer: 7, placed: '2024-01-31T10:00:00Z' }]);
  });
});
