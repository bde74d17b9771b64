import { KINDS } from '../../ast/kinds.js';
import type { RemoveAction, UpdateAction } from '../../ast/data-actions.js';
import type { Rule } from '../rule-api.js';

/** UPDATE, DELETE, TRASH, RESTORE or DISPOSE whose records specifier is ALL: it acts on every record. */
export const writeWithoutWhere: Rule = {
  meta: {
    id: 'write-without-where',
    severity: 'warning',
    docs: { description: 'Reports UPDATE, DELETE, TRASH, RESTORE and DISPOSE without WHERE or RECORDS: the action acts on every record of the database.' },
    fixable: false,
  },
  create(context) {
    const check = (node: UpdateAction | RemoveAction) => {
      if (node.records.kind !== 'spec_all') return;
      // `RECORDS ALL` says every record is meant (the tree is the same: the text tells).
      const source = context.sourceOf(node);
      if (source !== null && /\bRECORDS\s+ALL\b/i.test(source)) return;
      context.report({
        node,
        message: `${KINDS[node.kind].keyword} without WHERE or RECORDS acts on every record of the database; add a WHERE, or write RECORDS ALL to mean it.`,
      });
    };
    return {
      update_action: check,
      delete_action: check,
      trash_action: check,
      restore_action: check,
      dispose_action: check,
    };
  },
};
