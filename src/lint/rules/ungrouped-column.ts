import type { ColumnRef, DatabaseColumn, Node, Select, SystemColumn } from '../../ast/nodes.js';
import { isAggregate } from '../functions.js';
import { sameTree } from '../same-tree.js';
import type { Rule, RuleContext } from '../types.js';

/** With GROUP BY, a result column that uses a column neither grouped nor inside an aggregate. */
export const ungroupedColumn: Rule = {
  meta: {
    id: 'ungrouped-column',
    severity: 'error',
    docs: { description: 'With GROUP BY, reports result columns that use a column which is neither grouped nor inside an aggregate.' },
    fixable: false,
  },
  create(context) {
    const check = (node: ColumnRef | SystemColumn | DatabaseColumn) => {
      const select = context.enclosingSelect();
      if (!select || select.group.length === 0 || context.clause() !== 'columns') return;
      if (covered(node, select, context)) return;
      const text = context.sourceOf(node) ?? (node.kind === 'column' ? node.path : 'this column');
      context.report({
        node,
        message: `${text} is neither in GROUP BY nor inside an aggregate, so its value in a group is undefined; add it to GROUP BY or wrap it in an aggregate such as MAX(${text}).`,
      });
    };
    return {
      column: check,
      system_column: check,
      database_column: check,
      select(node) {
        if (node.columns === 'all' && node.group.length > 0) {
          context.report({ node, message: 'SELECT * with GROUP BY returns columns that are neither grouped nor aggregated; list the grouped columns and aggregates.' });
        }
      },
    };
  },
};

function isGrouped(node: Node, select: Select): boolean {
  if (node.kind === 'result_column') {
    const name = node.alias?.toLowerCase();
    return name !== undefined && select.group.some((g) => g.kind === 'alias' && g.name.toLowerCase() === name);
  }
  return select.group.some((g) => sameTree(g, node));
}

/** True when the node, or an expression around it in the same result column, is grouped or aggregated. */
function covered(node: Node, select: Select, context: RuleContext): boolean {
  if (isGrouped(node, select)) return true;
  const up = context.ancestors();
  for (let i = up.length - 1; i >= 0; i--) {
    const n = up[i] as Node;
    if (n === select || n.kind === 'select') return false;
    if (isAggregate(n) || isGrouped(n, select)) return true;
    if (n.kind === 'result_column') return false;
  }
  return false;
}
