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
export function leftOfOperator(lookups: StatementLookups, node: Node): Node | undefined {
  const start = lookups.spanOf(node)?.start;
  const top = start === undefined ? undefined : lookups.startingAt(start);
  const parent = top === undefined ? undefined : lookups.parentOf(top);
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
  const end = left === undefined ? undefined : lookups.spanOf(left)?.end;
  return end === undefined ? undefined : lookups.endingAt(end);
}

/** Where an attached comment prints: at an offset, trailing before leading, then by depth. */
export type Place = readonly [offset: number, leading: number, depth: number];

export function placeKey(lookups: StatementLookups, node: Node, leading: boolean): Place {
  const span = lookups.spanOf(node);
  const depth = lookups.depthOf(node);
  return leading ? [span?.start ?? 0, 1, depth] : [span?.end ?? 0, 0, -depth];
}

export function comparePlaces(a: Place, b: Place): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}
