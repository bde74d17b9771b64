import type { DateTimeKind } from '../ast/datetime.js';
import { KINDS } from '../ast/kinds.js';
import { NULL, alias, between, binary, caseExpr, col, fn, inList, num, str, unary } from '../ast/make.js';
import { BINARY_OPS, UNARY_OPS, type Expr, type ExprKind } from '../ast/nodes.js';
import { didYouMean } from './error.js';
import { type Parts, describe, done, expectArray, expectString, fail, prop, unknownName, type Cx, type Step } from './parts.js';
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
    return done(KINDS[kind].make(readDateTimeText(cx, prop(obj, 'value'), kind, `"value" of a ${kind} expression`)));
  };

/**
 * One reader per expression kind. Plain JSON values (null, numbers, strings) are read by
 * `readExpr` itself; a kind that has a `"type"` or a `$` key in the kind table has its reader
 * here (checked when this module loads). A reader of several parts reads each on its own
 * (`p.attempt`, `p.one`): a bad or missing part is reported and the others are still read.
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
      ({ obj, cx, props, p }) => {
        props(['table', 'column']);
        const table = p.attempt(() => expectString(cx, prop(obj, 'table'), 'a system table name for "table"'), '');
        const column = p.attempt(() => expectString(cx, prop(obj, 'column'), 'a system parameter name for "column"'), '');
        return p.step(() => KINDS.system_column.make(table, column));
      },
      (obj) => obj.get('database') === undefined,
    ),
    shorthand: null,
  },
  database_column: {
    full: full(({ obj, cx, props, p }) => {
      props(['database', 'table', 'column']);
      const db = p.one('specifier', obj.get('database'));
      const table = p.attempt(() => expectString(cx, prop(obj, 'table'), 'a table name for "table"'), '');
      const column = p.one('specifier', obj.get('column'));
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
      const e = p.one('expr', obj.get('e'));
      const min = p.one('expr', obj.get('min'));
      const max = p.one('expr', obj.get('max'));
      return p.step((r) => between(e(r), min(r), max(r)));
    }),
    shorthand: shorthand(readBetweenShorthand),
  },
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
  case: {
    full: full(({ obj, cx, props, p }) => {
      props(['base', 'cases', 'else'], ['cases']);
      const base = p.optional('expr', obj.get('base'));
      const items = p.attempt(() => expectArray(cx, prop(obj, 'cases'), 'the "cases" of a case expression: [{"when": ..., "then": ...}, ...]'), []);
      const cases = p.list('when', items);
      const otherwise = p.optional('expr', obj.get('else'));
      return p.step((r) => caseExpr(base(r), cases(r), otherwise(r)));
    }),
    shorthand: null,
  },
  collate: {
    full: full(({ obj, cx, props, p }) => {
      props(['e', 'collation']);
      const e = p.one('expr', obj.get('e'));
      const collation = p.attempt(() => expectString(cx, prop(obj, 'collation'), 'a collation name'), '');
      return p.step((r) => KINDS.collate.make(e(r), collation));
    }),
    shorthand: null,
  },
  count_rows: { full: full(({ props }) => (props([]), done(KINDS.count_rows.make()))), shorthand: null },
  exists: {
    full: full(({ obj, props, p }) => {
      props(['select']);
      const select = p.one('select', obj.get('select'));
      return p.step((r) => KINDS.exists.make(select(r)));
    }),
    shorthand: shorthand(selectShorthand(KINDS.exists.make)),
  },
  function: {
    full: full(({ obj, cx, props, p }) => {
      props(['function', 'args']);
      const name = p.attempt(() => expectString(cx, prop(obj, 'function'), 'a function name for "function"'), '');
      const args = p.list(
        'expr',
        p.attempt(() => expectArray(cx, prop(obj, 'args'), 'the function arguments "args"'), []),
      );
      return p.step((r) => fn(name, args(r)));
    }),
    shorthand: shorthand(readFunctionShorthand),
  },
  in: {
    full: full(({ obj, cx, props, p }) => {
      props(['e', 'values']);
      const e = p.one('expr', obj.get('e'));
      const values = p.list(
        'expr',
        p.attempt(() => expectArray(cx, prop(obj, 'values'), 'the "values" of an in expression'), []),
      );
      return p.step((r) => inList(e(r), values(r)));
    }),
    // `"$in": [e, [values...]]`, and what is neither form (readInShorthand says what is wrong).
    shorthand: shorthand(readInShorthand),
  },
  in_select: {
    full: full(({ obj, props, p }) => {
      props(['e', 'select']);
      const e = p.one('expr', obj.get('e'));
      const select = p.one('select', obj.get('select'));
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
      const select = p.one('select', obj.get('select'));
      return p.step((r) => KINDS.subquery.make(select(r)));
    }),
    shorthand: shorthand(selectShorthand(KINDS.subquery.make)),
  },
};

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
