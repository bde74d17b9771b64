import type { Between, Binary, Expr, InList } from '../ast/nodes.js';

/** The binary operators that compare two values (text patterns included). */
export const COMPARISONS: ReadonlySet<string> = new Set(['=', '!=', '<', '<=', '>', '>=', 'like', 'regexp']);

/**
 * Visitor entries calling `check(value, other)` for each pair of values compared with each
 * other: both sides of a comparison, each BETWEEN bound with its operand, each IN item with its
 * operand. For rules about what a value is compared with.
 */
export function comparedPairs(check: (value: Expr, other: Expr) => void) {
  return {
    binary(node: Binary) {
      if (!COMPARISONS.has(node.op)) return;
      check(node.e1, node.e2);
      check(node.e2, node.e1);
    },
    between(node: Between) {
      check(node.min, node.e);
      check(node.max, node.e);
    },
    in(node: InList) {
      for (const v of node.values) check(v, node.e);
    },
  };
}
