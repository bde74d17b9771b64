import { checkDateTimeText, hasOffset } from '../../ast/datetime.js';
import type { Rule } from '../rule-api.js';

/** `DATETIME '2024-01-31T10:30'` without an offset: the service assumes UTC, which is rarely what was meant. */
export const datetimeWithoutOffset: Rule = {
  meta: {
    id: 'datetime-without-offset',
    severity: 'warning',
    docs: { description: 'Reports DATETIME text literals without an offset (the service assumes UTC).' },
    fixable: false,
  },
  create(context) {
    return {
      datetime(node) {
        if (node.form !== 'iso' || checkDateTimeText('datetime', node.value) !== null || hasOffset(node.value)) return;
        context.report({
          node,
          message: `DATETIME '${node.value}' has no offset, so the service reads it as UTC; add the offset (Z for UTC, or +01:00 ...), or use TIMESTAMP for a local datetime.`,
        });
      },
    };
  },
};
