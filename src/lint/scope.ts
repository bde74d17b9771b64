import type { DataAction } from '../ast/data-actions.js';
import { FIELD_LIST, denotesIn, type FieldEntry } from '../ast/fields.js';
import { DATA_ACTION_KINDS, SYSTEM_ACTION_KINDS, isDataAction, isSystemAction } from '../ast/kinds.js';
import type { SystemAction } from '../ast/system-actions.js';
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
  readonly action: ScopedAction;
}

/** A select or an action: what opens a scope. */
export type ScopeOwner = Select | ScopedAction;

/** The attributes every database record has, whatever its fields (spec: Records). */
export const ATTRIBUTES: ReadonlySet<string> = new Set([
  'record_id',
  'database_id',
  'insert_at',
  'update_at',
  'file_size',
  'file_type',
  'file_url',
  'file_key',
  'tags',
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

/** The names a select's rows have, as written (a result alias, the last segment of a column), or null for `SELECT *`. */
export function selectColumnNames(select: Select): string[] | null {
  if (select.columns === 'all') return null;
  const names: string[] = [];
  for (const c of select.columns) {
    if (c.alias !== null) names.push(c.alias);
    else if (c.e.kind === 'column') names.push(lastSegment(c.e.path));
    else if (c.e.kind === 'alias') names.push(c.e.name);
  }
  return names;
}

function subqueryColumns(select: Select): ReadonlySet<string> | null {
  const names = selectColumnNames(select);
  return names === null ? null : new Set(names.map((n) => n.toLowerCase()));
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

/** What a source of a FROM clause reads: its qualifiers, its columns, its databases. */
export function sourceInfo(node: Exclude<Source, { kind: 'join' }>, schema: Schema | null): SourceInfo {
  switch (node.kind) {
    case 'select_source':
      return { node, alias: null, qualifiers: [], columns: subqueryColumns(node.select), databases: [], table: null };
    case 'table_system':
      return { node, alias: node.alias, qualifiers: [node.alias ?? node.table], columns: null, databases: [], table: null };
    case 'table_database': {
      const match: DatabaseMatch | null = schema && node.database.kind === 'spec_name' ? resolveDatabasePath(schema, node.database.name) : null;
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

/** A statement other than a query that may read or write records: a data action, a system or struct action. */
export type ScopedAction = DataAction | SystemAction;

/**
 * How each action kind reads records, from the kind table's fields (src/ast/kinds*.ts): the
 * fields that give its records (one that names its database, `denotes: 'database'`; the select
 * whose rows FETCH PSEUDORECORDS reads, role `select`), and the fields that see those records
 * (ActionScope): every other child field (its records specifier, WHERE, ORDER BY, UPDATE's SET,
 * a record's expressions), except a specifier of users, groups or walls (role `spec`) and LIMIT
 * and OFFSET (role `param`: a number, not about records). A database field counts where it
 * denotes a database in the node (`denotesIn`: a post's wall for a database or record wall, by
 * its `denotesWhen`). Not its database specifier (`FROM
 * (WHERE name LIKE 'o%')` filters databases, not records), nor the select of FETCH
 * PSEUDORECORDS (its own scope), nor anything of the kinds that read no records (users, tasks).
 * A new kind is covered by its fields alone.
 */
interface RecordsFields {
  /** The fields naming the databases whose records the action reads or writes (where `denotesIn` says so). */
  readonly databases: readonly FieldEntry[];
  /** The fields holding the select whose rows the action reads. */
  readonly selects: readonly string[];
  /** The fields that see the records. */
  readonly scoped: readonly string[];
}

function recordsFields(kind: ScopedAction['kind']): RecordsFields {
  const children = FIELD_LIST[kind].filter((f) => f.child !== null);
  const databases = children.filter((f) => f.child?.denotes === 'database');
  const selects = children.filter((f) => f.child?.role === 'select').map((f) => f.key);
  const readsRecords = databases.length > 0 || selects.length > 0 || children.some((f) => f.child?.role === 'records_spec');
  const scoped = readsRecords
    ? children
        .filter((f) => f.child?.denotes !== 'database' && f.child?.role !== 'select' && f.child?.role !== 'spec' && f.child?.role !== 'param')
        .map((f) => f.key)
    : [];
  return { databases, selects, scoped };
}

const SCOPED_ACTION_KINDS: readonly ScopedAction['kind'][] = [...DATA_ACTION_KINDS, ...SYSTEM_ACTION_KINDS];

const RECORDS_FIELDS = Object.fromEntries(SCOPED_ACTION_KINDS.map((k) => [k, recordsFields(k)])) as unknown as {
  readonly [K in ScopedAction['kind']]: RecordsFields;
};

/** The children of each action kind that see its records (ActionScope), derived from the kind table (RecordsFields). */
export const ACTION_SCOPE_KEYS = Object.fromEntries(SCOPED_ACTION_KINDS.map((k) => [k, RECORDS_FIELDS[k].scoped])) as unknown as {
  readonly [K in ScopedAction['kind']]: readonly string[];
};

const isScopedAction = (node: Node): node is ScopedAction => isDataAction(node) || isSystemAction(node);

/** The databases an action reads or writes (each item of a specifier array: a union by field name, the spec's rule 4), and the rows of its select (rule 5). */
function actionSources(action: ScopedAction, schema: Schema | null): SourceInfo[] {
  const record = action as unknown as Readonly<Record<string, unknown>>;
  const { databases, selects } = RECORDS_FIELDS[action.kind];
  const out: SourceInfo[] = [];
  for (const field of databases) {
    // A field that denotes a database only where its `denotesWhen` holds (a post's wall of a group or a user names none).
    if (denotesIn(action, field) !== 'database') continue;
    const spec = record[field.key] as Specifier | null | undefined;
    if (spec === null || spec === undefined) continue;
    if (spec.kind === 'spec_array') for (const item of spec.items) out.push(databaseInfo(item as Specifier, schema));
    else out.push(databaseInfo(spec, schema));
  }
  for (const key of selects) {
    const select = record[key] as Select | null | undefined;
    if (select) out.push({ node: select, alias: null, qualifiers: [], columns: subqueryColumns(select), databases: [], table: null });
  }
  return out;
}

export function buildActionScope(action: ScopedAction, schema: Schema | null): ActionScope {
  return { action, aliases: new Map(), sources: actionSources(action, schema) };
}

/** The select or action whose scope a child of `parent` (under `key`) enters, or null when it enters none. */
export function scopeOwnerOf(parent: Node, key: string | null): ScopeOwner | null {
  if (parent.kind === 'select') return parent;
  if (key !== null && isScopedAction(parent) && ACTION_SCOPE_KEYS[parent.kind].includes(key)) return parent;
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
