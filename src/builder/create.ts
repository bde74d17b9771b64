import type { Source, Statement } from '../ast/index.js';
import { fromJson as statementFromJson } from '../json/index.js';
import type { QueryLike } from './brand.js';
import { actionsFor } from './action-creators.js';
import type { TypedActionCreators } from './typed-actions.js';
import { asQuery, queryFromStatement, type FromAstOptions } from './from-ast.js';
import { queryFromAst, startQuery, type SelectQuery, type UntypedQuery } from './query.js';
import type { EntryOf, KeyOf, SourceParam } from './query-types.js';
import type { FieldLists, KeyLists, LabelLists } from './runtime-scope.js';
import type { AnyDb, Db, StarRowOf, UntypedDb } from './query-scope.js';
import type { SourceBuilder } from './sources.js';
import type { Simplify, UntypedDatabase } from './typing.js';
import { argumentError } from './errors.js';
import { toSource } from './values.js';

/** Where queries start. `D` is the schema (`Db<Tables, Labels, Fields>`; see `builder`). */
/** The query creator; it also starts the data actions (src/builder/action-creators.ts): `db.fetchRecords(...)`, `db.insertInto(...)`, ... */
export interface QueryCreator<D extends AnyDb> extends TypedActionCreators<D> {
  /**
   * `SELECT * FROM table [AS alias]` (a table of the schema: `orders`, `sales.orders`,
   * `orders@trash`), or `FROM (subquery)`, or a source builder (`table()`, `systemTable()`, ...).
   */
  selectFrom<const T extends string | SourceBuilder | QueryLike | Source, const A extends string = never>(
    source: SourceParam<T, D, {}, A>,
    alias?: T extends string ? A : never,
  ): SelectQuery<Simplify<StarRowOf<D, { [K in KeyOf<T, A, {}>]: EntryOf<T> }>>, D, { [K in KeyOf<T, A, {}>]: EntryOf<T> }, {}, true, false>;
  /** A query without FROM yet (`SELECT *`, nothing else). */
  query(): SelectQuery<{}, D, {}, {}, true, false>;
  /**
   * A query that extends an existing statement (a select object or SELECT action node). A tree
   * dsq did not make is checked first (see `fromAst`); errors are `DsqError`s with a JSON pointer.
   */
  fromAst(statement: Statement, options?: FromAstOptions): UntypedQuery;
  /** A query that extends a select object or SELECT action given as JSON text or a parsed JS value. */
  fromJson(json: string | unknown): UntypedQuery;
}

/**
 * The query builder. `builder<Schema>()` checks database and field names against a schema
 * type written by `dsq types` and infers result rows; `builder<Schema, SchemaLabels>()` also
 * takes field labels as names; `builder<Schema>(SchemaFields)` also knows the field lists at
 * run time (for `selectAll('alias')` and `resultNames()`, and the data actions' field checks);
 * `builder<Schema, SchemaLabels>(SchemaFields, SchemaFieldLabels)` also knows the labels at run
 * time (the data actions take a label where a record or UPDATE names a field);
 * `builder<Schema, SchemaLabels, SchemaDefaults>(SchemaFields, ...)` also knows which fields
 * have a default (a typed INSERT does not require them); `<..., SchemaFeatures, SchemaKeys>` also
 * which databases have the trash and file features and which fields are keys (TRASH on a
 * database without trash, `recordKey` of a field that is no key are errors), and
 * `builder<...>(SchemaFields, SchemaFieldLabels, SchemaKeyFields)` checks the keys at run time too. `builder()` is untyped.
 */
export function builder<Tables = UntypedDatabase, Labels = {}, Defaults = {}, Features = {}, Keys = {}>(): QueryCreator<
  Db<Tables, Labels, false, Defaults, Features, Keys>
>;
export function builder<Tables = UntypedDatabase, Labels = {}, Defaults = {}, Features = {}, Keys = {}>(
  fields: FieldLists,
  labels?: LabelLists,
  keys?: KeyLists,
): QueryCreator<Db<Tables, Labels, true, Defaults, Features, Keys>>;
export function builder(fields?: FieldLists, labels?: LabelLists, keys?: KeyLists): any {
  const lists = fields === undefined ? null : checkedFields(fields);
  const labelLists = labels === undefined ? null : checkedLabels(labels, lists);
  const keyLists = keys === undefined ? null : checkedKeys(keys, lists);
  const creator = {
    selectFrom: (source: unknown, alias?: unknown) => startQuery(lists, toSource(source, alias ?? null, 'argument 1 of selectFrom()')),
    query: () => startQuery(lists, null),
    fromAst: (statement: unknown, options?: FromAstOptions) => queryFromStatement(statement, options),
    fromJson: (json: unknown) => queryFromAst(asQuery(statementFromJson(json))),
    ...actionsFor({ fields: lists, labels: labelLists, keys: keyLists }),
  };
  return Object.freeze(creator);
}

/** The field lists, copied and frozen (an object of string arrays). */
function checkedFields(fields: unknown): FieldLists {
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
    throw argumentError('the argument of builder() must be the field lists (database path → field names), as dsq types writes SchemaFields');
  }
  const out: Record<string, readonly string[]> = Object.create(null) as Record<string, readonly string[]>;
  for (const [table, list] of Object.entries(fields)) {
    if (!Array.isArray(list) || !list.every((f) => typeof f === 'string' && f !== '')) {
      throw argumentError(`the field list of "${table}" given to builder() must be an array of field names`);
    }
    out[table] = Object.freeze([...(list as string[])]);
  }
  return Object.freeze(out);
}

/** The label lists, copied and frozen: database path → label → a field name of that database's list. */
function checkedLabels(labels: unknown, fields: FieldLists | null): LabelLists {
  if (typeof labels !== 'object' || labels === null || Array.isArray(labels)) {
    throw argumentError('argument 2 of builder() must be the label lists (database path → field label → field name), as dsq types writes SchemaFieldLabels');
  }
  const out: Record<string, Readonly<Record<string, string>>> = Object.create(null) as Record<string, Readonly<Record<string, string>>>;
  for (const [table, map] of Object.entries(labels)) {
    if (typeof map !== 'object' || map === null || Array.isArray(map))
      throw argumentError(`the labels of "${table}" given to builder() must be an object of field label → field name`);
    const names = fields !== null && Object.hasOwn(fields, table) ? new Set(fields[table]) : null;
    const copy: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const [label, name] of Object.entries(map as Record<string, unknown>)) {
      if (typeof name !== 'string' || name === '' || (names !== null && !names.has(name))) {
        throw argumentError(
          `the label "${label}" of "${table}" given to builder() must map to a field name of "${table}", got ${typeof name === 'string' ? JSON.stringify(name) : typeof name}`,
        );
      }
      copy[label] = name;
    }
    out[table] = Object.freeze(copy);
  }
  return Object.freeze(out);
}

/** The key lists, copied and frozen: database path → key field names of that database's list. */
function checkedKeys(keys: unknown, fields: FieldLists | null): KeyLists {
  if (typeof keys !== 'object' || keys === null || Array.isArray(keys)) {
    throw argumentError('argument 3 of builder() must be the key lists (database path → key field names), as dsq types writes SchemaKeyFields');
  }
  const out: Record<string, readonly string[]> = Object.create(null) as Record<string, readonly string[]>;
  for (const [table, list] of Object.entries(keys)) {
    const names = fields !== null && Object.hasOwn(fields, table) ? new Set(fields[table]) : null;
    if (!Array.isArray(list) || !list.every((f) => typeof f === 'string' && f !== '' && (names === null || names.has(f)))) {
      throw argumentError(`the key fields of "${table}" given to builder() must be an array of field names of "${table}"`);
    }
    out[table] = Object.freeze([...(list as string[])]);
  }
  return Object.freeze(out);
}

const untyped = builder();

/** Untyped `SELECT ... FROM source`. */
export const selectFrom: QueryCreator<UntypedDb>['selectFrom'] = untyped.selectFrom;
/** An untyped query without FROM yet. */
export const query: QueryCreator<UntypedDb>['query'] = untyped.query;
/** An untyped query that extends a select object or SELECT action given as JSON (named apart from src/json's `fromJson`). */
export const queryFromJson: QueryCreator<UntypedDb>['fromJson'] = untyped.fromJson;
