import { childKeys } from './kinds.js';
import type { Node, NodeKind, NodeOfKind } from './nodes.js';

/**
 * The one walker. Children come from the kind table (kinds.ts `childKeys`: the fields that hold nodes), in source order.
 * Everything here is iterative (explicit stacks, no recursion): a 50,000-term AND chain or
 * 100,000 nested parentheses walk without growing the call stack.
 */

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string';
}

/**
 * A node's children pushed onto a stack, last child first (so the first is on top): `stack[top]`
 * on, returning the new top; with `keys` and `indexes`, the property and list index of each child
 * at the same positions (null for a field that is no list). The one loop over a node's children:
 * `children`, `visit` and the printer's walks that keep their own stack (no array per node) all
 * read them here.
 */
export function stackChildren(node: Node, stack: Node[], top: number, keys?: (string | null)[], indexes?: (number | null)[]): number {
  const record = node as unknown as Record<string, unknown>;
  const list = childKeys(node.kind);
  for (let k = list.length - 1; k >= 0; k--) {
    const key = list[k] as string;
    const value = record[key];
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) {
        const item: unknown = value[i];
        if (!isNode(item)) continue;
        if (keys !== undefined && indexes !== undefined) {
          keys[top] = key;
          indexes[top] = i;
        }
        stack[top++] = item;
      }
    } else if (isNode(value)) {
      if (keys !== undefined && indexes !== undefined) {
        keys[top] = key;
        indexes[top] = null;
      }
      stack[top++] = value;
    }
  }
  return top;
}

/** The direct children of a node, in source order. */
export function children(node: Node): Node[] {
  const out: Node[] = [];
  stackChildren(node, out, 0);
  return out.reverse();
}

// ---------------------------------------------------------------------------------------
// visit

/** Returned by a visitor function: stop the whole walk (no more enters or leaves). */
export const BREAK: unique symbol = Symbol('dsq.visit.BREAK');

/**
 * What an `enter` returns: nothing to go on, `false` to skip the node's children (and its
 * `leave`), `BREAK` to stop.
 */
export type EnterResult = void | false | typeof BREAK;
/** What a `leave` returns: nothing, or `BREAK` to stop. */
export type LeaveResult = void | typeof BREAK;

/**
 * Where the walk is, for the visitor functions. One object per walk, updated as the walk moves:
 * read it during the call (copy what you keep).
 */
export interface VisitInfo {
  /** The node's parent (null at the root). */
  readonly parent: Node | null;
  /** The property of the parent that holds the node (`where`, `e1`, `args`...); null at the root. */
  readonly key: string | null;
  /** The node's index in that property when it is a list (`args`, `group`...), else null. */
  readonly index: number | null;
  /** How many nodes are above it (0 at the root). */
  readonly depth: number;
  /** The nodes above it, the root first (a new array: O(depth)). */
  ancestors(): Node[];
  /** The keys and indexes from the root to it (`['where', 'e1', 'args', 0]`; a new array: O(depth)). */
  path(): (string | number)[];
}

export type EnterFn<N extends Node = Node> = (node: N, info: VisitInfo) => EnterResult;
export type LeaveFn<N extends Node = Node> = (node: N, info: VisitInfo) => LeaveResult;

/** A kind's handlers: a function (called on entering), or `enter` and `leave`. */
export type KindVisitor<N extends Node> = EnterFn<N> | { readonly enter?: EnterFn<N>; readonly leave?: LeaveFn<N> };

/**
 * A visitor: `enter`/`leave` for every node, and handlers by node kind
 * (`{ binary: (node) => ..., select: { leave: (node) => ... } }`). For each node, the generic
 * `enter` runs before the kind's, and the kind's `leave` before the generic one. An enter that
 * returns `false` skips the node's children and its leaves; `BREAK` ends the walk.
 */
export type Visitor = {
  readonly enter?: EnterFn;
  readonly leave?: LeaveFn;
} & { readonly [K in NodeKind]?: KindVisitor<NodeOfKind<K>> };

interface Handlers {
  readonly enter: EnterFn | undefined;
  readonly leave: LeaveFn | undefined;
}

/** A visitor's handlers for each kind, generic ones included, in the order they run. */
function handlersByKind(visitor: Visitor): (kind: NodeKind) => Handlers {
  const cache = new Map<NodeKind, Handlers>();
  const generic = { enter: visitor.enter, leave: visitor.leave };
  return (kind) => {
    let h = cache.get(kind);
    if (h !== undefined) return h;
    const own = (visitor as Record<string, KindVisitor<Node> | undefined>)[kind];
    const ownEnter = typeof own === 'function' ? own : own?.enter;
    const ownLeave = typeof own === 'function' ? undefined : own?.leave;
    h = {
      enter: compose(generic.enter, ownEnter),
      leave: compose(ownLeave, generic.leave),
    };
    cache.set(kind, h);
    return h;
  };
}

function compose<F extends (node: Node, info: VisitInfo) => EnterResult>(first: F | undefined, second: F | undefined): F | undefined {
  if (first === undefined) return second;
  if (second === undefined) return first;
  return ((node: Node, info: VisitInfo) => {
    const r = first(node, info);
    return r === false || r === BREAK ? r : second(node, info);
  }) as F;
}

/** The walker's position, exposed as `VisitInfo`. */
class Position implements VisitInfo {
  parent: Node | null = null;
  key: string | null = null;
  index: number | null = null;
  depth = 0;
  /** The nodes on the path from the root (index = depth), and the key and index of each in its parent. */
  readonly nodes: Node[] = [];
  readonly keys: (string | null)[] = [];
  readonly indexes: (number | null)[] = [];

  ancestors(): Node[] {
    return this.nodes.slice(0, this.depth);
  }

  path(): (string | number)[] {
    const out: (string | number)[] = [];
    for (let d = 1; d <= this.depth; d++) {
      out.push(this.keys[d] as string);
      const i = this.indexes[d];
      if (i !== null && i !== undefined) out.push(i);
    }
    return out;
  }

  /** Move to the node at `depth` (its parent is the node on the path one level up). */
  at(node: Node, depth: number, key: string | null, index: number | null): void {
    this.depth = depth;
    this.parent = depth > 0 ? (this.nodes[depth - 1] as Node) : null;
    this.key = key;
    this.index = index;
    this.nodes[depth] = node;
    this.keys[depth] = key;
    this.indexes[depth] = index;
  }
}

const LEAVE = -1;

/**
 * Depth-first walk in source order: `enter` before a node's children, `leave` after them.
 * Returns true when a visitor function returned BREAK.
 */
export function visit(root: Node, visitor: Visitor): boolean {
  const handlers = handlersByKind(visitor);
  const pos = new Position();
  // The stack: parallel arrays up to `top` (no object per node). A LEAVE index marks a node to leave.
  const nodes: Node[] = [root];
  const keys: (string | null)[] = [null];
  const indexes: (number | null)[] = [null];
  const depths: number[] = [0];
  let top = 1;
  while (top > 0) {
    top--;
    const node = nodes[top] as Node;
    const key = keys[top] as string | null;
    const index = indexes[top] as number | null;
    const depth = depths[top] as number;
    const h = handlers(node.kind);
    if (index === LEAVE) {
      pos.at(node, depth, pos.keys[depth] ?? null, pos.indexes[depth] ?? null);
      if (h.leave?.(node, pos) === BREAK) return true;
      continue;
    }
    pos.at(node, depth, key, index);
    if (h.enter !== undefined) {
      const r = h.enter(node, pos);
      if (r === BREAK) return true;
      if (r === false) continue;
    }
    if (h.leave !== undefined) {
      // Leaving needs the node's own key and index again: they stay on `pos` at this depth
      // until a sibling replaces them, which happens only after this node is left.
      nodes[top] = node;
      keys[top] = key;
      indexes[top] = LEAVE;
      depths[top] = depth;
      top++;
    }
    // The children, to pop in source order.
    const from = top;
    top = stackChildren(node, nodes, top, keys, indexes);
    for (let i = from; i < top; i++) depths[i] = depth + 1;
  }
  return false;
}

/**
 * One visitor that runs several in one walk, each as if it walked alone: a visitor whose enter
 * returns `false` skips that node's subtree (and its leave) for itself only, and one that
 * returns BREAK stops only itself. For the per-kind dispatch, each kind's handlers are looked up
 * once.
 */
export function visitInParallel(visitors: readonly Visitor[]): Visitor {
  const lookups = visitors.map(handlersByKind);
  /** For each visitor: the node whose subtree it skips, BREAK when it stopped, or null. */
  const skipping: (Node | typeof BREAK | null)[] = visitors.map(() => null);
  const byKind = new Map<NodeKind, readonly (readonly [number, Handlers])[]>();
  const of = (kind: NodeKind) => {
    let list = byKind.get(kind);
    if (list === undefined) {
      list = [];
      for (let i = 0; i < lookups.length; i++) {
        const h = (lookups[i] as (kind: NodeKind) => Handlers)(kind);
        if (h.enter !== undefined || h.leave !== undefined) (list as [number, Handlers][]).push([i, h]);
      }
      byKind.set(kind, list);
    }
    return list;
  };
  return {
    enter(node, info) {
      for (const [i, h] of of(node.kind)) {
        if (skipping[i] !== null) continue;
        const r = h.enter?.(node, info);
        if (r === false) skipping[i] = node;
        else if (r === BREAK) skipping[i] = BREAK;
      }
      return undefined;
    },
    leave(node, info) {
      for (const [i, h] of of(node.kind)) {
        const skip = skipping[i];
        if (skip === null) {
          if (h.leave?.(node, info) === BREAK) skipping[i] = BREAK;
        } else if (skip === node) skipping[i] = null;
      }
      return undefined;
    },
  };
}

/** Every node of the tree in pre-order (the root first). */
export function descendants(root: Node): Node[] {
  const out: Node[] = [];
  visit(root, { enter: (n) => void out.push(n) });
  return out;
}

// ---------------------------------------------------------------------------------------
// transform

/**
 * Rebuild a tree bottom-up: `fn` gets each node with its children already transformed and
 * returns the node to put in its place (the same object to keep it). Unchanged subtrees keep
 * their identity. Iterative, so deep trees are safe. `fn` must return a node that fits where
 * the original stood (an expression for an expression, and so on).
 */
export function transform<T extends Node>(root: T, fn: (node: Node) => Node): T {
  type Frame = { node: Node; done: boolean };
  const stack: Frame[] = [{ node: root, done: false }];
  const result = new Map<Node, Node>();
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    const node = frame.node;
    if (!frame.done) {
      stack.push({ node, done: true });
      const kids = children(node);
      for (let i = kids.length - 1; i >= 0; i--) stack.push({ node: kids[i] as Node, done: false });
      continue;
    }
    let changed = false;
    const record = node as unknown as Record<string, unknown>;
    const copy: Record<string, unknown> = { ...record };
    for (const key of childKeys(node.kind)) {
      const value = record[key];
      if (Array.isArray(value)) {
        let arrayChanged = false;
        const next = value.map((item) => {
          if (!isNode(item)) return item;
          const r = result.get(item) ?? item;
          if (r !== item) arrayChanged = true;
          return r;
        });
        if (arrayChanged) {
          copy[key] = next;
          changed = true;
        }
      } else if (isNode(value)) {
        const r = result.get(value) ?? value;
        if (r !== value) {
          copy[key] = r;
          changed = true;
        }
      }
    }
    const rebuilt = changed ? (copy as unknown as Node) : node;
    result.set(node, fn(rebuilt));
  }
  return (result.get(root) ?? root) as T;
}
