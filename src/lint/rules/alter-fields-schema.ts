import { fieldKey } from '../../ast/data-actions.js';
import type { AlterAddFields, AlterDropFields } from '../../ast/admin-actions.js';
import type { Specifier } from '../../ast/nodes.js';
import type { SchemaField } from '../../schema/definitions.js';
import { actionDatabaseName } from '../schema-columns.js';
import { scopeDatabase } from '../scope.js';
import type { Rule } from '../rule-api.js';

/** The fields of the database a fields specifier names by name (ids and the other forms: unknown, null). */
function namedFields(spec: Specifier, fields: readonly SchemaField[]): SchemaField[] | null {
  if (spec.kind === 'spec_all') return [...fields];
  const items = spec.kind === 'spec_array' ? spec.items : [spec];
  const out: SchemaField[] = [];
  for (const item of items) {
    if (item.kind !== 'spec_name') return null;
    const f = fields.find((x) => fieldKey(x.name) === fieldKey(item.name)) ?? null;
    if (f === null) return null;
    out.push(f);
  }
  return out;
}

/**
 * With a schema, the Errors rows of ALTER DATABASE the database's fields decide: add_fields
 * "fails if a new field shares a name or label with ... an existing field"; drop_fields "fails
 * if any given field is a key field or if all fields would be dropped".
 */
export const alterFieldsSchema: Rule = {
  meta: {
    id: 'alter-fields-schema',
    severity: 'error',
    docs: {
      description: 'With a schema, reports ADD FIELDS of a field whose name or label an existing field has, and DROP FIELDS of a key field or of every field.',
    },
    fixable: false,
    needsSchema: true,
  },
  create(context) {
    const add = (node: AlterAddFields) => {
      const database = scopeDatabase(context.actionScope(node));
      if (database === null) return;
      const name = actionDatabaseName([context.actionScope(node)]) ?? 'the database';
      for (const f of node.fields) {
        for (const given of [f.name, ...(f.label === null ? [] : [f.label])]) {
          const existing = database.fields.find((x) => fieldKey(x.name) === fieldKey(given) || fieldKey(x.label) === fieldKey(given));
          if (existing === undefined) continue;
          context.report({
            node: f,
            message: `the new field ${f.name} shares the name or label "${given}" with the field ${existing.name} of ${name} (the spec: add_fields fails if a new field shares a name or label with an existing field).`,
          });
          break;
        }
      }
    };
    const drop = (node: AlterDropFields) => {
      const database = scopeDatabase(context.actionScope(node));
      if (database === null) return;
      const name = actionDatabaseName([context.actionScope(node)]) ?? 'the database';
      const dropped = namedFields(node.fields, database.fields);
      if (dropped === null) return;
      const key = dropped.find((f) => f.key);
      if (key !== undefined) {
        context.report({
          node: node.fields,
          message: `${key.name} is a key field of ${name}: drop_fields fails if any given field is a key field (the spec).`,
        });
      } else if (new Set(dropped.map((f) => f.name)).size === database.fields.length) {
        context.report({
          node: node.fields,
          message: `DROP FIELDS names every field of ${name}: drop_fields fails if all fields would be dropped (the spec).`,
        });
      }
    };
    return { alter_add_fields: add, alter_drop_fields: drop };
  },
};
