import type { Node } from './nodes.js';
import { CHILD_KEYS } from './walk.js';

/**
 * The trust brand: the set of node objects dsq made itself (the parser, the JSON reader, the
 * AST constructors, the builder, and `fromAst`'s validator). The builder takes a node object
 * as syntax only when it is in this set; any other object is a value, never syntax.
 *
 * Invariant: a trusted node is valid (validate.ts) and so is every node below it.
 *
 * The set is private to dsq: this module is not exported from the package (src/ast/index.ts
 * leaves it out), so the only public way in for a hand-built tree is `fromAst(node)`.
 */
const TRUSTED = new WeakSet<object>();

/** True when dsq made this node (it is valid, and so is everything below it). */
export function isTrusted(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && TRUSTED.has(value);
}

/** Marks one node whose children are trusted and whose own fields were checked. */
export function markTrusted<T extends object>(node: T): T {
  TRUSTED.add(node);
  return node;
}

/**
 * Marks every node of a tree that a dsq producer (the parser, the JSON reader) built and
 * checked. Subtrees already trusted are not walked again. Iterative.
 */
export function trustTree<T extends Node>(root: T): T {
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    // (A subtree shared by two parents may be pushed twice before it is marked.)
    if (TRUSTED.has(node)) continue;
    TRUSTED.add(node);
    const record = node as unknown as Readonly<Record<string, unknown>>;
    for (const key of CHILD_KEYS[node.kind] as readonly string[]) {
      const value = record[key];
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const item = value[i] as object;
          if (!TRUSTED.has(item)) stack.push(item as Node);
        }
      } else if (typeof value === 'object' && value !== null && !TRUSTED.has(value)) stack.push(value as Node);
    }
  }
  return root;
}
