import { DsqError } from '../diagnostic/index.js';
import type { SchemaDatabase } from './definitions.js';
import type { DatabaseEntry } from './lookup.js';

/** The most characters `emitTypes` writes in database keys (paths, and the shorter paths that name a database alone). */
export const MAX_TYPE_KEY_CHARACTERS = 2 ** 24;

/**
 * `emitTypes` writes each database as a key under its path and under every shorter path that
 * names it alone, so databases nested n deep make keys of the order of n³ characters (400 deep:
 * 200 MB of TypeScript). The keys are counted here, not built, and a schema whose keys pass
 * `MAX_TYPE_KEY_CHARACTERS` is an error rather than a module no one can compile, or running out
 * of memory. `entries` are `allDatabases` (each parent before its children).
 */
export function checkTypeKeySizes(entries: readonly DatabaseEntry[]): void {
  /** A path: how many names it has, and the characters of all its endings (`a.b.c`, `b.c`, `c`). */
  type Size = { readonly names: number; readonly characters: number };
  const grow = (s: Size, name: string): Size => ({ names: s.names + 1, characters: s.characters + s.names * (name.length + 1) + name.length });
  const sizes = new Map<SchemaDatabase, Size>();
  let total = 0;
  for (const e of entries) {
    const above = (e.parent && sizes.get(e.parent)) || e.groups.reduce(grow, { names: 0, characters: 0 });
    const size = grow(above, e.database.name);
    sizes.set(e.database, size);
    total += size.characters;
    if (total <= MAX_TYPE_KEY_CHARACTERS) continue;
    throw new DsqError([{
      code: 'schema/too-deep',
      severity: 'error',
      message: `the schema's databases nest too deep to write as types: each is a key under its path and under every shorter path that names it alone, over ${MAX_TYPE_KEY_CHARACTERS} characters of keys (database ${JSON.stringify(e.database.name)} has ${size.names} names in its path)`,
    }]);
  }
}
