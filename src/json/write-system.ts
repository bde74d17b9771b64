import type { NodeOfKind } from '../ast/nodes.js';
import type { JsonData } from '../ast/system-actions.js';
import { Raw, obj, ref, type Out, type Writer } from './json-out.js';

/**
 * The writers of the parts of DOWNLOAD, the task and system actions (src/ast/system-actions.ts)
 * whose JSON is not their fields under their JSON keys (the actions themselves, a task
 * definition, a task reference and an if's condition are written by write-fields.ts `byFields`):
 * a task id, and a task's `conf`, written as the JSON it is: numbers as their exact text.
 */

/** A JSON value of a `conf`: a literal as plain JSON (in either form: it is data, not an expression), an object or array by reference. */
const data = (v: JsonData): Out =>
  v.kind === 'null' ? null : v.kind === 'number' ? new Raw(v.value) : v.kind === 'string' || v.kind === 'boolean' ? v.value : ref(v);

export const SYSTEM_WRITERS: { readonly [K in 'task_id' | 'json_object' | 'json_member' | 'json_array']: Writer<NodeOfKind<K>> } = {
  // A task id is a number; a JSON object's members are its own keys; a JSON array is an array.
  task_id: (n) => new Raw(n.id),
  json_object: (n) => obj(...n.members.map((m) => [m.key, data(m.value)] as const)),
  json_member: (n) => obj([n.key, data(n.value)]),
  json_array: (n) => n.items.map(data),
};
