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

/**
 * A database in the index: its entry, with its parent's entry and the folded (lower-case) names
 * the case-insensitive match compares. The path is made from the parents when asked for, so
 * a 100,000-deep schema does not hold 100,000 long paths.
 */
class Entry implements DatabaseEntry {
  private known: string | null = null;
  readonly folded: string;

  constructor(
    readonly database: SchemaDatabase,
    readonly up: Entry | null,
    readonly groups: readonly string[],
    readonly foldedGroups: readonly string[],
  ) {
    this.folded = database.name.toLowerCase();
  }

  get parent(): SchemaDatabase | null {
    return this.up?.database ?? null;
  }

  get path(): string {
    if (this.known !== null) return this.known;
    const names: string[] = [];
    for (let e: Entry | null = this; e !== null; e = e.up) names.push(e.database.name);
    return (this.known = names.reverse().join('.'));
  }

  /** Whether `wanted` ends this database's full path (groups, then databases), comparing as given or folded. */
  matches(wanted: readonly string[], folded: boolean): boolean {
    let i = wanted.length - 1;
    for (let e: Entry | null = this; e !== null && i >= 0; e = e.up, i--) {
      if ((folded ? e.folded : e.database.name) !== wanted[i]) return false;
    }
    const groups = folded ? this.foldedGroups : this.groups;
    for (let g = groups.length - 1; i >= 0; g--, i--) {
      if (g < 0 || groups[g] !== wanted[i]) return false;
    }
    return true;
  }
}

/**
 * A schema's databases in order, by name and by their last two path segments (as given and
 * folded): built once per schema (a schema is read-only: build a new one to change it), so a
 * lookup costs the databases that end with the path's last one or two segments, not the whole
 * schema (a thousand databases each with a child named `lines`: `orders.lines` looks at one).
 */
class SchemaIndex {
  readonly entries: readonly Entry[];
  private readonly exact = new Map<string, Entry[]>();
  private readonly folded = new Map<string, Entry[]>();

  constructor(schema: Schema) {
    this.entries = walk(schema);
    for (const e of this.entries) {
      add(this.exact, e.database.name, e);
      add(this.folded, e.folded, e);
      const above = e.up ? e.up.database.name : e.groups[e.groups.length - 1];
      if (above === undefined) continue;
      add(this.exact, pair(above, e.database.name), e);
      add(this.folded, pair(above.toLowerCase(), e.folded), e);
    }
  }

  find(path: string): Entry[] {
    const wanted = path.split('.');
    const exact = (this.exact.get(key(wanted)) ?? []).filter((e) => e.matches(wanted, false));
    if (exact.length > 0) return exact;
    const folded = wanted.map((w) => w.toLowerCase());
    return (this.folded.get(key(folded)) ?? []).filter((e) => e.matches(folded, true));
  }
}

/** The key of a path by its last one or two segments (names holding NUL may share a key: `matches` tells them apart). */
const pair = (above: string, name: string) => `${above}\u0000${name}`;
const key = (segments: readonly string[]) =>
  segments.length === 1 ? (segments[0] as string) : pair(segments[segments.length - 2] as string, segments[segments.length - 1] as string);

function add<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The databases of a schema, children after their parent, walked without recursion. */
function walk(schema: Schema): Entry[] {
  const out: Entry[] = [];
  type Item =
    | { kind: 'group'; group: SchemaGroup; groups: readonly string[]; folded: readonly string[] }
    | { kind: 'db'; database: SchemaDatabase; up: Entry | null; groups: readonly string[]; folded: readonly string[] };
  const stack: Item[] = [...schema.groups].reverse().map((group) => ({ kind: 'group' as const, group, groups: [], folded: [] }));
  while (stack.length > 0) {
    const item = stack.pop() as Item;
    if (item.kind === 'group') {
      const named = item.group.name !== '';
      const groups = named ? [...item.groups, item.group.name] : item.groups;
      const folded = named ? [...item.folded, item.group.name.toLowerCase()] : item.folded;
      for (let i = item.group.groups.length - 1; i >= 0; i--) stack.push({ kind: 'group', group: item.group.groups[i] as SchemaGroup, groups, folded });
      for (let i = item.group.databases.length - 1; i >= 0; i--) {
        stack.push({ kind: 'db', database: item.group.databases[i] as SchemaDatabase, up: null, groups, folded });
      }
      continue;
    }
    const entry = new Entry(item.database, item.up, item.groups, item.folded);
    out.push(entry);
    for (let i = item.database.databases.length - 1; i >= 0; i--) {
      stack.push({ kind: 'db', database: item.database.databases[i] as SchemaDatabase, up: entry, groups: item.groups, folded: item.folded });
    }
  }
  return out;
}

const indexes = new WeakMap<Schema, SchemaIndex>();

function indexOf(schema: Schema): SchemaIndex {
  let index = indexes.get(schema);
  if (!index) {
    index = new SchemaIndex(schema);
    indexes.set(schema, index);
  }
  return index;
}

/** Every database of the schema (children after their parent). */
export function allDatabases(schema: Schema): DatabaseEntry[] {
  return [...indexOf(schema).entries];
}

/**
 * The databases a name or path refers to: those whose path (see `DatabaseEntry`) ends with the
 * given dot-separated segments, so `lines` finds every database named `lines` and
 * `orders.lines` only the child of `orders`. A path may also start with group names
 * (`sales.orders`). Exact matches win; without any, names are compared case-insensitively.
 */
export function findDatabases(schema: Schema, path: string): DatabaseEntry[] {
  return indexOf(schema).find(path);
}

/** The one database a name or path refers to; null when there is none or more than one. */
export function findDatabase(schema: Schema, path: string): SchemaDatabase | null {
  const found = findDatabases(schema, path);
  return found.length === 1 ? (found[0] as DatabaseEntry).database : null;
}

/** A field by name, else by label (exact, then case-insensitive); null when absent. */
export function findField(database: SchemaDatabase, nameOrLabel: string): SchemaField | null {
  const index = fieldIndexOf(database);
  return (
    index.name.get(nameOrLabel) ??
    index.label.get(nameOrLabel) ??
    index.foldedName.get(nameOrLabel.toLowerCase()) ??
    index.foldedLabel.get(nameOrLabel.toLowerCase()) ??
    null
  );
}

/** A database's fields by name and label, as given and folded: the first field of each, built once per database. */
interface FieldIndex {
  readonly name: Map<string, SchemaField>;
  readonly label: Map<string, SchemaField>;
  readonly foldedName: Map<string, SchemaField>;
  readonly foldedLabel: Map<string, SchemaField>;
}

const fieldIndexes = new WeakMap<SchemaDatabase, FieldIndex>();

function fieldIndexOf(database: SchemaDatabase): FieldIndex {
  let index = fieldIndexes.get(database);
  if (index) return index;
  index = { name: new Map(), label: new Map(), foldedName: new Map(), foldedLabel: new Map() };
  const first = (map: Map<string, SchemaField>, key: string, f: SchemaField) => {
    if (!map.has(key)) map.set(key, f);
  };
  for (const f of database.fields) {
    first(index.name, f.name, f);
    first(index.label, f.label, f);
    first(index.foldedName, f.name.toLowerCase(), f);
    first(index.foldedLabel, f.label.toLowerCase(), f);
  }
  fieldIndexes.set(database, index);
  return index;
}
