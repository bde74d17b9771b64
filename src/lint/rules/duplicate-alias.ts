import type { Rule } from '../rule-api.js';

/** Two result columns with the same alias (names compare case-insensitively, as in SQL). */
export const duplicateAlias: Rule = {
  meta: {
    id: 'duplicate-alias',
    severity: 'error',
    docs: { description: 'Reports result columns whose alias another result column of the same select already has.' },
    fixable: false,
  },
  create(context) {
    return {
      select(node) {
        for (const columns of context.scope(node).aliases.values()) {
          const first = columns[0];
          if (!first) continue;
          for (const again of columns.slice(1)) {
            const at = context.spanOf(first);
            context.report({
              node: again,
              message: `The alias ${again.alias} is already used by another result column${at ? ` (line ${at.line}:${at.column})` : ''}; give each result column its own name.`,
            });
          }
        }
      },
    };
  },
};
