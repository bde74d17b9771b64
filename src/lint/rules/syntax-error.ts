import type { Rule } from '../rule-api.js';
import { ARITY_CODE } from './function-arity.js';

/** Parse diagnostics another rule reports under its own name. */
const OWN_RULES: ReadonlySet<string> = new Set([ARITY_CODE]);

/** Every syntax error of the file, recovered ones included, as the parser reports them. */
export const syntaxError: Rule = {
  meta: {
    id: 'syntax-error',
    severity: 'error',
    docs: { description: 'Reports every syntax error of the file (the parser recovers and keeps going).' },
    fixable: false,
  },
  create(context) {
    return {
      file() {
        for (const d of context.parseDiagnostics) {
          // Warnings are not syntax errors (each has its own rule); some errors have their own rule too.
          if (d.severity !== 'error' || OWN_RULES.has(d.code)) continue;
          const span = d.span ?? { start: 0, end: 0, line: 1, column: 1, endLine: 1, endColumn: 1 };
          context.report({ span, message: d.message, ...(d.hint ? { hint: d.hint } : {}) });
        }
      },
    };
  },
};
