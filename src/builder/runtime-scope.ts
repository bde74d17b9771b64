import type { ResultColumn, Select, Source } from '../ast/index.js';
import { argumentError } from './errors.js';

/**
 * What the builder knows of a query's sources at run time: their names (for the "same source
 * name twice" check), and, given the schema's field lists (`builder<Schema>(SchemaFields)`, as
 * `dsq types` writes them), their fields (for `selectAll('alias')` and `resultNames()`).
 */

/** Database path (as the schema type keys it) → its field names, in order. */
export type FieldLists = { readonly [table: string]: readonly string[] };

/** Database path → field label → field name (the labels that differ from the name), in order: `SchemaFieldLabels` of `dsq types`. */
export type LabelLists = { readonly [table: string]: { readonly [label: string]: string } };

/** Database path → its key fields (a database not in it has none): `SchemaKeyFields` of `dsq types`. */
export type KeyLists = { readonly [table: string]: readonly string[] };

type Leaf = Exclude<Source, { kind: 'join' }>;

/** The table, system-table, database-table and subquery sources of a FROM clause, left to right (iterative). */
export function leaves(from: Source | null): Leaf[] {
  const out: Leaf[] = [];
  const stack: Source[] = from === null ? [] : [from];
  while (stack.length > 0) {
    const s = stack.pop() as Source;
    if (s.kind === 'join') stack.push(s.s2, s.s1);
    else out.push(s);
  }
  return out;
}

/** The name a source is known by in its query: its alias, else its table as written (a subquery has none). */
export function sourceName(s: Leaf): string | null {
  switch (s.kind) {
    case 'table':
    case 'table_system':
      return s.alias ?? s.table;
    case 'table_database':
      return s.alias ?? (s.database.kind === 'spec_name' ? s.database.name : null);
    case 'select_source':
      return null;
  }
}

/** The source names used in a FROM clause. */
export function sourceKeys(from: Source): Set<string> {
  const keys = new Set<string>();
  for (const leaf of leaves(from)) {
    const name = sourceName(leaf);
    if (name !== null) keys.add(name);
  }
  return keys;
}

/** `orders@trash` → `orders`. */
const databaseOf = (table: string) => table.replace(/@(records|trash)$/, '');

function fieldsOf(table: string, fields: FieldLists | null, what: string): readonly string[] {
  if (fields === null) {
    throw argumentError(
      `${what}: listing the fields of "${table}" needs the schema's field lists at run time; give them to the builder: builder<Schema>(SchemaFields) (dsq types writes SchemaFields)`,
    );
  }
  const list = Object.hasOwn(fields, databaseOf(table)) ? fields[databaseOf(table)] : undefined;
  if (list === undefined) throw argumentError(`${what}: the schema's field lists have no database "${databaseOf(table)}"`);
  return list;
}

/** `selectAll('o')`: the column paths of source `name`'s fields (`o.id`, `o.amount`, ...). */
export function expandStar(from: Source | null, name: string, fields: FieldLists | null, what: string): string[] {
  const leaf = leaves(from).find((l) => sourceName(l) === name);
  if (leaf === undefined) throw argumentError(`${what}: this query has no source named "${name}"`);
  if (leaf.kind !== 'table') throw argumentError(`${what}: the fields of "${name}" are not known (only a table's are)`);
  return fieldsOf(leaf.table, fields, what).map((f) => `${name}.${f}`);
}

/** The result name of a result column: its alias, else a column's last path segment or a referenced alias; null for an unnamed expression. */
export function resultName(c: ResultColumn): string | null {
  if (c.alias !== null) return c.alias;
  if (c.e.kind === 'column') return c.e.path.slice(c.e.path.lastIndexOf('.') + 1);
  if (c.e.kind === 'alias') return c.e.name;
  return null;
}

/** The result names of explicit result columns (null for unnamed expressions: the service names those). */
export function columnsOf(columns: readonly ResultColumn[]): (string | null)[] {
  return columns.map(resultName);
}

/**
 * The result names of `SELECT *` over a FROM clause: each table's fields, each subquery's
 * result names, left to right (iterative over nested subqueries).
 */
export function starColumns(from: Source | null, fields: FieldLists | null): (string | null)[] {
  const out: (string | null)[] = [];
  const stack: Leaf[] = leaves(from).reverse();
  while (stack.length > 0) {
    const leaf = stack.pop() as Leaf;
    if (leaf.kind === 'table') out.push(...fieldsOf(leaf.table, fields, 'resultNames()'));
    else if (leaf.kind === 'select_source') {
      const inner: Select = leaf.select;
      if (inner.columns === 'all') stack.push(...leaves(inner.from).reverse());
      else out.push(...columnsOf(inner.columns));
    } else throw argumentError(`resultNames(): the columns of ${leaf.kind === 'table_system' ? 'a system table' : 'a database table'} are not known`);
  }
  return out;
}
