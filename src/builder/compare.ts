import type { BinaryOp, Expr } from '../ast/index.js';
import { isQueryLike, nestedSelect } from './brand.js';
import { argumentError, describeValue } from './errors.js';
import type { InQuery, TextOperand } from './expression.js';
import type { Operand } from './typing.js';
import { denseItems, own, toExpr } from './values.js';

/** The operators of `where(column, op, value)` (Kysely's spelling; `<>` is `!=`). */
export const COMPARE_OPS = ['=', '!=', '<>', '>', '>=', '<', '<=', 'is', 'is not', 'like', 'not like', 'regexp', 'not regexp', 'in', 'not in'] as const;
export type CompareOp = (typeof COMPARE_OPS)[number];

/** The value `where(column, op, value)` takes for a column of type T. */
export type CompareValue<T, Op extends CompareOp> = [Op] extends [never]
  ? Operand<T>
  : Op extends 'in' | 'not in'
    ? readonly Operand<T>[] | InQuery<T>
    : Op extends 'like' | 'not like' | 'regexp' | 'not regexp'
      ? TextOperand
      : Operand<T>;

const BINARY: Readonly<Record<string, BinaryOp>> = {
  '=': '=',
  '!=': '!=',
  '<>': '!=',
  '>': '>',
  '>=': '>=',
  '<': '<',
  '<=': '<=',
  is: 'is',
  like: 'like',
  regexp: 'regexp',
};

/** `left op value` as the parser reads it (`x NOT LIKE y` is `NOT (x LIKE y)`, `x IS NOT y` is `NOT (x IS y)`). */
export function compare(left: Expr, op: unknown, value: unknown, method: string): Expr {
  if (typeof op !== 'string' || !(COMPARE_OPS as readonly string[]).includes(op)) {
    throw argumentError(`argument 2 (the operator) of .${method}() must be one of ${COMPARE_OPS.map((o) => `'${o}'`).join(', ')}, got ${describeValue(op)}`);
  }
  const what = `argument 3 (the value) of .${method}()`;
  const negated = op.startsWith('not ') || op === 'is not';
  const base = op === 'is not' ? 'is' : negated ? op.slice(4) : op;
  let e: Expr;
  if (base === 'in') {
    if (isQueryLike(value)) e = own({ kind: 'in_select', e: left, select: nestedSelect(value, what) });
    else {
      const items = denseItems(value, what, 'an array of values or a query');
      e = own({ kind: 'in', e: left, values: items.map((v, i) => toExpr(v, `item ${i + 1} of ${what}`)) });
    }
  } else {
    e = own({ kind: 'binary', op: BINARY[base] as BinaryOp, e1: left, e2: toExpr(value, what) });
  }
  return negated ? own({ kind: 'unary', op: 'not', e }) : e;
}
