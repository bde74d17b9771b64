import type { SelectQuery } from './query.js';

/** The result row type of a query: `RowType<typeof q>`. */
export type RowType<Q> = Q extends SelectQuery<any, any, infer O> ? O : never;
