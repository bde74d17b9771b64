import { describe, expect, it } from 'vitest';
import { DsqError } from '../../src/diagnostic/index.js';
import { fromJson, fromJsonResult, toJson } from '../../src/json/index.js';
import { print } from '../../src/print/index.js';
import { parse, parseDocument } from '../../src/syntax/index.js';
import { expectRowRoundTrips, jsonError, textError } from '../helpers/spec-rows.js';

/**
 * Every row of the spec's "Struct actions" tables: its text form compiles to exactly this JSON,
 * the JSON reads back to the same tree, the tree prints as fmt lays the text out, and fmt is
 * idempotent. STRUCT MN MERGE and STRUCT EVENT CLEAR, which the spec does not show, are errors
 * that quote the spec's words, in text and in JSON. The spec's defaults (label from name, desc
 * from label, plural from singular) are the server's: a property not written is not in the JSON.
 */

interface Row {
  readonly row: string;
  readonly text: string;
  readonly json: unknown;
}

const ROWS: readonly Row[] = [
  // struct_buffer_import
  {
    row: 'struct_buffer_import: pipe; file (uploaded object id)',
    text: "STRUCT BUFFER IMPORT INTO PIPE plant.p1 FILE 'obj-7f3a'",
    json: { action: 'struct_buffer_import', pipe: 'plant.p1', file: 'obj-7f3a' },
  },
  {
    row: 'struct_buffer_import: file (text); conf (JSON object); t_import (instant, datetime text)',
    text: "STRUCT BUFFER IMPORT INTO PIPE 12 FILE TEXT 't,v\n1,2' CONF (sep = ',', skip = [1, 2.5], deep = (\"on\" = TRUE)) AT DATETIME '2024-01-31T10:30Z'",
    json: {
      action: 'struct_buffer_import',
      pipe: 12,
      file: { type: 'text', content: 't,v\n1,2' },
      conf: { sep: ',', skip: [1, 2.5], deep: { on: true } },
      t_import: '2024-01-31T10:30Z',
    },
  },
  {
    row: 'struct_buffer_import: file (base64); t_import (instant, epoch milliseconds)',
    text: "STRUCT BUFFER IMPORT INTO PIPE plant.p1 FILE BASE64 'aGk=' AT DATETIME(1706697000000)",
    json: { action: 'struct_buffer_import', pipe: 'plant.p1', file: { type: 'base64', content: 'aGk=' }, t_import: 1706697000000 },
  },
  // struct_mn_alias, struct_mn_edit
  {
    row: 'struct_mn_alias: database; mn (mnemonic id); aliases (array of strings)',
    text: "STRUCT MN ALIAS 9223372036854775807 IN plant.mn ALIASES 'temp/C', 'it''s/K'",
    json: { action: 'struct_mn_alias', database: 'plant.mn', mn: '9223372036854775807', aliases: ['temp/C', "it's/K"] },
  },
  {
    row: 'struct_mn_edit: database; mn (required), name and state absent',
    text: 'STRUCT MN EDIT 12 IN plant.mn',
    json: { action: 'struct_mn_edit', database: 'plant.mn', mn: 12 },
  },
  {
    row: 'struct_mn_edit: name (new name/unit pair); state',
    text: "STRUCT MN EDIT 12 IN plant.mn NAME 'temp/K' STATE 'retired'",
    json: { action: 'struct_mn_edit', database: 'plant.mn', mn: 12, name: 'temp/K', state: 'retired' },
  },
  // struct_event
  {
    row: 'struct_event / insert: database; events (event records, VALUES)',
    text: "STRUCT EVENT INSERT INTO plant.events (name, t, note) VALUES ('start', 1706697000000000, 'ok'), ('stop', 2, NULL)",
    json: {
      action: 'struct_event',
      op: 'insert',
      database: 'plant.events',
      events: [
        { name: 'start', t: 1706697000000000, note: 'ok' },
        { name: 'stop', t: 2, note: null },
      ],
    },
  },
  {
    row: 'struct_event / insert: events as record objects (e_id, expressions)',
    text: "STRUCT EVENT INSERT INTO plant.events RECORDS (e_id = 4, t = 1), (name = '$ext-1', n = a + 1)",
    json: {
      action: 'struct_event',
      op: 'insert',
      database: 'plant.events',
      events: [
        { e_id: 4, t: 1 },
        { name: '$ext-1', expressions: { n: { '$+': [{ $col: 'a' }, 1] } } },
      ],
    },
  },
  {
    row: 'struct_event / close: database; events (events specifier); t absent (now)',
    text: 'STRUCT EVENT CLOSE plant.events EVENTS 5',
    json: { action: 'struct_event', op: 'close', database: 'plant.events', events: 5 },
  },
  {
    row: 'struct_event / close: t (instant in microseconds); fields (map of field values)',
    text: "STRUCT EVENT CLOSE plant.events EVENTS WHERE state = 'open' AT 1706697000000000 SET (note = 'closed', code = 7)",
    json: {
      action: 'struct_event',
      op: 'close',
      database: 'plant.events',
      t: 1706697000000000,
      events: { type: 'where', where: { '$=': [{ $col: 'state' }, 'open'] } },
      fields: { note: 'closed', code: 7 },
    },
  },
  {
    row: 'struct_event / update: database; fields (required); events absent',
    text: "STRUCT EVENT UPDATE plant.events SET (note = 'x')",
    json: { action: 'struct_event', op: 'update', database: 'plant.events', fields: { note: 'x' } },
  },
  {
    row: 'struct_event / update: t; events (events specifier)',
    text: "STRUCT EVENT UPDATE plant.events SET (note = 'x') EVENTS [1, 2] AT 17",
    json: { action: 'struct_event', op: 'update', database: 'plant.events', t: 17, events: [1, 2], fields: { note: 'x' } },
  },
  // struct_create
  {
    row: 'struct_create / category: parent; name (defaults: label, desc)',
    text: 'STRUCT CREATE CATEGORY lines IN GROUP plant',
    json: { action: 'struct_create', create: 'category', parent: 'plant', name: 'lines' },
  },
  {
    row: 'struct_create / category: label; desc; group_teams; database_teams',
    text: "STRUCT CREATE CATEGORY 'line 2' IN GROUP 7 LABEL 'Line 2' DESC 'the second' GROUP_TEAMS (ops = 'admin') DATABASE_TEAMS (ops = ['read', 'write'])",
    json: {
      action: 'struct_create',
      create: 'category',
      parent: 7,
      name: 'line 2',
      label: 'Line 2',
      desc: 'the second',
      group_teams: { ops: 'admin' },
      database_teams: { ops: ['read', 'write'] },
    },
  },
  {
    row: 'struct_create / model: parent; name',
    text: 'STRUCT CREATE MODEL press IN GROUP plant.lines',
    json: { action: 'struct_create', create: 'model', parent: 'plant.lines', name: 'press' },
  },
  {
    row: 'struct_create / model: label; desc; event; eventf; eventfs; group_teams; database_teams',
    text: "STRUCT CREATE MODEL press IN GROUP plant LABEL 'Press' DESC 'presses' GROUP_TEAMS (a = 1) DATABASE_TEAMS (b = 2) OPTIONS (EVENT = TRUE, EVENTF = FALSE, EVENTFS = TRUE)",
    json: {
      action: 'struct_create',
      create: 'model',
      parent: 'plant',
      name: 'press',
      label: 'Press',
      desc: 'presses',
      event: true,
      eventf: false,
      eventfs: true,
      group_teams: { a: 1 },
      database_teams: { b: 2 },
    },
  },
  {
    row: 'struct_create / pipe: model; name; partition absent (false)',
    text: 'STRUCT CREATE PIPE p1 IN MODEL plant.press',
    json: { action: 'struct_create', create: 'pipe', model: 'plant.press', name: 'p1' },
  },
  {
    row: 'struct_create / pipe: partition (boolean)',
    text: "STRUCT CREATE PIPE p1 IN MODEL plant.press LABEL 'P1' PARTITION TRUE",
    json: { action: 'struct_create', create: 'pipe', model: 'plant.press', name: 'p1', label: 'P1', partition: true },
  },
  {
    row: 'struct_create / pipe: partition (object with from and to years); desc; group_teams; database_teams',
    text: "STRUCT CREATE PIPE p1 IN MODEL 3 DESC 'd' GROUP_TEAMS (t = 'x') DATABASE_TEAMS (t = 'y') PARTITION FROM 2020 TO 2030",
    json: {
      action: 'struct_create',
      create: 'pipe',
      model: 3,
      name: 'p1',
      desc: 'd',
      group_teams: { t: 'x' },
      database_teams: { t: 'y' },
      partition: { from: 2020, to: 2030 },
    },
  },
  {
    row: 'struct_create / def: parent',
    text: 'STRUCT CREATE DEF IN GROUP plant.press',
    json: { action: 'struct_create', create: 'def', parent: 'plant.press' },
  },
  {
    row: 'struct_create / event: group (defaults: type none, name by type, singular event, plural singular + s)',
    text: 'STRUCT CREATE EVENT IN GROUP plant.press',
    json: { action: 'struct_create', create: 'event', group: 'plant.press' },
  },
  {
    row: 'struct_create / event: type; name; label; desc; singular; plural; conf; label_type; fields; teams',
    text: "STRUCT CREATE EVENT alarms IN GROUP plant TYPE FILES LABEL 'Alarms' DESC 'the alarms' SINGULAR 'alarm' PLURAL 'alarms' CONF (level = 2) LABEL_TYPE 'utf8vstring(64)' FIELDS (code int KEY, note utf8text LABEL 'Note') TEAMS (ops = 'write')",
    json: {
      action: 'struct_create',
      create: 'event',
      group: 'plant',
      type: 'files',
      name: 'alarms',
      label: 'Alarms',
      desc: 'the alarms',
      singular: 'alarm',
      plural: 'alarms',
      conf: { level: 2 },
      label_type: 'utf8vstring(64)',
      fields: [
        { name: 'code', type: 'int', key: true },
        { name: 'note', label: 'Note', type: 'utf8text' },
      ],
      teams: { ops: 'write' },
    },
  },
  {
    row: 'struct_create / notebook: parent; name',
    text: 'STRUCT CREATE NOTEBOOK notes IN GROUP plant',
    json: { action: 'struct_create', create: 'notebook', parent: 'plant', name: 'notes' },
  },
  {
    row: 'struct_create / notebook: label; desc; fields; teams',
    text: "STRUCT CREATE NOTEBOOK notes IN GROUP plant LABEL 'Notes' DESC 'shift notes' FIELDS (body utf8text) TEAMS (ops = 'read')",
    json: {
      action: 'struct_create',
      create: 'notebook',
      parent: 'plant',
      name: 'notes',
      label: 'Notes',
      desc: 'shift notes',
      fields: [{ name: 'body', type: 'utf8text' }],
      teams: { ops: 'read' },
    },
  },
  {
    row: 'struct_create / event: fields given empty (kept: nothing written is dropped)',
    text: 'STRUCT CREATE EVENT IN GROUP plant FIELDS ()',
    json: { action: 'struct_create', create: 'event', group: 'plant', fields: [] },
  },
  {
    row: 'struct_create / event: label_type before an empty fields list',
    text: "STRUCT CREATE EVENT IN GROUP plant LABEL_TYPE 'utf8vstring(64)' FIELDS () TEAMS (ops = 'read')",
    json: { action: 'struct_create', create: 'event', group: 'plant', label_type: 'utf8vstring(64)', fields: [], teams: { ops: 'read' } },
  },
  {
    row: 'struct_create / notebook: fields given empty (kept)',
    text: 'STRUCT CREATE NOTEBOOK notes IN GROUP plant FIELDS ()',
    json: { action: 'struct_create', create: 'notebook', parent: 'plant', name: 'notes', fields: [] },
  },
  {
    row: 'struct_create / project: name; parent absent (top level)',
    text: 'STRUCT CREATE PROJECT plant',
    json: { action: 'struct_create', create: 'project', name: 'plant' },
  },
  {
    row: 'struct_create / project: parent; label; desc; group_teams; database_teams',
    text: "STRUCT CREATE PROJECT plant IN GROUP sites LABEL 'Plant' DESC 'the plant' GROUP_TEAMS (ops = 'admin') DATABASE_TEAMS (ops = 'read')",
    json: {
      action: 'struct_create',
      create: 'project',
      parent: 'sites',
      name: 'plant',
      label: 'Plant',
      desc: 'the plant',
      group_teams: { ops: 'admin' },
      database_teams: { ops: 'read' },
    },
  },
];

describe('struct actions: the spec tables, row by row', () => {
  it.each(ROWS.map((r) => [r.row, r] as const))('%s', (_, r) => {
    expectRowRoundTrips(r.text, r.json);
  });
});

describe("STRUCT MN MERGE and STRUCT EVENT CLEAR: an error in the spec's words, text and JSON", () => {
  const words = 'payload and behaviour not shown';
  it('struct mn merge', () => {
    const t = textError('STRUCT MN MERGE 1, 2 INTO 3 IN plant.mn');
    expect(t).toMatchObject({ code: 'syntax/unshown-action', at: '1:8' });
    expect(t.message).toContain(words);
    const j = jsonError('{"action": "struct_mn_merge", "database": "plant.mn"}');
    expect(j).toMatchObject({ code: 'json/unshown-action', at: '/action' });
    expect(j.message).toContain(words);
  });
  it('struct event clear', () => {
    const t = textError('STRUCT EVENT CLEAR plant.events');
    expect(t).toMatchObject({ code: 'syntax/unshown-action', at: '1:8' });
    expect(t.message).toContain(words);
    const j = jsonError('{"action": "struct_event", "op": "clear", "database": "plant.events"}');
    expect(j).toMatchObject({ code: 'json/unshown-action', at: '/op' });
    expect(j.message).toContain(words);
  });
});

describe('struct actions: the Errors rows', () => {
  it('struct event with both name and e_id: an error at the event, in text and JSON', () => {
    expect(textError("STRUCT EVENT INSERT INTO e RECORDS (t = 1), (name = 'a', e_id = 4)")).toMatchObject({ code: 'spec/event-name-and-id', at: '1:45' });
    expect(jsonError('{"action": "struct_event", "op": "insert", "database": "e", "events": [{"name": "a", "e_id": 4}]}')).toMatchObject({
      code: 'spec/event-name-and-id',
      at: '/events/0',
    });
  });
});

describe('struct actions: the Errors row "struct create with an invalid parent group type", at the node', () => {
  // What the node shows of it: a parent is one group (a group specifier), not ALL and not an
  // array; its group type, and names used by siblings, the server knows (docs/language.md).
  const KINDS: readonly (readonly [string, string, string, string])[] = [
    ['category', 'CATEGORY c IN GROUP', 'parent', '"create": "category", "name": "c"'],
    ['model', 'MODEL m IN GROUP', 'parent', '"create": "model", "name": "m"'],
    ['def', 'DEF IN GROUP', 'parent', '"create": "def"'],
    ['pipe', 'PIPE p IN MODEL', 'model', '"create": "pipe", "name": "p"'],
    ['event', 'EVENT IN GROUP', 'group', '"create": "event"'],
    ['notebook', 'NOTEBOOK n IN GROUP', 'parent', '"create": "notebook", "name": "n"'],
    ['project', 'PROJECT p IN GROUP', 'parent', '"create": "project", "name": "p"'],
  ];
  it.each(KINDS)('struct_create / %s: the parent ALL or an array is an error at the parent, in text and JSON', (kind, text, key, json) => {
    const all = textError(`STRUCT CREATE ${text} ALL`);
    expect(all).toMatchObject({ code: 'spec/struct-parent', at: `1:${`STRUCT CREATE ${text} `.length + 1}` });
    expect(all.message).toContain(`the ${key} of STRUCT CREATE ${kind.toUpperCase()} must be one group, got ALL`);
    expect(textError(`STRUCT CREATE ${text} [1, 'b']`)).toMatchObject({ code: 'spec/struct-parent', at: `1:${`STRUCT CREATE ${text} `.length + 1}` });
    const j = jsonError(`{"action": "struct_create", ${json}, "${key}": {"type": "all"}}`);
    expect(j).toMatchObject({ code: 'spec/struct-parent', at: `/${key}` });
    expect(jsonError(`{"action": "struct_create", ${json}, "${key}": [1, 2]}`)).toMatchObject({ code: 'spec/struct-parent', at: `/${key}` });
    // One group by id, name or WHERE: no error at the node.
    for (const one of ['7', "'plant.lines'", "(WHERE name = 'x')"]) expect(parseDocument(`STRUCT CREATE ${text} ${one}`).diagnostics).toEqual([]);
  });
  it("the message quotes the spec's rule on the parents of category, model and def", () => {
    expect(textError('STRUCT CREATE DEF IN GROUP ALL').message).toContain('def also accepts a model group');
    expect(textError('STRUCT CREATE NOTEBOOK n IN GROUP ALL').message).not.toContain('def also accepts');
  });
  it('a project without a parent is at the top level: no error', () => {
    expect(parseDocument('STRUCT CREATE PROJECT plant').diagnostics).toEqual([]);
  });
});

describe("struct_create: the spec's defaults are the server's, never written", () => {
  // "label defaults to name; desc defaults to label"; an event database's name by type, singular
  // `event`, plural singular + s, type none, label_type utf8vstring(128); a model's event flags false.
  it('a property not written is not in the JSON, and a default written is kept as written', () => {
    expect(toJson(parse('STRUCT CREATE CATEGORY lines IN GROUP plant'))).toBe('{"action":"struct_create","create":"category","parent":"plant","name":"lines"}');
    const spelled = "STRUCT CREATE EVENT event IN GROUP plant TYPE NONE LABEL 'event' SINGULAR 'event' PLURAL 'events' LABEL_TYPE 'utf8vstring(128)'";
    expect(JSON.parse(toJson(parse(spelled)))).toEqual({
      action: 'struct_create',
      create: 'event',
      group: 'plant',
      type: 'none',
      name: 'event',
      label: 'event',
      desc: undefined,
      singular: 'event',
      plural: 'events',
      label_type: 'utf8vstring(128)',
    });
    expect(print(fromJson(toJson(parse(spelled)))).replace(/\n/g, ' ')).toBe(spelled);
    const model = 'STRUCT CREATE MODEL m IN GROUP p OPTIONS (EVENT = FALSE, EVENTF = FALSE, EVENTFS = FALSE)';
    expect(JSON.parse(toJson(parse(model)))).toMatchObject({ event: false, eventf: false, eventfs: false });
  });
});

describe('struct actions: malformed input gets a clear error', () => {
  it('a partition is a boolean or {from, to}; another order is kept as written', () => {
    const json = '{"action":"struct_create","create":"pipe","model":"m","name":"p","partition":{"to":2030}}';
    expect(toJson(parse(print(fromJson(json))))).toBe(json);
    expect(textError("STRUCT CREATE PIPE p IN MODEL m PARTITION 'x'")).toMatchObject({ code: 'syntax/partition', at: '1:43' });
    expect(jsonError('{"action": "struct_create", "create": "pipe", "model": "m", "name": "p", "partition": "x"}')).toMatchObject({
      code: 'json/wrong-type',
      at: '/partition',
    });
  });
  it('required properties and kinds', () => {
    expect(jsonError('{"action": "struct_event", "op": "insert", "database": "e"}')).toMatchObject({ code: 'json/missing-property' });
    expect(jsonError('{"action": "struct_event", "op": "insert", "database": "e", "events": []}')).toMatchObject({ code: 'json/empty-list', at: '/events' });
    expect(jsonError('{"action": "struct_create", "create": "modle", "parent": 1, "name": "m"}').message).toContain('did you mean "model"');
    expect(jsonError('{"action": "struct_mn_alias", "database": "d", "mn": 1, "aliases": []}').code).toMatch(/empty|wrong/);
    expect(textError('STRUCT EVENT CLOSE plant.events')).toMatchObject({ at: '1:32' });
  });
  it('errors are DsqErrors, never crashes', () => {
    for (const text of [
      'STRUCT',
      'STRUCT MN',
      'STRUCT EVENT INSERT INTO',
      'STRUCT CREATE',
      'STRUCT CREATE EVENT',
      'STRUCT BUFFER IMPORT INTO PIPE p FILE',
      'STRUCT CREATE PIPE p IN MODEL m PARTITION ((((',
    ]) {
      expect(() => parse(text)).toThrow(DsqError);
    }
  });
});

describe("a pipe's partition: each wrong member is its own problem", () => {
  it('a member of the wrong type and an unknown member: two diagnostics, each at its place', () => {
    const json = '{"action":"struct_create","create":"pipe","model":"line","name":"y","partition":{"from":true,"to":0,"zzq1":1}}';
    expect(fromJsonResult(json).diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ['json/wrong-type', '/partition/from'],
      ['json/unknown-property', '/partition/zzq1'],
    ]);
  });
});
