import type { Source, Statement } from '../ast/index.js';
import { fromJson as statementFromJson } from '../json/index.js';
import type { QueryLike } from './brand.js';
import { asQuery, queryFromStatement, type FromAstOptions } from './from-ast.js';
import { SelectQuery, queryFromAst } from './query.js';
import type { SourceBuilder } from './sources.js';
import type { ScopeOf, UntypedDatabase, UntypedFields } from './typing.js';
import { toSource } from './values.js';

/** Where queries start. `DB` is a database type written by `dsq types` (or untyped). */
export interface QueryCreator<DB> {
  /** `SELECT ... FROM table [AS alias]`: the table's fields are in scope, plain and qualified. */
  selectFrom<T extends keyof DB & string, A extends string = T>(table: T, alias?: A): SelectQuery<DB, ScopeOf<DB[T], A>, {}>;
  /** `SELECT ... FROM source` for a source builder or a subquery. */
  selectFrom(source: SourceBuilder | QueryLike | Source): SelectQuery<DB, UntypedFields, {}>;
  /** A query without FROM yet (`SELECT *`, nothing else). */
  query(): SelectQuery<DB, {}, {}>;
  /**
   * A query that extends an existing statement (a select object or SELECT action node). A tree
   * dsq did not make is checked first (see `fromAst`); errors are `DsqError`s with a JSON pointer.
   */
  fromAst(statement: Statement, options?: FromAstOptions): SelectQuery<DB, UntypedFields, Record<string, unknown>>;
  /** A query that extends a select object or SELECT action given as JSON text or a parsed JS value. */
  fromJson(json: string | unknown): SelectQuery<DB, UntypedFields, Record<string, unknown>>;
}

/**
 * The query builder. `builder<Schema>()` checks database and field names against a schema
 * type written by `dsq types` and infers result rows; `builder()` is untyped.
 */
export function builder<DB = UntypedDatabase>(): QueryCreator<DB> {
  const creator = {
    selectFrom: (source: unknown, alias?: string) =>
      new SelectQuery<DB>().from(toSource(source, alias ?? null, 'argument 1 of selectFrom()') as Source) as SelectQuery<DB, any, {}>,
    query: () => new SelectQuery<DB, {}, {}>(),
    fromAst: (statement: unknown, options?: FromAstOptions) => queryFromStatement(statement, options) as unknown as SelectQuery<DB, UntypedFields, Record<string, unknown>>,
    fromJson: (json: unknown) => queryFromAst(asQuery(statementFromJson(json))) as unknown as SelectQuery<DB, UntypedFields, Record<string, unknown>>,
  };
  return Object.freeze(creator) as QueryCreator<DB>;
}

const untyped = builder();

/** Untyped `SELECT ... FROM source`. */
export const selectFrom: QueryCreator<UntypedDatabase>['selectFrom'] = untyped.selectFrom;
/** An untyped query without FROM yet. */
export const query: QueryCreator<UntypedDatabase>['query'] = untyped.query;
/** An untyped query that extends a select object or SELECT action given as JSON (named apart from src/json's `fromJson`). */
export const queryFromJson: QueryCreator<UntypedDatabase>['fromJson'] = untyped.fromJson;
