import type { DateTimeKind } from '../ast/datetime.js';
import { foldLeft } from '../ast/make.js';
import { BINARY_OPS, UNARY_OPS, type BinaryOp, type Expr, type WhenClause } from '../ast/nodes.js';
import { COMPARISON_OPS } from '../ast/precedence.js';
import { didYouMean } from './error.js';
import {
  Parts, checkProps, describe, done, expectArray, expectObject, expectString, fail, prop, type Cx, type Step,
} from './parts.js';
import {
  ALL_SHORTHAND_KEYS, BINARY_BY_KEY, EXPR_TYPES, EXPR_TYPE_ALIASES, UNARY_BY_KEY, functionNameOfKey, type ExprType,
} from './shorthand.js';
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

function readShorthand(m: JsonMember, obj: JsonObject, cx: Cx): Step<Expr> {
  const key = m.key;
  const value = m.value;
  const p = new Parts();
  if (key.startsWith('$$')) {
    const name = functionNameOfKey(key);
    if (name === '') fail(cx, 'wrong-shape', 'a function shorthand "$$name" needs a name after "$$"', m);
    const args = p.list('expr', expectArray(cx, value, `the arguments of "${m.rawKey}"`));
    return p.step((r) => ({ kind: 'function', name, args: args(r) }));
  }
  const binaryOp = BINARY_BY_KEY.get(key);
  const unaryOp = UNARY_BY_KEY.get(key);
  if (binaryOp !== undefined && (value.type === 'array' || unaryOp === undefined)) return readBinaryShorthand(binaryOp, m, obj, cx);
  if (unaryOp !== undefined) {
    if (value.type === 'array') {
      fail(cx, 'operand-count', `"${m.rawKey}" takes a single expression (not an array)`, obj);
    }
    const e = p.one('expr', value);
    return p.step((r) => ({ kind: 'unary', op: unaryOp, e: e(r) }));
  }
  switch (key) {
    case '$dt':
      return done(readDateTimeValue(cx, value, m.rawKey));
    case '$ldt':
      return done({ kind: 'localdatetime', value: readDateTimeText(cx, value, 'localdatetime', m.rawKey) });
    case '$ld':
      return done({ kind: 'localdate', value: readDateTimeText(cx, value, 'localdate', m.rawKey) });
    case '$lt':
      return done({ kind: 'localtime', value: readDateTimeText(cx, value, 'localtime', m.rawKey) });
    case '$col':
      return done({ kind: 'column', path: expectString(cx, value, `a column path for "${m.rawKey}"`) });
    case '$alias':
      return done({ kind: 'alias', name: expectString(cx, value, `an alias name for "${m.rawKey}"`) });
    case '$between': {
      const items = expectArray(cx, value, `"${m.rawKey}": [e, min, max]`);
      if (items.length !== 3) {
        fail(cx, 'operand-count', `"${m.rawKey}" takes exactly 3 expressions (e, min, max), got ${items.length}`, obj);
      }
      const [a, b, c] = items as [JsonValue, JsonValue, JsonValue];
      const e = p.one('expr', a);
      const min = p.one('expr', b);
      const max = p.one('expr', c);
      return p.step((r) => ({ kind: 'between', e: e(r), min: min(r), max: max(r) }));
    }
    case '$exists': {
      const select = p.one('select', value);
      return p.step((r) => ({ kind: 'exists', select: select(r) }));
    }
    case '$select': {
      const select = p.one('select', value);
      return p.step((r) => ({ kind: 'subquery', select: select(r) }));
    }
    case '$in':
      return readInShorthand(m, obj, cx);
  }
  return fail(
    cx,
    'unknown-operator',
    `unknown shorthand operator "${m.rawKey}"${didYouMean(key, ALL_SHORTHAND_KEYS)}`,
    m,
    'shorthand keys are $and $or $= $!= $> $>= $< $<= $is $like $regexp $+ $- $* $/ $% $& $| $<< $>> $not $~ $between $in $exists $select $col $alias $dt $ldt $ld $lt and $$FUNCTION',
  );
}

function readBinaryShorthand(op: BinaryOp, m: JsonMember, obj: JsonObject, cx: Cx): Step<Expr> {
  if (m.value.type !== 'array') {
    fail(cx, 'wrong-type', `"${m.rawKey}" takes an array of two or more expressions, got ${describe(m.value)}`, m.value);
  }
  const items = m.value.items;
  if (items.length < 2) fail(cx, 'operand-count', `"${m.rawKey}" takes two or more expressions, got ${items.length}`, obj);
  const p = new Parts();
  const operands = p.list('expr', items);
  return p.step((r) => {
    const es = operands(r);
    if (!COMPARISON_OPS.has(op)) return foldLeft(op, es);
    // Comparisons with 3+ operands: the first compared with each further one, ANDed.
    const first = es[0] as Expr;
    return foldLeft('and', es.slice(1).map((e): Expr => ({ kind: 'binary', op, e1: first, e2: e })));
  });
}

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
    return p.step((r) => ({ kind: 'in', e: left(r), values: values(r) }));
  }
  if (list.type === 'object') {
    const select = p.one('select', list);
    return p.step((r) => ({ kind: 'in_select', e: left(r), select: select(r) }));
  }
  return fail(cx, 'wrong-type', `the second item of "${m.rawKey}" must be an array of values or a select object, got ${describe(list)}`, list);
}

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

function exprType(cx: Cx, obj: JsonObject): ExprType {
  const t = prop(obj, 'type');
  if (t.type !== 'string') fail(cx, 'wrong-type', `"type" must be a string naming an expression type, got ${describe(t)}`, t);
  const name = EXPR_TYPE_ALIASES[t.value] ?? t.value;
  if (!(EXPR_TYPES as readonly string[]).includes(name)) {
    const known = [...EXPR_TYPES, ...Object.keys(EXPR_TYPE_ALIASES)];
    fail(cx, 'unknown-type', `unknown expression type "${t.value}"${didYouMean(t.value, known)}; expected one of ${EXPR_TYPES.join(', ')}`, t);
  }
  return name as ExprType;
}

/** What a full-form reader gets: the object, the context, a property checker and the child collector. */
interface Full {
  readonly obj: JsonObject;
  readonly cx: Cx;
  /** Checks the properties besides "type": each known, the required ones (default: all) present. */
  readonly props: (allowed: readonly string[], required?: readonly string[]) => void;
  readonly p: Parts;
}

function readFullExpr(obj: JsonObject, cx: Cx): Step<Expr> {
  const type = exprType(cx, obj);
  const what = `a "${(prop(obj, 'type') as { value: string }).value}" expression`;
  const props = (allowed: readonly string[], required: readonly string[] = allowed) =>
    checkProps(cx, obj, what, ['type', ...allowed], required);
  return FULL_EXPR[type]({ obj, cx, props, p: new Parts() });
}

const readLocal =
  (kind: 'localdatetime' | 'localdate' | 'localtime') =>
  ({ obj, cx, props }: Full): Step<Expr> => {
    props(['value']);
    return done({ kind, value: readDateTimeText(cx, prop(obj, 'value'), kind, `"value" of a ${kind} expression`) });
  };

/** One reader per full-form expression type. */
const FULL_EXPR: Readonly<Record<ExprType, (f: Full) => Step<Expr>>> = {
  null: ({ props }) => (props([]), done({ kind: 'null' })),
  count_rows: ({ props }) => (props([]), done({ kind: 'count_rows' })),
  number: ({ obj, cx, props }) => {
    props(['value']);
    const v = prop(obj, 'value');
    if (v.type === 'number') return done({ kind: 'number', value: v.text });
    // Number text is checked by src/spec/check.ts (one message for text, JSON and builder).
    if (v.type === 'string') return done({ kind: 'number', value: v.value });
    return fail(cx, 'wrong-type', `"value" of a number expression must be a number or number text, got ${describe(v)}`, v);
  },
  string: ({ obj, cx, props }) => {
    props(['value']);
    const v = prop(obj, 'value');
    if (v.type !== 'string') {
      fail(cx, 'wrong-type', `"value" of a string expression must be a non-empty string, got ${describe(v)}`, v, v.type === 'null' ? 'for NULL write null or {"type":"null"}' : undefined);
    }
    return done({ kind: 'string', value: v.value });
  },
  datetime: ({ obj, cx, props }) => (props(['value']), done(readDateTimeValue(cx, prop(obj, 'value'), '"value" of a datetime expression'))),
  localdatetime: readLocal('localdatetime'),
  localdate: readLocal('localdate'),
  localtime: readLocal('localtime'),
  alias: ({ obj, cx, props }) => (props(['value']), done({ kind: 'alias', name: expectString(cx, prop(obj, 'value'), 'the "value" of an alias expression') })),
  column: ({ obj, cx, props, p }) => {
    const database = obj.get('database');
    if (database === undefined) {
      props(['table', 'column']);
      return done({
        kind: 'system_column',
        table: expectString(cx, prop(obj, 'table'), 'a system table name for "table"'),
        column: expectString(cx, prop(obj, 'column'), 'a system parameter name for "column"'),
      });
    }
    props(['database', 'table', 'column']);
    const db = p.one('specifier', database);
    const table = expectString(cx, prop(obj, 'table'), 'a table name for "table"');
    const column = p.one('specifier', prop(obj, 'column'));
    return p.step((r) => ({ kind: 'database_column', database: db(r), table, column: column(r) }));
  },
  between: ({ obj, props, p }) => {
    props(['e', 'min', 'max']);
    const e = p.one('expr', prop(obj, 'e'));
    const min = p.one('expr', prop(obj, 'min'));
    const max = p.one('expr', prop(obj, 'max'));
    return p.step((r) => ({ kind: 'between', e: e(r), min: min(r), max: max(r) }));
  },
  binary: ({ obj, cx, props, p }) => {
    props(['op', 'e1', 'e2']);
    const op = readOp(cx, prop(obj, 'op'), BINARY_OPS, 'binary');
    const e1 = p.one('expr', prop(obj, 'e1'));
    const e2 = p.one('expr', prop(obj, 'e2'));
    return p.step((r) => ({ kind: 'binary', op, e1: e1(r), e2: e2(r) }));
  },
  unary: ({ obj, cx, props, p }) => {
    props(['op', 'e']);
    const op = readOp(cx, prop(obj, 'op'), UNARY_OPS, 'unary');
    const e = p.one('expr', prop(obj, 'e'));
    return p.step((r) => ({ kind: 'unary', op, e: e(r) }));
  },
  case: ({ obj, cx, props, p }) => {
    props(['base', 'cases', 'else'], ['cases']);
    const base = p.optional('expr', obj.get('base'));
    const casesValue = prop(obj, 'cases');
    const items = expectArray(cx, casesValue, 'the "cases" of a case expression: [{"when": ..., "then": ...}, ...]');
    const cases = p.list('when', items);
    const otherwise = p.optional('expr', obj.get('else'));
    return p.step((r) => ({ kind: 'case', base: base(r), cases: cases(r), else: otherwise(r) }));
  },
  collate: ({ obj, cx, props, p }) => {
    props(['e', 'collation']);
    const e = p.one('expr', prop(obj, 'e'));
    const collation = expectString(cx, prop(obj, 'collation'), 'a collation name');
    return p.step((r) => ({ kind: 'collate', e: e(r), collation }));
  },
  exists: ({ obj, props, p }) => {
    props(['select']);
    const select = p.one('select', prop(obj, 'select'));
    return p.step((r) => ({ kind: 'exists', select: select(r) }));
  },
  select: ({ obj, props, p }) => {
    props(['select']);
    const select = p.one('select', prop(obj, 'select'));
    return p.step((r) => ({ kind: 'subquery', select: select(r) }));
  },
  function: ({ obj, cx, props, p }) => {
    props(['function', 'args']);
    const name = expectString(cx, prop(obj, 'function'), 'a function name for "function"');
    const args = p.list('expr', expectArray(cx, prop(obj, 'args'), 'the function arguments "args"'));
    return p.step((r) => ({ kind: 'function', name, args: args(r) }));
  },
  in: ({ obj, cx, props, p }) => {
    props(['e', 'values']);
    const e = p.one('expr', prop(obj, 'e'));
    const values = p.list('expr', expectArray(cx, prop(obj, 'values'), 'the "values" of an in expression'));
    return p.step((r) => ({ kind: 'in', e: e(r), values: values(r) }));
  },
  in_select: ({ obj, props, p }) => {
    props(['e', 'select']);
    const e = p.one('expr', prop(obj, 'e'));
    const select = p.one('select', prop(obj, 'select'));
    return p.step((r) => ({ kind: 'in_select', e: e(r), select: select(r) }));
  },
};

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
  return p.step((r) => ({ kind: 'when', when: w(r), then: then(r) }));
}
