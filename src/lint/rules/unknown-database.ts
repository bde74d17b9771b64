import type { ColumnRef, DatabaseColumn, Source } from '../../ast/nodes.js';
import { resolveColumn, resolveDatabaseColumn, resolveSource, type ColumnResolution } from '../schema-columns.js';
import { didYouMean } from '../../diagnostic/suggest.js';
import type { Rule } from '../rule-api.js';

/**
 * With a schema: a table or column path that names no database. A path `a.b.c` names the
 * database `c` inside the database or group `b`, inside `a` (matched from the right).
 */
export const unknownDatabase: Rule = {
  meta: {
    id: 'unknown-database',
    severity: 'error',
    docs: { description: 'With a schema, reports table and column paths that name no database of the schema.' },
    fixable: false,
    needsSchema: true,
  },
  create(context) {
    const report = (node: Source | ColumnRef | DatabaseColumn, r: ColumnResolution) => {
      if (r.status !== 'unknown-database') return;
      if (node.kind === 'column') {
        const name = node.path.slice(node.path.lastIndexOf('.') + 1);
        context.report({
          node,
          message: `${r.path} (in ${node.path}) is neither a source of this select nor a database of the schema${didYouMean(lastOf(r.path), r.candidates)}.`,
          hint: `For a system table's parameter write SYSTEM_COLUMN(${r.path}, ${name}).`,
        });
      } else context.report({ node, message: `No database ${r.path} in the schema${didYouMean(lastOf(r.path), r.candidates)}.` });
    };
    return {
      table: (node) => report(node, resolveSource(context, node)),
      table_database: (node) => report(node, resolveSource(context, node)),
      column: (node) => report(node, resolveColumn(context, node, context.scopes())),
      database_column: (node) => report(node, resolveDatabaseColumn(context, node)),
    };
  },
};

export const lastOf = (path: string) => path.slice(path.lastIndexOf('.') + 1);

