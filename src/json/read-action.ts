import { withArticle } from '../diagnostic/article.js';
import {
  DELIMITED_FORMATS,
  foldName,
  type DataAction,
  type DelimitedFormat,
  type DelimitedRecords,
  type RecordsData,
  type FieldExpr,
  type FieldLiteral,
  type FieldValue,
  type FileRef,
  type KeySpec,
  type OnRemove,
  type RecordData,
  type RecordsSpecifier,
  type RecordsWrite,
  type RemoveAction,
} from '../ast/data-actions.js';
import type { Expr, SingularSpec } from '../ast/nodes.js';
import { DATA_ACTION_KINDS, KINDS, SYSTEM_ACTION_KINDS } from '../ast/kinds.js';
import { didYouMean } from './error.js';
import { Parts, describe, expectArray, expectObject, expectString, fail, gotType, prop, unknownName, type Cx, type Slot, type Step } from './parts.js';
import { flagProp, jsonProps, oneOfProp, stringProp } from './plain-props.js';
import { readFetch } from './read-fetch.js';
import { ADMIN_ACTIONS, readAdminAction, rejectNotShown } from './read-admin.js';
import { isAdminAction } from '../ast/kinds-admin.js';
import type { AdminAction } from '../ast/admin-actions.js';
import { readSingularSpecifier, readSpecifier } from './read-select.js';
import { foldKey, type JsonMember, type JsonObject, type JsonValue } from './value.js';

/**
 * The data actions (spec "Data actions: reads" FETCH, in read-fetch.ts; "Data actions: writes") from JSON, and
 * the parts only they hold: records specifiers (with `key`), records data (record objects with
 * `expressions`, `file`, `tags`), literal field values. Properties are checked against the
 * spec's tables: an unknown one is an error naming the nearest known one.
 */

type WriteKind = Exclude<DataAction['kind'], `fetch_${string}` | AdminAction['kind']>;
/** The writes' kinds and their spec `"action"` (the kind table's `json.action`). */
const WRITE_KINDS = DATA_ACTION_KINDS.filter((k): k is WriteKind => KINDS[k].json.fetch === null && !isAdminAction({ kind: k }));
const actionName = (kind: WriteKind): string => KINDS[kind].json.action;
const WRITE_ACTIONS = WRITE_KINDS.map(actionName);
/** Every action dsq reads: select, fetch, the writes, and the administrative actions (read-admin.ts). */
export const DATA_ACTIONS: readonly string[] = ['fetch', ...WRITE_ACTIONS, ...ADMIN_ACTIONS];

export function readDataAction(v: JsonValue, cx: Cx): Step<DataAction> {
  const obj = expectObject(cx, v, 'an action');
  const action = obj.get('action');
  if (action === undefined)
    fail(cx, 'missing-property', `an action needs "action" (the action's name: ${DATA_ACTIONS.join(', ')})`, obj, undefined, '"action"');
  if (action.type === 'string') rejectNotShown(obj, action.value, cx);
  if (action.type !== 'string' || !DATA_ACTIONS.includes(action.value)) {
    const known = ['select', ...DATA_ACTIONS, ...SYSTEM_ACTION_KINDS.map((k) => KINDS[k].json.action as string).filter((a, i, all) => all.indexOf(a) === i)];
    const hint = action.type === 'string' ? didYouMean(action.value, known) : '';
    fail(cx, 'unknown-action', `${unknownName('action', action)}${hint}; dsq reads the actions ${known.join(', ')}`, action);
  }
  if (action.value === 'fetch') return readFetch(obj, cx);
  if (ADMIN_ACTIONS.includes(action.value)) return readAdminAction(obj, action.value, cx);
  const kind = WRITE_KINDS.find((k) => actionName(k) === action.value) as WriteKind;
  if (kind === 'update_action') return readUpdate(obj, cx);
  if (kind === 'insert_action' || kind === 'replace_action' || kind === 'set_action') return readRecordsWrite(obj, cx, kind);
  return readRemove(obj, cx, kind);
}

// ---------------------------------------------------------------------------------------
// Writes

/** Checks a write's properties: `action` and its fields' JSON keys (the kind table). */
function actionProps(p: Parts, obj: JsonObject, what: string, kind: WriteKind): void {
  const props = jsonProps(kind);
  p.props(obj, what, ['action', ...props.allowed], ['action', ...props.required]);
}

function readRecordsWrite(obj: JsonObject, cx: Cx, kind: RecordsWrite['kind']): Step<RecordsWrite> {
  const name = actionName(kind);
  const what = `${withArticle(name.toUpperCase())} action`;
  const p = new Parts(cx);
  actionProps(p, obj, what, kind);
  const database = p.one('specifier', obj.get('database'));
  const recordsValue = obj.get('records');
  // Records are an array of record objects, or delimiter-separated data: {"type": "csv", "file": ...}.
  const delimited = recordsValue !== undefined && isTypedObject(recordsValue) ? p.attempt(() => readDelimited(p, cx, recordsValue as JsonObject), null) : null;
  const records: Slot<RecordsData> =
    delimited !== null
      ? () => delimited
      : p.list('record', recordsValue === undefined || isTypedObject(recordsValue) ? [] : p.attempt(() => recordItems(cx, recordsValue), []));
  const onDuplicate = p.attempt(() => oneOfProp(cx, obj, 'on_duplicate', KINDS[kind].fields.onDuplicate.options ?? [], `of ${what}`), null);
  const onRemove =
    kind === 'set_action' ? (p.attempt(() => oneOfProp(cx, obj, 'on_remove', ['delete', 'trash'], `of ${what}`), null) as OnRemove | null) : null;
  const failNoOp = flagProp(p, cx, obj, 'fail_no_op');
  return p.step((r) => {
    const base = { database: database(r), records: records(r), failNoOp };
    if (kind === 'set_action') return { kind, ...base, onDuplicate: onDuplicate as 'update' | 'delete' | 'trash' | null, onRemove, failNoOp };
    if (kind === 'insert_action') return { kind, ...base, onDuplicate: onDuplicate as 'fail' | 'update' | null, failNoOp };
    return { kind, ...base, onDuplicate: onDuplicate as 'update' | 'delete' | 'trash' | null, failNoOp };
  });
}

/** An object with "type": records given as delimiter-separated data. */
const isTypedObject = (v: JsonValue) => v.type === 'object' && v.member('type') !== undefined;

/** The records of an INSERT, REPLACE or SET as an array of record objects. */
function recordItems(cx: Cx, recordsValue: JsonValue): readonly JsonValue[] {
  if (recordsValue.type === 'object') {
    fail(
      cx,
      'wrong-type',
      '"records" must be an array of record objects or delimiter-separated data ({"type": "csv", "file": ...}), got an object without "type"',
      recordsValue,
      'put the record in an array: [{...}]',
    );
  }
  return expectArray(cx, recordsValue, '"records" (an array of record objects, or {"type": "dsv" | "csv" | "tsv", "file": ...})');
}

/**
 * Records given as delimiter-separated data (spec "Records"): `{"type": "dsv" | "csv" | "tsv",
 * "file": binary object, "delimiter": string (required for dsv), "quote": string}`. Each
 * property is checked on its own (a bad one does not hide another); null when any is bad.
 */
function readDelimited(p: Parts, cx: Cx, obj: JsonObject): DelimitedRecords | null {
  const t = prop(obj, 'type');
  const formats: readonly string[] = DELIMITED_FORMATS;
  if (t.type !== 'string' || !formats.includes(t.value)) {
    const hint = t.type === 'string' ? didYouMean(t.value, formats) : '';
    fail(
      cx,
      'unknown-type',
      `"type" of delimiter-separated records must be "dsv", "csv" or "tsv", got ${describe(t)}${hint}`,
      t,
      'or give "records" as an array of record objects',
    );
  }
  const format = t.value as DelimitedFormat;
  const what = `${format} records`;
  p.props(obj, what, ['type', 'file', 'delimiter', 'quote'], ['type', 'file']);
  const fileValue = obj.get('file');
  const file = fileValue === undefined ? null : p.attempt(() => readFile(p, cx, fileValue), null);
  const text = (key: 'delimiter' | 'quote'): string | null => {
    const v = obj.get(key);
    if (v === undefined || v.type === 'null') {
      if (key === 'delimiter' && format === 'dsv')
        p.problem(
          'missing-property',
          'dsv records need "delimiter" (a string; the spec: "required for dsv")',
          v ?? obj,
          'csv defaults to a comma, tsv to a tab',
        );
      return null;
    }
    return p.attempt(() => {
      const value = expectString(cx, v, `"${key}" (a string)`);
      if (value === '') fail(cx, 'wrong-type', `"${key}" of ${what} must not be empty`, v);
      return value;
    }, null);
  };
  const delimiter = text('delimiter');
  const quote = text('quote');
  return file === null ? null : { kind: 'delimited_records', format, file, delimiter, quote };
}

function readUpdate(obj: JsonObject, cx: Cx): Step<DataAction> {
  const p = new Parts(cx);
  actionProps(p, obj, 'an UPDATE action', 'update_action');
  const database = p.one('specifier', obj.get('database'));
  const records = p.one('records_spec', obj.get('records'));
  const fields = fieldValues(p, cx, obj.get('fields'), '"fields" (field names to literal values)');
  const expressions = fieldExprs(cx, p, obj.get('expressions'));
  const file = stringProp(p, cx, obj, 'file', '"file" (the object id of an uploaded file)');
  const failNoOp = flagProp(p, cx, obj, 'fail_no_op');
  return p.step((r) => ({ kind: 'update_action', database: database(r), records: records(r), fields, expressions: expressions(r), file, failNoOp }));
}

function readRemove(obj: JsonObject, cx: Cx, kind: RemoveAction['kind']): Step<RemoveAction> {
  const what = `${withArticle(actionName(kind).toUpperCase())} action`;
  const p = new Parts(cx);
  actionProps(p, obj, what, kind);
  const database = p.one('specifier', obj.get('database'));
  const records = p.one('records_spec', obj.get('records'));
  const failNoOp = flagProp(p, cx, obj, 'fail_no_op');
  return p.step((r) => ({ kind, database: database(r), records: records(r), failNoOp }));
}

// ---------------------------------------------------------------------------------------
// Records specifiers and records data

/** A records specifier: all, id, name, where, key, or an array of ids, names, wheres and keys. */
export function readRecordsSpecifier(v: JsonValue, cx: Cx): Step<RecordsSpecifier> {
  if (v.type === 'array') {
    const p = new Parts(cx);
    const items = p.list('records_singular', v.items);
    return p.step((r) => ({ kind: 'spec_array', items: items(r) }));
  }
  if (isKeyObject(v)) return readKey(v as JsonObject, cx);
  return readSpecifier(v, cx) as Step<RecordsSpecifier>;
}

export function readRecordsSingular(v: JsonValue, cx: Cx): Step<SingularSpec> {
  if (isKeyObject(v)) return readKey(v as JsonObject, cx);
  return readSingularSpecifier(v, cx);
}

function isKeyObject(v: JsonValue): boolean {
  if (v.type !== 'object') return false;
  const t = v.get('type');
  return t !== undefined && t.type === 'string' && t.value === 'key';
}

function readKey(obj: JsonObject, cx: Cx): Step<KeySpec> {
  const p = new Parts(cx);
  p.props(obj, 'a "key" specifier', ['type', 'key'], ['type', 'key']);
  const keyValue = obj.get('key');
  if (keyValue !== undefined) {
    const key = fieldValues(p, cx, keyValue, '"key" (key field names to values)');
    if (keyValue.type === 'null' || (keyValue.type === 'object' && keyValue.members.length === 0)) {
      p.problem('empty-list', 'a "key" specifier needs the value of every key field; got an empty object', keyValue);
    }
    return p.step(() => ({ kind: 'spec_key', key }));
  }
  return p.step(() => null as never);
}

/** Properties of a record object that are not fields. */
const RECORD_PROPS = ['expressions', 'file', 'tags'];

export function readRecord(v: JsonValue, cx: Cx): Step<RecordData> {
  const obj = expectObject(cx, v, 'a record object (field names to values)');
  // Each field, "expressions", "file" and each tag is read on its own: a bad one is reported and the others read on.
  const p = new Parts(cx);
  const values: FieldValue[] = [];
  for (const m of obj.members) {
    if (RECORD_PROPS.includes(m.key)) continue;
    const value = p.attempt(() => fieldValue(cx, m), null);
    if (value !== null) values.push(value);
  }
  const expressions = fieldExprs(cx, p, obj.get('expressions'));
  const fileValue = obj.get('file');
  const file = fileValue === undefined || fileValue.type === 'null' ? null : p.attempt(() => readFile(p, cx, fileValue), null);
  const tagsValue = obj.get('tags');
  let tags: string[] | null = null;
  if (tagsValue !== undefined && tagsValue.type !== 'null') {
    tags = p.each(
      p.attempt(() => expectArray(cx, tagsValue, '"tags" (an array of strings)'), []),
      (t) => expectString(cx, t, 'a tag'),
    );
  }
  return p.step((r) => ({ kind: 'record', values, expressions: expressions(r), file, tags }));
}

/** A record's "file": its "type" and "content" are each checked (a bad one does not hide the other); null when either is bad. */
export function readFile(p: Parts, cx: Cx, v: JsonValue): FileRef | null {
  if (v.type === 'string') return located<FileRef>(cx, { kind: 'file_ref', form: 'object', value: v.value }, v);
  const what = 'a binary object: an uploaded object id (a string), {"type": "text", "content": ...} or {"type": "base64", "content": ...}';
  const obj = expectObject(cx, v, what);
  p.props(obj, 'a binary object', ['type', 'content'], ['type', 'content']);
  const form = p.attempt(() => {
    const t = prop(obj, 'type');
    if (t.type !== 'string' || (t.value !== 'text' && t.value !== 'base64')) fail(cx, 'unknown-type', `expected ${what}, got ${gotType(t)}`, t);
    return t.value;
  }, null);
  const content = p.attempt(() => expectString(cx, prop(obj, 'content'), '"content"'), null);
  // A problem with the content (spec/base64, spec/empty-string) is placed at "content".
  return form === null || content === null
    ? null
    : located<FileRef>(cx, { kind: 'file_ref', form: form as FileRef['form'], value: content }, obj.get('content') as JsonValue);
}

/** Records where a node read outside the frames of `run` came from, when a problem is being placed. */
function located<T extends object>(cx: Cx, node: T, from: JsonValue): T {
  cx.origins?.set(node, from);
  return node;
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

/** Field names to literal values: each value checked on its own (a bad one is reported, the others read on). */
function fieldValues(p: Parts, cx: Cx, v: JsonValue | undefined, what: string): FieldValue[] {
  if (v === undefined || v.type === 'null') return [];
  const obj = p.attempt(() => expectObject(cx, v, what), null);
  if (obj === null) return [];
  const out: FieldValue[] = [];
  for (const m of obj.members) {
    const value = p.attempt(() => fieldValue(cx, m), null);
    if (value !== null) out.push(value);
  }
  return out;
}

function fieldExprs(cx: Cx, p: Parts, v: JsonValue | undefined): Slot<FieldExpr[]> {
  if (v === undefined || v.type === 'null') return () => [];
  const obj = p.attempt(() => expectObject(cx, v, '"expressions" (field names to expressions)'), null);
  if (obj === null) return () => [];
  const names = obj.members.map(fieldName);
  const es = p.list(
    'expr',
    obj.members.map((m) => m.value),
  );
  return (r) => es(r).map((e: Expr, i) => ({ kind: 'field_expr', field: names[i] as string, e }));
}
