import { KINDS, SYSTEM_ACTION_KINDS } from '../ast/kinds.js';
import { FIELD_LIST, type FieldEntry } from '../ast/fields.js';
import { SUBTYPES } from '../ast/kinds-system.js';
import type { DateTimeLit, Node, NodeOfKind } from '../ast/nodes.js';
import type { JsonData, SystemAction, SystemActionKind, SystemPart } from '../ast/system-actions.js';
import { Raw, obj, ref, type Out, type Writer } from './json-out.js';

/**
 * The writers of DOWNLOAD, the task and thread actions and the system actions
 * (src/ast/system-actions.ts): `"action"` (and DOWNLOAD's `"download"`), then each field under
 * its JSON key in the kind table's order (the order of the spec's tables), by what it holds;
 * and their parts. A task's `conf` is written as the JSON it is: numbers as their exact text.
 */

/** A JSON value of a `conf`: a literal as plain JSON (in either form: it is data, not an expression), an object or array by reference. */
const data = (v: JsonData): Out =>
  v.kind === 'null' ? null : v.kind === 'number' ? new Raw(v.value) : v.kind === 'string' || v.kind === 'boolean' ? v.value : ref(v);

/** An instant: epoch milliseconds as a number, datetime text as a string. */
const instant = (d: DateTimeLit): Out => (d.form === 'ms' ? new Raw(d.value) : d.value);

/** One field's JSON value (undefined: left out). */
function fieldOut(f: FieldEntry, v: unknown): Out | undefined {
  if (v === null) return undefined;
  if (f.child !== null) {
    if (f.child.role === 'instant') return instant(v as DateTimeLit);
    // A list or null (a struct_create's field definitions): null left out, a list written even empty.
    return Array.isArray(v) ? (v as Node[]).map(ref) : ref(v as Node);
  }
  if (f.value?.form === 'whole' || f.value?.form === 'number') return new Raw(v as string);
  return Array.isArray(v) ? [...(v as string[])] : (v as Out);
}

/** The fields of a node under their JSON keys. */
function fields(n: Node): (readonly [string, Out | undefined])[] {
  const node = n as unknown as Readonly<Record<string, unknown>>;
  return FIELD_LIST[n.kind].filter((f) => f.json !== null).map((f) => [f.json as string, fieldOut(f, node[f.key])] as const);
}

function systemAction(n: SystemAction): Out {
  const subtype = (SUBTYPES as Readonly<Record<string, readonly [string, string]>>)[n.kind];
  return obj(['action', KINDS[n.kind].json.action as string], ...(subtype === undefined ? [] : [subtype]), ...fields(n));
}

export const SYSTEM_WRITERS: { readonly [K in SystemActionKind | SystemPart['kind']]: Writer<NodeOfKind<K>> } = {
  ...(Object.fromEntries(SYSTEM_ACTION_KINDS.map((k) => [k, systemAction])) as unknown as { readonly [K in SystemActionKind]: Writer<NodeOfKind<K>> }),
  task_def: (n) => obj(...fields(n)),
  task_id: (n) => new Raw(n.id),
  task_ref: (n) => obj(['type', 'ref'], ['ref', new Raw(n.ref)]),
  if_condition: (n) => obj(['if', ref(n.if)], ['then', ref(n.then)]),
  json_object: (n) => obj(...n.members.map((m) => [m.key, data(m.value)] as const)),
  json_member: (n) => obj([n.key, data(n.value)]),
  json_array: (n) => n.items.map(data),
};
