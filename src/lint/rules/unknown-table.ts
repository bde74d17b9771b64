import type { ColumnRef, DatabaseColumn, Source } from '../../ast/nodes.js';
import { resolveColumn, resolveDatabaseColumn, resolveSource, type ColumnResolution } from '../schema-columns.js';
import { DATABASE_TABLES } from '../schema-paths.js';
import { didYouMean } from '../../diagnostic/suggest.js';
import type { Rule } from '../rule-api.js';

/** With a schema: `database@table` with a table a database does not have (records, trash). */
export const unknownTable: Rule = {
  meta: {
    id: 'unknown-table',
    severity: 'error',
    docs: { description: 'With a schema, reports `@table` parts that name no table of a database (its tables: records, trash).' },
    fixable: false,
    needsSchema: true,
  },
  create(context) {
    const report = (node: Source | ColumnRef | DatabaseColumn, r: ColumnResolution) => {
      if (r.status !== 'unknown-table') return;
      context.report({
        node,
        message: `A database has no table ${r.table}; its tables are ${DATABASE_TABLES.join(' and ')}${didYouMean(r.table, DATABASE_TABLES)}.`,
      });
    };
    return {
      table: (node) => report(node, resolveSource(context, node)),
      table_database: (node) => report(node, resolveSource(context, node)),
      column: (node) => report(node, resolveColumn(context, node, context.scopes())),
      database_column: (node) => report(node, resolveDatabaseColumn(context, node)),
    };
  },
};
