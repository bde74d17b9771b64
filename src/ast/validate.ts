import { withArticle } from '../diagnostic/article.js';
import { escapePointerSegment } from '../diagnostic/pointer.js';
import { DsqError } from '../diagnostic/index.js';
import { FIELD_LIST, ROLE_NAMES, describe, hasField, kindFits, type Role, type ValueField } from './fields.js';
import type { Node, NodeKind } from './nodes.js';
import { freezeNode, isChecked, registerTree } from './checked.js';
import { brokenError, findBroken, isBroken } from './placeholders.js';

/**
 * The structural validator for ASTs that did not come from dsq (built by hand, or read from
 * somewhere as plain objects). It checks what the JSON reader checks: every node's kind is
 * known and may stand where it stands, every field is present with the right type and no other
 * field is there, names and string values are non-empty strings, numbers are exact number text
 * within the spec's ranges (signed 64-bit whole numbers, float64 others), datetime texts follow
 * the spec's syntax, lists that must not be empty are not; and it rejects cycles and trees
 * nested deeper than a limit. Each error is a `DsqError` (code `ast/...`) with a JSON-pointer
 * path of field names (`/select/where/e2/value`; a child under its key in the spec's JSON where
 * that differs: a CREATE GROUP's definition at /group, `childSegment`). What it knows of each kind is declared once,
 * in fields.ts.
 *
 * It returns a new tree of fresh, frozen node objects that dsq registers as checked
 * (checked.ts); the input is not changed or registered. Subtrees already checked are taken as
 * they are. An object reached
 * twice (a shared subtree) is checked once and shared in the result too. Iterative: a tree
 * 100,000 levels deep is checked without growing the call stack.
 */

export { kindFits, type Role } from './fields.js';

// ---------------------------------------------------------------------------------------
// Full validation

export interface ValidateOptions {
  /** How many node levels the tree may have (the root is level 1). Default 1,000,000. */
  readonly maxDepth?: number;
}

export const DEFAULT_AST_MAX_DEPTH = 1_000_000;

/** A node being checked: its fresh copy, filled in as its children are done. */
interface Frame {
  readonly source: object;
  readonly out: Record<string, unknown>;
  readonly parent: Frame | null;
  /** The path from the parent: a field name, or `field/index`. */
  readonly segment: string;
  readonly level: number;
  readonly tasks: Task[];
  next: number;
  height: number;
}
/** A child still to check, and where its result goes. */
interface Task {
  readonly value: unknown;
  readonly role: Role;
  readonly segment: string;
  readonly into: Record<string, unknown> | unknown[];
  readonly key: string | number;
}

/** Longest pointer an error quotes, in segments: a deeper one keeps its ends and says how many it left out. */
const MAX_POINTER_SEGMENTS = 40;

function pointerOf(frame: Frame | null, last?: string): string {
  const parts: string[] = last === undefined || last === '' ? [] : [last];
  for (let f = frame; f !== null; f = f.parent) if (f.segment !== '') parts.push(f.segment);
  parts.reverse();
  if (parts.length > MAX_POINTER_SEGMENTS) {
    const keep = MAX_POINTER_SEGMENTS / 2;
    const left = parts.length - 2 * keep;
    return `/${[...parts.slice(0, keep), `…(${left} more)…`, ...parts.slice(-keep)].join('/')}`;
  }
  return parts.length === 0 ? '' : `/${parts.join('/')}`;
}

function astError(code: string, message: string, pointer: string, hint?: string): DsqError {
  return new DsqError([{ code: `ast/${code}`, severity: 'error', message, pointer, ...(hint ? { hint } : {}) }]);
}

/**
 * Checks a hand-built tree (see the top of this file) and returns a checked copy. `role` says
 * what the root must be (any node by default).
 */
export function validateAst(input: unknown, role: Role = 'node', options: ValidateOptions = {}): Node {
  const tree = validate(input, role, options, true);
  return isChecked(tree) ? tree : registerTree(tree);
}

/**
 * The structure alone: kinds, roles, fields and their types, cycles, depth; not the value rules
 * (number and datetime text, empty names and lists), which the caller leaves to the spec check
 * (src/spec/check.ts), so that every entry point words them the same. The copy it returns is
 * frozen but not registered as checked: the caller registers it once those rules pass
 * (checked.ts `registerTree`).
 */
export function validateStructure(input: unknown, role: Role = 'node', options: ValidateOptions = {}): Node {
  return validate(input, role, options, false);
}

function validate(input: unknown, role: Role, options: ValidateOptions, rules: boolean): Node {
  try {
    return validateTree(input, role, options, rules);
  } catch (err) {
    // A tree of a broken statement (placeholders.ts) is refused for its syntax error, at its first
    // placeholder when it has one, whatever the walk met first (the incomplete root, a wrong field).
    const found = err instanceof DsqError ? brokenIn(input) : null;
    throw found === null ? err : brokenError(found.node, found.pointer);
  }
}

function brokenIn(input: unknown): ReturnType<typeof findBroken> {
  try {
    return findBroken(input);
  } catch {
    return null; // (a hostile object: a throwing getter or proxy; its own error stands)
  }
}

function validateTree(input: unknown, role: Role, options: ValidateOptions, rules: boolean): Node {
  if (isChecked(input)) {
    if (!kindFits(input.kind, role)) throw astError('wrong-kind', `expected ${ROLE_NAMES[role]}, got ${withArticle(`"${input.kind}"`)} node`, '');
    return input;
  }
  const maxDepth = options.maxDepth ?? DEFAULT_AST_MAX_DEPTH;
  /** Objects checked already: their result and height (a shared subtree is checked once). */
  const done = new Map<object, { readonly node: Node; readonly height: number }>();
  /** Objects on the path from the root: reaching one again is a cycle. */
  const onPath = new Set<object>();
  const root: { node?: unknown } = {};
  const stack: Frame[] = [];

  const place = (into: Task['into'], key: string | number, node: unknown) => {
    (into as Record<string | number, unknown>)[key] = node;
  };

  /** Takes one child: checked before or in this run (placed at once), or a new frame. */
  const take = (task: Task, parent: Frame | null) => {
    const v = task.value;
    const level = parent === null ? 1 : parent.level + 1;
    if (isChecked(v)) {
      if (!kindFits(v.kind, task.role)) throw wrongKind(v.kind, task.role, pointerOf(parent, task.segment));
      place(task.into, task.key, v);
      if (parent !== null && parent.height < 2) parent.height = 2;
      return;
    }
    if (typeof v === 'object' && v !== null) {
      const seen = done.get(v);
      if (seen !== undefined) {
        if (!kindFits(seen.node.kind, task.role)) throw wrongKind(seen.node.kind, task.role, pointerOf(parent, task.segment));
        if (level + seen.height - 1 > maxDepth) throw tooDeep(maxDepth, pointerOf(parent, task.segment));
        place(task.into, task.key, seen.node);
        if (parent !== null && parent.height < seen.height + 1) parent.height = seen.height + 1;
        return;
      }
      if (onPath.has(v)) {
        throw astError(
          'cycle',
          'a node contains itself (a cycle): the object here is also one of its own ancestors',
          pointerOf(parent, task.segment),
          'an AST is a tree: build each node once, or copy it',
        );
      }
    }
    stack.push(open(v, task, parent, level));
    onPath.add(stack[stack.length - 1]!.source);
  };

  /** Checks a node's kind and value fields, and lists its children as tasks. */
  const open = (v: unknown, task: Task, parent: Frame | null, level: number): Frame => {
    const at = () => pointerOf(parent, task.segment);
    if (typeof v === 'object' && v !== null && isBroken(v)) throw brokenError(v, at());
    if (typeof v !== 'object' || v === null || Array.isArray(v)) {
      throw astError('wrong-type', `expected ${ROLE_NAMES[task.role]} (a node object), got ${describe(v)}`, at());
    }
    const proto: unknown = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) {
      const name = (proto as { constructor?: { name?: unknown } }).constructor?.name;
      throw astError(
        'wrong-type',
        `expected ${ROLE_NAMES[task.role]} (a plain node object), got ${typeof name === 'string' && name !== '' ? `${withArticle(name)} object` : 'an object with a prototype'}`,
        at(),
        'a builder object (col(...), a query) goes into a tree as its .toAst() node',
      );
    }
    if (level > maxDepth) throw tooDeep(maxDepth, at());
    const record = v as Readonly<Record<string, unknown>>;
    const kind = record['kind'];
    if (typeof kind !== 'string' || !Object.hasOwn(FIELD_LIST, kind)) {
      throw astError(
        typeof kind === 'string' ? 'unknown-kind' : 'missing-kind',
        typeof kind === 'string'
          ? `unknown node kind ${JSON.stringify(kind.slice(0, 60))}: expected ${ROLE_NAMES[task.role]}`
          : `expected ${ROLE_NAMES[task.role]}: a node needs a "kind" (a string), got ${describe(kind)}`,
        at(),
      );
    }
    if (!kindFits(kind, task.role)) throw wrongKind(kind, task.role, at());
    const fields = FIELD_LIST[kind as NodeKind];
    for (const key of Object.keys(record)) {
      if (key !== 'kind' && !hasField(kind, key)) {
        const known = fields.map((f) => `"${f.key}"`).join(', ');
        throw astError(
          'unknown-property',
          `unknown property ${JSON.stringify(key.slice(0, 60))} in the "${kind}" node; expected ${known || 'only "kind"'}`,
          `${pointerOf(parent, task.segment)}/${escapePointerSegment(key)}`,
        );
      }
    }
    const out: Record<string, unknown> = { kind };
    const tasks: Task[] = [];
    const frame: Frame = { source: v, out, parent, segment: task.segment, level, tasks, next: 0, height: 1 };
    for (const { key, child: field, value, json } of fields) {
      // A child is named in pointers by its key in the spec's JSON (a CREATE GROUP's definition: /group).
      const segment = childSegment(key, json);
      // Each field is read once: a getter cannot answer differently to the check and the copy.
      const fv = record[key];
      if (fv === undefined) {
        throw astError('missing-property', `the "${kind}" node needs "${key}"`, at(), hintForMissing(kind as NodeKind));
      }
      const plain = field === null ? (value as ValueField) : field.orValue !== undefined && (fv === null || typeof fv !== 'object') ? field.orValue : null;
      if (plain !== null) {
        const check = plain;
        // A list of names is copied before it is checked: the copy is what was checked.
        const own: unknown = Array.isArray(fv) ? Array.from(fv as readonly unknown[]) : fv;
        const problem = check.type(own) ?? (rules && check.rule !== undefined ? check.rule(own, out) : null);
        if (problem !== null) {
          throw astError(check.code, `"${key}" of the "${kind}" node${problem.startsWith('must') ? ' ' : ': '}${problem}`, pointerOf(frame, key));
        }
        out[key] = own;
        continue;
      }
      if (field === null) continue;
      if ((field.shape === 'nullable' || field.shape === 'nullableList') && fv === null) {
        out[key] = null;
        continue;
      }
      if (field.shape === 'one' || field.shape === 'nullable') {
        tasks.push({ value: fv, role: field.role, segment, into: out, key });
        continue;
      }
      if (field.shape === 'listOrOne' && field.orOne !== undefined && fv !== null && typeof fv === 'object' && !Array.isArray(fv)) {
        tasks.push({ value: fv, role: field.orOne, segment, into: out, key });
        continue;
      }
      if (field.shape === 'allOrNonEmpty' && fv === 'all') {
        out[key] = 'all';
        continue;
      }
      const what =
        field.shape === 'allOrNonEmpty'
          ? `'all' or a non-empty array`
          : field.shape === 'nonEmpty'
            ? 'a non-empty array'
            : field.shape === 'listOrOne'
              ? `an array or ${ROLE_NAMES[field.orOne as Role]}`
              : field.shape === 'nullableList'
                ? 'an array or null'
                : 'an array';
      if (!Array.isArray(fv)) throw astError('wrong-type', `"${key}" of the "${kind}" node must be ${what}, got ${describe(fv)}`, pointerOf(frame, key));
      const items = fv as readonly unknown[];
      if (rules && items.length === 0 && field.shape !== 'list' && field.shape !== 'nullableList' && field.shape !== 'listOrOne') {
        throw astError('empty-list', `"${key}" of the "${kind}" node must be ${what}, got an empty array`, pointerOf(frame, key));
      }
      const copy: unknown[] = new Array(items.length);
      out[key] = copy;
      for (let i = 0; i < items.length; i++) {
        if (!(i in items)) {
          throw astError('sparse-array', `"${key}" of the "${kind}" node has a hole at index ${i} (a sparse array)`, pointerOf(frame, `${segment}/${i}`));
        }
        tasks.push({ value: items[i], role: field.role, segment: `${segment}/${i}`, into: copy, key: i });
      }
    }
    return frame;
  };

  take({ value: input, role, segment: '', into: root, key: 'node' }, null);
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Frame;
    const task = top.tasks[top.next];
    if (task !== undefined) {
      top.next++;
      take(task, top);
      continue;
    }
    stack.pop();
    onPath.delete(top.source);
    const node = freezeNode(top.out as unknown as Node);
    done.set(top.source, { node, height: top.height });
    const parent = stack[stack.length - 1];
    const finished = parent?.tasks[parent.next - 1];
    if (parent === undefined || finished === undefined) place(root, 'node', node);
    else {
      place(finished.into, finished.key, node);
      if (parent.height < top.height + 1) parent.height = top.height + 1;
    }
  }
  return root.node as Node;
}

/**
 * A child field's segment in a pointer: its key in the spec's JSON when it has one (a CREATE
 * GROUP's `definition` is the spec's `group`, so a problem of its name is at /group/name, where
 * the written JSON has it), else the node's key. A problem of a property itself is at the node's
 * key, which its message names.
 */
function childSegment(key: string, json: string | null): string {
  return json === null || json === key ? key : escapePointerSegment(json);
}

function wrongKind(kind: string, role: Role, pointer: string): DsqError {
  return astError('wrong-kind', `expected ${ROLE_NAMES[role]}, got ${withArticle(`"${kind}"`)} node`, pointer);
}

function tooDeep(maxDepth: number, pointer: string): DsqError {
  return astError('too-deep', `the tree is nested deeper than ${maxDepth} levels`, pointer, 'pass a larger maxDepth if the tree is meant to be this deep');
}

function hintForMissing(kind: NodeKind): string | undefined {
  if (kind === 'select')
    return 'every field of a select node is required (null or [] for the parts it does not have); select({...}) from the AST constructors fills in the defaults';
  if (kind === 'select_action') return 'rows, useStrings and echo are null when not set; selectAction(select, options) fills them in';
  return 'absent parts are null, never left out';
}

/**
 * The JSON-pointer path (field names, as in validateAst's errors) of every node of a tree, for
 * placing the problems another check finds in it. One walk; iterative.
 */
export function nodePointers(root: Node): Map<Node, string> {
  const out = new Map<Node, string>();
  const stack: { node: Node; path: string }[] = [{ node: root, path: '' }];
  while (stack.length > 0) {
    const { node, path } = stack.pop() as { node: Node; path: string };
    if (out.has(node)) continue;
    out.set(node, path);
    const record = node as unknown as Readonly<Record<string, unknown>>;
    for (const { key, child, json } of FIELD_LIST[node.kind]) {
      if (child === null) continue;
      const v = record[key];
      const segment = childSegment(key, json);
      if (Array.isArray(v)) v.forEach((item: Node, i) => stack.push({ node: item, path: `${path}/${segment}/${i}` }));
      else if (typeof v === 'object' && v !== null) stack.push({ node: v as Node, path: `${path}/${segment}` });
    }
  }
  return out;
}

/**
 * The pointer of a node's field, named by its tree key or its JSON key (`labelType` or
 * `label_type`), when the node has that field (else of the node): the JSON key, as the spec's
 * JSON has it.
 */
export function fieldPointer(pointers: ReadonlyMap<Node, string>, node: Node, field: string | undefined): string | undefined {
  const at = pointers.get(node);
  if (at === undefined || field === undefined || !Object.hasOwn(FIELD_LIST, node.kind)) return at;
  const f = FIELD_LIST[node.kind as NodeKind].find((e) => e.key === field || e.json === field);
  return f === undefined ? at : `${at}/${escapePointerSegment(f.json ?? f.key)}`;
}
