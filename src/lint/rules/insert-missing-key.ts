import type { RecordsWrite } from '../../ast/actions.js';
import { fieldKey, recordObjects } from '../../ast/actions.js';
import { findDatabase, findField } from '../../schema/lookup.js';
import type { Rule } from '../rule-api.js';

const WORD = { insert_action: 'INSERT', replace_action: 'REPLACE', set_action: 'SET' } as const;

/**
 * With a schema: a record of INSERT, REPLACE or SET that leaves out a key field of its database
 * (the spec's key specifier needs "every key field of the database ... a non-null value"; a
 * record without its key cannot be matched as a duplicate).
 */
export const insertMissingKey: Rule = {
  meta: {
    id: 'insert-missing-key',
    severity: 'warning',
    docs: { description: 'With a schema, reports records of INSERT, REPLACE and SET without a value for every key field of the database.' },
    fixable: false,
    needsSchema: true,
  },
  create(context) {
    const check = (node: RecordsWrite) => {
      const schema = context.schema;
      if (schema === null || node.database.kind !== 'spec_name') return;
      const database = findDatabase(schema, node.database.name);
      if (database === null) return;
      const keys = database.fields.filter((f) => f.key);
      if (keys.length === 0) return;
      // Delimiter-separated records (FROM CSV ...) are data dsq does not read: only record objects are checked.
      recordObjects(node.records).forEach((record, i) => {
        const given = new Set([...record.values, ...record.expressions].map((f) => {
          const field = findField(database, f.field);
          return field === null ? fieldKey(f.field) : fieldKey(field.name);
        }));
        const missing = keys.filter((k) => !given.has(fieldKey(k.name)));
        const nullKey = record.values.filter((v) => v.value.kind === 'null' && keys.some((k) => findField(database, v.field) === k));
        if (missing.length > 0) {
          context.report({
            node: record,
            message: `record ${i + 1} of ${WORD[node.kind]} has no value for the key field${missing.length > 1 ? 's' : ''} ${missing.map((k) => k.name).join(', ')} of ${node.database.kind === 'spec_name' ? node.database.name : 'the database'}.`,
          });
        } else if (nullKey.length > 0) {
          context.report({ node: record, message: `record ${i + 1} of ${WORD[node.kind]} gives the key field ${nullKey.map((v) => v.field).join(', ')} NULL: every key field needs a non-null value.` });
        }
      });
    };
    return { insert_action: check, replace_action: check, set_action: check };
  },
};
