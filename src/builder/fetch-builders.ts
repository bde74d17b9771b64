import type {
  DataAction,
  FetchCrons,
  FetchFollows,
  FetchKeys,
  FetchLogs,
  FetchNotifications,
  FetchPosts,
  FetchPrefDefs,
  FetchPrefs,
  FetchSeqs,
  FetchUserSubscriptions,
  FetchMultirecords,
  FetchPseudorecords,
  FetchRecords,
  FetchTasks,
  FetchUsers,
} from '../ast/data-actions.js';
import type { OrderTerm, WholeOrParam } from '../ast/nodes.js';
import { argumentError } from './errors.js';
import { toName, toSpecifier, type SpecArg } from './values.js';
import { checkFields, checkKeyFields } from './action-fields.js';
import { condition, flag, names, orderTerm, toDatabase, toRecords, whole, type ConditionArg, type RecordsArg } from './action-args.js';
import { ActionBuilder } from './action-builder.js';

/** The builders of the FETCH actions (issue 16): records, multirecords, pseudorecords, tasks, users and the fetch types without expressions. */

export interface Paging {
  readonly order: readonly OrderTerm[];
  readonly limit: WholeOrParam | null;
  readonly offset: WholeOrParam | null;
}

/** ORDER BY, LIMIT, OFFSET of the FETCH builders. */
abstract class FetchBuilder<N extends Extract<DataAction, Paging>, Self> extends ActionBuilder<N> {
  protected abstract make(node: N): Self;
  protected with(parts: Partial<N>): Self {
    return this.make({ ...this.node, ...parts });
  }
  orderBy(term: unknown, direction: 'asc' | 'desc' = 'asc'): Self {
    return this.with({ order: [...this.node.order, orderTerm(term, direction, 'argument 1 of .orderBy()')] } as unknown as unknown as Partial<N>);
  }
  limit(limit: number | bigint | null): Self {
    return this.with({ limit: whole(limit, 'argument 1 of .limit()', true) } as unknown as unknown as Partial<N>);
  }
  offset(offset: number | bigint | null): Self {
    return this.with({ offset: whole(offset, 'argument 1 of .offset()', true) } as unknown as unknown as Partial<N>);
  }
}

export class FetchRecordsBuilder extends FetchBuilder<FetchRecords, FetchRecordsBuilder> {
  protected make(node: FetchRecords): FetchRecordsBuilder {
    return new FetchRecordsBuilder(node, this.ctx);
  }
  /** `fields`: the fields returned (`[]` none; null: all). */
  fields(fields: readonly string[] | null): FetchRecordsBuilder {
    const list = fields === null ? null : names(fields, '.fields()');
    if (list !== null) checkFields(this.fieldList(), this.node.database, list, '.fields()');
    return this.with({ fields: list });
  }
  attributes(attributes: readonly string[] | null): FetchRecordsBuilder {
    return this.with({ attributes: attributes === null ? null : names(attributes, '.attributes()') });
  }
  records(records: RecordsArg | null): FetchRecordsBuilder {
    const spec = records === null ? null : toRecords(records, 'argument 1 of .records()');
    if (spec !== null) checkKeyFields(this.fieldList(), this.node.database, spec, '.records()');
    return this.with({ records: spec });
  }
  where(cond: ConditionArg | null): FetchRecordsBuilder {
    return this.with({ where: cond === null ? null : condition(cond, 'argument 1 of .where()', this.ctx) });
  }
  children(children: boolean | null = true): FetchRecordsBuilder {
    return this.with({ children: flag(children, 'argument 1 of .children()') });
  }
  count(count: boolean | null = true): FetchRecordsBuilder {
    return this.with({ count: flag(count, 'argument 1 of .count()') });
  }
}

export class FetchMultirecordsBuilder extends FetchBuilder<FetchMultirecords, FetchMultirecordsBuilder> {
  protected make(node: FetchMultirecords): FetchMultirecordsBuilder {
    return new FetchMultirecordsBuilder(node, this.ctx);
  }
  where(cond: ConditionArg | null): FetchMultirecordsBuilder {
    return this.with({ where: cond === null ? null : condition(cond, 'argument 1 of .where()', this.ctx) });
  }
  children(children: boolean | null = true): FetchMultirecordsBuilder {
    return this.with({ children: flag(children, 'argument 1 of .children()') });
  }
  count(count: boolean | null = true): FetchMultirecordsBuilder {
    return this.with({ count: flag(count, 'argument 1 of .count()') });
  }
}

export class FetchPseudorecordsBuilder extends FetchBuilder<FetchPseudorecords, FetchPseudorecordsBuilder> {
  protected make(node: FetchPseudorecords): FetchPseudorecordsBuilder {
    return new FetchPseudorecordsBuilder(node, this.ctx);
  }
  where(cond: ConditionArg | null): FetchPseudorecordsBuilder {
    return this.with({ where: cond === null ? null : condition(cond, 'argument 1 of .where()', this.ctx) });
  }
  count(count: boolean | null = true): FetchPseudorecordsBuilder {
    return this.with({ count: flag(count, 'argument 1 of .count()') });
  }
}

export class FetchTasksBuilder extends FetchBuilder<FetchTasks, FetchTasksBuilder> {
  protected make(node: FetchTasks): FetchTasksBuilder {
    return new FetchTasksBuilder(node, this.ctx);
  }
  /** `from`: a task id. */
  from(task: number | bigint | null): FetchTasksBuilder {
    return this.with({ from: whole(task, 'argument 1 of .from() (a task id)', false) });
  }
  user(user: SpecArg | null): FetchTasksBuilder {
    return this.with({ user: user === null ? null : toSpecifier(user, 'argument 1 of .user()') });
  }
  text(text: string | null): FetchTasksBuilder {
    return this.with({ text: text === null ? null : toName(text, 'argument 1 of .text()') });
  }
  where(cond: ConditionArg | null): FetchTasksBuilder {
    return this.with({ where: cond === null ? null : condition(cond, 'argument 1 of .where()', this.ctx) });
  }
  count(count: boolean | null = true): FetchTasksBuilder {
    return this.with({ count: flag(count, 'argument 1 of .count()') });
  }
}

export class FetchUsersBuilder extends FetchBuilder<FetchUsers, FetchUsersBuilder> {
  protected make(node: FetchUsers): FetchUsersBuilder {
    return new FetchUsersBuilder(node, this.ctx);
  }
}

/** FETCH CRONS, PREF_DEFS, SEQS: no properties. */
export class FetchPlainBuilder<N extends FetchCrons | FetchPrefDefs | FetchSeqs> extends ActionBuilder<N> {}

/** FETCH FOLLOWS, KEYS: `.user(...)`, `.count()`; FETCH PREFS: `.user(...)`. */
export class FetchUserBuilder<N extends FetchFollows | FetchKeys | FetchPrefs> extends ActionBuilder<N> {
  private with(parts: Partial<N>): FetchUserBuilder<N> {
    return new FetchUserBuilder<N>({ ...this.node, ...parts }, this.ctx);
  }
  /** `user`: whose (default: the current user's). */
  user(user: SpecArg | null): FetchUserBuilder<N> {
    return this.with({ user: user === null ? null : toSpecifier(user, 'argument 1 of .user()') } as Partial<N>);
  }
  /** `count` (FOLLOWS and KEYS). */
  count(count: boolean | null = true): FetchUserBuilder<N> {
    if (this.node.kind === 'fetch_prefs') throw argumentError('.count() is for FETCH FOLLOWS and FETCH KEYS; FETCH PREFS has no count');
    return this.with({ count: flag(count, 'argument 1 of .count()') } as unknown as Partial<N>);
  }
}

/** FETCH LOGS: `.records(...)` or `.where(...)` (the records whose log is read; default: all). */
export class FetchLogsBuilder extends ActionBuilder<FetchLogs> {
  private with(parts: Partial<FetchLogs>): FetchLogsBuilder {
    return new FetchLogsBuilder({ ...this.node, ...parts }, this.ctx);
  }
  records(records: RecordsArg): FetchLogsBuilder {
    const spec = toRecords(records, 'argument 1 of .records()');
    checkKeyFields(this.fieldList(), this.node.database, spec, '.records()');
    return this.with({ records: spec });
  }
  where(cond: ConditionArg): FetchLogsBuilder {
    return this.with({ records: { kind: 'spec_where', where: condition(cond, 'argument 1 of .where()', this.ctx) } });
  }
}

/** FETCH NOTIFICATIONS: `.user(...)`, `.type('...')`, `.seen(true|false)`. */
export class FetchNotificationsBuilder extends ActionBuilder<FetchNotifications> {
  private with(parts: Partial<FetchNotifications>): FetchNotificationsBuilder {
    return new FetchNotificationsBuilder({ ...this.node, ...parts }, this.ctx);
  }
  user(user: SpecArg | null): FetchNotificationsBuilder {
    return this.with({ user: user === null ? null : toSpecifier(user, 'argument 1 of .user()') });
  }
  /** `type`: the notification type filter. */
  type(type: string | null): FetchNotificationsBuilder {
    return this.with({ type: type === null ? null : toName(type, 'argument 1 of .type()') });
  }
  /** `seen`: true only seen ones, false only unseen ones. */
  seen(seen: boolean | null = true): FetchNotificationsBuilder {
    return this.with({ seen: flag(seen, 'argument 1 of .seen()') });
  }
}

/** FETCH POSTS: the wall (`.onGroup`, `.onDatabase`, `.onRecord`, `.onUser`), `.post(id)`, the flags. */
export class FetchPostsBuilder extends ActionBuilder<FetchPosts> {
  private with(parts: Partial<FetchPosts>): FetchPostsBuilder {
    return new FetchPostsBuilder({ ...this.node, ...parts }, this.ctx);
  }
  onGroup(group: SpecArg): FetchPostsBuilder {
    return this.with({ wallType: 'group', wall: toSpecifier(group, 'argument 1 of .onGroup()'), wallRecord: null });
  }
  onDatabase(database: SpecArg): FetchPostsBuilder {
    return this.with({ wallType: 'database', wall: toDatabase(database, 'argument 1 of .onDatabase()'), wallRecord: null });
  }
  onRecord(database: SpecArg, record: RecordsArg): FetchPostsBuilder {
    return this.with({
      wallType: 'record',
      wall: toDatabase(database, 'argument 1 of .onRecord()'),
      wallRecord: toRecords(record, 'argument 2 of .onRecord()'),
    });
  }
  onUser(user: SpecArg): FetchPostsBuilder {
    return this.with({ wallType: 'user', wall: toSpecifier(user, 'argument 1 of .onUser()'), wallRecord: null });
  }
  /** All walls (the default). */
  onAllWalls(): FetchPostsBuilder {
    return this.with({ wallType: null, wall: null, wallRecord: null });
  }
  /** `post`: a post id. */
  post(post: number | bigint | null): FetchPostsBuilder {
    return this.with({ post: whole(post, 'argument 1 of .post() (a post id)', false) });
  }
  following(value: boolean | null = true): FetchPostsBuilder {
    return this.with({ following: flag(value, 'argument 1 of .following()') });
  }
  threads(value: boolean | null = true): FetchPostsBuilder {
    return this.with({ threads: flag(value, 'argument 1 of .threads()') });
  }
  children(value: boolean | null = true): FetchPostsBuilder {
    return this.with({ children: flag(value, 'argument 1 of .children()') });
  }
  /** `records`: whether posts carry their records. */
  records(value: boolean | null = true): FetchPostsBuilder {
    return this.with({ records: flag(value, 'argument 1 of .records()') });
  }
}

/** FETCH USER_SUBSCRIPTIONS: `.team(...)` (one team's) or `.user(...)` (one user's; default the current user). */
export class FetchUserSubscriptionsBuilder extends ActionBuilder<FetchUserSubscriptions> {
  private with(parts: Partial<FetchUserSubscriptions>): FetchUserSubscriptionsBuilder {
    return new FetchUserSubscriptionsBuilder({ ...this.node, ...parts }, this.ctx);
  }
  team(team: SpecArg | null): FetchUserSubscriptionsBuilder {
    if (team !== null && this.node.user !== null)
      throw argumentError('.team(): this fetch already names a user (.user()); the subscriptions are of a team or of a user');
    return this.with({ team: team === null ? null : toSpecifier(team, 'argument 1 of .team()') });
  }
  user(user: SpecArg | null): FetchUserSubscriptionsBuilder {
    if (user !== null && this.node.team !== null)
      throw argumentError('.user(): this fetch already names a team (.team()); the subscriptions are of a team or of a user');
    return this.with({ user: user === null ? null : toSpecifier(user, 'argument 1 of .user()') });
  }
}
