import type { DateTimeKind } from '../ast/datetime.js';
import { KINDS } from '../ast/kinds.js';
import { NULL, alias, between, binary, caseExpr, col, fn, foldLeft, inList, num, str, unary, when } from '../ast/make.js';
import { BINARY_OPS, UNARY_OPS, type BinaryOp, type Expr, type ExprKind, type Select, type UnaryOp, type WhenClause } from '../ast/nodes.js';
import { OPERATORS } from '../ast/operators.js';
import { didYouMean } from './error.js';
import {
  Parts, checkProps, describe, done, expectArray, expectObject, expectString, fail, prop, type Cx, type Step,
} from './parts.js';
import {
  ALL_SHORTHAND_KEYS, EXPR_KINDS_BY_KEY, EXPR_KINDS_BY_TYPE, EXPR_TYPES, EXPR_TYPE_ALIASES, FUNCTION_PREFIX, functionNameOfKey,
} from './spelling.js';
import type { JsonMember, JsonObject, JsonValue } from './value.js';

/**
 * Reads one expression: JSON null, a number, a string, a `$` shorthand object or a full
 * `{"type": ...}` object. Child expressions and selects are returned as needs (see parts.ts).
 */
export function readExpr(v: JsonValue, cx: Cx): Step<Expr> {
  switch (v.type) {
    case 'null':
      return done<Expr>({ kind: 'null' });
    case 'number':
      return done<Expr>({ kind: 'number', value: v.text });
    case 'string':
      return done<Expr>({ kind: 'string', value: v.value });
    case 'boolean':
      return fail(cx, 'wrong-type', `${v.value} is not an expression: the spec's expressions have no booleans`, v, 'write 1 or 0, or a comparison');
    case 'undefined':
      return fail(cx, 'wrong-type', 'undefined is not an expression', v, 'leave the property out, or write null');
    case 'array':
      return fail(cx, 'wrong-type', `an array is not an expression`, v, 'for a list of values use {"$in": [e, [values...]]}');
    case 'object':
      if (v.member('type')) return readFullExpr(v, cx);
      if (v.members.length === 1 && (v.members[0] as JsonMember).key.startsWith('$')) return readShorthand(v.members[0] as JsonMember, v, cx);
      if (v.members.some((m) => m.key.startsWith('$'))) {
        return fail(
          cx,
          'wrong-shape',
          `a "$" shorthand object has exactly one property, got ${v.members.length}: ${v.members.map((m) => `"${m.rawKey}"`).join(', ')}`,
          v,
        );
      }
      return fail(
        cx,
        'missing-property',
        `expected an expression: an object needs "type" or a single "$" shorthand property, got ${describe(v)}`,
        v,
        v.members.length === 0 && v.undefinedKeys !== null ? 'give the property an expression (null for NULL), or leave the whole object out' : undefined,
      );
  }
}

// ---------------------------------------------------------------------------------------
// Shorthand

/**
 * Reads a `$` shorthand: the kind table (src/ast/kinds.ts) says which kinds are written with
 * the key; where several are (`$-`: binary and unary minus; `$in`: a list and a subquery), the
 * first whose `accepts` takes the value reads it, else the first (it reports what is wrong).
 */
function readShorthand(m: JsonMember, obj: JsonObject, cx: Cx): Step<Expr> {
  const key = m.key;
  const kinds = key.startsWith(FUNCTION_PREFIX) ? EXPR_KINDS_BY_KEY.get(FUNCTION_PREFIX) : EXPR_KINDS_BY_KEY.get(key);
  if (kinds !== undefined) {
    const readers = kinds.map((k) => EXPR_READERS[k as ExprKind].shorthand as ShorthandReader);
    const reader = readers.find((r) => r.accepts?.(m.value) ?? true) ?? (readers[0] as ShorthandReader);
    return reader.read(m, obj, cx);
  }
  return fail(
    cx,
    'unknown-operator',
    `unknown shorthand operator "${m.rawKey}"${didYouMean(key, ALL_SHORTHAND_KEYS)}`,
    m,
    `shorthand keys are ${ALL_SHORTHAND_KEYS.slice(0, -1).join(' ')} and ${FUNCTION_PREFIX}FUNCTION`,
  );
}

function readBinaryShorthand(m: JsonMember, obj: JsonObject, cx: Cx): Step<Expr> {
  const op = m.key.slice(1) as BinaryOp;
  if (m.value.type !== 'array') {
    fail(cx, 'wrong-type', `"${m.rawKey}" takes an array of two or more expressions, got ${describe(m.value)}`, m.value);
  }
  const items = m.value.items;
  if (items.length < 2) fail(cx, 'operand-count', `"${m.rawKey}" takes two or more expressions, got ${items.length}`, obj);
  const p = new Parts();
  const operands = p.list('expr', items);
  return p.step((r) => {
    const es = operands(r);
    if (OPERATORS.binary[op].nary === 'fold') return foldLeft(op, es);
    // Comparisons with 3+ operands: the first compared with each further one, ANDed.
    const first = es[0] as Expr;
    return foldLeft('and', es.slice(1).map((e): Expr => binary(op, first, e)));
  });
}

function readUnaryShorthand(m: JsonMember, obj: JsonObject, cx: Cx): Step<Expr> {
  const op = m.key.slice(1) as UnaryOp;
  if (m.value.type === 'array') fail(cx, 'operand-count', `"${m.rawKey}" takes a single expression (not an array)`, obj);
  const p = new Parts();
  const e = p.one('expr', m.value);
  return p.step((r) => unary(op, e(r)));
}

function readFunctionShorthand(m: JsonMember, _obj: JsonObject, cx: Cx): Step<Expr> {
  const name = functionNameOfKey(m.key);
  if (name === '') fail(cx, 'wrong-shape', `a function shorthand "${FUNCTION_PREFIX}name" needs a name after "${FUNCTION_PREFIX}"`, m);
  const p = new Parts();
  const args = p.list('expr', expectArray(cx, m.value, `the arguments of "${m.rawKey}"`));
  return p.step((r) => fn(name, args(r)));
}

function readBetweenShorthand(m: JsonMember, obj: JsonObject, cx: Cx): Step<Expr> {
  const items = expectArray(cx, m.value, `"${m.rawKey}": [e, min, max]`);
  if (items.length !== 3) {
    fail(cx, 'operand-count', `"${m.rawKey}" takes exactly 3 expressions (e, min, max), got ${items.length}`, obj);
  }
  const [a, b, c] = items as [JsonValue, JsonValue, JsonValue];
  const p = new Parts();
  const e = p.one('expr', a);
  const min = p.one('expr', b);
  const max = p.one('expr', c);
  return p.step((r) => between(e(r), min(r), max(r)));
}

/** `"$in": [e, [values...]]` or `[e, select]`: the list form reads both (and says what else it got). */
function readInShorthand(m: JsonMember, obj: JsonObject, cx: Cx): Step<Expr> {
  const items = expectArray(cx, m.value, `"${m.rawKey}": [e, [values...]] or [e, select]`);
  if (items.length !== 2) {
    fail(cx, 'operand-count', `"${m.rawKey}" takes exactly 2 items (an expression, then an array of values or a select object), got ${items.length}`, obj);
  }
  const [e, list] = items as [JsonValue, JsonValue];
  const p = new Parts();
  const left = p.one('expr', e);
  if (list.type === 'array') {
    const values = p.list('expr', list.items);
    return p.step((r) => inList(left(r), values(r)));
  }
  if (list.type === 'object') {
    const select = p.one('select', list);
    return p.step((r) => KINDS.in_select.make(left(r), select(r)));
  }
  return fail(cx, 'wrong-type', `the second item of "${m.rawKey}" must be an array of values or a select object, got ${describe(list)}`, list);
}

/** A shorthand whose value is one select object (`$exists`, `$select`). */
const selectShorthand =
  (make: (select: Select) => Expr) =>
  (m: JsonMember): Step<Expr> => {
    const p = new Parts();
    const select = p.one('select', m.value);
    return p.step((r) => make(select(r)));
  };

// ---------------------------------------------------------------------------------------
// Datetime values

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

// ---------------------------------------------------------------------------------------
// Full forms

/** What a full-form reader gets: the object, the context, a property checker and the child collector. */
interface Full {
  readonly obj: JsonObject;
  readonly cx: Cx;
  /** Checks the properties besides "type": each known, the required ones (default: all) present. */
  readonly props: (allowed: readonly string[], required?: readonly string[]) => void;
  readonly p: Parts;
}

/**
 * Reads a full form: the kind table says which kinds have the `"type"` (or its alias); where
 * two do (`column`: a system column, or a database column when there is "database"), the
 * first whose `accepts` takes the object reads it.
 */
function readFullExpr(obj: JsonObject, cx: Cx): Step<Expr> {
  const t = prop(obj, 'type');
  if (t.type !== 'string') fail(cx, 'wrong-type', `"type" must be a string naming an expression type, got ${describe(t)}`, t);
  const kinds = EXPR_KINDS_BY_TYPE.get(t.value);
  if (kinds === undefined) {
    const known = [...EXPR_TYPES, ...Object.keys(EXPR_TYPE_ALIASES)];
    return fail(cx, 'unknown-type', `unknown expression type "${t.value}"${didYouMean(t.value, known)}; expected one of ${EXPR_TYPES.join(', ')}`, t);
  }
  const what = `a "${t.value}" expression`;
  const props = (allowed: readonly string[], required: readonly string[] = allowed) =>
    checkProps(cx, obj, what, ['type', ...allowed], required);
  const readers = kinds.map((k) => EXPR_READERS[k as ExprKind].full as FullReader);
  const reader = readers.find((r) => r.accepts?.(obj) ?? true) ?? (readers[0] as FullReader);
  return reader.read({ obj, cx, props, p: new Parts() });
}

const readLocal =
  (kind: 'localdatetime' | 'localdate' | 'localtime') =>
  ({ obj, cx, props }: Full): Step<Expr> => {
    props(['value']);
    return done(KINDS[kind].make(readDateTimeText(cx, prop(obj, 'value'), kind, `"value" of a ${kind} expression`)));
  };

interface FullReader {
  /** Where several kinds share the `"type"`: whether the object is this kind's. */
  readonly accepts?: (obj: JsonObject) => boolean;
  readonly read: (f: Full) => Step<Expr>;
}
interface ShorthandReader {
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

/**
 * One reader per expression kind. Plain JSON values (null, numbers, strings) are read by
 * `readExpr` itself; a kind that has a `"type"` or a `$` key in the kind table has its reader
 * here (checked when this module loads).
 */
export const EXPR_READERS: { readonly [K in ExprKind]: ExprReader } = {
  null: { full: full(({ props }) => (props([]), done(NULL))), shorthand: null },
  number: {
    full: full(({ obj, cx, props }) => {
      props(['value']);
      const v = prop(obj, 'value');
      if (v.type === 'number') return done(num(v.text));
      // Number text is checked by src/spec/check.ts (one message for text, JSON and builder).
      if (v.type === 'string') return done(num(v.value));
      return fail(cx, 'wrong-type', `"value" of a number expression must be a number or number text, got ${describe(v)}`, v);
    }),
    shorthand: null,
  },
  string: {
    full: full(({ obj, cx, props }) => {
      props(['value']);
      const v = prop(obj, 'value');
      if (v.type !== 'string') {
        fail(cx, 'wrong-type', `"value" of a string expression must be a non-empty string, got ${describe(v)}`, v, v.type === 'null' ? 'for NULL write null or {"type":"null"}' : undefined);
      }
      return done(str(v.value));
    }),
    shorthand: null,
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
    full: null,
    shorthand: shorthand((m, _obj, cx) => done(col(expectString(cx, m.value, `a column path for "${m.rawKey}"`)))),
  },
  system_column: {
    full: full(
      ({ obj, cx, props }) => {
        props(['table', 'column']);
        return done(
          KINDS.system_column.make(
            expectString(cx, prop(obj, 'table'), 'a system table name for "table"'),
            expectString(cx, prop(obj, 'column'), 'a system parameter name for "column"'),
          ),
        );
      },
      (obj) => obj.get('database') === undefined,
    ),
    shorthand: null,
  },
  database_column: {
    full: full(({ obj, cx, props, p }) => {
      props(['database', 'table', 'column']);
      const db = p.one('specifier', prop(obj, 'database'));
      const table = expectString(cx, prop(obj, 'table'), 'a table name for "table"');
      const column = p.one('specifier', prop(obj, 'column'));
      return p.step((r) => KINDS.database_column.make(db(r), table, column(r)));
    }),
    shorthand: null,
  },
  alias: {
    full: full(({ obj, cx, props }) => (props(['value']), done(alias(expectString(cx, prop(obj, 'value'), 'the "value" of an alias expression'))))),
    shorthand: shorthand((m, _obj, cx) => done(alias(expectString(cx, m.value, `an alias name for "${m.rawKey}"`)))),
  },
  between: {
    full: full(({ obj, props, p }) => {
      props(['e', 'min', 'max']);
      const e = p.one('expr', prop(obj, 'e'));
      const min = p.one('expr', prop(obj, 'min'));
      const max = p.one('expr', prop(obj, 'max'));
      return p.step((r) => between(e(r), min(r), max(r)));
    }),
    shorthand: shorthand(readBetweenShorthand),
  },
  binary: {
    full: full(({ obj, cx, props, p }) => {
      props(['op', 'e1', 'e2']);
      const op = readOp(cx, prop(obj, 'op'), BINARY_OPS, 'binary');
      const e1 = p.one('expr', prop(obj, 'e1'));
      const e2 = p.one('expr', prop(obj, 'e2'));
      return p.step((r) => binary(op, e1(r), e2(r)));
    }),
    // `$-` with an array is a binary minus (else a prefix minus).
    shorthand: shorthand(readBinaryShorthand, (value) => value.type === 'array'),
  },
  unary: {
    full: full(({ obj, cx, props, p }) => {
      props(['op', 'e']);
      const op = readOp(cx, prop(obj, 'op'), UNARY_OPS, 'unary');
      const e = p.one('expr', prop(obj, 'e'));
      return p.step((r) => unary(op, e(r)));
    }),
    shorthand: shorthand(readUnaryShorthand, (value) => value.type !== 'array'),
  },
  case: {
    full: full(({ obj, cx, props, p }) => {
      props(['base', 'cases', 'else'], ['cases']);
      const base = p.optional('expr', obj.get('base'));
      const casesValue = prop(obj, 'cases');
      const items = expectArray(cx, casesValue, 'the "cases" of a case expression: [{"when": ..., "then": ...}, ...]');
      const cases = p.list('when', items);
      const otherwise = p.optional('expr', obj.get('else'));
      return p.step((r) => caseExpr(base(r), cases(r), otherwise(r)));
    }),
    shorthand: null,
  },
  collate: {
    full: full(({ obj, cx, props, p }) => {
      props(['e', 'collation']);
      const e = p.one('expr', prop(obj, 'e'));
      const collation = expectString(cx, prop(obj, 'collation'), 'a collation name');
      return p.step((r) => KINDS.collate.make(e(r), collation));
    }),
    shorthand: null,
  },
  count_rows: { full: full(({ props }) => (props([]), done(KINDS.count_rows.make()))), shorthand: null },
  exists: {
    full: full(({ obj, props, p }) => {
      props(['select']);
      const select = p.one('select', prop(obj, 'select'));
      return p.step((r) => KINDS.exists.make(select(r)));
    }),
    shorthand: shorthand(selectShorthand(KINDS.exists.make)),
  },
  function: {
    full: full(({ obj, cx, props, p }) => {
      props(['function', 'args']);
      const name = expectString(cx, prop(obj, 'function'), 'a function name for "function"');
      const args = p.list('expr', expectArray(cx, prop(obj, 'args'), 'the function arguments "args"'));
      return p.step((r) => fn(name, args(r)));
    }),
    shorthand: shorthand(readFunctionShorthand),
  },
  in: {
    full: full(({ obj, cx, props, p }) => {
      props(['e', 'values']);
      const e = p.one('expr', prop(obj, 'e'));
      const values = p.list('expr', expectArray(cx, prop(obj, 'values'), 'the "values" of an in expression'));
      return p.step((r) => inList(e(r), values(r)));
    }),
    // `"$in": [e, [values...]]`, and what is neither form (readInShorthand says what is wrong).
    shorthand: shorthand(readInShorthand),
  },
  in_select: {
    full: full(({ obj, props, p }) => {
      props(['e', 'select']);
      const e = p.one('expr', prop(obj, 'e'));
      const select = p.one('select', prop(obj, 'select'));
      return p.step((r) => KINDS.in_select.make(e(r), select(r)));
    }),
    // `"$in": [e, select]` (readInShorthand reads both forms).
    shorthand: shorthand(readInShorthand),
  },
  // A parameter has no JSON form (the spec's JSON has no parameters): bound before writing.
  param: { full: null, shorthand: null },
  subquery: {
    full: full(({ obj, props, p }) => {
      props(['select']);
      const select = p.one('select', prop(obj, 'select'));
      return p.step((r) => KINDS.subquery.make(select(r)));
    }),
    shorthand: shorthand(selectShorthand(KINDS.subquery.make)),
  },
};

// The readers and the kind table agree: a kind with a "type" has a full reader, one with `$`
// keys a shorthand reader, and no other has either.
for (const [kind, reader] of Object.entries(EXPR_READERS) as [ExprKind, ExprReader][]) {
  const { type, shorthand: keys } = KINDS[kind].json;
  if ((type !== null) !== (reader.full !== null) || (keys.length > 0) !== (reader.shorthand !== null)) {
    throw new Error(`src/json/read-expr.ts: the readers of "${kind}" do not match its JSON spelling in src/ast/kinds.ts`);
  }
}

function readOp<T extends string>(cx: Cx, v: JsonValue, ops: readonly T[], what: string): T {
  const text = v.type === 'string' ? v.value : null;
  const found = text === null ? undefined : ops.find((op) => op === text.toLowerCase());
  if (found === undefined) {
    const hint = text === '<>' ? ' (write "!=")' : text === null ? '' : didYouMean(text, ops);
    fail(cx, 'unknown-operator', `unknown ${what} operator ${text === null ? describe(v) : `"${text}"`}${hint}; expected one of ${ops.join(' ')}`, v);
  }
  return found;
}

/** One `{"when": e, "then": e}` arm of a case. */
export function readWhen(v: JsonValue, cx: Cx): Step<WhenClause> {
  const obj = expectObject(cx, v, 'a case arm {"when": ..., "then": ...}');
  checkProps(cx, obj, 'a case arm', ['when', 'then'], ['when', 'then']);
  const p = new Parts();
  const w = p.one('expr', prop(obj, 'when'));
  const then = p.one('expr', prop(obj, 'then'));
  return p.step((r) => when(w(r), then(r)));
}
