import { ungroupedColumns } from '../../spec/select-checks.js';
import type { Rule } from '../rule-api.js';

/**
 * With GROUP BY, a result column that uses a column neither grouped nor inside an aggregate.
 * The check is src/spec/select-checks.ts, which the builder's `toAst()` runs too.
 */
export const ungroupedColumn: Rule = {
  meta: {
    id: 'ungrouped-column',
    severity: 'error',
    docs: { description: 'With GROUP BY, reports result columns that use a column which is neither grouped nor inside an aggregate.' },
    fixable: false,
  },
  create(context) {
    return {
      select(node) {
        for (const p of ungroupedColumns(node, (n) => context.sourceOf(n))) context.report({ node: p.node, message: p.message });
      },
    };
  },
};
