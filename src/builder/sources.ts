import type { JoinOp, Source } from '../ast/index.js';
import { SOURCE, type QueryLike } from './brand.js';
import { toName, toSource, toSpecifier, type SpecArg } from './values.js';

/** What `from` and the joins take: a table path, a source builder, or a query (subquery source). */
export type SourceArg = string | SourceBuilder | QueryLike | Source;

/**
 * An immutable source: a table, system table, database table, subquery or join of those.
 * Joins are left-associative, as the parser reads `a JOIN b JOIN c`; pass a joined source as
 * the right side for `a JOIN (b JOIN c)`.
 */
export class SourceBuilder {
  readonly [SOURCE]: Source;

  constructor(readonly node: Source) {
    this[SOURCE] = node;
    Object.freeze(this);
  }

  toAst(): Source {
    return this.node;
  }

  private joined(op: JoinOp, other: SourceArg, alias: string | undefined): SourceBuilder {
    return new SourceBuilder({ kind: 'join', op, s1: this.node, s2: toSource(other, alias ?? null, `the right side of a ${op} join`) });
  }

  join(other: SourceArg, alias?: string): SourceBuilder { return this.joined('join', other, alias); }
  innerJoin(other: SourceArg, alias?: string): SourceBuilder { return this.joined('inner', other, alias); }
  leftJoin(other: SourceArg, alias?: string): SourceBuilder { return this.joined('left', other, alias); }
  leftOuterJoin(other: SourceArg, alias?: string): SourceBuilder { return this.joined('left_outer', other, alias); }
  crossJoin(other: SourceArg, alias?: string): SourceBuilder { return this.joined('cross', other, alias); }
}

const aliasOf = (alias: string | undefined) => (alias === undefined ? null : toName(alias, 'an alias'));

/** A table by path (`orders`, `sales.orders@trash`). */
export const table = (path: string, alias?: string): SourceBuilder => new SourceBuilder(toSource(path, alias ?? null));
/** A system table (`SYSTEM_TABLE(users)`). */
export const systemTable = (name: string, alias?: string): SourceBuilder =>
  new SourceBuilder({ kind: 'table_system', table: toName(name, 'a system table name'), alias: aliasOf(alias) });
/** A database table (`DATABASE_TABLE(spec, records)`). */
export const databaseTable = (database: SpecArg, name: string, alias?: string): SourceBuilder =>
  new SourceBuilder({
    kind: 'table_database',
    database: toSpecifier(database, 'the database of databaseTable()'),
    table: toName(name, 'a database table name'),
    alias: aliasOf(alias),
  });
/** A subquery source (`(SELECT ...)`). */
export const subquerySource = (query: QueryLike): SourceBuilder => new SourceBuilder(toSource(query));
