import type { AdminAction, AdminPart } from './admin-actions.js';
import type { Expr, NullLit, NumberLit, Param, Specifier, StringLit } from './nodes.js';
import type { NodeFromFields } from './field-types.js';
import type { FETCH_FIELDS, FetchType } from './kinds-fetch.js';

/**
 * The data actions beyond SELECT (the spec's "Data actions: reads" FETCH and "Data actions:
 * writes"), as AST nodes. Conventions as in nodes.ts: absent optional properties are `null`,
 * numbers are exact whole-number text, lists are arrays. A property the spec gives a default
 * (`children`, `count`, `fail_no_op`, `on_duplicate`, ...) is `null` when the action leaves it
 * out, so an explicit default (`"count": false`) survives a round trip.
 *
 * Field names (keys of record objects, of `fields`, `expressions` and `key`) are kept as
 * written, after the spec's key rules 3-4 (trimmed, white-space runs folded); two names equal
 * after those rules and case folding are the same field.
 */

// ---------------------------------------------------------------------------------------
// Field values

/** `true` / `false`: a field value (record data, key specifiers, UPDATE `fields`); not an expression. */
export interface BooleanLit {
  readonly kind: 'boolean';
  readonly value: boolean;
}

/** A literal field value: what a record object, a key or UPDATE's `fields` holds. */
export type FieldLiteral = NullLit | NumberLit | StringLit | BooleanLit;

/**
 * `"field": value` of a record object, a key specifier or UPDATE's `fields`. The value is a
 * literal, or a parameter (`KEY(id = :id)`) that binding turns into one (null, a number or a
 * string); JSON has no parameter form.
 */
export interface FieldValue {
  readonly kind: 'field_value';
  readonly field: string;
  readonly value: FieldLiteral | Param;
}

/** `"field": expression` of `expressions` (records data, UPDATE). */
export interface FieldExpr {
  readonly kind: 'field_expr';
  readonly field: string;
  readonly e: Expr;
}

/** `{"type": "key", "key": {...}}`: a record by the values of its key fields (at least one). */
export interface KeySpec {
  readonly kind: 'spec_key';
  readonly key: readonly FieldValue[];
}

/** A binary object reference: an uploaded object id (a JSON string), `{"type": "text"|"base64", "content": ...}`. */
export interface FileRef {
  readonly kind: 'file_ref';
  readonly form: 'object' | 'text' | 'base64';
  readonly value: string;
}

/** One record as written: field values, `expressions`, `file`, `tags`. */
export interface RecordData {
  readonly kind: 'record';
  readonly values: readonly FieldValue[];
  readonly expressions: readonly FieldExpr[];
  readonly file: FileRef | null;
  readonly tags: readonly string[] | null;
}

/** The formats of delimiter-separated records (spec "Records": `type` dsv, csv or tsv). */
export const DELIMITED_FORMATS = ['dsv', 'csv', 'tsv'] as const;
export type DelimitedFormat = (typeof DELIMITED_FORMATS)[number];

/**
 * Records given as delimiter-separated data (spec "Records"): `{"type": "dsv" | "csv" | "tsv",
 * "file": binary object, "delimiter": string, "quote": string}`. `delimiter` is required for
 * dsv (csv defaults to a comma, tsv to a tab: null keeps the default), `quote` is optional
 * (null: absent). The data itself is the binary object's, never read by dsq.
 */
export interface DelimitedRecords {
  readonly kind: 'delimited_records';
  readonly format: DelimitedFormat;
  readonly file: FileRef;
  readonly delimiter: string | null;
  readonly quote: string | null;
}

/** The records of INSERT, REPLACE and SET: record objects, or delimiter-separated data. */
export type RecordsData = readonly RecordData[] | DelimitedRecords;

/** Whether a write's records are delimiter-separated data (else an array of record objects). */
export function isDelimited(records: RecordsData): records is DelimitedRecords {
  return !Array.isArray(records);
}
/** The record objects of a write, or none when its records are delimiter-separated data. */
export function recordObjects(records: RecordsData): readonly RecordData[] {
  return isDelimited(records) ? [] : records;
}

/**
 * A records specifier (FETCH records, UPDATE, DELETE, ...): the spec's specifiers (all, id,
 * name, where, array) plus `key`; an array (`spec_array`) may mix ids, names, wheres and keys.
 * A key stands only where records are specified (src/spec/check.ts says so elsewhere).
 */
export type RecordsSpecifier = Specifier | KeySpec;

// ---------------------------------------------------------------------------------------
// FETCH

/**
 * The node of a FETCH type: its properties are the fields of its entry in kinds-fetch.ts
 * (`FETCH_FIELDS`), typed by field-types.ts: a specifier, an expression, whole-number text,
 * a flag... each null where the action leaves it out.
 */
export type FetchNode<T extends FetchType> = NodeFromFields<`fetch_${T}`, (typeof FETCH_FIELDS)[T]>;

/** `{"action": "fetch", "fetch": "records", ...}`. */
export type FetchRecords = FetchNode<'records'>;
export type FetchMultirecords = FetchNode<'multirecords'>;
export type FetchPseudorecords = FetchNode<'pseudorecords'>;
export type FetchTasks = FetchNode<'tasks'>;
export type FetchUsers = FetchNode<'users'>;
/** `crons`, `pref_defs`, `seqs`: fetch types with no properties. */
export type FetchCrons = FetchNode<'crons'>;
export type FetchPrefDefs = FetchNode<'pref_defs'>;
export type FetchSeqs = FetchNode<'seqs'>;
/** `follows`: user (default the current user), count. */
export type FetchFollows = FetchNode<'follows'>;
/** `keys`: the API keys of a user (default the current user; another needs SUPER), count. */
export type FetchKeys = FetchNode<'keys'>;
/** `prefs`: the preferences of a user (default the current user). */
export type FetchPrefs = FetchNode<'prefs'>;
/** `logs`: database and records (both required). */
export type FetchLogs = FetchNode<'logs'>;
/** `notifications`: user (default the current user), `type` filter, `seen` filter (true only seen, false only unseen). */
export type FetchNotifications = FetchNode<'notifications'>;
/**
 * `posts`: the wall (null: all walls) as the spec's wall specifiers hold it: `wallType` and
 * `wall` (the group, database or user specifier), and for a record wall `wallRecord` (the
 * record specifier; `wall` is then its database); `post` a post id (whole-number text); the
 * flags following, threads, children, records.
 */
export type FetchPosts = FetchNode<'posts'>;
/** The walls a wall specifier names: a group's, a database's, a record's, a user's. */
export type WallType = NonNullable<FetchPosts['wallType']>;
/** `user_subscriptions`: of one team (`team`, required in that form) or of one user (`user`, default the current user); never both. */
export type FetchUserSubscriptions = FetchNode<'user_subscriptions'>;

// ---------------------------------------------------------------------------------------
// Writes

export type OnDuplicate = 'fail' | 'update' | 'delete' | 'trash';
export type OnRemove = 'delete' | 'trash';

/** `insert`: on_duplicate `fail` or `update`. */
export interface InsertAction {
  readonly kind: 'insert_action';
  readonly database: Specifier;
  readonly records: RecordsData;
  readonly onDuplicate: 'fail' | 'update' | null;
  readonly failNoOp: boolean | null;
}

/** `replace`: on_duplicate `update`, `delete` or `trash`. */
export interface ReplaceAction {
  readonly kind: 'replace_action';
  readonly database: Specifier;
  readonly records: RecordsData;
  readonly onDuplicate: 'update' | 'delete' | 'trash' | null;
  readonly failNoOp: boolean | null;
}

/** `set`: the database holds exactly these records afterwards. */
export interface SetAction {
  readonly kind: 'set_action';
  readonly database: Specifier;
  readonly records: RecordsData;
  readonly onDuplicate: 'update' | 'delete' | 'trash' | null;
  readonly onRemove: OnRemove | null;
  readonly failNoOp: boolean | null;
}

/** `update`: literal values in `fields`, expressions in `expressions`, a new `file` (object id). */
export interface UpdateAction {
  readonly kind: 'update_action';
  readonly database: Specifier;
  readonly records: RecordsSpecifier;
  readonly fields: readonly FieldValue[];
  readonly expressions: readonly FieldExpr[];
  readonly file: string | null;
  readonly failNoOp: boolean | null;
}

interface RemoveBase {
  readonly database: Specifier;
  readonly records: RecordsSpecifier;
  readonly failNoOp: boolean | null;
}
export interface DeleteAction extends RemoveBase {
  readonly kind: 'delete_action';
}
export interface TrashAction extends RemoveBase {
  readonly kind: 'trash_action';
}
export interface RestoreAction extends RemoveBase {
  readonly kind: 'restore_action';
}
export interface DisposeAction extends RemoveBase {
  readonly kind: 'dispose_action';
}

/** Every FETCH node: one per entry of kinds-fetch.ts. */
export type FetchAction = { [T in FetchType]: FetchNode<T> }[FetchType];
export type RecordsWrite = InsertAction | ReplaceAction | SetAction;
export type RemoveAction = DeleteAction | TrashAction | RestoreAction | DisposeAction;
export type DataAction = FetchAction | RecordsWrite | UpdateAction | RemoveAction | AdminAction;
export type DataActionKind = DataAction['kind'];

/** Nodes that only stand inside data actions. */
export type ActionPart = BooleanLit | FieldValue | FieldExpr | KeySpec | FileRef | RecordData | DelimitedRecords | AdminPart;

export const RECORDS_WRITE_KINDS = ['insert_action', 'replace_action', 'set_action'] as const satisfies readonly RecordsWrite['kind'][];
export const REMOVE_KINDS = ['delete_action', 'trash_action', 'restore_action', 'dispose_action'] as const satisfies readonly RemoveAction['kind'][];

/** The form two field names are compared in (the spec's key rules 3 and 4, and case). */
export function fieldKey(name: string): string {
  return foldName(name).toLowerCase();
}
/** Rules 3-4: trimmed, white-space runs folded to one space. */
export function foldName(name: string): string {
  return /\s/.test(name) ? name.trim().replace(/\s+/g, ' ') : name;
}

/** Keys a record object holds besides its fields: no field may take these names. */
export const RECORD_PROPERTIES = ['expressions', 'file', 'tags'] as const;
