import type { CancelAction, CleanAction } from '../../ast/system-actions.js';
import type { Rule } from '../rule-api.js';

/**
 * CANCEL and CLEAN of several tasks (a list, or REF n: every task with that ref_id) without
 * IGNORE: the spec makes one task in the wrong state fail the whole action, with no changes.
 */
export const taskIgnore: Rule = {
  meta: {
    id: 'task-ignore',
    severity: 'info',
    docs: { description: 'Reports CANCEL and CLEAN of several tasks (or REF n) without IGNORE: one task in the wrong state fails the whole action.' },
    fixable: false,
  },
  create(context) {
    const check = (node: CancelAction | CleanAction) => {
      if (node.ignore !== null) return;
      if (node.tasks.length < 2 && !node.tasks.some((t) => t.kind === 'task_ref')) return;
      const cancel = node.kind === 'cancel_action';
      context.report({
        node,
        message: cancel
          ? 'CANCEL fails with no changes when any of these tasks has concluded (the spec: "With ignore false and a concluded task among them: error, no changes").'
          : 'CLEAN fails with no changes when any of these tasks has not concluded (the spec: "With ignore false and a non-concluded task: error, no changes").',
        hint: cancel
          ? 'OPTIONS (IGNORE = TRUE) cancels the others and skips the concluded ones; OPTIONS (IGNORE = FALSE) says the failure is meant'
          : 'OPTIONS (IGNORE = TRUE) cleans the others and skips the non-concluded ones; OPTIONS (IGNORE = FALSE) says the failure is meant',
      });
    };
    return { cancel_action: check, clean_action: check };
  },
};
