import type { Node } from '../ast/nodes.js';

/**
 * Keys for the span of one property of a node in the parser's span table (the `ROWS = -5`
 * of a SELECT action, a name of FETCH RECORDS' FIELDS, a name of the column list of
 * INSERT ... VALUES, UPDATE's `FILE '...'`), so a problem the spec check or a lint rule finds in
 * that property (src/spec/check.ts `Problem.field`, src/lint/rule-api.ts `spanOfProperty`) is
 * placed on it, not on the whole node. Made per action, never per field value: a VALUES of
 * many rows records each column name once.
 */
const KEYS = new WeakMap<Node, Map<string, Node>>();

export function fieldKey(node: Node, field: string): Node {
  let byField = KEYS.get(node);
  if (byField === undefined) {
    byField = new Map();
    KEYS.set(node, byField);
  }
  let key = byField.get(field);
  if (key === undefined) {
    // A private object standing for the property: never part of a tree.
    key = Object.freeze({ kind: 'null' as const, field }) as Node;
    byField.set(field, key);
  }
  return key;
}

/** The key when it was made, without making one (for lookups). */
export function existingFieldKey(node: Node, field: string | undefined): Node | undefined {
  return field === undefined ? undefined : KEYS.get(node)?.get(field);
}
