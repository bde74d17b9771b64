import { DsqError } from '../diagnostic/index.js';
import { FIELD_LIST, LIST_KEYS, kindFits, type ChildField, type FieldEntry } from './fields.js';
import { childKeys } from './kinds.js';
import type { Node } from './nodes.js';

/**
 * The trees dsq checked. This module owns one WeakSet of node objects, and a node is in it only
 * when its whole tree is valid (fields.ts: known kinds where they may stand, field types, the
 * spec's value rules: exact number text, datetime text, non-empty names) and frozen: every node
 * and every list of it, so that nothing can change what was checked. The builder takes as
 * syntax its own builder objects and the nodes in the set, nothing else; `fromAst` takes a
 * node in the set as it is and checks (and copies) any other tree; the JSON writer and the
 * printer write a node in the set as it is and check any other first. (The spec's rules over
 * whole statements, function arity and ROWS, are checked where statements are made: parse,
 * fromJson, fromAst, the builder's statements.)
 *
 * What goes in:
 * - the root of each statement or expression the parser read without an error: the parser
 *   freezes each node as it marks it (`freezeNode`), so registering the root is one step, and
 *   a parse walks no tree afterwards (src/syntax/parse.ts);
 * - the root of each tree the JSON reader read and checked (`freezeChecked`: one walk);
 * - each node of the validator's copies (validate.ts), and each node the builder and the
 *   template make from checked parts (`checkNode`, `checkedCopy`, `checkBuilt`: a check of the
 *   node's own fields, its children being in the set already);
 * - the parts of a checked tree, when dsq code takes them one by one (`registerParts`).
 * A node is never taken back out: it is frozen, so it stays what was checked.
 *
 * Nothing here is module state but the set itself, which only these functions write. The
 * module is not exported from the package (src/ast/index.ts leaves it out): the public way in
 * for a hand-built tree is `fromAst(node)`.
 */
const CHECKED = new WeakSet<object>();

/** True when the node is in the set: it and everything below it are valid and frozen. */
export function isChecked(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && CHECKED.has(value);
}

/** Freezes a node and the lists it holds (its child nodes are frozen on their own). */
export function freezeNode<T extends object>(node: T): T {
  return freezeWithLists(node, LIST_KEYS[(node as unknown as Node).kind]);
}

/**
 * The one empty list of frozen nodes: `freezeWithLists` puts it in place of an empty list (a
 * SELECT without GROUP BY or ORDER BY), which saves freezing a list per field (a call into the
 * engine's runtime each) and keeps no empty array per node alive.
 */
const EMPTY_LIST: readonly never[] = Object.freeze([]);

/**
 * `freezeNode` with the node's list fields given (`LIST_KEYS` of its kind: the parser looks its
 * kind up once for this and the spec's rule, src/syntax/parser-state.ts `checkAndFreeze`).
 */
export function freezeWithLists<T extends object>(node: T, listKeys: readonly string[]): T {
  for (let i = 0; i < listKeys.length; i++) {
    const key = listKeys[i] as string;
    const v = (node as Record<string, unknown>)[key];
    // (A write's records are a list, or one delimited-records node, frozen on its own.)
    if (Array.isArray(v) && (v as unknown) !== EMPTY_LIST) {
      // (A node frozen already, not by this function, keeps the list it has: frozen, as it was.)
      if (v.length === 0 && !Object.isFrozen(node)) (node as Record<string, unknown>)[key] = EMPTY_LIST;
      else Object.freeze(v);
    }
  }
  return Object.freeze(node);
}

/**
 * Registers the root of a tree that its producer checked and froze node by node (the parser).
 * Nothing is walked: the caller answers for every node below being valid and frozen.
 */
export function registerFrozen<T extends Node>(root: T): T {
  CHECKED.add(root);
  return root;
}

/** The child nodes of a node (one level), for the walks below. */
function eachChild(node: Node, visit: (child: object) => void): void {
  const record = node as unknown as Readonly<Record<string, unknown>>;
  const keys = childKeys(node.kind);
  for (let k = 0; k < keys.length; k++) {
    const value = record[keys[k] as string];
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        if (typeof item === 'object' && item !== null) visit(item);
      }
    } else if (typeof value === 'object' && value !== null) visit(value);
  }
}

/**
 * Freezes every node and list of a tree its producer built and checked (the JSON reader: its
 * nodes are fresh objects only it holds), and registers the root. Subtrees already in the set
 * are not walked again. Iterative.
 */
export function freezeChecked<T extends Node>(root: T): T {
  const stack: Node[] = [root];
  // One visitor for the walk, not a closure per node.
  const visit = (child: object): void => {
    if (!CHECKED.has(child)) stack.push(child as Node);
  };
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    // (A node frozen already was reached before: the producer's nodes are fresh, unfrozen objects.)
    if (CHECKED.has(node) || Object.isFrozen(node)) continue;
    freezeNode(node);
    eachChild(node, visit);
  }
  CHECKED.add(root);
  return root;
}

/**
 * Registers every node of a tree of frozen copies that was checked (the validator's copies,
 * validate.ts, once the spec's rules passed too). Iterative.
 */
export function registerTree<T extends Node>(root: T): T {
  CHECKED.add(root);
  registerParts(root);
  return root;
}

/**
 * Registers the parts of a checked tree (each is valid and frozen already, as a part of it), so
 * that dsq code that takes the tree apart (a query's select of a parsed statement, the
 * template's parsed text, parameters bound into a parsed statement) finds each part in the set.
 * The walk stops at parts registered already: the second call on a tree costs next to nothing,
 * and a shared subtree is walked once. (A checked tree put into this one as a part keeps its own
 * parts unregistered: dsq code that took it apart would check them again, as it checks a tree
 * it did not make.) Iterative.
 */
export function registerParts(root: Node): void {
  if (!CHECKED.has(root)) return;
  const stack: Node[] = [root];
  while (stack.length > 0) {
    eachChild(stack.pop() as Node, (child) => {
      if (CHECKED.has(child)) return;
      CHECKED.add(child);
      stack.push(child as Node);
    });
  }
}

// ---------------------------------------------------------------------------------------
// Shallow checks: a node made by dsq code from checked parts

/** Whether a node's own fields are valid and each child is in the set and fits where it stands. */
function fieldsValid(record: Readonly<Record<string, unknown>>, fields: readonly FieldEntry[]): boolean {
  for (let i = 0; i < fields.length; i++) {
    const { key, child, value } = fields[i] as FieldEntry;
    const v = record[key];
    if (child !== null && child.orValue !== undefined && (v === null || typeof v !== 'object')) {
      if (child.orValue.type(v) !== null || (child.orValue.rule !== undefined && child.orValue.rule(v, record) !== null)) return false;
    } else if (child !== null) {
      if (!childrenChecked(v, child)) return false;
    } else if (value !== null && (value.type(v) !== null || (value.rule !== undefined && value.rule(v, record) !== null))) return false;
  }
  return true;
}

function childrenChecked(v: unknown, field: ChildField): boolean {
  if (field.shape === 'one' || field.shape === 'nullable') {
    return (field.shape === 'nullable' && v === null) || (isChecked(v) && kindFits(v.kind, field.role));
  }
  if (field.shape === 'allOrNonEmpty' && v === 'all') return true;
  if (field.shape === 'nullableList' && v === null) return true;
  if (field.shape === 'listOrOne' && field.orOne !== undefined && !Array.isArray(v)) return isChecked(v) && kindFits(v.kind, field.orOne);
  if (!Array.isArray(v) || (field.shape !== 'list' && field.shape !== 'nullableList' && field.shape !== 'listOrOne' && v.length === 0)) return false;
  for (let i = 0; i < v.length; i++) {
    const item: unknown = v[i];
    if (!isChecked(item) || !kindFits(item.kind, field.role)) return false;
  }
  return true;
}

/**
 * A fresh, frozen, registered copy of one node whose own fields are valid and whose children
 * are in the set; or null. Each field (and each item of a list) is read once, into data the
 * caller cannot reach: the object given is never registered, so changing it later, a getter
 * that answers differently the second time, a field inherited from a prototype or an extra
 * field cannot change what was checked. For node objects that may come from outside (a
 * builder constructor's argument) and for the nodes a transform rebuilt.
 */
export function checkedCopy<T extends Node>(node: T): T | null {
  if (typeof node !== 'object' || node === null) return null;
  if (CHECKED.has(node)) return node;
  const kind: unknown = node.kind;
  if (typeof kind !== 'string' || !Object.hasOwn(FIELD_LIST, kind)) return null;
  const record = node as unknown as Readonly<Record<string, unknown>>;
  const fields = FIELD_LIST[kind as Node['kind']];
  // A field the kind does not have is not dropped without a word: the full check names it.
  if (Object.keys(node).length !== fields.length + 1) return null;
  const copy: Record<string, unknown> = { kind };
  for (let i = 0; i < fields.length; i++) {
    const { key } = fields[i] as FieldEntry;
    if (!Object.hasOwn(record, key)) return null;
    const v = record[key];
    copy[key] = Array.isArray(v) ? Array.from(v as readonly unknown[]) : v;
  }
  if (!fieldsValid(copy, fields)) return null;
  freezeNode(copy);
  CHECKED.add(copy);
  return copy as unknown as T;
}

/**
 * Checks a node dsq code has just made from checked parts and values it checked itself (a
 * literal of the builder, a parameter's value), then freezes and registers it. A node that
 * fails is dsq's bug, thrown as an internal error.
 */
export function checkNode<T extends Node>(node: T): T {
  const copy = checkedCopy(node);
  if (copy === null) {
    throw new DsqError([{ code: 'internal/invalid-node', severity: 'error', message: `internal error: dsq made an invalid "${String(node.kind)}" node` }]);
  }
  return copy;
}

/**
 * A checked tree from one that dsq code rebuilt around checked parts (the template's
 * substitutions, parameters bound into a parsed statement): the parts in the set are taken as
 * they are, every other node is checked shallowly, children first, and replaced by a checked
 * copy (checkedCopy). Null when some node is not valid (the caller then runs the full check,
 * validate.ts, for the error). Iterative; a node reached twice is copied once.
 */
export function checkBuilt<T extends Node>(root: T): T | null {
  if (CHECKED.has(root)) return root;
  interface Frame {
    readonly node: Node;
    open: boolean;
  }
  const copies = new Map<object, Node>();
  const onPath = new Set<object>();
  const stack: Frame[] = [{ node: root, open: true }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Frame;
    if (top.open) {
      top.open = false;
      if (typeof top.node !== 'object' || top.node === null || !Object.hasOwn(FIELD_LIST, top.node.kind)) return null;
      onPath.add(top.node);
      let cycle = false;
      eachChild(top.node, (child) => {
        if (CHECKED.has(child) || copies.has(child)) return;
        if (onPath.has(child)) cycle = true;
        else stack.push({ node: child as Node, open: true });
      });
      if (cycle) return null;
      continue;
    }
    stack.pop();
    onPath.delete(top.node);
    if (copies.has(top.node)) continue;
    const copy = checkedCopy(withCopies(top.node, copies));
    if (copy === null) return null;
    copies.set(top.node, copy);
  }
  return (copies.get(root) as T | undefined) ?? null;
}

/** The node with each child that was copied replaced by its copy (a fresh object when one was). */
function withCopies(node: Node, copies: ReadonlyMap<object, Node>): Node {
  const record = node as unknown as Readonly<Record<string, unknown>>;
  let out: Record<string, unknown> | null = null;
  for (const key of childKeys(node.kind)) {
    const value = record[key];
    if (Array.isArray(value)) {
      if (!value.some((item) => copies.has(item as object))) continue;
      out ??= { ...record };
      out[key] = value.map((item) => copies.get(item as object) ?? item);
    } else if (typeof value === 'object' && value !== null && copies.has(value)) {
      out ??= { ...record };
      out[key] = copies.get(value);
    }
  }
  return (out ?? node) as Node;
}
