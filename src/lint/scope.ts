import type { DataAction, DataActionKind } from '../ast/actions.js';
import { isDataAction } from '../ast/kinds.js';
import { ADMIN_ACTION_KINDS } from '../ast/kinds-admin.js';
import type { AdminAction } from '../ast/admin-actions.js';
import type { Node, ResultColumn, Select, Source, Specifier } from '../ast/nodes.js';
import type { Schema, SchemaDatabase } from '../schema/index.js';
import { resolveDatabasePath, splitTablePath, type DatabaseMatch } from './schema-paths.js';

/** The part of a select a node lies in. */
export type Clause = 'columns' | 'from' | 'where' | 'group' | 'having' | 'order' | 'limit' | 'offset';

/**
 * One table or subquery of a select's FROM clause, or what a data action reads and writes: its
 * database (`UPDATE shop.orders`), each database of FETCH MULTIRECORDS, the select of FETCH
 * PSEUDORECORDS.
 */
export interface SourceInfo {
  /** The source, the action's database specifier, or the select of FETCH PSEUDORECORDS. */
  readonly node: Exclude<Source, { kind: 'join' }> | Specifier | Select;
  /** The alias written for it, if any. */
  readonly alias: string | null;
  /** The names a column may be qualified with (`o` for `orders o`; `orders` and `sales.orders` for `sales.orders`). */
  readonly qualifiers: readonly string[];
  /**
   * The column names the source is known to have (lower-cased), or null when they cannot be
   * known (a table without a schema, a system table, `SELECT *` in a subquery).
   */
  readonly columns: ReadonlySet<string> | null;
  /** With a schema: the databases a table path resolved to (empty when it resolved to none). */
  readonly databases: readonly SchemaDatabase[];
  /** The table part after `@`, if written. */
  readonly table: string | null;
}

/** The names an expression can see: result aliases and sources. */
export interface Scope {
  /** Result columns by alias, lower-cased (SQL names are case-insensitive). */
  readonly aliases: ReadonlyMap<string, readonly ResultColumn[]>;
  readonly sources: readonly SourceInfo[];
}

/** What a select defines: its result aliases and its sources. */
export interface SelectScope extends Scope {
  readonly select: Select;
}

/**
 * What the expressions and field names of a data action see: the records its specifier selects
 * (the spec: a where specifier "acts as selecting from the element table where the expression
 * holds"; UPDATE's keys are "field specifiers in the context of the database"). No aliases.
 */
export interface ActionScope extends Scope {
  readonly action: DataAction;
}

/** A select or a data action: what opens a scope. */
export type ScopeOwner = Select | DataAction;

/** The attributes every database record has, whatever its fields (spec: Records). */
export const ATTRIBUTES: ReadonlySet<string> = new Set([
  'record_id', 'database_id', 'insert_at', 'update_at', 'file_size', 'file_type', 'file_url', 'file_key', 'tags',
]);

/** The last dot-separated segment of a path (`c` of `t.c`). */
export function lastSegment(path: string): string {
  const i = path.lastIndexOf('.');
  return i < 0 ? path : path.slice(i + 1);
}

/** The FROM clause's table and subquery sources, left to right (joins flattened without recursion). */
export function flattenSources(from: Source | null): Exclude<Source, { kind: 'join' }>[] {
  const out: Exclude<Source, { kind: 'join' }>[] = [];
  const stack: Source[] = from ? [from] : [];
  while (stack.length > 0) {
    const s = stack.pop() as Source;
    if (s.kind === 'join') stack.push(s.s2, s.s1);
    else out.push(s);
  }
  return out;
}

function subqueryColumns(select: Select): ReadonlySet<string> | null {
  if (select.columns === 'all') return null;
  const names = new Set<string>();
  for (const c of select.columns) {
    if (c.alias !== null) names.add(c.alias.toLowerCase());
    else if (c.e.kind === 'column') names.add(lastSegment(c.e.path).toLowerCase());
    else if (c.e.kind === 'alias') names.add(c.e.name.toLowerCase());
  }
  return names;
}

function fieldNames(databases: readonly SchemaDatabase[]): ReadonlySet<string> {
  const names = new Set<string>(ATTRIBUTES);
  for (const db of databases) {
    for (const f of db.fields) {
      names.add(f.name.toLowerCase());
      names.add(f.label.toLowerCase());
    }
  }
  return names;
}

/** A database named by a specifier (`shop.orders`, `'my db'`): its fields with a schema; unknown columns for an id, ALL or WHERE. */
function databaseInfo(node: Specifier, schema: Schema | null): SourceInfo {
  if (node.kind !== 'spec_name') return { node, alias: null, qualifiers: [], columns: null, databases: [], table: null };
  const databases = schema ? resolveDatabasePath(schema, node.name).databases : [];
  const qualifiers = Array.from(new Set([node.name, lastSegment(node.name)]));
  return { node, alias: null, qualifiers, columns: databases.length > 0 ? fieldNames(databases) : null, databases, table: null };
}

function sourceInfo(node: Exclude<Source, { kind: 'join' }>, schema: Schema | null): SourceInfo {
  switch (node.kind) {
    case 'select_source':
      return { node, alias: null, qualifiers: [], columns: subqueryColumns(node.select), databases: [], table: null };
    case 'table_system':
      return { node, alias: node.alias, qualifiers: [node.alias ?? node.table], columns: null, databases: [], table: null };
    case 'table_database': {
      const match: DatabaseMatch | null =
        schema && node.database.kind === 'spec_name' ? resolveDatabasePath(schema, node.database.name) : null;
      const databases = match?.databases ?? [];
      return {
        node,
        alias: node.alias,
        qualifiers: node.alias ? [node.alias] : node.database.kind === 'spec_name' ? [node.database.name] : [],
        columns: databases.length > 0 ? fieldNames(databases) : null,
        databases,
        table: node.table,
      };
    }
    case 'table': {
      const { database, table } = splitTablePath(node.table);
      const match = schema ? resolveDatabasePath(schema, database) : null;
      const databases = match?.databases ?? [];
      const qualifiers = node.alias ? [node.alias] : Array.from(new Set([database, lastSegment(database)]));
      return { node, alias: node.alias, qualifiers, columns: databases.length > 0 ? fieldNames(databases) : null, databases, table };
    }
  }
}

export function buildScope(select: Select, schema: Schema | null): SelectScope {
  const aliases = new Map<string, ResultColumn[]>();
  if (select.columns !== 'all') {
    for (const c of select.columns) {
      if (c.alias === null) continue;
      const key = c.alias.toLowerCase();
      const list = aliases.get(key);
      if (list) list.push(c);
      else aliases.set(key, [c]);
    }
  }
  return { select, aliases, sources: flattenSources(select.from).map((s) => sourceInfo(s, schema)) };
}

/** The databases a data action reads or writes: none for the fetch types without one (tasks, users, ...). */
function actionSources(action: DataAction, schema: Schema | null): SourceInfo[] {
  switch (action.kind) {
    case 'fetch_multirecords': {
      // A union of the databases' records by field name (the spec's rule 4): one source each.
      const spec = action.databases;
      return spec.kind === 'spec_array' ? spec.items.map((item) => databaseInfo(item as Specifier, schema)) : [databaseInfo(spec, schema)];
    }
    case 'fetch_pseudorecords':
      // Rows keyed by the select's header column names (the spec's rule 5).
      return [{ node: action.select, alias: null, qualifiers: [], columns: subqueryColumns(action.select), databases: [], table: null }];
    case 'fetch_posts':
      return action.wallType === 'record' && action.wall !== null ? [databaseInfo(action.wall, schema)] : [];
    default:
      return 'database' in action ? [databaseInfo(action.database, schema)] : [];
  }
}

export function buildActionScope(action: DataAction, schema: Schema | null): ActionScope {
  return { action, aliases: new Map(), sources: actionSources(action, schema) };
}

/**
 * The children of each data action that see its records (ActionScope): its records specifier,
 * WHERE, ORDER BY, UPDATE's SET, a record's expressions. Not its database specifier (`FROM
 * (WHERE name LIKE 'o%')` filters databases, not records), nor the select of FETCH PSEUDORECORDS
 * (its own scope), nor the users and tasks of the fetch types without a database.
 */
const ADMIN_SCOPE_KEYS = Object.fromEntries(ADMIN_ACTION_KINDS.map((k) => [k, []])) as unknown as { readonly [K in AdminAction['kind']]: readonly string[] };

export const ACTION_SCOPE_KEYS: { readonly [K in DataActionKind]: readonly string[] } = {
  fetch_records: ['records', 'where', 'order'],
  fetch_multirecords: ['where', 'order'],
  fetch_pseudorecords: ['where', 'order'],
  fetch_tasks: [],
  fetch_users: [],
  fetch_crons: [],
  fetch_follows: [],
  fetch_keys: [],
  fetch_logs: ['records'],
  fetch_notifications: [],
  fetch_posts: ['wallRecord'],
  fetch_prefs: [],
  fetch_pref_defs: [],
  fetch_user_subscriptions: [],
  fetch_seqs: [],
  insert_action: ['records'],
  replace_action: ['records'],
  set_action: ['records'],
  update_action: ['records', 'fields', 'expressions'],
  delete_action: ['records'],
  trash_action: ['records'],
  restore_action: ['records'],
  dispose_action: ['records'],
  // The administrative actions (src/ast/admin-actions.ts) hold no records specifier, WHERE or expression.
  ...ADMIN_SCOPE_KEYS,
};

/** The select or data action whose scope a child of `parent` (under `key`) enters, or null when it enters none. */
export function scopeOwnerOf(parent: Node, key: string | null): ScopeOwner | null {
  if (parent.kind === 'select') return parent;
  if (key !== null && isDataAction(parent) && ACTION_SCOPE_KEYS[parent.kind].includes(key)) return parent;
  return null;
}

/** The scope of a select or a data action. */
export function buildOwnerScope(owner: ScopeOwner, schema: Schema | null): SelectScope | ActionScope {
  return owner.kind === 'select' ? buildScope(owner, schema) : buildActionScope(owner, schema);
}

/** The one database a scope reads, when exactly one database of the schema is in it (a data action's), else null. */
export function scopeDatabase(scope: Scope | undefined): SchemaDatabase | null {
  if (scope === undefined || !('action' in scope) || scope.sources.length !== 1) return null;
  const databases = (scope.sources[0] as SourceInfo).databases;
  return databases.length === 1 ? (databases[0] as SchemaDatabase) : null;
}
