import type { Source } from '../ast/index.js';
import type { QueryLike } from './brand.js';
import { Expression, type ColumnExpression } from './expression.js';
import { and, caseOf, caseWhen, datetime, exists, fn, localDate, localDateTime, localTime, not, notExists, or, scalar } from './functions.js';
import type { ColumnArg, NameArg, NameParams, WrongNameParams } from './type-messages.js';
import { startQuery, type SelectQuery } from './query.js';
import type { FieldLists } from './runtime-scope.js';
import type { AnyDb, Derived, LastSegment, NamesOf, Opaque, OuterOf, SourceKey, StarRowOf, TableName, TypeOf, View } from './query-scope.js';
import type { SourceBuilder } from './sources.js';
import type { Simplify, ValueOf } from './typing.js';
import { toExpr, toName, toSource, type Value } from './values.js';

/**
 * The expression builder a typed query's callbacks get (Kysely's `eb`):
 * `where(({ col, fn, val }) => col('total').gt(val(5)))`. Its `col` and `ref` know the query's
 * sources (and, inside a subquery made with its `selectFrom`, those of the enclosing queries:
 * correlated subqueries), check names and give each expression its value type; the rest are
 * the package's expression helpers. The package-root `col`, `ref` and `fn` stay for untyped use:
 * their values are untyped (`any`), so they switch checking off where they are used.
 */
export interface ExpressionBuilder<D extends AnyDb, S, O, P> {
  /** A column of the query's sources, plain (`amount`) or qualified (`o.amount`); checked and typed. */
  col<const N extends string>(
    ...name: NameParams<N, NamesOf<View<D, S, P>>, [name: N], [name: NamesOf<View<D, S, P>>]>
  ): ColumnExpression<TypeOf<View<D, S, P>, N>, LastSegment<N>>;
  col<const N extends string>(
    ...name: WrongNameParams<N, NamesOf<View<D, S, P>>, [name: ColumnArg<N, View<D, S, P>>]>
  ): ColumnExpression<TypeOf<View<D, S, P>, N>, LastSegment<N>>;
  /** `ALIAS(name)`: a result column of this select (or a source column by its plain name); checked and typed. */
  ref<const N extends string>(
    ...name: NameParams<N, RefNames<D, S, O, P>, [name: N], [name: RefNames<D, S, O, P>]>
  ): ColumnExpression<TypeOf<View<D, S, P, O>, N>, N>;
  ref<const N extends string>(
    ...name: WrongNameParams<N, RefNames<D, S, O, P>, [name: NameArg<N, RefNames<D, S, O, P>, 'ref'>]>
  ): ColumnExpression<TypeOf<View<D, S, P, O>, N>, N>;
  /** A value as an expression (a literal): `val(5)` is a number, `val(new Date())` a datetime. */
  val<const V extends Value>(value: V): Expression<ValueOf<V>>;
  /** The same as `val`. */
  lit<const V extends Value>(value: V): Expression<ValueOf<V>>;
  /** Function calls: `fn.sum(col('total'))`, `fn.count(col('id'))`, `fn('MY_FN', ...)`. */
  readonly fn: typeof fn;
  readonly and: typeof and;
  readonly or: typeof or;
  readonly not: typeof not;
  readonly exists: typeof exists;
  readonly notExists: typeof notExists;
  readonly scalar: typeof scalar;
  readonly caseWhen: typeof caseWhen;
  readonly caseOf: typeof caseOf;
  readonly datetime: typeof datetime;
  readonly localDate: typeof localDate;
  readonly localTime: typeof localTime;
  readonly localDateTime: typeof localDateTime;
  /**
   * A subquery whose callbacks also see this query's sources (a correlated subquery):
   * `where(({ col, selectFrom }) => col('o.id').in(selectFrom('lines', 'l').select('l.order').where(...)))`.
   */
  selectFrom<const T extends string | SourceBuilder | QueryLike | Source, const A extends string = never>(
    source: T extends string ? NameArg<T, TableName<D>, 'table'> : T,
    alias?: T extends string ? A : never,
  ): SubqueryStart<D, T, A, OuterOf<S, P>>;
}

/** What `ref()` names: a result alias so far, or a plain column name of the sources. */
type RefNames<D extends AnyDb, S, O, P> = (keyof O & string) | Exclude<NamesOf<View<D, S, P>>, `${string}.${string}`>;

/** A query started inside another one (`eb.selectFrom`). */
type SubqueryStart<D extends AnyDb, T, A, P> = T extends string
  ? SelectQuery<Simplify<StarRowOf<D, { [K in SourceKey<T, A & string>]: T }>>, D, { [K in SourceKey<T, A & string>]: T }, P, true, false>
  : T extends SelectQuery<infer R, any, any, any, any, any>
    ? SelectQuery<R, D, { '(subquery)': Derived<R> }, P, true, false>
    : SelectQuery<{ [name: string]: unknown }, D, { '(source)': Opaque }, P, true, false>;

const cache = new WeakMap<FieldLists, object>();
let plain: object | null = null;

/** The runtime expression builder (the same for every query of a builder: the types do the scoping). */
export function makeExpressionBuilder(fields: FieldLists | null): object {
  const hit = fields === null ? plain : cache.get(fields);
  if (hit) return hit;
  const eb = Object.freeze({
    col: (name: unknown) => new Expression({ kind: 'column', path: toName(name, 'argument 1 (the column path) of col()') }),
    ref: (name: unknown) => new Expression({ kind: 'alias', name: toName(name, 'argument 1 (the alias name) of ref()') }),
    val: (value: unknown) => new Expression(toExpr(value, 'argument 1 of val()')),
    lit: (value: unknown) => new Expression(toExpr(value, 'argument 1 of lit()')),
    fn,
    and,
    or,
    not,
    exists,
    notExists,
    scalar,
    caseWhen,
    caseOf,
    datetime,
    localDate,
    localTime,
    localDateTime,
    selectFrom: (source: unknown, alias?: unknown) => startQuery(fields, toSource(source, alias ?? null, 'argument 1 of selectFrom()')),
  });
  if (fields === null) plain = eb;
  else cache.set(fields, eb);
  return eb;
}
