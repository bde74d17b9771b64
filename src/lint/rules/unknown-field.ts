import type { ColumnRef, DatabaseColumn } from '../../ast/nodes.js';
import { resolveColumn, resolveDatabaseColumn, type ColumnResolution } from '../schema-columns.js';
import { didYouMean } from '../../diagnostic/suggest.js';
import type { Rule } from '../rule-api.js';
import { quotedTextClaims } from './quoted-text.js';

/**
 * With a schema: a column whose field is not in the databases it resolves to. Attributes
 * (record_id, database_id, insert_at, update_at, file_size, file_type, file_url, file_key, tags)
 * are always known.
 */
export const unknownField: Rule = {
  meta: {
    id: 'unknown-field',
    severity: 'error',
    docs: { description: 'With a schema, reports columns naming a field that the source database does not have, with a "did you mean".' },
    fixable: false,
    needsSchema: true,
  },
  create(context) {
    const report = (node: ColumnRef | DatabaseColumn, r: ColumnResolution) => {
      if (r.status !== 'unknown-field') return;
      context.report({ node, message: `No field ${r.name} in the source's database${didYouMean(r.name, r.candidates)}.` });
    };
    return {
      column: (node) => {
        const r = resolveColumn(context, node, context.scopes());
        // `region = "north"`: quoted-text says what was likely meant.
        if (r.status === 'unknown-field' && quotedTextClaims(context, node)) return;
        report(node, r);
      },
      database_column: (node) => report(node, resolveDatabaseColumn(context, node)),
    };
  },
};
