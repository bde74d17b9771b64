import type { Expr, JoinOp, Query, ResultColumn, Select, SelectAction, Source } from '../ast/index.js';
import { toJson, type ToJsonOptions } from '../json/index.js';
import { print, type PrintOptions } from '../print/index.js';
import { checkedStatement } from '../spec/check.js';
import { registerParts } from '../ast/checked.js';
import { QUERY, nestedSelect, queries, type ExpressionLike, type QueryLike } from './brand.js';
import { makeExpressionBuilder, type ExpressionBuilder } from './eb.js';
import { argumentError, assertSelectRules } from './errors.js';
import { Expression, type Ordered } from './expression.js';
import type { ScalarOf } from './functions.js';
import type { ColumnArg, CondArg, NameParams, WrongNameParams } from './type-messages.js';
import { compare, COMPARE_OPS, type CompareOp } from './compare.js';
import type { CheckSelect, Flatten, RowOfItems, SelectItem, SelectNames } from './row.js';
import type {
  Added,
  AliasParam,
  CompareParams,
  Cond,
  EntryOf,
  GroupTerms,
  IfRow,
  IsTyped,
  Joined,
  KeyOf,
  RefParams,
  ResultNames,
  RowCount,
  RowCountArg,
  ScalarColumn,
  SelectAllThis,
  WrongCompareParams,
  WrongGroupTerms,
  WrongRefParams,
  SourceParam,
  StarRowsOf,
  TableSources,
  TypeOfArg,
} from './query-types.js';
import {
  EMPTY_SELECT,
  made,
  madeStates,
  mergedOptions,
  orderEntry,
  resolvedSelect,
  resultAliases,
  selectedColumns,
  type ActionMark,
  type ActionOptions,
  type OptionsMark,
  type OptionsMessage,
  type State,
} from './query-state.js';
import { columnsOf, expandStar, sourceKeys, starColumns, type FieldLists } from './runtime-scope.js';
import type { AnyDb, Left, NamesOf, Opaque, StarRowOf, TypeOf, UntypedDb, View } from './query-scope.js';
import { SourceBuilder } from './sources.js';
import type { Expression_, ExprNode, Simplify, StringRow } from './typing.js';
import { own, toCondition, toExpr, toName, toSource } from './values.js';

export type { ActionMark, ActionOptions } from './query-state.js';

/**
 * An immutable select query. `O` is the result row, first so that a hover on a query reads
 * `SelectQuery<{ id: bigint; total: number }, ...>` (`RowType<typeof q>` is the row alone); `D`
 * the schema (`Db<Tables, Labels, Fields>`), `S` the query's sources by name (`{ o: 'orders';
 * c: Left<'customers'> }`), `P` the sources of the queries it is nested in (correlated
 * subqueries), `Star` whether the columns are `SELECT *` (the row then follows the sources),
 * `Str` the SELECT action (`ActionMark`: none, one, or one asking for strings, when `RowType`
 * is all strings). Every method returns a new query.
 */
export class SelectQuery<
  in out O = any,
  in out D extends AnyDb = any,
  in out S = any,
  in out P = any,
  in out Star extends boolean = any,
  in out Str extends ActionMark = any,
> implements QueryLike
{
  declare readonly __row?: O;
  declare readonly __db?: D;
  /** The value of this query used as a value (type-only). */
  declare readonly __scalar?: Str extends false ? ScalarColumn<O> : OptionsMessage;
  declare readonly __strings?: Str;
  readonly [QUERY] = true as const;
  readonly #state: State;

  /** Use `builder()` / `selectFrom()` / `fromAst()` to start a query. */
  constructor(state?: State) {
    if (state !== undefined && !madeStates.has(state)) {
      throw argumentError('new SelectQuery() takes no arguments: start a query with builder(), selectFrom(), query(), dsq`...` or fromAst(node)');
    }
    this.#state = Object.freeze(state ?? { select: EMPTY_SELECT, namedGroup: [], namedOrder: [], action: null, fields: null, built: true });
    queries.add(this);
    Object.freeze(this);
  }

  private with<S2 = S, O2 = O, Star2 extends boolean = Star, Str2 extends ActionMark = Str>(
    patch: Partial<Omit<Select, 'kind'>>,
    more: Partial<Omit<State, 'select'>> = {},
  ): SelectQuery<O2, D, S2, P, Star2, Str2> {
    const select = own<Select>({ ...this.#state.select, ...patch });
    return new SelectQuery<O2, D, S2, P, Star2, Str2>(made({ ...this.#state, ...more, select }));
  }

  private eb(): ExpressionBuilder<D, S, O, P> {
    return makeExpressionBuilder(this.#state.fields) as ExpressionBuilder<D, S, O, P>;
  }

  private cond(value: unknown, what: string): Expr {
    return toCondition(typeof value === 'function' ? (value as (eb: unknown) => unknown)(this.eb()) : value, what);
  }

  /** `SELECT DISTINCT` (or back to plain SELECT with `false`). */
  distinct(on = true): SelectQuery<O, D, S, P, Star, Str> {
    return this.with({ distinct: on });
  }

  /**
   * Adds result columns: column names (`'id'`, `'o.amount'`), `expr.as(alias)`, a column
   * expression, arrays of those, or a callback getting the expression builder and returning an
   * array. After `SELECT *` (no select yet, or `selectAll()`) the columns replace it. In a typed
   * query an expression needs a name (`.as()`), and no result name may come twice.
   */
  select<const N extends readonly string[]>(
    ...names: SelectNames<N, View<D, S, P>, Star extends true ? never : keyof O, IsTyped<D>>
  ): SelectQuery<Simplify<(Star extends true ? {} : O) & RowOfItems<View<D, S, P>, Flatten<N>>>, D, S, P, false, Str>;
  select<const A extends readonly SelectItem<ExpressionBuilder<D, S, O, P>>[]>(
    ...items: CheckSelect<A, View<D, S, P>, Star extends true ? never : keyof O, IsTyped<D>>
  ): SelectQuery<Simplify<(Star extends true ? {} : O) & RowOfItems<View<D, S, P>, Flatten<A>>>, D, S, P, false, Str>;
  select(...items: readonly unknown[]): SelectQuery<any, D, S, P, false, Str> {
    const added = selectedColumns(items as readonly unknown[], () => this.eb());
    const before = this.#state.select.columns;
    return this.with({ columns: before === 'all' ? added : [...before, ...added] }) as never;
  }

  /**
   * `SELECT *` (no arguments): replaces any result columns; the row is every field of the
   * sources (an error when two sources share a name: list them apart). With source names
   * (`selectAll('o')`), adds that source's fields as columns (`o.id, o.amount, ...`): this
   * needs the schema's field lists at run time, `builder<Schema>(SchemaFields)`.
   */
  selectAll<const K extends readonly TableSources<S>[] = []>(
    this: SelectAllThis<D, S, K>,
    ...sources: K
  ): K extends readonly []
    ? SelectQuery<Simplify<StarRowOf<D, S>>, D, S, P, true, Str>
    : SelectQuery<Simplify<(Star extends true ? {} : O) & StarRowsOf<D, S, K[number]>>, D, S, P, false, Str> {
    const self = this as unknown as SelectQuery<O, D, S, P, Star, Str>;
    const state = self.#state;
    if (sources.length === 0) return self.with({ columns: 'all' }) as never;
    const added: ResultColumn[] = [];
    (sources as readonly unknown[]).forEach((source, i) => {
      const name = toName(source, `argument ${i + 1} of .selectAll()`);
      for (const path of expandStar(state.select.from, name, state.fields, `argument ${i + 1} of .selectAll()`)) {
        added.push(own({ kind: 'result_column', e: own({ kind: 'column', path }), alias: null }));
      }
    });
    const before = state.select.columns;
    return self.with({ columns: before === 'all' ? added : [...before, ...added] }) as never;
  }

  /** Sets the FROM source (replacing any): a table of the schema (with an alias), a query (a subquery source), or a source builder. */
  from<const T extends string | SourceBuilder | QueryLike | Source, const A extends string = never>(
    source: SourceParam<T, D, {}, A>,
    alias?: T extends string ? A : never,
  ): SelectQuery<
    Star extends true ? Simplify<StarRowOf<D, { [K in KeyOf<T, A, {}>]: EntryOf<T> }>> : O,
    D,
    { [K in KeyOf<T, A, {}>]: EntryOf<T> },
    P,
    Star,
    Str
  > {
    return this.with({ from: toSource(source, alias ?? null, 'argument 1 of .from()') }) as never;
  }

  private joined(op: JoinOp, source: unknown, alias: unknown, method: string): SelectQuery<any, any, any, any, any, any> {
    const right = toSource(source, alias ?? null, `argument 1 of .${method}()`);
    const left = this.#state.select.from;
    if (left === null) throw argumentError(`.${method}() needs a FROM source first`);
    const taken = sourceKeys(left);
    for (const key of sourceKeys(right)) {
      if (taken.has(key)) {
        throw argumentError(`argument 1 of .${method}(): the source name "${key}" is already used in this query; give one of them an alias`);
      }
    }
    return this.with({ from: own({ kind: 'join', op, s1: left, s2: right }) });
  }

  /** `JOIN`: the joined source's fields come into scope (a name both sides have must then be qualified). */
  join<const T extends string | SourceBuilder | QueryLike | Source, const A extends string = never>(
    source: SourceParam<T, D, S, A>,
    alias?: T extends string ? AliasParam<A, S> : never,
  ): Joined<D, O, P, Star, Str, Added<S, T, A, EntryOf<T>>> {
    return this.joined('join', source, alias, 'join') as never;
  }

  innerJoin<const T extends string | SourceBuilder | QueryLike | Source, const A extends string = never>(
    source: SourceParam<T, D, S, A>,
    alias?: T extends string ? AliasParam<A, S> : never,
  ): Joined<D, O, P, Star, Str, Added<S, T, A, EntryOf<T>>> {
    return this.joined('inner', source, alias, 'innerJoin') as never;
  }

  /** `LEFT JOIN`: the joined fields may be null in result rows. */
  leftJoin<const T extends string | SourceBuilder | QueryLike | Source, const A extends string = never>(
    source: SourceParam<T, D, S, A>,
    alias?: T extends string ? AliasParam<A, S> : never,
  ): Joined<D, O, P, Star, Str, Added<S, T, A, Left<EntryOf<T>>>> {
    return this.joined('left', source, alias, 'leftJoin') as never;
  }

  leftOuterJoin<const T extends string | SourceBuilder | QueryLike | Source, const A extends string = never>(
    source: SourceParam<T, D, S, A>,
    alias?: T extends string ? AliasParam<A, S> : never,
  ): Joined<D, O, P, Star, Str, Added<S, T, A, Left<EntryOf<T>>>> {
    return this.joined('left_outer', source, alias, 'leftOuterJoin') as never;
  }

  crossJoin<const T extends string | SourceBuilder | QueryLike | Source, const A extends string = never>(
    source: SourceParam<T, D, S, A>,
    alias?: T extends string ? AliasParam<A, S> : never,
  ): Joined<D, O, P, Star, Str, Added<S, T, A, EntryOf<T>>> {
    return this.joined('cross', source, alias, 'crossJoin') as never;
  }

  private compared(args: readonly unknown[], method: string, names: 'column' | 'pending'): Expr {
    if (args.length === 1) return this.cond(args[0], `argument 1 of .${method}()`);
    if (args.length !== 3) throw argumentError(`.${method}() takes a condition, a callback, or (column, operator, value); got ${args.length} arguments`);
    const [left, op, value] = args;
    const e =
      typeof left === 'string' ? this.nameExpr(toName(left, `argument 1 (the column) of .${method}()`), names) : toExpr(left, `argument 1 of .${method}()`);
    return compare(e, op, value, method);
  }

  private nameExpr(name: string, names: 'column' | 'pending'): Expr {
    if (names === 'pending' && resultAliases(this.#state.select).has(name)) return own({ kind: 'alias', name });
    return own({ kind: 'column', path: name });
  }

  private anded(key: 'where' | 'having', e: Expr, op: 'and' | 'or'): SelectQuery<O, D, S, P, Star, Str> {
    const prev = this.#state.select[key];
    return this.with({ [key]: prev === null ? e : own({ kind: 'binary', op, e1: prev, e2: e }) });
  }

  /**
   * Adds a WHERE condition; several calls AND together (left fold, as `a AND b AND c` parses).
   * Takes a condition, a callback getting the expression builder (`({ col }) => col('a').gt(1)`),
   * or `(column, operator, value)`: `where('total', '>', 5)`, `where('status', 'in', ['a', 'b'])`.
   */
  where<const F extends string | Expression_<any> | ExprNode, const Op extends CompareOp, T = TypeOfArg<F, View<D, S, P>>>(
    ...args: CompareParams<F, Op, T, View<D, S, P>>
  ): SelectQuery<O, D, S, P, Star, Str>;
  where<const F extends string>(...args: WrongCompareParams<F, View<D, S, P>>): SelectQuery<O, D, S, P, Star, Str>;
  where<const C extends Cond<ExpressionBuilder<D, S, O, P>>>(condition: CondArg<C, 'where()', NamesOf<View<D, S, P>>>): SelectQuery<O, D, S, P, Star, Str>;
  where(...args: unknown[]): SelectQuery<O, D, S, P, Star, Str> {
    return this.anded('where', this.compared(args, 'where', 'column'), 'and');
  }

  /** ORs a condition onto the WHERE condition (`prev OR cond`); the same forms as `where`. */
  orWhere<const F extends string | Expression_<any> | ExprNode, const Op extends CompareOp, T = TypeOfArg<F, View<D, S, P>>>(
    ...args: CompareParams<F, Op, T, View<D, S, P>>
  ): SelectQuery<O, D, S, P, Star, Str>;
  orWhere<const F extends string>(...args: WrongCompareParams<F, View<D, S, P>>): SelectQuery<O, D, S, P, Star, Str>;
  orWhere<const C extends Cond<ExpressionBuilder<D, S, O, P>>>(condition: CondArg<C, 'orWhere()', NamesOf<View<D, S, P>>>): SelectQuery<O, D, S, P, Star, Str>;
  orWhere(...args: unknown[]): SelectQuery<O, D, S, P, Star, Str> {
    return this.anded('where', this.compared(args, 'orWhere', 'column'), 'or');
  }

  /** `WHERE a op b` between two columns: `whereRef('o.customer', '=', 'c.id')`; their types must compare. */
  whereRef<const L extends string, const R extends string, TL = TypeOf<View<D, S, P>, L>, TR = TypeOf<View<D, S, P>, R>>(
    ...args: RefParams<L, R, View<D, S, P>, NoInfer<TL>, NoInfer<TR>>
  ): SelectQuery<O, D, S, P, Star, Str>;
  whereRef<const L extends string, const R extends string>(...args: WrongRefParams<L, R, View<D, S, P>>): SelectQuery<O, D, S, P, Star, Str>;
  whereRef(left?: unknown, op?: unknown, right?: unknown): SelectQuery<O, D, S, P, Star, Str> {
    const e = compare(
      own({ kind: 'column', path: toName(left, 'argument 1 of .whereRef()') }),
      op,
      own({ kind: 'column', path: toName(right, 'argument 3 of .whereRef()') }),
      'whereRef',
    );
    return this.anded('where', e, 'and');
  }

  /** Adds GROUP BY terms: names (a result alias of this select if one has that name, else a column) or expressions. */
  groupBy<const T extends readonly (string | ExpressionLike | ExprNode)[]>(
    ...terms: GroupTerms<T, View<D, S, P, ResultNames<O, Star>>>
  ): SelectQuery<O, D, S, P, Star, Str>;
  groupBy<const T extends readonly (string | ExpressionLike | ExprNode)[]>(
    ...terms: WrongGroupTerms<T, View<D, S, P, ResultNames<O, Star>>>
  ): SelectQuery<O, D, S, P, Star, Str>;
  groupBy(...terms: readonly unknown[]): SelectQuery<O, D, S, P, Star, Str> {
    const group = [...this.#state.select.group];
    const named = [...this.#state.namedGroup];
    (terms as readonly unknown[]).forEach((t, i) => {
      const what = `argument ${i + 1} of .groupBy()`;
      group.push(typeof t === 'string' ? own({ kind: 'column', path: toName(t, what) }) : toExpr(t, what));
      named.push(typeof t === 'string');
    });
    return this.with({ group }, { namedGroup: named });
  }

  /** Adds a HAVING condition; several calls AND together. The same forms as `where`; a name may be a result alias. */
  having<const F extends string | Expression_<any> | ExprNode, const Op extends CompareOp, T = TypeOfArg<F, View<D, S, P, ResultNames<O, Star>>>>(
    ...args: CompareParams<F, Op, T, View<D, S, P, ResultNames<O, Star>>>
  ): SelectQuery<O, D, S, P, Star, Str>;
  having<const F extends string>(...args: WrongCompareParams<F, View<D, S, P, ResultNames<O, Star>>>): SelectQuery<O, D, S, P, Star, Str>;
  having<const C extends Cond<ExpressionBuilder<D, S, O, P>>>(
    condition: CondArg<C, 'having()', NamesOf<View<D, S, P, ResultNames<O, Star>>>>,
  ): SelectQuery<O, D, S, P, Star, Str>;
  having(...args: unknown[]): SelectQuery<O, D, S, P, Star, Str> {
    return this.anded('having', this.compared(args, 'having', 'pending'), 'and');
  }

  /**
   * Adds an ORDER BY term: a name (a result alias of this select if one has that name when the
   * query is built, else a column), an expression, or `expr.asc()/.desc()`.
   */
  orderBy<const N extends string | ExpressionLike | ExprNode | Ordered>(
    ...args: string extends N
      ? [term: NamesOf<View<D, S, P, ResultNames<O, Star>>> | ExpressionLike | ExprNode | Ordered, direction?: 'asc' | 'desc']
      : [N] extends [string]
        ? NameParams<N, NamesOf<View<D, S, P, ResultNames<O, Star>>>, [term: N, direction?: 'asc' | 'desc'], []>
        : [term: N, direction?: 'asc' | 'desc']
  ): SelectQuery<O, D, S, P, Star, Str>;
  orderBy<const N extends string>(
    ...args: WrongNameParams<
      N,
      NamesOf<View<D, S, P, ResultNames<O, Star>>>,
      [term: ColumnArg<N, View<D, S, P, ResultNames<O, Star>>>, direction?: 'asc' | 'desc']
    >
  ): SelectQuery<O, D, S, P, Star, Str>;
  orderBy(term?: unknown, direction: unknown = 'asc'): SelectQuery<O, D, S, P, Star, Str> {
    const entry = orderEntry(term, direction);
    const byName = typeof term === 'string';
    return this.with({ order: [...this.#state.select.order, entry] }, { namedOrder: [...this.#state.namedOrder, byName] });
  }

  /** LIMIT: a whole number, not negative (a negative or fractional literal is a compile error; any other breach a `DsqError` from `toAst()`, code `invalid-limit`). */
  limit<const N extends RowCount>(limit: RowCountArg<N, 'LIMIT'>): SelectQuery<O, D, S, P, Star, Str> {
    return this.with({ limit: limit === null ? null : toExpr(limit, 'argument 1 of .limit()') });
  }

  /** OFFSET: as LIMIT. */
  offset<const N extends RowCount>(offset: RowCountArg<N, 'OFFSET'>): SelectQuery<O, D, S, P, Star, Str> {
    return this.with({ offset: offset === null ? null : toExpr(offset, 'argument 1 of .offset()') });
  }

  /**
   * Makes the query a SELECT action with these options (merged with earlier ones); `{}` gives
   * `OPTIONS ()`. With `useStrings: true` every value of `RowType` is a string (null stays null).
   * Its type records the action: it is then no longer a subquery, IN list or FROM source.
   */
  options<const Opt extends ActionOptions>(options: Opt): SelectQuery<O, D, S, P, Star, OptionsMark<Str, Opt['useStrings']>> {
    const action = mergedOptions(this.#state.action, options);
    return this.with({}, { action }) as never;
  }

  /** Back to a plain select object (drops the SELECT action options). */
  withoutOptions(): SelectQuery<O, D, S, P, Star, false> {
    return this.with({}, { action: null });
  }

  /**
   * Applies `build` when `condition` holds, without breaking the chain. Columns it adds are
   * optional in the row; when it replaces `SELECT *` (or selects all), the row is one or the other.
   */
  $if<O2, Star2 extends boolean, Str2 extends ActionMark>(
    condition: boolean,
    build: (query: SelectQuery<O, D, S, P, Star, Str>) => SelectQuery<O2, D, S, P, Star2, Str2>,
  ): SelectQuery<IfRow<O, Star, O2, Star2>, D, S, P, Star extends true ? (Star2 extends true ? true : false) : false, Str | Str2> {
    return (condition ? build(this) : this) as never;
  }

  /** Calls `fn` with this query and returns what it returns (reusable query pieces). */
  $call<R>(fn: (query: SelectQuery<O, D, S, P, Star, Str>) => R): R {
    return fn(this);
  }

  /** The select object, with ORDER BY / GROUP BY names resolved against this select's aliases. */
  toSelectAst(): Select {
    return resolvedSelect(this.#state);
  }

  /** The statement: a select object, or a SELECT action when `options()` was called. */
  toAst(): Query {
    const select = this.toSelectAst();
    const a = this.#state.action;
    const statement = a === null ? select : own<SelectAction>({ kind: 'select_action', select, rows: a.rows, useStrings: a.useStrings, echo: a.echo });
    // The spec's rules, as the parser and the JSON reader check them (src/spec/check.ts); a
    // query the builder started, also lint's checks of its selects (src/spec/select-checks.ts:
    // aggregates, grouping, LIMIT), so what it builds is what lint accepts.
    const checked = checkedStatement(statement);
    return this.#state.built ? assertSelectRules(checked) : checked;
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
  asExpression(): Expression<ScalarOf<this>> {
    return new Expression({ kind: 'subquery', select: nestedSelect(this, 'the query of .asExpression()') });
  }

  /** As a source: a subquery source (to join, e.g. `table('a').join(q.asSource())`; an error for a query with `.options(...)`). */
  asSource(): SourceBuilder {
    return new SourceBuilder({ kind: 'select_source', select: nestedSelect(this, 'the query of .asSource()') });
  }

  /** The result names this query's JSON implies, in order (`SELECT *` lists the sources' fields: it needs the field lists). */
  resultNames(): (string | null)[] {
    const { select, fields } = this.#state;
    return select.columns === 'all' ? starColumns(select.from, fields) : columnsOf(select.columns);
  }
}

/** A query read from JSON, text or an AST: untyped, its columns unknown. */
export type UntypedQuery = SelectQuery<Record<string, unknown>, UntypedDb, { '(source)': Opaque }, {}, false, ActionMark>;

/** A query started from a statement dsq checked (by `fromAst`, the parser or the template; src/ast/checked.ts). */
export function queryFromAst(statement: Query): UntypedQuery {
  // The query replaces parts of the statement call by call: each part is taken as checked.
  registerParts(statement);
  const select = statement.kind === 'select_action' ? statement.select : statement;
  return new SelectQuery(
    made({
      select,
      namedGroup: select.group.map(() => false),
      namedOrder: select.order.map(() => false),
      action: statement.kind === 'select_action' ? { rows: statement.rows, useStrings: statement.useStrings, echo: statement.echo } : null,
      fields: null,
      built: false,
    }),
  ) as never;
}

/** A new query over the given source, with the builder's field lists. */
export function startQuery(fields: FieldLists | null, from: Source | null): SelectQuery<any, any, any, any, any, any> {
  return new SelectQuery(
    made({ select: from === null ? EMPTY_SELECT : own<Select>({ ...EMPTY_SELECT, from }), namedGroup: [], namedOrder: [], action: null, fields, built: true }),
  );
}

export { COMPARE_OPS, type CompareOp };

/** The result row type of a query: `RowType<typeof q>` (all strings with `options({ useStrings: true })`). */
export type RowType<Q> = Q extends SelectQuery<infer O, any, any, any, any, infer Str> ? (Str extends true ? StringRow<O> : O) : never;
