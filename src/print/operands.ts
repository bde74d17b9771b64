import { KINDS, NODE_KINDS, precedenceOf } from '../ast/kinds.js';
import type { Expr, Node, NodeKind, NodeOfKind } from '../ast/nodes.js';
import { OPERATORS } from '../ast/operators.js';
import { children } from '../ast/walk.js';

/**
 * Operands as the printer writes them: parentheses where an operand's level is below the one
 * its place needs (src/ast/operators.ts, the table the parser binds by), and the signs that
 * would fuse with what follows them.
 */

/** How the text of an expression begins, after any COLLATE it is the operand of: `5 COLLATE x` begins with a number. */
function firstOperand(e: Expr): Expr {
  let cur = e;
  while (cur.kind === 'collate' && precedenceOf(cur.e) >= OPERATORS.collate.left) cur = cur.e;
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

/** True when a prefix `-` or `~` writes its operand in parentheses: below its level, or `-(5)` (else the number -5). */
export function prefixNeedsParens(op: '-' | '~', e: Expr): boolean {
  return precedenceOf(e) < (OPERATORS.unary[op].right as number) || (op === '-' && startsWithNumber(e));
}

/** The operand kinds a NOT prints fused with: `x NOT LIKE y`, `x IS NOT y`, `x NOT BETWEEN ...`, `x NOT IN (...)`. */
export function fusesWithNot(e: Expr): boolean {
  switch (e.kind) {
    case 'binary':
      return OPERATORS.binary[e.op].negated !== null;
    case 'between':
    case 'in':
    case 'in_select':
      return true;
    default:
      return false;
  }
}

/**
 * True when a GROUP BY item or an order term prints in parentheses: a number, `(1)`, since a bare
 * one is the parser's error `syntax/column-position` (SQL's column position).
 */
export function termNeedsParens(e: Node): boolean {
  return e.kind === 'number';
}

/** 1 when `e` prints in parentheses in a place that needs level `min` (0 for none). */
const parensBelow = (e: Expr, min: number | null): number => (min !== null && precedenceOf(e) < min ? 1 : 0);

/**
 * Whether `parent` prints its child expression `child` in parentheses of its own (by precedence,
 * or a number in GROUP BY / an order term): the parentheses a source may have around it print
 * only then. Undefined where this does not decide it (the values of data actions, which keep some
 * parentheses by their form: `SET a = (1)`, a record's `(NULL)`).
 */
export function printsParenthesized(parent: Node, child: Node): boolean | undefined {
  switch (parent.kind) {
    case 'binary': {
      const op = OPERATORS.binary[parent.op];
      return parensBelow(child as Expr, child === parent.e1 ? op.left : op.right) === 1;
    }
    case 'between':
      return parensBelow(child as Expr, child === parent.e ? OPERATORS.between.left : OPERATORS.between.right) === 1;
    case 'collate':
      return parensBelow(parent.e, OPERATORS.collate.left) === 1;
    case 'in':
    case 'in_select':
      return child === parent.e ? parensBelow(parent.e, OPERATORS.in.left) === 1 : false;
    case 'unary':
      if (parent.op === 'not') return !fusesWithNot(parent.e) && parensBelow(parent.e, OPERATORS.unary.not.right) === 1;
      return prefixNeedsParens(parent.op, parent.e);
    case 'order_term':
      return termNeedsParens(parent.e);
    case 'select':
      return parent.group.includes(child as Expr) ? termNeedsParens(child) : false;
    case 'function':
    case 'case':
    case 'when':
    case 'result_column':
    case 'spec_where':
      return false;
    default:
      // A FETCH's WHERE.
      return 'where' in parent && parent.where === child ? false : undefined;
  }
}

/** 1 when `parent` prints `child` in parentheses of its own. */
const own = (parent: Node, child: Node): number => (printsParenthesized(parent, child) === true ? 1 : 0);

type Add = (node: Node | null, depth: number) => void;
/** How deep each child of a node nests in its text, given the node's own depth. */
type Nesting<K extends NodeKind> = (node: NodeOfKind<K>, depth: number, add: Add) => void;

/** The children at the node's depth (no parentheses of their own). */
const flat = (node: Node, depth: number, add: Add) => {
  for (const child of children(node)) add(child, depth);
};
/** A call, CASE, specifier list or subquery SELECT: one level, for the construct itself too (`COUNT(*)`, `f()`). */
const level = (node: Node, depth: number, add: Add) => {
  add(null, depth + 1);
  for (const child of children(node)) add(child, depth + 1);
};

/** An operator's operands: each at the operator's depth, one deeper where it prints in parentheses of its own. */
const operands = (node: Node, depth: number, add: Add) => {
  for (const child of children(node)) add(child, depth + own(node, child));
};

/**
 * The kinds whose nesting is not their default (`nestingOf`): a literal, a name or a CASE arm
 * flat in an expression; IN, NOT and the other prefixes, and the nodes of the statements that
 * put a part in parentheses or brackets one level down.
 */
export const NESTING: { readonly [K in NodeKind]?: Nesting<K> } = {
  null: flat,
  number: flat,
  string: flat,
  datetime: flat,
  localdatetime: flat,
  localdate: flat,
  localtime: flat,
  column: flat,
  system_column: flat,
  alias: flat,
  when: flat,
  in: (node, depth, add) => {
    add(node.e, depth + own(node, node.e));
    add(null, depth + 1); // `IN ()`
    for (const v of node.values) add(v, depth + 1);
  },
  in_select: (node, depth, add) => {
    add(node.e, depth + own(node, node.e));
    add(node.select, depth + 2); // IN ( and SELECT
  },
  param: flat,
  unary: (node, depth, add) => {
    add(node.e, depth + (node.op === 'not' && fusesWithNot(node.e) ? 0 : 1) + own(node, node.e));
  },
  order_term: (node, depth, add) => add(node.e, depth + own(node, node.e)),
  table_database: level,
  join: (node, depth, add) => {
    add(node.s1, depth);
    add(node.s2, depth + (node.s2.kind === 'join' ? 1 : 0));
  },
  select_source: level,
  select: (node, depth, add) => {
    flat(node, depth, add);
    // `GROUP BY (1)`: the printer's parentheses around a number are a level.
    if (node.group.some(termNeedsParens)) add(null, depth + 1);
  },
  // Data actions: their clauses at the statement's level; a key's list, a record's row and a
  // pseudorecords SELECT in parentheses one level down.
  fetch_pseudorecords: level,
  spec_key: level,
  record: level,
  // DOWNLOAD, the task and system actions: clauses at the statement's level; IF's SELECT and
  // a JSON object's or array's items in their brackets one level down.
  if_condition: (node, depth, add) => {
    add(node.if, depth + 1);
    add(node.then, depth);
  },
  json_object: level,
  json_array: level,
};

/**
 * A kind's nesting: its entry in NESTING, else by the kind table: an operator's operands
 * (`operands`: BETWEEN, the binary operators, COLLATE); any other expression one level, as a
 * call (`level`: `f(x)`, `COUNT(*)`, CASE, EXISTS, a subquery, DATABASE_COLUMN); any other node
 * flat (a statement's clauses at its level). A new function-like expression kind needs no entry.
 */
const NESTING_OF = Object.fromEntries(
  NODE_KINDS.map((kind): [NodeKind, Nesting<NodeKind>] => [
    kind,
    (NESTING[kind] as Nesting<NodeKind> | undefined) ?? (KINDS[kind].role !== 'expr' ? flat : KINDS[kind].operator === null ? level : operands),
  ]),
) as unknown as { readonly [K in NodeKind]: Nesting<NodeKind> };

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
  const add: Add = (node, depth) => {
    if (depth > max) max = depth;
    if (node === null) return;
    nodes.push(node);
    depths.push(depth);
  };
  while (nodes.length > 0) {
    const node = nodes.pop() as Node;
    const depth = depths.pop() as number;
    NESTING_OF[node.kind](node, depth, add);
  }
  return max;
}
