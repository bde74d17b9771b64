import type {
  DataAction, DeleteAction, DisposeAction, RestoreAction, TrashAction,
  FetchCrons, FetchFollows, FetchKeys, FetchLogs, FetchNotifications, FetchPosts, FetchPrefDefs, FetchPrefs, FetchSeqs, FetchUserSubscriptions, FetchMultirecords, FetchPseudorecords, FetchRecords, FetchTasks, FetchUsers, FieldExpr, FieldLiteral, FieldValue, FileRef, InsertAction,
  KeySpec, RecordData, RecordsSpecifier, RemoveAction, ReplaceAction, SetAction, UpdateAction,
} from '../ast/actions.js';
import { fieldKey, foldName } from '../ast/actions.js';
import type { Expr, OrderTerm, SingularSpec, Specifier, WholeOrParam } from '../ast/nodes.js';
import { toJson, type ToJsonOptions } from '../json/index.js';
import { print, type PrintOptions } from '../print/index.js';
import { isExpressionLike, isQueryLike, nestedSelect, ordered, type ExpressionLike } from './brand.js';
import { argumentError, describeValue } from './errors.js';
import { and, col, fn, lit, not, or, ref } from './functions.js';
import { checkedTree, numberText, toCondition, toExpr, toName, toSpecifier, wholeNumberText, type SpecArg } from './values.js';
import { checkFields, checkKeyFields, checkRecordFields, databaseFields, NO_SCHEMA, type ActionContext, type KnownFields } from './action-fields.js';
import { makeExpressionBuilder } from './eb.js';

/**
 * Builders of the data actions (issue 16): FETCH records, multirecords, pseudorecords, tasks,
 * users; INSERT, REPLACE, SET; UPDATE; DELETE, TRASH, RESTORE, DISPOSE. Immutable: every
 * method returns a new builder. `toAst()` checks the tree as `fromAst` does (structure and the
 * spec's rules: a field named twice is an error) and gives exactly the tree the text compiler
 * gives for the same action, so `toJson()` is the same JSON.
 */

/** What a callback of `.where(...)` or `.set(...)` gets: the expression helpers. */
export const helpers = Object.freeze({ col, ref, lit, fn, and, or, not });
export type Helpers = typeof helpers;

/** A condition: an expression (`col('a').eq(1)`) or an expression node. */
type Condition = ExpressionLike | Expr;
type ConditionArg = Condition | ((h: Helpers) => Condition);

/** A records specifier argument: an id, a name, a condition (where), `recordKey({...})`, `spec.all()`, or an array of them. */
export type RecordsArg = SpecArg | KeySpec | readonly (SpecArg | KeySpec)[];

/** The key specifiers recordKey() made: only those are taken as specifiers (a node-shaped object from outside is a value, never syntax). */
const madeKeys = new WeakSet<object>();

/** `{"type": "key", "key": {...}}`: a record by the values of its key fields. */
export function recordKey(key: Readonly<Record<string, unknown>>): KeySpec {
  if (typeof key !== 'object' || key === null || Array.isArray(key)) throw argumentError(`recordKey() takes an object of key field values, got ${describeValue(key)}`);
  const entries = Object.entries(key);
  if (entries.length === 0) throw argumentError('recordKey() needs the value of every key field, got an empty object');
  const spec: KeySpec = Object.freeze({ kind: 'spec_key', key: entries.map(([f, v]) => ({ kind: 'field_value', field: fieldName(f), value: literal(v, `the key field ${f}`) }) as const) });
  madeKeys.add(spec);
  return spec;
}

function fieldName(name: string): string {
  const folded = foldName(name);
  if (folded === '') throw argumentError(`a field name must not be empty, got ${JSON.stringify(name)}`);
  return folded;
}

function isKeySpec(v: unknown): v is KeySpec {
  return typeof v === 'object' && v !== null && madeKeys.has(v);
}

function toRecords(value: unknown, what: string): RecordsSpecifier {
  if (isKeySpec(value)) return value;
  if (Array.isArray(value)) {
    const items: SingularSpec[] = value.map((item, i) => {
      if (isKeySpec(item)) return item;
      const s = toSpecifier(item, `item ${i + 1} of ${what}`);
      if (s.kind === 'spec_all' || s.kind === 'spec_array') throw argumentError(`item ${i + 1} of ${what} must be an id, a name, a condition or recordKey(...)`);
      return s;
    });
    return { kind: 'spec_array', items };
  }
  return toSpecifier(value, what);
}

function toDatabase(value: unknown, what: string): Specifier {
  return toSpecifier(value, what);
}

/** A literal field value: a number, a string ('' is null), true, false, null. */
function literal(value: unknown, what: string): FieldLiteral {
  if (value === null || value === '') return { kind: 'null' };
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  if (typeof value === 'number' || typeof value === 'bigint') return { kind: 'number', value: numberText(value, what) };
  if (typeof value === 'string') return { kind: 'string', value };
  throw argumentError(`${what} must be a number, a string, true, false or null, got ${describeValue(value)}`);
}

/** A value of a record or of `.set()`: a literal, or an expression (which goes to `expressions`). */
function cell(field: string, value: unknown, what: string): FieldValue | FieldExpr {
  if (value === undefined) throw argumentError(`${what} is undefined: leave the field out, or pass null for NULL`);
  if (value === null || typeof value === 'boolean' || typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string') {
    return { kind: 'field_value', field, value: literal(value, what) };
  }
  return { kind: 'field_expr', field, e: toExpr(value, what) };
}

function toFile(value: unknown, what: string): FileRef {
  if (typeof value === 'string') return { kind: 'file_ref', form: 'object', value: toName(value, what) };
  if (typeof value === 'object' && value !== null) {
    const { type, content } = value as { type?: unknown; content?: unknown };
    if ((type === 'text' || type === 'base64') && typeof content === 'string' && content !== '') return { kind: 'file_ref', form: type, value: content };
  }
  throw argumentError(`${what} must be an object id (a string), { type: 'text', content } or { type: 'base64', content }, got ${describeValue(value)}`);
}

/** A record object (field → value; `expressions`, `tags`, `file` as the spec's record has them). */
function toRecord(value: unknown, what: string): RecordData {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || isExpressionLike(value)) {
    throw argumentError(`${what} must be a record object (field names to values), got ${describeValue(value)}`);
  }
  const values: FieldValue[] = [];
  const expressions: FieldExpr[] = [];
  let file: FileRef | null = null;
  let tags: string[] | null = null;
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue; // the spec's rule 7: undefined is an absent key
    const k = fieldKey(key);
    if (k === 'tags') {
      if (v === null) continue;
      if (!Array.isArray(v) || v.some((t) => typeof t !== 'string' || t === '')) throw argumentError(`tags of ${what} must be an array of non-empty strings, got ${describeValue(v)}`);
      tags = [...(v as string[])];
    } else if (k === 'file') {
      if (v !== null) file = toFile(v, `file of ${what}`);
    } else if (k === 'expressions') {
      if (typeof v !== 'object' || v === null) throw argumentError(`expressions of ${what} must be an object of field names to expressions`);
      for (const [f, e] of Object.entries(v)) expressions.push({ kind: 'field_expr', field: fieldName(f), e: toExpr(e, `expressions.${f} of ${what}`) });
    } else {
      const c = cell(fieldName(key), v, `${key} of ${what}`);
      if (c.kind === 'field_value') values.push(c);
      else expressions.push(c);
    }
  }
  return { kind: 'record', values, expressions, file, tags };
}

function whole(value: unknown, what: string, min0: boolean): string | null {
  if (value === null) return null;
  const text = wholeNumberText(value, what);
  if (min0 && text.startsWith('-')) throw argumentError(`${what} must be at least 0, got ${text}`);
  return text;
}

function flag(value: unknown, what: string): boolean | null {
  if (value === null) return null;
  if (typeof value !== 'boolean') throw argumentError(`${what} must be true, false or null, got ${describeValue(value)}`);
  return value;
}

function condition(arg: ConditionArg, what: string, ctx: ActionContext): Expr {
  const value = typeof arg === 'function' ? (arg as (h: unknown) => Condition)(makeExpressionBuilder(ctx.fields)) : arg;
  return toCondition(value, what);
}

function orderTerm(term: unknown, direction: unknown, what: string): OrderTerm {
  if (direction !== 'asc' && direction !== 'desc') throw argumentError(`the direction of ${what} is 'asc' or 'desc', got ${describeValue(direction)}`);
  if (ordered.has(term)) return term.node;
  if (typeof term === 'string') return { kind: 'order_term', e: { kind: 'column', path: toName(term, what) }, order: direction };
  return { kind: 'order_term', e: toExpr(term, what), order: direction };
}

/** What every action builder has: the checked tree, its JSON and its text. */
abstract class ActionBuilder<N extends DataAction> {
  /** `ctx`: what the builder knows of the schema at run time (field lists, for the checks of a typed builder) and the expression builder its callbacks get. */
  constructor(protected readonly node: N, protected readonly ctx: ActionContext = NO_SCHEMA) {}
  /** The action's tree, checked as fromAst checks a tree (a field named twice is an error here). */
  toAst(): N {
    return checkedTree(this.node, 'statement') as N;
  }
  /** The database's fields (names, and labels when known) when the builder has the schema's field lists (null: unchecked). */
  protected fieldList(): KnownFields | null {
    const node = this.node as DataAction;
    return 'database' in node ? databaseFields(this.ctx, node.database, 'the database') : null;
  }
  toJson(options?: ToJsonOptions): string {
    return toJson(this.toAst(), options);
  }
  toText(options?: PrintOptions): string {
    return print(this.toAst(), options);
  }
}

interface Paging {
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

const names = (list: readonly unknown[], what: string) => list.map((n, i) => toName(n, `item ${i + 1} of ${what}`));

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
    return this.with({ wallType: 'record', wall: toDatabase(database, 'argument 1 of .onRecord()'), wallRecord: toRecords(record, 'argument 2 of .onRecord()') });
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
    if (team !== null && this.node.user !== null) throw argumentError('.team(): this fetch already names a user (.user()); the subscriptions are of a team or of a user');
    return this.with({ team: team === null ? null : toSpecifier(team, 'argument 1 of .team()') });
  }
  user(user: SpecArg | null): FetchUserSubscriptionsBuilder {
    if (user !== null && this.node.team !== null) throw argumentError('.user(): this fetch already names a team (.team()); the subscriptions are of a team or of a user');
    return this.with({ user: user === null ? null : toSpecifier(user, 'argument 1 of .user()') });
  }
}

/** INSERT, REPLACE, SET: `.values([...])`, `.onDuplicate(...)`, `.failNoOp()`. */
export class RecordsWriteBuilder<N extends InsertAction | ReplaceAction | SetAction> extends ActionBuilder<N> {
  private with(parts: Partial<N>): RecordsWriteBuilder<N> {
    return new RecordsWriteBuilder<N>({ ...this.node, ...parts }, this.ctx);
  }
  /** Records to write (added to those given before): objects of field values; an expression goes to `expressions`. */
  values(records: readonly Readonly<Record<string, unknown>>[]): RecordsWriteBuilder<N> {
    if (!Array.isArray(records)) throw argumentError(`.values() takes an array of record objects, got ${describeValue(records)}`);
    const added = records.map((r, i) => toRecord(r, `record ${i + 1} of .values()`));
    checkRecordFields(this.fieldList(), this.node.database, added, '.values()');
    return this.with({ records: [...this.node.records, ...added] } as unknown as unknown as Partial<N>);
  }
  onDuplicate(value: NonNullable<N['onDuplicate']> | null): RecordsWriteBuilder<N> {
    const allowed = this.node.kind === 'insert_action' ? ['fail', 'update'] : ['update', 'delete', 'trash'];
    if (value !== null && !allowed.includes(value)) throw argumentError(`.onDuplicate() of ${this.node.kind.replace('_action', '')} takes ${allowed.join(', ')}, got ${describeValue(value)}`);
    return this.with({ onDuplicate: value } as unknown as unknown as Partial<N>);
  }
  /** SET only: `on_remove`. */
  onRemove(value: 'delete' | 'trash' | null): RecordsWriteBuilder<N> {
    if (this.node.kind !== 'set_action') throw argumentError('.onRemove() is for the set action (db.setRecords(...))');
    if (value !== null && value !== 'delete' && value !== 'trash') throw argumentError(`.onRemove() takes 'delete' or 'trash', got ${describeValue(value)}`);
    return this.with({ onRemove: value } as unknown as unknown as Partial<N>);
  }
  failNoOp(value: boolean | null = true): RecordsWriteBuilder<N> {
    return this.with({ failNoOp: flag(value, 'argument 1 of .failNoOp()') } as unknown as unknown as Partial<N>);
  }
}

export class UpdateBuilder extends ActionBuilder<UpdateAction> {
  private with(parts: Partial<UpdateAction>): UpdateBuilder {
    return new UpdateBuilder({ ...this.node, ...parts }, this.ctx);
  }
  /** Field values: a literal goes to `fields`, an expression to `expressions`; a callback gets the helpers (`col`, ...). */
  set(values: Readonly<Record<string, unknown>> | ((h: Helpers) => Readonly<Record<string, unknown>>)): UpdateBuilder {
    const object = typeof values === 'function' ? (values as (h: unknown) => Readonly<Record<string, unknown>>)(makeExpressionBuilder(this.ctx.fields)) : values;
    if (typeof object !== 'object' || object === null || Array.isArray(object)) throw argumentError(`.set() takes an object of field values, got ${describeValue(object)}`);
    const fields = [...this.node.fields];
    const expressions = [...this.node.expressions];
    for (const [key, v] of Object.entries(object)) {
      if (v === undefined) continue;
      const c = cell(fieldName(key), v, `${key} of .set()`);
      if (c.kind === 'field_value') fields.push(c);
      else expressions.push(c);
    }
    checkFields(this.fieldList(), this.node.database, [...fields, ...expressions].map((c) => c.field), '.set()', true);
    return this.with({ fields, expressions });
  }
  /** `file`: the object id of an uploaded file. */
  file(objectId: string | null): UpdateBuilder {
    return this.with({ file: objectId === null ? null : toName(objectId, 'argument 1 of .file()') });
  }
  where(cond: ConditionArg): UpdateBuilder {
    return this.with({ records: { kind: 'spec_where', where: condition(cond, 'argument 1 of .where()', this.ctx) } });
  }
  records(records: RecordsArg): UpdateBuilder {
    const spec = toRecords(records, 'argument 1 of .records()');
    checkKeyFields(this.fieldList(), this.node.database, spec, '.records()');
    return this.with({ records: spec });
  }
  failNoOp(value: boolean | null = true): UpdateBuilder {
    return this.with({ failNoOp: flag(value, 'argument 1 of .failNoOp()') });
  }
}

export class RemoveBuilder<N extends RemoveAction> extends ActionBuilder<N> {
  private with(parts: Partial<N>): RemoveBuilder<N> {
    return new RemoveBuilder<N>({ ...this.node, ...parts }, this.ctx);
  }
  where(cond: ConditionArg): RemoveBuilder<N> {
    return this.with({ records: { kind: 'spec_where', where: condition(cond, 'argument 1 of .where()', this.ctx) } } as unknown as unknown as Partial<N>);
  }
  records(records: RecordsArg): RemoveBuilder<N> {
    const spec = toRecords(records, 'argument 1 of .records()');
    checkKeyFields(this.fieldList(), this.node.database, spec, '.records()');
    return this.with({ records: spec } as unknown as unknown as Partial<N>);
  }
  failNoOp(value: boolean | null = true): RemoveBuilder<N> {
    return this.with({ failNoOp: flag(value, 'argument 1 of .failNoOp()') } as unknown as unknown as Partial<N>);
  }
}

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
      new FetchRecordsBuilder({
        kind: 'fetch_records', database: database(db, 'argument 1 of fetchRecords()'), records: null, fields: null, attributes: null, where: null, ...PAGING, children: null, count: null,
      }, ctx),
    fetchMultirecords: (databases: SpecArg) =>
      new FetchMultirecordsBuilder({ kind: 'fetch_multirecords', databases: toDatabase(databases, 'argument 1 of fetchMultirecords()'), where: null, ...PAGING, children: null, count: null }, ctx),
    fetchPseudorecords: (query: unknown) => {
      if (!isQueryLike(query)) throw argumentError(`argument 1 of fetchPseudorecords() must be a query (selectFrom(...)), got ${describeValue(query)}`);
      return new FetchPseudorecordsBuilder({ kind: 'fetch_pseudorecords', select: nestedSelect(query, 'argument 1 of fetchPseudorecords()'), where: null, ...PAGING, count: null }, ctx);
    },
    fetchTasks: () => new FetchTasksBuilder({ kind: 'fetch_tasks', from: null, user: null, text: null, where: null, ...PAGING, count: null }, ctx),
    fetchUsers: (users: SpecArg | null = null) => new FetchUsersBuilder({ kind: 'fetch_users', users: users === null ? null : toSpecifier(users, 'argument 1 of fetchUsers()'), ...PAGING }, ctx),
    fetchCrons: () => new FetchPlainBuilder<FetchCrons>({ kind: 'fetch_crons' }, ctx),
    fetchPrefDefs: () => new FetchPlainBuilder<FetchPrefDefs>({ kind: 'fetch_pref_defs' }, ctx),
    fetchSeqs: () => new FetchPlainBuilder<FetchSeqs>({ kind: 'fetch_seqs' }, ctx),
    fetchFollows: (user: SpecArg | null = null) => new FetchUserBuilder<FetchFollows>({ kind: 'fetch_follows', user: user === null ? null : toSpecifier(user, 'argument 1 of fetchFollows()'), count: null }, ctx),
    fetchKeys: (user: SpecArg | null = null) => new FetchUserBuilder<FetchKeys>({ kind: 'fetch_keys', user: user === null ? null : toSpecifier(user, 'argument 1 of fetchKeys()'), count: null }, ctx),
    fetchPrefs: (user: SpecArg | null = null) => new FetchUserBuilder<FetchPrefs>({ kind: 'fetch_prefs', user: user === null ? null : toSpecifier(user, 'argument 1 of fetchPrefs()') }, ctx),
    fetchLogs: (db: SpecArg) => new FetchLogsBuilder({ kind: 'fetch_logs', database: database(db, 'argument 1 of fetchLogs()'), records: ALL }, ctx),
    fetchNotifications: (user: SpecArg | null = null) =>
      new FetchNotificationsBuilder({ kind: 'fetch_notifications', user: user === null ? null : toSpecifier(user, 'argument 1 of fetchNotifications()'), type: null, seen: null }, ctx),
    fetchPosts: () =>
      new FetchPostsBuilder({ kind: 'fetch_posts', wallType: null, wall: null, wallRecord: null, post: null, following: null, threads: null, children: null, records: null }, ctx),
    fetchUserSubscriptions: () => new FetchUserSubscriptionsBuilder({ kind: 'fetch_user_subscriptions', team: null, user: null }, ctx),
    insertInto: (db: SpecArg) =>
      new RecordsWriteBuilder<InsertAction>({ kind: 'insert_action', database: database(db, 'argument 1 of insertInto()'), records: [], onDuplicate: null, failNoOp: null }, ctx),
    replaceInto: (db: SpecArg) =>
      new RecordsWriteBuilder<ReplaceAction>({ kind: 'replace_action', database: database(db, 'argument 1 of replaceInto()'), records: [], onDuplicate: null, failNoOp: null }, ctx),
    setRecords: (db: SpecArg) =>
      new RecordsWriteBuilder<SetAction>({ kind: 'set_action', database: database(db, 'argument 1 of setRecords()'), records: [], onDuplicate: null, onRemove: null, failNoOp: null }, ctx),
    updateTable: (db: SpecArg) =>
      new UpdateBuilder({ kind: 'update_action', database: database(db, 'argument 1 of updateTable()'), records: ALL, fields: [], expressions: [], file: null, failNoOp: null }, ctx),
    deleteFrom: (db: SpecArg) => new RemoveBuilder<DeleteAction>({ kind: 'delete_action', database: database(db, 'argument 1 of deleteFrom()'), records: ALL, failNoOp: null }, ctx),
    trashFrom: (db: SpecArg) => new RemoveBuilder<TrashAction>({ kind: 'trash_action', database: database(db, 'argument 1 of trashFrom()'), records: ALL, failNoOp: null }, ctx),
    restoreFrom: (db: SpecArg) => new RemoveBuilder<RestoreAction>({ kind: 'restore_action', database: database(db, 'argument 1 of restoreFrom()'), records: ALL, failNoOp: null }, ctx),
    disposeFrom: (db: SpecArg) => new RemoveBuilder<DisposeAction>({ kind: 'dispose_action', database: database(db, 'argument 1 of disposeFrom()'), records: ALL, failNoOp: null }, ctx),
  });
}

/** The entry points of the untyped builder. */
export const actions = actionsFor(NO_SCHEMA);
export type ActionCreators = typeof actions;
