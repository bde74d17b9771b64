import { DATA_ACTION_KINDS, KINDS } from '../ast/kinds.js';
import { FIELD_LIST, type FieldEntry } from '../ast/fields.js';
import type { ActionPart, DataAction, DataActionKind, FetchPosts, FieldExpr, FieldValue } from '../ast/data-actions.js';
import type { Node, NodeOfKind, WholeOrParam } from '../ast/nodes.js';
import type { AdminPart } from '../ast/admin-actions.js';
import { Raw, obj, orNull, ref, refs, type, typed, whole, type Out, type Writer } from './json-out.js';

/**
 * The data actions' writers (src/ast/data-actions.ts): each field under its JSON key, in the order
 * of the kind's fields in the kind table (the order of the spec's tables), written by what the
 * field holds; and the parts only data actions hold.
 */

/** A field value is plain JSON in either form (the spec's record objects have no `{"type": ...}` values). */
const literal = (v: FieldValue['value']): Out => (v.kind === 'param' ? ref(v) : v.kind === 'null' ? null : v.kind === 'number' ? new Raw(v.value) : v.value);
const fieldObj = (items: readonly (FieldValue | FieldExpr)[]) =>
  obj(...items.map((f): readonly [string, Out] => [f.field, f.kind === 'field_value' ? literal(f.value) : ref(f.e)]));
const words = (w: string | null) => orNull(w, (v) => v);
/** A wall specifier (spec "Specifiers"): `{"type": "group", "group": ...}`, database, user alike; a record wall names its database and record. */
const wallSpec = (n: FetchPosts): Out | undefined => {
  if (n.wallType === null || n.wall === null) return undefined;
  const owner = ref(n.wall);
  return n.wallType === 'record'
    ? obj(['type', n.wallType], ['database', owner], ['record', orNull(n.wallRecord, ref)])
    : obj(['type', n.wallType], [n.wallType, owner]);
};

/** One field's JSON value (undefined: left out), by what the kind table says it holds. */
function fieldOut(f: FieldEntry, v: unknown): Out | undefined {
  if (v === null) return undefined;
  if (f.child !== null) {
    if (f.child.orValue !== undefined) return whole(v as WholeOrParam);
    if (!Array.isArray(v)) return ref(v as Node);
    // An empty list is left out (the spec's default), but a write's records, which are required.
    if (v.length === 0 && f.child.shape === 'list') return undefined;
    return f.child.role === 'field_value' || f.child.role === 'field_expr' ? fieldObj(v as (FieldValue | FieldExpr)[]) : refs(v as Node[]);
  }
  if (f.value?.form === 'whole') return new Raw(v as string);
  return Array.isArray(v) ? [...(v as string[])] : (v as Out);
}

/** A data action: `"action"` (and `"fetch"`), then its fields (a post's wall as one object). */
function dataAction(n: DataAction): Out {
  const spelling = KINDS[n.kind].json;
  const node = n as unknown as Readonly<Record<string, unknown>>;
  const entries = FIELD_LIST[n.kind]
    .filter((f) => f.json !== null)
    .map((f): readonly [string, Out | undefined] => [f.json as string, n.kind === 'fetch_posts' && f.key === 'wall' ? wallSpec(n) : fieldOut(f, node[f.key])]);
  return obj(['action', spelling.action], ['fetch', spelling.fetch ?? undefined], ...entries);
}
/** A definition of the administrative actions (a field, blob, group or database definition, a field option): its fields under their JSON keys, in the table's order. */
function definition(n: AdminPart): Out {
  const node = n as unknown as Readonly<Record<string, unknown>>;
  return obj(...FIELD_LIST[n.kind].map((f): readonly [string, Out | undefined] => [f.json as string, fieldOut(f, node[f.key])]));
}
const DATA_ACTION_WRITERS = Object.fromEntries(DATA_ACTION_KINDS.map((k) => [k, dataAction])) as unknown as {
  readonly [K in DataActionKind]: Writer<NodeOfKind<K>>;
};

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
      ['expressions', n.expressions.length > 0 ? fieldObj(n.expressions) : undefined],
      ['file', orNull(n.file, ref)],
      ['tags', orNull(n.tags, (t) => [...t])],
    ),
  field_def: definition,
  field_option: definition,
  blob_def: definition,
  group_def: definition,
  database_def: definition,
  ...DATA_ACTION_WRITERS,
};
