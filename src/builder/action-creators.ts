import type {
  DeleteAction,
  DisposeAction,
  RestoreAction,
  TrashAction,
  FetchCrons,
  FetchFollows,
  FetchKeys,
  FetchPrefDefs,
  FetchPrefs,
  FetchSeqs,
  InsertAction,
  RecordsSpecifier,
  ReplaceAction,
  SetAction,
} from '../ast/data-actions.js';
import type { Specifier } from '../ast/nodes.js';
import { isQueryLike, nestedSelect } from './brand.js';
import { argumentError, describeValue } from './errors.js';
import { toSpecifier, type SpecArg } from './values.js';
import { databaseFields, NO_SCHEMA, type ActionContext } from './action-fields.js';
import { toDatabase } from './action-args.js';
import {
  FetchLogsBuilder,
  FetchMultirecordsBuilder,
  FetchNotificationsBuilder,
  FetchPlainBuilder,
  FetchPostsBuilder,
  FetchPseudorecordsBuilder,
  FetchRecordsBuilder,
  FetchTasksBuilder,
  FetchUserBuilder,
  FetchUsersBuilder,
  FetchUserSubscriptionsBuilder,
  type Paging,
} from './fetch-builders.js';
import { RecordsWriteBuilder, RemoveBuilder, UpdateBuilder } from './write-builders.js';
import { systemActionsFor } from './system-builders.js';
import { adminActionsFor } from './admin-builders.js';
import { structActionsFor } from './struct-builders.js';

/**
 * Builders of the data actions (issue 16): FETCH records, multirecords, pseudorecords, tasks,
 * users; INSERT, REPLACE, SET; UPDATE; DELETE, TRASH, RESTORE, DISPOSE. Immutable: every
 * method returns a new builder. `toAst()` checks the tree as `fromAst` does (structure and the
 * spec's rules: a field named twice is an error) and gives exactly the tree the text compiler
 * gives for the same action, so `toJson()` is the same JSON.
 *
 * The builders are in fetch-builders.ts and write-builders.ts (their base: action-builder.ts),
 * their arguments become nodes in action-args.ts; this file holds the entry points.
 */

export { helpers, recordKey, type DelimitedArg, type Helpers, type RecordsArg } from './action-args.js';
export {
  FetchLogsBuilder,
  FetchMultirecordsBuilder,
  FetchNotificationsBuilder,
  FetchPlainBuilder,
  FetchPostsBuilder,
  FetchPseudorecordsBuilder,
  FetchRecordsBuilder,
  FetchTasksBuilder,
  FetchUserBuilder,
  FetchUsersBuilder,
  FetchUserSubscriptionsBuilder,
} from './fetch-builders.js';
export { RecordsWriteBuilder, RemoveBuilder, UpdateBuilder } from './write-builders.js';
export {
  AdminBuilder,
  AlterDatabaseBuilder,
  AlterValueBuilder,
  DropBuilder,
  type AddFieldsPosition,
  type CreateGroupOptions,
  type FieldDefArg,
  type JsonObjectArg,
  type TypedAlterDatabase,
} from './admin-builders.js';

const PAGING: Paging = { order: [], limit: null, offset: null };
const ALL: RecordsSpecifier = { kind: 'spec_all' };

/** The entry points of a builder (`builder()`'s result; `ctx`: its field lists, for the typed builder's run-time checks). */
export function actionsFor(ctx: ActionContext) {
  const database = (value: SpecArg, what: string): Specifier => {
    const spec = toDatabase(value, what);
    databaseFields(ctx, spec, what);
    return spec;
  };
  return Object.freeze({
    fetchRecords: (db: SpecArg) =>
      new FetchRecordsBuilder(
        {
          kind: 'fetch_records',
          database: database(db, 'argument 1 of fetchRecords()'),
          records: null,
          fields: null,
          attributes: null,
          where: null,
          ...PAGING,
          children: null,
          count: null,
        },
        ctx,
      ),
    fetchMultirecords: (databases: SpecArg) =>
      new FetchMultirecordsBuilder(
        {
          kind: 'fetch_multirecords',
          databases: toDatabase(databases, 'argument 1 of fetchMultirecords()'),
          where: null,
          ...PAGING,
          children: null,
          count: null,
        },
        ctx,
      ),
    fetchPseudorecords: (query: unknown) => {
      if (!isQueryLike(query)) throw argumentError(`argument 1 of fetchPseudorecords() must be a query (selectFrom(...)), got ${describeValue(query)}`);
      return new FetchPseudorecordsBuilder(
        { kind: 'fetch_pseudorecords', select: nestedSelect(query, 'argument 1 of fetchPseudorecords()'), where: null, ...PAGING, count: null },
        ctx,
      );
    },
    fetchTasks: () => new FetchTasksBuilder({ kind: 'fetch_tasks', from: null, user: null, text: null, where: null, ...PAGING, count: null }, ctx),
    fetchUsers: (users: SpecArg | null = null) =>
      new FetchUsersBuilder({ kind: 'fetch_users', users: users === null ? null : toSpecifier(users, 'argument 1 of fetchUsers()'), ...PAGING }, ctx),
    fetchCrons: () => new FetchPlainBuilder<FetchCrons>({ kind: 'fetch_crons' }, ctx),
    fetchPrefDefs: () => new FetchPlainBuilder<FetchPrefDefs>({ kind: 'fetch_pref_defs' }, ctx),
    fetchSeqs: () => new FetchPlainBuilder<FetchSeqs>({ kind: 'fetch_seqs' }, ctx),
    fetchFollows: (user: SpecArg | null = null) =>
      new FetchUserBuilder<FetchFollows>(
        { kind: 'fetch_follows', user: user === null ? null : toSpecifier(user, 'argument 1 of fetchFollows()'), count: null },
        ctx,
      ),
    fetchKeys: (user: SpecArg | null = null) =>
      new FetchUserBuilder<FetchKeys>({ kind: 'fetch_keys', user: user === null ? null : toSpecifier(user, 'argument 1 of fetchKeys()'), count: null }, ctx),
    fetchPrefs: (user: SpecArg | null = null) =>
      new FetchUserBuilder<FetchPrefs>({ kind: 'fetch_prefs', user: user === null ? null : toSpecifier(user, 'argument 1 of fetchPrefs()') }, ctx),
    fetchLogs: (db: SpecArg) => new FetchLogsBuilder({ kind: 'fetch_logs', database: database(db, 'argument 1 of fetchLogs()'), records: ALL }, ctx),
    fetchNotifications: (user: SpecArg | null = null) =>
      new FetchNotificationsBuilder(
        { kind: 'fetch_notifications', user: user === null ? null : toSpecifier(user, 'argument 1 of fetchNotifications()'), type: null, seen: null },
        ctx,
      ),
    fetchPosts: () =>
      new FetchPostsBuilder(
        { kind: 'fetch_posts', wallType: null, wall: null, wallRecord: null, post: null, following: null, threads: null, children: null, records: null },
        ctx,
      ),
    fetchUserSubscriptions: () => new FetchUserSubscriptionsBuilder({ kind: 'fetch_user_subscriptions', team: null, user: null }, ctx),
    insertInto: (db: SpecArg) =>
      new RecordsWriteBuilder<InsertAction>(
        { kind: 'insert_action', database: database(db, 'argument 1 of insertInto()'), records: [], onDuplicate: null, failNoOp: null },
        ctx,
      ),
    replaceInto: (db: SpecArg) =>
      new RecordsWriteBuilder<ReplaceAction>(
        { kind: 'replace_action', database: database(db, 'argument 1 of replaceInto()'), records: [], onDuplicate: null, failNoOp: null },
        ctx,
      ),
    setRecords: (db: SpecArg) =>
      new RecordsWriteBuilder<SetAction>(
        { kind: 'set_action', database: database(db, 'argument 1 of setRecords()'), records: [], onDuplicate: null, onRemove: null, failNoOp: null },
        ctx,
      ),
    updateTable: (db: SpecArg) =>
      new UpdateBuilder(
        { kind: 'update_action', database: database(db, 'argument 1 of updateTable()'), records: ALL, fields: [], expressions: [], file: null, failNoOp: null },
        ctx,
      ),
    deleteFrom: (db: SpecArg) =>
      new RemoveBuilder<DeleteAction>({ kind: 'delete_action', database: database(db, 'argument 1 of deleteFrom()'), records: ALL, failNoOp: null }, ctx),
    trashFrom: (db: SpecArg) =>
      new RemoveBuilder<TrashAction>({ kind: 'trash_action', database: database(db, 'argument 1 of trashFrom()'), records: ALL, failNoOp: null }, ctx),
    restoreFrom: (db: SpecArg) =>
      new RemoveBuilder<RestoreAction>({ kind: 'restore_action', database: database(db, 'argument 1 of restoreFrom()'), records: ALL, failNoOp: null }, ctx),
    disposeFrom: (db: SpecArg) =>
      new RemoveBuilder<DisposeAction>({ kind: 'dispose_action', database: database(db, 'argument 1 of disposeFrom()'), records: ALL, failNoOp: null }, ctx),
    // DOWNLOAD, the task and thread actions, the system actions (issue 29): system-builders.ts.
    ...systemActionsFor(ctx, database),
    // SCHEMA, DROP, ALTER DATABASE (admin-builders.ts)
    ...adminActionsFor(ctx),
    // The struct actions (struct-builders.ts)
    ...structActionsFor(ctx, database),
  });
}

/** The entry points of the untyped builder. */
export const actions = actionsFor(NO_SCHEMA);
export type ActionCreators = typeof actions;
