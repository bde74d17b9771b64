import type { Expr } from '../../ast/nodes.js';
import { compareNumbers, isWholeNumber } from '../../ast/numbers.js';
import type { Rule, RuleContext } from '../rule-api.js';

/** LIMIT and OFFSET take a constant whole number that is not negative. */
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
        check(context, 'LIMIT', node.limit);
        check(context, 'OFFSET', node.offset);
      },
    };
  },
};

function check(context: RuleContext, clause: 'LIMIT' | 'OFFSET', e: Expr | null): void {
  // A parameter (:n) is a constant given at compile time; its value is checked when it is bound.
  if (e === null || e.kind === 'param') return;
  const text = context.sourceOf(e) ?? (e.kind === 'number' ? e.value : null);
  if (e.kind !== 'number') {
    context.report({
      node: e,
      message: `${clause} expects a constant whole number, got ${text ?? `an expression (${e.kind})`}; write the number itself.`,
    });
  } else if (compareNumbers(e.value, '0') < 0) {
    context.report({ node: e, message: `${clause} ${e.value} is negative; ${clause} counts rows and must be 0 or more.` });
  } else if (!isWholeNumber(e.value)) {
    context.report({ node: e, message: `${clause} ${e.value} is not a whole number; ${clause} counts rows.` });
  }
}
