import type { ColumnRef, DatabaseColumn, Source } from '../ast/nodes.js';
import type { SchemaDatabase, SchemaField } from '../schema/index.js';
import { ATTRIBUTES, type Scope, type SourceInfo } from './scope.js';
import { DATABASE_TABLES, databaseNames, findFieldInAny, hasBlob, resolveDatabasePath, splitColumnPath, splitTablePath } from './schema-paths.js';
import type { RuleContext } from './rule-api.js';

/** What a column path names, as far as the schema and the FROM clause tell. */
export type ColumnResolution =
  | { readonly status: 'field'; readonly field: SchemaField }
  /** Known, but not a typed field: an attribute, a blob attribute, a subquery column. */
  | { readonly status: 'known' }
  /** Cannot be told: no schema for a source, a system table, no FROM. */
  | { readonly status: 'unresolved' }
  | { readonly status: 'unknown-database'; readonly path: string; readonly candidates: readonly string[] }
  | { readonly status: 'unknown-table'; readonly table: string }
  | {
      readonly status: 'unknown-field';
      readonly name: string;
      readonly candidates: readonly string[];
      /** A field name written in a data action (a record's, SET's, KEY's, FIELDS') that is a record attribute, which no action writes or lists as a field. */
      readonly attribute?: boolean;
    };

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Field, attribute or blob `name` (with `blob:attr`) in the given databases. */
function inDatabases(databases: readonly SchemaDatabase[], name: string, blobAttribute: string | null): ColumnResolution {
  if (blobAttribute !== null) {
    return hasBlob(databases, name) ? { status: 'known' } : { status: 'unknown-field', name, candidates: databases.flatMap((d) => d.blobs.map((b) => b.name)) };
  }
  if (ATTRIBUTES.has(name.toLowerCase())) return { status: 'known' };
  const field = findFieldInAny(databases, name);
  if (field) return { status: 'field', field };
  return { status: 'unknown-field', name, candidates: [...ATTRIBUTES, ...databases.flatMap((d) => d.fields.map((f) => f.name))] };
}

function inSource(source: SourceInfo, name: string, blobAttribute: string | null): ColumnResolution {
  if (source.databases.length > 0) return inDatabases(source.databases, name, blobAttribute);
  if (source.columns === null || blobAttribute !== null) return { status: 'unresolved' };
  return source.columns.has(name.toLowerCase()) ? { status: 'known' } : { status: 'unknown-field', name, candidates: [...source.columns] };
}

/** Every database name of the schema, for suggestions. */
function allNames(context: RuleContext): string[] {
  return context.schema ? databaseNames(context.schema) : [];
}

/** Resolves a database path with an optional `@table` against the schema. */
export function resolveTablePath(context: RuleContext, path: string): ColumnResolution & { databases?: readonly SchemaDatabase[] } {
  if (!context.schema) return { status: 'unresolved' };
  const { database, table } = splitTablePath(path);
  const { databases } = resolveDatabasePath(context.schema, database);
  if (databases.length === 0) return { status: 'unknown-database', path: database, candidates: allNames(context) };
  if (table !== null && !DATABASE_TABLES.some((t) => same(t, table))) return { status: 'unknown-table', table };
  return { status: 'known', databases };
}

/**
 * Resolves a column path: `name` against the sources of the enclosing selects (innermost
 * first); `q.name` against a source named or aliased `q`, else against a database path `q`
 * (with `@table`) of the schema.
 */
export function resolveColumn(context: RuleContext, node: ColumnRef, scopes: readonly Scope[]): ColumnResolution {
  // Several rules ask about the same column in one walk: remember the answer per innermost scope.
  const inner = scopes[0];
  if (!inner) return resolveColumnIn(context, node, scopes);
  let known = resolved.get(inner);
  if (!known) {
    known = new WeakMap();
    resolved.set(inner, known);
  }
  let r = known.get(node);
  if (!r) {
    r = resolveColumnIn(context, node, scopes);
    known.set(node, r);
  }
  return r;
}

const resolved = new WeakMap<Scope, WeakMap<ColumnRef, ColumnResolution>>();

function resolveColumnIn(context: RuleContext, node: ColumnRef, scopes: readonly Scope[]): ColumnResolution {
  const { qualifier, name, blobAttribute } = splitColumnPath(node.path);
  if (qualifier === null) {
    const candidates: string[] = [];
    let anySource = false;
    for (const scope of scopes) {
      if (scope.aliases.has(name.toLowerCase())) return { status: 'known' };
      for (const source of scope.sources) {
        anySource = true;
        const r = inSource(source, name, blobAttribute);
        if (r.status !== 'unknown-field') return r;
        candidates.push(...r.candidates);
      }
    }
    return anySource ? { status: 'unknown-field', name, candidates } : { status: 'unresolved' };
  }
  for (const scope of scopes) {
    for (const source of scope.sources) {
      if (source.qualifiers.some((q) => same(q, qualifier))) return inSource(source, name, blobAttribute);
    }
  }
  const table = resolveTablePath(context, qualifier);
  if (table.status !== 'known' || !table.databases) {
    if (table.status === 'unknown-database') {
      const qualifiers = scopes.flatMap((s) => s.sources.flatMap((src) => src.qualifiers));
      return { ...table, candidates: [...qualifiers, ...table.candidates] };
    }
    return table;
  }
  return inDatabases(table.databases, name, blobAttribute);
}

/** Resolves a table source (`FROM path`, `DATABASE_TABLE('name', table)`). */
export function resolveSource(context: RuleContext, node: Source): ColumnResolution {
  if (node.kind === 'table') return resolveTablePath(context, node.table);
  if (node.kind === 'table_database' && node.database.kind === 'spec_name') {
    return resolveTablePath(context, `${node.database.name}@${node.table}`);
  }
  return { status: 'unresolved' };
}

/** Resolves a full-form database column with a database name and a field name. */
export function resolveDatabaseColumn(context: RuleContext, node: DatabaseColumn): ColumnResolution {
  if (node.database.kind !== 'spec_name') return { status: 'unresolved' };
  const table = resolveTablePath(context, `${node.database.name}@${node.table}`);
  if (table.status !== 'known' || !table.databases) return table;
  if (node.column.kind !== 'spec_name') return { status: 'unresolved' };
  return inDatabases(table.databases, node.column.name, null);
}

/**
 * Resolves a field name a data action writes or lists (a record's or UPDATE's field, a KEY's
 * field, a name of FETCH RECORDS' FIELDS) against the databases of the innermost scope, which
 * is the action's there. The spec's record keys are a "field name or label" (compared as
 * src/schema `findField` does: exact, then case-insensitive); a blob's name is known; a record
 * attribute (record_id, insert_at, ...) is no field: unknown, marked `attribute`.
 */
export function resolveFieldName(scopes: readonly Scope[], name: string): ColumnResolution {
  const sources = scopes[0]?.sources ?? [];
  if (sources.length === 0) return { status: 'unresolved' };
  const candidates: string[] = [];
  for (const source of sources) {
    if (source.databases.length === 0) return { status: 'unresolved' };
    const field = findFieldInAny(source.databases, name);
    if (field) return { status: 'field', field };
    if (hasBlob(source.databases, name)) return { status: 'known' };
    for (const db of source.databases) for (const f of db.fields) candidates.push(f.name, ...(f.label !== f.name ? [f.label] : []));
  }
  return { status: 'unknown-field', name, candidates, ...(ATTRIBUTES.has(name.toLowerCase()) ? { attribute: true } : {}) };
}

/** The database path a data action names (`shop.orders` of `UPDATE shop.orders`), for messages; null when it names none by name. */
export function actionDatabaseName(scopes: readonly Scope[]): string | null {
  const node = scopes[0]?.sources[0]?.node;
  return node?.kind === 'spec_name' ? node.name : null;
}
