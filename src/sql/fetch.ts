import type { FetchMultirecords, FetchPseudorecords, FetchRecords } from '../ast/data-actions.js';
import type { Node, Specifier, WholeOrParam } from '../ast/nodes.js';
import { didYouMean } from '../diagnostic/suggest.js';
import { attributeInfo, fieldOf, fieldType, type DatabaseInfo } from './catalog.js';
import { SqlError } from './errors.js';
import { expr, numberSql, type ExprContext } from './expressions.js';
import { recordsCondition } from './records.js';
import { databaseOfSpec, tableSource, type SelectScope, type SourceScope, type Translation } from './name-resolution.js';
import { orderSql, selectSql, type SelectColumn } from './select.js';
import { fieldSqlType } from './types.js';

/**
 * FETCH records, multirecords and pseudorecords as one SELECT each: the columns a record has
 * (fields, `record_id`, `database_id`, attributes), the records specifier and `where` ANDed,
 * ORDER BY with `record_id` last (spec/run-choices.ts, "Ties"), the default limit of 1,000. `count: true`
 * counts the matching records (limit and offset aside). Children are fetched by the runner with
 * `childRecordsSql`, one query per child database.
 */
export interface FetchSql {
  readonly sql: string;
  readonly columns: readonly SelectColumn[];
  readonly count: boolean;
  /** The databases whose child records go in `children` (empty: none). */
  readonly parents: readonly DatabaseInfo[];
  /** The attribute names each record carries (children too). */
  readonly attributes: readonly string[];
  /** Which rows tie: null when the order is total or there is none to keep; else the columns of the ORDER BY terms' values (past `columns`). */
  readonly keys?: readonly number[] | null;
  /** Whether the rows come in an order (else any order is the same answer). */
  readonly ordered: boolean;
}

/** The spec's default limit of fetch records and multirecords. */
export const DEFAULT_FETCH_LIMIT = '1000';

const ALL_ATTRIBUTES = ['insert_at', 'update_at', 'tags'];

function whole(t: Translation, v: WholeOrParam, node: Node): string {
  if (typeof v !== 'string') throw new SqlError('run/unbound-param', `the parameter :${v.name} has no value`, node);
  return numberSql(t, v).sql;
}

function paging(t: Translation, f: { limit: WholeOrParam | null; offset: WholeOrParam | null }, node: Node, defaultLimit: string | null): string {
  const limit = f.limit ?? defaultLimit;
  return `${limit !== null ? ` LIMIT ${whole(t, limit, node)}` : ''}${f.offset !== null ? ` OFFSET ${whole(t, f.offset, node)}` : ''}`;
}

/** The attributes a record carries: all (`insert_at`, `update_at`, `tags`) or those named. */
function attributeNames(names: readonly string[] | null, node: Node): string[] {
  if (names === null) return ALL_ATTRIBUTES;
  const out: string[] = [];
  for (const n of names) {
    const a = attributeInfo(n);
    if (a === null)
      throw new SqlError(
        'run/unknown-attribute',
        `unknown attribute "${n}"${didYouMean(n, [...ALL_ATTRIBUTES, 'file_size', 'file_type', 'file_url', 'file_key'])}`,
        node,
      );
    if (a.name !== 'record_id' && a.name !== 'database_id' && !out.includes(a.name)) out.push(a.name);
  }
  return out;
}

/** The SELECT list of a record: the fields (all or those named), `record_id`, `database_id`, the attributes. */
function recordColumns(
  t: Translation,
  source: SourceScope,
  fields: readonly string[] | null,
  attributes: readonly string[],
  node: Node,
): { sql: string; columns: SelectColumn[] } {
  const info = source.info as DatabaseInfo;
  const chosen = fields === null ? info.database.fields : fields.map((n) => fieldOf(info, n, node));
  const col = (name: string) => `${t.q(source.sqlAlias)}.${t.q(name)}`;
  const columns: SelectColumn[] = [];
  const list: string[] = [];
  const seen = new Set<string>();
  for (const f of info.database.fields) {
    if (!chosen.includes(f) || seen.has(f.name)) continue;
    seen.add(f.name);
    list.push(`${col(f.name)} AS ${t.q(f.name)}`);
    columns.push({ name: f.name, type: fieldType(f) });
  }
  for (const name of ['record_id', 'database_id', ...attributes]) {
    const a = attributeInfo(name);
    if (a === null) continue;
    list.push(`${a.stored ? col(a.name) : 'NULL'} AS ${t.q(a.name)}`);
    columns.push({ name: a.name, type: a.type });
  }
  return { sql: list.join(', '), columns };
}

export function fetchRecordsSql(t: Translation, f: FetchRecords): FetchSql {
  const info = databaseOfSpec(t, f.database, f);
  const { source, sql: fromSql } = tableSource(t, info, false, null, info.database.name, f);
  const scope: SelectScope = { sources: [source], aliases: new Map(), parent: null };
  const cx: ExprContext = { t, scope, inlining: new Set(), depth: 0 };
  const conditions = [...(f.records ? [recordsCondition(cx, source, f.records)] : []), ...(f.where ? [expr(cx, f.where).sql] : [])];
  const where = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
  if (f.count === true) return countSql(t, `${fromSql}${where}`);
  const attributes = attributeNames(f.attributes, f);
  const cols = recordColumns(t, source, f.fields, attributes, f);
  const order = [...orderSql(cx, f.order), `${t.q(source.sqlAlias)}.${t.q('record_id')} ASC`].join(', ');
  return {
    sql: `SELECT ${cols.sql} FROM ${fromSql}${where} ORDER BY ${order}${paging(t, f, f, DEFAULT_FETCH_LIMIT)}`,
    columns: cols.columns,
    count: false,
    parents: f.children !== false && info.children.length > 0 ? [info] : [],
    attributes,
    ordered: true,
  };
}

/** `count: true`: the number of matching records, limit and offset aside. */
function countSql(t: Translation, from: string): FetchSql {
  return {
    sql: `SELECT COUNT(*) AS ${t.q('count')} FROM ${from}`,
    columns: [{ name: 'count', type: { value: 'integer', name: 'int(8)' } }],
    count: true,
    parents: [],
    attributes: [],
    ordered: true,
  };
}

/** The records of a child database whose parents are given by `record_id` (children fetched with their parents). */
export function childRecordsSql(
  t: Translation,
  child: DatabaseInfo,
  parentIds: readonly bigint[],
  attributes: readonly string[],
): { sql: string; columns: SelectColumn[] } {
  const { source, sql: fromSql } = tableSource(t, child, false, null, child.database.name, child.database as unknown as Node);
  const cols = recordColumns(t, source, null, attributes, child.database as unknown as Node);
  const pid = `${t.q(source.sqlAlias)}.${t.q('parent_id')}`;
  const ids = parentIds.map((id) => `CAST(${id} AS ${t.dialect.type('bigint')})`).join(', ');
  return {
    sql: `SELECT ${pid} AS ${t.q('dsq parent')}, ${cols.sql} FROM ${fromSql} WHERE ${pid} IN (${ids}) ORDER BY ${pid}, ${t.q(source.sqlAlias)}.${t.q('record_id')}`,
    columns: [{ name: 'dsq parent', type: { value: 'integer', name: 'int(8)' } }, ...cols.columns],
  };
}

/** The databases a databases specifier names, in its order (all: schema order). */
function databasesOf(t: Translation, spec: Specifier, node: Node): DatabaseInfo[] {
  if (spec.kind === 'spec_all') return [...t.catalog.databases];
  if (spec.kind === 'spec_array') return spec.items.map((s) => databaseOfSpec(t, s as Specifier, node));
  if (spec.kind === 'spec_where')
    throw new SqlError('run/unavailable', 'a where specifier of databases is not available in a local run: name the databases', node);
  return [databaseOfSpec(t, spec, node)];
}

export function fetchMultirecordsSql(t: Translation, f: FetchMultirecords): FetchSql {
  const infos = databasesOf(t, f.databases, f);
  if (infos.length === 0) throw new SqlError('run/no-database', 'the databases specifier names no database', f);
  // The union by field name (case-insensitive), in order of first appearance.
  const fields = new Map<string, { name: string; field: import('../schema/index.js').SchemaField }>();
  for (const info of infos)
    for (const field of info.database.fields) if (!fields.has(field.name.toLowerCase())) fields.set(field.name.toLowerCase(), { name: field.name, field });
  const attributes = ALL_ATTRIBUTES;
  const attrs = ['record_id', 'database_id', ...attributes];
  const parts = infos.map((info) => {
    const { source, sql: fromSql } = tableSource(t, info, false, null, info.database.name, f);
    const col = (n: string) => `${t.q(source.sqlAlias)}.${t.q(n)}`;
    const list = [
      ...[...fields.values()].map(({ name, field }) => {
        const own = info.database.fields.find((x) => x.name.toLowerCase() === name.toLowerCase());
        return `${own ? col(own.name) : `CAST(NULL AS ${fieldSqlType(t.dialect, field.type)})`} AS ${t.q(name)}`;
      }),
      ...attrs.map((a) => `${col(a)} AS ${t.q(a)}`),
    ];
    return `SELECT ${list.join(', ')} FROM ${fromSql}`;
  });
  const sqlAlias = t.alias('multirecords');
  const columns: SelectColumn[] = [
    ...[...fields.values()].map(({ name, field }) => ({ name, type: fieldType(field) })),
    ...attrs.map((a) => ({ name: a, type: (attributeInfo(a) as { type: SelectColumn['type'] }).type })),
  ];
  const source: SourceScope = {
    sqlAlias,
    qualifiers: [],
    info: null,
    trash: false,
    columns: columns.map((c) => ({ ...c, sql: `${t.q(sqlAlias)}.${t.q(c.name)}` })),
  };
  const cx: ExprContext = { t, scope: { sources: [source], aliases: new Map(), parent: null }, inlining: new Set(), depth: 0 };
  const from = `(${parts.join(' UNION ALL ')}) AS ${t.q(sqlAlias)}`;
  const where = f.where ? ` WHERE ${expr(cx, f.where).sql}` : '';
  if (f.count === true) return countSql(t, `${from}${where}`);
  const q = (n: string) => `${t.q(sqlAlias)}.${t.q(n)}`;
  const order = [...orderSql(cx, f.order), `${q('database_id')} ASC`, `${q('record_id')} ASC`].join(', ');
  return {
    sql: `SELECT ${columns.map((c) => q(c.name)).join(', ')} FROM ${from}${where} ORDER BY ${order}${paging(t, f, f, DEFAULT_FETCH_LIMIT)}`,
    columns,
    count: false,
    parents: f.children !== false ? infos.filter((i) => i.children.length > 0) : [],
    attributes,
    ordered: true,
  };
}

export function fetchPseudorecordsSql(t: Translation, f: FetchPseudorecords, tieKeys = false): FetchSql {
  const inner = selectSql(t, f.select, null, false);
  const sqlAlias = t.alias('pseudorecords');
  const source: SourceScope = {
    sqlAlias,
    qualifiers: [],
    info: null,
    trash: false,
    columns: inner.columns.map((c) => ({ ...c, sql: `${t.q(sqlAlias)}.${t.q(c.name)}` })),
  };
  const cx: ExprContext = { t, scope: { sources: [source], aliases: new Map(), parent: null }, inlining: new Set(), depth: 0 };
  const from = `(${inner.sql}) AS ${t.q(sqlAlias)}`;
  const where = f.where ? ` WHERE ${expr(cx, f.where).sql}` : '';
  if (f.count === true) return countSql(t, `${from}${where}`);
  const terms = f.order.map((o) => expr(cx, o.e).sql);
  const order = f.order.length > 0 ? ` ORDER BY ${orderSql(cx, f.order).join(', ')}` : '';
  const keys = tieKeys && terms.length > 0 ? terms.map((_, i) => inner.columns.length + i) : null;
  const list = ['*', ...(keys !== null ? terms.map((sql, i) => `${sql} AS ${t.q(`dsq key ${i + 1}`)}`) : [])].join(', ');
  return {
    sql: `SELECT ${list} FROM ${from}${where}${order}${paging(t, f, f, null)}`,
    columns: inner.columns,
    count: false,
    parents: [],
    attributes: [],
    keys,
    ordered: f.order.length > 0,
  };
}
