import type { KeySpec, RecordData, RecordsWrite } from '../../ast/data-actions.js';
import { fieldKey, recordObjects } from '../../ast/data-actions.js';
import { findField } from '../../schema/lookup.js';
import type { SchemaDatabase } from '../../schema/definitions.js';
import { actionDatabaseName } from '../schema-columns.js';
import { scopeDatabase } from '../scope.js';
import type { Rule } from '../rule-api.js';

const WORD = { insert_action: 'INSERT', replace_action: 'REPLACE', set_action: 'SET' } as const;
const SPEC = 'the spec\'s key specifier: "every key field of the database must have a non-null value"';

/**
 * With a schema: a record of INSERT, REPLACE or SET, or a KEY(...) specifier, that leaves out a
 * key field of its database or gives one NULL (the spec's key specifier needs "every key field
 * of the database ... a non-null value"; a record without its key cannot be matched as a
 * duplicate), and a KEY(...) that names a field which is not a key field (a key specifier
 * selects a record by its key).
 */
export const insertMissingKey: Rule = {
  meta: {
    id: 'insert-missing-key',
    severity: 'warning',
    docs: {
      description:
        'With a schema, reports records of INSERT, REPLACE and SET, and KEY(...) specifiers, without a non-null value for every key field of the database, and KEY(...) naming a field that is not a key field.',
    },
    fixable: false,
    needsSchema: true,
  },
  create(context) {
    const write = (node: RecordsWrite) => {
      const database = scopeDatabase(context.actionScope(node));
      if (database === null) return;
      const keys = database.fields.filter((f) => f.key);
      if (keys.length === 0) return;
      const name = actionDatabaseName([context.actionScope(node)]) ?? 'the database';
      // Delimiter-separated records (FROM CSV ...) are data dsq does not read: only record objects are checked.
      recordObjects(node.records).forEach((record, i) => {
        const problem = missingOrNull(database, record, name);
        if (problem !== null) context.report({ node: record, message: `record ${i + 1} of ${WORD[node.kind]} ${problem}.` });
      });
    };
    const key = (node: KeySpec) => {
      const scopes = context.scopes();
      const database = scopeDatabase(scopes[0]);
      if (database === null) return;
      const name = actionDatabaseName(scopes) ?? 'the database';
      const keys = database.fields.filter((f) => f.key);
      if (keys.length === 0) {
        context.report({
          node,
          message: `${name} has no key field: KEY(...) cannot select its records (${SPEC}).`,
          hint: 'Select the records by id or with WHERE.',
        });
        return;
      }
      for (const item of node.key) {
        const field = findField(database, item.field);
        if (field === null || field.key) continue; // an unknown name is unknown-field's
        const span = context.spanOfFieldName(item);
        context.report({
          ...(span ? { span } : { node: item }),
          message: `${item.field} is not a key field of ${name}: KEY(...) names the key field${keys.length > 1 ? 's' : ''} ${keys.map((k) => k.name).join(', ')}.`,
          hint: `Select by another field with WHERE ${item.field} = ...`,
        });
      }
      const problem = missingOrNull(database, node, name);
      if (problem !== null) context.report({ node, message: `KEY(...) ${problem} (${SPEC}).` });
    };
    return { insert_action: write, replace_action: write, set_action: write, spec_key: key };
  },
};

/** What a record or a key leaves out of the database's key ("has no value for the key field id of t", "gives the key field id NULL"), or null. */
function missingOrNull(database: SchemaDatabase, holder: RecordData | KeySpec, name: string): string | null {
  const keys = database.fields.filter((f) => f.key);
  const values = holder.kind === 'record' ? holder.values : holder.key;
  const written = holder.kind === 'record' ? [...holder.values, ...holder.expressions] : holder.key;
  const given = new Set(
    written.map((f) => {
      const field = findField(database, f.field);
      return field === null ? fieldKey(f.field) : fieldKey(field.name);
    }),
  );
  const missing = keys.filter((k) => !given.has(fieldKey(k.name)));
  if (missing.length > 0) return `has no value for the key field${missing.length > 1 ? 's' : ''} ${missing.map((k) => k.name).join(', ')} of ${name}`;
  const nullKey = values.filter((v) => v.value.kind === 'null' && keys.some((k) => findField(database, v.field) === k));
  if (nullKey.length > 0) return `gives the key field ${nullKey.map((v) => v.field).join(', ')} NULL: every key field needs a non-null value`;
  return null;
}
