import { withArticle } from '../diagnostic/article.js';
import { checkDateTimeText, type DateTimeKind } from './datetime.js';
import { foldName } from './data-actions.js';
import { BINARY_OPS, JOIN_OPS, UNARY_OPS } from './nodes.js';
import { checkNumber } from './numbers.js';

/**
 * The vocabulary the kind table (kinds.ts) describes each field of a kind with: a field holds
 * child nodes (`ChildField`: which kinds may stand there, how many) or a plain value
 * (`ValueField`: its form, its type check and the spec's rule for it). Each field also names
 * its key in the spec's JSON object form and whether that key is required there. No kind is
 * named here: the entries of kinds-*.ts use these, and fields.ts derives the per-kind lists.
 */

/** What may stand at a place in the tree. */
export type Role =
  | 'node'
  | 'statement'
  | 'query'
  | 'expr'
  | 'select'
  | 'source'
  | 'spec'
  | 'singular'
  | 'when'
  | 'result_column'
  | 'order_term'
  | 'records_spec'
  | 'literal'
  | 'field_value'
  | 'field_expr'
  | 'file_ref'
  | 'record'
  | 'delimited_records'
  | 'param'
  // DOWNLOAD, the task and system actions (kinds-system.ts)
  | 'task'
  | 'task_ref'
  | 'write'
  | 'if_condition'
  | 'json_object'
  | 'json_member'
  | 'json_value'
  | 'instant'
  | 'field_def'
  | 'field_option'
  | 'blob_def'
  | 'group_def'
  | 'database_def';

/**
 * What the names written at a field denote, for the tools that read a tree by its fields (the
 * language server's completion, hover and semantic tokens): a database of the schema (the
 * field's specifier names it: `UPDATE shop.orders`), a field of the database in scope (the
 * database of the nearest node above that has a `database` field: `SET amount = 1`,
 * `KEY(id = 1)`, `FIELDS (a, b)`), or a record attribute (`ATTRIBUTES (tags)`). A new kind
 * whose fields say what they denote gets completion and hover there with no code of its own.
 */
export type Denotes = 'database' | 'field' | 'attribute';

/** The spec JSON's side of a field: its key in the object form, and whether that key must be given. */
interface JsonKey {
  /** What the names at this field denote (see Denotes), if they name something of the schema. */
  readonly denotes?: Denotes;
  /**
   * The field denotes that only in a node whose field `field` holds one of `values` (a post's
   * `wall` is a database for a database or record wall, not for a group's or a user's): read
   * it with `denotesIn` (fields.ts).
   */
  readonly denotesWhen?: { readonly field: string; readonly values: readonly string[] };
  /**
   * The key in the spec's object form; absent: the field's name in snake case (`failNoOp` is
   * `fail_no_op`); null: no key of its own (the kind's writer spells it, as a post's wall).
   */
  readonly json?: string | null;
  /** The JSON key must be given (default: a child field of shape `one`, or a write's records). */
  readonly required?: boolean;
}

/**
 * A field holding child nodes: one, one or null, a list, a list or null (`nullableList`: null
 * when not given, an empty list when given empty: both kept), a non-empty list, or `'all'` or a
 * non-empty list.
 */
export interface ChildField extends JsonKey {
  readonly role: Role;
  readonly shape: 'one' | 'nullable' | 'list' | 'nullableList' | 'nonEmpty' | 'allOrNonEmpty' | 'listOrOne';
  /** For shape `listOrOne`: the role of the one node that may stand instead of the list (a write's records: record objects, or delimited data). */
  readonly orOne?: Role;
  /**
   * A field that holds a plain value or a node in its place (`limit`: whole-number text, or a
   * parameter `:n`): the check of the plain value (null and strings; objects are children).
   */
  readonly orValue?: ValueField;
}

/**
 * What a plain value is, for the parts that read, write and generate values field by field
 * (the JSON reader and writer of the data actions, the test arbitraries): text, number text
 * (whole or not), a flag, a list of names, one of some words, datetime text.
 */
export type ValueForm = 'text' | 'number' | 'whole' | 'flag' | 'names' | 'word' | 'datetime';

/**
 * A field holding a plain value. `type` is its shape (a string, true or false, one of some
 * words, or null where allowed); `rule` what the spec asks of the value (exact number text,
 * datetime text, not empty). Each returns what is wrong, or null.
 */
export interface ValueField extends JsonKey {
  readonly code: string;
  readonly form: ValueForm;
  /** null is a value of the field (the spec's default, or absent). */
  readonly nullable: boolean;
  /** For form `word`: the words. */
  readonly options?: readonly string[];
  /** The value is a list (of strings) or null: it is copied and frozen with its node. */
  readonly list?: true;
  readonly type: (value: unknown) => string | null;
  readonly rule?: (value: unknown, node: Readonly<Record<string, unknown>>) => string | null;
}
export type Field = ChildField | ValueField;
/** A value field of form `word` whose words are known to the compiler (the node type's property is their union). */
export interface WordField<O extends readonly string[], N extends boolean> extends ValueField {
  readonly form: 'word';
  readonly nullable: N;
  readonly options: O;
}

export function isChildField(field: Field): field is ChildField {
  return 'role' in field;
}

/** A field's key in the spec's JSON object form: its `json`, else its name in snake case (`failNoOp` is `fail_no_op`); null: none of its own. */
export function jsonKey(key: string, field: Field): string | null {
  return field.json === undefined ? snakeCase(key) : field.json;
}

/** `failNoOp` as `fail_no_op`. (A key without capitals, most of them, is returned as it is: the tables call this some 500 times at every start-up.) */
function snakeCase(key: string): string {
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c >= 65 && c <= 90) return key.replace(/[A-Z]/g, (upper) => `_${upper.toLowerCase()}`);
  }
  return key;
}

/** The field with its JSON key named (`at('wall', ...)`), or with none of its own (`at(null, ...)`). */
export const at = <F extends Field>(json: string | null, field: F): F => ({ ...field, json });
/** The field, its JSON key required. */
export const required = <F extends Field>(field: F): F => ({ ...field, required: true });

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
      return withArticle(typeof value);
  }
}

const isString = (v: unknown) => (typeof v === 'string' ? null : `must be a string, got ${describe(v)}`);
const isStringOrNull = (v: unknown) => (v === null || typeof v === 'string' ? null : `must be a string or null, got ${describe(v)}`);
const notEmpty = (v: unknown) => (v === '' ? 'must not be empty' : null);

export const NAME = { code: 'wrong-type', form: 'text', nullable: false, type: isString, rule: notEmpty } as const satisfies ValueField;
/** A parameter name: a letter or `_`, then letters, digits and `_` (what `:name` can spell). */
export const PARAM_NAME = {
  code: 'wrong-type',
  form: 'text',
  nullable: false,
  type: isString,
  rule: (v) =>
    typeof v === 'string' && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(v)
      ? `must be a parameter name (a letter or _, then letters, digits or _), got ${describe(v)}`
      : null,
} as const satisfies ValueField;
export const OPTIONAL_NAME = { code: 'wrong-type', form: 'text', nullable: true, type: isStringOrNull, rule: notEmpty } as const satisfies ValueField;
export const STRING_VALUE = {
  code: 'wrong-type',
  form: 'text',
  nullable: false,
  type: isString,
  rule: (v) => (v === '' ? "must not be empty (the spec's empty string is null: use { kind: 'null' })" : null),
} as const satisfies ValueField;
export const BOOLEAN = {
  code: 'wrong-type',
  form: 'flag',
  nullable: false,
  type: (v) => (typeof v === 'boolean' ? null : `must be true or false, got ${describe(v)}`),
} as const satisfies ValueField;
export const OPTIONAL_BOOLEAN = {
  code: 'wrong-type',
  form: 'flag',
  nullable: true,
  type: (v) => (v === null || typeof v === 'boolean' ? null : `must be true, false or null, got ${describe(v)}`),
} as const satisfies ValueField;

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
export const NUMBER = {
  code: 'number',
  form: 'number',
  nullable: false,
  type: (v) => numberType(v, false),
  rule: (v) => numberRule(v, false),
} as const satisfies ValueField;
export const WHOLE = {
  code: 'number',
  form: 'whole',
  nullable: false,
  type: (v) => numberType(v, false),
  rule: (v) => numberRule(v, true),
} as const satisfies ValueField;
export const OPTIONAL_WHOLE = {
  code: 'number',
  form: 'whole',
  nullable: true,
  type: (v) => numberType(v, true),
  rule: (v) => numberRule(v, true),
} as const satisfies ValueField;

const dateTimeRule = (kind: DateTimeKind) => (v: unknown) => (typeof v === 'string' ? checkDateTimeText(kind, v) : null);
export const localText = (kind: Exclude<DateTimeKind, 'datetime'>) =>
  ({
    code: 'datetime',
    form: 'datetime',
    nullable: false,
    type: isString,
    rule: dateTimeRule(kind),
  }) as const satisfies ValueField;
/** An instant: epoch milliseconds (whole-number text) for form 'ms', ISO text for form 'iso'. */
export const DATETIME_VALUE = {
  code: 'datetime',
  form: 'datetime',
  nullable: false,
  type: isString,
  rule: (v, node) => (node['form'] === 'ms' ? numberRule(v, true) : node['form'] === 'iso' ? dateTimeRule('datetime')(v) : null),
} as const satisfies ValueField;

export function oneOf<const O extends readonly string[]>(options: O): WordField<O, false> {
  const set: ReadonlySet<unknown> = new Set(options);
  return {
    code: 'wrong-type',
    form: 'word',
    nullable: false,
    options,
    type: (v) => (set.has(v) ? null : `must be one of ${options.map((o) => JSON.stringify(o)).join(', ')}, got ${describe(v)}`),
  };
}
export const OPTIONAL_ONE_OF = <const O extends readonly string[]>(options: O): WordField<O, true> => {
  const inner = oneOf(options);
  return { ...inner, nullable: true, type: (v) => (v === null ? null : inner.type(v)) };
};
export const BINARY_OP = oneOf(BINARY_OPS);
export const UNARY_OP = oneOf(UNARY_OPS);
export const JOIN_OP = oneOf(JOIN_OPS);

/** A delimiter or quote: a non-empty string, or null; dsv needs its delimiter (the spec's table: "required for dsv"). */
export const DELIMITER = {
  code: 'wrong-type',
  form: 'text',
  nullable: true,
  type: isStringOrNull,
  rule: (v, node) => (v === null && node['format'] === 'dsv' ? 'must be given for dsv records (the spec: "required for dsv")' : notEmpty(v)),
} as const satisfies ValueField;
/**
 * A name as the parser reads one (a field, a key, a group, database or blob definition's name):
 * not empty, not only white space (syntax/empty-name; U+FEFF is white space too), trimmed with
 * single spaces (the parser folds white space in a name: the spec's key rules 3-4), so that a
 * tree holding it prints to text that reads back to the same name.
 */
export function foldedName(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  if (v === '') return 'must not be empty';
  const folded = foldName(v);
  if (folded === '') return 'must not be empty (it is only white space)';
  return folded === v ? null : `must be trimmed, with single spaces (the spec's key rules 3-4; read from text it is ${JSON.stringify(folded)})`;
}
export const FIELD_NAME = {
  denotes: 'field',
  code: 'wrong-type',
  form: 'text',
  nullable: false,
  type: isString,
  rule: foldedName,
} as const satisfies ValueField;
/** A file reference's value: an object id (not empty), or text or base64 content. */
export const FILE_VALUE = {
  code: 'wrong-type',
  form: 'text',
  nullable: false,
  type: isString,
  rule: (v, n) => (n['form'] === 'object' ? notEmpty(v) : null),
} as const satisfies ValueField;
export const STRING_LIST_OR_NULL = {
  code: 'wrong-type',
  form: 'names',
  nullable: true,
  list: true,
  type: (v) => (v === null || (Array.isArray(v) && v.every((x) => typeof x === 'string')) ? null : `must be an array of strings or null, got ${describe(v)}`),
} as const satisfies ValueField;
export const NAME_LIST_OR_NULL = {
  ...STRING_LIST_OR_NULL,
  rule: (v) => (Array.isArray(v) && v.some((x) => x === '') ? 'must not hold an empty string' : null),
} as const satisfies ValueField;
/** Names of fields of the database in scope (FETCH RECORDS FIELDS (...)). */
export const FIELD_NAMES = { ...NAME_LIST_OR_NULL, denotes: 'field' } as const satisfies ValueField;
/** Names of record attributes (FETCH RECORDS ATTRIBUTES (...)). */
export const ATTRIBUTE_NAMES = { ...NAME_LIST_OR_NULL, denotes: 'attribute' } as const satisfies ValueField;
export const OPTIONAL_STRING = { code: 'wrong-type', form: 'text', nullable: true, type: isStringOrNull, rule: notEmpty } as const satisfies ValueField;

// ---------------------------------------------------------------------------------------
// Child fields

/** A child field of a shape; the role's literal type is kept, for the node types derived from the table (field-types.ts). */
export interface ShapedField<R extends Role, S extends ChildField['shape']> extends ChildField {
  readonly role: R;
  readonly shape: S;
}
export const one = <R extends Role>(role: R): ShapedField<R, 'one'> => ({ role, shape: 'one' });
export const nullable = <R extends Role>(role: R): ShapedField<R, 'nullable'> => ({ role, shape: 'nullable' });
export const list = <R extends Role>(role: R): ShapedField<R, 'list'> => ({ role, shape: 'list' });
/** An optional list whose empty form is kept apart from its absence (a struct_create's `"fields": []`). */
export const nullableList = <R extends Role>(role: R): ShapedField<R, 'nullableList'> => ({ role, shape: 'nullableList' });
export const nonEmpty = <R extends Role>(role: R): ShapedField<R, 'nonEmpty'> => ({ role, shape: 'nonEmpty' });

export const E = one('expr');
/** A specifier naming the database (or databases) a node reads or writes: the fields of its other children are that database's. */
export const DATABASE = { role: 'spec', shape: 'one', denotes: 'database' } as const satisfies ChildField;
/** The records of INSERT, REPLACE, SET: a list of record objects, or one delimited-records node. */
export const RECORDS_DATA = { role: 'record', shape: 'listOrOne', orOne: 'delimited_records' } as const satisfies ChildField;
/** Whole-number text, null, or a parameter standing for the number (`LIMIT :n`, `ROWS = :n`). */
export const OPTIONAL_WHOLE_OR_PARAM = { role: 'param', shape: 'nullable', orValue: OPTIONAL_WHOLE } as const satisfies ChildField;
/** A FETCH's ORDER BY, LIMIT and OFFSET. */
export const PAGING = {
  order: list('order_term'),
  /** Whole-number text, a parameter (`LIMIT :n`), or null for the spec's default. */
  limit: OPTIONAL_WHOLE_OR_PARAM,
  /** Whole-number text, a parameter (`OFFSET :n`), or null for the spec's default. */
  offset: OPTIONAL_WHOLE_OR_PARAM,
} as const;
