import type { Rule } from '../types.js';

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
          const span = d.span ?? { start: 0, end: 0, line: 1, column: 1, endLine: 1, endColumn: 1 };
          context.report({ span, message: d.message, ...(d.hint ? { hint: d.hint } : {}) });
        }
      },
    };
  },
};
