import type { Expr, Node } from '../ast/nodes.js';
import { BINARY_PREC, Prec, precOf } from '../ast/precedence.js';
import { children } from '../ast/walk.js';

/** The precedence level an expression prints at: the one table the parser binds by (src/ast/precedence.ts). */
export { precOf };

/** How the text of an expression begins, after any COLLATE it is the operand of: `5 COLLATE x` begins with a number. */
function firstOperand(e: Expr): Expr {
  let cur = e;
  while (cur.kind === 'collate' && precOf(cur.e) >= Prec.collate) cur = cur.e;
  return cur;
}

/**
 * True when the expression's text begins with an unsigned number: a minus sign before it
 * would fold into the number (`-5` is the number -5), so `-(5)` needs parentheses.
 */
export function startsWithNumber(e: Expr): boolean {
  const first = firstOperand(e);
  return first.kind === 'number' && !first.value.startsWith('-');
}

/**
 * True when the expression's text begins with a minus sign (a prefix minus or a negative
 * number): a minus before it must be written apart (`- -x`), as `--` starts a comment.
 */
export function startsWithMinus(e: Expr): boolean {
  const first = firstOperand(e);
  return (first.kind === 'unary' && first.op === '-') || (first.kind === 'number' && first.value.startsWith('-'));
}

/** The operand kinds a NOT prints fused with: `x NOT LIKE y`, `x IS NOT y`, `x NOT BETWEEN ...`, `x NOT IN (...)`. */
function fusesWithNot(e: Expr): boolean {
  return (e.kind === 'binary' && (e.op === 'like' || e.op === 'regexp' || e.op === 'is')) || e.kind === 'between' || e.kind === 'in' || e.kind === 'in_select';
}

/** 1 when `e` prints in parentheses as an operand that needs at least level `min`. */
const parensBelow = (e: Expr, min: number): number => (precOf(e) < min ? 1 : 0);

/**
 * How deeply the printed text of a node nests, counted as the parser counts levels against
 * its `maxDepth` (src/syntax/parse.ts): each parenthesised expression (the printer's own
 * parentheses included), call, IN list, CASE, prefix NOT, - or ~, subquery SELECT,
 * parenthesised join, and DATABASE_COLUMN / DATABASE_TABLE specifier list is one level. A
 * statement's own SELECT is level 0. `parse(print(node), { maxDepth })` reads the text back
 * exactly when `textDepth(node) <= maxDepth` (test/syntax/limits-roundtrip.test.ts holds it).
 * Iterative: any depth.
 */
export function textDepth(root: Node): number {
  const nodes: Node[] = [root];
  const depths: number[] = [0];
  let max = 0;
  const add = (node: Node | null, depth: number) => {
    if (node === null) return;
    nodes.push(node);
    depths.push(depth);
  };
  while (nodes.length > 0) {
    const node = nodes.pop() as Node;
    const depth = depths.pop() as number;
    if (depth > max) max = depth;
    switch (node.kind) {
      case 'binary': {
        const prec = BINARY_PREC[node.op];
        add(node.e1, depth + parensBelow(node.e1, prec));
        add(node.e2, depth + parensBelow(node.e2, prec + 1));
        break;
      }
      case 'unary':
        if (node.op === 'not') {
          add(node.e, fusesWithNot(node.e) ? depth : depth + 1 + parensBelow(node.e, Prec.not));
        } else {
          const parens = precOf(node.e) < Prec.unary || (node.op === '-' && startsWithNumber(node.e));
          add(node.e, depth + 1 + (parens ? 1 : 0));
        }
        break;
      case 'between':
        add(node.e, depth + parensBelow(node.e, Prec.comparison));
        add(node.min, depth + parensBelow(node.min, Prec.comparison + 1));
        add(node.max, depth + parensBelow(node.max, Prec.comparison + 1));
        break;
      case 'in':
        add(node.e, depth + parensBelow(node.e, Prec.comparison));
        if (depth + 1 > max) max = depth + 1; // `IN ()`
        for (const v of node.values) add(v, depth + 1);
        break;
      case 'in_select':
        add(node.e, depth + parensBelow(node.e, Prec.comparison));
        add(node.select, depth + 2); // IN ( and SELECT
        break;
      case 'collate':
        add(node.e, depth + parensBelow(node.e, Prec.collate));
        break;
      case 'join':
        add(node.s1, depth);
        add(node.s2, depth + (node.s2.kind === 'join' ? 1 : 0));
        break;
      case 'function':
      case 'count_rows':
      case 'case':
      case 'database_column':
      case 'table_database':
      case 'exists':
      case 'subquery':
      case 'select_source':
        // Calls (`COUNT(*)` and `f()` too), CASE, the specifier lists, and subqueries' SELECT.
        if (depth + 1 > max) max = depth + 1;
        for (const child of children(node)) add(child, depth + 1);
        break;
      default:
        for (const child of children(node)) add(child, depth);
    }
  }
  return max;
}
