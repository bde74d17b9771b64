import type { DataAction, FieldExpr, FieldValue, KeySpec, RecordsSpecifier } from '../../ast/data-actions.js';
import { fieldKey, recordObjects } from '../../ast/data-actions.js';
import type { Node } from '../../ast/nodes.js';
import { findField } from '../../schema/lookup.js';
import { scopeDatabase } from '../scope.js';
import type { SchemaDatabase } from '../../schema/definitions.js';
import type { Rule, RuleContext } from '../rule-api.js';

const RECORD_RULE = 'the spec: "A field may get a value from either the base object or expressions, not both; otherwise an error occurs"';
const UPDATE_RULE = 'the spec: "A field named more than once across fields and expressions makes the action fail"';
const KEY_RULE = 'a key specifier gives each key field one value';

/**
 * With a schema: one field given two values in one record, one UPDATE or one key specifier,
 * under two names the parser cannot tell apart: its name and its label (the spec's record keys
 * are "field name or label", UPDATE's are "field specifiers in the context of the database").
 * The same name written twice (case and white space aside) is an error of the parser and of the
 * JSON reader already; this rule finds what only the schema shows.
 */
export const fieldSetTwice: Rule = {
  meta: {
    id: 'field-set-twice',
    severity: 'error',
    docs: { description: 'With a schema, reports a field given two values in one record, UPDATE or key: by its name and by its label.' },
    fixable: false,
    needsSchema: true,
  },
  create(context) {
    const check = (node: DataAction) => {
      const database = scopeDatabase(context.actionScope(node));
      if (database === null) return;
      switch (node.kind) {
        case 'insert_action':
        case 'replace_action':
        case 'set_action':
          recordObjects(node.records).forEach((r, i) => twice(context, database, [...r.values, ...r.expressions], r, `record ${i + 1}`, RECORD_RULE));
          return;
        case 'update_action':
          twice(context, database, [...node.fields, ...node.expressions], node, 'this UPDATE', UPDATE_RULE);
          keys(context, database, node.records);
          return;
        case 'fetch_records':
          if (node.records !== null) keys(context, database, node.records);
          return;
        case 'delete_action':
        case 'trash_action':
        case 'restore_action':
        case 'dispose_action':
          keys(context, database, node.records);
          return;
        default:
          return;
      }
    };
    return {
      insert_action: check,
      replace_action: check,
      set_action: check,
      update_action: check,
      fetch_records: check,
      delete_action: check,
      trash_action: check,
      restore_action: check,
      dispose_action: check,
    };
  },
};

function keys(context: RuleContext, database: SchemaDatabase, records: RecordsSpecifier): void {
  const specs: KeySpec[] =
    records.kind === 'spec_key' ? [records] : records.kind === 'spec_array' ? records.items.filter((s): s is KeySpec => s.kind === 'spec_key') : [];
  for (const k of specs) twice(context, database, k.key, k, 'this key', KEY_RULE);
}

function twice(context: RuleContext, database: SchemaDatabase, items: readonly (FieldValue | FieldExpr)[], at: Node, where: string, rule: string): void {
  const written = new Map<string, string[]>(); // schema field name → the names it was written as
  for (const item of items) {
    const field = findField(database, item.field);
    if (field === null) continue;
    const names = written.get(field.name) ?? [];
    if (!names.some((n) => fieldKey(n) === fieldKey(item.field))) names.push(item.field);
    written.set(field.name, names);
  }
  for (const [field, names] of written) {
    if (names.length < 2) continue;
    const as = names.map((n) => (fieldKey(n) === fieldKey(field) ? `"${n}"` : `"${n}" (its label)`)).join(' and as ');
    context.report({
      node: at,
      message: `The field ${field} of ${database.name} is given twice in ${where}: as ${as}; ${rule}.`,
      hint: `Give ${field} one value, under one name.`,
    });
  }
}
