import type { Node } from './nodes.js';
import { KINDS } from './kinds.js';

/**
 * The trust brand: a mark on the node objects dsq made itself (the parser, the JSON reader,
 * the AST constructors, the builder, and `fromAst`'s validator). The builder takes a node
 * object as syntax only when it carries the mark; any other object is a value, never syntax.
 *
 * Invariant: a trusted node is valid (validate.ts) and so is every node below it.
 *
 * The mark is a private class field stamped onto the node: a base class whose constructor
 * returns the object it is given makes a derived class install its private fields on that
 * object. Only this module can stamp or see the mark: it is not a property (not in
 * `Object.keys`, JSON, spreads or copies, not compared by deep equality), nothing outside can
 * forge it, and it costs a third of what a WeakSet of every node costs the parser. This module
 * is not exported from the package (src/ast/index.ts leaves it out): the public way in for a
 * hand-built tree is `fromAst(node)`.
 */
class Adopt {
  constructor(node: object) {
    return node;
  }
}

class Stamp extends Adopt {
  #trusted = true;

  static has(value: object): boolean {
    return #trusted in value;
  }

  static mark(node: object): void {
    if (#trusted in node) return;
    try {
      new Stamp(node);
    } catch {
      // A future engine may refuse to add private fields to a frozen object: it stays untrusted.
    }
  }
}

/** True when dsq made this node (it is valid, and so is everything below it). */
export function isTrusted(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && Stamp.has(value);
}

/** Marks one node whose children are trusted and whose own fields were checked. */
export function markTrusted<T extends object>(node: T): T {
  Stamp.mark(node);
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
    if (Stamp.has(node)) continue;
    Stamp.mark(node);
    const record = node as unknown as Readonly<Record<string, unknown>>;
    for (const key of KINDS[node.kind].children as readonly string[]) {
      const value = record[key];
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const item = value[i] as object;
          if (!Stamp.has(item)) stack.push(item as Node);
        }
      } else if (typeof value === 'object' && value !== null && !Stamp.has(value)) stack.push(value as Node);
    }
  }
  return root;
}
