import { DATA_ACTION_KINDS, EXPR_KINDS, KINDS, NODE_KINDS, STATEMENT_KINDS, kindTable, kindsOf } from './kinds.js';
import type { NodeKind } from './nodes.js';
import { isChildField, jsonKey, type ChildField, type Denotes, type Field, type Role, type ValueField } from './field-checks.js';

export { describe, type ChildField, type Role, type ValueField } from './field-checks.js';

/**
 * Every node kind's fields as lists, derived from the kind table's `fields` (kinds.ts): the
 * validator (validate.ts) and the checks of checked.ts read them. And the roles: which kinds
 * may stand where a field's role is expected.
 */

/** One field of a kind, in one shape for every field (the checks run on every node the builder makes). */
export interface FieldEntry {
  readonly key: string;
  readonly child: ChildField | null;
  readonly value: ValueField | null;
  /** The key in the spec's JSON object form, or null (field-checks.ts `json`). */
  readonly json: string | null;
  /** The JSON key must be given. */
  readonly required: boolean;
}

function entry(key: string, f: Field): FieldEntry {
  const json = jsonKey(key, f);
  if (isChildField(f)) return { key, child: f, value: null, json, required: f.required ?? (f.shape === 'one' || f.shape === 'listOrOne') };
  return { key, child: null, value: f, json, required: f.required ?? false };
}

/** Each kind's fields, in the kind table's order (built once). */
export const FIELD_LIST = Object.fromEntries(
  NODE_KINDS.map((kind) => [kind, Object.entries(KINDS[kind].fields as Readonly<Record<string, Field>>).map(([key, f]) => entry(key, f))]),
) as unknown as Readonly<Record<NodeKind, readonly FieldEntry[]>>;

/** What the names at `field` of `node` denote (the field's `denotes`, where its `denotesWhen` holds in the node), if anything. */
export function denotesIn(node: object, field: FieldEntry): Denotes | undefined {
  const f = field.child ?? field.value;
  if (f?.denotes === undefined) return undefined;
  const when = f.denotesWhen;
  return when === undefined || when.values.includes((node as Record<string, unknown>)[when.field] as string) ? f.denotes : undefined;
}

/** True when nodes of `kind` have a field `key` (a string not known as a kind: false). */
export function hasField(kind: string, key: string): boolean {
  return Object.hasOwn(KINDS, kind) && Object.hasOwn(KINDS[kind as NodeKind].fields, key);
}

/** Each kind's fields that hold a list (of nodes, or of names): a checked node's lists are frozen with it. */
export const LIST_KEYS = kindTable(
  Object.entries(FIELD_LIST).map(
    ([kind, fields]) =>
      [
        kind,
        fields.filter(({ child, value }) => (child !== null && child.shape !== 'one' && child.shape !== 'nullable') || value?.list === true).map((f) => f.key),
      ] as const,
  ),
) as unknown as Readonly<Record<NodeKind, readonly string[]>>;

// ---------------------------------------------------------------------------------------
// Roles

const ROLE_KINDS: Readonly<Record<Role, readonly NodeKind[]>> = {
  node: NODE_KINDS,
  statement: STATEMENT_KINDS,
  query: ['select', 'select_action'],
  expr: EXPR_KINDS,
  select: kindsOf('select'),
  source: kindsOf('source'),
  spec: kindsOf('specifier'),
  // The items of a specifier array (nodes.ts ArraySpec): keys only in a records specifier.
  singular: ['spec_id', 'spec_name', 'spec_where', 'spec_key'],
  when: kindsOf('when'),
  result_column: kindsOf('result_column'),
  order_term: kindsOf('order_term'),
  records_spec: [...kindsOf('specifier'), 'spec_key'],
  // A field value, or a parameter bound to one (KEY(id = :id)).
  literal: ['null', 'number', 'string', 'boolean', 'param'],
  field_value: ['field_value'],
  field_expr: ['field_expr'],
  file_ref: ['file_ref'],
  record: ['record'],
  delimited_records: ['delimited_records'],
  param: ['param'],
  task: ['task_def', 'task_id', 'task_ref'],
  task_ref: ['task_id', 'task_ref'],
  write: ['insert_action', 'replace_action', 'set_action', 'update_action', 'delete_action', 'trash_action', 'restore_action', 'dispose_action'],
  if_condition: ['if_condition'],
  json_object: ['json_object'],
  json_member: ['json_member'],
  json_value: ['null', 'number', 'string', 'boolean', 'json_object', 'json_array'],
  instant: ['datetime'],
  field_def: ['field_def'],
  field_option: ['field_option'],
  blob_def: ['blob_def'],
  group_def: ['group_def'],
  database_def: ['database_def'],
};
const ROLE_SETS = Object.fromEntries(Object.entries(ROLE_KINDS).map(([r, kinds]) => [r, new Set<string>(kinds)])) as unknown as Readonly<
  Record<Role, ReadonlySet<string>>
>;
/** `kind "a"`, `kind "a" or "b"`, `kind "a", "b" or "c"`: the kinds of a role, for messages. */
function kindList(role: Role): string {
  const names = ROLE_KINDS[role].map((k) => JSON.stringify(k));
  return `kind ${names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : names[0]}`;
}
export const ROLE_NAMES: Readonly<Record<Role, string>> = {
  node: 'a node',
  statement: `a statement (kind "select", "select_action" or a data action such as ${DATA_ACTION_KINDS.slice(0, 2)
    .map((k) => JSON.stringify(k))
    .join(', ')})`,
  query: `a statement that is a query (${kindList('query')})`,
  expr: 'an expression',
  select: `a select node (${kindList('select')})`,
  source: `a source (${kindList('source')})`,
  spec: `a specifier (${kindList('spec')})`,
  singular: `an id, name, where or key specifier (${kindList('singular')})`,
  when: `a CASE arm (${kindList('when')})`,
  result_column: `a result column (${kindList('result_column')})`,
  order_term: `an order term (${kindList('order_term')})`,
  records_spec: `a records specifier (${kindList('records_spec')})`,
  literal: `a field value (${kindList('literal')})`,
  field_value: `a field value (${kindList('field_value')})`,
  field_expr: `a field expression (${kindList('field_expr')})`,
  file_ref: `a binary object reference (${kindList('file_ref')})`,
  record: `a record (${kindList('record')})`,
  delimited_records: `delimiter-separated records (${kindList('delimited_records')})`,
  param: `whole-number text or a parameter (${kindList('param')})`,
  task: `a task definition or a task reference (${kindList('task')})`,
  task_ref: `a task reference (${kindList('task_ref')})`,
  write: `a write action (${kindList('write')}): the spec's if runs "Only write actions"`,
  if_condition: `a condition of an if (${kindList('if_condition')})`,
  json_object: `a JSON object (${kindList('json_object')})`,
  json_member: `a JSON object member (${kindList('json_member')})`,
  json_value: `a JSON value (${kindList('json_value')})`,
  instant: `an instant (${kindList('instant')})`,
  field_def: `a field definition (${kindList('field_def')})`,
  field_option: `a field option (${kindList('field_option')})`,
  blob_def: `a blob definition (${kindList('blob_def')})`,
  group_def: `a group definition (${kindList('group_def')})`,
  database_def: `a database definition (${kindList('database_def')})`,
};

/** True when a node of this kind may stand where `role` is expected. */
export function kindFits(kind: string, role: Role): boolean {
  return ROLE_SETS[role].has(kind);
}
