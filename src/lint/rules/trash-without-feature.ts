import { KINDS } from '../../ast/kinds.js';
import type { DataAction } from '../../ast/actions.js';
import type { Source } from '../../ast/nodes.js';
import { findDatabase } from '../../schema/lookup.js';
import type { Rule, RuleContext } from '../rule-api.js';

const SPEC = 'the spec: "`trash` enables the trash table and the TRASH, RESTORE and DISPOSE actions"';

/**
 * With a schema: the trash used on a database whose definition does not set the trash feature
 * (`"trash": true`): TRASH, RESTORE and DISPOSE ("trash feature required"), REPLACE and SET with
 * `ON DUPLICATE TRASH`, SET with `ON REMOVE TRASH` (the spec allows `trash` "if the database has
 * trash"), and `FROM database@trash`.
 */
export const trashWithoutFeature: Rule = {
  meta: {
    id: 'trash-without-feature',
    severity: 'warning',
    docs: { description: 'With a schema, reports TRASH, RESTORE, DISPOSE, ON DUPLICATE/ON REMOVE TRASH and @trash on a database without the trash feature.' },
    fixable: false,
    needsSchema: true,
  },
  create(context) {
    const check = (node: DataAction) => {
      if (!('database' in node) || node.database.kind !== 'spec_name') return;
      const name = node.database.name;
      switch (node.kind) {
        case 'trash_action':
        case 'restore_action':
        case 'dispose_action':
          if (lacksTrash(context, name)) context.report({ node, message: `${KINDS[node.kind].keyword} needs the trash feature, which ${name} does not have (${SPEC}).`, hint: hint(node.kind === 'dispose_action') });
          return;
        case 'replace_action':
        case 'set_action': {
          const word = node.kind === 'replace_action' ? 'REPLACE' : 'SET';
          if (node.onDuplicate === 'trash' && lacksTrash(context, name)) context.report({ node, message: `${word} ... ON DUPLICATE TRASH needs the trash feature, which ${name} does not have (${SPEC}).`, hint: 'ON DUPLICATE DELETE removes the duplicate for good; or give the database the trash feature.' });
          if (node.kind === 'set_action' && node.onRemove === 'trash' && lacksTrash(context, name)) context.report({ node, message: `SET ... ON REMOVE TRASH needs the trash feature, which ${name} does not have (${SPEC}).`, hint: 'ON REMOVE DELETE removes the records for good (the default without the trash feature).' });
          return;
        }
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
      } else if (node.kind === 'table_database' && node.database.kind === 'spec_name' && node.table.toLowerCase() === 'trash' && lacksTrash(context, node.database.name)) {
        context.report({ node, message: `${node.database.name} has no trash table: it does not have the trash feature (${SPEC}).` });
      }
    };
    return {
      trash_action: check, restore_action: check, dispose_action: check, replace_action: check, set_action: check,
      table: source, table_database: source,
    };
  },
};

/** True when the schema knows the database and its definition does not set `trash`. */
function lacksTrash(context: RuleContext, path: string): boolean {
  if (context.schema === null) return false;
  const database = findDatabase(context.schema, path);
  return database !== null && database.trash !== true;
}

function hint(dispose: boolean): string {
  return dispose ? 'Without the trash feature, DELETE removes records (for good).' : 'Without the trash feature, records cannot be trashed; DELETE removes them for good.';
}
