import type { DataAction } from '../../ast/data-actions.js';
import type { ColumnRef, DatabaseColumn, Source, Specifier } from '../../ast/nodes.js';
import { resolveColumn, resolveDatabaseColumn, resolveSource, type ColumnResolution } from '../schema-columns.js';
import { databaseNames, resolveDatabasePath } from '../schema-paths.js';
import { databaseSuggestions, ownRange, qualifierRange } from '../suggestions.js';
import { didYouMean } from '../../diagnostic/suggest.js';
import type { Rule } from '../rule-api.js';

/**
 * With a schema: a table or column path, or a data action's database, that names no database.
 * A path `a.b.c` names the database `c` inside the database or group `b`, inside `a` (matched
 * from the right). The "did you mean" names are offered as quick fixes (suggestions, never
 * applied by `--fix`).
 */
export const unknownDatabase: Rule = {
  meta: {
    id: 'unknown-database',
    severity: 'error',
    docs: {
      description:
        'With a schema, reports table and column paths, and the databases of FETCH, INSERT, UPDATE, DELETE ..., that name no database of the schema.',
    },
    fixable: false,
    needsSchema: true,
  },
  create(context) {
    const report = (node: Source | ColumnRef | DatabaseColumn, r: ColumnResolution) => {
      if (r.status !== 'unknown-database' || context.schema === null) return;
      if (node.kind === 'column') {
        const name = node.path.slice(node.path.lastIndexOf('.') + 1);
        const qualifiers = context.scopes().flatMap((s) => s.sources.flatMap((src) => src.qualifiers));
        context.report({
          node,
          message: `${r.path} (in ${node.path}) is neither a source of this select nor a database of the schema${didYouMean(lastOf(r.path), r.candidates)}.`,
          hint: `For a system table's parameter write SYSTEM_COLUMN(${r.path}, ${name}).`,
          suggestions: databaseSuggestions(context, context.schema, r.path, qualifierRange(context, node), r.candidates, qualifiers),
        });
        return;
      }
      const at =
        node.kind === 'table' ? ownRange(context, node) : 'database' in node && node.database.kind === 'spec_name' ? ownRange(context, node.database) : null;
      context.report({
        node,
        message: `No database ${r.path} in the schema${didYouMean(lastOf(r.path), r.candidates)}.`,
        suggestions: databaseSuggestions(context, context.schema, r.path, at, r.candidates),
      });
    };
    /** A data action's database specifier: a name that names no database. */
    const database = (spec: Specifier | null) => {
      if (spec?.kind === 'spec_array') {
        for (const item of spec.items) if (item.kind === 'spec_name') named(item);
      } else if (spec?.kind === 'spec_name') named(spec);
    };
    const named = (spec: Specifier & { kind: 'spec_name' }) => {
      const schema = context.schema;
      // The spec's database specifier is a name: no `@table` (a path with one names no database).
      if (schema === null || resolveDatabasePath(schema, spec.name).databases.length > 0) return;
      const candidates = databaseNames(schema);
      context.report({
        node: spec,
        message: `No database ${spec.name} in the schema${didYouMean(lastOf(spec.name), candidates)}.`,
        suggestions: databaseSuggestions(context, schema, spec.name, ownRange(context, spec), candidates),
      });
    };
    const action = (node: DataAction) => database(actionDatabaseSpecifier(node));
    return {
      table: (node) => report(node, resolveSource(context, node)),
      table_database: (node) => report(node, resolveSource(context, node)),
      column: (node) => report(node, resolveColumn(context, node, context.scopes())),
      database_column: (node) => report(node, resolveDatabaseColumn(context, node)),
      fetch_records: action,
      fetch_multirecords: action,
      fetch_logs: action,
      fetch_posts: action,
      insert_action: action,
      replace_action: action,
      set_action: action,
      update_action: action,
      delete_action: action,
      trash_action: action,
      restore_action: action,
      dispose_action: action,
    };
  },
};

export const lastOf = (path: string) => path.slice(path.lastIndexOf('.') + 1);

/** The database specifier of a data action (MULTIRECORDS: its databases; POSTS: a database or record wall), or null. */
function actionDatabaseSpecifier(node: DataAction): Specifier | null {
  switch (node.kind) {
    case 'fetch_multirecords':
      return node.databases;
    case 'fetch_posts':
      return node.wallType === 'database' || node.wallType === 'record' ? node.wall : null;
    default:
      return 'database' in node ? node.database : null;
  }
}
