import type { BinaryOp, UnaryOp } from './nodes.js';

/**
 * Every operator of the dsq text dialect in one table: the level it binds at, the levels its
 * operands need, and the words it is written with. The parser binds by it
 * (src/syntax/expression-rules.ts, and the grammar the diagrams are drawn from) and the printer
 * decides parentheses and spells operators from it (src/print), so the two cannot disagree.
 *
 * Levels run from the loosest (OR, 1) to the tightest (COLLATE, 11); everything that is not an
 * operator (a literal, a name, a call, a parenthesised expression, CASE, a subquery) is
 * `PRIMARY`. An operand whose level is below the one its place needs is written in parentheses.
 */

/** The levels, loosest first. */
const LEVEL = {
  or: 1,
  and: 2,
  not: 3,
  comparison: 4,
  bitOr: 5,
  bitAnd: 6,
  shift: 7,
  additive: 8,
  multiplicative: 9,
  prefix: 10,
  collate: 11,
  primary: 12,
} as const;

/** The level of everything that is not an operator. */
export const PRIMARY = LEVEL.primary;

export interface Operator<
  Left extends number | null = number | null,
  Right extends number | null = number | null,
  Negated extends string | null = string | null,
> {
  /** The level it binds at: an expression it heads has this level. */
  readonly level: number;
  /** How it is written (keywords in upper case; `!=` for the `<>` that also reads as it). */
  readonly text: string;
  /** How its negation is written where NOT fuses into it (`NOT LIKE`, `IS NOT`, `NOT BETWEEN`, `NOT IN`); null where it does not. */
  readonly negated: Negated;
  /**
   * The least level of its left operand (infix and postfix operators: the same level, so
   * chains are left-associative), or null (prefix operators).
   */
  readonly left: Left;
  /**
   * The least level of its right operand (infix: one more than its own, so `a - (b - c)` keeps
   * its parentheses; prefix: its own, so `NOT NOT a` needs none; BETWEEN: both bounds), or null
   * (postfix COLLATE, and IN, whose list is in parentheses).
   */
  readonly right: Right;
  /**
   * The `$` shorthand with three or more operands (binary operators): `fold` reads
   * `[a, b, c]` as `(a op b) op c`; `compare` as `a op b AND a op c`.
   */
  readonly nary: 'fold' | 'compare' | null;
}

/** Left-associative: the left operand may have its level, the right one needs one more. */
const infix = <N extends string | null = null>(
  level: number,
  text: string,
  nary: Operator['nary'] = null,
  negated: N = null as N,
): Operator<number, number, N> => ({
  level,
  text,
  negated,
  left: level,
  right: level + 1,
  nary,
});
const prefix = (level: number, text: string): Operator<null, number, null> => ({ level, text, negated: null, left: null, right: level, nary: null });

const BINARY: { readonly [Op in BinaryOp]: Operator<number, number> } = {
  and: infix(LEVEL.and, 'AND', 'fold'),
  or: infix(LEVEL.or, 'OR', 'fold'),
  '=': infix(LEVEL.comparison, '=', 'compare'),
  '!=': infix(LEVEL.comparison, '!=', 'compare'),
  '>': infix(LEVEL.comparison, '>', 'compare'),
  '>=': infix(LEVEL.comparison, '>=', 'compare'),
  '<': infix(LEVEL.comparison, '<', 'compare'),
  '<=': infix(LEVEL.comparison, '<=', 'compare'),
  is: infix(LEVEL.comparison, 'IS', 'compare', 'IS NOT'),
  like: infix(LEVEL.comparison, 'LIKE', 'compare', 'NOT LIKE'),
  regexp: infix(LEVEL.comparison, 'REGEXP', 'compare', 'NOT REGEXP'),
  '|': infix(LEVEL.bitOr, '|', 'fold'),
  '&': infix(LEVEL.bitAnd, '&', 'fold'),
  '<<': infix(LEVEL.shift, '<<', 'fold'),
  '>>': infix(LEVEL.shift, '>>', 'fold'),
  '+': infix(LEVEL.additive, '+', 'fold'),
  '-': infix(LEVEL.additive, '-', 'fold'),
  '*': infix(LEVEL.multiplicative, '*', 'fold'),
  '/': infix(LEVEL.multiplicative, '/', 'fold'),
  '%': infix(LEVEL.multiplicative, '%', 'fold'),
};

const UNARY: { readonly [Op in UnaryOp]: Operator<null, number, null> } = {
  not: prefix(LEVEL.not, 'NOT'),
  '-': prefix(LEVEL.prefix, '-'),
  '~': prefix(LEVEL.prefix, '~'),
};

/**
 * The operators: binary (`a op b`), unary (`op a`), and the forms that build their own node:
 * `e [NOT] BETWEEN a AND b`, `e [NOT] IN (...)` (a list or a subquery), `e COLLATE name`.
 */
export const OPERATORS = {
  binary: BINARY,
  unary: UNARY,
  between: infix(LEVEL.comparison, 'BETWEEN', null, 'NOT BETWEEN'),
  in: { ...infix(LEVEL.comparison, 'IN', null, 'NOT IN'), right: null } as Operator<number, null, string>,
  collate: { level: LEVEL.collate, text: 'COLLATE', negated: null, left: LEVEL.collate, right: null, nary: null } as Operator<number, null, null>,
} as const satisfies {
  readonly binary: Readonly<Record<BinaryOp, Operator>>;
  readonly unary: Readonly<Record<UnaryOp, Operator>>;
  readonly between: Operator;
  readonly in: Operator;
  readonly collate: Operator;
};
