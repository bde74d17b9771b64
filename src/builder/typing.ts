import type { Expr } from '../ast/index.js';
import type { ExpressionLike, QueryLike } from './brand.js';

/**
 * Type-level helpers for schema-typed builders. A database type (as `dsq types` writes it)
 * maps database names to rows: `{ orders: { id: bigint; amount: number | null } }`.
 * Kept shallow so that the compiler stays fast.
 */

/** The database type of an untyped builder: every name is allowed, every value unknown. */
export type UntypedDatabase = { readonly [table: string]: { readonly [field: string]: unknown } };
export type UntypedFields = { readonly [field: string]: unknown };

/** Any expression argument: a builder expression, an AST expression node or a query (scalar subquery). */
export type AnyExpression = ExpressionLike | Expr | QueryLike;

/** What may stand beside a value of type T in a comparison or arithmetic. */
export type Operand<T> = unknown extends T ? unknown : LiteralFor<NonNullable<T>> | null | AnyExpression;

type LiteralFor<T> = [T] extends [never]
  ? never
  : [T] extends [number | bigint]
    ? number | bigint
    : [T] extends [string]
      ? string | Date
      : [T] extends [boolean]
        ? number
        : number | bigint | string | Date;

/** A condition argument. */
export type Condition = ExpressionLike | Expr;

/** The fields in scope after `FROM table [AS alias]`: plain names and qualified ones. */
export type ScopeOf<Row, Q extends string> = Row & { readonly [K in keyof Row & string as `${Q}.${K}`]: Row[K] };

/** A row whose fields may all be null (the right side of a LEFT JOIN). */
export type NullableRow<Row> = { readonly [K in keyof Row]: Row[K] | null };

/** The result-column name of a column path: its last `.` segment. */
export type ColumnName<P extends string> = P extends `${string}.${infer Rest}` ? ColumnName<Rest> : P;

export type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** Flattens an intersection for readable hovers and exact `expectTypeOf` comparisons. */
export type Simplify<T> = { [K in keyof T]: T[K] } & {};
