import type { Select } from '../../ast/nodes.js';
import { isAggregate } from '../../spec/functions.js';
import type { Rule } from '../rule-api.js';

/** HAVING in a select that neither groups nor aggregates: it is a WHERE in the wrong place. */
export const havingWithoutGroup: Rule = {
  meta: {
    id: 'having-without-group',
    severity: 'warning',
    docs: { description: 'Reports HAVING in a select without GROUP BY and without aggregates; such a condition belongs in WHERE.' },
    fixable: false,
  },
  create(context) {
    const aggregating = new Set<Select>();
    const note = (node: Parameters<typeof isAggregate>[0]) => {
      const select = context.enclosingSelect();
      const clause = context.clause();
      if (select && isAggregate(node) && (clause === 'columns' || clause === 'having' || clause === 'order')) aggregating.add(select);
    };
    return {
      function: note,
      count_rows: note,
      select: {
        leave(node) {
          if (node.having === null || node.group.length > 0 || aggregating.has(node)) return;
          context.report({
            node: node.having,
            message: 'HAVING without GROUP BY and without aggregates filters rows like WHERE; move the condition to WHERE.',
          });
        },
      },
    };
  },
};
