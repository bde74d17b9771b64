import { KINDS } from '../../ast/kinds.js';
import type { DataAction } from '../../ast/data-actions.js';
import { recordObjects } from '../../ast/data-actions.js';
import type { Source } from '../../ast/nodes.js';
import type { SchemaDatabase } from '../../schema/definitions.js';
import { findDatabase } from '../../schema/lookup.js';
import { actionDatabaseName } from '../schema-columns.js';
import { scopeDatabase } from '../scope.js';
import type { Rule, RuleContext } from '../rule-api.js';

const SPEC = 'the spec: "`trash` enables the trash table and the TRASH, RESTORE and DISPOSE actions"';
const FILE_SPEC = 'the spec: a record\'s "file: binary object, only if the database has the file feature"';
const UPDATE_FILE_SPEC = 'the spec: "The `file` property requires the file feature"';
const TAG_SPEC = 'the spec: a record\'s "tags: array of strings, only if the database has the tag feature"';

/** A database's feature flags (the spec's database definition: `trash`, `file`, `tag`; absent: false). */
type Feature = 'trash' | 'file' | 'tag';

/**
 * With a schema: a feature used on a database whose definition does not set it. The trash
 * feature (`"trash": true`): TRASH, RESTORE and DISPOSE ("trash feature required"), REPLACE and
 * SET with `ON DUPLICATE TRASH`, SET with `ON REMOVE TRASH` (the spec allows `trash` "if the
 * database has trash"), and `FROM database@trash`. The file feature (`"file": true`): a record's
 * `file` and UPDATE's `FILE`. The tag feature (`"tag": true`): a record's `tags`. (The rule is
 * named for the first of them; its id stays so configurations keep working.)
 */
export const trashWithoutFeature: Rule = {
  meta: {
    id: 'trash-without-feature',
    severity: 'warning',
    docs: {
      description:
        "With a schema, reports the trash, file and tag features used on a database whose definition does not set them: TRASH, RESTORE, DISPOSE, ON DUPLICATE/ON REMOVE TRASH, @trash; a record's file and UPDATE ... FILE; a record's tags.",
    },
    fixable: false,
    needsSchema: true,
  },
  create(context) {
    const check = (node: DataAction) => {
      const database = scopeDatabase(context.actionScope(node));
      if (database === null) return;
      const name = actionDatabaseName([context.actionScope(node)]) ?? database.name;
      const lacks = (feature: Feature) => database[feature] !== true;
      switch (node.kind) {
        case 'trash_action':
        case 'restore_action':
        case 'dispose_action':
          if (lacks('trash'))
            context.report({
              node,
              message: `${KINDS[node.kind].keyword} needs the trash feature, which ${name} does not have (${SPEC}).`,
              hint: hint(node.kind === 'dispose_action'),
            });
          return;
        case 'insert_action':
        case 'replace_action':
        case 'set_action': {
          if (node.kind !== 'insert_action') {
            const word = node.kind === 'replace_action' ? 'REPLACE' : 'SET';
            if (node.onDuplicate === 'trash' && lacks('trash'))
              context.report({
                node,
                message: `${word} ... ON DUPLICATE TRASH needs the trash feature, which ${name} does not have (${SPEC}).`,
                hint: 'ON DUPLICATE DELETE removes the duplicate for good; or give the database the trash feature.',
              });
            if (node.kind === 'set_action' && node.onRemove === 'trash' && lacks('trash'))
              context.report({
                node,
                message: `SET ... ON REMOVE TRASH needs the trash feature, which ${name} does not have (${SPEC}).`,
                hint: 'ON REMOVE DELETE removes the records for good (the default without the trash feature).',
              });
          }
          recordObjects(node.records).forEach((record, i) => {
            if (record.file !== null && lacks('file'))
              context.report({
                node: record.file,
                message: `The file of record ${i + 1} needs the file feature, which ${name} does not have (${FILE_SPEC}).`,
                hint: 'Leave the file out, or give the database the file feature.',
              });
            if (record.tags !== null && lacks('tag'))
              context.report({
                node: record,
                message: `The tags of record ${i + 1} need the tag feature, which ${name} does not have (${TAG_SPEC}).`,
                hint: 'Leave the tags out, or give the database the tag feature.',
              });
          });
          return;
        }
        case 'update_action':
          if (node.file !== null && lacks('file')) {
            const span = context.spanOfProperty(node, 'file');
            context.report({
              ...(span ? { span } : { node }),
              message: `UPDATE ... FILE needs the file feature, which ${name} does not have (${UPDATE_FILE_SPEC}).`,
              hint: 'Leave FILE out, or give the database the file feature.',
            });
          }
          return;
        default:
          return;
      }
    };
    const source = (node: Source) => {
      if (node.kind === 'table') {
        const at = node.table.lastIndexOf('@');
        if (at > 0 && node.table.slice(at + 1).toLowerCase() === 'trash' && lacksTrash(context, node.table.slice(0, at))) {
          context.report({ node, message: `${node.table.slice(0, at)} has no trash table: it does not have the trash feature (${SPEC}).` });
        }
      } else if (
        node.kind === 'table_database' &&
        node.database.kind === 'spec_name' &&
        node.table.toLowerCase() === 'trash' &&
        lacksTrash(context, node.database.name)
      ) {
        context.report({ node, message: `${node.database.name} has no trash table: it does not have the trash feature (${SPEC}).` });
      }
    };
    return {
      trash_action: check,
      restore_action: check,
      dispose_action: check,
      insert_action: check,
      replace_action: check,
      set_action: check,
      update_action: check,
      table: source,
      table_database: source,
    };
  },
};

/** True when the schema knows the database and its definition does not set `trash`. */
function lacksTrash(context: RuleContext, path: string): boolean {
  if (context.schema === null) return false;
  const database: SchemaDatabase | null = findDatabase(context.schema, path);
  return database !== null && database.trash !== true;
}

function hint(dispose: boolean): string {
  return dispose
    ? 'Without the trash feature, DELETE removes records (for good).'
    : 'Without the trash feature, records cannot be trashed; DELETE removes them for good.';
}
