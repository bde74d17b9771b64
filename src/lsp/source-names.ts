import { allDatabases, type DatabaseEntry } from '../schema/lookup.js';
import type { SourceInfo } from '../lint/scope.js';
import type { Schema, SchemaDatabase } from '../schema/definitions.js';
import { RESERVED } from './keywords.js';

/**
 * Names as the language server writes them, and what it reads of lint's scopes (src/lint/scope.ts:
 * the sources a place sees): a source's schema entries, whether a qualifier names it.
 */

const BARE = /^[A-Za-z_][A-Za-z0-9_$]*$/;

/** A name as dsq text: bare when it reads back as itself, otherwise quoted. */
export function writeName(name: string): string {
  return BARE.test(name) && !RESERVED.has(name.toUpperCase()) ? name : `"${name.replaceAll('"', '""')}"`;
}

/** A path of names (`sales.orders`) with each segment written as a name. */
export function writePath(path: string): string {
  return path.split('.').map(writeName).join('.');
}

/** The schema's entries (path, groups) of databases, each once, in the order given. */
export function entriesOf(schema: Schema | null, databases: readonly SchemaDatabase[]): DatabaseEntry[] {
  if (schema === null || databases.length === 0) return [];
  let entries = ENTRIES.get(schema);
  if (entries === undefined) {
    const map = new Map<SchemaDatabase, DatabaseEntry>();
    for (const e of allDatabases(schema)) if (!map.has(e.database)) map.set(e.database, e);
    ENTRIES.set(schema, (entries = map));
  }
  const out: DatabaseEntry[] = [];
  for (const d of databases) {
    const e = entries.get(d);
    if (e !== undefined && !out.includes(e)) out.push(e);
  }
  return out;
}
const ENTRIES = new WeakMap<Schema, ReadonlyMap<SchemaDatabase, DatabaseEntry>>();

/** Whether a qualifier as written (`o`, `sales.orders`, `orders`) names a source of lint's scope: its alias exactly, else its path or last segment in any case. */
export function qualifies(source: SourceInfo, qualifier: string): boolean {
  if (source.alias !== null) return source.alias === qualifier;
  const q = qualifier.toLowerCase();
  return source.qualifiers.some((name) => name.toLowerCase() === q);
}
