import { EXPR_KINDS } from '../../ast/kinds.js';
import type { Expr, Node, Select } from '../../ast/nodes.js';
import { isAggregate } from '../functions.js';
import { sameTree } from '../same-tree.js';
import { lastSegment } from '../scope.js';
import type { Rule, RuleVisitor } from '../rule-api.js';

/** With GROUP BY, a result column that uses a column neither grouped nor inside an aggregate. */
export const ungroupedColumn: Rule = {
  meta: {
    id: 'ungrouped-column',
    severity: 'error',
    docs: { description: 'With GROUP BY, reports result columns that use a column which is neither grouped nor inside an aggregate.' },
    fixable: false,
  },
  create(context) {
    // The outermost grouped or aggregated expression the walk is inside, per result column.
    let covering: Node | null = null;
    const inGroupedColumns = (): Select | null => {
      const select = context.enclosingSelect();
      return select && select.group.length > 0 && context.clause() === 'columns' ? select : null;
    };
    const enter = (node: Expr) => {
      if (covering !== null) return;
      const select = inGroupedColumns();
      if (!select) return;
      if (isAggregate(node) || select.group.some((g) => sameTree(g, node) || sameColumn(g, node))) {
        covering = node;
        return;
      }
      if (node.kind !== 'column' && node.kind !== 'system_column' && node.kind !== 'database_column') return;
      const text = context.sourceOf(node) ?? (node.kind === 'column' ? node.path : 'this column');
      context.report({
        node,
        message: `${text} is neither in GROUP BY nor inside an aggregate, so its value in a group is undefined; add it to GROUP BY or wrap it in an aggregate such as MAX(${text}).`,
      });
    };
    const leave = (node: Node) => {
      if (covering === node) covering = null;
    };
    const visitor: Record<string, unknown> = {
      result_column: {
        enter(node: Node) {
          const select = inGroupedColumns();
          if (node.kind !== 'result_column' || !select || node.alias === null) return;
          const name = node.alias.toLowerCase();
          if (select.group.some((g) => g.kind === 'alias' && g.name.toLowerCase() === name)) covering = node;
        },
        leave,
      },
      select(node: Node) {
        if (node.kind === 'select' && node.columns === 'all' && node.group.length > 0) {
          context.report({ node, message: 'SELECT * with GROUP BY returns columns that are neither grouped nor aggregated; list the grouped columns and aggregates.' });
        }
      },
    };
    for (const kind of EXPR_KINDS) visitor[kind] = { enter, leave };
    return visitor as RuleVisitor;
  },
};

/** `region` and `o.region` name the same column when one of them is unqualified (names compare case-insensitively). */
function sameColumn(a: Expr, b: Expr): boolean {
  if (a.kind !== 'column' || b.kind !== 'column') return false;
  const x = a.path.toLowerCase();
  const y = b.path.toLowerCase();
  if (x === y) return true;
  if (x.includes('.') && y.includes('.')) return false;
  return lastSegment(x) === lastSegment(y);
}
