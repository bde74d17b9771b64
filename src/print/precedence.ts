import type { Expr } from '../ast/nodes.js';
import { BINARY_PREC, Prec, UNARY_PREC, type PrecLevel } from '../ast/precedence.js';

/** The precedence level an expression prints at (src/ast/precedence.ts). */
export function precOf(e: Expr): PrecLevel {
  switch (e.kind) {
    case 'binary':
      return BINARY_PREC[e.op];
    case 'unary':
      return UNARY_PREC[e.op];
    case 'between':
    case 'in':
    case 'in_select':
      return Prec.comparison;
    case 'collate':
      return Prec.collate;
    default:
      return Prec.primary;
  }
}

/**
 * True when the expression's text begins with a number or a minus sign, so a unary minus
 * before it would fold into the number or make `--` (a comment): it needs parentheses.
 */
export function startsWithSignOrNumber(e: Expr): boolean {
  let cur = e;
  for (;;) {
    if (cur.kind === 'number') return true;
    if (cur.kind === 'unary' && cur.op === '-') return true;
    if (cur.kind === 'collate' && precOf(cur.e) >= Prec.collate) {
      cur = cur.e;
      continue;
    }
    return false;
  }
}
