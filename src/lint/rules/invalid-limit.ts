import { invalidLimits } from '../../spec/select-checks.js';
import type { Rule } from '../rule-api.js';

/**
 * LIMIT and OFFSET take a constant whole number that is not negative. The check is
 * src/spec/select-checks.ts, which the builder's `toAst()` runs too.
 */
export const invalidLimit: Rule = {
  meta: {
    id: 'invalid-limit',
    severity: 'error',
    docs: { description: 'Reports LIMIT or OFFSET that is negative, fractional, or not a constant number.' },
    fixable: false,
  },
  create(context) {
    return {
      select(node) {
        for (const p of invalidLimits(node, (n) => context.sourceOf(n))) context.report({ node: p.node, message: p.message });
      },
    };
  },
};
