import type { NodeKind, NodeOfKind } from './nodes.js';
import {
  DATABASE,
  NAME,
  OPTIONAL_BOOLEAN,
  OPTIONAL_ONE_OF,
  OPTIONAL_STRING,
  OPTIONAL_WHOLE,
  WHOLE,
  describe,
  nonEmpty,
  nullableList,
  nullable,
  one,
  required,
  type ValueField,
} from './field-checks.js';
import { json, type KindSpec } from './kind-spec.js';
import type { StructAction } from './struct-actions.js';

/**
 * The kind table's struct actions (spec "Struct actions"; the nodes: struct-actions.ts). The
 * kinds of struct_event and struct_create are told apart by `"op"` and `"create"`
 * (STRUCT_SUBTYPES), as DOWNLOAD's by `"download"`; their fields are the spec's properties in
 * its order. Every kind is written `STRUCT ...` in text (src/syntax/struct-rules.ts).
 */

type Kind = StructAction['kind'];
const made =
  <K extends Kind>(kind: K) =>
  (parts: Omit<NodeOfKind<K>, 'kind'>): NodeOfKind<K> =>
    ({ kind, ...parts }) as NodeOfKind<K>;

/** A list of strings, at least one, none empty (a mnemonic's aliases). */
const STRINGS = {
  code: 'wrong-type',
  form: 'names',
  nullable: false,
  list: true,
  type: (v) => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? null : `must be an array of strings, got ${describe(v)}`),
  rule: (v) =>
    Array.isArray(v) && v.length === 0 ? 'must hold at least one alias' : Array.isArray(v) && v.some((x) => x === '') ? 'must not hold an empty string' : null,
} as const satisfies ValueField;

/** struct_event's and struct_create's kinds: the property that tells them apart and its value. */
export const STRUCT_SUBTYPES = {
  struct_event_insert: ['op', 'insert'],
  struct_event_close: ['op', 'close'],
  struct_event_update: ['op', 'update'],
  struct_create_category: ['create', 'category'],
  struct_create_model: ['create', 'model'],
  struct_create_pipe: ['create', 'pipe'],
  struct_create_def: ['create', 'def'],
  struct_create_event: ['create', 'event'],
  struct_create_notebook: ['create', 'notebook'],
  struct_create_project: ['create', 'project'],
} as const satisfies { readonly [K in Kind]?: readonly [string, string] };

const NAMED = { name: required(NAME), label: OPTIONAL_STRING, desc: OPTIONAL_STRING } as const;
const TEAMS = { groupTeams: nullable('json_object'), databaseTeams: nullable('json_object') } as const;
const GROUP = one('spec');

const entry = <K extends Kind>(kind: K, action: string, fields: KindSpec<K>['fields']) =>
  ({ role: 'action', fields, json: json({ action }), keyword: 'STRUCT', operator: null, make: made(kind) }) as const;

export const STRUCT_KINDS = {
  struct_buffer_import: entry('struct_buffer_import', 'struct_buffer_import', {
    pipe: GROUP,
    file: one('file_ref'),
    conf: nullable('json_object'),
    tImport: nullable('instant'),
  }),
  struct_mn_alias: entry('struct_mn_alias', 'struct_mn_alias', { database: DATABASE, mn: required(WHOLE), aliases: required(STRINGS) }),
  struct_mn_edit: entry('struct_mn_edit', 'struct_mn_edit', { database: DATABASE, mn: required(WHOLE), name: OPTIONAL_STRING, state: OPTIONAL_STRING }),
  struct_event_insert: entry('struct_event_insert', 'struct_event', { database: DATABASE, events: required(nonEmpty('record')) }),
  struct_event_close: entry('struct_event_close', 'struct_event', {
    database: DATABASE,
    t: OPTIONAL_WHOLE,
    events: one('records_spec'),
    fields: nullable('record'),
  }),
  struct_event_update: entry('struct_event_update', 'struct_event', {
    database: DATABASE,
    t: OPTIONAL_WHOLE,
    events: nullable('records_spec'),
    fields: one('record'),
  }),
  struct_create_category: entry('struct_create_category', 'struct_create', { parent: GROUP, ...NAMED, ...TEAMS }),
  struct_create_model: entry('struct_create_model', 'struct_create', {
    parent: GROUP,
    ...NAMED,
    event: OPTIONAL_BOOLEAN,
    eventf: OPTIONAL_BOOLEAN,
    eventfs: OPTIONAL_BOOLEAN,
    ...TEAMS,
  }),
  struct_create_pipe: entry('struct_create_pipe', 'struct_create', { model: GROUP, ...NAMED, ...TEAMS, partition: nullable('json_value') }),
  struct_create_def: entry('struct_create_def', 'struct_create', { parent: GROUP }),
  struct_create_event: entry('struct_create_event', 'struct_create', {
    group: GROUP,
    type: OPTIONAL_ONE_OF(['none', 'file', 'files']),
    name: OPTIONAL_STRING,
    label: OPTIONAL_STRING,
    desc: OPTIONAL_STRING,
    singular: OPTIONAL_STRING,
    plural: OPTIONAL_STRING,
    conf: nullable('json_object'),
    labelType: OPTIONAL_STRING,
    fields: nullableList('field_def'),
    teams: nullable('json_object'),
  }),
  struct_create_notebook: entry('struct_create_notebook', 'struct_create', {
    parent: GROUP,
    ...NAMED,
    fields: nullableList('field_def'),
    teams: nullable('json_object'),
  }),
  struct_create_project: entry('struct_create_project', 'struct_create', { parent: nullable('spec'), ...NAMED, ...TEAMS }),
} as const satisfies { readonly [K in NodeKind]?: KindSpec<K> };
