import type { DropDatabase, DropGroup } from '../../ast/admin-actions.js';
import type { Schema, SchemaGroup } from '../../schema/definitions.js';
import { findDatabase } from '../../schema/lookup.js';
import type { Rule } from '../rule-api.js';

/** The groups of a schema named `name` (case-insensitive), at any level. */
function groupsNamed(schema: Schema, name: string): SchemaGroup[] {
  const out: SchemaGroup[] = [];
  const stack = [...schema.groups];
  while (stack.length > 0) {
    const g = stack.pop() as SchemaGroup;
    if (g.name.toLowerCase() === name.toLowerCase()) out.push(g);
    stack.push(...g.groups);
  }
  return out;
}

/**
 * With a schema, DROP GROUP or DROP DATABASE without CHILDREN of a group with child groups or
 * databases, or of a database with child databases: the spec says the action then fails. A
 * warning: the server decides (its schema may differ from the one given), but the text can say it.
 */
export const dropWithChildren: Rule = {
  meta: {
    id: 'drop-with-children',
    severity: 'warning',
    docs: { description: 'With a schema, reports DROP GROUP and DROP DATABASE without CHILDREN of a group or database that has children (the action fails).' },
    fixable: false,
    needsSchema: true,
  },
  create(context) {
    const schema = context.schema;
    const check = (node: DropGroup | DropDatabase) => {
      if (schema === null || node.children === true) return;
      const spec = node.kind === 'drop_group' ? node.group : node.database;
      if (spec.kind !== 'spec_name') return;
      let children: string[] = [];
      if (node.kind === 'drop_group') {
        const found = groupsNamed(schema, spec.name);
        if (found.length !== 1) return;
        const g = found[0] as SchemaGroup;
        children = [...g.groups.map((c) => `group ${c.name}`), ...g.databases.map((d) => `database ${d.name}`)];
      } else {
        const db = findDatabase(schema, spec.name);
        if (db === null) return;
        children = db.databases.map((d) => `database ${d.name}`);
      }
      if (children.length === 0) return;
      const more = children.length > 3 ? ` and ${children.length - 3} more` : '';
      context.report({
        node,
        message: `${spec.name} has children (${children.slice(0, 3).join(', ')}${more}): without CHILDREN the drop fails (the spec: "without it the action fails if the ${node.kind === 'drop_group' ? 'group has child groups or databases' : 'database has child databases'}").`,
        hint: `write DROP ${node.drop.toUpperCase()} ${spec.name} CHILDREN to drop them too`,
      });
    };
    return { drop_group: check, drop_database: check };
  },
};
