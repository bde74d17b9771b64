import type { Expr, Node, Select } from '../ast/nodes.js';
import { compareNumbers, isWholeNumber } from '../ast/numbers.js';
import { sameTree } from '../ast/same-tree.js';
import { children } from '../ast/walk.js';
import { callName, isAggregate } from './functions.js';

/**
 * What SQL asks of one select's clauses beyond the tree's shape: aggregates only where rows
 * are grouped (not in WHERE or GROUP BY, not nested, not named by a GROUP BY alias), with GROUP
 * BY every result column grouped or aggregated, LIMIT and OFFSET a constant whole number that
 * is not negative. ONE implementation for the linter (the rules misplaced-aggregate,
 * ungrouped-column and invalid-limit report these) and the builder (whose `toAst()` throws a
 * `DsqError` with the rule's id as its code), so both say the same of the same select.
 *
 * Each check looks at one select: the selects nested in it (subqueries, EXISTS, IN (SELECT
 * ...)) are checked on their own. Iterative: deep expressions do not grow the call stack.
 */

export type SelectCheckId = 'misplaced-aggregate' | 'ungrouped-column' | 'invalid-limit';

export interface SelectProblem {
  /** The lint rule that reports it, and the code of the builder's error. */
  readonly id: SelectCheckId;
  readonly node: Node;
  readonly message: string;
}

/** The text of a node as the user wrote it, when known (lint: the source text); else null and the message says it another way. */
export type TextOf = (node: Node) => string | null;

const noText: TextOf = () => null;

/**
 * The nodes under `root` (itself first) in source order, each with the nearest enclosing node
 * `inside` said yes to (below `root`), not entering nested selects, nor the children of a node
 * `skip` says yes to.
 */
function walk(root: Node, inside: (n: Node) => boolean, each: (n: Node, enclosing: Node | null) => boolean | void): void {
  const stack: [Node, Node | null][] = [[root, null]];
  while (stack.length > 0) {
    const [node, enclosing] = stack.pop() as [Node, Node | null];
    if (each(node, enclosing) === false) continue;
    const next = inside(node) ? node : enclosing;
    const kids = children(node);
    for (let i = kids.length - 1; i >= 0; i--) {
      const kid = kids[i] as Node;
      if (kid.kind !== 'select') stack.push([kid, next]);
    }
  }
}

/** The expressions of a select's clauses that hold values: result columns, WHERE, GROUP BY, HAVING, ORDER BY. */
function clauseExprs(select: Select): { clause: 'columns' | 'where' | 'group' | 'having' | 'order'; e: Expr }[] {
  return [
    ...(select.columns === 'all' ? [] : select.columns.map((c) => ({ clause: 'columns' as const, e: c.e }))),
    ...(select.where === null ? [] : [{ clause: 'where' as const, e: select.where }]),
    ...select.group.map((e) => ({ clause: 'group' as const, e })),
    ...(select.having === null ? [] : [{ clause: 'having' as const, e: select.having }]),
    ...select.order.map((o) => ({ clause: 'order' as const, e: o.e })),
  ];
}

/** The first aggregate of an expression (not inside a nested select), or null. */
function firstAggregate(e: Expr): Node | null {
  let found: Node | null = null;
  walk(
    e,
    () => false,
    (n) => {
      if (found !== null) return false;
      if (isAggregate(n)) found = n;
      return found === null;
    },
  );
  return found;
}

/**
 * Aggregates where SQL cannot compute one: in WHERE (rows are filtered before they are
 * grouped), in GROUP BY (directly, or by a name for a result column that is an aggregate),
 * or nested in another aggregate.
 */
export function misplacedAggregates(select: Select, textOf: TextOf = noText): SelectProblem[] {
  const out: SelectProblem[] = [];
  const report = (node: Node, message: string) => out.push({ id: 'misplaced-aggregate', node, message });
  for (const { clause, e } of clauseExprs(select)) {
    walk(e, isAggregate, (node, outer) => {
      if (!isAggregate(node)) return;
      const name = textOf(node) ?? callName(node);
      if (outer !== null) {
        report(
          node,
          `${name} is nested in the aggregate ${textOf(outer) ?? callName(outer)}: aggregates cannot be nested; compute the inner one in a subquery.`,
        );
      } else if (clause === 'where') {
        report(node, `${name} is an aggregate in WHERE, which filters rows before they are grouped; move the condition to HAVING.`);
      } else if (clause === 'group') {
        report(node, `${name} is an aggregate in GROUP BY; group by plain expressions and aggregate in the result columns.`);
      }
    });
  }
  if (select.columns !== 'all') {
    for (const g of select.group) {
      if (g.kind !== 'alias') continue;
      const named = select.columns.find((c) => c.alias !== null && c.alias.toLowerCase() === g.name.toLowerCase());
      const aggregate = named === undefined ? null : firstAggregate(named.e);
      if (aggregate === null) continue;
      report(
        g,
        `GROUP BY ${textOf(g) ?? g.name} names the result column ${g.name}, which is an aggregate (${textOf(aggregate) ?? callName(aggregate)}); group by plain expressions and aggregate in the result columns.`,
      );
    }
  }
  return out;
}

/** With GROUP BY, the result columns that use a column neither grouped nor inside an aggregate (and `SELECT *`). */
export function ungroupedColumns(select: Select, textOf: TextOf = noText): SelectProblem[] {
  if (select.group.length === 0) return [];
  if (select.columns === 'all') {
    return [
      {
        id: 'ungrouped-column',
        node: select,
        message: 'SELECT * with GROUP BY returns columns that are neither grouped nor aggregated; list the grouped columns and aggregates.',
      },
    ];
  }
  const out: SelectProblem[] = [];
  const grouped = (node: Node) => isAggregate(node) || select.group.some((g) => sameTree(g, node) || sameColumn(g, node));
  for (const column of select.columns) {
    const name = column.alias?.toLowerCase();
    if (name !== undefined && select.group.some((g) => g.kind === 'alias' && g.name.toLowerCase() === name)) continue;
    walk(
      column.e,
      () => false,
      (node) => {
        if (grouped(node)) return false;
        if (node.kind !== 'column' && node.kind !== 'system_column' && node.kind !== 'database_column') return;
        const text = textOf(node) ?? (node.kind === 'column' ? node.path : 'this column');
        out.push({
          id: 'ungrouped-column',
          node,
          message: `${text} is neither in GROUP BY nor inside an aggregate, so its value in a group is undefined; add it to GROUP BY or wrap it in an aggregate such as MAX(${text}).`,
        });
      },
    );
  }
  return out;
}

/** `region` and `o.region` name the same column when one of them is unqualified (names compare case-insensitively). */
function sameColumn(a: Node, b: Node): boolean {
  if (a.kind !== 'column' || b.kind !== 'column') return false;
  const x = a.path.toLowerCase();
  const y = b.path.toLowerCase();
  if (x === y) return true;
  if (x.includes('.') && y.includes('.')) return false;
  return lastSegment(x) === lastSegment(y);
}

const lastSegment = (path: string) => path.slice(path.lastIndexOf('.') + 1);

/** LIMIT and OFFSET: a constant whole number, not negative (a parameter `:n` is checked when it is bound). */
export function invalidLimits(select: Select, textOf: TextOf = noText): SelectProblem[] {
  const out: SelectProblem[] = [];
  for (const [clause, e] of [
    ['LIMIT', select.limit],
    ['OFFSET', select.offset],
  ] as const) {
    if (e === null || e.kind === 'param') continue;
    const text = textOf(e) ?? (e.kind === 'number' ? e.value : null);
    const report = (message: string) => out.push({ id: 'invalid-limit', node: e, message });
    if (e.kind !== 'number') report(`${clause} expects a constant whole number, got ${text ?? `an expression (${e.kind})`}; write the number itself.`);
    else if (compareNumbers(e.value, '0') < 0) report(`${clause} ${e.value} is negative; ${clause} counts rows and must be 0 or more.`);
    else if (!isWholeNumber(e.value)) report(`${clause} ${e.value} is not a whole number; ${clause} counts rows.`);
  }
  return out;
}

/** Every check above, for one select. */
export function selectProblems(select: Select, textOf: TextOf = noText): SelectProblem[] {
  return [...misplacedAggregates(select, textOf), ...ungroupedColumns(select, textOf), ...invalidLimits(select, textOf)];
}
