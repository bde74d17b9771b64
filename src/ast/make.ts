import { KINDS } from './kinds.js';
import type { BinaryOp, Expr, NullLit } from './nodes.js';
import { freezeNode, registerFrozen } from './checked.js';

/**
 * The producers' constructors (the parser, the JSON reader, the builder): the kind table's
 * (kinds.ts `make`), under short names. They build plain nodes and check nothing: a producer
 * checks its input, then registers the finished tree as checked (src/ast/checked.ts). The
 * package's constructors (constructors.ts) are these, registering what they build when its
 * parts are valid.
 */

/** The one null node (checked and frozen, shared by every tree). */
export const NULL: NullLit = registerFrozen(freezeNode(KINDS.null.make()));

export const num = KINDS.number.make;
export const str = KINDS.string.make;
export const col = KINDS.column.make;
export const alias = KINDS.alias.make;
export const binary = KINDS.binary.make;
export const unary = KINDS.unary.make;
export const between = KINDS.between.make;
export const fn = KINDS.function.make;
export const inList = KINDS.in.make;
export const when = KINDS.when.make;
export const caseExpr = KINDS.case.make;
export const resultColumn = KINDS.result_column.make;
export const orderTerm = KINDS.order_term.make;
export const table = KINDS.table.make;
export const select = KINDS.select.make;
export const selectAction = KINDS.select_action.make;

/** Left fold of two or more operands with one operator: `a op b op c` as `(a op b) op c`. */
export function foldLeft(op: BinaryOp, operands: readonly Expr[]): Expr {
  let acc = operands[0] as Expr;
  for (let i = 1; i < operands.length; i++) acc = binary(op, acc, operands[i] as Expr);
  return acc;
}
