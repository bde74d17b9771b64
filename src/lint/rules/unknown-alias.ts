import { didYouMean } from '../../diagnostic/suggest.js';
import type { Rule } from '../rule-api.js';

/**
 * `ALIAS(x)` where x is neither a result alias nor a source column. Result aliases are always
 * known; source columns are known for subquery sources (their result names) and, with a schema,
 * for database tables. When a source's columns cannot be known (a table without a schema, a
 * system table, `SELECT *`), the rule stays silent for names that are not result aliases.
 */
export const unknownAlias: Rule = {
  meta: {
    id: 'unknown-alias',
    severity: 'error',
    docs: { description: 'Reports alias references to names the select defines neither as a result alias nor as a source column.' },
    fixable: false,
  },
  create(context) {
    return {
      alias(node) {
        const scopes = context.scopes();
        const name = node.name.toLowerCase();
        const known: string[] = [];
        for (const scope of scopes) {
          if (scope.aliases.has(name)) return;
          for (const c of scope.aliases.values()) for (const rc of c) if (rc.alias) known.push(rc.alias);
        }
        const inner = scopes[0];
        if (!inner) return;
        for (const source of inner.sources) {
          if (source.columns === null) return;
          if (source.columns.has(name)) return;
          known.push(...source.columns);
        }
        const where = inner.sources.length === 0 ? 'the select has no FROM' : 'no source has such a column';
        context.report({
          node,
          message: `ALIAS(${node.name}) refers to nothing: no result column is named ${node.name} and ${where}${didYouMean(node.name, known)}.`,
        });
      },
    };
  },
};
