import type { CountRows, FunctionCall, Select } from '../../ast/nodes.js';
import { callName, isAggregate } from '../functions.js';
import type { Rule } from '../rule-api.js';

/** An aggregate where SQL cannot compute one: in WHERE, in GROUP BY, or inside another aggregate. */
export const misplacedAggregate: Rule = {
  meta: {
    id: 'misplaced-aggregate',
    severity: 'error',
    docs: { description: 'Reports aggregates (the table\'s "Aggregate: yes" functions and COUNT(*)) in WHERE, in GROUP BY, or nested in another aggregate.' },
    fixable: false,
  },
  create(context) {
    // The aggregates the walk is inside, with the select each belongs to.
    const open: { node: FunctionCall | CountRows; select: Select | null }[] = [];
    const enter = (node: FunctionCall | CountRows) => {
      if (!isAggregate(node)) return;
      const select = context.enclosingSelect();
      const outer = open[open.length - 1];
      open.push({ node, select });
      const name = context.sourceOf(node) ?? callName(node);
      if (outer && outer.select === select) {
        const outerName = context.sourceOf(outer.node) ?? callName(outer.node);
        context.report({ node, message: `${name} is nested in the aggregate ${outerName}: aggregates cannot be nested; compute the inner one in a subquery.` });
        return;
      }
      const clause = context.clause();
      if (clause === 'where') {
        context.report({ node, message: `${name} is an aggregate in WHERE, which filters rows before they are grouped; move the condition to HAVING.` });
      } else if (clause === 'group') {
        context.report({ node, message: `${name} is an aggregate in GROUP BY; group by plain expressions and aggregate in the result columns.` });
      }
    };
    const leave = (node: FunctionCall | CountRows) => {
      if (open[open.length - 1]?.node === node) open.pop();
    };
    return { function: { enter, leave }, count_rows: { enter, leave } };
  },
};
