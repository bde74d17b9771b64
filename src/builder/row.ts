import type { ExpressionLike, QueryLike } from './brand.js';
import type { Aliased, ColumnExpression } from './expression.js';
import type { ColumnArg } from './type-messages.js';
import type { ActionMark } from './query-state.js';
import type { AnyView, LastSegment, NamesOf, TypeOf } from './query-scope.js';
import type { ExprNode, IsAny, Settled, StringRow } from './typing.js';

/**
 * Result-row typing: what a query's selections make its row. The row follows what the JSON
 * says: `select(...)` after `SELECT *` (the start, or `selectAll()`) replaces it; `selectAll()`
 * replaces any columns; each result column is named as the service names it (its alias, else
 * a column's last path segment). A selected expression with no name is an error in a typed
 * query (name it with `.as()`); two result columns of one name are an error (name one apart).
 */

/**
 * A plain result column: a name, an aliased expression, an expression, an AST expression node
 * (checked at run time), or a query (a scalar subquery). The node is one object type rather than
 * the `Expr` union (see `ExprNode`): the checks below distribute over this union.
 */
export type FlatItem = string | Aliased<string, any> | ExpressionLike | ExprNode | QueryLike;

/** What `select` takes: result columns, arrays of them, or a callback returning them. */
export type SelectItem<EB> = FlatItem | readonly FlatItem[] | ((eb: EB) => readonly [FlatItem, ...FlatItem[]]);

/** The result name of a result column (`never` when it has none). */
export type ItemName<I> = I extends string ? LastSegment<I> : I extends Aliased<infer N, any> ? N : I extends ColumnExpression<any, infer N> ? N : never;

/** The value type of a result column. */
type ItemValue<I, V extends AnyView> = I extends string
  ? Settled<TypeOf<V, I>>
  : I extends Aliased<string, infer T>
    ? Settled<T>
    : I extends ColumnExpression<infer T, string>
      ? Settled<T>
      : unknown;

/** The result columns of a `select` call's arguments, flattened (arrays and callbacks opened). */
export type Flatten<A> = A extends readonly [infer H, ...infer R]
  ? [...FlattenOne<H>, ...Flatten<R>]
  : A extends readonly []
    ? []
    : A extends readonly (infer E)[]
      ? FlattenOne<E>[number][]
      : [];
type FlattenOne<H> = H extends readonly unknown[] ? Flatten<H> : H extends (eb: any) => infer R ? Flatten<R> : [H];

/**
 * The row a list of result columns makes, its keys in select order (a hover lists them so: the
 * compiler orders a union's members as it made them, so the keys are mapped from the tuple's
 * indexes, in order, rather than from the union of the columns; an array of unknown length has
 * no order to keep).
 * Unnamed ones (untyped queries only) make an index signature.
 */
export type RowOfItems<V extends AnyView, Items extends readonly unknown[]> = (number extends Items['length']
  ? { [I in Items[number] as ItemName<I>]: ItemValue<I, V> }
  : { [I in keyof Items & `${number}` as ItemName<Items[I]>]: ItemValue<Items[I], V> }) &
  ([Exclude<Items[number], Named>] extends [never] ? {} : { [name: string]: unknown });
type Named = string | Aliased<string, any> | ColumnExpression<any, string>;

/** A row read with `use_strings` when `Str` is true. */
export type Strings<Row, Str extends ActionMark> = Str extends true ? StringRow<Row> : Row;

type Count<T extends readonly unknown[], K, N extends unknown[] = []> = T extends readonly [infer H, ...infer R]
  ? Count<R, K, [H] extends [K] ? ([K] extends [H] ? [...N, H] : N) : N>
  : N['length'];

/** The result names of the flattened arguments, in order. */
type Names<F extends readonly unknown[]> = { [I in keyof F]: ItemName<F[I]> };

export type DuplicateMessage<N extends string> = `duplicate result name "${N}": two result columns would be named so; name one apart with .as('...')`;
export type ExistingMessage<N extends string> =
  `duplicate result name "${N}": the query already has a result column named so; name this one apart with .as('...')`;
export type UnnamedMessage = "a selected expression needs a result name: add .as('name') (a column is named after itself)";

/**
 * The check of one `select` argument (and, inside arrays and callbacks, of each result
 * column): a column name must be one of the query's (`ColumnArg`), every result column of a
 * typed query needs a name, and no name may come twice or repeat one the row has.
 */
type CheckItem<T, V extends AnyView, Keys, AllNames extends readonly unknown[], Typed extends boolean> = T extends string
  ? string extends T
    ? ColumnArg<T, V>
    : T extends NamesOf<V>
      ? NameClash<T, LastSegment<T>, Keys, AllNames>
      : ColumnArg<T, V>
  : T extends readonly unknown[]
    ? { [I in keyof T]: CheckItem<T[I], V, Keys, AllNames, Typed> }
    : T extends (eb: infer E) => infer R
      ? (eb: E) => CheckItem<R, V, Keys, AllNames, Typed>
      : ItemName<T> extends infer N extends string
        ? [N] extends [never]
          ? Typed extends true
            ? UnnamedMessage
            : T
          : NameClash<T, N, Keys, AllNames>
        : T;

type NameClash<T, N extends string, Keys, AllNames extends readonly unknown[]> = string extends N
  ? T
  : N extends Keys
    ? ExistingMessage<N>
    : Count<AllNames, N> extends 0 | 1
      ? T
      : DuplicateMessage<N>;

/** The checked parameter list of `select`. `Keys`: the names the row has already (never after `SELECT *`). */
export type CheckSelect<A extends readonly unknown[], V extends AnyView, Keys, Typed extends boolean> =
  Names<Flatten<A>> extends infer AllNames extends readonly unknown[] ? { [I in keyof A]: CheckItem<A[I], V, Keys, AllNames, Typed> } : never;

/**
 * True when an argument is a name not known as a literal: being typed in an editor (which asks
 * with the argument left out of inference: its type is then `any`), or a `string`.
 */
export type IsTypedName<T> = IsAny<T> extends true ? true : string extends T ? true : false;
/** True when one of the arguments is a name not known as a literal (`IsTypedName`). */
export type HasTypedName<T extends readonly unknown[]> = true extends { [I in keyof T]: IsTypedName<T[I]> }[number] ? true : false;

/**
 * `select`'s first overload, for names only (see `NameParams` in type-messages.ts): the names
 * when each is one of the view's and no result name comes twice; while one is typed, the view's
 * names in its place; else no parameters, so that the second overload (every kind of result
 * column, `CheckSelect`) reports the mistake. Names of unknown number (an array spread): none.
 */
export type SelectNames<N extends readonly string[], V extends AnyView, Keys, Typed extends boolean> = number extends N['length']
  ? []
  : HasTypedName<N> extends true
    ? { [I in keyof N]: IsTypedName<N[I]> extends true ? NamesOf<V> : N[I] }
    : N extends CheckSelect<N, V, Keys, Typed>
      ? N
      : [];
