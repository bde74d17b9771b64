import { KINDS } from '../ast/kinds.js';
import { isDelimited, type ActionPart, type DataActionKind, type FetchAction, type FieldExpr, type FieldValue, type RecordsWrite, type RemoveAction, type WallType } from '../ast/actions.js';
import type { Node, NodeOfKind, WholeOrParam } from '../ast/nodes.js';
import { Raw, obj, orNull, ref, refs, type, typed, whole, type Out, type Writer } from './json-out.js';

/** The data actions' writers (src/ast/actions.ts): the spec's property names, in the order of its tables. */

/** A field value is plain JSON in either form (the spec's record objects have no `{"type": ...}` values). */
const literal = (v: FieldValue['value']): Out => (v.kind === 'param' ? ref(v) : v.kind === 'null' ? null : v.kind === 'number' ? new Raw(v.value) : v.value);
const fieldObj = (items: readonly (FieldValue | FieldExpr)[]) => obj(...items.map((f): readonly [string, Out] => [f.field, f.kind === 'field_value' ? literal(f.value) : ref(f.e)]));
const orNone = (items: readonly (FieldValue | FieldExpr)[]) => (items.length > 0 ? fieldObj(items) : undefined);
const flag = (b: boolean | null) => orNull(b, (v) => v);
const words = (w: string | null) => orNull(w, (v) => v);
const paging = (n: { order: readonly Node[]; limit: WholeOrParam | null; offset: WholeOrParam | null }) =>
  [['order', n.order.length > 0 ? refs(n.order) : undefined], ['limit', whole(n.limit)], ['offset', whole(n.offset)]] as const;
/** The spec's `"action"` (and `"fetch"`) of an action kind (src/ast/kinds.ts `json`). */
const actionOf = (kind: DataActionKind): string => KINDS[kind].json.action;
const fetch = (kind: FetchAction['kind'], ...entries: (readonly [string, Out | undefined])[]) =>
  obj(['action', actionOf(kind)], ['fetch', KINDS[kind].json.fetch], ...entries);
/** A wall specifier (spec "Specifiers"): `{"type": "group", "group": ...}`, database, user alike; a record wall names its database and record. */
const wallSpec = (t: WallType, owner: Out, record: Out | null) =>
  t === 'record' ? obj(['type', t], ['database', owner], ['record', record ?? undefined]) : obj(['type', t], [t, owner]);
const remove = (n: RemoveAction) =>
  obj(['action', actionOf(n.kind)], ['database', ref(n.database)], ['records', ref(n.records)], ['fail_no_op', flag(n.failNoOp)]);
const recordsWrite = (n: RecordsWrite) =>
  obj(
    ['action', actionOf(n.kind)],
    ['database', ref(n.database)],
    ['records', isDelimited(n.records) ? ref(n.records) : refs(n.records)],
    ['on_duplicate', words(n.onDuplicate)],
    ['on_remove', n.kind === 'set_action' ? words(n.onRemove) : undefined],
    ['fail_no_op', flag(n.failNoOp)],
  );

export const ACTION_WRITERS: { readonly [K in DataActionKind | ActionPart['kind']]: Writer<NodeOfKind<K>> } = {
  boolean: (n) => n.value,
  field_value: (n) => fieldObj([n]),
  field_expr: (n) => fieldObj([n]),
  spec_key: (n) => typed(type('spec_key'), ['key', fieldObj(n.key)]),
  file_ref: (n) => (n.form === 'object' ? n.value : typed(n.form, ['content', n.value])),
  delimited_records: (n) => obj(['type', n.format], ['file', ref(n.file)], ['delimiter', words(n.delimiter)], ['quote', words(n.quote)]),
  record: (n) =>
    obj(
      ...n.values.map((f): readonly [string, Out] => [f.field, literal(f.value)]),
      ['expressions', orNone(n.expressions)],
      ['file', orNull(n.file, ref)],
      ['tags', orNull(n.tags, (t) => [...t])],
    ),
  fetch_records: (n) =>
    fetch(
      n.kind,
      ['database', ref(n.database)],
      ['records', orNull(n.records, ref)],
      ['fields', orNull(n.fields, (f) => [...f])],
      ['attributes', orNull(n.attributes, (a) => [...a])],
      ['where', orNull(n.where, ref)],
      ...paging(n),
      ['children', flag(n.children)],
      ['count', flag(n.count)],
    ),
  fetch_multirecords: (n) =>
    fetch(n.kind, ['databases', ref(n.databases)], ['where', orNull(n.where, ref)], ...paging(n), ['children', flag(n.children)], ['count', flag(n.count)]),
  fetch_pseudorecords: (n) => fetch(n.kind, ['select', ref(n.select)], ['where', orNull(n.where, ref)], ...paging(n), ['count', flag(n.count)]),
  fetch_tasks: (n) =>
    fetch(
      n.kind,
      ['from', whole(n.from)],
      ['user', orNull(n.user, ref)],
      ['text', words(n.text)],
      ['where', orNull(n.where, ref)],
      ...paging(n),
      ['count', flag(n.count)],
    ),
  fetch_users: (n) => fetch(n.kind, ['users', orNull(n.users, ref)], ...paging(n)),
  fetch_crons: (n) => fetch(n.kind),
  fetch_pref_defs: (n) => fetch(n.kind),
  fetch_seqs: (n) => fetch(n.kind),
  fetch_follows: (n) => fetch(n.kind, ['user', orNull(n.user, ref)], ['count', flag(n.count)]),
  fetch_keys: (n) => fetch(n.kind, ['user', orNull(n.user, ref)], ['count', flag(n.count)]),
  fetch_prefs: (n) => fetch(n.kind, ['user', orNull(n.user, ref)]),
  fetch_logs: (n) => fetch(n.kind, ['database', ref(n.database)], ['records', ref(n.records)]),
  fetch_notifications: (n) => fetch(n.kind, ['user', orNull(n.user, ref)], ['type', words(n.type)], ['seen', flag(n.seen)]),
  fetch_posts: (n) =>
    fetch(
      n.kind,
      ['wall', n.wallType === null || n.wall === null ? undefined : wallSpec(n.wallType, ref(n.wall), n.wallRecord === null ? null : ref(n.wallRecord))],
      ['following', flag(n.following)],
      ['threads', flag(n.threads)],
      ['post', whole(n.post)],
      ['children', flag(n.children)],
      ['records', flag(n.records)],
    ),
  fetch_user_subscriptions: (n) => fetch(n.kind, ['team', orNull(n.team, ref)], ['user', orNull(n.user, ref)]),
  insert_action: recordsWrite,
  replace_action: recordsWrite,
  set_action: recordsWrite,
  update_action: (n) =>
    obj(
      ['action', actionOf(n.kind)],
      ['database', ref(n.database)],
      ['records', ref(n.records)],
      ['fields', orNone(n.fields)],
      ['expressions', orNone(n.expressions)],
      ['file', words(n.file)],
      ['fail_no_op', flag(n.failNoOp)],
    ),
  delete_action: remove,
  trash_action: remove,
  restore_action: remove,
  dispose_action: remove,
};
