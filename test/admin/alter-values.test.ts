import { describe, expect, it } from 'vitest';
import { fromJson, fromJsonResult, toJson } from '../../src/json/index.js';
import { format, print } from '../../src/print/index.js';
import { parse, parseResult } from '../../src/syntax/index.js';

/**
 * The rows of the spec's alter table that change a group's, database's, field's or user's
 * parameters (`set`), objects or files, one test per row named after it: the text compiles to
 * exactly the spec's JSON (its keys, in the table's order), the JSON reads back to the same
 * tree, and the tree prints to text that parses to it again.
 */

interface Row {
  readonly row: string;
  readonly text: string;
  readonly json: unknown;
}

const alter = (target: string, op: string, rest: object) => ({ action: 'alter', alter: target, op, ...rest });
const db = 'shop.orders';

const ROWS: readonly Row[] = [
  {
    row: 'alter group / set — group (specifier); set (object of parameter to value)',
    text: "ALTER GROUP shop SET \"desc\" = 'the shop', label = 'Shop'",
    json: alter('group', 'set', { group: 'shop', set: { desc: 'the shop', label: 'Shop' } }),
  },
  {
    row: 'alter group / objects — objects (object of key to object value; a null value deletes the key)',
    text: "ALTER GROUP 7 OBJECTS (theme = (color = 'red', sizes = [1, 2.5]), old = NULL)",
    json: alter('group', 'objects', { group: 7, objects: { theme: { color: 'red', sizes: [1, 2.5] }, old: null } }),
  },
  {
    row: 'alter group / files — files (object of key to object id; null deletes)',
    text: "ALTER GROUP shop FILES (logo = 'obj-1', old = NULL)",
    json: alter('group', 'files', { group: 'shop', files: { logo: 'obj-1', old: null } }),
  },
  {
    row: 'alter database / set — database; set',
    text: "ALTER DATABASE shop.orders SET label = 'Orders', trash = TRUE",
    json: alter('database', 'set', { database: db, set: { label: 'Orders', trash: true } }),
  },
  {
    row: 'alter database / objects — database; objects',
    text: 'ALTER DATABASE shop.orders OBJECTS (layout = [1, 2], gone = NULL)',
    json: alter('database', 'objects', { database: db, objects: { layout: [1, 2], gone: null } }),
  },
  {
    row: 'alter database / files — database; files',
    text: "ALTER DATABASE 12 FILES (template = 'obj-2')",
    json: alter('database', 'files', { database: 12, files: { template: 'obj-2' } }),
  },
  {
    row: 'alter field / set — database; field (specifier); set',
    text: "ALTER DATABASE shop.orders ALTER FIELD qty SET label = 'Quantity', unit = 'pcs'",
    json: alter('field', 'set', { database: db, field: 'qty', set: { label: 'Quantity', unit: 'pcs' } }),
  },
  {
    row: 'alter field / objects — database; field; objects',
    text: "ALTER DATABASE shop.orders ALTER FIELD 3 OBJECTS (widget = (kind = 'spin'))",
    json: alter('field', 'objects', { database: db, field: 3, objects: { widget: { kind: 'spin' } } }),
  },
  {
    row: 'alter field / files — database; field; files',
    text: "ALTER DATABASE shop.orders ALTER FIELD qty FILES (icon = 'obj-3', old = NULL)",
    json: alter('field', 'files', { database: db, field: 'qty', files: { icon: 'obj-3', old: null } }),
  },
  {
    row: 'alter user / set — user (specifier); set',
    text: "ALTER USER 'ann' SET name = 'Ann Lee'",
    json: alter('user', 'set', { user: 'ann', set: { name: 'Ann Lee' } }),
  },
  {
    row: 'alter user / objects — user; objects',
    text: 'ALTER USER 42 OBJECTS (prefs = (dark = TRUE))',
    json: alter('user', 'objects', { user: 42, objects: { prefs: { dark: true } } }),
  },
  {
    row: 'alter user / files — user; files',
    text: "ALTER USER 42 FILES (avatar = 'obj-4')",
    json: alter('user', 'files', { user: 42, files: { avatar: 'obj-4' } }),
  },
  { row: 'alter group / set — an empty set object', text: 'ALTER GROUP shop SET ()', json: alter('group', 'set', { group: 'shop', set: {} }) },
  {
    row: 'alter database / set — a set object in parentheses',
    text: "ALTER DATABASE shop.orders SET (label = 'Orders')",
    json: alter('database', 'set', { database: db, set: { label: 'Orders' } }),
  },
];

describe('alter set, objects, files, row by row: text → JSON → tree → text', () => {
  for (const { row, text, json } of ROWS) {
    it(row, () => {
      const tree = parse(text);
      expect(JSON.parse(toJson(tree))).toEqual(json);
      expect(Object.keys(JSON.parse(toJson(tree)))).toEqual(Object.keys(json as object));
      expect(fromJson(JSON.stringify(json))).toEqual(tree);
      const printed = print(tree);
      expect(parse(printed)).toEqual(tree);
      expect(format(printed)).toBe(format(format(printed)));
    });
  }
  it('keywords are case-insensitive', () => {
    expect(parse("alter database shop.orders alter field qty set label = 'q'")).toEqual(parse("ALTER DATABASE shop.orders ALTER FIELD qty SET label = 'q'"));
  });
  it('SET prints as SQL writes it, without parentheses', () => {
    expect(print(parse("ALTER GROUP shop SET (label = 'Shop', \"desc\" = 'd')"))).toBe("ALTER GROUP shop SET label = 'Shop', \"desc\" = 'd'");
  });
});

describe('alter set, objects, files: bad input', () => {
  const error = (text: string) => parseResult(text).diagnostics.map((d) => d.message);
  it('a keyword as a key: said, with the quoted form', () => {
    expect(error("ALTER GROUP shop SET DESC = 'x'")[0]).toContain('DESC is a keyword: a key of that name is written in double quotes, "desc"');
  });
  it('OBJECTS and FILES take a JSON object', () => {
    expect(error('ALTER GROUP shop FILES [1]')[0]).toContain('FILES takes a JSON object');
    expect(error('ALTER USER 1 OBJECTS')[0]).toContain("expected '(' (a JSON object");
  });
  it('a group, field or user has no field operations', () => {
    expect(error('ALTER GROUP shop ADD FIELDS x int')[0]).toContain("expected SET, OBJECTS or FILES after 'ALTER GROUP ...'");
  });
  it("a data type's sizes: a comma is followed by a size, never dropped (`decimal(10,)` is no `decimal(10)`)", () => {
    // Every statement that defines fields reads their types with the same rule.
    const statements = (type: string) => [
      `CREATE DATABASE d IN GROUP g (x ${type})`,
      `ALTER DATABASE d ADD FIELDS (x ${type})`,
      `STRUCT CREATE EVENT IN GROUP g FIELDS (x ${type})`,
    ];
    for (const type of ['decimal(10,)', 'int(4, )', 'decimal(10, 2,)']) {
      for (const text of statements(type)) expect(error(text), text).toEqual([`expected a number after ',', found ')'`]);
    }
    for (const text of statements('decimal(10, /* c */ 2)')) expect(error(text), text).toEqual([]);
    expect(JSON.parse(toJson(parse('CREATE DATABASE d IN GROUP g (x decimal ( 10 , 2 ))')))).toMatchObject({
      database: { fields: [{ name: 'x', type: 'decimal(10,2)' }] },
    });
  });
  it('JSON: set must be an object', () => {
    const r = fromJsonResult(JSON.stringify(alter('group', 'set', { group: 'shop', set: [1] })));
    expect(r.diagnostics[0]?.message).toContain('"set" of');
  });
  it('JSON: a field alter needs its database', () => {
    const r = fromJsonResult(JSON.stringify(alter('field', 'set', { field: 'qty', set: {} })));
    expect(r.diagnostics[0]?.message).toContain('"database"');
  });
});

describe('spec checks of the alter rows', () => {
  it('alter / files: each value an object id (a string) or null — in text and JSON, at the files', () => {
    const text = parseResult('ALTER USER 1 FILES (avatar = 5, old = NULL)').diagnostics;
    expect(text.map((d) => d.code)).toEqual(['spec/alter-files']);
    expect(text[0]?.message).toContain('"avatar"');
    const json = fromJsonResult(JSON.stringify(alter('group', 'files', { group: 'g', files: { logo: 'obj-1', bad: { x: 1 } } }))).diagnostics;
    expect(json.map((d) => [d.code, d.pointer])).toEqual([['spec/alter-files', '/files']]);
  });
  it('alter / objects and set: any JSON values (null too)', () => {
    expect(parseResult('ALTER GROUP g OBJECTS (a = 1, b = (c = [TRUE]), d = NULL)').diagnostics).toEqual([]);
    expect(parseResult("ALTER DATABASE db ALTER FIELD f SET label = 'x', nul = TRUE").diagnostics).toEqual([]);
  });
});

describe('a hand-built administrative tree with an empty name is refused by the JSON writer, like the other kinds', () => {
  const fieldDef = {
    kind: 'field_def',
    name: 'a',
    label: null,
    type: 'int',
    format: null,
    meas: null,
    unit: null,
    desc: null,
    def: null,
    ref: null,
    key: null,
    nul: null,
    strict: null,
    lock: null,
    options: [],
  };
  const written = (tree: unknown) => {
    try {
      return toJson(tree as never);
    } catch (e) {
      return String(e);
    }
  };
  it('CREATE GROUP with an empty group name', () => {
    expect(written({ kind: 'create_group', create: 'group', definition: { kind: 'group_def', name: '', desc: null }, parent: null, teams: null })).toMatch(
      /"name" of group definition must not be empty/,
    );
  });
  it('CREATE DATABASE with an empty database name', () => {
    const definition = {
      kind: 'database_def',
      name: '',
      label: null,
      format: null,
      path: null,
      desc: null,
      dynamic: null,
      event: null,
      file: null,
      link: null,
      lock: null,
      log: null,
      notify: null,
      subscribe: null,
      tag: null,
      track: null,
      trash: null,
      wall: null,
      objects: null,
      files: null,
      fields: [fieldDef],
      blobs: [],
      indexes: null,
      databases: [],
    };
    expect(written({ kind: 'create_database', create: 'database', definition, parent: { kind: 'spec_name', name: 'g' }, teams: null })).toMatch(
      /"name" of database definition must not be empty/,
    );
  });
  it('CREATE GROUP whose name is only white space (U+FEFF too: the parser reads none of it as a name)', () => {
    for (const name of [' ', '\uFEFF', '\t\n']) {
      expect(written({ kind: 'create_group', create: 'group', definition: { kind: 'group_def', name, desc: null }, parent: null, teams: null })).toMatch(
        /"name" of group definition must not be empty \(it is only white space\)/,
      );
    }
  });
  it('ADD FIELDS with an empty field name', () => {
    expect(
      written({
        kind: 'alter_add_fields',
        alter: 'database',
        op: 'add_fields',
        database: { kind: 'spec_name', name: 'g' },
        fields: [{ ...fieldDef, name: '' }],
        first: null,
        after: null,
      }),
    ).toMatch(/"name" of field definition must not be empty/);
  });
});
