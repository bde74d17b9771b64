import type { Expr, Node } from '../ast/nodes.js';
import { precedenceOf } from '../ast/kinds.js';
import { OPERATORS } from '../ast/operators.js';
import type { StatementLookups } from './comment-lookups.js';

export const PUNCTUATION_BEFORE = new Set([',', ')', ']']);

/** Nodes whose operator the printer puts at the start of a line (`a\nAND b`, `x\n  IN (...)`). */
export const INFIX: ReadonlySet<string> = new Set(['binary', 'between', 'in', 'in_select', 'collate', 'join', 'unary']);

/**
 * The node a comment leading `node` on its own line trails instead: the left operand, when
 * `node` begins the right operand of an operator printed at the start of a line.
 */
export function leftOfOperator(tree: StatementLookups, node: Node): Node | undefined {
  const start = tree.spanOf(node)?.start;
  const top = start === undefined ? undefined : tree.startingAt(start);
  const parent = top === undefined ? undefined : tree.parentOf(top);
  if (top === undefined || parent === undefined) return undefined;
  // A right operand in parentheses prints the comment after its `(`: nothing dangles.
  let left: Node | undefined;
  if (parent.kind === 'binary' && parent.e2 === top) {
    if (precedenceOf(parent.e2) >= (OPERATORS.binary[parent.op].right as number)) left = parent.e1;
  } else if (parent.kind === 'between' && (parent.min === top || parent.max === top)) {
    if (precedenceOf(top as Expr) >= (OPERATORS.between.right as number)) left = parent.min === top ? parent.e : parent.min;
  } else if (parent.kind === 'join' && parent.s2 === top && top.kind !== 'join') {
    left = parent.s1;
  }
  const end = left === undefined ? undefined : tree.spanOf(left)?.end;
  return end === undefined ? undefined : tree.endingAt(end);
}

/** Where an attached comment prints: at an offset, trailing before leading, then by depth. */
export type Place = readonly [offset: number, leading: number, depth: number];

export function placeKey(tree: StatementLookups, node: Node, leading: boolean): Place {
  const span = tree.spanOf(node);
  const depth = tree.depthOf(node);
  return leading ? [span?.start ?? 0, 1, depth] : [span?.end ?? 0, 0, -depth];
}

export function comparePlaces(a: Place, b: Place): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}
