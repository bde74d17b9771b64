import { FIELD_LIST, kindFits, type ChildField, type FieldEntry } from './fields.js';
import type { Node } from './nodes.js';
import { KINDS } from './kinds.js';
import { hasTrust, vouch } from './brand.js';

/**
 * The trust brand: a mark on the node objects dsq made itself (the parser, the JSON reader,
 * the AST constructors, the builder, and `fromAst`'s validator). The builder takes a node
 * object as syntax only when it carries the mark; any other object is a value, never syntax.
 *
 * Invariant: a trusted node is well formed and its values are safe (the kinds, fields, number
 * and datetime texts and non-empty names of fields.ts), and so is every node below it. (The
 * spec's rules about whole statements, function arity and ROWS, are checked where statements
 * are made: parse, fromJson, fromAst, a query's toAst.)
 *
 * The mark is a private class field (src/ast/brand.ts): only that module can write or see it,
 * it is not a property (not in `Object.keys`, JSON, spreads or copies, not compared by deep
 * equality) and nothing outside can forge it. The parser's nodes are trusted at once when the
 * parse ends without an error (they share its voucher); other producers mark what they checked.
 * This module is not exported from the package (src/ast/index.ts leaves it out): the public way
 * in for a hand-built tree is `fromAst(node)`.
 */
/** True when dsq made this node (it is valid, and so is everything below it). */
export function isTrusted(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && hasTrust(value);
}

/** Marks one node whose children are trusted and whose own fields were checked. */
export function markTrusted<T extends object>(node: T): T {
  vouch(node);
  return node;
}

/**
 * Marks every node of a tree that a dsq producer (the JSON reader) built and checked. Subtrees
 * already trusted are not walked again. Iterative. (The nodes of the kind table's constructors
 * carry the brand from birth: marking them is a store in place. The parser needs no walk: its
 * nodes share the parse's voucher, src/ast/brand.ts.)
 */
export function trustTree<T extends Node>(root: T): T {
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    // (A subtree shared by two parents may be pushed twice before it is marked.)
    if (hasTrust(node)) continue;
    vouch(node);
    const record = node as unknown as Readonly<Record<string, unknown>>;
    for (const key of KINDS[node.kind].children as readonly string[]) {
      const value = record[key];
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const item = value[i] as object;
          if (!hasTrust(item)) stack.push(item as Node);
        }
      } else if (typeof value === 'object' && value !== null && !hasTrust(value)) stack.push(value as Node);
    }
  }
  return root;
}

// ---------------------------------------------------------------------------------------
// Shallow trust: a node built by dsq code from checked parts (fields.ts says what is valid)

/**
 * Marks a node dsq code has just built as trusted when its own fields are valid and each
 * child is already trusted (and fits where it stands); otherwise leaves it unmarked. Never
 * throws, never walks below the children: the AST constructors (make.ts) and the builder call
 * it on every node they build.
 */
export function trustIfValid<T extends Node>(node: T): T {
  const record = node as unknown as Readonly<Record<string, unknown>>;
  // (An own entry only: a kind such as "constructor" or "__proto__" is no kind.)
  if (typeof node.kind !== 'string' || !Object.hasOwn(FIELD_LIST, node.kind)) return node;
  const fields = FIELD_LIST[node.kind];
  for (let i = 0; i < fields.length; i++) {
    const { key, child, value } = fields[i] as FieldEntry;
    const v = record[key];
    if (child !== null && child.orValue !== undefined && (v === null || typeof v !== 'object')) {
      if (child.orValue.type(v) !== null || (child.orValue.rule !== undefined && child.orValue.rule(v, record) !== null)) return node;
    } else if (child !== null) {
      if (!childrenTrusted(v, child)) return node;
    } else if (value !== null && (value.type(v) !== null || (value.rule !== undefined && value.rule(v, record) !== null))) return node;
  }
  return markTrusted(node);
}

function childrenTrusted(v: unknown, field: ChildField): boolean {
  if (field.shape === 'one' || field.shape === 'nullable') {
    return (field.shape === 'nullable' && v === null) || (isTrusted(v) && kindFits(v.kind, field.role));
  }
  if (field.shape === 'allOrNonEmpty' && v === 'all') return true;
  if (field.shape === 'listOrOne' && field.orOne !== undefined && !Array.isArray(v)) return isTrusted(v) && kindFits(v.kind, field.orOne);
  if (!Array.isArray(v) || (field.shape !== 'list' && field.shape !== 'listOrOne' && v.length === 0)) return false;
  for (let i = 0; i < v.length; i++) {
    const item: unknown = v[i];
    if (!isTrusted(item) || !kindFits(item.kind, field.role)) return false;
  }
  return true;
}

/**
 * A fresh copy of a node whose children are trusted and whose own fields are valid, marked; or
 * null. Each field (and each item of a list) is read once, into plain data the caller cannot
 * reach: the object given is never marked, so changing it later, a getter that answers
 * differently the second time, a field inherited from a prototype or an extra field cannot
 * change what was checked. For nodes whose object may come from outside (a builder constructor's
 * argument); `fromAst` copies whole trees the same way.
 */
export function trustedCopy<T extends Node>(node: T): T | null {
  if (typeof node !== 'object' || node === null) return null;
  const kind: unknown = node.kind;
  if (typeof kind !== 'string' || !Object.hasOwn(FIELD_LIST, kind)) return null;
  const record = node as unknown as Readonly<Record<string, unknown>>;
  const fields = FIELD_LIST[kind as Node['kind']];
  // A field the kind does not have is not dropped without a word: the full check names it.
  if (Object.keys(node).length !== fields.length + 1) return null;
  const copy: Record<string, unknown> = { kind };
  for (const { key } of fields) {
    const v = record[key];
    copy[key] = Array.isArray(v) ? Array.from(v) : v;
  }
  const checked = trustIfValid(copy as unknown as T);
  return isTrusted(checked) ? checked : null;
}

/**
 * Marks a tree that dsq code rebuilt around trusted parts (the template's substitutions, a
 * `transform` of a trusted tree): its untrusted nodes are checked shallowly, children first,
 * and marked. True when the whole tree is then trusted; false when some node is not valid
 * (the caller then runs validateAst for the error). Walks only the untrusted nodes. Iterative.
 */
export function trustBuilt(root: Node): boolean {
  if (isTrusted(root)) return true;
  const stack: { node: Node; open: boolean }[] = [{ node: root, open: true }];
  // (A node reached twice is opened once: a cycle cannot loop, it just fails the check.)
  const seen = new Set<object>();
  while (stack.length > 0) {
    const top = stack.pop() as { node: Node; open: boolean };
    if (!top.open) {
      if (!isTrusted(trustIfValid(top.node))) return false;
      continue;
    }
    if (seen.has(top.node)) continue;
    seen.add(top.node);
    stack.push({ node: top.node, open: false });
    const record = top.node as unknown as Readonly<Record<string, unknown>>;
    const fields = FIELD_LIST[top.node.kind];
    if (fields === undefined) return false;
    for (const { key, child } of fields) {
      if (child === null) continue;
      const v = record[key];
      const items: readonly unknown[] = Array.isArray(v) ? v : [v];
      for (const item of items) {
        if (typeof item === 'object' && item !== null && !isTrusted(item)) stack.push({ node: item as Node, open: true });
      }
    }
  }
  return isTrusted(root);
}
