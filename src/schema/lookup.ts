import type { Schema, SchemaDatabase, SchemaField, SchemaGroup } from './definitions.js';

/**
 * One database of a schema with where it sits. `path` is the database's name, and for a
 * child database its parent's path, a dot and its name (`orders.lines`); `groups` are the
 * names of the enclosing groups, outermost first.
 */
export interface DatabaseEntry {
  readonly path: string;
  readonly database: SchemaDatabase;
  readonly parent: SchemaDatabase | null;
  readonly groups: readonly string[];
}

/** Every database of the schema (children after their parent), walked without recursion. */
export function allDatabases(schema: Schema): DatabaseEntry[] {
  const out: DatabaseEntry[] = [];
  type Item =
    | { kind: 'group'; group: SchemaGroup; groups: readonly string[] }
    | { kind: 'db'; database: SchemaDatabase; parent: SchemaDatabase | null; prefix: string; groups: readonly string[] };
  const stack: Item[] = [...schema.groups].reverse().map((group) => ({ kind: 'group' as const, group, groups: [] }));
  while (stack.length > 0) {
    const item = stack.pop() as Item;
    if (item.kind === 'group') {
      const groups = item.group.name === '' ? item.groups : [...item.groups, item.group.name];
      for (let i = item.group.groups.length - 1; i >= 0; i--) stack.push({ kind: 'group', group: item.group.groups[i] as SchemaGroup, groups });
      for (let i = item.group.databases.length - 1; i >= 0; i--) {
        stack.push({ kind: 'db', database: item.group.databases[i] as SchemaDatabase, parent: null, prefix: '', groups });
      }
      continue;
    }
    const path = item.prefix + item.database.name;
    out.push({ path, database: item.database, parent: item.parent, groups: item.groups });
    for (let i = item.database.databases.length - 1; i >= 0; i--) {
      stack.push({ kind: 'db', database: item.database.databases[i] as SchemaDatabase, parent: item.database, prefix: `${path}.`, groups: item.groups });
    }
  }
  return out;
}

/**
 * The databases a name or path refers to: those whose path (see `DatabaseEntry`) ends with the
 * given dot-separated segments, so `lines` finds every database named `lines` and
 * `orders.lines` only the child of `orders`. A path may also start with group names
 * (`sales.orders`). Exact matches win; without any, names are compared case-insensitively.
 */
export function findDatabases(schema: Schema, path: string): DatabaseEntry[] {
  const wanted = path.split('.');
  const entries = allDatabases(schema);
  // The wanted segments must end the entry's full path (groups, then database path), so the
  // last one is always the database itself.
  const match = (entry: DatabaseEntry, fold: (s: string) => string) => {
    const full = [...entry.groups, ...entry.path.split('.')].map(fold);
    const w = wanted.map(fold);
    return w.length <= full.length && w.every((seg, i) => full[full.length - w.length + i] === seg);
  };
  const exact = entries.filter((e) => match(e, (s) => s));
  return exact.length > 0 ? exact : entries.filter((e) => match(e, (s) => s.toLowerCase()));
}

/** The one database a name or path refers to; null when there is none or more than one. */
export function findDatabase(schema: Schema, path: string): SchemaDatabase | null {
  const found = findDatabases(schema, path);
  return found.length === 1 ? (found[0] as DatabaseEntry).database : null;
}

/** A field by name, else by label (exact, then case-insensitive); null when absent. */
export function findField(database: SchemaDatabase, nameOrLabel: string): SchemaField | null {
  const lower = nameOrLabel.toLowerCase();
  return (
    database.fields.find((f) => f.name === nameOrLabel) ??
    database.fields.find((f) => f.label === nameOrLabel) ??
    database.fields.find((f) => f.name.toLowerCase() === lower) ??
    database.fields.find((f) => f.label.toLowerCase() === lower) ??
    null
  );
}
