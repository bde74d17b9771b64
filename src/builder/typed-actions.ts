import type {
  AccessAction,
  CancelAction,
  CleanAction,
  ConcludeAction,
  DownloadPost,
  DownloadRecord,
  EchoAction,
  IfAction,
  PauseAction,
  RunAction,
  WaitAction,
} from '../ast/system-actions.js';
import type { IfConditionArg, SystemActionBuilder, TaskDefArg, TaskIdArg, TaskRefArg, WriteLike } from './system-builders.js';
import type {
  FetchCrons,
  FetchFollows,
  FetchKeys,
  FetchPrefDefs,
  FetchPrefs,
  FetchSeqs,
  DeleteAction,
  DisposeAction,
  FetchMultirecords,
  FetchPseudorecords,
  FetchRecords,
  InsertAction,
  ReplaceAction,
  RestoreAction,
  SetAction,
  TrashAction,
  UpdateAction,
} from '../ast/data-actions.js';
import type { Specifier } from '../ast/nodes.js';
import type { ToJsonOptions } from '../json/index.js';
import type { PrintOptions } from '../print/index.js';
import type { DelimitedArg } from './action-args.js';
import type { AdminBuilder, AlterValueBuilder, CreateGroupOptions, DropBuilder, JsonObjectArg, TypedAlterDatabase } from './admin-builders.js';
import type { DropDatabase, DropGroup, DropTeam, DropUser, SchemaAction, CreateDatabase, CreateGroup } from '../ast/admin-actions.js';
import type { EventArg, InstantArg, MicrosArg, StructCreateArg } from './struct-builders.js';
import type {
  StructBufferImport,
  StructCreate,
  StructEventClose,
  StructEventInsert,
  StructEventUpdate,
  StructMnAlias,
  StructMnEdit,
} from '../ast/struct-actions.js';
import type { AttributesArg, KeyedRecordsArg, Lacks, FeatureMessage, TrashDatabaseArg, TrashOption } from './action-features.js';
import type { ExpressionLike } from './brand.js';
import type {
  FetchLogsBuilder,
  FetchNotificationsBuilder,
  FetchPlainBuilder,
  FetchPostsBuilder,
  FetchTasksBuilder,
  FetchUserBuilder,
  FetchUsersBuilder,
  FetchUserSubscriptionsBuilder,
  Helpers,
  RecordsArg,
} from './action-creators.js';
import type { ExpressionBuilder } from './eb.js';
import type { Ordered } from './expression.js';
import type { ColumnArg, NameArg, NameParams, WrongNameParams } from './type-messages.js';
import type { RowType, SelectQuery } from './query.js';
import type { AnyDb, Derived, NamesOf, Opaque, View } from './query-scope.js';
import type { Comparable, Condition, DsqTypeMark, ExprNode, Expression_, IsAny, RecordAttributes, ScalarQuery, UntypedFields } from './typing.js';
import type { SpecArg } from './values.js';

/**
 * The types of the data action builders (issue 16) over a schema: `builder<Schema>(SchemaFields)`
 * gives `db.fetchRecords('orders')`, `db.insertInto('orders')`, `db.updateTable('orders')`, ...
 * whose database names, field names and values are checked against the schema, and whose fetch
 * results are typed records. The run-time objects are the untyped builders of action-creators.ts (the
 * same JSON); with the field lists they also reject unknown fields at run time (action-fields.ts).
 *
 * - INSERT, REPLACE, SET records (`InsertRecord`): every field that is not nullable and has no
 *   default (`<Name>Defaults` of `dsq types`, the spec's field `def`) is required; unknown fields
 *   are errors; each value fits its field (a literal of the field's type, an expression of it,
 *   `null` only for a nullable field). REPLACE and SET need the same fields as INSERT: the spec
 *   overwrites a duplicate entirely (unmentioned fields become null).
 * - UPDATE `.set(...)` (`SetValues`): any fields of the database, each value fitting it.
 * - FETCH RECORDS (`FetchedRecord`): the fields (or those `.fields([...])` keeps), the
 *   always-present `record_id` and `database_id`, the attributes (all when not filtered; those
 *   `.attributes([...])` keeps), `children` (child database name → child records) when children
 *   are on (the spec's default) and the database has child databases. `.count()` makes the
 *   result `{ count: number }` (`FetchResult`).
 * - Labels (`builder<Schema, SchemaLabels>(SchemaFields, SchemaFieldLabels)`): a record's keys
 *   and `.set()`'s may be labels (the spec: "field name or label"), which count for the field
 *   they label: a required field given by its label is given; a field given under its name and
 *   its label (or in the record and in its `expressions`) is an error naming both, as the lint
 *   rule field-set-twice says of text. `.values()` and `.set()` check the keys they are given
 *   (`CheckedRecord`, `CheckedSet`); `InsertRecord` is the plain record type, by field names.
 *
 * Untyped (`builder()`), every name and value is allowed and records are `{ [name]: any }`.
 */

/** The database names of a schema (its keys). */
export type DatabaseName<D extends AnyDb> = keyof D['tables'] & string;
/** A database's fields (any, for a database the schema does not name: an id, a specifier). */
export type FieldsOf<D extends AnyDb, T> = [T] extends [never] ? UntypedFields : T extends keyof D['tables'] ? D['tables'][T] : UntypedFields;
/** The field names of a database. */
export type FieldName<D extends AnyDb, T> = keyof FieldsOf<D, T> & string;
/** A database's field label → field name map (`<Name>Labels`; `{}` when it has none). */
type LabelsOf<D extends AnyDb, T> = T extends keyof D['labels'] ? D['labels'][T] : {};
/** The field a key of a record or of `.set()` gives: a field name, else the field a label names; never when it is neither. */
export type FieldOfKey<D extends AnyDb, T, K> = K extends keyof FieldsOf<D, T>
  ? K
  : K extends keyof LabelsOf<D, T>
    ? LabelsOf<D, T>[K] & keyof FieldsOf<D, T>
    : never;
/** The fields of a database that have a default (`<Name>Defaults`). */
type DefaultsOf<D extends AnyDb, T> = T extends keyof D['defaults'] ? D['defaults'][T] : never;

/** A database argument: a database of the schema (else the parameter's type is the message), or an id or specifier node (untyped). */
export type DatabaseArg<D extends AnyDb, T> = T extends string ? NameArg<T, DatabaseName<D>, 'table'> : T;
/** A database given other than by name: its fields are not known. */
type DatabaseRef = number | bigint | Specifier | ExpressionLike;

/** The sources the callbacks of an action on database T see. */
type SourcesOf<T> = T extends string ? { [K in T]: T } : { '(database)': Opaque };
/** The expression builder of an action's callbacks: `where(({ col }) => col('status').eq('open'))`, checked against the database. */
export type ActionEB<D extends AnyDb, T> = ExpressionBuilder<D, SourcesOf<T>, {}, {}>;
/** A condition argument of an action on database T. */
export type ActionCond<D extends AnyDb, T> = Condition | ((eb: ActionEB<D, T>) => Condition);

// ---------------------------------------------------------------------------------------
// Values written

/** The plain JavaScript values a field of type V takes (JSON holds datetimes as ISO text). */
type WriteLiteral<V> = V extends number | bigint
  ? number | bigint
  : V extends boolean
    ? boolean
    : V extends DsqTypeMark<'datetime'>
      ? string | Date
      : V extends string
        ? string
        : unknown;

/** An expression whose value fits a field of type V (`null` only when V may be null). */
export type WriteExpression<V> =
  IsAny<V> extends true ? any : Expression_<Comparable<NonNullable<V>> | (null extends V ? null : never)> | ScalarQuery<Comparable<NonNullable<V>>> | ExprNode;

/** A value written to a field of type V: a literal of its type, an expression of it, null when nullable. */
export type WriteValue<V> =
  IsAny<V> extends true ? any : unknown extends V ? unknown : WriteLiteral<NonNullable<V>> | WriteExpression<V> | (null extends V ? null : never);

/** The fields an inserted record must give: not nullable, no default. */
export type RequiredFields<D extends AnyDb, T> = {
  [K in keyof FieldsOf<D, T>]-?: K extends DefaultsOf<D, T>
    ? never
    : IsAny<FieldsOf<D, T>[K]> extends true
      ? never
      : null extends FieldsOf<D, T>[K]
        ? never
        : K;
}[keyof FieldsOf<D, T>] &
  string;

/** A binary object: an uploaded object id, or `{ type: 'text' | 'base64', content }`. */
export type FileArg = string | { readonly type: 'text' | 'base64'; readonly content: string };

/** What a record object holds besides its fields (the spec's record as written). */
interface RecordExtras<D extends AnyDb, T> {
  /** Computed fields (an expression value in the field itself goes here too). */
  readonly expressions?: { readonly [K in keyof FieldsOf<D, T>]?: WriteExpression<FieldsOf<D, T>[K]> };
  /** Only if the database has the file feature. */
  readonly file?: FileArg | null;
  /** Only if the database has the tag feature. */
  readonly tags?: readonly string[] | null;
}

/** A record of INSERT, REPLACE, SET: the required fields, any others, each value fitting its field. */
export type InsertRecord<D extends AnyDb, T> = {
  readonly [K in RequiredFields<D, T>]: WriteValue<FieldsOf<D, T>[K]>;
} & {
  readonly [K in Exclude<keyof FieldsOf<D, T>, RequiredFields<D, T>>]?: WriteValue<FieldsOf<D, T>[K]>;
} & RecordExtras<D, T>;

/** The keys of a record object that are not fields (`RECORD_PROPERTIES`). */
type RecordProperty = 'expressions' | 'file' | 'tags';
/** The keys X surely has (not optional): a key given. */
type GivenKeys<X> = { [K in keyof X]-?: {} extends Pick<X, K> ? never : K }[keyof X] & string;
/** The field keys of record X's base object, and of its `expressions`. */
type BaseKeys<X> = Exclude<GivenKeys<X>, RecordProperty>;
type ExpressionKeys<X> = X extends { readonly expressions: infer E } ? GivenKeys<E> : never;
/** The keys among `Others` that give field F. */
type KeysOfField<D extends AnyDb, T, Others, F> = Others extends unknown
  ? [FieldOfKey<D, T, Others>] extends [F]
    ? [F] extends [FieldOfKey<D, T, Others>]
      ? Others
      : never
    : never
  : never;
/** The message for field F given as K and as one of `Twice`. */
type GivenTwice<F, K, Twice> = `the field "${F & string}" is given twice: as "${K & string}" and as "${Twice & string}"`;
/**
 * What a key K of a record or `.set()` must hold: V (the value fits), or the message saying why
 * no value can. One field given under two keys is reported once: on its label (a name never
 * conflicts with itself), and on the `expressions` side of a record (`Before`: the keys that
 * give a field before K does, whatever K is).
 */
type KeyCheck<D extends AnyDb, T, K, Others, V, Before = never> = [FieldOfKey<D, T, K>] extends [never]
  ? `no field "${K & string}" in database "${T & string}"`
  : [KeysOfField<D, T, Before, FieldOfKey<D, T, K>>] extends [never]
    ? K extends keyof FieldsOf<D, T>
      ? V
      : [KeysOfField<D, T, Others, FieldOfKey<D, T, K>>] extends [never]
        ? V
        : GivenTwice<FieldOfKey<D, T, K>, K, KeysOfField<D, T, Others, FieldOfKey<D, T, K>>>
    : GivenTwice<FieldOfKey<D, T, K>, K, KeysOfField<D, T, Before, FieldOfKey<D, T, K>>>;
/** The required fields record X does not give (in the base object or `expressions`, by name or label). */
type MissingFields<D extends AnyDb, T, X> = Exclude<RequiredFields<D, T>, FieldOfKey<D, T, BaseKeys<X> | ExpressionKeys<X>>>;

/**
 * What `.values()` checks of a record X (inferred from the argument): each key a field's name or
 * label, each value fitting its field, no field given twice (under its name and its label, or in
 * the record and in its `expressions`: the spec's "either the base object or expressions, not
 * both"), every required field given (missing ones are "Property 'name' is missing").
 */
/** Every key a record or `.set()` of database T may name a field by: its names and labels. */
type FieldKeys<D extends AnyDb, T> = (keyof FieldsOf<D, T> | keyof LabelsOf<D, T>) & string;
/** The names and labels of the fields the keys `Given` do not give yet. */
type NotGiven<D extends AnyDb, T, Given> = { [K in FieldKeys<D, T>]: [FieldOfKey<D, T, K>] extends [FieldOfKey<D, T, Given>] ? never : K }[FieldKeys<D, T>];
/**
 * The fields not given yet, optional: what an editor completes in a record or `.set({ ... })`
 * (every field and label not given, not only the required ones). It adds no check: a key given
 * is checked by `KeyCheck`.
 */
type Offered<D extends AnyDb, T, Given> = { readonly [K in NotGiven<D, T, Given>]?: WriteValue<FieldsOf<D, T>[FieldOfKey<D, T, K>]> };

export type CheckedRecord<X, D extends AnyDb, T> = {
  readonly [K in keyof X]: K extends 'expressions'
    ? { readonly [E in keyof X[K]]: KeyCheck<D, T, E, Exclude<ExpressionKeys<X>, E>, WriteExpression<FieldsOf<D, T>[FieldOfKey<D, T, E>]>, BaseKeys<X>> }
    : K extends 'file'
      ? FileArg | null
      : K extends 'tags'
        ? readonly string[] | null
        : KeyCheck<D, T, K, Exclude<BaseKeys<X>, K>, WriteValue<FieldsOf<D, T>[FieldOfKey<D, T, K>]>>;
} & { readonly [F in MissingFields<D, T, X>]: WriteValue<FieldsOf<D, T>[F]> } & Offered<D, T, keyof X>;

/** The records `.values()` takes: R itself when every record passes `CheckedRecord`, else the checked form (whose mismatches are the errors). */
export type CheckedRecords<R, D extends AnyDb, T> = R extends { readonly [I in keyof R]: CheckedRecord<R[I], D, T> }
  ? R
  : { readonly [I in keyof R]: CheckedRecord<R[I], D, T> };

/** The values of UPDATE's `.set(...)`: any fields of the database, each value fitting its field. */
export type SetValues<D extends AnyDb, T> = { readonly [K in keyof FieldsOf<D, T>]?: WriteValue<FieldsOf<D, T>[K]> };

/** Not a function (every function has `Symbol.hasInstance`; no field name is a symbol): keeps a callback from matching the object form. */
interface NotAFunction {
  readonly [Symbol.hasInstance]?: never;
}

/**
 * What `.set()` checks: each key a field (else its value must be the message), each value
 * fitting its field. V is inferred from the keys given (a reverse mapped type), so the callback
 * form, whose returned object gets no excess-property check of its own, is checked the same way.
 */
type CheckedSet<V, D extends AnyDb, T> = {
  readonly [K in keyof V]: KeyCheck<D, T, K, Exclude<keyof V, K>, WriteValue<FieldsOf<D, T>[FieldOfKey<D, T, K>]>>;
} & Offered<D, T, keyof V>;

// ---------------------------------------------------------------------------------------
// Records read

/** The attributes of a record read without an `attributes` filter (the file ones with the file feature, tags with the tag feature). */
type AllAttributes = Omit<RecordAttributes, 'file_url' | 'file_key'> & {
  readonly file_url?: string | null;
  readonly file_key?: string | null;
  readonly tags?: string[];
};
/** The attribute names `.attributes([...])` takes (any name, untyped: the spec lists some "and other attributes"). */
export type AttributeName<D extends AnyDb> = string extends keyof D['tables'] ? string : keyof RecordAttributes & string;

/** Child database names of database T (`invoices.items` is the child `items` of `invoices`). */
export type ChildNames<D extends AnyDb, T> = T extends string
  ? { [K in keyof D['tables']]: K extends `${T}.${infer C}` ? (C extends `${string}.${string}` ? never : C) : never }[keyof D['tables']] & string
  : never;

type Children<D extends AnyDb, T> = [ChildNames<D, T>] extends [never]
  ? {}
  : { children?: { [C in ChildNames<D, T>]?: FetchedRecord<D, `${T & string}.${C}`>[] } };

type Mutable<T> = { -readonly [K in keyof T]: T[K] } & {};

/**
 * A record as FETCH RECORDS returns it: the fields `F` (null: all), `record_id` and
 * `database_id` always, the attributes `A` (null: all), `children` when `Ch` and the database has
 * child databases (a record without children has none).
 */
export type FetchedRecord<D extends AnyDb, T, F extends string | null = null, A extends string | null = null, Ch extends boolean = true> = Mutable<
  (null extends F ? FieldsOf<D, T> : Pick<FieldsOf<D, T>, F & keyof FieldsOf<D, T>>) &
    Pick<RecordAttributes, 'record_id' | 'database_id'> &
    (null extends A ? AllAttributes : Pick<RecordAttributes, A & keyof RecordAttributes>) &
    (Ch extends true ? Children<D, T> : {})
>;

/** FETCH MULTIRECORDS unites the databases' record tables by field name: a field some lack may be null. */
export type MergedFields<D extends AnyDb, T> = {
  [N in T extends unknown ? keyof FieldsOf<D, T> : never]: T extends unknown ? (N extends keyof FieldsOf<D, T> ? FieldsOf<D, T>[N] : null) : never;
};

/** The count form's result (`"count": true`): only the count. */
export interface CountResult {
  count: number;
}

/** The record type of a fetch builder (`RecordType<typeof fetch>`). */
export type RecordType<F> = F extends { readonly __record?: infer R } ? Exclude<R, undefined> : never;
/** What a fetch builder's action returns: its records, or `{ count }` with `.count()`. */
export type FetchResult<F> = F extends { readonly __count?: infer C } ? (Exclude<C, undefined> extends true ? CountResult : RecordType<F>[]) : never;

// ---------------------------------------------------------------------------------------
// Builders

interface Built<N> {
  /** The action's tree, checked (a field named twice is an error here). */
  toAst(): N;
  toJson(options?: ToJsonOptions): string;
  toText(options?: PrintOptions): string;
}

type Direction = 'asc' | 'desc';
type CountOf<V> = V extends true ? true : false;
type ChildrenOf<V> = V extends false ? false : true;

/** ORDER BY, LIMIT, OFFSET over the names of view V. */
interface Paged<Self, V extends View<AnyDb, any, any, any>> {
  /** ORDER BY a column of the records (checked: the names, then a wrong name's message, as `NameParams` says), or an expression. */
  orderBy<const N extends string>(...args: NameParams<N, NamesOf<V>, [term: N, direction?: Direction], [term: NamesOf<V>, direction?: Direction]>): Self;
  orderBy<const N extends string>(...args: WrongNameParams<N, NamesOf<V>, [term: ColumnArg<N, V>, direction?: Direction]>): Self;
  orderBy(term: Expression_<unknown> | ExprNode | Ordered, direction?: Direction): Self;
  limit(limit: number | bigint | null): Self;
  offset(offset: number | bigint | null): Self;
}

/** FETCH RECORDS of database T: fields `F`, attributes `A` (null: all), children `Ch`, count `C`. */
export interface TypedFetchRecords<
  D extends AnyDb,
  T,
  F extends string | null = null,
  A extends string | null = null,
  Ch extends boolean = true,
  C extends boolean = false,
> extends Built<FetchRecords>,
    Paged<TypedFetchRecords<D, T, F, A, Ch, C>, View<D, SourcesOf<T>, {}>> {
  /** The record type (type-only: `RecordType<typeof f>`). */
  readonly __record?: FetchedRecord<D, T, F, A, Ch>;
  readonly __count?: C;
  /** `fields`: the fields returned (`[]` none; null all). */
  fields<const K extends readonly FieldName<D, T>[] | null>(fields: K): TypedFetchRecords<D, T, K extends readonly string[] ? K[number] : null, A, Ch, C>;
  /** `attributes`: the attributes returned (`record_id`, `database_id` always are). */
  attributes<const K extends readonly AttributeName<D>[] | null>(
    attributes: AttributesArg<D, T, K>,
  ): TypedFetchRecords<D, T, F, K extends readonly string[] ? K[number] : null, Ch, C>;
  /** `records`: an id, a name, a condition, `recordKey({...})` (of key fields), an array of those. */
  records<const R extends RecordsArg | null>(records: KeyedRecordsArg<D, T, R>): TypedFetchRecords<D, T, F, A, Ch, C>;
  where(cond: ActionCond<D, T> | null): TypedFetchRecords<D, T, F, A, Ch, C>;
  /** `children` (the spec's default: true). */
  children<const V extends boolean | null = true>(children?: V): TypedFetchRecords<D, T, F, A, ChildrenOf<V>, C>;
  /** `count`: the result is `{ count }` only. */
  count<const V extends boolean | null = true>(count?: V): TypedFetchRecords<D, T, F, A, Ch, CountOf<V>>;
}

/** FETCH MULTIRECORDS of databases T (a union). */
export interface TypedFetchMultirecords<D extends AnyDb, T, Ch extends boolean = true, C extends boolean = false>
  extends Built<FetchMultirecords>,
    Paged<TypedFetchMultirecords<D, T, Ch, C>, View<D, { '(databases)': Opaque }, {}>> {
  readonly __record?: Mutable<
    MergedFields<D, T> &
      Pick<RecordAttributes, 'record_id' | 'database_id'> &
      AllAttributes &
      (Ch extends true ? { children?: { [name: string]: unknown[] } } : {})
  >;
  readonly __count?: C;
  where(cond: Condition | ((h: Helpers) => Condition) | null): TypedFetchMultirecords<D, T, Ch, C>;
  children<const V extends boolean | null = true>(children?: V): TypedFetchMultirecords<D, T, ChildrenOf<V>, C>;
  count<const V extends boolean | null = true>(count?: V): TypedFetchMultirecords<D, T, Ch, CountOf<V>>;
}

/** FETCH PSEUDORECORDS of a select whose rows are `Row`: its where and order see the select's result columns. */
export interface TypedFetchPseudorecords<D extends AnyDb, Row, C extends boolean = false>
  extends Built<FetchPseudorecords>,
    Paged<TypedFetchPseudorecords<D, Row, C>, View<D, { '(select)': Derived<Row> }, {}>> {
  readonly __record?: Row;
  readonly __count?: C;
  where(cond: Condition | ((eb: ExpressionBuilder<D, { '(select)': Derived<Row> }, {}, {}>) => Condition) | null): TypedFetchPseudorecords<D, Row, C>;
  count<const V extends boolean | null = true>(count?: V): TypedFetchPseudorecords<D, Row, CountOf<V>>;
}

type RecordsWriteNode = InsertAction | ReplaceAction | SetAction;

/** INSERT, REPLACE, SET into database T. */
export interface TypedRecordsWrite<D extends AnyDb, T, N extends RecordsWriteNode> extends Built<N> {
  /** Records to write (added to those given before), each checked (`CheckedRecord`): fields by name or label, values that fit, required fields given. */
  values<const R extends readonly object[] | readonly []>(records: CheckedRecords<R, D, T>): TypedRecordsWrite<D, T, N>;
  /** The records as delimiter-separated data (spec "Records"): `{ type: 'csv' | 'tsv' | 'dsv', file, delimiter?, quote? }` (dsv needs a delimiter); instead of `.values()`. */
  delimited(data: DelimitedArg): TypedRecordsWrite<D, T, N>;
  /** `on_duplicate`: `'trash'` only for a database with the trash feature. */
  onDuplicate<const V extends NonNullable<N['onDuplicate']> | null>(value: TrashOption<D, T, V, '.onDuplicate()'>): TypedRecordsWrite<D, T, N>;
  /** SET only: `on_remove` (`'trash'` as `onDuplicate`). */
  onRemove<const V extends 'delete' | 'trash' | null>(
    this: TypedRecordsWrite<D, T, SetAction>,
    value: TrashOption<D, T, V, '.onRemove()'>,
  ): TypedRecordsWrite<D, T, N>;
  failNoOp(value?: boolean | null): TypedRecordsWrite<D, T, N>;
}

/** UPDATE of database T. */
export interface TypedUpdate<D extends AnyDb, T> extends Built<UpdateAction> {
  /** Field values by name or label (a literal goes to `fields`, an expression to `expressions`), each fitting its field, none twice; or a callback getting the expression builder. */
  set<V>(values: CheckedSet<V, D, T> & NotAFunction): TypedUpdate<D, T>;
  set<V>(values: (eb: ActionEB<D, T>) => CheckedSet<V, D, T>): TypedUpdate<D, T>;
  /** `file`: the object id of an uploaded file (a database with the file feature). */
  file(objectId: Lacks<D, T, 'file'> extends true ? FeatureMessage<T, 'file', 'UPDATE ... FILE'> : string | null): TypedUpdate<D, T>;
  where(cond: ActionCond<D, T>): TypedUpdate<D, T>;
  records<const R extends RecordsArg>(records: KeyedRecordsArg<D, T, R>): TypedUpdate<D, T>;
  failNoOp(value?: boolean | null): TypedUpdate<D, T>;
}

/** DELETE, TRASH, RESTORE, DISPOSE of database T. */
export interface TypedRemove<D extends AnyDb, T, N extends DeleteAction | TrashAction | RestoreAction | DisposeAction> extends Built<N> {
  where(cond: ActionCond<D, T>): TypedRemove<D, T, N>;
  records<const R extends RecordsArg>(records: KeyedRecordsArg<D, T, R>): TypedRemove<D, T, N>;
  failNoOp(value?: boolean | null): TypedRemove<D, T, N>;
}

/** The data actions a builder starts (on `builder()`'s result), typed by its schema `D`. */
export interface TypedActionCreators<D extends AnyDb> {
  /** FETCH RECORDS from a database of the schema (or by id/specifier: untyped records). */
  fetchRecords<const T extends string | DatabaseRef>(database: DatabaseArg<D, T>): TypedFetchRecords<D, T>;
  /** FETCH MULTIRECORDS from databases of the schema (a name or an array of names), or by ids/specifier (untyped records). */
  fetchMultirecords(databases: DatabaseRef | readonly (number | bigint)[]): TypedFetchMultirecords<D, never>;
  fetchMultirecords<const T extends DatabaseName<D>>(databases: T | readonly T[]): TypedFetchMultirecords<D, T>;
  /** FETCH PSEUDORECORDS of a select query: records are its rows. */
  fetchPseudorecords<const Q extends SelectQuery>(query: Q): TypedFetchPseudorecords<D, RowType<Q>>;
  /** FETCH TASKS (task records: their fields are not shown by the spec). */
  fetchTasks(): FetchTasksBuilder;
  /** FETCH USERS (user records: their fields are not shown by the spec). */
  fetchUsers(users?: SpecArg | null): FetchUsersBuilder;
  /** FETCH CRONS, PREF_DEFS, SEQS (no properties). */
  fetchCrons(): FetchPlainBuilder<FetchCrons>;
  fetchPrefDefs(): FetchPlainBuilder<FetchPrefDefs>;
  fetchSeqs(): FetchPlainBuilder<FetchSeqs>;
  /** FETCH FOLLOWS, KEYS, PREFS of a user (default: the current user). */
  fetchFollows(user?: SpecArg | null): FetchUserBuilder<FetchFollows>;
  fetchKeys(user?: SpecArg | null): FetchUserBuilder<FetchKeys>;
  fetchPrefs(user?: SpecArg | null): FetchUserBuilder<FetchPrefs>;
  /** FETCH LOGS of records of a database of the schema. */
  fetchLogs<const T extends string | DatabaseRef>(database: DatabaseArg<D, T>): FetchLogsBuilder;
  fetchNotifications(user?: SpecArg | null): FetchNotificationsBuilder;
  fetchPosts(): FetchPostsBuilder;
  fetchUserSubscriptions(): FetchUserSubscriptionsBuilder;
  insertInto<const T extends string | DatabaseRef>(database: DatabaseArg<D, T>): TypedRecordsWrite<D, T, InsertAction>;
  replaceInto<const T extends string | DatabaseRef>(database: DatabaseArg<D, T>): TypedRecordsWrite<D, T, ReplaceAction>;
  /** The `set` action: the database holds exactly these records afterwards. */
  setRecords<const T extends string | DatabaseRef>(database: DatabaseArg<D, T>): TypedRecordsWrite<D, T, SetAction>;
  updateTable<const T extends string | DatabaseRef>(database: DatabaseArg<D, T>): TypedUpdate<D, T>;
  deleteFrom<const T extends string | DatabaseRef>(database: DatabaseArg<D, T>): TypedRemove<D, T, DeleteAction>;
  /** TRASH, RESTORE, DISPOSE: a database with the trash feature (by the schema's features, when given). */
  trashFrom<const T extends string | DatabaseRef>(database: TrashDatabaseArg<D, T, 'TRASH'>): TypedRemove<D, T, TrashAction>;
  restoreFrom<const T extends string | DatabaseRef>(database: TrashDatabaseArg<D, T, 'RESTORE'>): TypedRemove<D, T, RestoreAction>;
  disposeFrom<const T extends string | DatabaseRef>(database: TrashDatabaseArg<D, T, 'DISPOSE'>): TypedRemove<D, T, DisposeAction>;
  // DOWNLOAD, the task and thread actions, the system actions (issue 29: system-builders.ts)
  /** DOWNLOAD RECORD: a signed URL of the file of a record of a database of the schema (`version`: an older one). */
  downloadRecord<const T extends string | DatabaseRef>(
    database: DatabaseArg<D, T>,
    record: RecordsArg,
    options?: { readonly version?: number | bigint },
  ): SystemActionBuilder<DownloadRecord>;
  /** DOWNLOAD POST: a signed URL of a post's file. */
  downloadPost(post: TaskIdArg): SystemActionBuilder<DownloadPost>;
  /** RUN: task definitions and task references. */
  run(tasks: readonly (TaskDefArg | TaskRefArg)[]): SystemActionBuilder<RunAction>;
  /** CONCLUDE: a task, after a delay of 0 to 5,000 ms. */
  conclude(task: TaskIdArg, options?: { readonly delay?: number }): SystemActionBuilder<ConcludeAction>;
  /** CANCEL: task references; `ignore` skips the concluded ones (else one of them fails the action). */
  cancel(tasks: readonly TaskRefArg[], options?: { readonly ignore?: boolean }): SystemActionBuilder<CancelAction>;
  /** CLEAN: task references; `ignore` skips the non-concluded ones (else one of them fails the action). */
  clean(tasks: readonly TaskRefArg[], options?: { readonly ignore?: boolean }): SystemActionBuilder<CleanAction>;
  pause(threads: readonly string[]): SystemActionBuilder<PauseAction>;
  access(): SystemActionBuilder<AccessAction>;
  echo(text: string): SystemActionBuilder<EchoAction>;
  wait(options?: { readonly ms?: number; readonly fail?: boolean; readonly failBefore?: number | bigint | string | Date }): SystemActionBuilder<WaitAction>;
  /** IF: `{ if: query, then: write }` in order (the writes: this builder's insertInto, updateTable, deleteFrom, ...), and the write run when none holds. */
  ifAction(conditions: readonly IfConditionArg[], otherwise?: WriteLike): SystemActionBuilder<IfAction>;
  /** SCHEMA, DROP, ALTER DATABASE (admin-builders.ts): the database and its fields checked against the schema. */
  schema(): AdminBuilder<SchemaAction>;
  dropGroup(group: SpecArg): DropBuilder<DropGroup>;
  dropDatabase<const T extends string | DatabaseRef>(database: DatabaseArg<D, T>): DropBuilder<DropDatabase>;
  dropTeam(team: SpecArg): AdminBuilder<DropTeam>;
  dropUser(user: SpecArg): AdminBuilder<DropUser>;
  alterDatabase<const T extends string | DatabaseRef>(database: DatabaseArg<D, T>): TypedAlterDatabase<D, T>;
  alterGroup(group: SpecArg): AlterValueBuilder<'group'>;
  alterUser(user: SpecArg): AlterValueBuilder<'user'>;
  createGroup(name: string, options?: CreateGroupOptions): AdminBuilder<CreateGroup>;
  createDatabase(
    definition: JsonObjectArg,
    parent: SpecArg,
    options?: { readonly teams?: readonly unknown[] | JsonObjectArg | null },
  ): AdminBuilder<CreateDatabase>;
  /** The struct actions (struct-builders.ts): a database and its events' fields checked against the schema. */
  structBufferImport(
    pipe: SpecArg,
    file: FileArg,
    options?: { readonly conf?: JsonObjectArg; readonly tImport?: InstantArg },
  ): SystemActionBuilder<StructBufferImport>;
  structMnAlias<const T extends string | DatabaseRef>(
    database: DatabaseArg<D, T>,
    mn: TaskIdArg,
    aliases: readonly string[],
  ): SystemActionBuilder<StructMnAlias>;
  structMnEdit<const T extends string | DatabaseRef>(
    database: DatabaseArg<D, T>,
    mn: TaskIdArg,
    options?: { readonly name?: string; readonly state?: string },
  ): SystemActionBuilder<StructMnEdit>;
  /** STRUCT EVENT INSERT: events of a database of the schema; their keys its fields, `name` or `e_id`. */
  structEventInsert<const T extends string | DatabaseRef>(
    database: DatabaseArg<D, T>,
    events: readonly EventArg<FieldName<D, T>>[],
  ): SystemActionBuilder<StructEventInsert>;
  structEventClose<const T extends string | DatabaseRef>(
    database: DatabaseArg<D, T>,
    events: RecordsArg,
    options?: { readonly t?: MicrosArg; readonly fields?: EventArg<FieldName<D, T>> },
  ): SystemActionBuilder<StructEventClose>;
  structEventUpdate<const T extends string | DatabaseRef>(
    database: DatabaseArg<D, T>,
    fields: EventArg<FieldName<D, T>>,
    options?: { readonly events?: RecordsArg; readonly t?: MicrosArg },
  ): SystemActionBuilder<StructEventUpdate>;
  structCreate(definition: StructCreateArg): SystemActionBuilder<StructCreate>;
}
