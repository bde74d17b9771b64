import { withArticle } from '../diagnostic/article.js';
import type { DateTimeKind } from '../ast/datetime.js';
import type { Binary, Expr, Node, ResultColumn, Select } from '../ast/nodes.js';
import { EXPR_CALL_OF, type ExprCall, type ExprCallKind } from '../ast/kinds-expressions.js';
import { toDecimal } from '../ast/numbers.js';
import { SqlError } from './errors.js';
import { functionSql } from './functions.js';
import { dateTimeMs, epochMs, sqlDateTimeText } from './datetimes.js';
import { selectSql as translateSelect } from './select.js';
import { resolveColumn, resolveDatabaseColumn, type SelectScope, type Translation } from './name-resolution.js';
import { arithmeticType, typeOf, type ResultType, type ValueType } from './types.js';

/**
 * Expressions to SQL. Each node becomes parenthesised SQL and the type of its value (types.ts),
 * which picks integer or float division, a 64-bit SUM, a header type. Values are literals through
 * the dialect (`string`), whole numbers typed BIGINT so that arithmetic is 64-bit from the first
 * operand; names come from the scope, resolved and quoted.
 */
export interface Translated {
  readonly sql: string;
  readonly type: ResultType;
}

/** How deep expressions may nest before the engines' own parsers give up (DuckDB's limit is 1,000). */
export const MAX_DEPTH = 250;

export interface ExprContext {
  readonly t: Translation;
  readonly scope: SelectScope | null;
  /** Aliases being inlined (an alias whose expression names itself is an error, not a loop). */
  readonly inlining: ReadonlySet<string>;
  readonly depth: number;
}

const ok = (sql: string, value: ValueType): Translated => ({ sql, type: typeOf(value) });
const resolved = (c: { sql: string; type: ResultType }): Translated => ({ sql: c.sql, type: c.type });
const BOOL = (sql: string) => ok(sql, 'boolean');

const COMPARISONS: Readonly<Record<string, string>> = { '=': '=', '!=': '<>', '>': '>', '>=': '>=', '<': '<', '<=': '<=' };
const ARITHMETIC = new Set(['+', '-', '*']);
const BITS: Readonly<Record<string, string>> = { '&': '&', '|': '|', '<<': '<<', '>>': '>>' };

/** The literal SQL of a whole number or a float, from exact number text. */
export function numberSql(t: Translation, text: string): Translated {
  const d = toDecimal(text);
  if (d.exp >= 0) {
    const value = (d.negative ? -d.digits : d.digits) * 10n ** BigInt(d.exp);
    return ok(`CAST(${value} AS ${t.dialect.type('bigint')})`, 'integer');
  }
  return ok(`CAST(${text} AS ${t.dialect.type('double')})`, 'float');
}

/** The literal of a datetime kind at milliseconds. */
export function dateTimeSql(t: Translation, kind: DateTimeKind, ms: number): Translated {
  const word = kind === 'localdate' ? 'DATE' : kind === 'localtime' ? 'TIME' : 'TIMESTAMP';
  return ok(`${word} ${t.dialect.string(sqlDateTimeText(kind, ms))}`, kind);
}

/** What a comparison folds its operands with: COLLATE NOCASE lower-cases both sides (spec/run-choices.ts). */
function foldOf(e: Expr, node: Node): ((sql: string) => string) | null {
  if (e.kind !== 'collate') return null;
  const c = e.collation.toUpperCase();
  if (c === 'NOCASE') return (s) => `lower(${s})`;
  if (c === 'RTRIM') return (s) => `rtrim(${s}, ' ')`;
  if (c === 'BINARY') return (s) => s;
  throw new SqlError('run/unknown-collation', `unknown collation "${e.collation}": a local run knows NOCASE, BINARY and RTRIM`, node);
}

/** A boolean as the whole number 1 or 0 (NULL stays NULL). */
const asNumber = (t: Translation, sql: string) => `CAST(CASE WHEN ${sql} THEN 1 WHEN NOT ${sql} THEN 0 END AS ${t.dialect.type('bigint')})`;

/** The class of values a type compares within (datetimes and dates compare; text never with numbers). */
function compareClass(t: ValueType): string | null {
  switch (t) {
    case 'integer':
    case 'float':
    case 'decimal':
      return 'number';
    case 'datetime':
    case 'localdatetime':
    case 'localdate':
      return 'date and time';
    case 'localtime':
      return 'time';
    case 'text':
      return 'text';
    case 'boolean':
      return 'boolean';
    default:
      return null;
  }
}

/** Two values compared must be of one class: the engines' implicit casts differ (DuckDB reads '7' as 7, PostgreSQL refuses). */
function checkComparable(a: Translated, b: Translated, node: Node): void {
  const x = compareClass(a.type.value);
  const y = compareClass(b.type.value);
  if (x === null || y === null || x === y || (x === 'boolean' && y === 'number') || (x === 'number' && y === 'boolean')) return;
  throw new SqlError(
    'run/type-mismatch',
    `${withArticle(x)} value is compared with ${withArticle(y)} value: a local run compares values of one kind (docs/run.md)`,
    node,
  );
}

/** A compared operand without its COLLATE: the comparison folds both sides itself. */
const uncollated = (e: Expr): Expr => (e.kind === 'collate' ? e.e : e);

export function expr(cx: ExprContext, e: Expr): Translated {
  if (cx.depth > MAX_DEPTH) {
    throw new SqlError('run/too-deep', `the expression nests more than ${MAX_DEPTH} levels deep, more than the SQL engines take`, e);
  }
  const sub = (x: Expr) => expr({ ...cx, depth: cx.depth + 1 }, x);
  const { t } = cx;
  switch (e.kind) {
    case 'null':
      return ok('NULL', 'null');
    case 'number':
      return numberSql(t, e.value);
    case 'string':
      return ok(t.dialect.string(e.value), 'text');
    case 'datetime':
      return dateTimeSql(t, 'datetime', e.form === 'ms' ? epochMs(e.value) : dateTimeMs('datetime', e.value));
    case 'localdatetime':
    case 'localdate':
    case 'localtime':
      return dateTimeSql(t, e.kind, dateTimeMs(e.kind, e.value));
    case 'column': {
      // A bare name that no source has but a result column's alias is: that column (as `$alias`).
      if (!e.path.includes('.') && cx.scope?.aliases.has(e.path.toLowerCase()) && !cx.inlining.has(e.path.toLowerCase())) {
        try {
          return resolved(resolveColumn(t, cx.scope, e));
        } catch (err) {
          if (!(err instanceof SqlError) || err.code !== 'run/unknown-column') throw err;
          return aliasSql(cx, e.path, e);
        }
      }
      return resolved(resolveColumn(t, cx.scope, e));
    }
    case 'database_column':
      return resolved(resolveDatabaseColumn(t, cx.scope, e));
    case 'system_column':
      throw new SqlError(
        'run/unavailable',
        `the system column ${e.table}.${e.column} is not available in a local run: there are no system tables (docs/run.md)`,
        e,
      );
    case 'alias':
      return aliasSql(cx, e.name, e);
    case 'param':
      throw new SqlError(
        'run/unbound-param',
        `the parameter :${e.name} has no value`,
        e,
        `give it: --param ${e.name}=VALUE, or { params: { ${e.name}: ... } }`,
      );
    case 'between': {
      const fold = foldOf(e.e, e) ?? foldOf(e.min, e) ?? foldOf(e.max, e) ?? ((s: string) => s);
      const [v, lo, hi] = [e.e, e.min, e.max].map((x) => sub(uncollated(x))) as [Translated, Translated, Translated];
      checkComparable(v, lo, e);
      checkComparable(v, hi, e);
      return BOOL(`(${fold(v.sql)} BETWEEN ${fold(lo.sql)} AND ${fold(hi.sql)})`);
    }
    case 'binary':
      return binary(cx, e);
    case 'unary': {
      const a = sub(e.e);
      if (e.op === 'not') return BOOL(`(NOT ${a.sql})`);
      // A space after '-': `- -x` must not read as a `--` comment. NULL is a NULL whole number.
      const operand = a.type.value === 'null' ? `CAST(NULL AS ${t.dialect.type('bigint')})` : a.sql;
      return { sql: `(${e.op === '-' ? '- ' : '~ '}${operand})`, type: a.type.value === 'null' ? typeOf('integer') : typeOf(a.type.value) };
    }
    case 'case': {
      const base = e.base === null ? null : sub(e.base);
      const arms = e.cases.map((w) => ({ when: sub(w.when), then: sub(w.then) }));
      const otherwise = e.else === null ? null : sub(e.else);
      const results = [...arms.map((a) => a.then), ...(otherwise ? [otherwise] : [])];
      const type = results.find((r) => r.type.value !== 'null')?.type.value ?? 'null';
      const parts = arms.map((a) => `WHEN ${a.when.sql} THEN ${a.then.sql}`).join(' ');
      return ok(`(CASE ${base ? `${base.sql} ` : ''}${parts}${otherwise ? ` ELSE ${otherwise.sql}` : ''} END)`, type);
    }
    case 'collate': {
      const fold = foldOf(e, e) as (s: string) => string;
      return ok(fold(sub(e.e).sql), 'text');
    }
    case 'count_rows':
      return ok('COUNT(*)', 'integer');
    case 'exists':
      return BOOL(`(EXISTS ${subquery(cx, e.select, false).sql})`);
    case 'function':
      return functionSql(t, e, e.args.map(sub));
    case 'in': {
      if (e.values.length === 0) return BOOL('FALSE');
      const fold = foldOf(e.e, e) ?? e.values.map((v) => foldOf(v, e)).find((f) => f !== null) ?? ((s: string) => s);
      const x = sub(uncollated(e.e));
      const values = e.values.map((v) => sub(uncollated(v)));
      for (const v of values) checkComparable(x, v, e);
      return BOOL(`(${fold(x.sql)} IN (${values.map((v) => fold(v.sql)).join(', ')}))`);
    }
    case 'in_select': {
      const x = sub(e.e);
      const s = subquery(cx, e.select, true);
      checkComparable(x, { sql: '', type: s.first }, e);
      return BOOL(`(${x.sql} IN ${s.sql})`);
    }
    case 'subquery': {
      const s = subquery(cx, e.select, true, true);
      return { sql: s.sql, type: s.first };
    }
    default:
      // The expression calls: their SQL is their entry's (src/ast/kind-spec.ts `CallValue`).
      return callSql(cx, e);
  }
}

/** An expression call's value type in a local run, by its entry's `value.type`. */
const CALL_TYPES: Readonly<Record<ExprCall['value']['type'], ValueType>> = { string: 'text', number: 'float', integer: 'integer', boolean: 'boolean' };

/**
 * An expression call (`NAME(e, ...)` of the kind table): its entry's SQL template with `%0`,
 * `%1`, ... replaced by its arguments' SQL, or a clear error when the entry gives none.
 */
function callSql(cx: ExprContext, e: Extract<Expr, { kind: ExprCallKind }>): Translated {
  // (`Node`: with no expression call in the table, `e` is `never`.)
  const node = e as Node;
  const form = EXPR_CALL_OF[node.kind] as ExprCall;
  const { sql, type } = form.value;
  if (sql === null) {
    throw new SqlError(
      'run/unavailable',
      `${form.keyword}(...) cannot run locally: a local run has no SQL for it (docs/run.md)`,
      node,
      'run it on the service',
    );
  }
  const record = node as unknown as Readonly<Record<string, Expr>>;
  const args = form.args.map((field) => expr({ ...cx, depth: cx.depth + 1 }, record[field] as Expr).sql);
  return ok(`(${sql.replace(/%(\d+)/g, (_, i: string) => args[Number(i)] as string)})`, CALL_TYPES[type]);
}

/** `(SELECT ...)`; `firstOnly`: its first column only, for IN and scalar subqueries (`LIMIT 1`: the first row). */
function subquery(cx: ExprContext, select: Select, firstOnly: boolean, limitOne = false): { sql: string; first: ResultType } {
  const s = translateSelect(cx.t, select, cx.scope, firstOnly);
  const { t } = cx;
  const sql = firstOnly ? `(SELECT ${t.q('dsq 1')} FROM (${s.sql}) AS ${t.q(t.alias('dsq subquery'))}${limitOne ? ' LIMIT 1' : ''})` : `(${s.sql})`;
  return { sql, first: s.columns[0]?.type ?? typeOf('unknown') };
}

/** `$alias`: a result column's alias of this select (its expression, inlined), else a source column. */
function aliasSql(cx: ExprContext, name: string, node: Node): Translated {
  const key = name.toLowerCase();
  const rc: ResultColumn | undefined = cx.scope?.aliases.get(key);
  if (rc !== undefined && !cx.inlining.has(key)) {
    return expr({ ...cx, inlining: new Set([...cx.inlining, key]), depth: cx.depth + 1 }, rc.e);
  }
  const c = resolveColumn(cx.t, cx.scope, { kind: 'column', path: name });
  void node;
  return { sql: c.sql, type: c.type };
}

/** The operands of a chain of one associative operator (`a AND b AND c`), without recursion. */
function chain(e: Binary): Expr[] {
  const out: Expr[] = [];
  const stack: Expr[] = [e];
  while (stack.length > 0) {
    const x = stack.pop() as Expr;
    if (x.kind === 'binary' && x.op === e.op) stack.push(x.e2, x.e1);
    else out.push(x);
  }
  return out;
}

function binary(cx: ExprContext, e: Binary): Translated {
  const sub = (x: Expr) => expr({ ...cx, depth: cx.depth + 1 }, x);
  const { t } = cx;
  if (e.op === 'and' || e.op === 'or')
    return BOOL(
      `(${chain(e)
        .map((x) => sub(x).sql)
        .join(e.op === 'and' ? ' AND ' : ' OR ')})`,
    );
  const cmp = COMPARISONS[e.op];
  if (cmp !== undefined || e.op === 'like' || e.op === 'regexp') {
    const fold = foldOf(e.e1, e) ?? foldOf(e.e2, e) ?? ((s: string) => s);
    const x = sub(uncollated(e.e1));
    const y = sub(uncollated(e.e2));
    if (e.op !== 'regexp' && e.op !== 'like') checkComparable(x, y, e);
    // A boolean compared with a number is 1 or 0 (dsq has no boolean literal: `paid = 1`).
    const a = fold(x.type.value === 'boolean' && y.type.value === 'integer' ? asNumber(t, x.sql) : x.sql);
    const b = fold(y.type.value === 'boolean' && x.type.value === 'integer' ? asNumber(t, y.sql) : y.sql);
    if (e.op === 'like') return BOOL(`(${a} LIKE ${b} ESCAPE ${t.dialect.string('\\')})`);
    if (e.op === 'regexp') return BOOL(t.dialect.regexp(a, b));
    return BOOL(`(${a} ${cmp} ${b})`);
  }
  if (e.op === 'is') {
    const a = sub(e.e1).sql;
    return BOOL(e.e2.kind === 'null' ? `(${a} IS NULL)` : `(${a} IS NOT DISTINCT FROM ${sub(e.e2).sql})`);
  }
  const bit = BITS[e.op];
  if (bit !== undefined) return ok(`(${sub(e.e1).sql} ${bit} ${sub(e.e2).sql})`, 'integer');
  if (ARITHMETIC.has(e.op)) {
    // A chain of one operator (`a + b + c`, left-deep as the parser builds it) is read without recursion.
    const items: Expr[] = [];
    let x: Expr = e;
    while (x.kind === 'binary' && x.op === e.op) {
      items.push(x.e2);
      x = x.e1;
    }
    items.push(x);
    items.reverse();
    const parts = items.map(sub);
    const type = parts.slice(1).reduce<ValueType>((acc, p) => arithmeticType(acc, p.type.value), (parts[0] as Translated).type.value);
    return ok(`(${parts.map((p) => p.sql).join(` ${e.op} `)})`, type);
  }
  const a = sub(e.e1);
  const b = sub(e.e2);
  const type = arithmeticType(a.type.value, b.type.value);
  if (e.op === '%') return ok(t.dialect.modulo(a.sql, b.sql, type === 'float'), type);
  // '/': a float, also of two whole numbers (spec/run-choices.ts): said when both are (lint's local-run-choice says the same).
  if (a.type.value === 'integer' && b.type.value === 'integer') t.notes.add('division');
  return ok(t.dialect.divide(a.sql, b.sql), type === 'unknown' ? 'unknown' : 'float');
}
