import type { ResultColumn, Select, Source } from '../ast/nodes.js';
import type { Schema, SchemaDatabase } from '../schema/index.js';
import { resolveDatabasePath, splitTablePath, type DatabaseMatch } from './schema-paths.js';

/** The part of a select a node lies in. */
export type Clause = 'columns' | 'from' | 'where' | 'group' | 'having' | 'order' | 'limit' | 'offset';

/** One table or subquery of a select's FROM clause. */
export interface SourceInfo {
  readonly node: Exclude<Source, { kind: 'join' }>;
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

/** What a select defines: its result aliases and its sources. */
export interface SelectScope {
  readonly select: Select;
  /** Result columns by alias, lower-cased (SQL names are case-insensitive). */
  readonly aliases: ReadonlyMap<string, readonly ResultColumn[]>;
  readonly sources: readonly SourceInfo[];
}

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
