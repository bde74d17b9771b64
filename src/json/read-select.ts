import { JOIN_OPS, type IdSpec, type JoinOp, type NameSpec, type OrderTerm, type ResultColumn, type Select, type Source, type Specifier, type WhereSpec } from '../ast/nodes.js';
import { didYouMean } from './error.js';
import {
  Parts, checkProps, describe, done, expectArray, expectObject, expectString, fail, optionalBoolean, optionalString, prop,
  type Cx, type Step,
} from './parts.js';
import { SOURCE_TYPES, SOURCE_TYPE_ALIASES, type SourceType } from './shorthand.js';
import type { JsonObject, JsonValue } from './value.js';

const SELECT_PROPS = ['distinct', 'columns', 'from', 'where', 'group', 'having', 'order', 'limit', 'offset'];

/**
 * The spec's select object. Absent (or null) `columns` means all columns; `{"type":"all"}`
 * too. For the expression-valued parts (`where`, `having`, `limit`, `offset`) JSON null is
 * the null expression; leave the property out for "none".
 */
export function readSelect(v: JsonValue, cx: Cx): Step<Select> {
  const obj = expectObject(cx, v, 'a select object');
  checkProps(cx, obj, 'a select object', SELECT_PROPS);
  const p = new Parts();
  const distinct = optionalBoolean(cx, obj.get('distinct'), '"distinct"') ?? false;
  const columns = readColumns(cx, obj.get('columns'), p);
  const fromValue = obj.get('from');
  const from = p.optional('source', fromValue?.type === 'null' ? undefined : fromValue);
  const where = p.optional('expr', obj.get('where'));
  const group = p.list('expr', optionalArray(cx, obj.get('group'), 'the "group" expressions'));
  const having = p.optional('expr', obj.get('having'));
  const order = p.list('order_term', optionalArray(cx, obj.get('order'), 'the "order" terms'));
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
      fail(cx, 'wrong-type', `"columns" as an object must be {"type": "all"}, got type ${describe(t)}`, t, 'for a list of result columns write an array of {"e": ..., "alias": ...}');
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
  checkProps(cx, obj, 'a result column', ['e', 'alias'], ['e']);
  const p = new Parts();
  const e = p.one('expr', prop(obj, 'e'));
  const alias = optionalString(cx, obj.get('alias'), 'a result column "alias"');
  return p.step((r) => ({ kind: 'result_column', e: e(r), alias }));
}

export function readOrderTerm(v: JsonValue, cx: Cx): Step<OrderTerm> {
  const obj = expectObject(cx, v, 'an order term {"e": ..., "order": "asc" | "desc"}');
  checkProps(cx, obj, 'an order term', ['e', 'order'], ['e']);
  const p = new Parts();
  const e = p.one('expr', prop(obj, 'e'));
  const orderValue = obj.get('order');
  let order: 'asc' | 'desc' = 'asc';
  if (orderValue !== undefined && orderValue.type !== 'null') {
    if (orderValue.type !== 'string' || (orderValue.value !== 'asc' && orderValue.value !== 'desc')) {
      fail(cx, 'wrong-type', `"order" must be "asc" or "desc", got ${describe(orderValue)}`, orderValue);
    }
    order = orderValue.value;
  }
  return p.step((r) => ({ kind: 'order_term', e: e(r), order }));
}

// ---------------------------------------------------------------------------------------
// Sources

export function readSource(v: JsonValue, cx: Cx): Step<Source> {
  if (v.type === 'string') return done<Source>({ kind: 'table', table: v.value, alias: null });
  const obj = expectObject(cx, v, 'a source (a table name, or an object with "type")');
  if (!obj.member('type')) fail(cx, 'missing-property', `a source object needs "type" (${SOURCE_TYPES.join(', ')})`, obj);
  const t = prop(obj, 'type');
  if (t.type !== 'string') fail(cx, 'wrong-type', `"type" of a source must be a string, got ${describe(t)}`, t);
  const type = SOURCE_TYPE_ALIASES[t.value] ?? t.value;
  if (!(SOURCE_TYPES as readonly string[]).includes(type)) {
    const known = [...SOURCE_TYPES, ...Object.keys(SOURCE_TYPE_ALIASES)];
    fail(cx, 'unknown-type', `unknown source type "${t.value}"${didYouMean(t.value, known)}; expected one of ${SOURCE_TYPES.join(', ')}`, t);
  }
  const what = `a "${t.value}" source`;
  const props = (allowed: readonly string[], required: readonly string[]) => checkProps(cx, obj, what, ['type', ...allowed], required);
  return SOURCES[type as SourceType]({ obj, cx, props, p: new Parts() });
}

interface Full {
  readonly obj: JsonObject;
  readonly cx: Cx;
  readonly props: (allowed: readonly string[], required: readonly string[]) => void;
  readonly p: Parts;
}

/** One reader per source type. */
const SOURCES: Readonly<Record<SourceType, (f: Full) => Step<Source>>> = {
  table: ({ obj, cx, props }) => {
    props(['table', 'alias'], ['table']);
    return done({ kind: 'table', table: expectString(cx, prop(obj, 'table'), 'a table path for "table"'), alias: readAlias(cx, obj) });
  },
  table_system: ({ obj, cx, props }) => {
    props(['table', 'alias'], ['table']);
    return done({ kind: 'table_system', table: expectString(cx, prop(obj, 'table'), 'a system table name for "table"'), alias: readAlias(cx, obj) });
  },
  table_database: ({ obj, cx, props, p }) => {
    props(['database', 'table', 'alias'], ['database', 'table']);
    const database = p.one('specifier', prop(obj, 'database'));
    const table = expectString(cx, prop(obj, 'table'), 'a table name for "table"');
    const alias = readAlias(cx, obj);
    return p.step((r) => ({ kind: 'table_database', database: database(r), table, alias }));
  },
  join: ({ obj, cx, props, p }) => {
    props(['op', 's1', 's2'], ['op', 's1', 's2']);
    const op = readJoinOp(cx, prop(obj, 'op'));
    const s1 = p.one('source', prop(obj, 's1'));
    const s2 = p.one('source', prop(obj, 's2'));
    return p.step((r) => ({ kind: 'join', op, s1: s1(r), s2: s2(r) }));
  },
  select: ({ obj, props, p }) => {
    props(['select'], ['select']);
    const select = p.one('select', prop(obj, 'select'));
    return p.step((r) => ({ kind: 'select_source', select: select(r) }));
  },
};

function readAlias(cx: Cx, obj: JsonObject): string | null {
  return optionalString(cx, obj.get('alias'), 'a source "alias"');
}

function readJoinOp(cx: Cx, v: JsonValue): JoinOp {
  const op = v.type === 'string' ? JOIN_OPS.find((o) => o === v.value) : undefined;
  if (op === undefined) {
    const hint = v.type === 'string' ? didYouMean(v.value, JOIN_OPS) : '';
    fail(cx, 'unknown-operator', `unknown join op ${describe(v)}${hint}; expected one of ${JOIN_OPS.join(', ')}`, v);
  }
  return op;
}

// ---------------------------------------------------------------------------------------
// Specifiers

/** A database (or column) specifier: id (number), name (string), {"type":"all"}, {"type":"where"}, or an array of ids, names and wheres. */
export function readSpecifier(v: JsonValue, cx: Cx): Step<Specifier> {
  if (v.type === 'array') {
    const p = new Parts();
    const items = p.list('singular', v.items);
    return p.step((r) => ({ kind: 'spec_array', items: items(r) }));
  }
  if (v.type === 'object' && v.member('type') && prop(v, 'type').type === 'string' && (prop(v, 'type') as { value: string }).value === 'all') {
    checkProps(cx, v, 'an "all" specifier', ['type'], ['type']);
    return done({ kind: 'spec_all' });
  }
  return readSingular(v, cx, false);
}

export function readSingularSpecifier(v: JsonValue, cx: Cx): Step<IdSpec | NameSpec | WhereSpec> {
  return readSingular(v, cx, true);
}

function readSingular(v: JsonValue, cx: Cx, inArray: boolean): Step<IdSpec | NameSpec | WhereSpec> {
  const expected = inArray
    ? 'an id (number), a name (string) or {"type": "where", "where": ...} in an array specifier'
    : 'a specifier: an id (number), a name (string), {"type": "all"}, {"type": "where", "where": ...} or an array';
  if (v.type === 'number') {
    return done({ kind: 'spec_id', id: v.text });
  }
  if (v.type === 'string') return done({ kind: 'spec_name', name: v.value });
  if (v.type !== 'object') fail(cx, 'wrong-type', `expected ${expected}, got ${describe(v)}`, v);
  if (!v.member('type')) fail(cx, 'missing-property', `expected ${expected}: the object has no "type"`, v);
  const t = prop(v, 'type');
  if (t.type !== 'string' || t.value !== 'where') {
    const known = inArray ? ['where'] : ['where', 'all'];
    const hint = t.type === 'string' ? didYouMean(t.value, known) : '';
    fail(cx, 'unknown-type', `expected ${expected}, got type ${describe(t)}${hint}`, t);
  }
  checkProps(cx, v, 'a "where" specifier', ['type', 'where'], ['type', 'where']);
  const p = new Parts();
  const where = p.one('expr', prop(v, 'where'));
  return p.step((r) => ({ kind: 'spec_where', where: where(r) }));
}
