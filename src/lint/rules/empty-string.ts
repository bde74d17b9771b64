import type { Rule } from '../rule-api.js';

/** `''`: the service treats the empty string as NULL, so `''` is NULL in disguise. */
export const emptyString: Rule = {
  meta: {
    id: 'empty-string',
    severity: 'warning',
    docs: { description: "Reports the empty string literal '' (the service reads it as NULL); the fix writes NULL." },
    fixable: true,
  },
  create(context) {
    return {
      null(node) {
        const text = context.sourceOf(node);
        if (text !== "''") return;
        const span = context.spanOf(node);
        if (!span) return;
        context.report({
          node,
          message: "The empty string '' is NULL to the service (JSON rule 1), not an empty text; write NULL to say what it means.",
          fix: { description: 'write NULL', edits: [{ start: span.start, end: span.end, text: 'NULL' }] },
        });
      },
    };
  },
};
