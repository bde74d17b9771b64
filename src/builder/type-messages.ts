import type { AnyView, EntryColumns, HoldersOf, IsUnion, LastSegment, NamesOf, SharedNames } from './query-scope.js';
import type { QueryLike } from './brand.js';
import type { Sorted } from './sort.js';
import type { Condition, DsqTypeMark, Expression_, IsAny, RecordAttributes } from './typing.js';

/**
 * Type-level error messages. A name argument is typed `NameArg<N, Valid, Msg>`: a valid name
 * is itself; an invalid one turns the parameter into a string literal that says what is wrong
 * and lists the valid names, so the compiler's error reads as one short sentence:
 *
 *     Argument of type '"emial"' is not assignable to parameter of type
 *     '"no column \"emial\" in this query; the columns are: id, name, region, ..."'.
 *
 * While a name is being typed (the argument is not a literal yet, or is `''`) the parameter is
 * the union of valid names, so the editor completes them. Messages are computed only on the error path.
 */

/** Up to `Max` members of a string union, sorted (sort.ts), each followed by `Suffix`, joined by ", " (then "… (N more)"). */
export type List<U extends string, Max extends number = 40, Suffix extends string = ''> = ListOf<Sorted<U>, Max, Suffix>;

/** Up to `Max` names of a list, each followed by `Suffix`, joined by ", " (then "… (N more)"). */
export type ListOf<T extends string[], Max extends number = 40, Suffix extends string = '', Acc extends string = '', Count extends unknown[] = []> = T extends [
  infer H extends string,
  ...infer R extends string[],
]
  ? Count['length'] extends Max
    ? `${Acc}, … (${T['length']} more)`
    : ListOf<R, Max, Suffix, Acc extends '' ? `${H}${Suffix}` : `${Acc}, ${H}${Suffix}`, [...Count, H]>
  : Acc;

/**
 * A name argument: the name when valid; while typing, the valid names (completions); else the
 * message of kind `K` about it (`X` is what the message needs). The message is built only in
 * the false branch, so a valid name costs one union lookup.
 *
 * Cost: the compiler instantiates a generic parameter type's branches with `N` still generic
 * (the constraint of the contextual type of a literal argument), so a message must not hold a
 * list computed from concrete types alone: each `List<...>` here depends on `N`
 * (`Exclude<Names, N>`), which keeps it deferred until a wrong name makes it concrete. Without
 * that, every valid name paid for listing all the names (~50,000 instantiations a call).
 * The message is also `NoInfer`: inferring a call's type arguments walks both branches of
 * every conditional type in a parameter (looking for places to infer from), and walked into
 * the message with `N` generic (the lists' `Exclude<Names, N>`, `HoldersOf`: about 1,300
 * instantiations of a `select` on a join, a third of the query's cost).
 */
export type NameArg<N, Valid extends string, K extends MessageKind, X = never> = string extends N
  ? Valid
  : N extends Valid
    ? N
    : N extends ''
      ? Valid
      : NoInfer<MessageOf<K, N, X, Valid>>;

/**
 * A name parameter as two overloads, so that an editor completes names only and a wrong name is
 * still one sentence. An editor asks a call's parameter types twice while a name is typed: with
 * the argument left out of inference (`N` is `string`), and with it (`N` is the partial word,
 * a wrong name); it lists every string literal of both. So the first overload takes
 * `NameParams`: `Ok` for a valid name, `Typing` (the valid names in the name's place) while
 * `N` is no literal, and for a wrong name no parameters at all: that overload then fails for
 * its argument count, which the compiler does not report when another overload fails on an
 * argument, and which gives the editor no string to list. The second overload takes only a
 * wrong name (`WrongNameParams`, with `NameArg`'s message in the name's place); the editor
 * never sees it instantiated, and its error is the one the compiler reports.
 */
export type NameParams<N, Valid extends string, Ok extends unknown[], Typing extends unknown[]> = string extends N
  ? Typing
  : IsIn<N, Valid> extends true
    ? Ok
    : [];

/** The second overload's parameters (see `NameParams`): `Wrong` for a wrong name, else none. */
export type WrongNameParams<N, Valid extends string, Wrong extends unknown[]> = string extends N ? [] : IsIn<N, Valid> extends true ? [] : Wrong;

/** True when N is one of U (a check of N itself would narrow N in its branch to `N & U`). */
type IsIn<N, U> = N extends U ? true : false;

export type MessageKind = 'column' | 'table' | 'ref';
type MessageOf<K extends MessageKind, N, X, Valid extends string> = K extends 'column'
  ? X extends AnyView
    ? ColumnMessage<N, X>
    : never
  : K extends 'table'
    ? TableMessage<N, Valid>
    : RefMessage<N, Valid>;

/** The error for a name of a view (columns, and result aliases where they may be named). */
export type ColumnMessage<N, V extends AnyView> = N extends string
  ? HoldersOf<V['d'], V['s'], N> extends infer H extends string
    ? IsUnion<H> extends true
      ? `"${N}" is ambiguous: more than one source has it (${List<H>}); qualify it: ${List<H, 40, `.${N}`>}`
      : [NamesOf<V>] extends [never]
        ? `no column "${N}": this query has no source yet`
        : `no column "${N}" in this query; the columns are: ${ListedNames<V, N>}`
    : never
  : 'a column name (a string)';

/**
 * The names an error lists, sorted: the plain ones, then qualified the ones two sources share
 * (record attributes left out: always valid, listed in the docs); the closest to `N` first.
 */
type ListedNames<V extends AnyView, N> = ListedOf<Exclude<PlainNames<V>, N>, Exclude<SharedQualified<V>, N>, N>;
/** Two unions of names listed one after the other, each sorted. */
type ListedOf<Plain extends string, Qualified extends string, N> =
  Sorted<Plain> extends infer P extends string[] ? (Sorted<Qualified> extends infer Q extends string[] ? ListOf<ClosestFirst<[...P, ...Q], N>> : never) : never;

/**
 * A list of names with the ones closest to a wrong name `N` first: those whose last segment
 * starts with the first two letters of `N`'s (case aside), then with its first letter, then the
 * rest, each part in the list's order. tsc cuts a long type in an error message (at about 320
 * characters): on a big schema the names a misspelling meant still show.
 */
export type ClosestFirst<L extends string[], N> = N extends string
  ? Lowercase<LastSegment<N>> extends `${infer A}${infer B}${string}`
    ? Split<L, `${A}${B}`> extends [infer T1 extends string[], infer R1 extends string[]]
      ? Split<R1, A> extends [infer T2 extends string[], infer R2 extends string[]]
        ? [...T1, ...T2, ...R2]
        : L
      : L
    : Lowercase<LastSegment<N>> extends `${infer A}${string}`
      ? Split<L, A> extends [infer T1 extends string[], infer R1 extends string[]]
        ? [...T1, ...R1]
        : L
      : L
  : L;
/** The names of a list whose last segment starts with `Prefix` (case aside), and the others, in order. */
type Split<L extends string[], Prefix extends string, In extends string[] = [], Out extends string[] = []> = L extends [
  infer H extends string,
  ...infer R extends string[],
]
  ? Lowercase<LastSegment<H>> extends `${Prefix}${string}`
    ? Split<R, Prefix, [...In, H], Out>
    : Split<R, Prefix, In, [...Out, H]>
  : [In, Out];
type PlainNames<V extends AnyView> = Exclude<NamesOf<V>, `${string}.${string}` | keyof RecordAttributes>;
type SharedQualified<V extends AnyView> =
  Exclude<SharedNames<V['d'], V['s']>, keyof RecordAttributes> extends infer Shared extends string
    ? { [K in HoldersOf<V['d'], V['s'], Shared>]: `${K}.${Shared & keyof EntryColumnsOf<V, K>}` }[HoldersOf<V['d'], V['s'], Shared>]
    : never;
type EntryColumnsOf<V extends AnyView, K> = K extends keyof V['s'] ? EntryColumns<V['d'], V['s'][K]> : never;

/**
 * The error for `whereRef(left, op, right)` when the right column's type (`TR`) does not
 * compare with the left one's (`TL`): both names with their types. (A list of the columns
 * that would compare cost ~1,900 instantiations on every valid call: the compiler builds this
 * message while the right column's type is still being inferred.)
 */
export type RefCompareMessage<L extends string, R extends string, TL, TR> = `"${R}" (${ValueTypeName<TR>}) does not compare with "${L}" (${ValueTypeName<TL>})`;

/** A column name argument (checked against a view). */
export type ColumnArg<N, V extends AnyView> = NameArg<N, NamesOf<V>, 'column', V>;

/** The error for a table name. */
export type TableMessage<N, Tables extends string> = N extends string
  ? `no database "${N}" in the schema; the databases are: ${ListOf<ClosestFirst<Sorted<Exclude<Tables, `${string}@${string}` | N>>, N>>}`
  : 'a database name (a string)';

/** The error for an alias reference (`ref`). */
export type RefMessage<N, Names extends string> = N extends string
  ? [Names] extends [never]
    ? `no result column or source column "${N}" to reference: ref() names a result alias (select ....as(name)) or a column of the sources`
    : `no result column or source column "${N}" to reference; the names are: ${ListOf<ClosestFirst<Sorted<Exclude<Names, N>>, N>>}`
  : 'an alias name (a string)';

/** The result name of a column path: its last segment. */
export type ResultName<N extends string> = LastSegment<N>;

/**
 * A condition argument (`where`, `orWhere`, `having`, `.and()`, `.or()`, `and()`, `or()`,
 * `not()`): a condition, or (`EB`: where a callback is taken) a callback returning one. What
 * is not a condition turns the parameter (or the callback's return type) into a sentence
 * saying so and what it got, so the compiler's error is one line at the offending expression:
 *
 *     Type 'ColumnExpression<number, "total">' is not assignable to type
 *     '"where() needs a condition (a comparison, or a boolean column or expression), got number"'.
 */
export type CondArg<C, Where extends string, Names extends string = never> = string extends C
  ? [C] extends [string]
    ? ConditionMessage<Where, C>
    : // Not inferred (an editor asking while a column name is typed, `where('to`): the names, never a message.
      Names | Exclude<C, string | number | bigint | boolean | null>
  : CondArgOf<C, Where>;
type CondArgOf<C, Where extends string> = C extends (eb: infer E) => infer R
  ? [R] extends [Condition]
    ? C
    : (eb: E) => ConditionMessage<Where, R>
  : C extends Condition
    ? C
    : ConditionMessage<Where, C>;

/** The expression a condition method is called on (`x.and(...)`, `x.not()`): a condition, else the message. */
export type CondSelf<S, Where extends string> = [S] extends [boolean | null] ? Expression_<S> : ConditionMessage<Where, Expression_<S>>;

/** A condition argument that takes no callback. */
export type CondValue<C, Where extends string> = C extends Condition ? C : ConditionMessage<Where, C>;

export type ConditionMessage<Where extends string, Got> = `${Where} needs a condition (a comparison, or a boolean column or expression), got ${Described<Got>}`;

/** What a value given for a condition is, in words. */
type Described<V> =
  IsAny<V> extends true
    ? 'an untyped value'
    : V extends Expression_<infer T>
      ? `${ValueTypeName<T>}`
      : V extends QueryLike
        ? 'a query (make it a condition: exists(q), col(...).in(q))'
        : V extends string
          ? 'a plain string'
          : V extends number | bigint
            ? 'a plain number'
            : V extends boolean
              ? 'a plain boolean (conditions are expressions: val(true), col(...).eq(...))'
              : V extends null | undefined
                ? `${V}`
                : 'a value that is not an expression';

/** The name of a value type: `number`, `text or null`, ... */
export type ValueTypeName<T> = [T] extends [null] ? 'null' : `${List<KindName<NonNullable<T>>>}${null extends T ? ' or null' : ''}`;
type KindName<T> = T extends boolean
  ? 'boolean'
  : T extends DsqTypeMark<infer K>
    ? K
    : T extends bigint
      ? 'bigint'
      : T extends number
        ? 'number'
        : T extends string
          ? 'text'
          : 'unknown';
