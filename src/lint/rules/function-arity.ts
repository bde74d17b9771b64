import { arityProblem } from '../../spec/functions.js';
import type { Rule } from '../rule-api.js';

/** The code the parser gives a wrong argument count (the spec check, src/spec/check.ts). */
export const ARITY_CODE = 'spec/function-arity';

/**
 * A function of the spec's table called with the wrong number of arguments. The parser already
 * rejects such a statement (the spec check every entry point shares); this rule reports that
 * error under its own name (not as `syntax-error`), with the check's message, and checks trees
 * linted without text (`lintStatements`) the same way.
 */
export const functionArity: Rule = {
  meta: {
    id: 'function-arity',
    severity: 'error',
    docs: { description: "Reports calls with a number of arguments the spec's function table does not allow." },
    fixable: false,
  },
  create(context) {
    return {
      file() {
        for (const d of context.parseDiagnostics) {
          if (d.code === ARITY_CODE && d.span) context.report({ span: d.span, message: `${d.message}.`, ...(d.hint ? { hint: d.hint } : {}) });
        }
      },
      function(node) {
        const problem = arityProblem(node.name, node.args.length);
        if (problem !== null) context.report({ node, message: `${problem}.` });
      },
    };
  },
};
