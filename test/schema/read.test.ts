import { describe, expect, it } from 'vitest';
import { DsqError } from '../../src/diagnostic/index.js';
import { allDatabases, fieldCategory, schemaFromValue, findDatabase, findDatabases, findField, readSchema, tsTypeOf } from '../../src/schema/index.js';

const ORDERS = {
  name: 'orders',
  label: 'Orders',
  fields: [
    { name: 'id', type: 'int(8)', key: true },
    { name: 'amount', label: 'Order amount', type: 'decimal(10,2)', nul: true },
    { name: 'status', type: 'utf8vstring(16)' },
  ],
  blobs: [{ name: 'photo', nul: true }],
  databases: [{ name: 'lines', fields: [{ name: 'qty', type: 'int(4)' }] }],
};

function errorOf(text: string): DsqError {
  try {
    readSchema(text);
  } catch (err) {
    if (err instanceof DsqError) return err;
    throw err;
  }
  throw new Error('expected a DsqError');
}

describe('readSchema', () => {
  it('reads the feature flags the linter checks (trash, file, tag), absent when false', () => {
    const schema = readSchema(
      JSON.stringify([
        { name: 'a', trash: true, file: true, tag: true, fields: [{ name: 'x', type: 'int(4)' }] },
        { name: 'b', trash: false, file: false, fields: [{ name: 'x', type: 'int(4)' }] },
      ]),
    );
    const [a, b] = schema.groups[0]!.databases;
    expect([a!.trash, a!.file, a!.tag]).toEqual([true, true, true]);
    expect([b!.trash, b!.file, b!.tag]).toEqual([undefined, undefined, undefined]);
    expect(() => readSchema(JSON.stringify([{ name: 'c', file: 'yes', fields: [{ name: 'x', type: 'int(4)' }] }]))).toThrow(
      /\/0\/file: "file" of database "c" must be true or false, got the string "yes"/,
    );
  });

  it('reads the schema action reply, with nested groups and defaults', () => {
    const schema = readSchema(
      JSON.stringify({ groups: [{ name: 'sales', desc: 'Sales', databases: [ORDERS], groups: [{ name: 'archive', databases: [] }] }] }),
    );
    const group = schema.groups[0]!;
    expect(group.name).toBe('sales');
    expect(group.desc).toBe('Sales');
    expect(group.groups[0]).toEqual({ name: 'archive', desc: null, databases: [], groups: [] });
    const db = group.databases[0]!;
    expect(db.label).toBe('Orders');
    expect(db.fields).toEqual([
      { name: 'id', label: 'id', type: 'int(8)', nul: false, key: true },
      { name: 'amount', label: 'Order amount', type: 'decimal(10,2)', nul: true, key: false },
      { name: 'status', label: 'status', type: 'utf8vstring(16)', nul: false, key: false },
    ]);
    expect(db.blobs).toEqual([{ name: 'photo', label: 'photo', nul: true }]);
    expect(db.databases[0]!.label).toBe('lines');
  });

  it('reads a bare array and a single database definition into one implicit group', () => {
    const a = readSchema(JSON.stringify([ORDERS]));
    const b = readSchema(JSON.stringify(ORDERS));
    expect(a).toEqual(b);
    expect(a.groups[0]!.name).toBe('');
    expect(a.groups[0]!.databases[0]!.name).toBe('orders');
  });

  it('reads keys case-insensitively and rejects duplicates by the JSON rules', () => {
    const s = readSchema('{"NAME":"t","Fields":[{" name ":"a","TYPE":"int(4)","Nul":true}]}');
    expect(s.groups[0]!.databases[0]!.fields[0]).toMatchObject({ name: 'a', nul: true });
    const err = errorOf('{"name":"t","Name":"u","fields":[{"name":"a","type":"int"}]}');
    expect(err.first.pointer).toBe('/Name');
    expect(err.first.message).toMatch(/duplicate key/);
  });

  it('reports every missing name and type with its JSON pointer', () => {
    const err = errorOf(JSON.stringify({ groups: [{ name: 'g', databases: [{ fields: [{ name: 'a' }, { type: 'int(4)' }, { name: 'c', type: 4 }] }] }] }));
    expect(err.diagnostics.map((d) => [d.pointer, d.message])).toEqual([
      ['/groups/0/databases/0', 'a database definition has no "name" (a non-empty string is required)'],
      ['/groups/0/databases/0/fields/0', 'field "a" of a database definition has no "type" (a non-empty string is required)'],
      ['/groups/0/databases/0/fields/1', 'a field definition of a database definition has no "name" (a non-empty string is required)'],
      ['/groups/0/databases/0/fields/2/type', '"type" of field "c" of a database definition must be a string, got the number 4'],
    ]);
  });

  it('rejects wrong types, missing or empty fields, and duplicate field names', () => {
    expect(errorOf('{"name":"t"}').first.message).toBe('database "t" has no "fields" (an array of at least one field definition is required)');
    expect(errorOf('{"name":"t","fields":[]}').first.pointer).toBe('/fields');
    expect(errorOf('{"name":"t","fields":[{"name":"a","type":"int","nul":"yes"}]}').first.pointer).toBe('/fields/0/nul');
    expect(errorOf('{"name":"t","fields":[{"name":"a","type":"int"},{"name":"a","type":"int"}]}').first.message).toBe('duplicate field of database "t": "a"');
    expect(errorOf('{"groups":{}}').first.message).toMatch(/expected an array of group definitions/);
    expect(errorOf('42').first.message).toMatch(/^expected a schema/);
    expect(errorOf('{"databases":[]}').first.message).toMatch(/^expected a schema/);
  });

  it('reads under the spec JSON rules: trailing commas, undefined members, spans on errors', () => {
    const s = readSchema('{"name":"t","desc":undefined,"fields":[{"name":"a","type":"int",},],}');
    expect(s.groups[0]!.databases[0]!.fields).toHaveLength(1);
    const err = errorOf('{\n  "name": "t",\n  "fields": [{"name": "a", "type": 4}]\n}');
    expect(err.first.span).toMatchObject({ line: 3, column: 36 });
    expect(err.format('s.json')).toContain('s.json:3:36: error: "type" of field "a" of database "t" must be a string');
  });

  it('reads an already-parsed value', () => {
    expect(schemaFromValue([{ name: 't', fields: [{ name: 'a', type: 'int' }] }]).groups[0]!.databases[0]!.name).toBe('t');
    expect(() => schemaFromValue({ name: 't' })).toThrow(DsqError);
  });

  it('reports JSON syntax errors with a line and column', () => {
    const err = errorOf('{\n  "name": "t",\n  "fields": []\n  "x": 1}');
    expect(err.first.code).toMatch(/^json\//);
    expect(err.first.span?.line).toBe(4);
    expect(err.format('schema.json')).toContain('schema.json:4:');
  });
});

describe('lookups', () => {
  const schema = readSchema(JSON.stringify({ groups: [{ name: 'sales', databases: [ORDERS, { name: 'lines', fields: [{ name: 'x', type: 'int' }] }] }] }));

  it('lists databases with paths, children after parents', () => {
    expect(allDatabases(schema).map((e) => [e.path, e.groups.join('/'), e.parent?.name ?? null])).toEqual([
      ['orders', 'sales', null],
      ['orders.lines', 'sales', 'orders'],
      ['lines', 'sales', null],
    ]);
  });

  it('finds databases by name, by path, and by group-qualified path', () => {
    expect(findDatabases(schema, 'lines').map((e) => e.path)).toEqual(['orders.lines', 'lines']);
    expect(findDatabase(schema, 'lines')).toBeNull();
    expect(findDatabase(schema, 'orders.lines')?.fields[0]?.name).toBe('qty');
    expect(findDatabase(schema, 'sales.orders')?.name).toBe('orders');
    expect(findDatabase(schema, 'ORDERS')?.name).toBe('orders');
    expect(findDatabase(schema, 'nope')).toBeNull();
  });

  it('finds fields by name or label', () => {
    const orders = findDatabase(schema, 'orders')!;
    expect(findField(orders, 'amount')?.name).toBe('amount');
    expect(findField(orders, 'Order amount')?.name).toBe('amount');
    expect(findField(orders, 'STATUS')?.name).toBe('status');
    expect(findField(orders, 'missing')).toBeNull();
  });

  it('maps type names to categories and TypeScript types', () => {
    expect(['int(4)', 'int(8)', 'double', 'decimal(10,2)', 'bool', 'utf8text', 'utf8vstring(128)', 'datetime', 'blob', 'mystery'].map(tsTypeOf)).toEqual([
      'number',
      'bigint',
      'number',
      'number',
      'boolean',
      'string',
      'string',
      'DateTime',
      'unknown',
      'unknown',
    ]);
    expect(['date', 'time', 'localdatetime', 'timestamp'].map(tsTypeOf)).toEqual(['LocalDate', 'LocalTime', 'LocalDateTime', 'DateTime']);
    expect(fieldCategory('INT(8)')).toBe('bigint');
  });
});
