import * as make from './make.js';
import type {
  AliasRef, Between, Binary, BinaryOp, Case, ColumnRef, Expr, FunctionCall, InList, NumberLit, OrderTerm, ResultColumn,
  Select, SelectAction, StringLit, TableSource, Unary, UnaryOp, WhenClause,
} from './nodes.js';
import { trustIfValid as t } from './trust.js';

/**
 * The AST constructors of the public API: those of make.ts, and what they build is trusted by
 * the builder (src/ast/trust.ts) when its own fields are valid and its children are trusted
 * nodes (made by these constructors, the parser, the JSON reader or `fromAst`). They do not
 * throw: a node with a bad part (`num('1 OR 1 = 1')`, a hand-built child) comes back untrusted,
 * and the builder refuses it as syntax. (The parser and the JSON reader use make.ts directly,
 * and mark each finished tree at once: checking every node as it is made would cost the parser
 * a sixth of its speed.)
 */

export { NULL } from './make.js';

export const num = (value: string | number | bigint): NumberLit => t(make.num(value));
export const str = (value: string): StringLit => t(make.str(value));
export const col = (path: string): ColumnRef => t(make.col(path));
export const alias = (name: string): AliasRef => t(make.alias(name));
export const binary = (op: BinaryOp, e1: Expr, e2: Expr): Binary => t(make.binary(op, e1, e2));
export const unary = (op: UnaryOp, e: Expr): Unary => t(make.unary(op, e));
export const between = (e: Expr, min: Expr, max: Expr): Between => t(make.between(e, min, max));
export const fn = (name: string, args: readonly Expr[]): FunctionCall => t(make.fn(name, args));
export const inList = (e: Expr, values: readonly Expr[]): InList => t(make.inList(e, values));
export const when = (w: Expr, then: Expr): WhenClause => t(make.when(w, then));
export const caseExpr = (base: Expr | null, cases: readonly WhenClause[], otherwise: Expr | null): Case => t(make.caseExpr(base, cases, otherwise));
export const resultColumn = (e: Expr, aliasName: string | null = null): ResultColumn => t(make.resultColumn(e, aliasName));
export const orderTerm = (e: Expr, order: 'asc' | 'desc' = 'asc'): OrderTerm => t(make.orderTerm(e, order));
export const table = (name: string, aliasName: string | null = null): TableSource => t(make.table(name, aliasName));

/** A select object with the spec's defaults for every part not given. */
export const select = (parts: Partial<Omit<Select, 'kind'>> = {}): Select => t(make.select(parts));

export const selectAction = (sel: Select, options: { rows?: string | null; useStrings?: boolean | null; echo?: boolean | null } = {}): SelectAction =>
  t(make.selectAction(sel, options));

/** Left fold of two or more operands with one operator: `a op b op c` as `(a op b) op c`. */
export function foldLeft(op: BinaryOp, operands: readonly Expr[]): Expr {
  let acc = operands[0] as Expr;
  for (let i = 1; i < operands.length; i++) acc = binary(op, acc, operands[i] as Expr);
  return acc;
}
