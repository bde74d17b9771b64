import { misplacedAggregates } from '../../spec/select-checks.js';
import type { Rule } from '../rule-api.js';

/**
 * An aggregate where SQL cannot compute one: in WHERE, in GROUP BY (or named there by a result
 * alias), or inside another aggregate. The check is src/spec/select-checks.ts, which the
 * builder's `toAst()` runs too.
 */
export const misplacedAggregate: Rule = {
  meta: {
    id: 'misplaced-aggregate',
    severity: 'error',
    docs: {
      description:
        'Reports aggregates (the table\'s "Aggregate: yes" functions and COUNT(*)) in WHERE, in GROUP BY (also by the alias of an aggregate result column), or nested in another aggregate.',
    },
    fixable: false,
  },
  create(context) {
    return {
      select(node) {
        for (const p of misplacedAggregates(node, (n) => context.sourceOf(n))) context.report({ node: p.node, message: p.message });
      },
    };
  },
};
