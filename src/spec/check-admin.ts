import type { AdminAction, AdminPart, FieldDef } from '../ast/admin-actions.js';
import { fieldKey } from '../ast/data-actions.js';
import { ADMIN_NODE_KINDS } from '../ast/kinds-admin.js';
import { checkValueRules } from './check-system.js';

const ADMIN_NODE_SET: ReadonlySet<string> = new Set(ADMIN_NODE_KINDS);
import type { Node, Specifier } from '../ast/nodes.js';
import type { ActionProblem } from './check-actions.js';
import type { JsonData } from '../ast/system-actions.js';

/**
 * The spec's rules about the administrative actions that a tree alone can tell (src/spec/check.ts
 * runs them with the rest; the rules that need the database's fields are lint rules with a
 * schema): the Errors rows "add_fields with duplicate names or labels; first true with after"
 * and "order_fields where after is in fields"; an alter's files are object ids or null.
 */

/** The field a field specifier names, in the form two are compared in (`id:7`, `name:qty`), or null for the other forms. */
export function fieldSpecKey(spec: Specifier): string | null {
  if (spec.kind === 'spec_name') return `name:${fieldKey(spec.name)}`;
  if (spec.kind === 'spec_id') return `id:${spec.id}`;
  return null;
}

/** What is wrong with a create's `teams`, or null. */
function teamsProblem(teams: JsonData): string | null {
  if (teams.kind === 'json_array') return null;
  if (teams.kind !== 'json_object') return 'must be an array of team specifiers or an object of team to privileges';
  for (const team of teams.members) {
    if (team.value.kind !== 'json_object') return `gives the team ${JSON.stringify(team.key)} something other than an object of privilege name to boolean`;
    const bad = team.value.members.find((p) => p.value.kind !== 'boolean');
    if (bad !== undefined) return `gives the privilege ${JSON.stringify(bad.key)} of the team ${JSON.stringify(team.key)} a value that is not TRUE or FALSE`;
  }
  return null;
}

/**
 * The first field definition that shares a name or a label with one before it (keys compared as
 * the spec's key rules say: case-insensitive, white space normalized), placed at that
 * definition's name or label.
 */
function sharedNames(fields: readonly FieldDef[], code: string, what: string, rule: string, out: ActionProblem[]): void {
  const seen = new Map<string, string>();
  for (const f of fields) {
    // A label that is only white space names nothing (an empty text is null: JSON rule 1).
    const label = f.label === null ? '' : fieldKey(f.label);
    const own: [string, 'name' | 'label'][] = [[fieldKey(f.name), 'name'], ...(label === '' ? [] : [[label, 'label'] as [string, 'label']])];
    for (const [key, field] of own) {
      const other = seen.get(key);
      if (other !== undefined) {
        out.push({ code, message: `${what} ${f.name} shares the name or label ${JSON.stringify(key)} with ${what} ${other} (${rule})`, node: f, field });
        return;
      }
    }
    for (const [key] of own) seen.set(key, f.name);
  }
}

/** The problems of one node of an administrative action (not its children). */
export function checkAdminNode(node: Node, out: ActionProblem[]): void {
  if (!ADMIN_NODE_SET.has(node.kind)) return;
  const n = node as AdminAction | AdminPart;
  // The plain properties' own rules (a definition's name not empty), as for the system actions.
  checkValueRules(n, out, (key) => `"${key}" of ${n.kind.replace(/_def$/, ' definition').replace(/_/g, ' ')}`);
  switch (n.kind) {
    case 'create_group':
    case 'create_database': {
      const problem = n.teams === null ? null : teamsProblem(n.teams);
      if (problem !== null)
        out.push({
          code: 'spec/teams',
          message: `TEAMS ${problem} (the spec: "teams is either an array of team specifiers or an object mapping team specifiers to objects of privilege name to boolean")`,
          node: n,
          field: 'teams',
        });
      return;
    }
    case 'alter_add_fields':
      // "add_fields fails if a new field shares a name or label with another new field"
      sharedNames(
        n.fields,
        'spec/add-fields-twice',
        'the new field',
        'the spec: add_fields fails if a new field shares a name or label with another new field',
        out,
      );
      if (n.first === true && n.after !== null) {
        out.push({
          code: 'spec/first-and-after',
          message: 'ADD FIELDS takes FIRST or AFTER, not both (the spec: "first true together with after fails")',
          node: n.after,
        });
      }
      return;
    case 'database_def':
      // Silent in the spec for create; its add_fields rule says why: a field may not share a name or label with another.
      sharedNames(
        n.fields,
        'spec/fields-twice',
        'the field',
        "fields are told apart by name and label: the spec's add_fields fails on a new field that shares either with another field",
        out,
      );
      return;
    case 'alter_order_fields': {
      const after = n.after === null ? null : fieldSpecKey(n.after);
      if (after !== null && n.fields.some((f) => fieldSpecKey(f) === after)) {
        out.push({
          code: 'spec/after-in-fields',
          message: 'ORDER FIELDS ... AFTER names a field that is among the fields to order (the spec: "If after is among fields, the action fails")',
          node: n.after as Specifier,
        });
      }
      return;
    }
    case 'alter_group_files':
    case 'alter_database_files':
    case 'alter_field_files':
    case 'alter_user_files': {
      // "files (object of key to object id; null deletes)"
      const bad =
        n.files.kind !== 'json_object'
          ? undefined
          : n.files.members.find((m) => m.value.kind !== 'null' && (m.value.kind !== 'string' || m.value.value === ''));
      if (bad !== undefined) {
        out.push({
          code: 'spec/alter-files',
          message: `FILES gives the key ${JSON.stringify(bad.key)} something other than an object id (a string) or NULL (the spec: "files (object of key to object id; null deletes)")`,
          node: n,
          field: 'files',
        });
      }
      return;
    }
    default:
      return;
  }
}
