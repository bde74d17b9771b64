import type { FetchRecords, FieldExpr, FieldValue } from '../../ast/data-actions.js';
import type { ColumnRef, DatabaseColumn, Node } from '../../ast/nodes.js';
import { actionDatabaseName, resolveColumn, resolveDatabaseColumn, resolveFieldName, type ColumnResolution } from '../schema-columns.js';
import { columnFieldSuggestions, nameSuggestions } from '../suggestions.js';
import { didYouMean } from '../../diagnostic/suggest.js';
import type { Span } from '../../diagnostic/span.js';
import type { Rule } from '../rule-api.js';
import type { Scope } from '../scope.js';
import { quotedTextClaims } from './quoted-text.js';

/**
 * With a schema: a column whose field is not in the databases it resolves to, and a field name a
 * data action writes or lists (a record's, UPDATE's SET, a KEY's, FETCH RECORDS' FIELDS) that its
 * database does not have. Attributes (record_id, database_id, insert_at, update_at, file_size,
 * file_type, file_url, file_key, tags) are always known as columns, and never as a field an
 * action writes or lists. The "did you mean" names are offered as quick fixes (suggestions,
 * never applied by `--fix`).
 */
export const unknownField: Rule = {
  meta: {
    id: 'unknown-field',
    severity: 'error',
    docs: {
      description: 'With a schema, reports columns and the field names of data actions naming a field that the database does not have, with a "did you mean".',
    },
    fixable: false,
    needsSchema: true,
  },
  create(context) {
    const report = (node: ColumnRef | DatabaseColumn, r: ColumnResolution) => {
      if (r.status !== 'unknown-field') return;
      // A bare name in a data action's WHERE, SET or records: its database says where it was looked for.
      const inner = context.scopes()[0];
      const names =
        node.kind === 'column' && !node.path.includes('.') && inner !== undefined && 'action' in inner
          ? inner.sources.map((s) => (s.node.kind === 'spec_name' ? s.node.name : null))
          : [];
      const where = names.length > 0 && names.every((n) => n !== null) ? names.join(' or ') : "the source's database";
      context.report({
        node,
        message: `No field ${r.name} in ${where}${didYouMean(r.name, r.candidates)}.`,
        ...(node.kind === 'column' ? { suggestions: columnFieldSuggestions(context, node, r.name, r.candidates) } : {}),
      });
    };
    /** A field name written in a data action, at `span` (falling back to `node`'s). */
    const named = (scopes: readonly Scope[], node: Node, span: Span | null, name: string, listed: boolean) => {
      const r = resolveFieldName(scopes, name);
      if (r.status !== 'unknown-field') return;
      const database = actionDatabaseName(scopes) ?? 'the database';
      const message = r.attribute
        ? `${name} is a record attribute, not a field of ${database}${listed ? ': list it in ATTRIBUTES (record_id and database_id are always returned)' : ': an action writes fields only'}.`
        : `No field ${name} in ${database}${didYouMean(name, r.candidates)}.`;
      context.report({
        ...(span ? { span } : { node }),
        message,
        ...(r.attribute ? {} : { suggestions: nameSuggestions(name, r.candidates, span) }),
      });
    };
    const field = (node: FieldValue | FieldExpr) => named(context.scopes(), node, context.spanOfFieldName(node), node.field, false);
    return {
      column: (node) => {
        const r = resolveColumn(context, node, context.scopes());
        // `region = "north"`: quoted-text says what was likely meant.
        if (r.status === 'unknown-field' && quotedTextClaims(context, node)) return;
        report(node, r);
      },
      database_column: (node) => report(node, resolveDatabaseColumn(context, node)),
      field_value: field,
      field_expr: field,
      // FIELDS (a, b): the fields FETCH RECORDS returns, of the database its records come from.
      fetch_records: (node: FetchRecords) =>
        node.fields?.forEach((name, i) => named([context.actionScope(node)], node, context.spanOfProperty(node, `fields/${i}`), name, true)),
    };
  },
};
