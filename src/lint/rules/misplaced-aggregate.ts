import type { CountRows, FunctionCall } from '../../ast/nodes.js';
import { callName, isAggregate } from '../functions.js';
import type { Rule, RuleContext } from '../types.js';

/** An aggregate where SQL cannot compute one: in WHERE, in GROUP BY, or inside another aggregate. */
export const misplacedAggregate: Rule = {
  meta: {
    id: 'misplaced-aggregate',
    severity: 'error',
    docs: { description: 'Reports aggregates (the table\'s "Aggregate: yes" functions and COUNT(*)) in WHERE, in GROUP BY, or nested in another aggregate.' },
    fixable: false,
  },
  create(context) {
    const check = (node: FunctionCall | CountRows) => {
      if (!isAggregate(node)) return;
      const outer = enclosingAggregate(context);
      const name = context.sourceOf(node) ?? callName(node);
      if (outer) {
        context.report({ node, message: `${name} is nested in the aggregate ${outer}: aggregates cannot be nested; compute the inner one in a subquery.` });
        return;
      }
      const clause = context.clause();
      if (clause === 'where') {
        context.report({ node, message: `${name} is an aggregate in WHERE, which filters rows before they are grouped; move the condition to HAVING.` });
      } else if (clause === 'group') {
        context.report({ node, message: `${name} is an aggregate in GROUP BY; group by plain expressions and aggregate in the result columns.` });
      }
    };
    return { function: check, count_rows: check };
  },
};

/** The nearest aggregate above the current node within the same select, as written in messages. */
function enclosingAggregate(context: RuleContext): string | null {
  const up = context.ancestors();
  for (let i = up.length - 1; i >= 0; i--) {
    const n = up[i];
    if (!n || n.kind === 'select') return null;
    if (isAggregate(n)) return context.sourceOf(n) ?? callName(n);
  }
  return null;
}
