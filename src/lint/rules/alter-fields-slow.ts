import type { AlterAddFields, AlterDropFields } from '../../ast/admin-actions.js';
import type { Rule } from '../rule-api.js';

/** ALTER DATABASE ... ADD FIELDS and DROP FIELDS rewrite the database's tables: the spec says they "may take several hours for very large databases". */
export const alterFieldsSlow: Rule = {
  meta: {
    id: 'alter-fields-slow',
    severity: 'info',
    docs: {
      description: 'Reports ALTER DATABASE ... ADD FIELDS and DROP FIELDS: they modify the database tables and may take several hours on very large databases.',
    },
    fixable: false,
  },
  create(context) {
    const check = (node: AlterAddFields | AlterDropFields) =>
      context.report({
        node,
        message: `${node.kind === 'alter_add_fields' ? 'ADD' : 'DROP'} FIELDS modifies the database's tables (the spec: "add_fields and drop_fields modify database tables and may take several hours for very large databases").`,
        hint: 'ORDER FIELDS changes only the order in the schema, not the tables.',
      });
    return { alter_add_fields: check, alter_drop_fields: check };
  },
};
