import { functionInfo } from '../functions.js';
import type { Rule } from '../types.js';

const plural = (n: number) => `${n} argument${n === 1 ? '' : 's'}`;

/** A known function called with the wrong number of arguments. */
export const functionArity: Rule = {
  meta: {
    id: 'function-arity',
    severity: 'error',
    docs: { description: "Reports calls with a number of arguments the spec's function table does not allow." },
    fixable: false,
  },
  create(context) {
    return {
      function(node) {
        const info = functionInfo(node.name);
        if (!info) return;
        const n = node.args.length;
        if (n >= info.minArgs && n <= info.maxArgs) return;
        const want = info.maxArgs === Infinity ? `at least ${plural(info.minArgs)}` : info.minArgs === info.maxArgs ? `exactly ${plural(info.minArgs)}` : `${info.minArgs} to ${plural(info.maxArgs)}`;
        context.report({ node, message: `${info.name} takes ${want}, but is given ${n}.` });
      },
    };
  },
};
