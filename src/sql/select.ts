import type { OrderTerm, ResultColumn, Select, Source } from '../ast/nodes.js';
import { print } from '../print/print.js';
import { splitTablePath } from '../lint/schema-paths.js';
import { fieldType } from './catalog.js';
import { SqlError } from './errors.js';
import { expr, MAX_DEPTH, type ExprContext, type Translated } from './expressions.js';
import { databaseOfSpec, resolveColumn, tableIsTrash, tableSource, type SelectScope, type SourceScope, type Translation } from './name-resolution.js';
import type { ResultType } from './types.js';

/**
 * A select object to one SQL SELECT. Every source gets a unique alias, `*` is expanded to the
 * sources' fields (spec/run-choices.ts), a `$alias` to a result column is replaced by that column's
 * expression (so it works in WHERE and GROUP BY on every engine), NULLs are ordered explicitly.
 */
export interface SelectColumn {
  readonly name: string;
  readonly type: ResultType;
}

export interface SelectSql {
  readonly sql: string;
  readonly columns: readonly SelectColumn[];
  /**
   * With `tieKeys`: the columns of the SQL's rows that hold the ORDER BY terms' values (rows equal
   * in all of them tie), after `columns` where a term is not one of them; null without ORDER BY,
   * or when a DISTINCT select orders by a term it does not select (a column added would change
   * which rows are distinct).
   */
  readonly keys: readonly number[] | null;
}

interface FromSql {
  readonly sql: string;
  readonly sources: readonly SourceScope[];
}

function from(t: Translation, source: Source, parent: SelectScope | null, depth: number): FromSql {
  if (depth > MAX_DEPTH) throw new SqlError('run/too-deep', `the FROM clause nests more than ${MAX_DEPTH} joins or subqueries deep`, source);
  switch (source.kind) {
    case 'table': {
      const { database, table } = splitTablePath(source.table);
      const info = t.catalog.resolve(database, source);
      const s = tableSource(t, info, tableIsTrash(table, source), source.alias, database, source);
      return { sql: s.sql, sources: [s.source] };
    }
    case 'table_database': {
      const info = databaseOfSpec(t, source.database, source);
      const written = source.database.kind === 'spec_name' ? source.database.name : info.entry.database.name;
      const s = tableSource(t, info, tableIsTrash(source.table, source), source.alias, written, source);
      return { sql: s.sql, sources: [s.source] };
    }
    case 'table_system':
      throw new SqlError(
        'run/unavailable',
        `the system table "${source.table}" is not available in a local run: there are no system tables (docs/run.md)`,
        source,
      );
    case 'select_source': {
      const inner = selectSql(t, source.select, parent, false);
      const sqlAlias = t.alias('dsq subquery');
      const columns = inner.columns.map((c) => ({ name: c.name, type: c.type, sql: `${t.q(sqlAlias)}.${t.q(c.name)}` }));
      return { sql: `(${inner.sql}) AS ${t.q(sqlAlias)}`, sources: [{ sqlAlias, qualifiers: [], info: null, trash: false, columns }] };
    }
    case 'join': {
      const left = from(t, source.s1, parent, depth + 1);
      const right = from(t, source.s2, parent, depth + 1);
      const rightSql = source.s2.kind === 'join' ? `(${right.sql})` : right.sql;
      const left_ = source.op === 'left' || source.op === 'left_outer';
      if (left_) t.notes.add('leftJoin');
      return { sql: `${left.sql} ${left_ ? 'LEFT JOIN' : 'CROSS JOIN'} ${rightSql}${left_ ? ' ON TRUE' : ''}`, sources: [...left.sources, ...right.sources] };
    }
  }
}

/** The columns `*` stands for: each source's fields in schema order, or a subquery's columns. */
function allColumns(t: Translation, sources: readonly SourceScope[], select: Select): { sql: string; name: string; type: ResultType }[] {
  if (sources.length === 0) throw new SqlError('run/no-from', 'SELECT * needs a FROM clause', select);
  return sources.flatMap((s) =>
    s.columns !== null
      ? s.columns.map((c) => ({ sql: c.sql, name: c.name, type: c.type }))
      : (s.info?.database.fields ?? []).map((f) => ({ sql: `${t.q(s.sqlAlias)}.${t.q(f.name)}`, name: f.name, type: fieldType(f) })),
  );
}

function resultColumn(cx: ExprContext, rc: ResultColumn): { sql: string; name: string; type: ResultType } {
  // A COLLATE in a result column returns the text itself (spec/run-choices.ts): the collation is for comparing.
  const e = rc.e.kind === 'collate' ? rc.e.e : rc.e;
  const translated: Translated = expr(cx, e);
  let name = rc.alias;
  if (name === null) {
    if (e.kind === 'column') name = resolveColumn(cx.t, cx.scope, e).name;
    else if (e.kind === 'alias') name = e.name;
    else name = print(rc.e);
  }
  return { sql: translated.sql, name, type: translated.type };
}

function orderTerm(term: OrderTerm, sql: string): string {
  // NULL is the smallest value: first ascending, last descending (spec/run-choices.ts).
  return `${sql} ${term.order === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'}`;
}

/**
 * A select in a scope; `positional`: its columns are named `dsq 1`, `dsq 2`, ... (for IN and
 * scalar subqueries); `tieKeys`: the ORDER BY terms' values come back too (`keys`).
 */
export function selectSql(t: Translation, select: Select, parent: SelectScope | null, positional: boolean, tieKeys = false): SelectSql {
  const f = select.from === null ? null : from(t, select.from, parent, 0);
  const aliases = new Map<string, ResultColumn>();
  if (select.columns !== 'all')
    for (const rc of select.columns) if (rc.alias !== null && !aliases.has(rc.alias.toLowerCase())) aliases.set(rc.alias.toLowerCase(), rc);
  const scope: SelectScope = { sources: f?.sources ?? [], aliases, parent };
  const cx: ExprContext = { t, scope, inlining: new Set(), depth: 0 };
  const columns = select.columns === 'all' ? allColumns(t, scope.sources, select) : select.columns.map((rc) => resultColumn(cx, rc));
  const list = columns.map((c, i) => `${c.sql} AS ${t.q(positional ? `dsq ${i + 1}` : c.name)}`);
  const order = select.order.map((o) => expr(cx, o.e).sql);
  let keys: number[] | null = null;
  if (tieKeys && order.length > 0) {
    keys = order.map((sql) => {
      const at = columns.findIndex((c) => c.sql === sql);
      if (at >= 0 || select.distinct) return at;
      list.push(`${sql} AS ${t.q(`dsq key ${list.length - columns.length + 1}`)}`);
      return list.length - 1;
    });
    if (keys.includes(-1)) keys = null;
  }
  const parts = [`SELECT ${select.distinct ? 'DISTINCT ' : ''}${list.join(', ')}`];
  if (f) parts.push(`FROM ${f.sql}`);
  if (select.where) parts.push(`WHERE ${expr(cx, select.where).sql}`);
  if (select.group.length > 0) parts.push(`GROUP BY ${select.group.map((g) => expr(cx, g).sql).join(', ')}`);
  if (select.having) parts.push(`HAVING ${expr(cx, select.having).sql}`);
  if (select.order.length > 0) parts.push(`ORDER BY ${select.order.map((o, i) => orderTerm(o, order[i] as string)).join(', ')}`);
  if (select.limit) parts.push(`LIMIT ${expr(cx, select.limit).sql}`);
  if (select.offset) parts.push(`OFFSET ${expr(cx, select.offset).sql}`);
  return { sql: parts.join(' '), columns: columns.map((c) => ({ name: c.name, type: c.type })), keys };
}

/** ORDER BY terms in a scope (FETCH uses them over a record table). */
export function orderSql(cx: ExprContext, terms: readonly OrderTerm[]): string[] {
  return terms.map((o) => orderTerm(o, expr(cx, o.e).sql));
}
