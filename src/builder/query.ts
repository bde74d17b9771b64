import type { Expr, JoinOp, OrderTerm, ResultColumn, Select, SelectAction, Source, Statement } from '../ast/index.js';
import { toJson, type ToJsonOptions } from '../json/index.js';
import { print, type PrintOptions } from '../print/index.js';
import { checkedStatement } from '../spec/check.js';
import { QUERY, isExpressionLike, type ExpressionLike, type QueryLike } from './brand.js';
import { Aliased, Expression, Ordered } from './expression.js';
import { SourceBuilder, type SourceArg } from './sources.js';
import type { AllRow, NameOrExpr, RowOf, Scope, SelectArg } from './row.js';
import type { Condition, NullableRow, ScopeOf, Simplify, UntypedDatabase, UntypedFields } from './typing.js';
import { rowsText, toCondition, toExpr, toFlag, toName, toSource } from './values.js';

/** SELECT action options (`OPTIONS (ROWS = 500, USE_STRINGS = TRUE, ECHO = FALSE)`). */
export interface ActionOptions {
  readonly rows?: number | bigint | null;
  readonly useStrings?: boolean | null;
  readonly echo?: boolean | null;
}

/** A name given as a string to ORDER BY or GROUP BY, resolved when the query is built. */
interface PendingName {
  readonly pending: string;
}
type GroupEntry = Expr | PendingName;
type OrderEntry = OrderTerm | { readonly pending: string; readonly order: 'asc' | 'desc' };

interface Props {
  readonly distinct: boolean;
  readonly columns: 'all' | readonly ResultColumn[];
  readonly from: Source | null;
  readonly where: Expr | null;
  readonly group: readonly GroupEntry[];
  readonly having: Expr | null;
  readonly order: readonly OrderEntry[];
  readonly limit: Expr | null;
  readonly offset: Expr | null;
  readonly action: { readonly rows: string | null; readonly useStrings: boolean | null; readonly echo: boolean | null } | null;
}

const EMPTY: Props = Object.freeze({
  distinct: false, columns: 'all', from: null, where: null, group: [], having: null, order: [], limit: null, offset: null, action: null,
});

const isPending = (v: object): v is PendingName => 'pending' in v;

function scope<F>(): Scope<F> {
  return {
    col: <K extends keyof F & string>(name: K) => new Expression<F[K]>(toExpr({ kind: 'column', path: toName(name, 'a column name') })),
    ref: <T>(name: string) => new Expression<T>({ kind: 'alias', name: toName(name, 'an alias name') }),
  };
}

type Cond<F> = Condition | ((scope: Scope<F>) => Condition);

/**
 * An immutable select query. `DB` is the database type (from `dsq types`), `F` the fields in
 * scope (plain and qualified names), `O` the result row. Every method returns a new query;
 * the props are frozen, so a shared base can be extended in two directions.
 */
export class SelectQuery<DB = UntypedDatabase, F = UntypedFields, O = {}> implements QueryLike {
  declare readonly __row?: O;
  declare readonly __db?: DB;
  readonly [QUERY] = true as const;
  readonly #props: Props;

  /** Use `builder()` / `selectFrom()` / `fromAst()` to start a query. */
  constructor(props: Props = EMPTY) {
    this.#props = Object.freeze(props);
    Object.freeze(this);
  }

  private with<F2 = F, O2 = O>(patch: Partial<Props>): SelectQuery<DB, F2, O2> {
    return new SelectQuery<DB, F2, O2>({ ...this.#props, ...patch });
  }

  private cond(value: Cond<F>, what: string): Expr {
    return toCondition(typeof value === 'function' ? value(scope<F>()) : value, what);
  }

  /** `SELECT DISTINCT` (or back to plain SELECT with `false`). */
  distinct(on = true): SelectQuery<DB, F, O> {
    return this.with({ distinct: on });
  }

  /** Adds result columns: field names, `expr.as(alias)`, or expressions. */
  select<const A extends readonly SelectArg<F>[]>(build: (scope: Scope<F>) => A): SelectQuery<DB, F, Simplify<O & RowOf<F, A>>>;
  select<const A extends readonly SelectArg<F>[]>(...columns: A): SelectQuery<DB, F, Simplify<O & RowOf<F, A>>>;
  select(...args: unknown[]): SelectQuery<DB, F, any> {
    const list = args.length === 1 && typeof args[0] === 'function' ? (args[0] as (s: Scope<F>) => unknown[])(scope<F>()) : args;
    if (list.length === 0) throw new TypeError('select() needs at least one column; use selectAll() for SELECT *');
    const added = list.map((arg, i): ResultColumn => {
      if (arg instanceof Aliased) return arg.node;
      if (typeof arg === 'string') return { kind: 'result_column', e: { kind: 'column', path: toName(arg, 'a column name') }, alias: null };
      return { kind: 'result_column', e: toExpr(arg, `result column ${i}`), alias: null };
    });
    const columns = this.#props.columns === 'all' ? added : [...this.#props.columns, ...added];
    return this.with({ columns });
  }

  /** `SELECT *`: replaces any result columns. */
  selectAll(): SelectQuery<DB, F, Simplify<O & AllRow<F>>> {
    return this.with({ columns: 'all' });
  }

  /** Sets the FROM source (replacing any). */
  from<T extends keyof DB & string, A extends string = T>(table: T, alias?: A): SelectQuery<DB, ScopeOf<DB[T], A>, O>;
  from(source: SourceBuilder | QueryLike | Source): SelectQuery<DB, UntypedFields, O>;
  from(source: SourceArg, alias?: string): SelectQuery<DB, any, O> {
    return this.with({ from: toSource(source, alias ?? null, 'the FROM source') });
  }

  private joined(op: JoinOp, source: SourceArg, alias: string | undefined): SelectQuery<DB, any, O> {
    const right = toSource(source, alias ?? null, `the right side of a ${op} join`);
    if (this.#props.from === null) throw new TypeError(`a ${op} join needs a FROM source first`);
    return this.with({ from: { kind: 'join', op, s1: this.#props.from, s2: right } });
  }

  join<T extends keyof DB & string, A extends string = T>(table: T, alias?: A): SelectQuery<DB, F & ScopeOf<DB[T], A>, O>;
  join(source: SourceBuilder | QueryLike | Source): SelectQuery<DB, F & UntypedFields, O>;
  join(source: SourceArg, alias?: string): SelectQuery<DB, any, O> { return this.joined('join', source, alias); }

  innerJoin<T extends keyof DB & string, A extends string = T>(table: T, alias?: A): SelectQuery<DB, F & ScopeOf<DB[T], A>, O>;
  innerJoin(source: SourceBuilder | QueryLike | Source): SelectQuery<DB, F & UntypedFields, O>;
  innerJoin(source: SourceArg, alias?: string): SelectQuery<DB, any, O> { return this.joined('inner', source, alias); }

  /** LEFT JOIN: the joined fields may be null in result rows. */
  leftJoin<T extends keyof DB & string, A extends string = T>(table: T, alias?: A): SelectQuery<DB, F & ScopeOf<NullableRow<DB[T]>, A>, O>;
  leftJoin(source: SourceBuilder | QueryLike | Source): SelectQuery<DB, F & UntypedFields, O>;
  leftJoin(source: SourceArg, alias?: string): SelectQuery<DB, any, O> { return this.joined('left', source, alias); }

  leftOuterJoin<T extends keyof DB & string, A extends string = T>(table: T, alias?: A): SelectQuery<DB, F & ScopeOf<NullableRow<DB[T]>, A>, O>;
  leftOuterJoin(source: SourceBuilder | QueryLike | Source): SelectQuery<DB, F & UntypedFields, O>;
  leftOuterJoin(source: SourceArg, alias?: string): SelectQuery<DB, any, O> { return this.joined('left_outer', source, alias); }

  crossJoin<T extends keyof DB & string, A extends string = T>(table: T, alias?: A): SelectQuery<DB, F & ScopeOf<DB[T], A>, O>;
  crossJoin(source: SourceBuilder | QueryLike | Source): SelectQuery<DB, F & UntypedFields, O>;
  crossJoin(source: SourceArg, alias?: string): SelectQuery<DB, any, O> { return this.joined('cross', source, alias); }

  /** Adds a WHERE condition; several calls AND together (left fold, as `a AND b AND c` parses). */
  where(condition: Cond<F>): SelectQuery<DB, F, O> {
    const e = this.cond(condition, 'the WHERE condition');
    const prev = this.#props.where;
    return this.with({ where: prev === null ? e : { kind: 'binary', op: 'and', e1: prev, e2: e } });
  }

  /** ORs a condition onto the WHERE condition (`prev OR cond`). */
  orWhere(condition: Cond<F>): SelectQuery<DB, F, O> {
    const e = this.cond(condition, 'the WHERE condition');
    const prev = this.#props.where;
    return this.with({ where: prev === null ? e : { kind: 'binary', op: 'or', e1: prev, e2: e } });
  }

  /** Adds GROUP BY terms. A string is an alias of this select's result columns if one has that name, else a column. */
  groupBy(...terms: NameOrExpr<F, O>[]): SelectQuery<DB, F, O> {
    const added = terms.map((t, i): GroupEntry => (typeof t === 'string' ? { pending: toName(t, 'a GROUP BY name') } : toExpr(t, `GROUP BY term ${i}`)));
    return this.with({ group: [...this.#props.group, ...added] });
  }

  /** Adds a HAVING condition; several calls AND together. */
  having(condition: Cond<F>): SelectQuery<DB, F, O> {
    const e = this.cond(condition, 'the HAVING condition');
    const prev = this.#props.having;
    return this.with({ having: prev === null ? e : { kind: 'binary', op: 'and', e1: prev, e2: e } });
  }

  /**
   * Adds an ORDER BY term: a name (an alias of this select's result columns if one has that
   * name when the query is built, else a column), an expression, or `expr.asc()/.desc()`.
   */
  orderBy(term: NameOrExpr<F, O> | Ordered, direction: 'asc' | 'desc' = 'asc'): SelectQuery<DB, F, O> {
    let entry: OrderEntry;
    if (term instanceof Ordered) entry = term.node;
    else if (typeof term === 'string') entry = { pending: toName(term, 'an ORDER BY name'), order: direction };
    else entry = { kind: 'order_term', e: toExpr(term, 'the ORDER BY term'), order: direction };
    if (direction !== 'asc' && direction !== 'desc') throw new TypeError(`an order direction is 'asc' or 'desc', got ${String(direction)}`);
    return this.with({ order: [...this.#props.order, entry] });
  }

  limit(limit: number | bigint | ExpressionLike | Expr | null): SelectQuery<DB, F, O> {
    return this.with({ limit: limit === null ? null : toExpr(limit, 'the LIMIT') });
  }

  offset(offset: number | bigint | ExpressionLike | Expr | null): SelectQuery<DB, F, O> {
    return this.with({ offset: offset === null ? null : toExpr(offset, 'the OFFSET') });
  }

  /** Makes the query a SELECT action with these options (merged with earlier ones); `{}` gives `OPTIONS ()`. */
  options(options: ActionOptions): SelectQuery<DB, F, O> {
    const prev = this.#props.action ?? { rows: null, useStrings: null, echo: null };
    return this.with({
      action: {
        rows: options.rows === undefined ? prev.rows : options.rows === null ? null : rowsText(options.rows),
        useStrings: options.useStrings === undefined ? prev.useStrings : toFlag(options.useStrings, 'useStrings'),
        echo: options.echo === undefined ? prev.echo : toFlag(options.echo, 'echo'),
      },
    });
  }

  /** Back to a plain select object (drops the SELECT action options). */
  withoutOptions(): SelectQuery<DB, F, O> {
    return this.with({ action: null });
  }

  /** Applies `build` when `condition` holds, without breaking the chain. Columns it adds become optional in the row type. */
  $if<O2>(condition: boolean, build: (query: SelectQuery<DB, F, O>) => SelectQuery<DB, F, O2>): SelectQuery<DB, F, Simplify<O & Partial<Omit<O2, keyof O>>>> {
    return (condition ? build(this) : this) as unknown as SelectQuery<DB, F, Simplify<O & Partial<Omit<O2, keyof O>>>>;
  }

  /** Calls `fn` with this query and returns what it returns (reusable query pieces). */
  $call<R>(fn: (query: SelectQuery<DB, F, O>) => R): R {
    return fn(this);
  }

  /** The select object, with ORDER BY / GROUP BY names resolved against this select's aliases. */
  toSelectAst(): Select {
    const p = this.#props;
    const aliases = new Set(p.columns === 'all' ? [] : p.columns.flatMap((c) => (c.alias === null ? [] : [c.alias])));
    const name = (n: string): Expr => (aliases.has(n) ? { kind: 'alias', name: n } : { kind: 'column', path: n });
    return {
      kind: 'select',
      distinct: p.distinct,
      columns: p.columns,
      from: p.from,
      where: p.where,
      group: p.group.map((g) => (isPending(g) ? name(g.pending) : g)),
      having: p.having,
      order: p.order.map((o): OrderTerm => ('pending' in o ? { kind: 'order_term', e: name(o.pending), order: o.order } : o)),
      limit: p.limit,
      offset: p.offset,
    };
  }

  /** The statement: a select object, or a SELECT action when `options()` was called. */
  toAst(): Statement {
    const select = this.toSelectAst();
    const a = this.#props.action;
    const action: SelectAction | null = a === null ? null : { kind: 'select_action', select, rows: a.rows, useStrings: a.useStrings, echo: a.echo };
    // The spec's rules, as the parser and the JSON reader check them (src/spec/check.ts).
    return checkedStatement(action ?? select);
  }

  /** The statement as dsq text (the printer, src/print). */
  toText(options?: PrintOptions): string {
    return print(this.toAst(), options);
  }

  /** The statement as the service's JSON (src/json `toJson`: short form, compact by default). */
  toJson(options?: ToJsonOptions): string {
    return toJson(this.toAst(), options);
  }

  /** As an expression: a scalar subquery. */
  asExpression<T = unknown>(): Expression<T> {
    return new Expression<T>({ kind: 'subquery', select: this.toSelectAst() });
  }

  /** As a source: a subquery source (to join, e.g. `table('a').join(q.asSource())`). */
  asSource(): SourceBuilder {
    return new SourceBuilder({ kind: 'select_source', select: this.toSelectAst() });
  }
}

/** A query started from an existing statement (select object or SELECT action). */
export function queryFromAst(statement: Statement): SelectQuery<UntypedDatabase, UntypedFields, Record<string, unknown>> {
  if (isExpressionLike(statement)) throw new TypeError('fromAst() takes a statement (select or select_action), got an expression');
  const select = statement.kind === 'select_action' ? statement.select : statement;
  if (select?.kind !== 'select') throw new TypeError(`fromAst() takes a select or select_action node, got ${String((statement as { kind?: unknown }).kind)}`);
  checkedStatement(statement);
  return new SelectQuery<UntypedDatabase, UntypedFields, Record<string, unknown>>({
    distinct: select.distinct,
    columns: select.columns,
    from: select.from,
    where: select.where,
    group: select.group,
    having: select.having,
    order: select.order,
    limit: select.limit,
    offset: select.offset,
    action: statement.kind === 'select_action' ? { rows: statement.rows, useStrings: statement.useStrings, echo: statement.echo } : null,
  });
}
