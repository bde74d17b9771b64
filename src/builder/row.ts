import type { Expr } from '../ast/index.js';
import type { ExpressionLike } from './brand.js';
import type { Aliased, Expression } from './expression.js';
import type { SelectQuery } from './query.js';
import type { ColumnName, UnionToIntersection } from './typing.js';

/** Result-row typing: what a query's selections add to its row type. */

/** The typed helpers a callback gets: `col` knows the fields in scope. */
export interface Scope<F> {
  col<K extends keyof F & string>(name: K): Expression<F[K]>;
  /** An alias reference (`ALIAS(name)`). */
  ref<T = unknown>(name: string): Expression<T>;
}

/** A result column: a field name in scope, an aliased expression, or an expression. */
export type SelectArg<F> = (keyof F & string) | Aliased<string, any> | ExpressionLike | Expr;

type RowOfArg<F, A> = A extends string
  ? A extends keyof F
    ? { [P in ColumnName<A>]: F[A] }
    : {}
  : A extends Aliased<infer N, infer T>
    ? { [P in N]: T }
    : {};

/** The row a list of result columns adds. */
export type RowOf<F, A extends readonly unknown[]> = UnionToIntersection<RowOfArg<F, A[number]>>;

/** The unqualified fields in scope: what `SELECT *` returns. */
export type AllRow<F> = { [K in keyof F as K extends `${string}.${string}` ? never : K]: F[K] };

/** An ORDER BY / GROUP BY argument: a name (an alias of this select, else a column) or an expression. */
export type NameOrExpr<F, O> = (keyof F & string) | (keyof O & string) | ExpressionLike | Expr;

/** The result row type of a query: `RowType<typeof q>`. */
export type RowType<Q> = Q extends SelectQuery<any, any, infer O> ? O : never;
