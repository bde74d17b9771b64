import type { BinaryOp, Expr, UnaryOp } from './nodes.js';

/**
 * Operator precedence of the dsq text dialect, loosest first. The parser binds operators by
 * these tables (src/syntax/expression-rules.ts) and the printer decides parentheses from them
 * (`precOf`), so the two cannot disagree. An operator at level p takes a left operand of level
 * p or more (left-associative) and a right operand of level p + 1 or more; a prefix operator
 * takes an operand of its own level or more.
 */
export const Prec = {
  or: 1,
  and: 2,
  not: 3,
  /** = != <> < <= > >= IS LIKE REGEXP BETWEEN IN */
  comparison: 4,
  bitOr: 5,
  bitAnd: 6,
  shift: 7,
  additive: 8,
  multiplicative: 9,
  /** prefix - and ~ */
  unary: 10,
  collate: 11,
  /** literals, names, calls, parenthesised expressions, CASE, subqueries */
  primary: 12,
} as const;
export type PrecLevel = (typeof Prec)[keyof typeof Prec];

export const BINARY_PREC: Readonly<Record<BinaryOp, PrecLevel>> = {
  or: Prec.or,
  and: Prec.and,
  '=': Prec.comparison,
  '!=': Prec.comparison,
  '>': Prec.comparison,
  '>=': Prec.comparison,
  '<': Prec.comparison,
  '<=': Prec.comparison,
  is: Prec.comparison,
  like: Prec.comparison,
  regexp: Prec.comparison,
  '|': Prec.bitOr,
  '&': Prec.bitAnd,
  '<<': Prec.shift,
  '>>': Prec.shift,
  '+': Prec.additive,
  '-': Prec.additive,
  '*': Prec.multiplicative,
  '/': Prec.multiplicative,
  '%': Prec.multiplicative,
};

/** Prefix operators: `NOT e`, `-e`, `~e`. */
export const UNARY_PREC: Readonly<Record<UnaryOp, PrecLevel>> = {
  not: Prec.not,
  '-': Prec.unary,
  '~': Prec.unary,
};

/**
 * The operators that build no binary node: `e [NOT] BETWEEN a AND b`, `e [NOT] IN (...)` (a list
 * or a subquery), `e COLLATE name`. (`e IS [NOT] x`, `e [NOT] LIKE x`, `e [NOT] REGEXP x` are
 * binary: BINARY_PREC.)
 */
export const FORM_PREC = {
  between: Prec.comparison,
  in: Prec.comparison,
  collate: Prec.collate,
} as const satisfies Record<string, PrecLevel>;

/** The precedence level of an expression as written in text; everything that is not an operator is primary. */
export function precOf(e: Expr): PrecLevel {
  switch (e.kind) {
    case 'binary':
      return BINARY_PREC[e.op];
    case 'unary':
      return UNARY_PREC[e.op];
    case 'between':
      return FORM_PREC.between;
    case 'in':
    case 'in_select':
      return FORM_PREC.in;
    case 'collate':
      return FORM_PREC.collate;
    default:
      return Prec.primary;
  }
}

/** How each binary operator is spelled in dsq text (canonical spelling; `<>` also reads as `!=`). */
export const BINARY_TEXT: Readonly<Record<BinaryOp, string>> = {
  and: 'AND',
  or: 'OR',
  '=': '=',
  '!=': '!=',
  '>': '>',
  '>=': '>=',
  '<': '<',
  '<=': '<=',
  is: 'IS',
  like: 'LIKE',
  regexp: 'REGEXP',
  '+': '+',
  '-': '-',
  '*': '*',
  '/': '/',
  '%': '%',
  '&': '&',
  '|': '|',
  '<<': '<<',
  '>>': '>>',
};

export const UNARY_TEXT: Readonly<Record<UnaryOp, string>> = { not: 'NOT', '-': '-', '~': '~' };

/** The binary operator levels, loosest first, each with its operators: what a precedence-climbing loop reads. */
export const BINARY_LEVELS: readonly { readonly prec: PrecLevel; readonly ops: readonly BinaryOp[] }[] = (() => {
  const byPrec = new Map<PrecLevel, BinaryOp[]>();
  for (const [op, prec] of Object.entries(BINARY_PREC) as [BinaryOp, PrecLevel][]) {
    const list = byPrec.get(prec) ?? [];
    list.push(op);
    byPrec.set(prec, list);
  }
  return [...byPrec.entries()].sort((a, b) => a[0] - b[0]).map(([prec, ops]) => ({ prec, ops }));
})();

/** Operators whose shorthand with 3+ operands folds left (logic and math). */
export const FOLDING_OPS: ReadonlySet<BinaryOp> = new Set<BinaryOp>(['and', 'or', '+', '-', '*', '/', '%', '&', '|', '<<', '>>']);
/** Comparison operators: with 3+ operands in the shorthand, the first is compared with each further one, ANDed. */
export const COMPARISON_OPS: ReadonlySet<BinaryOp> = new Set<BinaryOp>(['=', '!=', '>', '>=', '<', '<=', 'is', 'like', 'regexp']);
