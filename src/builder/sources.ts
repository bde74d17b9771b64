import type { JoinOp, Source } from '../ast/index.js';
import { sources, type QueryLike } from './brand.js';
import { argumentError } from './errors.js';
import { own, toName, toSource, toSpecifier, type SpecArg } from './values.js';

/** What `from` and the joins take: a table path, a source builder, or a query (subquery source). */
export type SourceArg = string | SourceBuilder | QueryLike | Source;

/**
 * An immutable source: a table, system table, database table, subquery or join of those.
 * Joins are left-associative, as the parser reads `a JOIN b JOIN c`; pass a joined source as
 * the right side for `a JOIN (b JOIN c)`.
 */
export class SourceBuilder {
  /** The source node: always one dsq checked, frozen (a node that is not is checked first and copied). */
  readonly node: Source;

  /** Prefer `table()`, `systemTable()`, `databaseTable()`, or `fromAst(node)` for a hand-built node. */
  constructor(node: Source) {
    this.node = own(node, 'source');
    sources.add(this);
    Object.freeze(this);
  }

  toAst(): Source {
    return this.node;
  }

  private joined(op: JoinOp, other: SourceArg, alias: string | undefined, method: string): SourceBuilder {
    return new SourceBuilder({ kind: 'join', op, s1: this.node, s2: toSource(other, alias ?? null, `argument 1 of .${method}()`) });
  }

  join(other: SourceArg, alias?: string): SourceBuilder {
    return this.joined('join', other, alias, 'join');
  }
  innerJoin(other: SourceArg, alias?: string): SourceBuilder {
    return this.joined('inner', other, alias, 'innerJoin');
  }
  leftJoin(other: SourceArg, alias?: string): SourceBuilder {
    return this.joined('left', other, alias, 'leftJoin');
  }
  leftOuterJoin(other: SourceArg, alias?: string): SourceBuilder {
    return this.joined('left_outer', other, alias, 'leftOuterJoin');
  }
  crossJoin(other: SourceArg, alias?: string): SourceBuilder {
    return this.joined('cross', other, alias, 'crossJoin');
  }
}

const aliasOf = (alias: string | undefined, what: string) => (alias === undefined || alias === null ? null : toName(alias, what));

/** A table by path (`orders`, `sales.orders@trash`). */
export const table = (path: string, alias?: string): SourceBuilder =>
  new SourceBuilder({
    kind: 'table',
    table: toName(path, 'argument 1 (the table path) of table()'),
    alias: aliasOf(alias, 'argument 2 (the alias) of table()'),
  });
/** A system table (`SYSTEM_TABLE(users)`). */
export const systemTable = (name: string, alias?: string): SourceBuilder =>
  new SourceBuilder({
    kind: 'table_system',
    table: toName(name, 'argument 1 (the table name) of systemTable()'),
    alias: aliasOf(alias, 'argument 2 (the alias) of systemTable()'),
  });
/** A database table (`DATABASE_TABLE(spec, records)`). */
export const databaseTable = (database: SpecArg, name: string, alias?: string): SourceBuilder =>
  new SourceBuilder({
    kind: 'table_database',
    database: toSpecifier(database, 'argument 1 (the database) of databaseTable()'),
    table: toName(name, 'argument 2 (the table name) of databaseTable()'),
    alias: aliasOf(alias, 'argument 3 (the alias) of databaseTable()'),
  });
/** A subquery source (`(SELECT ...)`). */
export const subquerySource = (query: QueryLike): SourceBuilder => {
  if (typeof query === 'string') throw argumentError('argument 1 of subquerySource() must be a query; a table goes through table(path)');
  return new SourceBuilder(toSource(query, null, 'argument 1 of subquerySource()'));
};
