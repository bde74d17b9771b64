import { KINDS, NODE_KINDS } from '../ast/kinds.js';
import { FIELD_LIST, type FieldEntry } from '../ast/fields.js';
import { SUBTYPES } from '../ast/kinds-system.js';
import type { FieldExpr, FieldValue } from '../ast/data-actions.js';
import type { DateTimeLit, Node, NodeKind, WholeOrParam } from '../ast/nodes.js';
import { Raw, obj, orNull, ref, refs, whole, type Out } from './json-out.js';
import { TYPED_SPECIFIERS, type TypedSpecifier } from './typed-specifier.js';
import { jsonRequired } from './plain-props.js';

/**
 * The one writer of a node field by field, from the kind table (src/ast/kinds.ts): its head
 * (`"action"` and `"fetch"` or the action's subtype; else `"type"`, where the kind has one), then
 * each field under its JSON key, in the order of the kind's fields (the order of the spec's
 * tables), written by what the field holds. A kind whose JSON is this needs no writer of its
 * own (write-nodes.ts `WRITERS` holds only those whose JSON differs).
 */

/** A field value is plain JSON in either form (the spec's record objects have no `{"type": ...}` values). */
export const literal = (v: FieldValue['value']): Out =>
  v.kind === 'param' ? ref(v) : v.kind === 'null' ? null : v.kind === 'number' ? new Raw(v.value) : v.value;
/** Field names to values (or expressions), as one object. */
export const fieldObj = (items: readonly (FieldValue | FieldExpr)[]) =>
  obj(...items.map((f): readonly [string, Out] => [f.field, f.kind === 'field_value' ? literal(f.value) : ref(f.e)]));
/** An instant: epoch milliseconds as a number, datetime text as a string. */
const instant = (d: DateTimeLit): Out => (d.form === 'ms' ? new Raw(d.value) : d.value);

/**
 * One field's JSON value (undefined: left out), by what the kind table says it holds. Null is
 * left out (the spec's default), and so is an empty list of shape `list` whose key is not
 * required (`jsonRequired`: an expression's `"args": []` is written, a FETCH's empty order is not).
 */
export function fieldOut(kind: NodeKind, f: FieldEntry, v: unknown): Out | undefined {
  if (v === null) return undefined;
  if (f.child !== null) {
    if (f.child.orValue !== undefined) return whole(v as WholeOrParam);
    if (f.child.role === 'instant') return instant(v as DateTimeLit);
    if (!Array.isArray(v)) return ref(v as Node);
    if (v.length === 0 && f.child.shape === 'list' && !jsonRequired(kind, f)) return undefined;
    return f.child.role === 'field_value' || f.child.role === 'field_expr' ? fieldObj(v as (FieldValue | FieldExpr)[]) : refs(v as Node[]);
  }
  if (f.value?.form === 'whole' || f.value?.form === 'number') return new Raw(v as string);
  return Array.isArray(v) ? [...(v as string[])] : (v as Out);
}

/** Each kind's fields that have a JSON key, and its head (built once: the writer runs per node). */
const KEYED = Object.fromEntries(NODE_KINDS.map((kind) => [kind, FIELD_LIST[kind].filter((f) => f.json !== null)])) as unknown as Readonly<
  Record<NodeKind, readonly (FieldEntry & { readonly json: string })[]>
>;
const HEADS = Object.fromEntries(NODE_KINDS.map((kind) => [kind, headOf(kind)])) as unknown as Readonly<
  Record<NodeKind, readonly (readonly [string, Out | undefined])[]>
>;

/** The fields of a node that have a JSON key, under their keys (a typed specifier's, a post's wall, as its one object). */
function fieldEntries(n: Node): (readonly [string, Out | undefined])[] {
  const node = n as unknown as Readonly<Record<string, unknown>>;
  const typed = TYPED_SPECIFIERS[n.kind];
  return KEYED[n.kind].map((f): readonly [string, Out | undefined] => [f.json, typed?.spec === f ? typedOut(typed, node) : fieldOut(n.kind, f, node[f.key])]);
}

/** A typed specifier's object (typed-specifier.ts): `{"type": "group", "group": ...}`, a record wall `{"type": "record", "database": ..., "record": ...}`. */
function typedOut(t: TypedSpecifier, node: Readonly<Record<string, unknown>>): Out | undefined {
  const type = node[t.type.key] as string | null;
  const spec = node[t.spec.key] as Node | null;
  if (type === null || spec === null) return undefined;
  const [owner, own] = t.members[type] as readonly string[];
  return obj(
    ['type', type],
    [owner as string, ref(spec)],
    ...(own === undefined || t.own === null ? [] : [[own, orNull(node[t.own.key] as Node | null, ref)] as const]),
  );
}

/** A kind's head: an action's `"action"` and its `"fetch"` or subtype (DOWNLOAD's `"download"`, ...); else its `"type"`, if it has one. */
function headOf(kind: NodeKind): (readonly [string, Out | undefined])[] {
  const spelling = KINDS[kind].json;
  if (spelling.action !== null) {
    const subtype = (SUBTYPES as Readonly<Record<string, readonly [string, string]>>)[kind];
    return [['action', spelling.action], spelling.fetch !== null ? ['fetch', spelling.fetch] : (subtype ?? ['fetch', undefined])];
  }
  return spelling.type === null ? [] : [['type', spelling.type]];
}

/** A node as its head and its fields: the JSON of every kind without a writer of its own (in both forms). */
export const byFields = (n: Node): Out => obj(...HEADS[n.kind], ...fieldEntries(n));
