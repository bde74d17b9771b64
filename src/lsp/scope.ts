import { findDatabases, type DatabaseEntry } from '../schema/lookup.js';
import type { SourceToken } from '../syntax/tokenize.js';
import { ATTRIBUTES as RECORD_ATTRIBUTES } from '../lint/scope.js';
import type { Schema, SchemaField } from '../schema/definitions.js';
import { RESERVED } from './keywords.js';
import { isName, isSeparator, nameOf, type Frame, type SourceRef, type TextShape } from './structure.js';

/** A column a source offers: a schema field, a record attribute, or a subquery's result name. */
export interface SourceColumn {
  readonly name: string;
  readonly field: SchemaField | null;
  readonly database: DatabaseEntry | null;
  readonly attribute: boolean;
}

/** A source of a select with what the schema says about it. */
export interface ResolvedSource {
  readonly ref: SourceRef;
  readonly frame: Frame;
  /** How a column of this source is qualified: the alias, else the path as written; null for a subquery. */
  readonly qualifier: string | null;
  /** The databases a table path names (several when the path is ambiguous). */
  readonly databases: readonly DatabaseEntry[];
  /** Its columns, or null when they cannot be known (no schema, a system table, `SELECT *`). */
  readonly columns: readonly SourceColumn[] | null;
}

const BARE = /^[A-Za-z_][A-Za-z0-9_$]*$/;

/** A name as dsq text: bare when it reads back as itself, otherwise quoted. */
export function writeName(name: string): string {
  return BARE.test(name) && !RESERVED.has(name.toUpperCase()) ? name : `"${name.replaceAll('"', '""')}"`;
}

/** A path of names (`sales.orders`) with each segment written as a name. */
export function writePath(path: string): string {
  return path.split('.').map(writeName).join('.');
}

export function resolveSource(shape: TextShape, frame: Frame, ref: SourceRef, schema: Schema | null): ResolvedSource {
  const qualifier = ref.alias ?? (ref.kind === 'subquery' ? null : ref.kind === 'database' ? null : ref.path);
  if (ref.kind === 'subquery' && ref.sub) {
    return { ref, frame, qualifier: null, databases: [], columns: subqueryColumns(shape, ref.sub) };
  }
  const databases = schema && ref.database ? findDatabases(schema, ref.database) : [];
  if (databases.length === 0) return { ref, frame, qualifier, databases, columns: null };
  const columns: SourceColumn[] = [];
  const seen = new Set<string>();
  for (const database of databases) {
    for (const field of database.database.fields) {
      if (seen.has(field.name)) continue;
      seen.add(field.name);
      columns.push({ name: field.name, field, database, attribute: false });
    }
  }
  for (const name of RECORD_ATTRIBUTES) if (!seen.has(name)) columns.push({ name, field: null, database: null, attribute: true });
  return { ref, frame, qualifier, databases, columns };
}

/** The names a subquery's result offers: its aliases and the last segment of plain column items. */
function subqueryColumns(shape: TextShape, sub: Frame): SourceColumn[] | null {
  const code = shape.code;
  if (code[sub.open + 1]?.type === 'Star' || (code[sub.open + 1]?.type === 'DISTINCT' && code[sub.open + 2]?.type === 'Star')) return null;
  const out: SourceColumn[] = [];
  for (const item of sub.items) {
    const alias = sub.results.find((r) => r.first === item.first);
    if (alias) {
      out.push({ name: alias.alias, field: null, database: null, attribute: false });
      continue;
    }
    // A plain path item: name { sep name }.
    let ok = isName(code[item.first]);
    for (let i = item.first + 1; ok && i <= item.last; i += 2) ok = isSeparator(code[i]) && isName(code[i + 1]);
    if (ok) out.push({ name: nameOf(code[item.last] as SourceToken), field: null, database: null, attribute: false });
  }
  return out;
}

/** The sources of a frame with their schema information. */
export function frameSources(shape: TextShape, frame: Frame, schema: Schema | null): ResolvedSource[] {
  return frame.sources.map((ref) => resolveSource(shape, frame, ref, schema));
}

/** Whether a qualifier as written (`o`, `sales.orders`, `orders`) names this source. */
export function qualifies(source: ResolvedSource, qualifier: string): boolean {
  if (source.ref.alias !== null) return source.ref.alias === qualifier;
  const q = qualifier.toLowerCase();
  const path = source.ref.path?.toLowerCase() ?? null;
  const database = source.ref.database?.toLowerCase() ?? null;
  if (path === null) return false;
  if (path === q || database === q) return true;
  // A table path may be qualified by its last segment (`orders` for `sales.orders`).
  const last = (database ?? path).split('.').pop();
  return last === q;
}

/** The field a column name denotes in a source (by name, then label; exact, then case-insensitive). */
export function columnIn(source: ResolvedSource, name: string): SourceColumn | null {
  if (source.columns === null) return null;
  const lower = name.toLowerCase();
  return (
    source.columns.find((c) => c.name === name) ??
    source.columns.find((c) => c.field?.label === name) ??
    source.columns.find((c) => c.name.toLowerCase() === lower) ??
    source.columns.find((c) => c.field?.label.toLowerCase() === lower) ??
    null
  );
}
