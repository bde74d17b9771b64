import type { ColumnRef, DatabaseColumn, Node, ResultColumn } from '../ast/nodes.js';
import { didYouMean } from '../diagnostic/suggest.js';
import { splitColumnPath, splitTablePath } from '../lint/schema-paths.js';
import { attributeInfo, fieldOf, fieldType, type Catalog, type DatabaseInfo } from './catalog.js';
import type { ChoiceId } from '../spec/run-choices.js';
import type { Dialect } from './dialect.js';
import { SqlError } from './errors.js';
import type { ResultType } from './types.js';

/**
 * Names in a statement, resolved: every source of a FROM clause gets an SQL alias unique in the
 * whole statement, and every column reference becomes `"alias"."column"` with the column's
 * canonical name (a field's name, not its label or another case), found the way lint finds it
 * (src/lint/schema-paths.ts: a qualifier is a source's alias or name, else a database path).
 */

/** A column a source offers: its name (as output) and the SQL that reads it. */
export interface SourceColumn {
  readonly name: string;
  readonly sql: string;
  readonly type: ResultType;
}

/** One table or subquery of a FROM clause. */
export interface SourceScope {
  readonly sqlAlias: string;
  /** The names a column may be qualified with, lower-cased. */
  readonly qualifiers: readonly string[];
  /** A record table (or trash table) of a database, or null for a subquery. */
  readonly info: DatabaseInfo | null;
  readonly trash: boolean;
  /** A subquery's columns (by output name); null for a table. */
  readonly columns: readonly SourceColumn[] | null;
}

/** A select's names: its sources, its result aliases, and the select around it. */
export interface SelectScope {
  readonly sources: readonly SourceScope[];
  /** Result columns by alias, lower-cased. */
  readonly aliases: ReadonlyMap<string, ResultColumn>;
  readonly parent: SelectScope | null;
}

/** What a whole translation shares: the schema's tables, the dialect, the notes, the aliases taken. */
export class Translation {
  readonly notes = new Set<ChoiceId>();
  /** The aliases the plans use for their own tables (plan.ts) are never a source's. */
  private readonly taken = new Set<string>(['a', 't', 'n', 'r']);

  constructor(
    readonly catalog: Catalog,
    readonly dialect: Dialect,
  ) {}

  /** An SQL alias no other source of the statement has (`orders`, then `orders 2`). */
  alias(wanted: string): string {
    let name = wanted;
    for (let n = 2; this.taken.has(name.toLowerCase()); n++) name = `${wanted} ${n}`;
    this.taken.add(name.toLowerCase());
    return name;
  }

  q(name: string): string {
    return this.dialect.ident(name);
  }
}

const lower = (s: string) => s.toLowerCase();

/** The SQL and type of a column of a table source: an attribute, else a field by name or label. */
export function tableColumn(t: Translation, source: SourceScope, name: string, node: Node | null): SourceColumn {
  const info = source.info as DatabaseInfo;
  const attribute = attributeInfo(name);
  if (attribute !== null) {
    const sql = attribute.stored
      ? `${t.q(source.sqlAlias)}.${t.q(attribute.name)}`
      : `CAST(NULL AS ${t.dialect.type(attribute.type.value === 'integer' ? 'bigint' : 'text')})`;
    return { name: attribute.name, sql, type: attribute.type };
  }
  const field = fieldOf(info, name, node);
  return { name: field.name, sql: `${t.q(source.sqlAlias)}.${t.q(field.name)}`, type: fieldType(field) };
}

/** A column of one source, or null when the source has no column of that name (a table: an error for an unknown field). */
function columnIn(t: Translation, source: SourceScope, name: string, node: Node | null, strict: boolean): SourceColumn | null {
  if (source.columns !== null) {
    const found = source.columns.filter((c) => lower(c.name) === lower(name));
    if (found.length > 1)
      throw new SqlError('run/ambiguous-column', `the subquery has ${found.length} columns named "${name}"`, node, 'give them different aliases');
    if (found.length === 0 && strict) {
      throw new SqlError(
        'run/unknown-column',
        `the subquery has no column "${name}"${didYouMean(
          name,
          source.columns.map((c) => c.name),
        )}`,
        node,
      );
    }
    return found[0] ?? null;
  }
  if (
    !strict &&
    attributeInfo(name) === null &&
    (source.info as DatabaseInfo).database.fields.every((f) => lower(f.name) !== lower(name) && lower(f.label) !== lower(name))
  ) {
    return null;
  }
  return tableColumn(t, source, name, node);
}

function checkBlob(path: string, blobAttribute: string | null, node: Node): void {
  if (blobAttribute !== null)
    throw new SqlError('run/unavailable', `the blob attribute "${path}" is not available in a local run: blobs are not stored (docs/run.md)`, node);
}

/** Resolves a column path against the scopes, innermost first. */
export function resolveColumn(t: Translation, scope: SelectScope | null, node: ColumnRef): SourceColumn {
  const { qualifier, name, blobAttribute } = splitColumnPath(node.path);
  checkBlob(node.path, blobAttribute, node);
  if (qualifier === null) {
    const candidates: string[] = [];
    for (let s = scope; s !== null; s = s.parent) {
      const found = s.sources.flatMap((src) => {
        const c = columnIn(t, src, name, node, false);
        return c ? [c] : [];
      });
      if (found.length > 1) {
        throw new SqlError(
          'run/ambiguous-column',
          `the column "${name}" is in more than one source of the FROM clause`,
          node,
          `qualify it: ${s.sources.map((x) => `${x.sqlAlias}.${name}`).join(' or ')}`,
        );
      }
      if (found.length === 1) return found[0] as SourceColumn;
      for (const src of s.sources) {
        candidates.push(...(src.columns?.map((c) => c.name) ?? (src.info as DatabaseInfo).database.fields.map((f) => f.name)));
      }
    }
    if (candidates.length === 0 && (scope === null || scope.sources.length === 0)) {
      throw new SqlError('run/unknown-column', `the column "${name}" has no source: the select has no FROM`, node);
    }
    throw new SqlError('run/unknown-column', `no source of the FROM clause has a column "${name}"${didYouMean(name, candidates)}`, node);
  }
  for (let s = scope; s !== null; s = s.parent) {
    for (const src of s.sources) if (src.qualifiers.includes(lower(qualifier))) return columnIn(t, src, name, node, true) as SourceColumn;
  }
  // A database path that is not a source of the FROM clause.
  const { database } = splitTablePath(qualifier);
  const info = t.catalog.resolve(database, node);
  for (let s = scope; s !== null; s = s.parent) {
    for (const src of s.sources) if (src.info === info) return columnIn(t, src, name, node, true) as SourceColumn;
  }
  throw new SqlError(
    'run/not-in-from',
    `"${qualifier}" is not a source of the FROM clause`,
    node,
    `add it to FROM (FROM ${qualifier}) or qualify the column with a source's alias`,
  );
}

/** A full-form database column: the source of the FROM clause that reads that database's table. */
export function resolveDatabaseColumn(t: Translation, scope: SelectScope | null, node: DatabaseColumn): SourceColumn {
  const info = databaseOfSpec(t, node.database, node);
  if (node.column.kind !== 'spec_name') {
    throw new SqlError('run/unavailable', 'a field given by id is not available in a local run: name it', node);
  }
  const trash = tableIsTrash(node.table, node);
  for (let s = scope; s !== null; s = s.parent) {
    for (const src of s.sources) if (src.info === info && src.trash === trash) return columnIn(t, src, node.column.name, node, true) as SourceColumn;
  }
  throw new SqlError('run/not-in-from', `the database "${info.entry.path}" is not a source of the FROM clause`, node);
}

/** Whether a table name (`records`, `trash`, or none) is the trash table. */
export function tableIsTrash(table: string | null, node: Node): boolean {
  if (table === null || lower(table) === 'records' || table === '') return false;
  if (lower(table) === 'trash') return true;
  throw new SqlError('run/unknown-table', `a database has the tables "records" and "trash", not "${table}"`, node);
}

/** The database a database specifier names: by name (path) or by id. */
export function databaseOfSpec(t: Translation, spec: import('../ast/nodes.js').Specifier, node: Node): DatabaseInfo {
  if (spec.kind === 'spec_name') return t.catalog.resolve(spec.name, node);
  if (spec.kind === 'spec_id') return t.catalog.byId(spec.id, node);
  throw new SqlError('run/unavailable', 'one database is needed here: give its name or id', node);
}

/** The source of a database table (the record table, or the trash table of a database with the trash feature). */
export function tableSource(
  t: Translation,
  info: DatabaseInfo,
  trash: boolean,
  alias: string | null,
  written: string,
  node: Node,
): { source: SourceScope; sql: string } {
  if (trash && info.trash === null) {
    throw new SqlError('run/no-trash', `the database "${info.entry.path}" has no trash table: it does not have the trash feature`, node);
  }
  const sqlAlias = t.alias(alias ?? written.split('.').pop() ?? written);
  const qualifiers = alias !== null ? [lower(alias)] : [...new Set([lower(written), lower(written.split('.').pop() ?? written)])];
  const table = trash ? (info.trash as string) : info.table;
  return { source: { sqlAlias, qualifiers, info, trash, columns: null }, sql: `${t.q(table)} AS ${t.q(sqlAlias)}` };
}
