import type { RemoveAction } from '../../ast/data-actions.js';
import type { AlterResetPartitions, DropAction } from '../../ast/admin-actions.js';
import type { Rule } from '../rule-api.js';

const WORD = { delete_action: 'DELETE', dispose_action: 'DISPOSE' } as const;

/**
 * DELETE and DISPOSE are permanent: the spec says they "delete permanently and cannot be undone";
 * so are DROP ("permanently deletes data") and ALTER DATABASE ... RESET PARTITIONS ("permanently
 * deletes all data in the given partitions").
 */
export const permanentWrite: Rule = {
  meta: {
    id: 'permanent-write',
    severity: 'info',
    docs: { description: 'Reports DELETE, DISPOSE, DROP and RESET PARTITIONS: they delete permanently and cannot be undone (TRASH can be restored).' },
    fixable: false,
  },
  create(context) {
    const check = (node: RemoveAction) => {
      if (node.kind !== 'delete_action' && node.kind !== 'dispose_action') return;
      context.report({
        node,
        message: `${WORD[node.kind]} is permanent (the spec: "DELETE and DISPOSE delete permanently and cannot be undone").`,
        hint: 'TRASH moves the records to the trash table, from where RESTORE brings them back.',
      });
    };
    const drop = (node: DropAction) =>
      context.report({
        node,
        message: `DROP ${node.drop.toUpperCase()} is permanent (the spec: drop "requires the SUPER privilege; permanently deletes data").`,
      });
    const reset = (node: AlterResetPartitions) =>
      context.report({
        node,
        message:
          'RESET PARTITIONS is permanent (the spec: "reset_partitions permanently deletes all data in the given partitions and immediately frees storage (unlike DELETE)").',
      });
    return {
      delete_action: check,
      dispose_action: check,
      drop_group: drop,
      drop_database: drop,
      drop_team: drop,
      drop_user: drop,
      alter_reset_partitions: reset,
    };
  },
};
