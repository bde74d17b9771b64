import { withArticle } from '../diagnostic/article.js';
import { foldName, type RecordsWrite, type RemoveAction, type UpdateAction } from '../ast/data-actions.js';
import { DATA_ACTION_KINDS, KINDS, SYSTEM_ACTION_KINDS } from '../ast/kinds.js';
import { FIELD_LIST, kindFits, type FieldEntry } from '../ast/fields.js';
import { SUBTYPES } from '../ast/kinds-system.js';
import type { DateTimeLit, NodeKind } from '../ast/nodes.js';
import {
  UNSHOWN_ACTIONS,
  type IfCondition,
  type JsonData,
  type JsonMemberData,
  type SystemAction,
  type SystemActionKind,
  type TaskDef,
  type TaskReference,
  type WriteAction,
} from '../ast/system-actions.js';
import { didYouMean } from './error.js';
import { Parts, describe, expectObject, fail, prop, quoteText, unknownName, type Cx, type Slot, type Step } from './parts.js';
import { jsonProps, wholeProp } from './plain-props.js';
import { readField, type FieldReading } from './read-field.js';
import { readDataAction, readFile } from './read-action.js';
import { UNSHOWN_STRUCT } from '../ast/struct-actions.js';
import { foldKey, type JsonObject, type JsonValue } from './value.js';

/**
 * DOWNLOAD, the task and thread actions and the system actions from JSON (spec "DOWNLOAD",
 * "Task and thread actions", "System actions"), and their parts: task definitions and
 * references, the conditions of `if`, a task's `conf` (any JSON object, kept exactly). The
 * properties each action takes are its kind's fields in the kind table
 * (src/ast/kinds-system.ts), each checked and read on its own, so a bad one does not hide the
 * others. The actions the spec does not show enough of (destroy, resume, sync, view) are an
 * error in the spec's words.
 */

/** The `"action"` of each of these actions (DOWNLOAD's two variants share `download`). */
export const SYSTEM_ACTIONS: readonly string[] = [...new Set(SYSTEM_ACTION_KINDS.map((k) => KINDS[k].json.action as string))];
/** The actions this reader answers: its own, and those the spec does not show (an error naming the spec's words). */
export const SYSTEM_ACTION_WORDS: readonly string[] = [...SYSTEM_ACTIONS, ...Object.keys(UNSHOWN_ACTIONS), 'struct_mn_merge'];

/** The writes `if` runs (the spec: "Only write actions"). */
const WRITE_KINDS = DATA_ACTION_KINDS.filter((k) => kindFits(k, 'write'));
const WRITE_ACTIONS: readonly string[] = WRITE_KINDS.map((k) => KINDS[k].json.action as string);

/** The JSON readers of the roles these actions' fields hold, and the fields read another way. */
const READING: FieldReading = {
  reads: {
    spec: 'specifier',
    records_spec: 'records_spec',
    select: 'select',
    task: 'task',
    task_ref: 'task_ref',
    if_condition: 'if_condition',
    write: 'write',
    json_object: 'json_value',
    json_value: 'json_value',
    // The struct actions' (src/ast/kinds-struct.ts)
    record: 'record',
    field_def: 'field_def',
  },
  special,
};

export function readSystemAction(v: JsonValue, cx: Cx): Step<SystemAction> {
  const obj = expectObject(cx, v, 'an action');
  const action = prop(obj, 'action');
  const name = action.type === 'string' ? action.value : '';
  const unshown = UNSHOWN_ACTIONS[name];
  if (unshown !== undefined) {
    fail(cx, 'unshown-action', `the action ${quoteText(name)} cannot be written: ${unshown}`, action, 'dsq writes no guess of what the spec does not show');
  }
  const op = obj.get('op');
  if (name === 'struct_mn_merge' || (name === 'struct_event' && op !== undefined && op.type === 'string' && op.value === 'clear')) {
    const words = name === 'struct_event' ? 'struct_event op "clear"' : quoteText(name);
    fail(
      cx,
      'unshown-action',
      `the action ${words} cannot be written: ${UNSHOWN_STRUCT}`,
      name === 'struct_event' ? (op as JsonValue) : action,
      'dsq writes no guess of what the spec does not show',
    );
  }
  let kinds = SYSTEM_ACTION_KINDS.filter((k) => KINDS[k].json.action === name);
  const p = new Parts(cx);
  const head = ['action'];
  if (kinds.length > 1) {
    // DOWNLOAD: "download" tells the variants apart.
    const [key] = SUBTYPES[kinds[0] as keyof typeof SUBTYPES];
    const values: readonly string[] = kinds.map((k) => SUBTYPES[k as keyof typeof SUBTYPES][1]);
    const t = obj.get(key);
    if (t === undefined)
      fail(cx, 'missing-property', `${withArticle(name.toUpperCase())} action needs "${key}" (${values.map((x) => `"${x}"`).join(' or ')})`, obj);
    if (t.type !== 'string' || !values.includes(t.value)) {
      fail(
        cx,
        'unknown-type',
        `${unknownName(`${name} type`, t)}${t.type === 'string' ? didYouMean(t.value, values) : ''}; expected ${values.map((x) => `"${x}"`).join(' or ')}`,
        t,
      );
    }
    kinds = kinds.filter((k) => SUBTYPES[k as keyof typeof SUBTYPES][1] === t.value);
    head.push(key);
  }
  const kind = kinds[0] as SystemActionKind;
  const what = `${withArticle(name.toUpperCase())}${head.length > 1 ? ` ${String((obj.get(head[1] as string) as { value: string }).value)}` : ''} action`;
  const props = jsonProps(kind);
  p.props(obj, what, [...head, ...props.allowed], [...head, ...props.required]);
  const slots = fieldSlots(p, cx, obj, kind, what);
  return p.step((r) => build(kind, slots, r) as SystemAction);
}

/** Each field of a kind from its JSON property, by what the kind table says it holds. */
function fieldSlots(p: Parts, cx: Cx, obj: JsonObject, kind: NodeKind, what: string): [string, Slot<unknown>][] {
  return FIELD_LIST[kind].map((f) => [f.key, readField(p, cx, obj, f as FieldEntry & { json: string }, what, READING)]);
}

function build(kind: NodeKind, slots: readonly [string, Slot<unknown>][], r: readonly unknown[]): unknown {
  const node: Record<string, unknown> = { kind };
  for (const [key, slot] of slots) node[key] = slot(r);
  return node;
}

/** A system or struct action's field read another way: a file, an instant (wait's fail_before), a pipe's partition. */
function special(p: Parts, cx: Cx, f: FieldEntry & { json: string }, v: JsonValue | undefined, what: string): Slot<unknown> | undefined {
  const role = f.child?.role;
  if (role === 'file_ref') {
    const file = v === undefined ? null : p.attempt(() => readFile(p, cx, v), null);
    return () => file;
  }
  if (role === 'instant') {
    const instant = p.attempt(() => readInstant(cx, v, f.json), null);
    return () => instant;
  }
  if (f.key === 'partition' && v !== undefined && v.type !== 'null' && v.type !== 'boolean' && !isPartition(v)) {
    const spec = '(the spec: "boolean or object with `from` start year and `to` end year")';
    if (v.type !== 'object' || v.members.length === 0)
      p.problem('wrong-type', `"${f.json}" of ${what} must be true, false or {"from": year, "to": year} ${spec}, got ${describe(v)}`, v);
    else {
      // Each member that is not a year of `from` or `to` is its own problem (collected, not only the first).
      for (const m of v.members) {
        if (m.key !== 'from' && m.key !== 'to')
          p.problem(
            'unknown-property',
            `unknown property ${quoteText(m.rawKey)} in "${f.json}" of ${what}${didYouMean(m.key, ['from', 'to'])}; expected "from", "to" ${spec}`,
            m,
          );
        else if (m.value.type !== 'number')
          p.problem('wrong-type', `"${m.key}" of "${f.json}" must be a year (a number) ${spec}, got ${describe(m.value)}`, m.value);
      }
    }
    return () => null;
  }
  return undefined;
}

/** A pipe's partition object: `from` and `to`, numbers. */
function isPartition(v: JsonValue): boolean {
  return v.type === 'object' && v.members.length > 0 && v.members.every((m) => (m.key === 'from' || m.key === 'to') && m.value.type === 'number');
}

/** An instant (wait's fail_before): epoch milliseconds (a whole number) or datetime text. */
function readInstant(cx: Cx, v: JsonValue | undefined, key: string): DateTimeLit | null {
  if (v === undefined || v.type === 'null') return null;
  if (v.type === 'number') return { kind: 'datetime', form: 'ms', value: v.text };
  if (v.type === 'string') return { kind: 'datetime', form: 'iso', value: v.value };
  return fail(cx, 'wrong-type', `"${key}" must be an instant: epoch milliseconds (a number) or datetime text (a string), got ${describe(v)}`, v);
}

// ---------------------------------------------------------------------------------------
// Parts

/** A task definition (an object without "type") or a task reference (a task id, or {"type": "ref", "ref": n}). */
export function readTask(v: JsonValue, cx: Cx): Step<TaskDef | TaskReference> {
  if (v.type === 'object' && v.get('type') === undefined) return readTaskDef(v, cx);
  return readTaskRef(v, cx);
}

function readTaskDef(obj: JsonObject, cx: Cx): Step<TaskDef> {
  const p = new Parts(cx);
  const props = jsonProps('task_def');
  p.props(obj, 'a task definition', props.allowed, props.required);
  const slots = fieldSlots(p, cx, obj, 'task_def', 'a task definition');
  return p.step((r) => build('task_def', slots, r) as TaskDef);
}

/** A task reference: a task id (a number), or `{"type": "ref", "ref": n}` (every task with that ref_id). */
export function readTaskRef(v: JsonValue, cx: Cx): Step<TaskReference> {
  const expected = 'a task reference: a task id (a number) or {"type": "ref", "ref": n}';
  if (v.type === 'number') return { needs: [], build: () => ({ kind: 'task_id', id: v.text }) };
  const obj = expectObject(cx, v, expected);
  const t = obj.get('type');
  if (t === undefined || t.type !== 'string' || t.value !== 'ref') fail(cx, 'wrong-type', `expected ${expected}, got ${describe(v)}`, t ?? v);
  const p = new Parts(cx);
  p.props(obj, 'a task reference', ['type', 'ref'], ['type', 'ref']);
  const ref = wholeProp(p, cx, obj, 'ref');
  return p.step(() => ({ kind: 'task_ref', ref: ref as string }));
}

/** A condition of `if`: `{"if": select, "then": write action}`. */
export function readIfCondition(v: JsonValue, cx: Cx): Step<IfCondition> {
  const obj = expectObject(cx, v, 'a condition of an if ({"if": select, "then": write action})');
  const p = new Parts(cx);
  p.props(obj, 'a condition of an if', ['if', 'then'], ['if', 'then']);
  const select = p.one('select', obj.get('if'));
  const then = p.one('write', obj.get('then'));
  return p.step((r) => ({ kind: 'if_condition', if: select(r), then: then(r) }));
}

/** The action of an if's `then` or `else`: a write (the spec: "Only write actions"). */
export function readWrite(v: JsonValue, cx: Cx): Step<WriteAction> {
  const obj = expectObject(cx, v, 'a write action');
  const action = obj.get('action');
  if (action === undefined) fail(cx, 'missing-property', `a write action needs "action" (one of ${WRITE_ACTIONS.join(', ')})`, obj, undefined, '"action"');
  if (action.type === 'string' && !WRITE_ACTIONS.includes(action.value)) {
    fail(
      cx,
      'not-write',
      `an if runs only write actions (the spec: "Only write actions"): ${WRITE_ACTIONS.join(', ')}; got the action ${quoteText(action.value)}`,
      action,
    );
  }
  return readDataAction(v, cx) as Step<RecordsWrite | UpdateAction | RemoveAction>;
}

/** Any JSON value, exactly: numbers as their text, keys after the spec's key rules 3-4. */
export function readJsonValue(v: JsonValue, cx: Cx): Step<JsonData> {
  switch (v.type) {
    case 'null':
      return { needs: [], build: () => ({ kind: 'null' }) };
    case 'boolean':
      return { needs: [], build: () => ({ kind: 'boolean', value: v.value }) };
    case 'number':
      return { needs: [], build: () => ({ kind: 'number', value: v.text }) };
    case 'string':
      return { needs: [], build: () => ({ kind: 'string', value: v.value }) };
    case 'array': {
      const p = new Parts(cx);
      const items = p.list('json_value', v.items);
      return p.step((r) => ({ kind: 'json_array', items: items(r) }));
    }
    case 'object': {
      const p = new Parts(cx);
      const keys = v.members.map((m) => foldName(foldKey(m.rawKey)));
      const values = p.list(
        'json_value',
        v.members.map((m) => m.value),
      );
      return p.step((r) => ({
        kind: 'json_object',
        members: values(r).map((value, i): JsonMemberData => ({ kind: 'json_member', key: keys[i] as string, value })),
      }));
    }
    default:
      return fail(cx, 'wrong-type', `expected a JSON value, got ${describe(v)}`, v);
  }
}
