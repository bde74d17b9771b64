import { arityProblem } from '../../spec/functions.js';
import type { Rule } from '../rule-api.js';

/** The code the parser gives a wrong argument count (the spec check, src/spec/check.ts). */
export const ARITY_CODE = 'spec/function-arity';

/**
 * A function of the spec's table called with the wrong number of arguments. The parser rejects
 * such a statement (the spec check every entry point shares, code spec/function-arity) but keeps
 * its tree, and lint runs every rule on it: this rule reports the call under its own name (the
 * syntax-error rule leaves that code to it), in text and in trees linted without text
 * (`lintStatements`) alike.
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
      function(node) {
        const problem = arityProblem(node.name, node.args.length);
        if (problem !== null) context.report({ node, message: `${problem}.`, hint: "see the spec's function table (Expression syntax)" });
      },
    };
  },
};
