import { withArticle } from '../diagnostic/article.js';
import { KINDS } from '../ast/kinds.js';
import { resultColumn, orderTerm, table } from '../ast/make.js';
import {
  JOIN_OPS,
  type IdSpec,
  type JoinOp,
  type NameSpec,
  type OrderTerm,
  type ResultColumn,
  type Select,
  type Source,
  type Specifier,
  type WhereSpec,
} from '../ast/nodes.js';
import { didYouMean } from './error.js';
import {
  Parts,
  checkProps,
  describe,
  done,
  expectArray,
  expectObject,
  expectString,
  fail,
  gotType,
  optionalBoolean,
  optionalString,
  prop,
  unknownName,
  type Cx,
  type Step,
} from './parts.js';
import { SOURCE_KINDS_BY_TYPE, SOURCE_TYPES, SOURCE_TYPE_ALIASES } from './spelling.js';
import type { JsonObject, JsonValue } from './value.js';

const SELECT_PROPS = ['distinct', 'columns', 'from', 'where', 'group', 'having', 'order', 'limit', 'offset'];

/**
 * The spec's select object. Absent (or null) `columns` means all columns; `{"type":"all"}`
 * too. For the expression-valued parts (`where`, `having`, `limit`, `offset`) JSON null is
 * the null expression; leave the property out for "none".
 */
export function readSelect(v: JsonValue, cx: Cx): Step<Select> {
  const obj = expectObject(cx, v, 'a select object');
  const p = new Parts(cx);
  p.props(obj, 'a select object', SELECT_PROPS);
  // Each property checked here is read on its own: one that fails is reported, and the others are still read.
  const distinct = p.attempt(() => optionalBoolean(cx, obj.get('distinct'), '"distinct"') ?? false, false);
  const columns = p.attempt(
    () => readColumns(cx, obj.get('columns'), p),
    (): Select['columns'] => 'all',
  );
  const fromValue = obj.get('from');
  const from = p.optional('source', fromValue?.type === 'null' ? undefined : fromValue);
  const where = p.optional('expr', obj.get('where'));
  const group = p.list(
    'expr',
    p.attempt(() => optionalArray(cx, obj.get('group'), 'the "group" expressions'), []),
  );
  const having = p.optional('expr', obj.get('having'));
  const order = p.list(
    'order_term',
    p.attempt(() => optionalArray(cx, obj.get('order'), 'the "order" terms'), []),
  );
  const limit = p.optional('expr', obj.get('limit'));
  const offset = p.optional('expr', obj.get('offset'));
  return p.step((r) => ({
    kind: 'select',
    distinct,
    columns: columns(r),
    from: from(r),
    where: where(r),
    group: group(r),
    having: having(r),
    order: order(r),
    limit: limit(r),
    offset: offset(r),
  }));
}

function optionalArray(cx: Cx, v: JsonValue | undefined, what: string): readonly JsonValue[] {
  if (v === undefined || v.type === 'null') return [];
  return expectArray(cx, v, what);
}

function readColumns(cx: Cx, v: JsonValue | undefined, p: Parts): (r: readonly unknown[]) => Select['columns'] {
  if (v === undefined || v.type === 'null') return () => 'all';
  if (v.type === 'object') {
    checkProps(cx, v, 'the "columns" object (only {"type": "all"} is an object here)', ['type'], ['type']);
    const t = prop(v, 'type');
    if (t.type !== 'string' || t.value !== 'all') {
      fail(
        cx,
        'wrong-type',
        `"columns" as an object must be {"type": "all"}, got ${gotType(t)}`,
        t,
        'for a list of result columns write an array of {"e": ..., "alias": ...}',
      );
    }
    return () => 'all';
  }
  if (v.type !== 'array') {
    fail(cx, 'wrong-type', `"columns" must be {"type": "all"} or an array of result columns, got ${describe(v)}`, v);
  }
  return p.list('result_column', v.items);
}

export function readResultColumn(v: JsonValue, cx: Cx): Step<ResultColumn> {
  const obj = expectObject(cx, v, 'a result column {"e": ..., "alias": ...}');
  const p = new Parts(cx);
  p.props(obj, 'a result column', ['e', 'alias'], ['e']);
  const e = p.one('expr', obj.get('e'));
  const alias = p.attempt(() => optionalString(cx, obj.get('alias'), 'a result column "alias"'), null);
  return p.step((r) => resultColumn(e(r), alias));
}

export function readOrderTerm(v: JsonValue, cx: Cx): Step<OrderTerm> {
  const obj = expectObject(cx, v, 'an order term {"e": ..., "order": "asc" | "desc"}');
  const p = new Parts(cx);
  p.props(obj, 'an order term', ['e', 'order'], ['e']);
  const e = p.one('expr', obj.get('e'));
  const order = p.attempt(() => readOrder(cx, obj.get('order')), 'asc');
  return p.step((r) => orderTerm(e(r), order));
}

function readOrder(cx: Cx, v: JsonValue | undefined): 'asc' | 'desc' {
  if (v === undefined || v.type === 'null') return 'asc';
  if (v.type !== 'string' || (v.value !== 'asc' && v.value !== 'desc')) {
    fail(cx, 'wrong-type', `"order" must be "asc" or "desc", got ${describe(v)}${v.type === 'string' ? didYouMean(v.value, ['asc', 'desc']) : ''}`, v);
  }
  return v.value;
}

// ---------------------------------------------------------------------------------------
// Sources

export function readSource(v: JsonValue, cx: Cx): Step<Source> {
  if (v.type === 'string') return SOURCE_READERS.table.plain(v);
  const obj = expectObject(cx, v, 'a source (a table name, or an object with "type")');
  if (!obj.member('type')) fail(cx, 'missing-property', `a source object needs "type" (${SOURCE_TYPES.join(', ')})`, obj);
  const t = prop(obj, 'type');
  if (t.type !== 'string') fail(cx, 'wrong-type', `"type" of a source must be a string, got ${describe(t)}`, t);
  const kind = SOURCE_KINDS_BY_TYPE.get(t.value)?.[0] as SourceKind | undefined;
  if (kind === undefined) {
    const known = [...SOURCE_TYPES, ...Object.keys(SOURCE_TYPE_ALIASES)];
    return fail(cx, 'unknown-type', `${unknownName('source type', t)}${didYouMean(t.value, known)}; expected one of ${SOURCE_TYPES.join(', ')}`, t);
  }
  const what = `${withArticle(`"${t.value}"`)} source`;
  const p = new Parts(cx);
  const props = (allowed: readonly string[], required: readonly string[]) => p.props(obj, what, ['type', ...allowed], required);
  return SOURCE_READERS[kind].full({ obj, cx, props, p });
}

interface Full {
  readonly obj: JsonObject;
  readonly cx: Cx;
  readonly props: (allowed: readonly string[], required: readonly string[]) => void;
  readonly p: Parts;
}

type SourceKind = Source['kind'];

/** How a source kind is read: its full form, and for a table also the plain string (src/ast/kinds.ts `json`). */
export interface SourceReader {
  readonly full: (f: Full) => Step<Source>;
}

/** One reader per source kind. */
export const SOURCE_READERS: { readonly [K in SourceKind]: SourceReader } & { readonly table: { plain: (v: JsonValue & { type: 'string' }) => Step<Source> } } =
  {
    table: {
      plain: (v) => done(table(v.value)),
      full: ({ obj, cx, props, p }) => {
        props(['table', 'alias'], ['table']);
        const name = p.attempt(() => expectString(cx, prop(obj, 'table'), 'a table path for "table"'), '');
        const alias = readAlias(p, cx, obj);
        return p.step(() => table(name, alias));
      },
    },
    table_system: {
      full: ({ obj, cx, props, p }) => {
        props(['table', 'alias'], ['table']);
        const name = p.attempt(() => expectString(cx, prop(obj, 'table'), 'a system table name for "table"'), '');
        const alias = readAlias(p, cx, obj);
        return p.step(() => KINDS.table_system.make(name, alias));
      },
    },
    table_database: {
      full: ({ obj, cx, props, p }) => {
        props(['database', 'table', 'alias'], ['database', 'table']);
        const database = p.one('specifier', obj.get('database'));
        const name = p.attempt(() => expectString(cx, prop(obj, 'table'), 'a table name for "table"'), '');
        const alias = readAlias(p, cx, obj);
        return p.step((r) => KINDS.table_database.make(database(r), name, alias));
      },
    },
    join: {
      full: ({ obj, cx, props, p }) => {
        props(['op', 's1', 's2'], ['op', 's1', 's2']);
        const op = p.attempt(() => readJoinOp(cx, prop(obj, 'op')), 'inner');
        const s1 = p.one('source', obj.get('s1'));
        const s2 = p.one('source', obj.get('s2'));
        return p.step((r) => KINDS.join.make(op, s1(r), s2(r)));
      },
    },
    select_source: {
      full: ({ obj, props, p }) => {
        props(['select'], ['select']);
        const select = p.one('select', obj.get('select'));
        return p.step((r) => KINDS.select_source.make(select(r)));
      },
    },
  };

function readAlias(p: Parts, cx: Cx, obj: JsonObject): string | null {
  return p.attempt(() => optionalString(cx, obj.get('alias'), 'a source "alias"'), null);
}

function readJoinOp(cx: Cx, v: JsonValue): JoinOp {
  const op = v.type === 'string' ? JOIN_OPS.find((o) => o === v.value) : undefined;
  if (op === undefined) {
    const hint = v.type === 'string' ? didYouMean(v.value, JOIN_OPS) : '';
    fail(cx, 'unknown-operator', `${unknownName('join op', v)}${hint}; expected one of ${JOIN_OPS.join(', ')}`, v);
  }
  return op;
}

// ---------------------------------------------------------------------------------------
// Specifiers

type SingularSpec = IdSpec | NameSpec | WhereSpec;

/** The `"type"` names of the specifier forms (src/ast/kinds.ts). */
const ALL_TYPE = KINDS.spec_all.json.type;
const WHERE_TYPE = KINDS.spec_where.json.type;

/**
 * One reader per specifier kind, each given a value of its JSON form: a number (id), a string
 * (name), an array, `{"type": "all"}`, `{"type": "where", "where": ...}` (src/ast/kinds.ts `json`).
 */
export const SPECIFIER_READERS: { readonly [K in Specifier['kind']]: (v: JsonValue, cx: Cx) => Step<Extract<Specifier, { kind: K }>> } = {
  spec_all: (v, cx) => {
    checkProps(cx, v as JsonObject, 'an "all" specifier', ['type'], ['type']);
    return done(KINDS.spec_all.make());
  },
  spec_id: (v) => done(KINDS.spec_id.make((v as JsonValue & { type: 'number' }).text)),
  spec_name: (v) => done(KINDS.spec_name.make((v as JsonValue & { type: 'string' }).value)),
  spec_where: (v, cx) => {
    const p = new Parts(cx);
    p.props(v as JsonObject, 'a "where" specifier', ['type', 'where'], ['type', 'where']);
    const where = p.one('expr', (v as JsonObject).get('where'));
    return p.step((r) => KINDS.spec_where.make(where(r)));
  },
  spec_array: (v, cx) => {
    const p = new Parts(cx);
    const items = p.list('singular', (v as JsonValue & { type: 'array' }).items);
    return p.step((r) => KINDS.spec_array.make(items(r)));
  },
};

/** The `"type"` of an object when it is a string, else undefined. */
function typeName(v: JsonValue): string | undefined {
  if (v.type !== 'object') return undefined;
  const t = v.get('type');
  return t?.type === 'string' ? t.value : undefined;
}

/** A database (or column) specifier: id (number), name (string), {"type":"all"}, {"type":"where"}, or an array of ids, names and wheres. */
export function readSpecifier(v: JsonValue, cx: Cx): Step<Specifier> {
  if (v.type === 'array') return SPECIFIER_READERS.spec_array(v, cx);
  if (typeName(v) === ALL_TYPE) return SPECIFIER_READERS.spec_all(v, cx);
  return readSingular(v, cx, false);
}

export function readSingularSpecifier(v: JsonValue, cx: Cx): Step<SingularSpec> {
  return readSingular(v, cx, true);
}

function readSingular(v: JsonValue, cx: Cx, inArray: boolean): Step<SingularSpec> {
  const expected = inArray
    ? 'an id (number), a name (string) or {"type": "where", "where": ...} in an array specifier'
    : 'a specifier: an id (number), a name (string), {"type": "all"}, {"type": "where", "where": ...} or an array';
  if (v.type === 'number') return SPECIFIER_READERS.spec_id(v, cx);
  if (v.type === 'string') return SPECIFIER_READERS.spec_name(v, cx);
  if (v.type !== 'object') fail(cx, 'wrong-type', `expected ${expected}, got ${describe(v)}`, v);
  if (!v.member('type')) fail(cx, 'missing-property', `expected ${expected}: the object has no "type"`, v);
  const t = prop(v, 'type');
  if (t.type !== 'string' || t.value !== WHERE_TYPE) {
    const known = inArray ? [WHERE_TYPE] : [WHERE_TYPE, ALL_TYPE];
    const hint = t.type === 'string' ? didYouMean(t.value, known) : '';
    fail(cx, 'unknown-type', `expected ${expected}, got ${gotType(t)}${hint}`, t);
  }
  return SPECIFIER_READERS.spec_where(v, cx);
}
