import type { Expr, NodeKind, Select, SelectAction } from './nodes.js';
import { FETCH_TYPE, WRITE_ACTION, type BooleanLit, type FieldExpr, type FieldLiteral, type FieldValue, type FileRef, type KeySpec, type RecordData } from './actions.js';
import { BooleanNode, FieldExprNode, FieldValueNode, FileRefNode, RecordNode, SelectActionNode, SpecKeyNode } from './objects.js';
import { json, action, type KindSpec } from './kind-spec.js';

/** The kind table's actions (SELECT, FETCH, the writes) and the parts of data actions (src/ast/kinds.ts). */
export const ACTION_KINDS = {
  // Actions
  select_action: {
    role: 'action',
    children: ['select'],
    json: json({ action: 'select' }),
    keyword: 'OPTIONS',
    operator: null,
    make: (select: Select, options: { rows?: string | null; useStrings?: boolean | null; echo?: boolean | null } = {}): SelectAction =>
      new SelectActionNode(select, options.rows ?? null, options.useStrings ?? null, options.echo ?? null),
  },
  // Data actions (src/ast/actions.ts): FETCH and the writes
  fetch_records: {
    role: 'action',
    children: ['database', 'records', 'where', 'order'],
    json: json({ action: 'fetch', fetch: FETCH_TYPE.fetch_records }),
    keyword: 'FETCH',
    operator: null,
    make: action('fetch_records'),
  },
  fetch_multirecords: {
    role: 'action',
    children: ['databases', 'where', 'order'],
    json: json({ action: 'fetch', fetch: FETCH_TYPE.fetch_multirecords }),
    keyword: 'FETCH',
    operator: null,
    make: action('fetch_multirecords'),
  },
  fetch_pseudorecords: {
    role: 'action',
    children: ['select', 'where', 'order'],
    json: json({ action: 'fetch', fetch: FETCH_TYPE.fetch_pseudorecords }),
    keyword: 'FETCH',
    operator: null,
    make: action('fetch_pseudorecords'),
  },
  fetch_tasks: {
    role: 'action',
    children: ['user', 'where', 'order'],
    json: json({ action: 'fetch', fetch: FETCH_TYPE.fetch_tasks }),
    keyword: 'FETCH',
    operator: null,
    make: action('fetch_tasks'),
  },
  fetch_users: {
    role: 'action',
    children: ['users', 'order'],
    json: json({ action: 'fetch', fetch: FETCH_TYPE.fetch_users }),
    keyword: 'FETCH',
    operator: null,
    make: action('fetch_users'),
  },
  insert_action: {
    role: 'action',
    children: ['database', 'records'],
    json: json({ action: WRITE_ACTION.insert_action }),
    keyword: 'INSERT',
    operator: null,
    make: action('insert_action'),
  },
  replace_action: {
    role: 'action',
    children: ['database', 'records'],
    json: json({ action: WRITE_ACTION.replace_action }),
    keyword: 'REPLACE',
    operator: null,
    make: action('replace_action'),
  },
  set_action: {
    role: 'action',
    children: ['database', 'records'],
    json: json({ action: WRITE_ACTION.set_action }),
    keyword: 'SET',
    operator: null,
    make: action('set_action'),
  },
  update_action: {
    role: 'action',
    children: ['database', 'records', 'fields', 'expressions'],
    json: json({ action: WRITE_ACTION.update_action }),
    keyword: 'UPDATE',
    operator: null,
    make: action('update_action'),
  },
  delete_action: {
    role: 'action',
    children: ['database', 'records'],
    json: json({ action: WRITE_ACTION.delete_action }),
    keyword: 'DELETE',
    operator: null,
    make: action('delete_action'),
  },
  trash_action: {
    role: 'action',
    children: ['database', 'records'],
    json: json({ action: WRITE_ACTION.trash_action }),
    keyword: 'TRASH',
    operator: null,
    make: action('trash_action'),
  },
  restore_action: {
    role: 'action',
    children: ['database', 'records'],
    json: json({ action: WRITE_ACTION.restore_action }),
    keyword: 'RESTORE',
    operator: null,
    make: action('restore_action'),
  },
  dispose_action: {
    role: 'action',
    children: ['database', 'records'],
    json: json({ action: WRITE_ACTION.dispose_action }),
    keyword: 'DISPOSE',
    operator: null,
    make: action('dispose_action'),
  },

  // The parts of data actions
  boolean: {
    role: 'action_part',
    children: [],
    // A field value `true` / `false`.
    json: json({ plain: 'boolean' }),
    keyword: null,
    operator: null,
    make: (value: boolean): BooleanLit => new BooleanNode(value),
  },
  field_value: {
    role: 'action_part',
    children: ['value'],
    // `"field": value` of a record object, a key or UPDATE's `fields`.
    json: json({}),
    keyword: null,
    operator: null,
    make: (field: string, value: FieldLiteral): FieldValue => new FieldValueNode(field, value),
  },
  field_expr: {
    role: 'action_part',
    children: ['e'],
    // `"field": expression` of `expressions`.
    json: json({}),
    keyword: null,
    operator: null,
    make: (field: string, e: Expr): FieldExpr => new FieldExprNode(field, e),
  },
  spec_key: {
    role: 'action_part',
    children: ['key'],
    json: json({ type: 'key' }),
    keyword: 'KEY',
    operator: null,
    make: (key: readonly FieldValue[]): KeySpec => new SpecKeyNode(key),
  },
  file_ref: {
    role: 'action_part',
    children: [],
    // An object id (a JSON string), or `{"type": "text"|"base64", "content": ...}`.
    json: json({ plain: 'string' }),
    keyword: 'FILE',
    operator: null,
    make: (form: FileRef['form'], value: string): FileRef => new FileRefNode(form, value),
  },
  record: {
    role: 'action_part',
    children: ['values', 'expressions', 'file'],
    // A record object: field values, `expressions`, `file`, `tags`.
    json: json({}),
    keyword: null,
    operator: null,
    make: (parts: Omit<RecordData, 'kind'>): RecordData => new RecordNode(parts.values, parts.expressions, parts.file, parts.tags),
  },
} as const satisfies { readonly [K in NodeKind]?: KindSpec<K> };
