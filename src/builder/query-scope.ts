import type { RecordAttributes, NullableRow, UnionToIntersection, UntypedDatabase } from './typing.js';

/**
 * The names a typed query can use, computed from its sources. A query's sources are a small
 * map keyed by source name (the alias, else the table as written): `{ o: 'orders'; c:
 * Left<'customers'> }`, so that hovers stay short; rows are looked up in the database type
 * when needed. Every source contributes its fields, its field labels and the record
 * attributes, plainly (`amount`) and qualified by each of its qualifiers (`o.amount`; an
 * unaliased `sales.orders@trash` by `sales.orders@trash`, `sales.orders` and `orders`). A plain
 * name that two sources have is ambiguous: an error naming both, never an intersection of
 * their types. Computations are per query type and cached by the compiler.
 */

/**
 * The schema a typed builder checks against: tables (database path → field → type), labels,
 * whether field lists are known at run time, and the fields that have a default (database path
 * → union of field names, `dsq types` writes it as `<Name>Defaults`; the typed INSERT does not
 * require those).
 */
export interface Db<Tables = UntypedDatabase, Labels = {}, Fields extends boolean = false, Defaults = {}, Features = {}, Keys = {}> {
  readonly tables: Tables;
  readonly labels: Labels;
  readonly fields: Fields;
  readonly defaults: Defaults;
  /** Database path → the features its definition sets (`<Name>Features`); a database not in it: unknown, every feature allowed. */
  readonly features: Features;
  /** Database path → its key fields (`<Name>Keys`); a database not in it: unknown, any field allowed in `recordKey`. */
  readonly keys: Keys;
}
export type AnyDb = Db<any, any, boolean, any, any, any>;
export type UntypedDb = Db<UntypedDatabase, {}, false>;

/** A source on the right of a LEFT JOIN: its fields may be null. */
export interface Left<E> {
  readonly left: E;
}
/** A subquery source: its columns are the subquery's result columns (no qualifier: the spec gives it no alias). */
export interface Derived<Row> {
  readonly derived: Row;
}
/** A source whose columns are unknown (a system table, a database table, a source node). */
export interface Opaque {
  readonly opaque: true;
}

/** An entry of a query's sources: a table name (a key of the database type, maybe with `@table`), or one of the above. */
export type SourceEntry = string | Left<any> | Derived<any> | Opaque;

/** The tables of a database a table path may name after `@` (spec: the trash feature). */
export type DatabaseTable = 'records' | 'trash';

/** The table names `selectFrom`/`join` take: the database type's keys, with `@trash`/`@records`. */
export type TableName<D extends AnyDb> = (keyof D['tables'] & string) | `${keyof D['tables'] & string}@${DatabaseTable}`;

/** `orders@trash` → `orders`. */
export type DatabaseOf<T extends string> = T extends `${infer P}@${DatabaseTable}` ? P : T;

/** A table's fields. */
export type FieldsOf<D extends AnyDb, T extends string> = D['tables'][DatabaseOf<T>];

/** A table's label → field-name map. */
type LabelsOf<D extends AnyDb, T extends string> = DatabaseOf<T> extends keyof D['labels'] ? D['labels'][DatabaseOf<T>] : {};

/** Every name a table's column may be written with: fields, labels, record attributes. */
export type TableColumns<D extends AnyDb, T extends string> = string extends keyof FieldsOf<D, T>
  ? FieldsOf<D, T>
  : FieldsOf<D, T> & {
      readonly [L in keyof LabelsOf<D, T> as L extends keyof FieldsOf<D, T> ? never : L]: FieldsOf<D, T>[LabelsOf<D, T>[L] & keyof FieldsOf<D, T>];
    } & Omit<RecordAttributes, keyof FieldsOf<D, T>>;

/** What `SELECT *` gives for one source: a table's fields (not its attributes), a subquery's columns. */
export type StarRow<D extends AnyDb, E> =
  E extends Left<infer I>
    ? NullableRow<StarRow<D, I>>
    : E extends Derived<infer R>
      ? R
      : E extends string
        ? FieldsOf<D, E>
        : { readonly [name: string]: unknown };

/** The columns one source offers. */
export type EntryColumns<D extends AnyDb, E> =
  E extends Left<infer I>
    ? NullableRow<EntryColumns<D, I>>
    : E extends Derived<infer R>
      ? R
      : E extends string
        ? TableColumns<D, E>
        : { readonly [name: string]: any };

/** The last dot-separated segment of a path. */
export type LastSegment<P extends string> = P extends `${string}.${infer Rest}` ? LastSegment<Rest> : P;

/** The names a source's columns may be qualified with. */
export type Qualifiers<K extends string> = K extends `(${string}` ? never : K | DatabaseOf<K> | LastSegment<DatabaseOf<K>>;

type Row<D extends AnyDb, S, K extends keyof S> = EntryColumns<D, S[K]>;

/** The plain column names of sources S (with repeats across sources). */
type PlainNames<D extends AnyDb, S> = { [K in keyof S]: keyof Row<D, S, K> & string }[keyof S];
/** The qualified column names of sources S (`o.amount`). */
type QualifiedNames<D extends AnyDb, S> = { [K in keyof S & string]: `${Qualifiers<K>}.${keyof Row<D, S, K> & string}` }[keyof S & string];
/** The plain names two or more of the sources S have (ambiguous unqualified). */
export type SharedNames<D extends AnyDb, S> =
  IsUnion<keyof S> extends true
    ? { [K in keyof S]: keyof Row<D, S, K> & { [J in Exclude<keyof S, K>]: keyof Row<D, S, J> }[Exclude<keyof S, K>] }[keyof S] & string
    : never;
/** The names sources S offer: plain names only one has, and every qualified name. */
type OwnNames<D extends AnyDb, S> = (string extends PlainNames<D, S> ? string : Exclude<PlainNames<D, S>, SharedNames<D, S>>) | QualifiedNames<D, S>;

export type IsUnion<U> = [U] extends [UnionToIntersection<U>] ? false : true;

/** The field F of N qualified by one of Q (`o.amount` → `amount`). */
type QualifiedField<N, Q> = Q extends string ? (N extends `${Q}.${infer F}` ? F : never) : never;

/** The type of column N among sources S (never when none has it). */
type OwnType<D extends AnyDb, S, N> = OwnTypes<D, S, N>[keyof S] extends infer T ? T : never;
type OwnTypes<D extends AnyDb, S, N> = {
  [K in keyof S]: N extends keyof Row<D, S, K>
    ? Row<D, S, K>[N]
    : QualifiedField<N, Qualifiers<K & string>> extends infer F
      ? [F] extends [never]
        ? never
        : Row<D, S, K>[F & keyof Row<D, S, K>]
      : never;
};

/**
 * The column names a query may use: its own sources', then those of the queries it is nested
 * in (`P`, correlated subqueries) that its own do not shadow. A plain name two sources have is
 * not among them (it must be qualified).
 */
export type ColumnNames<D extends AnyDb, S, P> = [keyof P] extends [never]
  ? OwnNames<D, S>
  : OwnNames<D, S> | Exclude<OwnNames<D, P>, PlainNames<D, S> | `${Qualifiers<keyof S & string>}.${string}`>;

/** The type of column N (as `ColumnNames` resolves it). */
export type ColumnType<D extends AnyDb, S, P, N> = N extends OwnNames<D, S> ? OwnType<D, S, N> : OwnType<D, P, N>;

/** The sources (of S, else of P) that have the plain name N. */
export type HoldersOf<D extends AnyDb, S, N> = { [K in keyof S]: N extends keyof Row<D, S, K> ? K : never }[keyof S] & string;

/**
 * What a name may refer to in a clause: the columns of `S` (and `P`), and for `having`,
 * `orderBy`, `groupBy` and `ref` also the result aliases `O` so far (an alias wins).
 */
export interface View<D extends AnyDb, S, P, O = {}> {
  readonly d: D;
  readonly s: S;
  readonly p: P;
  readonly o: O;
}
export type AnyView = View<AnyDb, any, any, any>;

/** The names of a view. */
export type NamesOf<V extends AnyView> = (keyof V['o'] & string) | ColumnNames<V['d'], V['s'], V['p']>;
/** The type of name N in a view. */
export type TypeOf<V extends AnyView, N> = N extends keyof V['o'] ? V['o'][N] : ColumnType<V['d'], V['s'], V['p'], N>;

/** The sources of a query nested in one with sources S inside one with sources P. */
export type OuterOf<S, P> = [keyof P] extends [never] ? S : { [K in keyof S | keyof P]: K extends keyof S ? S[K] : P[K & keyof P] };

/** The unqualified result columns of `SELECT *` over sources S (a name several sources share: the union of their types). */
export type StarRowOf<D extends AnyDb, S> = [keyof S] extends [never]
  ? {}
  : IsUnion<keyof S> extends true
    ? { [K in keyof S]: StarRow<D, S[K]> } extends infer R
      ? { [N in { [K in keyof R]: keyof R[K] }[keyof R]]: { [K in keyof R]: N extends keyof R[K] ? R[K][N] : never }[keyof R] }
      : never
    : StarRow<D, S[keyof S]>;

/** Names of `SELECT *` that two sources share (each would come twice). */
export type SharedStarNames<D extends AnyDb, S> =
  IsUnion<keyof S> extends true
    ? { [K in keyof S]: keyof StarRow<D, S[K]> & { [J in Exclude<keyof S, K>]: keyof StarRow<D, S[J]> }[Exclude<keyof S, K>] }[keyof S] & string
    : never;

/** A source name not yet used among S, for a subquery source (which has no name of its own). */
export type FreshKey<S, K extends string = '(subquery)'> = K extends keyof S ? FreshKey<S, `${K}'`> : K;

/** The source name of a table given with an optional alias. */
export type SourceKey<T extends string, A extends string> = [A] extends [never] ? T : string extends A ? T : A;
