import { describe, expect, it } from 'vitest';
import { builder, recordKey } from '../../src/builder/index.js';
import { DsqError } from '../../src/diagnostic/index.js';
import { toJson } from '../../src/json/index.js';
import { print } from '../../src/print/index.js';
import { parse } from '../../src/syntax/index.js';
import { ShopFields, type Shop } from './typed/schema.js';

/**
 * The struct action builders (issue 29; src/builder/struct-builders.ts): each gives exactly the
 * tree, JSON and text the same action written as text gives; a database and its events' fields
 * are checked against the schema; a mistake is the error the same JSON gives.
 */

const db = builder<Shop>(ShopFields);
const untyped = builder();
const text = (t: string) => toJson(parse(t));

describe('struct action builders: the same JSON as the text', () => {
  it.each([
    [
      'struct_buffer_import',
      () =>
        db.structBufferImport('plant.p1', { type: 'text', content: 't,v' }, { conf: { sep: ',', n: 9223372036854775807n }, tImport: new Date(1706697000000) }),
      "STRUCT BUFFER IMPORT INTO PIPE plant.p1 FILE TEXT 't,v' CONF (sep = ',', n = 9223372036854775807) AT DATETIME(1706697000000)",
    ],
    [
      'struct_buffer_import / object id, datetime text',
      () => db.structBufferImport(3, 'obj-7f3a', { tImport: '2024-01-31T10:30Z' }),
      "STRUCT BUFFER IMPORT INTO PIPE 3 FILE 'obj-7f3a' AT DATETIME '2024-01-31T10:30Z'",
    ],
    [
      'struct_mn_alias',
      () => db.structMnAlias('invoices', '9223372036854775807', ['temp/C', 'T/C']),
      "STRUCT MN ALIAS 9223372036854775807 IN invoices ALIASES 'temp/C', 'T/C'",
    ],
    [
      'struct_mn_edit',
      () => db.structMnEdit('invoices', 12, { name: 'temp/K', state: 'retired' }),
      "STRUCT MN EDIT 12 IN invoices NAME 'temp/K' STATE 'retired'",
    ],
    [
      'struct_event / insert',
      () =>
        db.structEventInsert('invoices', [
          { name: 'start', total: 1.5 },
          { e_id: 4, memo: null },
        ]),
      "STRUCT EVENT INSERT INTO invoices RECORDS (name = 'start', total = 1.5), (e_id = 4, memo = NULL)",
    ],
    [
      'struct_event / close',
      () => db.structEventClose('invoices', recordKey({ id: 7 }), { t: 1706697000000000n, fields: { memo: 'closed' } }),
      "STRUCT EVENT CLOSE invoices EVENTS KEY(id = 7) AT 1706697000000000 SET (memo = 'closed')",
    ],
    [
      'struct_event / update',
      () => db.structEventUpdate('invoices', { status: 'x' }, { events: [1, 2], t: 17 }),
      "STRUCT EVENT UPDATE invoices SET (status = 'x') EVENTS [1, 2] AT 17",
    ],
    ['struct_event / update, every event', () => db.structEventUpdate('invoices', { status: 'x' }), "STRUCT EVENT UPDATE invoices SET (status = 'x')"],
    [
      'struct_create / project',
      () => db.structCreate({ create: 'project', name: 'plant', label: 'Plant', groupTeams: { ops: 'admin' } }),
      "STRUCT CREATE PROJECT plant LABEL 'Plant' GROUP_TEAMS (ops = 'admin')",
    ],
    [
      'struct_create / category',
      () => db.structCreate({ create: 'category', parent: 'plant', name: 'lines', databaseTeams: { ops: ['read'] } }),
      "STRUCT CREATE CATEGORY lines IN GROUP plant DATABASE_TEAMS (ops = ['read'])",
    ],
    [
      'struct_create / model',
      () => db.structCreate({ create: 'model', parent: 7, name: 'press', event: true, eventfs: false }),
      'STRUCT CREATE MODEL press IN GROUP 7 OPTIONS (EVENT = TRUE, EVENTFS = FALSE)',
    ],
    [
      'struct_create / pipe',
      () => db.structCreate({ create: 'pipe', model: 'plant.press', name: 'p1', partition: { from: 2020, to: 2030 } }),
      'STRUCT CREATE PIPE p1 IN MODEL plant.press PARTITION FROM 2020 TO 2030',
    ],
    ['struct_create / def', () => db.structCreate({ create: 'def', parent: 'plant.press' }), 'STRUCT CREATE DEF IN GROUP plant.press'],
    [
      'struct_create / event',
      () =>
        db.structCreate({
          create: 'event',
          group: 'plant',
          type: 'files',
          singular: 'alarm',
          labelType: 'utf8vstring(64)',
          fields: [{ name: 'code', type: 'int', key: true }],
          teams: { ops: 'write' },
        }),
      "STRUCT CREATE EVENT IN GROUP plant TYPE FILES SINGULAR 'alarm' LABEL_TYPE 'utf8vstring(64)' FIELDS (code int KEY) TEAMS (ops = 'write')",
    ],
    [
      'struct_create / notebook, fields given empty',
      () => db.structCreate({ create: 'notebook', parent: 'plant', name: 'notes', fields: [] }),
      'STRUCT CREATE NOTEBOOK notes IN GROUP plant FIELDS ()',
    ],
  ] as const)('%s', (_, build, expected) => {
    const b = build();
    expect(b.toJson()).toBe(text(expected));
    expect(b.toAst()).toEqual(parse(expected));
    expect(toJson(parse(b.toText()))).toBe(text(expected));
    expect(print(b.toAst())).toBe(print(parse(expected)));
  });
});

describe('struct action builders: checks', () => {
  it('a database and the fields of events are checked against the schema (name and e_id are not fields)', () => {
    // @ts-expect-error: no database invoice in the schema
    expect(() => db.structEventInsert('invoice', [{ total: 1 }])).toThrow(/no database "invoice".*did you mean "invoices"/);
    // @ts-expect-error: totl is no field of invoices (the types say so too)
    expect(() => db.structEventInsert('invoices', [{ name: 'a', totl: 1 }])).toThrow(DsqError);
    // @ts-expect-error: nope is no field of invoices
    expect(() => db.structEventUpdate('invoices', { nope: 1 })).toThrow(DsqError);
    // @ts-expect-error: nope is no field of invoices
    expect(() => db.structEventClose('invoices', 1, { fields: { nope: 1 } })).toThrow(DsqError);
    // @ts-expect-error: no database nope in the schema
    expect(() => db.structMnEdit('nope', 1)).toThrow(DsqError);
    expect(() => untyped.structEventInsert('anything', [{ whatever: 1 }])).not.toThrow();
  });
  it("the spec's checks: a parent is one group, an event has not both name and e_id", () => {
    expect(() => db.structCreate({ create: 'category', parent: [1, 2], name: 'c' })).toThrow(/spec\/struct-parent|must be one group/);
    expect(() => db.structEventInsert('invoices', [{ name: 'a', e_id: 4 }])).toThrow(/both name and e_id/);
  });
  it('a mistake is the error the same JSON gives', () => {
    expect(() => db.structCreate({ create: 'modle', parent: 1, name: 'm' } as never)).toThrow(/did you mean "model"/);
    expect(() => db.structMnAlias('invoices', 1, [])).toThrow(DsqError);
    expect(() => db.structCreate({ create: 'pipe', model: 'm', name: 'p', partition: 'x' } as never)).toThrow(/partition/);
    expect(() => db.structCreate(null as never)).toThrow(DsqError);
  });
});
