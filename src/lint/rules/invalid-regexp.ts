import type { Rule } from '../rule-api.js';

/**
 * A REGEXP pattern literal that does not compile. The service's regular expression dialect is
 * not in the spec: dsq checks the pattern with JavaScript's RegExp, an approximation that
 * catches unbalanced brackets and parentheses, dangling quantifiers and bad escapes.
 */
export const invalidRegexp: Rule = {
  meta: {
    id: 'invalid-regexp',
    severity: 'error',
    docs: { description: 'Reports REGEXP with a literal pattern that does not compile (checked with JavaScript RegExp, an approximation).' },
    fixable: false,
  },
  create(context) {
    return {
      binary(node) {
        if (node.op !== 'regexp' || node.e2.kind !== 'string') return;
        const problem = regexpProblem(node.e2.value);
        if (problem === null) return;
        context.report({ node: node.e2, message: `The REGEXP pattern does not compile: ${problem}.` });
      },
    };
  },
};

export function regexpProblem(pattern: string): string | null {
  try {
    new RegExp(pattern);
    return null;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return message.replace(/^Invalid regular expression: /, '');
  }
}
