import type { BinaryOp, Expr, NodeKind, NodeOfKind, Select } from '../ast/nodes.js';
import { KINDS } from '../ast/kinds.js';
import { OPERATORS } from '../ast/operators.js';
import { Raw, Unbound, key, obj, orNull, ref, refs, type, typed, whole, type JsonForm, type Obj, type Writer } from './json-out.js';
import { FUNCTION_PREFIX, functionNameOfKey, operatorKey } from './spelling.js';
import { normaliseKey } from './value.js';
import { ACTION_WRITERS } from './write-actions.js';
import { SYSTEM_WRITERS } from './write-system.js';

/**
 * One writer per node kind (the data actions' in write-actions.ts): the node as its spec JSON,
 * in the `$` shorthand (`form: 'short'`) or the full `{"type": ...}` form.
 */

/** Whether a function name survives the trip through a `$$name` key (keys are normalised). */
export function functionNameFitsKey(name: string): boolean {
  return name !== '' && functionNameOfKey(normaliseKey(`${FUNCTION_PREFIX}${name}`)) === name;
}

/** The operands of a left-deep chain of one operator: `(a + b) + c` → [a, b, c]. Iterative. */
function chainOperands(node: Expr, op: BinaryOp): Expr[] {
  const operands: Expr[] = [];
  let cur = node;
  while (cur.kind === 'binary' && cur.op === op) {
    operands.push(cur.e2);
    cur = cur.e1;
  }
  operands.push(cur);
  return operands.reverse();
}

function selectEntries(s: Select, form: JsonForm): Obj {
  return obj(
    ['distinct', s.distinct ? true : undefined],
    ['columns', s.columns === 'all' ? (form === 'full' ? typed(type('spec_all')) : undefined) : refs(s.columns)],
    ['from', orNull(s.from, ref)],
    ['where', orNull(s.where, ref)],
    ['group', s.group.length > 0 ? refs(s.group) : undefined],
    ['having', orNull(s.having, ref)],
    ['order', s.order.length > 0 ? refs(s.order) : undefined],
    ['limit', orNull(s.limit, ref)],
    ['offset', orNull(s.offset, ref)],
  );
}

export const WRITERS: { readonly [K in NodeKind]: Writer<NodeOfKind<K>> } = {
  null: (_, form) => (form === 'short' ? null : typed(type('null'))),
  number: (n, form) => (form === 'short' ? new Raw(n.value) : typed(type('number'), ['value', new Raw(n.value)])),
  string: (n, form) => (form === 'short' ? n.value : typed(type('string'), ['value', n.value])),
  datetime: (n, form) => {
    const value = n.form === 'ms' ? new Raw(n.value) : n.value;
    return form === 'short' ? obj([key('datetime'), value]) : typed(type('datetime'), ['value', value]);
  },
  localdatetime: (n, form) => (form === 'short' ? obj([key('localdatetime'), n.value]) : typed(type('localdatetime'), ['value', n.value])),
  localdate: (n, form) => (form === 'short' ? obj([key('localdate'), n.value]) : typed(type('localdate'), ['value', n.value])),
  localtime: (n, form) => (form === 'short' ? obj([key('localtime'), n.value]) : typed(type('localtime'), ['value', n.value])),
  column: (n) => obj([key('column'), n.path]),
  system_column: (n) => typed(type('system_column'), ['table', n.table], ['column', n.column]),
  database_column: (n) => typed(type('database_column'), ['database', ref(n.database)], ['table', n.table], ['column', ref(n.column)]),
  alias: (n, form) => (form === 'short' ? obj([key('alias'), n.name]) : typed(type('alias'), ['value', n.name])),
  between: (n, form) =>
    form === 'short' ? obj([key('between'), refs([n.e, n.min, n.max])]) : typed(type('between'), ['e', ref(n.e)], ['min', ref(n.min)], ['max', ref(n.max)]),
  binary: (n, form) => {
    if (form === 'full') return typed(type('binary'), ['op', n.op], ['e1', ref(n.e1)], ['e2', ref(n.e2)]);
    const operands = OPERATORS.binary[n.op].nary === 'fold' ? chainOperands(n, n.op) : [n.e1, n.e2];
    return obj([operatorKey(n.op), refs(operands)]);
  },
  unary: (n, form) => (form === 'short' ? obj([operatorKey(n.op), ref(n.e)]) : typed(type('unary'), ['op', n.op], ['e', ref(n.e)])),
  case: (n) => typed(type('case'), ['base', orNull(n.base, ref)], ['cases', refs(n.cases)], ['else', orNull(n.else, ref)]),
  when: (n) => obj(['when', ref(n.when)], ['then', ref(n.then)]),
  collate: (n) => typed(type('collate'), ['e', ref(n.e)], ['collation', n.collation]),
  count_rows: () => typed(type('count_rows')),
  exists: (n, form) => (form === 'short' ? obj([key('exists'), ref(n.select)]) : typed(type('exists'), ['select', ref(n.select)])),
  function: (n, form) =>
    form === 'short' && functionNameFitsKey(n.name)
      ? obj([`${FUNCTION_PREFIX}${n.name}`, refs(n.args)])
      : typed(type('function'), ['function', n.name], ['args', refs(n.args)]),
  in: (n, form) => (form === 'short' ? obj([key('in'), [ref(n.e), refs(n.values)]]) : typed(type('in'), ['e', ref(n.e)], ['values', refs(n.values)])),
  in_select: (n, form) =>
    form === 'short' ? obj([key('in_select'), [ref(n.e), ref(n.select)]]) : typed(type('in_select'), ['e', ref(n.e)], ['select', ref(n.select)]),
  param: () => {
    throw new Unbound();
  },
  subquery: (n, form) => (form === 'short' ? obj([key('subquery'), ref(n.select)]) : typed(type('subquery'), ['select', ref(n.select)])),
  spec_all: () => typed(type('spec_all')),
  spec_id: (n) => new Raw(n.id),
  spec_name: (n) => n.name,
  spec_where: (n) => typed(type('spec_where'), ['where', ref(n.where)]),
  spec_array: (n) => refs(n.items),
  result_column: (n) => obj(['e', ref(n.e)], ['alias', orNull(n.alias, (a) => a)]),
  order_term: (n, form) => obj(['e', ref(n.e)], ['order', form === 'full' || n.order === 'desc' ? n.order : undefined]),
  table: (n, form) => (form === 'short' && n.alias === null ? n.table : typed(type('table'), ['table', n.table], ['alias', orNull(n.alias, (a) => a)])),
  table_system: (n) => typed(type('table_system'), ['table', n.table], ['alias', orNull(n.alias, (a) => a)]),
  table_database: (n) => typed(type('table_database'), ['database', ref(n.database)], ['table', n.table], ['alias', orNull(n.alias, (a) => a)]),
  join: (n) => typed(type('join'), ['op', n.op], ['s1', ref(n.s1)], ['s2', ref(n.s2)]),
  select_source: (n) => typed(type('select_source'), ['select', ref(n.select)]),
  select: (n, form) => selectEntries(n, form),
  select_action: (n) =>
    obj(
      ['action', KINDS.select_action.json.action],
      ['select', ref(n.select)],
      ['rows', whole(n.rows)],
      ['use_strings', orNull(n.useStrings, (b) => b)],
      ['echo', orNull(n.echo, (b) => b)],
    ),
  ...ACTION_WRITERS,
  ...SYSTEM_WRITERS,
};
