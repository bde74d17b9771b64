import { describe, expect, it } from 'vitest';
import { fromJson, fromJsonResult, toJson } from '../../src/json/index.js';
import { format, print } from '../../src/print/index.js';
import { parse, parseResult } from '../../src/syntax/index.js';
import { findings, SCHEMA } from '../lint/helpers.js';

/**
 * Every row of the spec's tables of the administrative actions dsq writes as text ("schema",
 * "drop", "alter" database / add_fields, drop_fields, order_fields, reset_partitions, and the
 * field definition's properties): its text compiles to exactly this JSON, the JSON reads back
 * to the same tree, and the tree prints to text that compiles to the same JSON again.
 */

interface Row {
  readonly row: string;
  readonly text: string;
  readonly json: unknown;
}

const db = 'shop.orders';
const alter = (op: string, rest: object) => ({ action: 'alter', alter: 'database', op, database: db, ...rest });

const ROWS: readonly Row[] = [
  { row: 'schema', text: 'SCHEMA', json: { action: 'schema' } },
  {
    row: 'create / group — group (group definition: name, desc)',
    text: "CREATE GROUP shop DESC 'the shop'",
    json: { action: 'create', create: 'group', group: { name: 'shop', desc: 'the shop' } },
  },
  {
    row: 'create / group — parent (group specifier; no, absent means root-level group)',
    text: 'CREATE GROUP eu IN GROUP shop',
    json: { action: 'create', create: 'group', group: { name: 'eu' }, parent: 'shop' },
  },
  {
    row: 'create / group — teams: an array of team specifiers',
    text: "CREATE GROUP eu TEAMS ['ops', 3]",
    json: { action: 'create', create: 'group', group: { name: 'eu' }, teams: ['ops', 3] },
  },
  {
    row: 'create / group — teams: an object of team to privilege name to boolean',
    text: 'CREATE GROUP eu IN GROUP 4 TEAMS (ops = (read = TRUE, alter = FALSE), audit = ())',
    json: { action: 'create', create: 'group', group: { name: 'eu' }, parent: 4, teams: { ops: { read: true, alter: false }, audit: {} } },
  },
  {
    row: 'create / database — database (database definition), parent (group specifier; yes)',
    text: 'CREATE DATABASE orders IN GROUP shop (id int(8) KEY, note utf8text NULL) OPTIONS (TRASH = TRUE, FILE = TRUE)',
    json: {
      action: 'create',
      create: 'database',
      database: {
        name: 'orders',
        file: true,
        trash: true,
        fields: [
          { name: 'id', type: 'int(8)', key: true },
          { name: 'note', type: 'utf8text', nul: true },
        ],
      },
      parent: 'shop',
    },
  },
  {
    row: 'database definition — every property (name, label, format, path, desc, the twelve flags, objects, files, fields, blobs, indexes, databases) and teams',
    text:
      "CREATE DATABASE orders IN GROUP 7 (id int(8) KEY) LABEL 'Orders' FORMAT 'f' PATH 'p' DESC 'd' BLOBS (scan LABEL 'Scan' DESC 'x' NOT NULL, pdf) INDEXES ('id', 'a,b') OBJECTS (a = 1.5, b = [1, 'x', NULL]) FILES (logo = 'obj-1', old = NULL) " +
      'OPTIONS (DYNAMIC = TRUE, EVENT = FALSE, FILE = TRUE, LINK = TRUE, LOCK = TRUE, LOG = TRUE, NOTIFY = TRUE, SUBSCRIBE = TRUE, TAG = TRUE, TRACK = TRUE, TRASH = TRUE, WALL = FALSE) ' +
      'DATABASES (lines (n int(4)) OPTIONS (TAG = TRUE), notes (t utf8text) DATABASES (x (y int(4)))) TEAMS (ops = (insert = TRUE))',
    json: {
      action: 'create',
      create: 'database',
      database: {
        name: 'orders',
        label: 'Orders',
        format: 'f',
        path: 'p',
        desc: 'd',
        dynamic: true,
        event: false,
        file: true,
        link: true,
        lock: true,
        log: true,
        notify: true,
        subscribe: true,
        tag: true,
        track: true,
        trash: true,
        wall: false,
        objects: { a: 1.5, b: [1, 'x', null] },
        files: { logo: 'obj-1', old: null },
        fields: [{ name: 'id', type: 'int(8)', key: true }],
        blobs: [{ name: 'scan', label: 'Scan', desc: 'x', nul: false }, { name: 'pdf' }],
        indexes: ['id', 'a,b'],
        databases: [
          { name: 'lines', tag: true, fields: [{ name: 'n', type: 'int(4)' }] },
          { name: 'notes', fields: [{ name: 't', type: 'utf8text' }], databases: [{ name: 'x', fields: [{ name: 'y', type: 'int(4)' }] }] },
        ],
      },
      parent: 7,
      teams: { ops: { insert: true } },
    },
  },
  { row: 'drop / group', text: 'DROP GROUP archive', json: { action: 'drop', drop: 'group', group: 'archive' } },
  {
    row: 'drop / group — children (boolean; false): with it they are dropped too',
    text: 'DROP GROUP archive CHILDREN',
    json: { action: 'drop', drop: 'group', group: 'archive', children: true },
  },
  {
    row: 'drop / group — children false, explicit',
    text: 'DROP GROUP 7 OPTIONS (CHILDREN = FALSE)',
    json: { action: 'drop', drop: 'group', group: 7, children: false },
  },
  { row: 'drop / database', text: 'DROP DATABASE shop.orders', json: { action: 'drop', drop: 'database', database: db } },
  {
    row: 'drop / database — children (boolean; false)',
    text: 'DROP DATABASE shop.orders CHILDREN',
    json: { action: 'drop', drop: 'database', database: db, children: true },
  },
  { row: 'drop / team', text: "DROP TEAM 'night shift'", json: { action: 'drop', drop: 'team', team: 'night shift' } },
  { row: 'drop / user', text: 'DROP USER [3, 4]', json: { action: 'drop', drop: 'user', user: [3, 4] } },
  {
    row: 'alter database / add_fields',
    text: 'ALTER DATABASE shop.orders ADD FIELDS note utf8text, qty int(4)',
    json: alter('add_fields', {
      fields: [
        { name: 'note', type: 'utf8text' },
        { name: 'qty', type: 'int(4)' },
      ],
    }),
  },
  {
    row: 'alter database / add_fields — first (boolean, optional, false)',
    text: 'ALTER DATABASE shop.orders ADD FIELDS note utf8text FIRST',
    json: alter('add_fields', { fields: [{ name: 'note', type: 'utf8text' }], first: true }),
  },
  {
    row: 'alter database / add_fields — first false, explicit',
    text: 'ALTER DATABASE shop.orders ADD FIELDS note utf8text OPTIONS (FIRST = FALSE)',
    json: alter('add_fields', { fields: [{ name: 'note', type: 'utf8text' }], first: false }),
  },
  {
    row: 'alter database / add_fields — after (field specifier, optional)',
    text: 'ALTER DATABASE shop.orders ADD FIELDS note utf8text AFTER qty',
    json: alter('add_fields', { fields: [{ name: 'note', type: 'utf8text' }], after: 'qty' }),
  },
  {
    row: 'field definition — every property (name, label, type, format, meas, unit, desc, def, ref, key, nul, strict, lock, options)',
    text: "ALTER DATABASE shop.orders ADD FIELDS w 'decimal(10, 2)' LABEL 'Weight' FORMAT '0.00' MEAS 'mass' UNIT 'kg' DESC 'net weight' DEFAULT '0' REF 'units.kg' KEY NOT NULL STRICT NOT LOCK OPTIONS ('0' DESC 'none', '1')",
    json: alter('add_fields', {
      fields: [
        {
          name: 'w',
          label: 'Weight',
          type: 'decimal(10, 2)',
          format: '0.00',
          meas: 'mass',
          unit: 'kg',
          desc: 'net weight',
          def: '0',
          ref: 'units.kg',
          key: true,
          nul: false,
          strict: true,
          lock: false,
          options: [{ value: '0', desc: 'none' }, { value: '1' }],
        },
      ],
    }),
  },
  {
    row: 'field definition — a type name with sizes, written bare',
    text: 'ALTER DATABASE shop.orders ADD FIELDS d decimal(10, 2)',
    json: alter('add_fields', { fields: [{ name: 'd', type: 'decimal(10,2)' }] }),
  },
  {
    row: 'alter database / drop_fields',
    text: "ALTER DATABASE shop.orders DROP FIELDS ['note', 'legacy']",
    json: alter('drop_fields', { fields: ['note', 'legacy'] }),
  },
  { row: 'alter database / drop_fields — one field', text: 'ALTER DATABASE shop.orders DROP FIELDS note', json: alter('drop_fields', { fields: 'note' }) },
  { row: 'alter database / order_fields', text: 'ALTER DATABASE shop.orders ORDER FIELDS f4, f2', json: alter('order_fields', { fields: ['f4', 'f2'] }) },
  {
    row: 'alter database / order_fields — after (field specifier, optional)',
    text: 'ALTER DATABASE shop.orders ORDER FIELDS (f4, f2) AFTER f3',
    json: alter('order_fields', { fields: ['f4', 'f2'], after: 'f3' }),
  },
  {
    row: 'alter database / reset_partitions',
    text: 'ALTER DATABASE shop.orders RESET PARTITIONS [2019, 2020]',
    json: alter('reset_partitions', { partitions: [2019, 2020] }),
  },
];

describe('the administrative actions, row by row: text → JSON → tree → text', () => {
  for (const { row, text, json } of ROWS) {
    it(row, () => {
      const tree = parse(text);
      expect(JSON.parse(toJson(tree))).toEqual(json);
      expect(fromJson(JSON.stringify(json))).toEqual(tree);
      const printed = print(tree);
      expect(parse(printed)).toEqual(tree);
      expect(format(printed)).toBe(format(format(printed)));
    });
  }
  it('keywords are case-insensitive', () => {
    expect(parse('alter database shop.orders add fields note utf8text first')).toEqual(parse('ALTER DATABASE shop.orders ADD FIELDS note utf8text FIRST'));
    expect(parse('drop group g children')).toEqual(parse('DROP GROUP g CHILDREN'));
  });
});

describe('what the spec does not show: an error in its words', () => {
  it('create / team: "Definitions of user and team: not shown"', () => {
    const r = fromJsonResult('{"action": "create", "create": "team", "team": {"name": "ops"}}');
    expect(r.diagnostics[0]?.message).toContain('Definitions of user and team: not shown');
  });
  it('create / user: "Definitions of user and team: not shown"', () => {
    const r = fromJsonResult('{"action": "create", "create": "user", "user": {}}');
    expect(r.diagnostics[0]?.message).toContain('Definitions of user and team: not shown');
  });
});

describe('create: what the spec does not allow', () => {
  it('CREATE TEAM / CREATE USER text: "Definitions of user and team: not shown"', () => {
    for (const what of ['TEAM', 'USER']) {
      const d = parseResult(`CREATE ${what} ops`).diagnostics;
      expect(d.map((x) => x.code)).toEqual(['syntax/unshown-action']);
      expect(d[0]?.message).toContain('Definitions of user and team: not shown');
    }
  });
  it('create database needs parent (group specifier; yes)', () => {
    expect(parseResult('CREATE DATABASE orders (id int(8))').diagnostics[0]?.code).toBe('syntax/unexpected-token');
    const d = fromJsonResult('{"action": "create", "create": "database", "database": {"name": "o", "fields": [{"name": "a", "type": "int(4)"}]}}')
      .diagnostics[0];
    expect([d?.code, d?.message]).toEqual(['json/missing-property', expect.stringContaining('"parent"')]);
  });
  it('a database definition needs at least one field', () => {
    const d = fromJsonResult('{"action": "create", "create": "database", "database": {"name": "o", "fields": []}, "parent": "g"}').diagnostics[0];
    expect([d?.code, d?.pointer]).toEqual(['json/empty-list', '/database/fields']);
  });
  it('teams: a privilege that is not a boolean, a team given other than privileges', () => {
    expect(parseResult('CREATE GROUP g TEAMS (ops = (read = 1))').diagnostics.map((d) => d.code)).toEqual(['spec/teams']);
    const j = fromJsonResult('{"action": "create", "create": "group", "group": {"name": "g"}, "teams": {"ops": true}}').diagnostics;
    expect(j.map((d) => [d.code, d.pointer])).toEqual([['spec/teams', '/teams']]);
    expect(fromJsonResult('{"action": "create", "create": "group", "group": {"name": "g"}, "teams": "ops"}').diagnostics.map((d) => d.code)).toEqual([
      'spec/teams',
    ]);
  });
  it('objects and files are JSON objects', () => {
    expect(parseResult('CREATE DATABASE o IN GROUP g (a int(4)) OBJECTS [1]').diagnostics.map((d) => d.code)).toEqual(['syntax/json-object']);
    const d = fromJsonResult(
      '{"action": "create", "create": "database", "database": {"name": "o", "fields": [{"name": "a", "type": "int(4)"}], "files": [1]}, "parent": "g"}',
    ).diagnostics[0];
    expect([d?.code, d?.pointer]).toEqual(['json/wrong-type', '/database/files']);
  });
  it('an unknown feature flag in OPTIONS names the twelve', () => {
    expect(parseResult('CREATE DATABASE o IN GROUP g (a int(4)) OPTIONS (TRASHED = TRUE)').diagnostics[0]?.message).toContain(
      'DYNAMIC, EVENT, FILE, LINK, LOCK, LOG, NOTIFY, SUBSCRIBE, TAG, TRACK, TRASH, WALL',
    );
  });
});

describe('the Errors table rows of the administrative actions', () => {
  const codes = (text: string) => parseResult(text).diagnostics.map((d) => [d.code, d.severity]);
  it('add_fields with duplicate names', () => {
    expect(codes('ALTER DATABASE d ADD FIELDS a int(4), A utf8text')).toEqual([['spec/add-fields-twice', 'error']]);
  });
  it("add_fields with duplicate labels (a label equal to another new field's name or label)", () => {
    expect(codes("ALTER DATABASE d ADD FIELDS a int(4) LABEL 'Amount', b int(4) LABEL 'amount'")).toEqual([['spec/add-fields-twice', 'error']]);
    expect(codes("ALTER DATABASE d ADD FIELDS a int(4), b int(4) LABEL 'a'")).toEqual([['spec/add-fields-twice', 'error']]);
  });
  it('add_fields: the error is placed at the clashing definition (its name or label), in text and in JSON', () => {
    const r = parseResult("ALTER DATABASE d ADD FIELDS a int(4), b int(4) LABEL 'A'");
    expect(r.diagnostics.map((d) => [d.code, d.span?.line, d.span?.column])).toEqual([['spec/add-fields-twice', 1, 39]]);
    const j = fromJsonResult(
      '{"action": "alter", "alter": "database", "op": "add_fields", "database": "d", "fields": [{"name": "a", "type": "int(4)"}, {"name": "b", "label": "A", "type": "int(4)"}]}',
    );
    expect(j.diagnostics.map((d) => [d.code, d.pointer])).toEqual([['spec/add-fields-twice', '/fields/1/label']]);
  });
  it('create database: two fields sharing a name or a label (silent in the spec; the add_fields rule applied to the definition)', () => {
    const r = parseResult('CREATE DATABASE d IN GROUP g (a int(4), A utf8text)');
    expect(r.diagnostics.map((d) => [d.code, d.span?.column])).toEqual([['spec/fields-twice', 41]]);
    const j = fromJsonResult(
      '{"action": "create", "create": "database", "parent": "g", "database": {"name": "d", "fields": [{"name": "a", "type": "int(4)"}, {"name": "A", "type": "int(4)"}]}}',
    );
    expect(j.diagnostics.map((d) => [d.code, d.pointer])).toEqual([['spec/fields-twice', '/database/fields/1/name']]);
    expect(codes("CREATE DATABASE d IN GROUP g (a int(4) LABEL 'x', b int(4) LABEL 'y')")).toEqual([]);
    // Labels of white space only name nothing: no clash (the checked-tree property found it).
    expect(codes("CREATE DATABASE d IN GROUP g (a int(4) LABEL ' ', b int(4) LABEL '\r\n')").filter((c) => c[0] === 'spec/fields-twice')).toEqual([]);
  });
  it('add_fields: first true with after', () => {
    const r = parseResult('ALTER DATABASE d ADD FIELDS a int(4) FIRST AFTER b');
    expect(r.diagnostics.map((d) => d.code)).toEqual(['spec/first-and-after']);
    expect(r.diagnostics[0]?.message).toContain('first true together with after fails');
    // From JSON, placed at "after".
    const j = fromJsonResult(
      '{"action": "alter", "alter": "database", "op": "add_fields", "database": "d", "fields": [{"name": "a", "type": "int(4)"}], "first": true, "after": "b"}',
    );
    expect(j.diagnostics.map((d) => [d.code, d.pointer])).toEqual([['spec/first-and-after', '/after']]);
  });
  it('add_fields: first false with after is no error', () => {
    expect(codes('ALTER DATABASE d ADD FIELDS a int(4) AFTER b OPTIONS (FIRST = FALSE)')).toEqual([]);
  });
  it('order_fields where after is in fields', () => {
    const r = parseResult('ALTER DATABASE d ORDER FIELDS f4, F2 AFTER f2');
    expect(r.diagnostics.map((d) => [d.code, d.span?.column])).toEqual([['spec/after-in-fields', 44]]);
    const j = fromJsonResult('{"action": "alter", "alter": "database", "op": "order_fields", "database": "d", "fields": ["f4", "f2"], "after": "f2"}');
    expect(j.diagnostics.map((d) => [d.code, d.pointer])).toEqual([['spec/after-in-fields', '/after']]);
  });
});

describe('JSON the reader rejects', () => {
  const first = (text: string) => fromJsonResult(text).diagnostics[0];
  it('an unknown drop kind names the known ones', () => {
    expect(first('{"action": "drop", "drop": "grup", "group": "g"}')?.message).toBe(
      '"drop" of a DROP action must be "group", "database", "team" or "user", got the string "grup" (did you mean "group"?)',
    );
  });
  it('a missing alter op', () => {
    expect(first('{"action": "alter", "alter": "database", "database": "d"}')?.code).toBe('json/missing-property');
  });
  it('an empty fields array of add_fields', () => {
    expect(first('{"action": "alter", "alter": "database", "op": "add_fields", "database": "d", "fields": []}')?.code).toBe('json/empty-list');
  });
  it('a field definition without type', () => {
    const d = first('{"action": "alter", "alter": "database", "op": "add_fields", "database": "d", "fields": [{"name": "a"}]}');
    expect([d?.code, d?.pointer]).toEqual(['json/missing-property', '/fields/0']);
  });
});

/**
 * Issue 29's Errors rows that the schema decides, and its lint rows, one test per row named
 * after it (the rules' own tables are test/lint/rules.test.ts): with test/lint/fixtures/schema.json,
 * where sales.orders has the key id and child databases, and hr.people has the fields name and age.
 */
describe("issue 29's Errors and lint rows, one by one", () => {
  const found = (text: string, rule: string) => findings(text, rule, { schema: SCHEMA }).map((d) => `${d.severity} ${d.span?.line}:${d.span?.column}`);
  it('drop_fields of a key field (error, with a schema)', () => {
    expect(found('ALTER DATABASE sales.orders DROP FIELDS id', 'alter-fields-schema')).toEqual(['error 1:41']);
  });
  it('drop_fields of all fields (error, with a schema)', () => {
    expect(found("ALTER DATABASE hr.people DROP FIELDS ['name', 'AGE']", 'alter-fields-schema')).toEqual(['error 1:38']);
    expect(found('ALTER DATABASE hr.people DROP FIELDS age', 'alter-fields-schema')).toEqual([]);
  });
  it('add_fields sharing a name or label with an existing field (error, with a schema)', () => {
    expect(found('ALTER DATABASE sales.orders ADD FIELDS Region utf8text', 'alter-fields-schema')).toEqual(['error 1:40']);
  });
  it('drop of a group or database with children without CHILDREN (a warning: the server decides)', () => {
    expect(found('DROP DATABASE sales.orders', 'drop-with-children')).toEqual(['warning 1:1']);
    expect(found('DROP GROUP hr OPTIONS (CHILDREN = FALSE)', 'drop-with-children')).toEqual(['warning 1:1']);
    expect(found('DROP DATABASE sales.orders CHILDREN', 'drop-with-children')).toEqual([]);
  });
  it('lint: DROP and RESET PARTITIONS are permanent (info, like DELETE)', () => {
    for (const text of ['DROP GROUP g', 'DROP DATABASE d CHILDREN', "DROP TEAM 'ops'", 'DROP USER 4', 'ALTER DATABASE d RESET PARTITIONS [2020]'])
      expect(found(text, 'permanent-write'), text).toEqual(['info 1:1']);
  });
  it('lint: ALTER ... ADD/DROP FIELDS may take hours on large databases (info)', () => {
    for (const text of ['ALTER DATABASE d ADD FIELDS a int(4)', 'ALTER DATABASE d DROP FIELDS a'])
      expect(found(text, 'alter-fields-slow'), text).toEqual(['info 1:1']);
    expect(found('ALTER DATABASE d ORDER FIELDS a, b', 'alter-fields-slow')).toEqual([]);
  });
});
