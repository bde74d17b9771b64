import type { Rule } from '../rule-api.js';

/** `x LIKE 'abc'` without % or _ matches only 'abc': it means `=`. */
export const likeWithoutWildcard: Rule = {
  meta: {
    id: 'like-without-wildcard',
    severity: 'warning',
    docs: { description: 'Reports LIKE with a literal pattern that has no wildcard (% or _): it means =.' },
    fixable: false,
  },
  create(context) {
    return {
      binary(node) {
        if (node.op !== 'like' || node.e2.kind !== 'string' || /[%_]/.test(node.e2.value)) return;
        const pattern = context.sourceOf(node.e2) ?? `'${node.e2.value.replace(/'/g, "''")}'`;
        context.report({
          node: node.e2,
          message: `The LIKE pattern ${pattern} has no wildcard (% or _), so it only matches itself; use = ${pattern}, or add % where any text may stand.`,
        });
      },
    };
  },
};
