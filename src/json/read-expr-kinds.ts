import { withArticle } from '../diagnostic/article.js';
import type { DateTimeKind } from '../ast/datetime.js';
import { EXPR_KINDS, KINDS } from '../ast/kinds.js';
import { FIELD_LIST, type FieldEntry } from '../ast/fields.js';
import type { Role, ValueField } from '../ast/field-checks.js';
import { alias, binary, col, num, str, unary } from '../ast/make.js';
import { BINARY_OPS, UNARY_OPS, type Expr, type ExprKind } from '../ast/nodes.js';
import { didYouMean } from './error.js';
import {
  type Parts,
  describe,
  done,
  expectArray,
  expectString,
  fail,
  optionalBoolean,
  optionalString,
  prop,
  unknownName,
  type Cx,
  type Slot,
  type Step,
  type What,
} from './parts.js';
import { jsonProps, jsonRequired, oneOfProp, optionalList, wholeProp } from './plain-props.js';
import { readBetweenShorthand, readBinaryShorthand, readFunctionShorthand, readInShorthand, readUnaryShorthand, selectShorthand } from './read-shorthand.js';
import type { JsonMember, JsonObject, JsonValue } from './value.js';

/**
 * One reader per expression kind (the dispatch by `"type"` and `$` key is read-expr.ts's): the
 * full `{"type": ...}` form and the `$` shorthand, where the kind table gives them.
 */

/** What a full-form reader gets: the object, the context, a property checker and the collector of its parts. */
export interface Full {
  readonly obj: JsonObject;
  readonly cx: Cx;
  /** Checks the properties besides "type": each known, the required ones (default: all) present. */
  readonly props: (allowed: readonly string[], required?: readonly string[]) => void;
  readonly p: Parts;
}

export interface FullReader {
  /** Where several kinds share the `"type"`: whether the object is this kind's. */
  readonly accepts?: (obj: JsonObject) => boolean;
  readonly read: (f: Full) => Step<Expr>;
}
export interface ShorthandReader {
  /** Where several kinds share the key: whether the value is this kind's. */
  readonly accepts?: (value: JsonValue) => boolean;
  readonly read: (m: JsonMember, obj: JsonObject, cx: Cx) => Step<Expr>;
}

/** How an expression kind is read: its full form and its shorthand, where the kind table gives it one (src/ast/kinds.ts `json`). */
export interface ExprReader {
  readonly full: FullReader | null;
  readonly shorthand: ShorthandReader | null;
}

const full = (read: FullReader['read'], accepts?: FullReader['accepts']): FullReader => (accepts ? { read, accepts } : { read });
const shorthand = (read: ShorthandReader['read'], accepts?: ShorthandReader['accepts']): ShorthandReader => (accepts ? { read, accepts } : { read });

const readLocal =
  (kind: 'localdatetime' | 'localdate' | 'localtime') =>
  ({ obj, cx, props }: Full): Step<Expr> => {
    props(['value']);
    return done(KINDS[kind].make(readDateTimeText(cx, prop(obj, 'value'), kind, `"value" of ${withArticle(kind)} expression`)));
  };

// ---------------------------------------------------------------------------------------
// The full form by the kind's fields

/** The reader of each child role an expression's field may hold. */
const ROLE_READS: Partial<Record<Role, What>> = {
  expr: 'expr',
  select: 'select',
  spec: 'specifier',
  when: 'when',
  source: 'source',
  result_column: 'result_column',
  order_term: 'order_term',
};

/** How messages name a field when the kind's reader does not say: `the "values" of an in expression`. */
const fieldWhat = (type: string, key: string) => `the "${key}" of ${withArticle(type)} expression`;

/** One field of an expression's full form, by what the kind table says it holds (`what`: the field, as messages name it; `of`: the expression). */
function fieldReader(kind: ExprKind, f: FieldEntry, what: string, of: string): (p: Parts, cx: Cx, obj: JsonObject) => Slot<unknown> {
  const key = f.json as string;
  const required = jsonRequired(kind, f);
  const child = f.child;
  if (child !== null) {
    const reads = ROLE_READS[child.role];
    if (reads === undefined || child.orValue !== undefined || child.shape === 'allOrNonEmpty' || child.shape === 'listOrOne') return unreadable(kind, f);
    if (child.shape === 'one') return (p, _cx, obj) => p.one(reads, obj.get(key));
    if (child.shape === 'nullable')
      // An absent optional child is none; so is a null one, but where an expression stands (null is the NULL literal).
      return (p, _cx, obj) => {
        const v = obj.get(key);
        return p.optional(reads, v === undefined || (v.type === 'null' && reads !== 'expr') ? undefined : v);
      };
    return (p, cx, obj) =>
      p.list(
        reads,
        p.attempt(() => (required ? expectArray(cx, prop(obj, key), what) : optionalList(cx, obj.get(key), what)), []),
      );
  }
  const value = f.value as ValueField;
  const plain = (read: (p: Parts, cx: Cx, obj: JsonObject) => unknown) => (p: Parts, cx: Cx, obj: JsonObject) => {
    const v = read(p, cx, obj);
    return () => v;
  };
  switch (value.form) {
    case 'text':
      return plain((p, cx, obj) => p.attempt(() => (required ? expectString(cx, prop(obj, key), what) : optionalString(cx, obj.get(key), what)), null));
    case 'word':
      return plain((p, cx, obj) => p.attempt(() => oneOfProp(cx, obj, key, value.options ?? [], `of ${of}`), null));
    case 'flag':
      return plain((p, cx, obj) => p.attempt(() => optionalBoolean(cx, obj.get(key), what), null));
    case 'number':
    case 'whole':
      return plain((p, cx, obj) => wholeProp(p, cx, obj, key));
    default:
      return unreadable(kind, f);
  }
}

function unreadable(kind: ExprKind, f: FieldEntry): never {
  throw new Error(`src/json/read-expr-kinds.ts: the field "${f.key}" of "${kind}" is not read by its kind's fields: give "${kind}" a full reader of its own`);
}

/**
 * The full form of an expression kind read by its fields in the kind table: the properties
 * checked (each field's JSON key; required, those that are not nullable: `jsonRequired`), each
 * field read on its own in the table's order, and the node made by the kind's `make`, which takes
 * the fields in that order. Every kind with a `"type"` and no reader of its own is read so.
 * `about`: how messages name a field where `the "key" of a <type> expression` does not say it well.
 */
export function fullByFields(kind: ExprKind, about: Readonly<Record<string, string>> = {}): FullReader['read'] {
  const type = KINDS[kind].json.type ?? kind;
  const fields = FIELD_LIST[kind];
  const readers = fields.map((f) =>
    f.json === null ? unreadable(kind, f) : fieldReader(kind, f, about[f.json] ?? fieldWhat(type, f.json), `${withArticle(`"${type}"`)} expression`),
  );
  const { allowed, required } = jsonProps(kind);
  const make = KINDS[kind].make as (...fields: unknown[]) => Expr;
  return ({ obj, cx, props, p }) => {
    props(allowed, required);
    const slots = readers.map((read) => read(p, cx, obj));
    return p.step((r) => make(...slots.map((slot) => slot(r))));
  };
}

// ---------------------------------------------------------------------------------------
// The readers

/**
 * The readers written by hand: every shorthand (`$...`), and the full forms whose reading or
 * messages differ from `fullByFields` (a number or string value, datetime text, an operator,
 * two kinds sharing `"type": "column"`), or `fullByFields` with the messages' names of fields.
 */
const HAND_READERS: { readonly [K in ExprKind]?: Partial<ExprReader> } = {
  number: {
    full: full(({ obj, cx, props }) => {
      props(['value']);
      const v = prop(obj, 'value');
      if (v.type === 'number') return done(num(v.text));
      // Number text is checked by src/spec/check.ts (one message for text, JSON and builder).
      if (v.type === 'string') return done(num(v.value));
      return fail(cx, 'wrong-type', `"value" of a number expression must be a number or number text, got ${describe(v)}`, v);
    }),
  },
  string: {
    full: full(({ obj, cx, props }) => {
      props(['value']);
      const v = prop(obj, 'value');
      if (v.type !== 'string') {
        fail(
          cx,
          'wrong-type',
          `"value" of a string expression must be a non-empty string, got ${describe(v)}`,
          v,
          v.type === 'null' ? 'for NULL write null or {"type":"null"}' : undefined,
        );
      }
      return done(str(v.value));
    }),
  },
  datetime: {
    full: full(({ obj, cx, props }) => (props(['value']), done(readDateTimeValue(cx, prop(obj, 'value'), '"value" of a datetime expression')))),
    shorthand: shorthand((m, _obj, cx) => done(readDateTimeValue(cx, m.value, m.rawKey))),
  },
  localdatetime: {
    full: full(readLocal('localdatetime')),
    shorthand: shorthand((m, _obj, cx) => done(KINDS.localdatetime.make(readDateTimeText(cx, m.value, 'localdatetime', m.rawKey)))),
  },
  localdate: {
    full: full(readLocal('localdate')),
    shorthand: shorthand((m, _obj, cx) => done(KINDS.localdate.make(readDateTimeText(cx, m.value, 'localdate', m.rawKey)))),
  },
  localtime: {
    full: full(readLocal('localtime')),
    shorthand: shorthand((m, _obj, cx) => done(KINDS.localtime.make(readDateTimeText(cx, m.value, 'localtime', m.rawKey)))),
  },
  column: {
    shorthand: shorthand((m, _obj, cx) => done(col(expectString(cx, m.value, `a column path for "${m.rawKey}"`)))),
  },
  system_column: {
    full: full(
      fullByFields('system_column', { table: 'a system table name for "table"', column: 'a system parameter name for "column"' }),
      (obj) => obj.get('database') === undefined,
    ),
  },
  database_column: { full: full(fullByFields('database_column', { table: 'a table name for "table"' })) },
  alias: {
    shorthand: shorthand((m, _obj, cx) => done(alias(expectString(cx, m.value, `an alias name for "${m.rawKey}"`)))),
  },
  between: { shorthand: shorthand(readBetweenShorthand) },
  binary: {
    full: full(({ obj, cx, props, p }) => {
      props(['op', 'e1', 'e2']);
      const op = p.attempt(() => readOp(cx, prop(obj, 'op'), BINARY_OPS, 'binary'), '+');
      const e1 = p.one('expr', obj.get('e1'));
      const e2 = p.one('expr', obj.get('e2'));
      return p.step((r) => binary(op, e1(r), e2(r)));
    }),
    // `$-` with an array is a binary minus (else a prefix minus).
    shorthand: shorthand(readBinaryShorthand, (value) => value.type === 'array'),
  },
  unary: {
    full: full(({ obj, cx, props, p }) => {
      props(['op', 'e']);
      const op = p.attempt(() => readOp(cx, prop(obj, 'op'), UNARY_OPS, 'unary'), 'not');
      const e = p.one('expr', obj.get('e'));
      return p.step((r) => unary(op, e(r)));
    }),
    shorthand: shorthand(readUnaryShorthand, (value) => value.type !== 'array'),
  },
  case: { full: full(fullByFields('case', { cases: 'the "cases" of a case expression: [{"when": ..., "then": ...}, ...]' })) },
  collate: { full: full(fullByFields('collate', { collation: 'a collation name' })) },
  exists: { shorthand: shorthand(selectShorthand(KINDS.exists.make)) },
  function: {
    full: full(fullByFields('function', { function: 'a function name for "function"', args: 'the function arguments "args"' })),
    shorthand: shorthand(readFunctionShorthand),
  },
  // `"$in": [e, [values...]]`, and what is neither form (readInShorthand says what is wrong).
  in: { shorthand: shorthand(readInShorthand) },
  // `"$in": [e, select]` (readInShorthand reads both forms).
  in_select: { shorthand: shorthand(readInShorthand) },
  subquery: { shorthand: shorthand(selectShorthand(KINDS.subquery.make)) },
};

/**
 * One reader per expression kind. Plain JSON values (null, numbers, strings) are read by
 * `readExpr` itself; a kind that has a `"type"` in the kind table has its full reader (its own
 * in HAND_READERS, else `fullByFields`), and one that has `$` keys its shorthand reader (checked
 * when this module loads). A parameter has neither (the spec's JSON has no parameters: bound
 * before writing). A reader of several parts reads each on its own (`p.attempt`, `p.one`): a bad
 * or missing part is reported and the others are still read.
 */
export const EXPR_READERS = Object.fromEntries(
  EXPR_KINDS.map((kind): [ExprKind, ExprReader] => {
    const hand = HAND_READERS[kind];
    const fullReader = hand?.full ?? (KINDS[kind].json.type === null ? null : full(fullByFields(kind)));
    return [kind, { full: fullReader, shorthand: hand?.shorthand ?? null }];
  }),
) as unknown as { readonly [K in ExprKind]: ExprReader };

// The readers and the kind table agree: a kind with a "type" has a full reader, one with `$`
// keys a shorthand reader, and no other has either.
for (const [kind, reader] of Object.entries(EXPR_READERS) as [ExprKind, ExprReader][]) {
  const { type, shorthand: keys } = KINDS[kind].json;
  if ((type !== null) !== (reader.full !== null) || keys.length > 0 !== (reader.shorthand !== null)) {
    throw new Error(`src/json/read-expr-kinds.ts: the readers of "${kind}" do not match its JSON spelling in src/ast/kinds.ts`);
  }
}

function readOp<T extends string>(cx: Cx, v: JsonValue, ops: readonly T[], what: string): T {
  const text = v.type === 'string' ? v.value : null;
  const found = text === null ? undefined : ops.find((op) => op === text.toLowerCase());
  if (found === undefined) {
    const hint = text === '<>' ? ' (write "!=")' : text === null ? '' : didYouMean(text, ops);
    fail(cx, 'unknown-operator', `${unknownName(`${what} operator`, v)}${hint}; expected one of ${ops.join(' ')}`, v);
  }
  return found;
}

// The texts and numbers are checked against the spec's syntax by src/spec/check.ts (one message
// for text, JSON and builder); here only their JSON types.
function readDateTimeValue(cx: Cx, v: JsonValue, where: string): Expr {
  if (v.type === 'number') return { kind: 'datetime', form: 'ms', value: v.text };
  if (v.type !== 'string') {
    fail(cx, 'wrong-type', `${where}: expected epoch milliseconds (a whole number) or an ISO datetime string, got ${describe(v)}`, v);
  }
  return { kind: 'datetime', form: 'iso', value: readDateTimeText(cx, v, 'datetime', where) };
}

const DATETIME_WHAT: Record<DateTimeKind, string> = {
  datetime: 'an ISO datetime string',
  localdatetime: 'an ISO datetime string without offset',
  localdate: 'an ISO date string',
  localtime: 'an ISO time string',
};

function readDateTimeText(cx: Cx, v: JsonValue, kind: DateTimeKind, where: string): string {
  return expectString(cx, v, `${where}: ${DATETIME_WHAT[kind]}`);
}
