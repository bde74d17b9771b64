import type { Rule } from '../rule-api.js';

/** `x IN ()` is always false (and `x NOT IN ()` always true). */
export const emptyInList: Rule = {
  meta: {
    id: 'empty-in-list',
    severity: 'warning',
    docs: { description: 'Reports `IN ()` with no values: it is always false (and NOT IN () always true).' },
    fixable: false,
  },
  create(context) {
    return {
      in(node) {
        if (node.values.length > 0) return;
        context.report({ node, message: 'IN () with no values is always false (NOT IN () always true); list the values or drop the condition.' });
      },
    };
  },
};
