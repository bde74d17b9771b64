import type { Node, NodeKind, NodeOfKind } from './nodes.js';

/**
 * The one place that knows each node's children: for every kind, the properties that hold
 * child nodes (a node, an array of nodes, or null; `columns` may also be the string 'all').
 * Order is source order, so visits see children as they are written.
 */
type ChildKeys<K extends NodeKind> = readonly (keyof NodeOfKind<K> & string)[];

export const CHILD_KEYS: { readonly [K in NodeKind]: ChildKeys<K> } = {
  null: [],
  number: [],
  string: [],
  datetime: [],
  localdatetime: [],
  localdate: [],
  localtime: [],
  column: [],
  system_column: [],
  database_column: ['database', 'column'],
  alias: [],
  between: ['e', 'min', 'max'],
  binary: ['e1', 'e2'],
  case: ['base', 'cases', 'else'],
  when: ['when', 'then'],
  collate: ['e'],
  count_rows: [],
  exists: ['select'],
  function: ['args'],
  in: ['e', 'values'],
  in_select: ['e', 'select'],
  param: [],
  subquery: ['select'],
  unary: ['e'],
  spec_all: [],
  spec_id: [],
  spec_name: [],
  spec_where: ['where'],
  spec_array: ['items'],
  result_column: ['e'],
  order_term: ['e'],
  table: [],
  table_system: [],
  table_database: ['database'],
  join: ['s1', 's2'],
  select_source: ['select'],
  select: ['columns', 'from', 'where', 'group', 'having', 'order', 'limit', 'offset'],
  select_action: ['select'],
  boolean: [],
  field_value: ['value'],
  field_expr: ['e'],
  spec_key: ['key'],
  file_ref: [],
  record: ['values', 'expressions', 'file'],
  fetch_records: ['database', 'records', 'where', 'order'],
  fetch_multirecords: ['databases', 'where', 'order'],
  fetch_pseudorecords: ['select', 'where', 'order'],
  fetch_tasks: ['user', 'where', 'order'],
  fetch_users: ['users', 'order'],
  insert_action: ['database', 'records'],
  replace_action: ['database', 'records'],
  set_action: ['database', 'records'],
  update_action: ['database', 'records', 'fields', 'expressions'],
  delete_action: ['database', 'records'],
  trash_action: ['database', 'records'],
  restore_action: ['database', 'records'],
  dispose_action: ['database', 'records'],
};

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string';
}

/** The direct children of a node, in source order. */
export function children(node: Node): Node[] {
  const out: Node[] = [];
  const record = node as unknown as Record<string, unknown>;
  for (const key of CHILD_KEYS[node.kind] as readonly string[]) {
    const value = record[key];
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) out.push(item);
    } else if (isNode(value)) out.push(value);
  }
  return out;
}

export interface Visitor {
  /** Called before a node's children. Return `false` to skip them (and the node's `leave`). */
  enter?(node: Node, parent: Node | null, depth: number): void | false;
  /** Called after all of a node's children. */
  leave?(node: Node, parent: Node | null, depth: number): void;
}

/**
 * Depth-first walk in source order, without recursion: safe on a 50,000-term AND chain or
 * 100,000 nested parentheses.
 */
export function visit(root: Node, visitor: Visitor): void {
  type Frame = { node: Node; parent: Node | null; depth: number; leaving: boolean };
  const stack: Frame[] = [{ node: root, parent: null, depth: 0, leaving: false }];
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    if (frame.leaving) {
      visitor.leave?.(frame.node, frame.parent, frame.depth);
      continue;
    }
    if (visitor.enter?.(frame.node, frame.parent, frame.depth) === false) continue;
    if (visitor.leave) stack.push({ ...frame, leaving: true });
    const kids = children(frame.node);
    for (let i = kids.length - 1; i >= 0; i--) {
      stack.push({ node: kids[i] as Node, parent: frame.node, depth: frame.depth + 1, leaving: false });
    }
  }
}

/** Every node of the tree in pre-order (the root first). */
export function descendants(root: Node): Node[] {
  const out: Node[] = [];
  visit(root, { enter: (n) => void out.push(n) });
  return out;
}

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
    for (const key of CHILD_KEYS[node.kind] as readonly string[]) {
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
