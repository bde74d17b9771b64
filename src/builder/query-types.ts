import type { ExpressionLike } from './brand.js';
import type { CompareOp, CompareValue } from './compare.js';
import type { TooManyColumns } from './functions.js';
import type { ColumnArg, ListOf, NameArg, NameParams, RefCompareMessage, WrongNameParams } from './type-messages.js';
import type { Sorted } from './sort.js';
import type { SelectQuery } from './query.js';
import type { HasTypedName, IsTypedName } from './row.js';
import type { ActionMark } from './query-state.js';
import type {
  AnyDb,
  AnyView,
  Derived,
  FreshKey,
  HoldersOf,
  Left,
  NamesOf,
  Opaque,
  SharedStarNames,
  SourceKey,
  StarRow,
  StarRowOf,
  TableName,
  TypeOf,
} from './query-scope.js';
import type { Comparable, Condition, ExprNode, Expression_, IsAny, Numeric, PlainText, Simplify, UnionToIntersection } from './typing.js';

/**
 * The types `SelectQuery`'s methods compute (query.ts): what a source, a condition, a GROUP BY
 * term or a comparison may be, and the row after a join, `selectAll` or `$if`. Type-only.
 */

/** True unless the database type is the untyped one (then every name is allowed). */
export type IsTyped<D extends AnyDb> = string extends keyof D['tables'] ? false : true;

/** The value a query used as a value yields: its one column's type (any when untyped). */
export type ScalarColumn<O> = string extends keyof O
  ? any
  : [keyof O] extends [never]
    ? TooManyColumns
    : IsSingle<keyof O> extends true
      ? O[keyof O]
      : TooManyColumns;
export type IsSingle<K> = [K] extends [UnionToIntersection<K>] ? true : false;

/** A table or subquery a query may take as a source, checked: a table of the schema whose source name is not taken yet. */
export type SourceParam<T, D extends AnyDb, S, A> = T extends string
  ? NameArg<T, TableName<D>, 'table'> extends infer Checked
    ? string extends T
      ? Checked
      : [A] extends [never]
        ? T extends keyof S
          ? `the source name "${T}" is already used in this query: give this one an alias`
          : Checked
        : Checked
    : never
  : T;
export type AliasParam<A, S> = A extends keyof S ? `the source name "${A & string}" is already used in this query: choose another alias` : A;

/** The entry a source adds to a query's sources. */
export type EntryOf<T> = T extends string ? T : T extends SelectQuery<infer O, any, any, any, any, any> ? Derived<O> : Opaque;
export type KeyOf<T, A, S> = T extends string ? SourceKey<T, A & string> : FreshKey<S>;
export type Added<S, T, A, E> = Simplify<S & { [K in KeyOf<T, A, S>]: E }>;

/**
 * A condition argument: a condition, or a callback getting the expression builder. What it is
 * (or returns) is checked by `CondArg`; plain values are in the constraint so that the error
 * names them rather than listing this union.
 */
export type Cond<EB> = Condition | ((eb: EB) => unknown) | string | number | bigint | boolean | null;

/** The value type of a name or expression in a view. */
export type TypeOfArg<F, V extends AnyView> = F extends string ? TypeOf<V, F> : F extends Expression_<infer T> ? T : any;

/** The sources of a query whose fields `selectAll(source)` can list (tables). */
export type TableSources<S> = { [K in keyof S]: S[K] extends string | Left<string> ? K : never }[keyof S] & string;

/** The query after a join: the sources grow; the row follows them under `SELECT *`. */
export type Joined<D extends AnyDb, O, P, Star extends boolean, Str extends ActionMark, S2> = SelectQuery<
  Star extends true ? Simplify<StarRowOf<D, S2>> : O,
  D,
  S2,
  P,
  Star,
  Str
>;

export type StarRowsOf<D extends AnyDb, S, K> = UnionToIntersection<K extends keyof S ? StarRow<D, S[K]> : never>;

export type SelectAllThis<D extends AnyDb, S, K extends readonly string[]> = K extends readonly []
  ? [SharedStarNames<D, S>] extends [never]
    ? unknown
    : StarClash<D, S, Sorted<SharedStarNames<D, S> & string>>
  : D['fields'] extends true
    ? unknown
    : `selectAll('${K[number]}') lists the fields of a source, which needs the schema's field lists at run time: builder<Schema>(SchemaFields)`;

/**
 * The error of `selectAll()` over sources that share a field name, with the way to keep both:
 * one source whole (`selectAll('c')`) and the other's column under an alias.
 */
type StarClash<D extends AnyDb, S, Names extends string[]> = Names extends [infer N extends string, ...string[]]
  ? Sorted<HoldersOf<D, S, N>> extends [infer A extends string, infer B extends string, ...string[]]
    ? `SELECT * would give ${ListOf<Names>} twice (two sources have it): to keep both, take one source whole and name the other's apart: .selectAll('${A}').select(({ col }) => [col('${B}.${N}').as('${B}_${N}')])`
    : never
  : never;

export type IfRow<O, Star extends boolean, O2, Star2 extends boolean> = Star extends true
  ? Star2 extends true
    ? O
    : O | O2
  : Star2 extends true
    ? O | O2
    : Simplify<O & Partial<Omit<O2, keyof O>>>;

/**
 * The result names GROUP BY, HAVING and ORDER BY may use beside columns: none under `SELECT *`
 * (a name there is a column, maybe ambiguous), and not a column selected only inside `$if`
 * (optional in the row: when the branch is not taken there is no such result column).
 */
export type ResultNames<O, Star extends boolean> = Star extends true ? {} : { [K in keyof O as {} extends Pick<O, K> ? never : K]: O[K] };

/**
 * `groupBy`'s terms, as two overloads (see `NameParams` in type-messages.ts): names of the
 * view and expressions (while a name is typed, the names in its place), else none; the second
 * overload (`WrongGroupTerms`) takes terms with a wrong name, each checked (its error names
 * the valid columns).
 */
export type GroupTerms<T extends readonly unknown[], V extends AnyView> =
  HasTypedName<T> extends true
    ? { [I in keyof T]: IsTypedName<T[I]> extends true ? NamesOf<V> | ExpressionLike | ExprNode : T[I] }
    : T extends readonly (NamesOf<V> | ExpressionLike | ExprNode)[]
      ? T
      : [];
export type WrongGroupTerms<T extends readonly unknown[], V extends AnyView> =
  HasTypedName<T> extends true
    ? []
    : T extends readonly (NamesOf<V> | ExpressionLike | ExprNode)[]
      ? []
      : { [I in keyof T]: T[I] extends string ? NoInfer<ColumnArg<T[I], V>> : T[I] };

/** `whereRef`'s parameters: two columns whose types compare (see `NameParams` in type-messages.ts). */
export type RefParams<L, R, V extends AnyView, TL, TR> = string extends L
  ? [left: NamesOf<V>, op: RefOp, right: NamesOf<V>]
  : string extends R
    ? [left: L, op: RefOp, right: NamesOf<V>]
    : IsIn<L | R, NamesOf<V>> extends true
      ? [left: L, op: RefOp, right: RefCompare<L, R, V, TL, TR>]
      : [];
/** `whereRef` with a wrong column name: the messages. */
export type WrongRefParams<L, R, V extends AnyView> = string extends L | R
  ? []
  : IsIn<L | R, NamesOf<V>> extends true
    ? []
    : [left: ColumnArg<L, V>, op: RefOp, right: ColumnArg<R, V>];
export type RefOp = Exclude<CompareOp, 'in' | 'not in' | 'is' | 'is not'>;
type IsIn<N, U> = [N] extends [U] ? true : false;

/** `whereRef`'s right-hand column: a column whose type (`TR`) compares with the left one's (`TL`). */
export type RefCompare<L, R, V extends AnyView, TL, TR> = string extends R
  ? ColumnArg<R, V>
  : R extends NamesOf<V>
    ? IsAny<TR> extends true
      ? R
      : NonNullable<TR> extends Comparable<TL>
        ? R
        : RefCompareMessage<L & string, R & string, TL, TR>
    : ColumnArg<R, V>;

/** What LIMIT and OFFSET take. */
export type RowCount = Numeric | Expression_<Numeric | null> | ExprNode | null;

/**
 * A LIMIT or OFFSET argument: a number literal that is negative or not whole is the message of
 * lint's invalid-limit (src/spec/select-checks.ts says it at run time of what the types cannot see).
 */
export type RowCountArg<N, Clause extends string> = N extends number | bigint
  ? `${N}` extends `-${string}`
    ? `${Clause} ${N} is negative; ${Clause} counts rows and must be 0 or more.`
    : `${N}` extends `${string}.${string}` | `${string}e-${string}`
      ? `${Clause} ${N} is not a whole number; ${Clause} counts rows.`
      : N
  : N;

/**
 * T as it is, where it must not be inferred from the argument (the value of `where(column, op,
 * value)` is checked against the column's type, never the other way). `NoInfer<T>` would do it,
 * but the compiler does not match a `NoInfer` of a union's branded member (`LocalDate | null`)
 * against the datetime marks, so a nullable date column took no value at all.
 */
export type Known<T> = [T] extends [infer U] ? U : never;

/** The operator argument: inferred as given, and one that fits the left side's type. */
export type OpParam<Op extends CompareOp, T> = Op extends CompareOpFor<T> ? Op : CompareOpFor<T>;

/** The operators a value of type T takes (LIKE / REGEXP only for text). */
export type CompareOpFor<T> =
  IsAny<T> extends true ? CompareOp : [NonNullable<T>] extends [PlainText] ? CompareOp : Exclude<CompareOp, 'like' | 'not like' | 'regexp' | 'not regexp'>;

/**
 * The parameters of `where(column, op, value)` and its kin: a valid column (or an expression)
 * with an operator its type takes and a value of its type; while the column is typed, the
 * column names. A wrong column name takes the second overload, `WrongCompareParams` (see
 * `NameParams` in type-messages.ts).
 */
export type CompareParams<F, Op extends CompareOp, T, V extends AnyView> = string extends F
  ? [left: NamesOf<V> | Expression_<any> | ExprNode, op: CompareOp, value: unknown]
  : [F] extends [string]
    ? NameParams<F, NamesOf<V>, [left: F, op: OpParam<Op, Known<T>>, value: CompareValue<Known<T>, Op>], []>
    : [left: F, op: OpParam<Op, Known<T>>, value: CompareValue<Known<T>, Op>];

/** `where(column, op, value)` with a wrong column name: its message (see `NameParams`). */
export type WrongCompareParams<F, V extends AnyView> = WrongNameParams<F, NamesOf<V>, [left: ColumnArg<F, V>, op: CompareOp, value: unknown]>;
