import type { Expr, JoinOp, OrderTerm, Query, ResultColumn, Select, SelectAction, Source } from '../ast/index.js';
import { toJson, type ToJsonOptions } from '../json/index.js';
import { print, type PrintOptions } from '../print/index.js';
import { checkedStatement } from '../spec/check.js';
import { QUERY, aliased, nestedSelect, ordered, queries, type ExpressionLike, type QueryLike } from './brand.js';
import { argumentError, describeValue } from './errors.js';
import { Expression, type Ordered } from './expression.js';
import { SourceBuilder, type SourceArg } from './sources.js';
import type { AllRow, NameOrExpr, RowOf, Scope, SelectArg } from './row.js';
import type { Condition, NullableRow, ScopeOf, Simplify, UntypedDatabase, UntypedFields } from './typing.js';
import { own, rowsText, toCondition, toExpr, toFlag, toName, toSource } from './values.js';

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

const OPTION_KEYS: ReadonlySet<string> = new Set(['rows', 'useStrings', 'echo']);

function scope<F>(): Scope<F> {
  return {
    col: <K extends keyof F & string>(name: K) => new Expression<F[K]>({ kind: 'column', path: toName(name, 'argument 1 (the column path) of col()') }),
    ref: <T>(name: string) => new Expression<T>({ kind: 'alias', name: toName(name, 'argument 1 (the alias name) of ref()') }),
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
    queries.add(this);
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
    if (!Array.isArray(list)) throw argumentError(`the callback of .select() must return an array of columns, got ${describeValue(list)}`);
    if (list.length === 0) throw argumentError('select() needs at least one column; use selectAll() for SELECT *');
    const added = list.map((arg, i): ResultColumn => {
      if (aliased.has(arg)) return arg.node;
      const what = `argument ${i + 1} of .select()`;
      const e: Expr = typeof arg === 'string' ? own({ kind: 'column', path: toName(arg, what) }) : toExpr(arg, what);
      return own({ kind: 'result_column', e, alias: null });
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
    return this.with({ from: toSource(source, alias ?? null, 'argument 1 of .from()') });
  }

  private joined(op: JoinOp, source: SourceArg, alias: string | undefined, method: string): SelectQuery<DB, any, O> {
    const right = toSource(source, alias ?? null, `argument 1 of .${method}()`);
    if (this.#props.from === null) throw argumentError(`.${method}() needs a FROM source first`);
    return this.with({ from: own({ kind: 'join', op, s1: this.#props.from, s2: right }) });
  }

  join<T extends keyof DB & string, A extends string = T>(table: T, alias?: A): SelectQuery<DB, F & ScopeOf<DB[T], A>, O>;
  join(source: SourceBuilder | QueryLike | Source): SelectQuery<DB, F & UntypedFields, O>;
  join(source: SourceArg, alias?: string): SelectQuery<DB, any, O> { return this.joined('join', source, alias, 'join'); }

  innerJoin<T extends keyof DB & string, A extends string = T>(table: T, alias?: A): SelectQuery<DB, F & ScopeOf<DB[T], A>, O>;
  innerJoin(source: SourceBuilder | QueryLike | Source): SelectQuery<DB, F & UntypedFields, O>;
  innerJoin(source: SourceArg, alias?: string): SelectQuery<DB, any, O> { return this.joined('inner', source, alias, 'innerJoin'); }

  /** LEFT JOIN: the joined fields may be null in result rows. */
  leftJoin<T extends keyof DB & string, A extends string = T>(table: T, alias?: A): SelectQuery<DB, F & ScopeOf<NullableRow<DB[T]>, A>, O>;
  leftJoin(source: SourceBuilder | QueryLike | Source): SelectQuery<DB, F & UntypedFields, O>;
  leftJoin(source: SourceArg, alias?: string): SelectQuery<DB, any, O> { return this.joined('left', source, alias, 'leftJoin'); }

  leftOuterJoin<T extends keyof DB & string, A extends string = T>(table: T, alias?: A): SelectQuery<DB, F & ScopeOf<NullableRow<DB[T]>, A>, O>;
  leftOuterJoin(source: SourceBuilder | QueryLike | Source): SelectQuery<DB, F & UntypedFields, O>;
  leftOuterJoin(source: SourceArg, alias?: string): SelectQuery<DB, any, O> { return this.joined('left_outer', source, alias, 'leftOuterJoin'); }

  crossJoin<T extends keyof DB & string, A extends string = T>(table: T, alias?: A): SelectQuery<DB, F & ScopeOf<DB[T], A>, O>;
  crossJoin(source: SourceBuilder | QueryLike | Source): SelectQuery<DB, F & UntypedFields, O>;
  crossJoin(source: SourceArg, alias?: string): SelectQuery<DB, any, O> { return this.joined('cross', source, alias, 'crossJoin'); }

  /** Adds a WHERE condition; several calls AND together (left fold, as `a AND b AND c` parses). */
  where(condition: Cond<F>): SelectQuery<DB, F, O> {
    const e = this.cond(condition, 'argument 1 of .where()');
    const prev = this.#props.where;
    return this.with({ where: prev === null ? e : own({ kind: 'binary', op: 'and', e1: prev, e2: e }) });
  }

  /** ORs a condition onto the WHERE condition (`prev OR cond`). */
  orWhere(condition: Cond<F>): SelectQuery<DB, F, O> {
    const e = this.cond(condition, 'argument 1 of .orWhere()');
    const prev = this.#props.where;
    return this.with({ where: prev === null ? e : own({ kind: 'binary', op: 'or', e1: prev, e2: e }) });
  }

  /** Adds GROUP BY terms. A string is an alias of this select's result columns if one has that name, else a column. */
  groupBy(...terms: NameOrExpr<F, O>[]): SelectQuery<DB, F, O> {
    const added = terms.map((t, i): GroupEntry => {
      const what = `argument ${i + 1} of .groupBy()`;
      return typeof t === 'string' ? { pending: toName(t, what) } : toExpr(t, what);
    });
    return this.with({ group: [...this.#props.group, ...added] });
  }

  /** Adds a HAVING condition; several calls AND together. */
  having(condition: Cond<F>): SelectQuery<DB, F, O> {
    const e = this.cond(condition, 'argument 1 of .having()');
    const prev = this.#props.having;
    return this.with({ having: prev === null ? e : own({ kind: 'binary', op: 'and', e1: prev, e2: e }) });
  }

  /**
   * Adds an ORDER BY term: a name (an alias of this select's result columns if one has that
   * name when the query is built, else a column), an expression, or `expr.asc()/.desc()`.
   */
  orderBy(term: NameOrExpr<F, O> | Ordered, direction: 'asc' | 'desc' = 'asc'): SelectQuery<DB, F, O> {
    if (direction !== 'asc' && direction !== 'desc') throw argumentError(`argument 2 (the direction) of .orderBy() is 'asc' or 'desc', got ${describeValue(direction)}`);
    let entry: OrderEntry;
    if (ordered.has(term)) entry = term.node;
    else if (typeof term === 'string') entry = { pending: toName(term, 'argument 1 of .orderBy()'), order: direction };
    else entry = own({ kind: 'order_term', e: toExpr(term, 'argument 1 of .orderBy()'), order: direction });
    return this.with({ order: [...this.#props.order, entry] });
  }

  limit(limit: number | bigint | ExpressionLike | Expr | null): SelectQuery<DB, F, O> {
    return this.with({ limit: limit === null ? null : toExpr(limit, 'argument 1 of .limit()') });
  }

  offset(offset: number | bigint | ExpressionLike | Expr | null): SelectQuery<DB, F, O> {
    return this.with({ offset: offset === null ? null : toExpr(offset, 'argument 1 of .offset()') });
  }

  /** Makes the query a SELECT action with these options (merged with earlier ones); `{}` gives `OPTIONS ()`. */
  options(options: ActionOptions): SelectQuery<DB, F, O> {
    if (typeof options !== 'object' || options === null || Array.isArray(options)) {
      throw argumentError(`argument 1 of .options() must be an object { rows, useStrings, echo }, got ${describeValue(options)}`);
    }
    for (const key of Object.keys(options)) {
      if (!OPTION_KEYS.has(key)) throw argumentError(`argument 1 of .options() has an unknown option ${JSON.stringify(key)}; the options are rows, useStrings and echo`);
    }
    const prev = this.#props.action ?? { rows: null, useStrings: null, echo: null };
    return this.with({
      action: {
        rows: options.rows === undefined ? prev.rows : options.rows === null ? null : rowsText(options.rows),
        useStrings: options.useStrings === undefined ? prev.useStrings : toFlag(options.useStrings, 'useStrings of .options()'),
        echo: options.echo === undefined ? prev.echo : toFlag(options.echo, 'echo of .options()'),
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
    const name = (n: string): Expr => own(aliases.has(n) ? { kind: 'alias', name: n } : { kind: 'column', path: n });
    return own({
      kind: 'select',
      distinct: p.distinct,
      columns: p.columns,
      from: p.from,
      where: p.where,
      group: p.group.map((g) => (isPending(g) ? name(g.pending) : g)),
      having: p.having,
      order: p.order.map((o): OrderTerm => ('pending' in o ? own({ kind: 'order_term', e: name(o.pending), order: o.order }) : o)),
      limit: p.limit,
      offset: p.offset,
    });
  }

  /** The statement: a select object, or a SELECT action when `options()` was called. */
  toAst(): Query {
    const select = this.toSelectAst();
    const a = this.#props.action;
    const statement = a === null ? select : own<SelectAction>({ kind: 'select_action', select, rows: a.rows, useStrings: a.useStrings, echo: a.echo });
    // The spec's rules, as the parser and the JSON reader check them (src/spec/check.ts).
    return checkedStatement(statement);
  }

  /** The statement as dsq text (the printer, src/print). */
  toText(options?: PrintOptions): string {
    return print(this.toAst(), options);
  }

  /** The statement as the service's JSON (src/json `toJson`: short form, compact by default). */
  toJson(options?: ToJsonOptions): string {
    return toJson(this.toAst(), options);
  }

  /** As an expression: a scalar subquery (an error for a query with `.options(...)`). */
  asExpression<T = unknown>(): Expression<T> {
    return new Expression<T>({ kind: 'subquery', select: nestedSelect(this, 'the query of .asExpression()') });
  }

  /** As a source: a subquery source (to join, e.g. `table('a').join(q.asSource())`; an error for a query with `.options(...)`). */
  asSource(): SourceBuilder {
    return new SourceBuilder({ kind: 'select_source', select: nestedSelect(this, 'the query of .asSource()') });
  }
}

/** A query started from a statement dsq trusts (checked by `fromAst`, or parsed by the template). */
export function queryFromAst(statement: Query): SelectQuery<UntypedDatabase, UntypedFields, Record<string, unknown>> {
  const select = statement.kind === 'select_action' ? statement.select : statement;
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
