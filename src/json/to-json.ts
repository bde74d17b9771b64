import { KINDS } from '../ast/kinds.js';
import type { ActionPart, DataActionKind, FetchAction, FieldExpr, FieldValue, RecordsWrite, RemoveAction } from '../ast/actions.js';
import type { BinaryOp, Expr, Node, NodeKind, NodeOfKind, Select } from '../ast/nodes.js';
import { OPERATORS } from '../ast/operators.js';
import { FUNCTION_PREFIX, functionNameOfKey, operatorKey } from './spelling.js';
import { normaliseKey } from './value.js';
import { paramNames, unboundParamsError } from '../ast/param-names.js';

/**
 * AST → spec JSON text. `form: 'short'` (the default) writes every node in its `$` shorthand
 * where the spec has one and it reads back to the same node; left-deep chains of one folding
 * operator (`and`, `or`, `+`, ...) become one n-ary array. `form: 'full'` writes every node that
 * has one in its `{"type": ...}` form. A column path is `{"$col": ...}` in both (the spec has no
 * other form for it). Numbers are written as their exact text. `indent` 0 (the default) is
 * compact; otherwise a value whose one-line form fits in 80 columns stays on one line
 * (`{ "$col": "a" }`), and other members go on their own lines, indented by `indent` spaces per
 * level (up to a nesting depth of 100, beyond which lines stop moving right). Iterative: any depth.
 */
export interface ToJsonOptions {
  readonly form?: 'short' | 'full';
  readonly indent?: number;
}

export type JsonForm = 'short' | 'full';

export function toJson(node: Node, options: ToJsonOptions = {}): string {
  const form = options.form ?? 'short';
  const indent = Math.max(0, Math.floor(options.indent ?? 0));
  return unlessUnbound(node, () => serialize(new Ref(node), indent, (n) => (WRITERS[n.kind] as Writer<Node>)(n, form)));
}

/** Several statements (or other nodes) as one JSON array, laid out as `toJson` lays out an array. */
export function toJsonArray(nodes: readonly Node[], options: ToJsonOptions = {}): string {
  const form = options.form ?? 'short';
  const indent = Math.max(0, Math.floor(options.indent ?? 0));
  return unlessUnbound(nodes, () => serialize(nodes.map((n) => new Ref(n)), indent, (n) => (WRITERS[n.kind] as Writer<Node>)(n, form)));
}

/** Thrown by the writer at the first parameter; `toJson` then names every parameter of the tree. */
class Unbound {}

function unlessUnbound(root: Node | readonly Node[], write: () => string): string {
  try {
    return write();
  } catch (err) {
    if (err instanceof Unbound) throw unboundParamsError(paramNames(root));
    throw err;
  }
}

// ---------------------------------------------------------------------------------------
// Output values: plain JSON with exact numbers and unexpanded child nodes.

/** Number text written as is. */
class Raw {
  constructor(readonly text: string) {}
}
/** A child node, turned into output when the serializer reaches it. */
class Ref {
  constructor(readonly node: Node) {}
}
class Obj {
  constructor(readonly entries: readonly (readonly [string, Out])[]) {}
}
type Out = null | boolean | string | Raw | Ref | Obj | readonly Out[];

type Writer<N extends Node> = (node: N, form: JsonForm) => Out;

const ref = (node: Node) => new Ref(node);
const refs = (nodes: readonly Node[]) => nodes.map(ref);
/** An object from entries, leaving out those whose value is `undefined`. */
const obj = (...entries: (readonly [string, Out | undefined])[]) =>
  new Obj(entries.filter((e): e is readonly [string, Out] => e[1] !== undefined));
const typed = (type: string, ...entries: (readonly [string, Out | undefined])[]) => obj(['type', type], ...entries);
const orNull = <T>(value: T | null, f: (v: T) => Out): Out | undefined => (value === null ? undefined : f(value));

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

/** The spec's spelling of each kind (src/ast/kinds.ts `json`): its full form's "type" and its `$` key. */
const type = <K extends NodeKind>(kind: K): string => KINDS[kind].json.type as string;
const key = <K extends NodeKind>(kind: K): string => KINDS[kind].json.shorthand[0] as string;

// ---------------------------------------------------------------------------------------
// Data actions (src/ast/actions.ts): the spec's property names, in the order of its tables.

/** A field value is plain JSON in either form (the spec's record objects have no `{"type": ...}` values). */
const literal = (v: FieldValue['value']): Out => (v.kind === 'null' ? null : v.kind === 'number' ? new Raw(v.value) : v.value);
const fieldObj = (items: readonly (FieldValue | FieldExpr)[]) => obj(...items.map((f): readonly [string, Out] => [f.field, f.kind === 'field_value' ? literal(f.value) : ref(f.e)]));
const orNone = (items: readonly (FieldValue | FieldExpr)[]) => (items.length > 0 ? fieldObj(items) : undefined);
const whole = (text: string | null) => orNull(text, (t) => new Raw(t));
const flag = (b: boolean | null) => orNull(b, (v) => v);
const words = (w: string | null) => orNull(w, (v) => v);
const paging = (n: { order: readonly Node[]; limit: string | null; offset: string | null }) =>
  [['order', n.order.length > 0 ? refs(n.order) : undefined], ['limit', whole(n.limit)], ['offset', whole(n.offset)]] as const;
/** The spec's `"action"` (and `"fetch"`) of an action kind (src/ast/kinds.ts `json`). */
const actionOf = (kind: DataActionKind): string => KINDS[kind].json.action;
const fetch = (kind: FetchAction['kind'], ...entries: (readonly [string, Out | undefined])[]) =>
  obj(['action', actionOf(kind)], ['fetch', KINDS[kind].json.fetch], ...entries);
const remove = (n: RemoveAction) =>
  obj(['action', actionOf(n.kind)], ['database', ref(n.database)], ['records', ref(n.records)], ['fail_no_op', flag(n.failNoOp)]);
const recordsWrite = (n: RecordsWrite) =>
  obj(
    ['action', actionOf(n.kind)],
    ['database', ref(n.database)],
    ['records', refs(n.records)],
    ['on_duplicate', words(n.onDuplicate)],
    ['on_remove', n.kind === 'set_action' ? words(n.onRemove) : undefined],
    ['fail_no_op', flag(n.failNoOp)],
  );

const ACTION_WRITERS: { readonly [K in DataActionKind | ActionPart['kind']]: Writer<NodeOfKind<K>> } = {
  boolean: (n) => n.value,
  field_value: (n) => fieldObj([n]),
  field_expr: (n) => fieldObj([n]),
  spec_key: (n) => typed(type('spec_key'), ['key', fieldObj(n.key)]),
  file_ref: (n) => (n.form === 'object' ? n.value : typed(n.form, ['content', n.value])),
  record: (n) =>
    obj(
      ...n.values.map((f): readonly [string, Out] => [f.field, literal(f.value)]),
      ['expressions', orNone(n.expressions)],
      ['file', orNull(n.file, ref)],
      ['tags', orNull(n.tags, (t) => [...t])],
    ),
  fetch_records: (n) =>
    fetch(
      n.kind,
      ['database', ref(n.database)],
      ['records', orNull(n.records, ref)],
      ['fields', orNull(n.fields, (f) => [...f])],
      ['attributes', orNull(n.attributes, (a) => [...a])],
      ['where', orNull(n.where, ref)],
      ...paging(n),
      ['children', flag(n.children)],
      ['count', flag(n.count)],
    ),
  fetch_multirecords: (n) =>
    fetch(n.kind, ['databases', ref(n.databases)], ['where', orNull(n.where, ref)], ...paging(n), ['children', flag(n.children)], ['count', flag(n.count)]),
  fetch_pseudorecords: (n) => fetch(n.kind, ['select', ref(n.select)], ['where', orNull(n.where, ref)], ...paging(n), ['count', flag(n.count)]),
  fetch_tasks: (n) =>
    fetch(
      n.kind,
      ['from', whole(n.from)],
      ['user', orNull(n.user, ref)],
      ['text', words(n.text)],
      ['where', orNull(n.where, ref)],
      ...paging(n),
      ['count', flag(n.count)],
    ),
  fetch_users: (n) => fetch(n.kind, ['users', orNull(n.users, ref)], ...paging(n)),
  insert_action: recordsWrite,
  replace_action: recordsWrite,
  set_action: recordsWrite,
  update_action: (n) =>
    obj(
      ['action', actionOf(n.kind)],
      ['database', ref(n.database)],
      ['records', ref(n.records)],
      ['fields', orNone(n.fields)],
      ['expressions', orNone(n.expressions)],
      ['file', words(n.file)],
      ['fail_no_op', flag(n.failNoOp)],
    ),
  delete_action: remove,
  trash_action: remove,
  restore_action: remove,
  dispose_action: remove,
};

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
    form === 'short'
      ? obj([key('between'), refs([n.e, n.min, n.max])])
      : typed(type('between'), ['e', ref(n.e)], ['min', ref(n.min)], ['max', ref(n.max)]),
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
  table: (n, form) =>
    form === 'short' && n.alias === null ? n.table : typed(type('table'), ['table', n.table], ['alias', orNull(n.alias, (a) => a)]),
  table_system: (n) => typed(type('table_system'), ['table', n.table], ['alias', orNull(n.alias, (a) => a)]),
  table_database: (n) => typed(type('table_database'), ['database', ref(n.database)], ['table', n.table], ['alias', orNull(n.alias, (a) => a)]),
  join: (n) => typed(type('join'), ['op', n.op], ['s1', ref(n.s1)], ['s2', ref(n.s2)]),
  select_source: (n) => typed(type('select_source'), ['select', ref(n.select)]),
  select: (n, form) => selectEntries(n, form),
  select_action: (n) =>
    obj(
      ['action', KINDS.select_action.json.action],
      ['select', ref(n.select)],
      ['rows', orNull(n.rows, (r) => new Raw(r))],
      ['use_strings', orNull(n.useStrings, (b) => b)],
      ['echo', orNull(n.echo, (b) => b)],
    ),
  ...ACTION_WRITERS,
};

// ---------------------------------------------------------------------------------------
// Serializer

const MAX_INDENT_DEPTH = 100;

/** With indentation, a container whose one-line form fits in this width (less its indentation) stays on one line. */
const LINE_WIDTH = 80;
const MIN_INLINE_WIDTH = 40;

function isScalar(value: Out): boolean {
  return value === null || typeof value === 'boolean' || typeof value === 'string' || value instanceof Raw;
}

function scalarText(value: Out): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return JSON.stringify(value);
  return (value as Raw).text;
}

/**
 * The one-line form (`{ "$col": "a" }`, `[1, 2]`) of a value when it is at most `budget`
 * characters long; otherwise null. Stops as soon as the budget is spent, so the cost is bounded
 * by the budget, not by the size of the value.
 */
function oneLine(root: Out, expand: (node: Node) => Out, budget: number): string | null {
  type Task = { readonly text: string } | { readonly value: Out };
  const stack: Task[] = [{ value: root }];
  const parts: string[] = [];
  let length = 0;
  while (stack.length > 0) {
    const task = stack.pop() as Task;
    let piece: string;
    if ('text' in task) piece = task.text;
    else {
      let value = task.value;
      while (value instanceof Ref) value = expand(value.node);
      if (isScalar(value)) piece = scalarText(value);
      else if (value instanceof Obj) {
        const entries = value.entries;
        // Each member needs at least `"k": v, ` (7 characters).
        if (entries.length * 7 > budget) return null;
        piece = entries.length === 0 ? '{}' : '{ ';
        if (entries.length > 0) stack.push({ text: ' }' });
        for (let i = entries.length - 1; i >= 0; i--) {
          const [key, item] = entries[i] as readonly [string, Out];
          stack.push({ value: item });
          stack.push({ text: `${i > 0 ? ', ' : ''}${JSON.stringify(key)}: ` });
        }
      } else {
        const items = value as readonly Out[];
        if (items.length * 3 > budget) return null;
        piece = '[';
        stack.push({ text: ']' });
        for (let i = items.length - 1; i >= 0; i--) {
          stack.push({ value: items[i] as Out });
          if (i > 0) stack.push({ text: ', ' });
        }
      }
    }
    length += piece.length;
    if (length > budget) return null;
    parts.push(piece);
  }
  return parts.join('');
}

function serialize(root: Out, indent: number, expand: (node: Node) => Out): string {
  const parts: string[] = [];
  type Task = string | { readonly value: Out; readonly depth: number };
  const stack: Task[] = [{ value: root, depth: 0 }];
  const breakAt = (depth: number) => (indent > 0 ? `\n${' '.repeat(indent * Math.min(depth, MAX_INDENT_DEPTH))}` : '');
  const colon = indent > 0 ? ': ' : ':';
  while (stack.length > 0) {
    const task = stack.pop() as Task;
    if (typeof task === 'string') {
      parts.push(task);
      continue;
    }
    let value = task.value;
    while (value instanceof Ref) value = expand(value.node);
    const depth = task.depth;
    if (isScalar(value)) {
      parts.push(scalarText(value));
      continue;
    }
    const container = value as Obj | readonly Out[];
    const inline =
      indent > 0 ? oneLine(container, expand, Math.max(MIN_INLINE_WIDTH, LINE_WIDTH - indent * Math.min(depth + 1, MAX_INDENT_DEPTH))) : null;
    if (inline !== null) {
      parts.push(inline);
    } else if (container instanceof Obj) {
      const entries = container.entries;
      if (entries.length === 0) {
        parts.push('{}');
        continue;
      }
      parts.push('{');
      stack.push(`${breakAt(depth)}}`);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i] as readonly [string, Out];
        stack.push({ value: item, depth: depth + 1 });
        stack.push(`${i > 0 ? ',' : ''}${breakAt(depth + 1)}${JSON.stringify(key)}${colon}`);
      }
    } else {
      if (container.length === 0) {
        parts.push('[]');
        continue;
      }
      parts.push('[');
      stack.push(`${breakAt(depth)}]`);
      for (let i = container.length - 1; i >= 0; i--) {
        stack.push({ value: container[i] as Out, depth: depth + 1 });
        stack.push(`${i > 0 ? ',' : ''}${breakAt(depth + 1)}`);
      }
    }
  }
  return parts.join('');
}
