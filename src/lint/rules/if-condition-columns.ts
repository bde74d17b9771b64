import type { Rule } from '../rule-api.js';

/**
 * An IF condition's SELECT with `*` or more than one column: the spec checks only "the first
 * column of the first row" of each condition's query, so the other columns decide nothing.
 */
export const ifConditionColumns: Rule = {
  meta: {
    id: 'if-condition-columns',
    severity: 'warning',
    docs: { description: 'Reports an IF condition whose SELECT has * or more than one column: only the first column of the first row decides.' },
    fixable: false,
  },
  create(context) {
    return {
      if_condition(node) {
        const columns = node.if.columns;
        if (columns !== 'all' && columns.length === 1) return;
        const what = columns === 'all' ? 'SELECT *' : `a SELECT of ${columns.length} columns`;
        context.report({
          node: node.if,
          message: `IF checks only the first column of the first row of its query (the spec: "The first column of the first row of each query is checked"); this condition is ${what}.`,
          hint: 'select the one value that decides: IF (SELECT COUNT(*) > 0 FROM ...) THEN ...',
        });
      },
    };
  },
};
