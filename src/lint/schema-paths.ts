import { allDatabases, findDatabases, findField, type Schema, type SchemaDatabase, type SchemaField } from '../schema/index.js';

/**
 * How dsq resolves the spec's column and table paths against a schema. The spec does not show
 * the database path syntax, so dsq uses this rule (documented in docs/rules/unknown-database.md):
 * a path `a.b.c` names the database `c` whose enclosing databases and groups, nearest first,
 * are named `b`, then `a` — matched from the right, so `c` alone is any database named `c`.
 * Exact names win; without an exact match names compare case-insensitively.
 */

export interface DatabaseMatch {
  /** Every database the path names (more than one when the path is ambiguous). */
  readonly databases: readonly SchemaDatabase[];
}

/** The databases a dot-separated database path names (matched from the right: src/schema `findDatabases`). */
export function resolveDatabasePath(schema: Schema, path: string): DatabaseMatch {
  return { databases: findDatabases(schema, path).map((e) => e.database) };
}

/** Every database name of a schema, for suggestions. */
export function databaseNames(schema: Schema): string[] {
  return allDatabases(schema).map((e) => e.database.name);
}

/** `sales.orders@trash` → database path `sales.orders`, table `trash`. */
export function splitTablePath(path: string): { database: string; table: string | null } {
  const at = path.lastIndexOf('@');
  return at < 0 ? { database: path, table: null } : { database: path.slice(0, at), table: path.slice(at + 1) };
}

/** A column path split per the spec: `[database path[@table].]name`, where name may be `blob:attribute`. */
export interface ColumnPath {
  /** What stands before the last dot (a source alias, a table name or a database path with `@table`), or null. */
  readonly qualifier: string | null;
  /** The field, parameter or attribute name; for a blob attribute the blob name. */
  readonly name: string;
  /** The blob attribute after `:`, for a blob attribute column. */
  readonly blobAttribute: string | null;
}

export function splitColumnPath(path: string): ColumnPath {
  const dot = path.lastIndexOf('.');
  const qualifier = dot < 0 ? null : path.slice(0, dot);
  const last = dot < 0 ? path : path.slice(dot + 1);
  const colon = last.indexOf(':');
  return colon < 0 ? { qualifier, name: last, blobAttribute: null } : { qualifier, name: last.slice(0, colon), blobAttribute: last.slice(colon + 1) };
}

/** The tables a database has: its record table, and its trash table (spec: the trash feature). */
export const DATABASE_TABLES: readonly string[] = ['records', 'trash'];

/** A field of the first of the databases that has it, by name or label (case-insensitive; one database: src/schema's `findField`). */
export function findFieldInAny(databases: readonly SchemaDatabase[], name: string): SchemaField | null {
  for (const db of databases) {
    const f = findField(db, name);
    if (f) return f;
  }
  return null;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function hasBlob(databases: readonly SchemaDatabase[], name: string): boolean {
  return databases.some((db) => db.blobs.some((b) => same(b.name, name) || same(b.label, name)));
}
