import type { BinaryOp, Expr, Node, NodeKind, NodeOfKind, Select } from '../ast/nodes.js';
import { OPERATORS } from '../ast/operators.js';
import { Raw, Unbound, key, obj, orNull, ref, refs, type, typed, type JsonForm, type Obj, type Out, type Writer } from './json-out.js';
import { FUNCTION_PREFIX, functionNameOfKey, operatorKey } from './spelling.js';
import { normaliseKey } from './value.js';
import { ACTION_WRITERS } from './write-actions.js';
import { SYSTEM_WRITERS } from './write-system.js';
import { byFields } from './write-fields.js';

/**
 * A node as its spec JSON, in the `$` shorthand (`form: 'short'`) or the full `{"type": ...}`
 * form: by its kind's fields (write-fields.ts), or by the writer of a kind whose JSON differs.
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

/** The `$` shorthand of a kind (`form: 'short'`), and its fields (`byFields`) in the full form. */
const shortOr =
  <N extends Node>(short: (n: N) => Out): Writer<N> =>
  (n, form) =>
    form === 'short' ? short(n) : byFields(n);

/**
 * The writers of the kinds whose JSON is not their head and fields (write-fields.ts `byFields`,
 * which writes every other kind: a new kind whose JSON is `{"type": ..., <its fields>}` needs no
 * entry). Here: a shorthand (`$...`) or plain value in the short form, with `byFields` as the
 * full form; a datetime (epoch milliseconds are a number); a column path (only `$col`); a
 * parameter (it has no JSON); an id, name or array specifier (plain values); an order term (its
 * default order left out in the short form); a select (its columns and defaults); and the data
 * and system actions' parts of write-actions.ts and write-system.ts.
 */
export const WRITERS: { readonly [K in NodeKind]?: Writer<NodeOfKind<K>> } = {
  null: shortOr(() => null),
  number: shortOr((n) => new Raw(n.value)),
  string: shortOr((n) => n.value),
  datetime: (n, form) => {
    const value = n.form === 'ms' ? new Raw(n.value) : n.value;
    return form === 'short' ? obj([key('datetime'), value]) : typed(type('datetime'), ['value', value]);
  },
  localdatetime: shortOr((n) => obj([key('localdatetime'), n.value])),
  localdate: shortOr((n) => obj([key('localdate'), n.value])),
  localtime: shortOr((n) => obj([key('localtime'), n.value])),
  column: (n) => obj([key('column'), n.path]),
  alias: shortOr((n) => obj([key('alias'), n.name])),
  between: shortOr((n) => obj([key('between'), refs([n.e, n.min, n.max])])),
  binary: shortOr((n) => obj([operatorKey(n.op), refs(OPERATORS.binary[n.op].nary === 'fold' ? chainOperands(n, n.op) : [n.e1, n.e2])])),
  unary: shortOr((n) => obj([operatorKey(n.op), ref(n.e)])),
  exists: shortOr((n) => obj([key('exists'), ref(n.select)])),
  function: (n, form) => (form === 'short' && functionNameFitsKey(n.name) ? obj([`${FUNCTION_PREFIX}${n.name}`, refs(n.args)]) : byFields(n)),
  in: shortOr((n) => obj([key('in'), [ref(n.e), refs(n.values)]])),
  in_select: shortOr((n) => obj([key('in_select'), [ref(n.e), ref(n.select)]])),
  param: () => {
    throw new Unbound();
  },
  subquery: shortOr((n) => obj([key('subquery'), ref(n.select)])),
  spec_id: (n) => new Raw(n.id),
  spec_name: (n) => n.name,
  spec_array: (n) => refs(n.items),
  order_term: (n, form) => obj(['e', ref(n.e)], ['order', form === 'full' || n.order === 'desc' ? n.order : undefined]),
  table: (n, form) => (form === 'short' && n.alias === null ? n.table : byFields(n)),
  select: (n, form) => selectEntries(n, form),
  ...ACTION_WRITERS,
  ...SYSTEM_WRITERS,
};

/** A node as its spec JSON: by its kind's writer, else by its fields. */
export function writeNode(n: Node, form: JsonForm): Out {
  const write = WRITERS[n.kind] as Writer<Node> | undefined;
  return write === undefined ? byFields(n) : write(n, form);
}
