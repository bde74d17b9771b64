import type { Node } from '../ast/nodes.js';
import { SYSTEM_ACTION_KINDS } from '../ast/kinds.js';
import { FIELD_LIST } from '../ast/fields.js';
import { fieldKey } from '../ast/data-actions.js';
import type { SystemAction, SystemPart } from '../ast/system-actions.js';
import type { ActionProblem } from './check-actions.js';
import type { Specifier } from '../ast/nodes.js';
import type { StructCreate } from '../ast/struct-actions.js';
import type { JsonData } from '../ast/system-actions.js';

/**
 * The spec's rules about DOWNLOAD, the task and thread actions and the system actions that
 * their shape does not say (src/spec/check.ts runs them with the rest, for the parser, the JSON
 * reader and the builder alike): each plain property's own rule from the kind table
 * (src/ast/kinds-system.ts: a conclude delay of 0 to 5,000 ms, ids whole numbers in the signed
 * 64-bit range, a wait of at least 0 ms, names not empty), and a JSON object (a task's `conf`)
 * with no key twice (the spec's JSON rules 2-4: keys compared without case, trimmed, white
 * space folded).
 */

type Kind = SystemAction['kind'] | SystemPart['kind'];

/** The problems of one node of these kinds (not its children). */
export function checkSystemNode(node: Node, out: ActionProblem[]): void {
  checkValueRules(node, out, (key) => what(node.kind as Kind, key));
  if (node.kind === 'struct_event_insert') {
    // The spec's Errors: "struct event with both name and e_id" fails (Struct actions, rule 2).
    for (const event of node.events) {
      const keys = [...event.values, ...event.expressions].map((f) => fieldKey(f.field));
      if (keys.includes('name') && keys.includes('e_id')) {
        out.push({
          code: 'spec/event-name-and-id',
          message: 'an event with both name and e_id fails (the spec: "An event with both `name` and `e_id` fails")',
          node: event,
        });
      }
    }
  }
  const parent = structParent(node);
  if (parent !== null && (parent.spec.kind === 'spec_all' || parent.spec.kind === 'spec_array')) {
    // The spec's Errors: "struct create with an invalid parent group type" fails; a parent is one group.
    const key = parent.key;
    const got =
      parent.spec.kind === 'spec_all' ? 'ALL (every group)' : `an array of ${parent.spec.items.length} specifier${parent.spec.items.length === 1 ? '' : 's'}`;
    const rule = node.kind === 'struct_create_category' || node.kind === 'struct_create_model' || node.kind === 'struct_create_def' ? `; ${PARENT_RULE}` : '';
    out.push({
      code: 'spec/struct-parent',
      message: `the ${key} of ${structWhat(node.kind as StructCreate['kind'])} must be one group, got ${got} (the spec: "${key} (group specifier)"${rule})`,
      node: parent.spec,
    });
  }
  if (node.kind === 'struct_create_pipe' && node.partition !== null) {
    // The parser reads any JSON value there (syntax/partition says what is wrong); a tree is held to the same rule.
    const problem = partitionProblem(node.partition);
    if (problem !== null) out.push({ code: 'spec/partition', message: `PARTITION ${problem}`, node: node.partition });
  }
  if (node.kind === 'json_object') {
    const seen = new Map<string, string>();
    for (const m of node.members) {
      const key = fieldKey(m.key);
      const first = seen.get(key);
      if (first !== undefined) {
        const same = first === m.key ? `the key ${JSON.stringify(m.key)}` : `the key ${JSON.stringify(first)} (also written ${JSON.stringify(m.key)})`;
        out.push({
          code: 'spec/duplicate-key',
          message: `${same} is given twice in one JSON object (the spec's JSON rules 2-4: keys compared without case, trimmed, white space folded)`,
          node: m,
          field: 'key',
        });
        return;
      }
      seen.set(key, m.key);
    }
  }
}

const ACTION_SET: ReadonlySet<string> = new Set(SYSTEM_ACTION_KINDS);
/** `the "delay" of CONCLUDE`: where a message says the property is. */
/**
 * Each plain property's own rule from the kind table (a name not empty, a number in range), for
 * any node kind; `owner` names the property in a message (`"delay" of CONCLUDE`).
 */
export function checkValueRules(node: Node, out: ActionProblem[], owner: (key: string) => string): void {
  const record = node as unknown as Readonly<Record<string, unknown>>;
  for (const f of FIELD_LIST[node.kind]) {
    const rule = f.value?.rule;
    if (rule === undefined) continue;
    const value = record[f.key];
    const reason =
      f.value?.list === true && Array.isArray(value) ? rule(value, record) : value === null && f.value?.nullable === true ? null : rule(value, record);
    if (reason !== null)
      out.push({
        code: `spec/${f.value?.code === 'number' ? 'invalid-number' : 'invalid-value'}`,
        message: `${owner(f.json ?? f.key)} ${reason}`,
        node,
        field: f.json ?? f.key,
      });
  }
}

function what(kind: Kind, key: string): string {
  const owner = ACTION_SET.has(kind)
    ? kind
        .replace(/_action$/, '')
        .replace('_', ' ')
        .toUpperCase()
    : kind === 'task_def'
      ? 'a task definition'
      : kind === 'task_ref'
        ? 'a task reference'
        : kind.replace('_', ' ');
  return `"${key}" of ${owner}`;
}

/** The spec's rule on a struct_create's parent, quoted in the message. */
const PARENT_RULE =
  '"the parent of category, model and def must be a project group or category group (def also accepts a model group), otherwise the action fails"';

/** `STRUCT CREATE CATEGORY` (the text's words of a struct_create kind). */
const structWhat = (kind: StructCreate['kind']) => `STRUCT CREATE ${kind.replace('struct_create_', '').toUpperCase()}`;

/** A struct_create's parent group (a pipe's model, an event database's group), with its JSON key; null: none or not a struct_create. */
function structParent(node: Node): { spec: Specifier; key: string } | null {
  switch (node.kind) {
    case 'struct_create_pipe':
      return { spec: node.model, key: 'model' };
    case 'struct_create_event':
      return { spec: node.group, key: 'group' };
    case 'struct_create_category':
    case 'struct_create_model':
    case 'struct_create_def':
    case 'struct_create_notebook':
      return { spec: node.parent, key: 'parent' };
    case 'struct_create_project':
      return node.parent === null ? null : { spec: node.parent, key: 'parent' };
    default:
      return null;
  }
}

/** What is wrong with a pipe's partition value, or null (the spec: "boolean or object with `from` start year and `to` end year"). */
export function partitionProblem(v: JsonData): string | null {
  if (v.kind === 'boolean') return null;
  const ok = v.kind === 'json_object' && v.members.length > 0 && v.members.every((m) => (m.key === 'from' || m.key === 'to') && m.value.kind === 'number');
  return ok ? null : 'takes TRUE, FALSE or FROM year TO year (the spec: "boolean or object with `from` start year and `to` end year")';
}
