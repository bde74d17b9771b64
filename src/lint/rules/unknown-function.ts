import { FUNCTIONS, functionInfo } from '../functions.js';
import { didYouMean } from '../../diagnostic/suggest.js';
import type { Rule } from '../rule-api.js';

/** A call of a function the spec's function table does not have. */
export const unknownFunction: Rule = {
  meta: {
    id: 'unknown-function',
    severity: 'error',
    docs: { description: 'Reports calls of functions that are not in the spec\'s function table, with a "did you mean".' },
    fixable: false,
    options: { allow: 'string[]' },
  },
  create(context) {
    const allow = new Set(((context.options.allow as string[] | undefined) ?? []).map((n) => n.toUpperCase()));
    return {
      function(node) {
        if (functionInfo(node.name) || allow.has(node.name.toUpperCase())) return;
        context.report({
          node,
          message: `Unknown function ${node.name}: it is not in the spec's function table${didYouMean(node.name, FUNCTIONS.keys())}.`,
          hint: `Functions: ${[...FUNCTIONS.keys()].join(', ')}.`,
        });
      },
    };
  },
};
