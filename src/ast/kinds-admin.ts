import {
  DATABASE_FLAGS,
  type AdminAction,
  type AlterTarget,
  type AlterValue,
  type AlterValueOp,
  type AdminPart,
  type BlobDef,
  type DatabaseDef,
  type FieldDef,
  type FieldOption,
  type GroupDef,
} from './admin-actions.js';
import {
  DATABASE,
  NAME,
  OPTIONAL_BOOLEAN,
  type ChildField,
  type ValueField,
  OPTIONAL_STRING,
  STRING_LIST_OR_NULL,
  at,
  foldedName,
  nonEmpty,
  nullable,
  nullableList,
  one,
  oneOf,
  required,
} from './field-checks.js';
import { action, json, type KindSpec } from './kind-spec.js';
import type { NodeKind } from './nodes.js';

/** The name of a definition the text writes (a group, database, field or blob): a name as the parser reads one (`foldedName`). */
const DEFINITION_NAME = { ...NAME, rule: foldedName } as const satisfies ValueField;

/**
 * The kind table's administrative actions (spec "Administrative actions": schema, alter, drop)
 * and the definitions they carry (src/ast/kinds.ts). The second property that tells the kinds of
 * one action apart (`"drop": "group"`, `"alter": "database"`, `"op": "add_fields"`) is a field
 * with one value (`tag`), so each kind's fields are the spec's JSON object, in its order.
 */

/** A field that holds one word: the JSON property that tells the kinds of one action apart. */
const tag = (word: string) => required(oneOf([word]));

/** The flag, string and list fields of a field definition, in the spec's table order. */
const FIELD_DEF = {
  name: required(DEFINITION_NAME),
  label: OPTIONAL_STRING,
  type: required(NAME),
  format: OPTIONAL_STRING,
  meas: OPTIONAL_STRING,
  unit: OPTIONAL_STRING,
  desc: OPTIONAL_STRING,
  def: OPTIONAL_STRING,
  ref: OPTIONAL_STRING,
  key: OPTIONAL_BOOLEAN,
  nul: OPTIONAL_BOOLEAN,
  strict: OPTIONAL_BOOLEAN,
  lock: OPTIONAL_BOOLEAN,
  options: nullableList('field_option'),
} as const;

/** The fields of a database definition, in the spec's table order (the twelve flags one property each). */
const DATABASE_DEF = {
  name: required(DEFINITION_NAME),
  label: OPTIONAL_STRING,
  format: OPTIONAL_STRING,
  path: OPTIONAL_STRING,
  desc: OPTIONAL_STRING,
  ...(Object.fromEntries(DATABASE_FLAGS.map((f) => [f, OPTIONAL_BOOLEAN])) as { readonly [F in (typeof DATABASE_FLAGS)[number]]: typeof OPTIONAL_BOOLEAN }),
  objects: nullable('json_object'),
  files: nullable('json_object'),
  fields: required(nonEmpty('field_def')),
  blobs: nullableList('blob_def'),
  indexes: STRING_LIST_OR_NULL,
  databases: nullableList('database_def'),
} as const;

/** A specifier of fields of the database in scope (the language server completes and hovers its names). */
const FIELD_SPEC = { role: 'spec', shape: 'one', denotes: 'field' } as const satisfies ChildField;
const FIELD_SPEC_OR_NULL = { role: 'spec', shape: 'nullable', denotes: 'field' } as const satisfies ChildField;

/** The specifiers of an alter's target, by its `alter` (a field's database, then the field). */
const TARGET = {
  group: { group: one('spec') },
  database: { database: DATABASE },
  field: { database: DATABASE, field: FIELD_SPEC },
  user: { user: one('spec') },
} as const;

/** An alter row of `set`, `objects` or `files`: the target, then the JSON object under the op's name. */
const alterValue = <T extends AlterTarget, O extends AlterValueOp>(target: T, op: O) =>
  ({
    role: 'action',
    fields: { alter: tag(target), op: tag(op), ...TARGET[target], [op]: one('json_object') } as unknown as KindSpec<AlterValue<T, O>['kind']>['fields'],
    json: json({ action: 'alter' }),
    keyword: 'ALTER',
    operator: null,
    make: action(`alter_${target}_${op}` as AlterValue<T, O>['kind']),
  }) as const;

export const ADMIN_KINDS = {
  schema_action: {
    role: 'action',
    fields: {},
    json: json({ action: 'schema' }),
    keyword: 'SCHEMA',
    operator: null,
    make: action('schema_action'),
  },
  create_group: {
    role: 'action',
    fields: { create: tag('group'), definition: at('group', one('group_def')), parent: nullable('spec'), teams: nullable('json_value') },
    json: json({ action: 'create' }),
    keyword: 'CREATE',
    operator: null,
    make: action('create_group'),
  },
  create_database: {
    role: 'action',
    fields: { create: tag('database'), definition: at('database', one('database_def')), parent: one('spec'), teams: nullable('json_value') },
    json: json({ action: 'create' }),
    keyword: 'CREATE',
    operator: null,
    make: action('create_database'),
  },
  alter_add_fields: {
    role: 'action',
    fields: {
      alter: tag('database'),
      op: tag('add_fields'),
      database: DATABASE,
      fields: required(nonEmpty('field_def')),
      first: OPTIONAL_BOOLEAN,
      after: FIELD_SPEC_OR_NULL,
    },
    json: json({ action: 'alter' }),
    keyword: 'ALTER',
    operator: null,
    make: action('alter_add_fields'),
  },
  alter_drop_fields: {
    role: 'action',
    fields: { alter: tag('database'), op: tag('drop_fields'), database: DATABASE, fields: FIELD_SPEC },
    json: json({ action: 'alter' }),
    keyword: 'ALTER',
    operator: null,
    make: action('alter_drop_fields'),
  },
  alter_order_fields: {
    role: 'action',
    fields: {
      alter: tag('database'),
      op: tag('order_fields'),
      database: DATABASE,
      fields: { ...required(nonEmpty('spec')), denotes: 'field' },
      after: FIELD_SPEC_OR_NULL,
    },
    json: json({ action: 'alter' }),
    keyword: 'ALTER',
    operator: null,
    make: action('alter_order_fields'),
  },
  alter_reset_partitions: {
    role: 'action',
    fields: { alter: tag('database'), op: tag('reset_partitions'), database: DATABASE, partitions: one('spec') },
    json: json({ action: 'alter' }),
    keyword: 'ALTER',
    operator: null,
    make: action('alter_reset_partitions'),
  },
  alter_group_set: alterValue('group', 'set'),
  alter_group_objects: alterValue('group', 'objects'),
  alter_group_files: alterValue('group', 'files'),
  alter_database_set: alterValue('database', 'set'),
  alter_database_objects: alterValue('database', 'objects'),
  alter_database_files: alterValue('database', 'files'),
  alter_field_set: alterValue('field', 'set'),
  alter_field_objects: alterValue('field', 'objects'),
  alter_field_files: alterValue('field', 'files'),
  alter_user_set: alterValue('user', 'set'),
  alter_user_objects: alterValue('user', 'objects'),
  alter_user_files: alterValue('user', 'files'),
  drop_group: {
    role: 'action',
    fields: { drop: tag('group'), group: one('spec'), children: OPTIONAL_BOOLEAN },
    json: json({ action: 'drop' }),
    keyword: 'DROP',
    operator: null,
    make: action('drop_group'),
  },
  drop_database: {
    role: 'action',
    fields: { drop: tag('database'), database: DATABASE, children: OPTIONAL_BOOLEAN },
    json: json({ action: 'drop' }),
    keyword: 'DROP',
    operator: null,
    make: action('drop_database'),
  },
  drop_team: {
    role: 'action',
    fields: { drop: tag('team'), team: one('spec') },
    json: json({ action: 'drop' }),
    keyword: 'DROP',
    operator: null,
    make: action('drop_team'),
  },
  drop_user: {
    role: 'action',
    fields: { drop: tag('user'), user: one('spec') },
    json: json({ action: 'drop' }),
    keyword: 'DROP',
    operator: null,
    make: action('drop_user'),
  },

  // The definitions
  field_def: {
    role: 'action_part',
    fields: FIELD_DEF,
    json: json({}),
    keyword: null,
    operator: null,
    make: (parts: Omit<FieldDef, 'kind'>): FieldDef => ({ kind: 'field_def', ...parts }),
  },
  field_option: {
    role: 'action_part',
    fields: { value: required(NAME), desc: OPTIONAL_STRING },
    json: json({}),
    keyword: null,
    operator: null,
    make: (value: string, desc: string | null = null): FieldOption => ({ kind: 'field_option', value, desc }),
  },
  blob_def: {
    role: 'action_part',
    fields: { name: required(DEFINITION_NAME), label: OPTIONAL_STRING, desc: OPTIONAL_STRING, nul: OPTIONAL_BOOLEAN },
    json: json({}),
    keyword: null,
    operator: null,
    make: (parts: Omit<BlobDef, 'kind'>): BlobDef => ({ kind: 'blob_def', ...parts }),
  },
  group_def: {
    role: 'action_part',
    fields: { name: required(DEFINITION_NAME), desc: OPTIONAL_STRING },
    json: json({}),
    keyword: null,
    operator: null,
    make: (parts: Omit<GroupDef, 'kind'>): GroupDef => ({ kind: 'group_def', ...parts }),
  },
  database_def: {
    role: 'action_part',
    fields: DATABASE_DEF,
    json: json({}),
    keyword: null,
    operator: null,
    make: (parts: Omit<DatabaseDef, 'kind'>): DatabaseDef => ({ kind: 'database_def', ...parts }) as DatabaseDef,
  },
} as const satisfies { readonly [K in NodeKind]?: KindSpec<K> };

/** The administrative action kinds, in the table's order. */
export const ADMIN_ACTION_KINDS = (Object.keys(ADMIN_KINDS) as (keyof typeof ADMIN_KINDS)[]).filter(
  (k) => ADMIN_KINDS[k].role === 'action',
) as AdminAction['kind'][];
const ADMIN_ACTION_SET: ReadonlySet<string> = new Set(ADMIN_ACTION_KINDS);
export function isAdminAction(node: { readonly kind: string }): node is AdminAction {
  return ADMIN_ACTION_SET.has(node.kind);
}
/** Every kind of this table: the actions and their definitions. */
export const ADMIN_NODE_KINDS = Object.keys(ADMIN_KINDS) as (AdminAction['kind'] | AdminPart['kind'])[];
