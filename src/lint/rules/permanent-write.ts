import type { RemoveAction } from '../../ast/actions.js';
import type { Rule } from '../rule-api.js';

const WORD = { delete_action: 'DELETE', dispose_action: 'DISPOSE' } as const;

/** DELETE and DISPOSE are permanent: the spec says they "delete permanently and cannot be undone". */
export const permanentWrite: Rule = {
  meta: {
    id: 'permanent-write',
    severity: 'info',
    docs: { description: 'Reports DELETE and DISPOSE: they delete permanently and cannot be undone (TRASH can be restored).' },
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
    return { delete_action: check, dispose_action: check };
  },
};
