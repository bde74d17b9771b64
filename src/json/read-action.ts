import {
  FETCH_TYPE, ON_DUPLICATE, WRITE_ACTION, foldName,
  type DataAction, type FetchAction, type FieldExpr, type FieldLiteral, type FieldValue, type FileRef, type KeySpec, type OnRemove,
  type RecordData, type RecordsSpecifier, type RecordsWrite, type RemoveAction, type WallType,
} from '../ast/actions.js';
import type { Expr, OrderTerm, SingularSpec, Specifier } from '../ast/nodes.js';
import { didYouMean } from './error.js';
import { Parts, checkProps, describe, done, expectArray, expectObject, expectString, fail, optionalBoolean, prop, type Cx, type Slot, type Step } from './parts.js';
import { readSingularSpecifier, readSpecifier } from './read-select.js';
import { foldKey, type JsonMember, type JsonObject, type JsonValue } from './value.js';

/**
 * The data actions (spec "Data actions: reads" FETCH, "Data actions: writes") from JSON, and
 * the parts only they hold: records specifiers (with `key`), records data (record objects with
 * `expressions`, `file`, `tags`), literal field values. Properties are checked against the
 * spec's tables: an unknown one is an error naming the nearest known one.
 */

const FETCH_TYPES = Object.values(FETCH_TYPE) as string[];
const WRITE_ACTIONS = Object.values(WRITE_ACTION) as string[];
/** Every action dsq reads: select, fetch, and the writes. */
export const DATA_ACTIONS: readonly string[] = ['fetch', ...WRITE_ACTIONS];

export function readDataAction(v: JsonValue, cx: Cx): Step<DataAction> {
  const obj = expectObject(cx, v, 'an action');
  const action = prop(obj, 'action');
  if (action.type !== 'string' || !DATA_ACTIONS.includes(action.value)) {
    const known = ['select', ...DATA_ACTIONS];
    const hint = action.type === 'string' ? didYouMean(action.value, known) : '';
    fail(cx, 'unknown-action', `unknown action ${describe(action)}${hint}; dsq reads the actions ${known.join(', ')}`, action);
  }
  if (action.value === 'fetch') return readFetch(obj, cx);
  const kind = (Object.keys(WRITE_ACTION) as (keyof typeof WRITE_ACTION)[]).find((k) => WRITE_ACTION[k] === action.value) as keyof typeof WRITE_ACTION;
  if (kind === 'update_action') return readUpdate(obj, cx);
  if (kind === 'insert_action' || kind === 'replace_action' || kind === 'set_action') return readRecordsWrite(obj, cx, kind);
  return readRemove(obj, cx, kind);
}

// ---------------------------------------------------------------------------------------
// FETCH

const FETCH_PROPS: { readonly [K in FetchAction['kind']]: { readonly allowed: readonly string[]; readonly required: readonly string[] } } = {
  fetch_records: {
    allowed: ['database', 'records', 'fields', 'attributes', 'where', 'order', 'limit', 'offset', 'children', 'count'],
    required: ['database'],
  },
  fetch_multirecords: { allowed: ['databases', 'where', 'order', 'limit', 'offset', 'children', 'count'], required: ['databases'] },
  fetch_pseudorecords: { allowed: ['select', 'where', 'order', 'limit', 'offset', 'count'], required: ['select'] },
  fetch_tasks: { allowed: ['from', 'user', 'text', 'where', 'order', 'limit', 'offset', 'count'], required: [] },
  fetch_users: { allowed: ['users', 'order', 'limit', 'offset'], required: [] },
  fetch_crons: { allowed: [], required: [] },
  fetch_follows: { allowed: ['user', 'count'], required: [] },
  fetch_keys: { allowed: ['user', 'count'], required: [] },
  fetch_logs: { allowed: ['database', 'records'], required: ['database', 'records'] },
  fetch_notifications: { allowed: ['user', 'type', 'seen'], required: [] },
  fetch_posts: { allowed: ['wall', 'following', 'threads', 'post', 'children', 'records'], required: [] },
  fetch_prefs: { allowed: ['user'], required: [] },
  fetch_pref_defs: { allowed: [], required: [] },
  fetch_user_subscriptions: { allowed: ['team', 'user'], required: [] },
  fetch_seqs: { allowed: [], required: [] },
};

/** The wall specifiers (spec "Specifiers"): each `type` and the property that names its owner. */
const WALL_PROPS: { readonly [K in WallType]: readonly string[] } = {
  group: ['group'],
  database: ['database'],
  record: ['database', 'record'],
  user: ['user'],
};

function readFetch(obj: JsonObject, cx: Cx): Step<FetchAction> {
  if (!obj.member('fetch')) fail(cx, 'missing-property', `a FETCH action needs "fetch" (the fetch type: ${FETCH_TYPES.join(', ')})`, obj);
  const t = prop(obj, 'fetch');
  if (t.type !== 'string') fail(cx, 'wrong-type', `"fetch" must be a fetch type (a string: ${FETCH_TYPES.join(', ')}), got ${describe(t)}`, t);
  const kind = (Object.keys(FETCH_TYPE) as FetchAction['kind'][]).find((k) => FETCH_TYPE[k] === t.value);
  if (kind === undefined) {
    fail(cx, 'unknown-type', `unknown fetch type "${t.value}"${didYouMean(t.value, FETCH_TYPES)}; expected one of ${FETCH_TYPES.join(', ')}`, t);
  }
  const what = `a FETCH ${t.value} action`;
  const props = FETCH_PROPS[kind];
  checkProps(cx, obj, what, ['action', 'fetch', ...props.allowed], ['action', 'fetch', ...props.required]);
  const p = new Parts();
  const where = optionalChild(p, 'expr', obj.get('where'));
  const order = p.list('order_term', optionalList(cx, obj.get('order'), 'the "order" terms'));
  const limit = wholeProp(cx, obj, 'limit');
  const offset = wholeProp(cx, obj, 'offset');
  const count = optionalBoolean(cx, obj.get('count'), '"count"');
  const children = optionalBoolean(cx, obj.get('children'), '"children"');
  const paging = (r: readonly unknown[]) => ({ order: order(r) as OrderTerm[], limit, offset });
  switch (kind) {
    case 'fetch_records': {
      const database = p.one('specifier', prop(obj, 'database'));
      const records = optionalChild(p, 'records_spec', obj.get('records'));
      const fields = nameList(cx, obj.get('fields'), '"fields" (field names)');
      const attributes = nameList(cx, obj.get('attributes'), '"attributes" (attribute names)');
      return p.step((r) => ({
        kind,
        database: database(r),
        records: records(r),
        fields,
        attributes,
        where: where(r),
        ...paging(r),
        children,
        count,
      }));
    }
    case 'fetch_multirecords': {
      const databases = p.one('specifier', prop(obj, 'databases'));
      return p.step((r) => ({ kind, databases: databases(r), where: where(r), ...paging(r), children, count }));
    }
    case 'fetch_pseudorecords': {
      const select = p.one('select', prop(obj, 'select'));
      return p.step((r) => ({ kind, select: select(r), where: where(r), ...paging(r), count }));
    }
    case 'fetch_tasks': {
      const from = wholeProp(cx, obj, 'from');
      const user = optionalChild(p, 'specifier', obj.get('user'));
      const textValue = obj.get('text');
      const text = textValue === undefined || textValue.type === 'null' ? null : expectString(cx, textValue, '"text" (a string)');
      return p.step((r) => ({ kind, from, user: user(r), text, where: where(r), ...paging(r), count }));
    }
    case 'fetch_users': {
      const users = optionalChild(p, 'specifier', obj.get('users'));
      return p.step((r) => ({ kind, users: users(r), ...paging(r) }));
    }
    case 'fetch_crons':
    case 'fetch_pref_defs':
    case 'fetch_seqs':
      return p.step(() => ({ kind }));
    case 'fetch_follows':
    case 'fetch_keys': {
      const user = optionalChild(p, 'specifier', obj.get('user'));
      return p.step((r) => ({ kind, user: user(r), count }));
    }
    case 'fetch_prefs': {
      const user = optionalChild(p, 'specifier', obj.get('user'));
      return p.step((r) => ({ kind, user: user(r) }));
    }
    case 'fetch_logs': {
      const database = p.one('specifier', prop(obj, 'database'));
      const records = p.one('records_spec', prop(obj, 'records'));
      return p.step((r) => ({ kind, database: database(r), records: records(r) }));
    }
    case 'fetch_notifications': {
      const user = optionalChild(p, 'specifier', obj.get('user'));
      const typeValue = obj.get('type');
      const type = typeValue === undefined || typeValue.type === 'null' ? null : expectString(cx, typeValue, '"type" (a notification type)');
      const seen = optionalBoolean(cx, obj.get('seen'), '"seen"');
      return p.step((r) => ({ kind, user: user(r), type, seen }));
    }
    case 'fetch_posts': {
      const wallValue = obj.get('wall');
      let wallType: WallType | null = null;
      let wall: (r: readonly unknown[]) => Specifier | null = () => null;
      let wallRecord: (r: readonly unknown[]) => RecordsSpecifier | null = () => null;
      if (wallValue !== undefined && wallValue.type !== 'null') {
        const w = expectObject(cx, wallValue, '"wall" (a wall specifier: {"type": "group" | "database" | "record" | "user", ...})');
        const types = Object.keys(WALL_PROPS) as WallType[];
        const tv = prop(w, 'type');
        if (tv === undefined || tv.type !== 'string' || !types.includes(tv.value as WallType)) {
          const hint = tv !== undefined && tv.type === 'string' ? didYouMean(tv.value, types) : '';
          fail(cx, 'wrong-type', `"type" of a wall specifier must be "group", "database", "record" or "user", got ${tv === undefined ? 'nothing' : describe(tv)}${hint}`, tv ?? w);
        }
        wallType = tv.value as WallType;
        const owner = WALL_PROPS[wallType];
        checkProps(cx, w, `a ${wallType} wall specifier`, ['type', ...owner], ['type', ...owner]);
        wall = p.one('specifier', prop(w, owner[0] as string)) as (r: readonly unknown[]) => Specifier;
        if (wallType === 'record') wallRecord = p.one('records_spec', prop(w, 'record')) as (r: readonly unknown[]) => RecordsSpecifier;
      }
      const post = wholeProp(cx, obj, 'post');
      const following = optionalBoolean(cx, obj.get('following'), '"following"');
      const threads = optionalBoolean(cx, obj.get('threads'), '"threads"');
      const recordsFlag = optionalBoolean(cx, obj.get('records'), '"records" (whether posts carry their records)');
      return p.step((r) => ({ kind, wallType, wall: wall(r), wallRecord: wallRecord(r), post, following, threads, children, records: recordsFlag }));
    }
    case 'fetch_user_subscriptions': {
      const teamValue = obj.get('team');
      const userValue = obj.get('user');
      if (teamValue !== undefined && teamValue.type !== 'null' && userValue !== undefined && userValue.type !== 'null') {
        fail(cx, 'wrong-type', 'FETCH user_subscriptions takes "team" (the subscriptions of one team) or "user" (of one user), not both', userValue);
      }
      const team = optionalChild(p, 'specifier', teamValue);
      const user = optionalChild(p, 'specifier', userValue);
      return p.step((r) => ({ kind, team: team(r), user: user(r) }));
    }
  }
}

// ---------------------------------------------------------------------------------------
// Writes

function readRecordsWrite(obj: JsonObject, cx: Cx, kind: RecordsWrite['kind']): Step<RecordsWrite> {
  const name = WRITE_ACTION[kind];
  const what = `${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name.toUpperCase()} action`;
  const allowed = ['action', 'database', 'records', 'on_duplicate', ...(kind === 'set_action' ? ['on_remove'] : []), 'fail_no_op'];
  checkProps(cx, obj, what, allowed, ['action', 'database', 'records']);
  const p = new Parts();
  const database = p.one('specifier', prop(obj, 'database'));
  const recordsValue = prop(obj, 'records');
  if (recordsValue.type === 'object' && recordsValue.member('type')) {
    fail(cx, 'unsupported-records', 'records given as delimiter-separated data (dsv, csv, tsv) are not in dsq yet', recordsValue, 'write the records as an array of record objects');
  }
  if (recordsValue.type === 'object') fail(cx, 'wrong-type', '"records" must be an array of record objects, got an object', recordsValue, 'put the record in an array: [{...}]');
  const records = p.list('record', expectArray(cx, recordsValue, '"records" (an array of record objects)'));
  const onDuplicate = oneOfProp(cx, obj, 'on_duplicate', ON_DUPLICATE[kind], `of ${what}`);
  const onRemove = kind === 'set_action' ? (oneOfProp(cx, obj, 'on_remove', ['delete', 'trash'], `of ${what}`) as OnRemove | null) : null;
  const failNoOp = optionalBoolean(cx, obj.get('fail_no_op'), '"fail_no_op"');
  return p.step((r) => {
    const base = { database: database(r), records: records(r) as RecordData[], failNoOp };
    if (kind === 'set_action') return { kind, ...base, onDuplicate: onDuplicate as 'update' | 'delete' | 'trash' | null, onRemove, failNoOp };
    if (kind === 'insert_action') return { kind, ...base, onDuplicate: onDuplicate as 'fail' | 'update' | null, failNoOp };
    return { kind, ...base, onDuplicate: onDuplicate as 'update' | 'delete' | 'trash' | null, failNoOp };
  });
}

function readUpdate(obj: JsonObject, cx: Cx): Step<DataAction> {
  checkProps(cx, obj, 'an UPDATE action', ['action', 'database', 'records', 'fields', 'expressions', 'file', 'fail_no_op'], ['action', 'database', 'records']);
  const p = new Parts();
  const database = p.one('specifier', prop(obj, 'database'));
  const records = p.one('records_spec', prop(obj, 'records'));
  const fields = fieldValues(cx, obj.get('fields'), '"fields" (field names to literal values)');
  const expressions = fieldExprs(cx, p, obj.get('expressions'));
  const fileValue = obj.get('file');
  const file = fileValue === undefined || fileValue.type === 'null' ? null : expectString(cx, fileValue, '"file" (the object id of an uploaded file)');
  const failNoOp = optionalBoolean(cx, obj.get('fail_no_op'), '"fail_no_op"');
  return p.step((r) => ({ kind: 'update_action', database: database(r), records: records(r), fields, expressions: expressions(r), file, failNoOp }));
}

function readRemove(obj: JsonObject, cx: Cx, kind: RemoveAction['kind']): Step<RemoveAction> {
  const what = `a ${WRITE_ACTION[kind].toUpperCase()} action`;
  checkProps(cx, obj, what, ['action', 'database', 'records', 'fail_no_op'], ['action', 'database', 'records']);
  const p = new Parts();
  const database = p.one('specifier', prop(obj, 'database'));
  const records = p.one('records_spec', prop(obj, 'records'));
  const failNoOp = optionalBoolean(cx, obj.get('fail_no_op'), '"fail_no_op"');
  return p.step((r) => ({ kind, database: database(r), records: records(r), failNoOp }));
}

// ---------------------------------------------------------------------------------------
// Records specifiers and records data

/** A records specifier: all, id, name, where, key, or an array of ids, names, wheres and keys. */
export function readRecordsSpecifier(v: JsonValue, cx: Cx): Step<RecordsSpecifier> {
  if (v.type === 'array') {
    const p = new Parts();
    const items = p.list('records_singular', v.items);
    return p.step((r) => ({ kind: 'spec_array', items: items(r) }));
  }
  if (isKeyObject(v)) return done(readKey(v as JsonObject, cx));
  return readSpecifier(v, cx) as Step<RecordsSpecifier>;
}

export function readRecordsSingular(v: JsonValue, cx: Cx): Step<SingularSpec> {
  if (isKeyObject(v)) return done(readKey(v as JsonObject, cx));
  return readSingularSpecifier(v, cx);
}

function isKeyObject(v: JsonValue): boolean {
  if (v.type !== 'object') return false;
  const t = v.get('type');
  return t !== undefined && t.type === 'string' && t.value === 'key';
}

function readKey(obj: JsonObject, cx: Cx): KeySpec {
  checkProps(cx, obj, 'a "key" specifier', ['type', 'key'], ['type', 'key']);
  const key = fieldValues(cx, prop(obj, 'key'), '"key" (key field names to values)');
  if (key.length === 0) fail(cx, 'empty-list', 'a "key" specifier needs the value of every key field; got an empty object', prop(obj, 'key'));
  return { kind: 'spec_key', key };
}

/** Properties of a record object that are not fields. */
const RECORD_PROPS = ['expressions', 'file', 'tags'];

export function readRecord(v: JsonValue, cx: Cx): Step<RecordData> {
  const obj = expectObject(cx, v, 'a record object (field names to values)');
  const p = new Parts();
  const values: FieldValue[] = [];
  for (const m of obj.members) {
    if (RECORD_PROPS.includes(m.key)) continue;
    values.push(fieldValue(cx, m));
  }
  const expressions = fieldExprs(cx, p, obj.get('expressions'));
  const fileValue = obj.get('file');
  const file = fileValue === undefined || fileValue.type === 'null' ? null : readFile(cx, fileValue);
  const tagsValue = obj.get('tags');
  let tags: string[] | null = null;
  if (tagsValue !== undefined && tagsValue.type !== 'null') {
    tags = expectArray(cx, tagsValue, '"tags" (an array of strings)').map((t) => expectString(cx, t, 'a tag'));
  }
  return p.step((r) => ({ kind: 'record', values, expressions: expressions(r), file, tags }));
}

function readFile(cx: Cx, v: JsonValue): FileRef {
  if (v.type === 'string') return { kind: 'file_ref', form: 'object', value: v.value };
  const what = 'a binary object: an uploaded object id (a string), {"type": "text", "content": ...} or {"type": "base64", "content": ...}';
  const obj = expectObject(cx, v, what);
  checkProps(cx, obj, 'a binary object', ['type', 'content'], ['type', 'content']);
  const t = prop(obj, 'type');
  if (t.type !== 'string' || (t.value !== 'text' && t.value !== 'base64')) fail(cx, 'unknown-type', `expected ${what}, got type ${describe(t)}`, t);
  const content = expectString(cx, prop(obj, 'content'), '"content"');
  return { kind: 'file_ref', form: t.value, value: content };
}

function fieldName(m: JsonMember): string {
  return foldName(foldKey(m.rawKey));
}

function fieldValue(cx: Cx, m: JsonMember): FieldValue {
  return { kind: 'field_value', field: fieldName(m), value: literal(cx, m.value) };
}

/** A literal field value: null (or ""), true, false, a number, a string. */
function literal(cx: Cx, v: JsonValue): FieldLiteral {
  switch (v.type) {
    case 'null':
      return { kind: 'null' };
    case 'boolean':
      return { kind: 'boolean', value: v.value };
    case 'number':
      return { kind: 'number', value: v.text };
    case 'string':
      return { kind: 'string', value: v.value };
    default:
      return fail(
        cx,
        'wrong-type',
        `a field value must be a number, a string, true, false or null, got ${describe(v)}`,
        v,
        'a computed value goes in "expressions" ({"field": expression})',
      );
  }
}

function fieldValues(cx: Cx, v: JsonValue | undefined, what: string): FieldValue[] {
  if (v === undefined || v.type === 'null') return [];
  const obj = expectObject(cx, v, what);
  return obj.members.map((m) => fieldValue(cx, m));
}

function fieldExprs(cx: Cx, p: Parts, v: JsonValue | undefined): Slot<FieldExpr[]> {
  if (v === undefined || v.type === 'null') return () => [];
  const obj = expectObject(cx, v, '"expressions" (field names to expressions)');
  const names = obj.members.map(fieldName);
  const es = p.list('expr', obj.members.map((m) => m.value));
  return (r) => es(r).map((e: Expr, i) => ({ kind: 'field_expr', field: names[i] as string, e }));
}

// ---------------------------------------------------------------------------------------
// Plain properties

function optionalChild<W extends 'expr' | 'specifier' | 'records_spec'>(p: Parts, what: W, v: JsonValue | undefined) {
  return p.optional(what, v === undefined || (v.type === 'null' && what !== 'expr') ? undefined : v);
}

function optionalList(cx: Cx, v: JsonValue | undefined, what: string): readonly JsonValue[] {
  if (v === undefined || v.type === 'null') return [];
  return expectArray(cx, v, what);
}

/** A whole number (exact text), or null when absent; range and sign are the spec check's. */
function wholeProp(cx: Cx, obj: JsonObject, key: string): string | null {
  const v = obj.get(key);
  if (v === undefined || v.type === 'null') return null;
  if (v.type !== 'number') fail(cx, 'wrong-type', `"${key}" must be a whole number, got ${describe(v)}`, v);
  return v.text;
}

function nameList(cx: Cx, v: JsonValue | undefined, what: string): string[] | null {
  if (v === undefined || v.type === 'null') return null;
  return expectArray(cx, v, what).map((item) => expectString(cx, item, `a name in ${what}`));
}

function oneOfProp(cx: Cx, obj: JsonObject, key: string, options: readonly string[], of: string): string | null {
  const v = obj.get(key);
  if (v === undefined || v.type === 'null') return null;
  if (v.type !== 'string' || !options.includes(v.value)) {
    const hint = v.type === 'string' ? didYouMean(v.value, options) : '';
    fail(cx, 'wrong-type', `"${key}" ${of} must be ${options.map((o) => `"${o}"`).join(', ').replace(/, ([^,]*)$/, ' or $1')}, got ${describe(v)}${hint}`, v);
  }
  return v.value;
}

