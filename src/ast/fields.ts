import { checkDateTimeText, type DateTimeKind } from './datetime.js';
import { DATA_ACTION_KINDS, foldName, type ActionPart, type DataActionKind } from './actions.js';
import { EXPR_KINDS, NODE_KINDS, STATEMENT_KINDS, kindsOf } from './kinds.js';
import { BINARY_OPS, JOIN_OPS, UNARY_OPS, type NodeKind, type NodeOfKind } from './nodes.js';
import { checkNumber } from './numbers.js';

/**
 * Every node kind's fields, declared once: which hold child nodes (and which kinds may stand
 * there), which hold plain values (their type, and the spec's rule for the value). The
 * compiler checks the declaration against the node interfaces (nodes.ts): a new field or node
 * kind does not compile until it is declared here. The validator (validate.ts) and the checks
 * of checked.ts read it; a test checks its child fields against the kind table's `children`
 * (kinds.ts), which the walker reads.
 */

/** What may stand at a place in the tree. */
export type Role =
  | 'node' | 'statement' | 'query' | 'expr' | 'select' | 'source' | 'spec' | 'singular' | 'when' | 'result_column' | 'order_term'
  | 'records_spec' | 'literal' | 'field_value' | 'field_expr' | 'file_ref' | 'record' | 'delimited_records' | 'param';

/** A field holding child nodes: one, one or null, a list, a non-empty list, or `'all'` or a non-empty list. */
export interface ChildField {
  readonly role: Role;
  readonly shape: 'one' | 'nullable' | 'list' | 'nonEmpty' | 'allOrNonEmpty' | 'listOrOne';
  /** For shape `listOrOne`: the role of the one node that may stand instead of the list (a write's records: record objects, or delimited data). */
  readonly orOne?: Role;
  /**
   * A field that holds a plain value or a node in its place (`limit`: whole-number text, or a
   * parameter `:n`): the check of the plain value (null and strings; objects are children).
   */
  readonly orValue?: ValueField;
}
/**
 * A field holding a plain value. `type` is its shape (a string, true or false, one of some
 * words, or null where allowed); `rule` what the spec asks of the value (exact number text,
 * datetime text, not empty). Each returns what is wrong, or null.
 */
export interface ValueField {
  readonly code: string;
  /** The value is a list (of strings) or null: it is copied and frozen with its node. */
  readonly list?: true;
  readonly type: (value: unknown) => string | null;
  readonly rule?: (value: unknown, node: Readonly<Record<string, unknown>>) => string | null;
}
type Field = ChildField | ValueField;

type FieldsOf<K extends NodeKind> = { readonly [F in Exclude<keyof NodeOfKind<K>, 'kind'>]-?: Field };

// ---------------------------------------------------------------------------------------
// Value fields

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return value === '' ? 'an empty string' : `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
    case 'number':
      return `the number ${value}`;
    case 'bigint':
      return `the bigint ${value}`;
    case 'boolean':
      return String(value);
    case 'object': {
      const kind = (value as { kind?: unknown }).kind;
      return typeof kind === 'string' ? `an object with kind ${JSON.stringify(kind.slice(0, 40))}` : 'an object';
    }
    default:
      return `a ${typeof value}`;
  }
}

const isString = (v: unknown) => (typeof v === 'string' ? null : `must be a string, got ${describe(v)}`);
const isStringOrNull = (v: unknown) => (v === null || typeof v === 'string' ? null : `must be a string or null, got ${describe(v)}`);
const notEmpty = (v: unknown) => (v === '' ? 'must not be empty' : null);

const NAME: ValueField = { code: 'wrong-type', type: isString, rule: notEmpty };
/** A parameter name: a letter or `_`, then letters, digits and `_` (what `:name` can spell). */
const PARAM_NAME: ValueField = {
  code: 'wrong-type',
  type: isString,
  rule: (v) => (typeof v === 'string' && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(v) ? `must be a parameter name (a letter or _, then letters, digits or _), got ${describe(v)}` : null),
};
const OPTIONAL_NAME: ValueField = { code: 'wrong-type', type: isStringOrNull, rule: notEmpty };
const STRING_VALUE: ValueField = {
  code: 'wrong-type',
  type: isString,
  rule: (v) => (v === '' ? "must not be empty (the spec's empty string is null: use { kind: 'null' })" : null),
};
const BOOLEAN: ValueField = { code: 'wrong-type', type: (v) => (typeof v === 'boolean' ? null : `must be true or false, got ${describe(v)}`) };
const OPTIONAL_BOOLEAN: ValueField = {
  code: 'wrong-type',
  type: (v) => (v === null || typeof v === 'boolean' ? null : `must be true, false or null, got ${describe(v)}`),
};

/** Number text: a string (a JS number has lost or may lose digits), exact, in the spec's ranges. */
function numberType(v: unknown, nullable: boolean): string | null {
  if (typeof v === 'string' || (nullable && v === null)) return null;
  const example = typeof v === 'number' || typeof v === 'bigint' ? ` such as "${String(v)}"` : '';
  return `must be number text (a string${example}), got ${describe(v)}`;
}
function numberRule(v: unknown, whole: boolean): string | null {
  if (typeof v !== 'string') return null;
  const check = checkNumber(v);
  if (!check.ok) return check.reason;
  return whole && !check.whole ? `must be a whole number, got ${v}` : null;
}
const NUMBER: ValueField = { code: 'number', type: (v) => numberType(v, false), rule: (v) => numberRule(v, false) };
const WHOLE: ValueField = { code: 'number', type: (v) => numberType(v, false), rule: (v) => numberRule(v, true) };
const OPTIONAL_WHOLE: ValueField = { code: 'number', type: (v) => numberType(v, true), rule: (v) => numberRule(v, true) };

const dateTimeRule = (kind: DateTimeKind) => (v: unknown) => (typeof v === 'string' ? checkDateTimeText(kind, v) : null);
const localText = (kind: Exclude<DateTimeKind, 'datetime'>): ValueField => ({ code: 'datetime', type: isString, rule: dateTimeRule(kind) });
/** An instant: epoch milliseconds (whole-number text) for form 'ms', ISO text for form 'iso'. */
const DATETIME_VALUE: ValueField = {
  code: 'datetime',
  type: isString,
  rule: (v, node) => (node['form'] === 'ms' ? numberRule(v, true) : node['form'] === 'iso' ? dateTimeRule('datetime')(v) : null),
};

function oneOf(options: readonly string[]): ValueField {
  const set: ReadonlySet<unknown> = new Set(options);
  return { code: 'wrong-type', type: (v) => (set.has(v) ? null : `must be one of ${options.map((o) => JSON.stringify(o)).join(', ')}, got ${describe(v)}`) };
}

// ---------------------------------------------------------------------------------------
// Child fields

const one = (role: Role): ChildField => ({ role, shape: 'one' });
const nullable = (role: Role): ChildField => ({ role, shape: 'nullable' });
const list = (role: Role): ChildField => ({ role, shape: 'list' });
const nonEmpty = (role: Role): ChildField => ({ role, shape: 'nonEmpty' });

const E = one('expr');
/** The records of INSERT, REPLACE, SET: a list of record objects, or one delimited-records node. */
const RECORDS_DATA: ChildField = { role: 'record', shape: 'listOrOne', orOne: 'delimited_records' };
/** A delimiter or quote: a non-empty string, or null; dsv needs its delimiter (the spec's table: "required for dsv"). */
const DELIMITER: ValueField = {
  code: 'wrong-type',
  type: isStringOrNull,
  rule: (v, node) => (v === null && node['format'] === 'dsv' ? 'must be given for dsv records (the spec: "required for dsv")' : notEmpty(v)),
};

const FIELD_NAME: ValueField = {
  code: 'wrong-type',
  type: isString,
  rule: (v) => (v === '' ? 'must not be empty' : typeof v === 'string' && foldName(v) !== v ? 'must be trimmed, with single spaces (the spec\'s key rules 3-4)' : null),
};
const STRING_LIST_OR_NULL: ValueField = {
  code: 'wrong-type',
  list: true,
  type: (v) => (v === null || (Array.isArray(v) && v.every((x) => typeof x === 'string')) ? null : `must be an array of strings or null, got ${describe(v)}`),
};
const NAME_LIST_OR_NULL: ValueField = {
  ...STRING_LIST_OR_NULL,
  rule: (v) => (Array.isArray(v) && v.some((x) => x === '') ? 'must not hold an empty string' : null),
};
const OPTIONAL_STRING: ValueField = { code: 'wrong-type', type: isStringOrNull, rule: notEmpty };
const OPTIONAL_ONE_OF = (options: readonly string[]): ValueField => {
  const inner = oneOf(options);
  return { code: 'wrong-type', type: (v) => (v === null ? null : inner.type(v)) };
};
/** Whole-number text, null, or a parameter standing for the number (`LIMIT :n`, `ROWS = :n`). */
const OPTIONAL_WHOLE_OR_PARAM: ChildField = { role: 'param', shape: 'nullable', orValue: OPTIONAL_WHOLE };
const PAGING = { order: list('order_term'), limit: OPTIONAL_WHOLE_OR_PARAM, offset: OPTIONAL_WHOLE_OR_PARAM } as const;
const REMOVE = { database: one('spec'), records: one('records_spec'), failNoOp: OPTIONAL_BOOLEAN } as const;

/** The data actions' kinds (src/ast/actions.ts). */
const ACTION_FIELDS: { readonly [K in Extract<NodeKind, DataActionKind | ActionPart['kind']>]: FieldsOf<K> } = {
  boolean: { value: BOOLEAN },
  field_value: { field: FIELD_NAME, value: one('literal') },
  field_expr: { field: FIELD_NAME, e: E },
  spec_key: { key: nonEmpty('field_value') },
  delimited_records: { format: oneOf(['dsv', 'csv', 'tsv']), file: one('file_ref'), delimiter: DELIMITER, quote: { code: 'wrong-type', type: isStringOrNull, rule: notEmpty } },
  file_ref: { form: oneOf(['object', 'text', 'base64']), value: { code: 'wrong-type', type: isString, rule: (v, n) => (n['form'] === 'object' ? notEmpty(v) : null) } },
  record: {
    values: list('field_value'),
    expressions: list('field_expr'),
    file: nullable('file_ref'),
    tags: STRING_LIST_OR_NULL,
  },
  fetch_records: {
    database: one('spec'),
    records: nullable('records_spec'),
    fields: NAME_LIST_OR_NULL,
    attributes: NAME_LIST_OR_NULL,
    where: nullable('expr'),
    ...PAGING,
    children: OPTIONAL_BOOLEAN,
    count: OPTIONAL_BOOLEAN,
  },
  fetch_multirecords: { databases: one('spec'), where: nullable('expr'), ...PAGING, children: OPTIONAL_BOOLEAN, count: OPTIONAL_BOOLEAN },
  fetch_pseudorecords: { select: one('select'), where: nullable('expr'), ...PAGING, count: OPTIONAL_BOOLEAN },
  fetch_tasks: { from: OPTIONAL_WHOLE, user: nullable('spec'), text: OPTIONAL_STRING, where: nullable('expr'), ...PAGING, count: OPTIONAL_BOOLEAN },
  fetch_users: { users: nullable('spec'), ...PAGING },
  fetch_crons: {},
  fetch_follows: { user: nullable('spec'), count: OPTIONAL_BOOLEAN },
  fetch_keys: { user: nullable('spec'), count: OPTIONAL_BOOLEAN },
  fetch_logs: { database: one('spec'), records: one('records_spec') },
  fetch_notifications: { user: nullable('spec'), type: OPTIONAL_STRING, seen: OPTIONAL_BOOLEAN },
  fetch_posts: {
    wallType: OPTIONAL_ONE_OF(['group', 'database', 'record', 'user']),
    wall: nullable('spec'),
    wallRecord: nullable('records_spec'),
    post: OPTIONAL_WHOLE,
    following: OPTIONAL_BOOLEAN,
    threads: OPTIONAL_BOOLEAN,
    children: OPTIONAL_BOOLEAN,
    records: OPTIONAL_BOOLEAN,
  },
  fetch_prefs: { user: nullable('spec') },
  fetch_pref_defs: {},
  fetch_user_subscriptions: { team: nullable('spec'), user: nullable('spec') },
  fetch_seqs: {},
  insert_action: { database: one('spec'), records: RECORDS_DATA, onDuplicate: OPTIONAL_ONE_OF(['fail', 'update']), failNoOp: OPTIONAL_BOOLEAN },
  replace_action: { database: one('spec'), records: RECORDS_DATA, onDuplicate: OPTIONAL_ONE_OF(['update', 'delete', 'trash']), failNoOp: OPTIONAL_BOOLEAN },
  set_action: {
    database: one('spec'),
    records: RECORDS_DATA,
    onDuplicate: OPTIONAL_ONE_OF(['update', 'delete', 'trash']),
    onRemove: OPTIONAL_ONE_OF(['delete', 'trash']),
    failNoOp: OPTIONAL_BOOLEAN,
  },
  update_action: {
    database: one('spec'),
    records: one('records_spec'),
    fields: list('field_value'),
    expressions: list('field_expr'),
    file: OPTIONAL_STRING,
    failNoOp: OPTIONAL_BOOLEAN,
  },
  delete_action: REMOVE,
  trash_action: REMOVE,
  restore_action: REMOVE,
  dispose_action: REMOVE,
};

/** Every node kind's fields, in the order of nodes.ts (the order of the fresh nodes built). */
export const NODE_FIELDS: { readonly [K in NodeKind]: FieldsOf<K> } = {
  null: {},
  number: { value: NUMBER },
  string: { value: STRING_VALUE },
  datetime: { form: oneOf(['ms', 'iso']), value: DATETIME_VALUE },
  localdatetime: { value: localText('localdatetime') },
  localdate: { value: localText('localdate') },
  localtime: { value: localText('localtime') },
  column: { path: NAME },
  system_column: { table: NAME, column: NAME },
  database_column: { database: one('spec'), table: NAME, column: one('spec') },
  alias: { name: NAME },
  between: { e: E, min: E, max: E },
  binary: { op: oneOf(BINARY_OPS), e1: E, e2: E },
  case: { base: nullable('expr'), cases: nonEmpty('when'), else: nullable('expr') },
  when: { when: E, then: E },
  collate: { e: E, collation: NAME },
  count_rows: {},
  exists: { select: one('select') },
  function: { name: NAME, args: list('expr') },
  in: { e: E, values: list('expr') },
  in_select: { e: E, select: one('select') },
  param: { name: PARAM_NAME, list: BOOLEAN },
  subquery: { select: one('select') },
  unary: { op: oneOf(UNARY_OPS), e: E },
  spec_all: {},
  spec_id: { id: WHOLE },
  spec_name: { name: NAME },
  spec_where: { where: E },
  spec_array: { items: list('singular') },
  result_column: { e: E, alias: OPTIONAL_NAME },
  order_term: { e: E, order: oneOf(['asc', 'desc']) },
  table: { table: NAME, alias: OPTIONAL_NAME },
  table_system: { table: NAME, alias: OPTIONAL_NAME },
  table_database: { database: one('spec'), table: NAME, alias: OPTIONAL_NAME },
  join: { op: oneOf(JOIN_OPS), s1: one('source'), s2: one('source') },
  select_source: { select: one('select') },
  select: {
    distinct: BOOLEAN,
    columns: { role: 'result_column', shape: 'allOrNonEmpty' },
    from: nullable('source'),
    where: nullable('expr'),
    group: list('expr'),
    having: nullable('expr'),
    order: list('order_term'),
    limit: nullable('expr'),
    offset: nullable('expr'),
  },
  select_action: { select: one('select'), rows: OPTIONAL_WHOLE_OR_PARAM, useStrings: OPTIONAL_BOOLEAN, echo: OPTIONAL_BOOLEAN },
  ...ACTION_FIELDS,
};

/** One field of a kind, in one shape for every field (the checks run on every node the builder makes). */
export interface FieldEntry {
  readonly key: string;
  readonly child: ChildField | null;
  readonly value: ValueField | null;
}

/** Each kind's fields, in declaration order (built once). */
export const FIELD_LIST = Object.fromEntries(
  Object.entries(NODE_FIELDS).map(([kind, fields]) => [
    kind,
    Object.entries(fields as Record<string, Field>).map(([key, f]): FieldEntry => ('role' in f ? { key, child: f, value: null } : { key, child: null, value: f })),
  ]),
) as unknown as Readonly<Record<NodeKind, readonly FieldEntry[]>>;

/** Each kind's fields that hold a list (of nodes, or of names): a checked node's lists are frozen with it. */
export const LIST_KEYS = Object.fromEntries(
  Object.entries(FIELD_LIST).map(([kind, fields]) => [
    kind,
    fields.filter(({ child, value }) => (child !== null && child.shape !== 'one' && child.shape !== 'nullable') || value?.list === true).map((f) => f.key),
  ]),
) as unknown as Readonly<Record<NodeKind, readonly string[]>>;

// ---------------------------------------------------------------------------------------
// Roles

const ROLE_KINDS: Readonly<Record<Role, readonly NodeKind[]>> = {
  node: NODE_KINDS,
  statement: STATEMENT_KINDS,
  query: ['select', 'select_action'],
  expr: EXPR_KINDS,
  select: kindsOf('select'),
  source: kindsOf('source'),
  spec: kindsOf('specifier'),
  // The items of a specifier array (nodes.ts ArraySpec): keys only in a records specifier.
  singular: ['spec_id', 'spec_name', 'spec_where', 'spec_key'],
  when: kindsOf('when'),
  result_column: kindsOf('result_column'),
  order_term: kindsOf('order_term'),
  records_spec: [...kindsOf('specifier'), 'spec_key'],
  // A field value, or a parameter bound to one (KEY(id = :id)).
  literal: ['null', 'number', 'string', 'boolean', 'param'],
  field_value: ['field_value'],
  field_expr: ['field_expr'],
  file_ref: ['file_ref'],
  record: ['record'],
  delimited_records: ['delimited_records'],
  param: ['param'],
};
const ROLE_SETS = Object.fromEntries(Object.entries(ROLE_KINDS).map(([r, kinds]) => [r, new Set<string>(kinds)])) as unknown as Readonly<
  Record<Role, ReadonlySet<string>>
>;
/** `kind "a"`, `kind "a" or "b"`, `kind "a", "b" or "c"`: the kinds of a role, for messages. */
function kindList(role: Role): string {
  const names = ROLE_KINDS[role].map((k) => JSON.stringify(k));
  return `kind ${names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : names[0]}`;
}
export const ROLE_NAMES: Readonly<Record<Role, string>> = {
  node: 'a node',
  statement: `a statement (kind "select", "select_action" or a data action such as ${DATA_ACTION_KINDS.slice(0, 2).map((k) => JSON.stringify(k)).join(', ')})`,
  query: `a statement that is a query (${kindList('query')})`,
  expr: 'an expression',
  select: `a select node (${kindList('select')})`,
  source: `a source (${kindList('source')})`,
  spec: `a specifier (${kindList('spec')})`,
  singular: `an id, name, where or key specifier (${kindList('singular')})`,
  when: `a CASE arm (${kindList('when')})`,
  result_column: `a result column (${kindList('result_column')})`,
  order_term: `an order term (${kindList('order_term')})`,
  records_spec: `a records specifier (${kindList('records_spec')})`,
  literal: `a field value (${kindList('literal')})`,
  field_value: `a field value (${kindList('field_value')})`,
  field_expr: `a field expression (${kindList('field_expr')})`,
  file_ref: `a binary object reference (${kindList('file_ref')})`,
  record: `a record (${kindList('record')})`,
  delimited_records: `delimiter-separated records (${kindList('delimited_records')})`,
  param: `whole-number text or a parameter (${kindList('param')})`,
};

/** True when a node of this kind may stand where `role` is expected. */
export function kindFits(kind: string, role: Role): boolean {
  return ROLE_SETS[role].has(kind);
}
