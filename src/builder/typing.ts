import type { ExprKind } from '../ast/index.js';
import type { ExpressionLike, QueryLike } from './brand.js';

/**
 * Value types of the typed builder. An expression carries the TypeScript type of the value it
 * yields (`Expression<number | null>`); the schema's field types decide it (see
 * src/schema/typemap.ts for what `dsq types` writes). Text and the four datetime kinds are all
 * strings in result rows (the JSON holds text), so the datetime kinds are strings with a
 * phantom mark: a `DateTime` field reads as a string, yet only a `Date`, `datetime(...)` or
 * another datetime fits beside it, never plain text. `any` means untyped (the package-root
 * helpers, the untyped builder): everything fits. Kept shallow so that the compiler stays fast.
 */

/**
 * Any AST expression node (a node dsq made: the builder checks at run time), as one object
 * type. Parameter and constraint types use it rather than the forty-kind `Expr` union, which
 * the compiler would otherwise walk (and distribute conditional types over) at every call.
 */
export interface ExprNode {
  readonly kind: ExprKind;
}

/** The phantom mark of the datetime kinds (type-only: values are plain strings). */
export interface DsqTypeMark<K extends string> {
  readonly __dsqType: K;
}
/** An instant (a `datetime`/`timestamp` field, `datetime(...)`, a `Date`). */
export type DateTime = string & DsqTypeMark<'datetime'>;
/** A local date (`date`/`localdate` fields, `localDate('2024-01-31')`). */
export type LocalDate = string & DsqTypeMark<'localdate'>;
/** A local time (`time`/`localtime` fields, `localTime('10:30')`). */
export type LocalTime = string & DsqTypeMark<'localtime'>;
/** A local datetime (`localdatetime` fields, `localDateTime('2024-01-31T10:30')`). */
export type LocalDateTime = string & DsqTypeMark<'localdatetime'>;

/** Text that is not a datetime kind: `string` fits, `DateTime` does not. */
export type PlainText = string & { readonly __dsqType?: never };

/** The record attributes every database has beside its fields (spec: Records). */
export interface RecordAttributes {
  readonly record_id: bigint;
  readonly database_id: number;
  readonly insert_at: DateTime;
  readonly update_at: DateTime | null;
  readonly file_size: number | null;
  readonly file_type: string | null;
  readonly file_url: string | null;
  readonly file_key: string | null;
}

export type IsAny<T> = 0 extends 1 & T ? true : false;

/** The value types that compare with (and stand beside in arithmetic) a value of type T. */
export type Comparable<T> = IsAny<T> extends true ? any : ComparableOf<T>;
type ComparableOf<T> = T extends null
  ? never
  : T extends number | bigint
    ? number | bigint
    : T extends DsqTypeMark<infer K>
      ? string & DsqTypeMark<K>
      : T extends string
        ? PlainText
        : T extends boolean
          ? boolean | number
          : unknown;

/**
 * The plain JavaScript values that stand for a value of type T (a boolean field compares with 1
 * or 0). A datetime kind takes a value of its own kind read from a row (`row.issued`: keyset
 * pagination gives back what it read; the text goes as a string, which the service reads as
 * that datetime), and an instant also a `Date`; plain text never.
 */
type LiteralOf<T> = T extends null
  ? never
  : T extends number | bigint
    ? number | bigint
    : T extends DsqTypeMark<infer K>
      ? (string & DsqTypeMark<K>) | (K extends 'datetime' ? Date : never)
      : T extends string
        ? string
        : T extends boolean
          ? number
          : never;

/** A query used as a value: its one column's type (see `SelectQuery.__scalar`). */
export interface ScalarQuery<T> extends QueryLike {
  readonly __scalar?: T;
}

/** What may stand beside a value of type T in a comparison or arithmetic. */
export type Operand<T> = unknown extends T ? unknown : LiteralOf<T> | null | Expression_<Comparable<T> | null> | ScalarQuery<Comparable<T> | null> | ExprNode;

/** An expression of a value type (the interface of `Expression`, to keep this module free of classes). */
export interface Expression_<out T> extends ExpressionLike {
  readonly __type?: T;
}

/**
 * The value type an operand stands for: a literal's type, an expression's, a scalar query's
 * (`| null`). `''` is null (it becomes NULL, the spec's JSON rule 1: values.ts).
 */
export type ValueOf<V> =
  V extends Expression_<infer T>
    ? T
    : V extends ScalarQuery<infer T>
      ? T | null
      : V extends null
        ? null
        : V extends Date
          ? DateTime
          : V extends bigint
            ? bigint
            : V extends number
              ? number
              : V extends ''
                ? null
                : V extends DsqTypeMark<string>
                  ? V
                  : V extends string
                    ? string
                    : any;

/** `null` when a value of type T may be null (`never` for untyped values). */
export type NullOf<T> = IsAny<T> extends true ? never : null extends T ? null : never;

/** Any expression argument: a builder expression, an AST expression node or a query (scalar subquery). */
export type AnyExpression = ExpressionLike | ExprNode | QueryLike;

/** A condition: an expression of a boolean value (a comparison, a boolean field) or an AST node. */
export type Condition = Expression_<boolean | null> | ExprNode;

/** The numeric value types (arithmetic, SUM, AVG, bit operations). */
export type Numeric = number | bigint;

/** The type of arithmetic between a value of type S and an operand of type V. */
export type Arith<S, V> =
  IsAny<S> extends true
    ? any
    : (NonNullable<S> extends bigint ? ([NonNullable<V>] extends [bigint | number] ? bigint : number) : number) | NullOf<S> | NullOf<V>;

/** The database type of an untyped builder: every name is allowed, every value untyped. */
export type UntypedDatabase = { readonly [table: string]: { readonly [field: string]: any } };
export type UntypedFields = { readonly [field: string]: any };

/** The result-column name of a column path: its last `.` segment. */
export type ColumnName<P extends string> = P extends `${string}.${infer Rest}` ? ColumnName<Rest> : P;

export type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** Flattens an intersection for readable hovers and exact `expectTypeOf` comparisons. */
export type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** Untyped (`any`) values read as `unknown` in result rows. */
export type Settled<T> = IsAny<T> extends true ? unknown : T;

/** A row whose fields may all be null (the right side of a LEFT JOIN). */
export type NullableRow<Row> = { -readonly [K in keyof Row]: Row[K] | null };

/** A row read with `use_strings`: every value a string (null stays null). */
export type StringRow<Row> = { [K in keyof Row]: null extends Row[K] ? string | null : string };
