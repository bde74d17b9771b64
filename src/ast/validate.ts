import { DsqError } from '../diagnostic/index.js';
import { checkDateTimeText, type DateTimeKind } from './datetime.js';
import { EXPR_KINDS, NODE_KINDS, STATEMENT_KINDS, kindsOf } from './kinds.js';
import { BINARY_OPS, JOIN_OPS, UNARY_OPS, type Node, type NodeKind, type NodeOfKind } from './nodes.js';
import { checkNumber } from './numbers.js';
import { isTrusted, markTrusted } from './trust.js';

/**
 * The structural validator for ASTs that did not come from dsq (built by hand, or read from
 * somewhere as plain objects). It checks what the JSON reader checks: every node's kind is
 * known and may stand where it stands, every field is present with the right type and no other
 * field is there, names and string values are non-empty strings, numbers are exact number text
 * within the spec's ranges (signed 64-bit whole numbers, float64 others), datetime texts follow
 * the spec's syntax, lists that must not be empty are not; and it rejects cycles and trees
 * nested deeper than a limit. Each error is a `DsqError` (code `ast/...`) with a JSON-pointer
 * path of field names (`/select/where/e2/value`).
 *
 * It returns a new tree of fresh node objects that dsq trusts (trust.ts); the input is not
 * changed or marked. Subtrees dsq already trusts are taken as they are. An object reached
 * twice (a shared subtree) is checked once and shared in the result too. Iterative: a tree
 * 100,000 levels deep is checked without growing the call stack.
 *
 * The declaration of fields below (`NODE_FIELDS`) is checked by the compiler against the node
 * interfaces (nodes.ts): a new field or node kind does not compile until it is declared here.
 */

/** What may stand at a place in the tree. */
export type Role = 'node' | 'statement' | 'expr' | 'select' | 'source' | 'spec' | 'singular' | 'when' | 'result_column' | 'order_term';

/** A field holding child nodes: one, one or null, a list, a non-empty list, or `'all'` or a non-empty list. */
interface ChildField {
  readonly role: Role;
  readonly shape: 'one' | 'nullable' | 'list' | 'nonEmpty' | 'allOrNonEmpty';
}
/**
 * A field holding a plain value. `type` is its shape (a string, true or false, one of some
 * words, or null where allowed); `rule` what the spec asks of the value (exact number text,
 * datetime text, not empty). Each returns what is wrong, or null.
 */
interface ValueField {
  readonly code: string;
  readonly type: (value: unknown) => string | null;
  readonly rule?: (value: unknown, node: Readonly<Record<string, unknown>>) => string | null;
}
type Field = ChildField | ValueField;

type FieldsOf<K extends NodeKind> = { readonly [F in Exclude<keyof NodeOfKind<K>, 'kind'>]-?: Field };

// ---------------------------------------------------------------------------------------
// Value fields

function describe(value: unknown): string {
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
      return `a ${typeof value}`;
  }
}

const isString = (v: unknown) => (typeof v === 'string' ? null : `must be a string, got ${describe(v)}`);
const isStringOrNull = (v: unknown) => (v === null || typeof v === 'string' ? null : `must be a string or null, got ${describe(v)}`);
const notEmpty = (v: unknown) => (v === '' ? 'must not be empty' : null);

const NAME: ValueField = { code: 'wrong-type', type: isString, rule: notEmpty };
const OPTIONAL_NAME: ValueField = { code: 'wrong-type', type: isStringOrNull, rule: notEmpty };
const STRING_VALUE: ValueField = {
  code: 'wrong-type',
  type: isString,
  rule: (v) => (v === '' ? "must not be empty (the spec's empty string is null: use { kind: 'null' })" : null),
};
const BOOLEAN: ValueField = { code: 'wrong-type', type: (v) => (typeof v === 'boolean' ? null : `must be true or false, got ${describe(v)}`) };
const OPTIONAL_BOOLEAN: ValueField = {
  code: 'wrong-type',
  type: (v) => (v === null || typeof v === 'boolean' ? null : `must be true, false or null, got ${describe(v)}`),
};

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
const NUMBER: ValueField = { code: 'number', type: (v) => numberType(v, false), rule: (v) => numberRule(v, false) };
const WHOLE: ValueField = { code: 'number', type: (v) => numberType(v, false), rule: (v) => numberRule(v, true) };
const OPTIONAL_WHOLE: ValueField = { code: 'number', type: (v) => numberType(v, true), rule: (v) => numberRule(v, true) };

const dateTimeRule = (kind: DateTimeKind) => (v: unknown) => (typeof v === 'string' ? checkDateTimeText(kind, v) : null);
const localText = (kind: Exclude<DateTimeKind, 'datetime'>): ValueField => ({ code: 'datetime', type: isString, rule: dateTimeRule(kind) });
/** An instant: epoch milliseconds (whole-number text) for form 'ms', ISO text for form 'iso'. */
const DATETIME_VALUE: ValueField = {
  code: 'datetime',
  type: isString,
  rule: (v, node) => (node['form'] === 'ms' ? numberRule(v, true) : node['form'] === 'iso' ? dateTimeRule('datetime')(v) : null),
};

function oneOf(options: readonly string[]): ValueField {
  const set: ReadonlySet<unknown> = new Set(options);
  return { code: 'wrong-type', type: (v) => (set.has(v) ? null : `must be one of ${options.map((o) => JSON.stringify(o)).join(', ')}, got ${describe(v)}`) };
}

// ---------------------------------------------------------------------------------------
// Child fields

const one = (role: Role): ChildField => ({ role, shape: 'one' });
const nullable = (role: Role): ChildField => ({ role, shape: 'nullable' });
const list = (role: Role): ChildField => ({ role, shape: 'list' });
const nonEmpty = (role: Role): ChildField => ({ role, shape: 'nonEmpty' });

const E = one('expr');

/** Every node kind's fields, in the order of nodes.ts (the order of the fresh nodes built). */
export const NODE_FIELDS: { readonly [K in NodeKind]: FieldsOf<K> } = {
  null: {},
  number: { value: NUMBER },
  string: { value: STRING_VALUE },
  datetime: { form: oneOf(['ms', 'iso']), value: DATETIME_VALUE },
  localdatetime: { value: localText('localdatetime') },
  localdate: { value: localText('localdate') },
  localtime: { value: localText('localtime') },
  column: { path: NAME },
  system_column: { table: NAME, column: NAME },
  database_column: { database: one('spec'), table: NAME, column: one('spec') },
  alias: { name: NAME },
  between: { e: E, min: E, max: E },
  binary: { op: oneOf(BINARY_OPS), e1: E, e2: E },
  case: { base: nullable('expr'), cases: nonEmpty('when'), else: nullable('expr') },
  when: { when: E, then: E },
  collate: { e: E, collation: NAME },
  count_rows: {},
  exists: { select: one('select') },
  function: { name: NAME, args: list('expr') },
  in: { e: E, values: list('expr') },
  in_select: { e: E, select: one('select') },
  subquery: { select: one('select') },
  unary: { op: oneOf(UNARY_OPS), e: E },
  spec_all: {},
  spec_id: { id: WHOLE },
  spec_name: { name: NAME },
  spec_where: { where: E },
  spec_array: { items: list('singular') },
  result_column: { e: E, alias: OPTIONAL_NAME },
  order_term: { e: E, order: oneOf(['asc', 'desc']) },
  table: { table: NAME, alias: OPTIONAL_NAME },
  table_system: { table: NAME, alias: OPTIONAL_NAME },
  table_database: { database: one('spec'), table: NAME, alias: OPTIONAL_NAME },
  join: { op: oneOf(JOIN_OPS), s1: one('source'), s2: one('source') },
  select_source: { select: one('select') },
  select: {
    distinct: BOOLEAN,
    columns: { role: 'result_column', shape: 'allOrNonEmpty' },
    from: nullable('source'),
    where: nullable('expr'),
    group: list('expr'),
    having: nullable('expr'),
    order: list('order_term'),
    limit: nullable('expr'),
    offset: nullable('expr'),
  },
  select_action: { select: one('select'), rows: OPTIONAL_WHOLE, useStrings: OPTIONAL_BOOLEAN, echo: OPTIONAL_BOOLEAN },
};

/** Each kind's fields as [name, field] pairs (built once). */
const FIELD_LIST = Object.fromEntries(
  Object.entries(NODE_FIELDS).map(([kind, fields]) => [kind, Object.entries(fields as Record<string, Field>)]),
) as unknown as Readonly<Record<NodeKind, readonly (readonly [string, Field])[]>>;

const isChild = (f: Field): f is ChildField => 'role' in f;

// ---------------------------------------------------------------------------------------
// Roles

const ROLE_KINDS: Readonly<Record<Role, readonly NodeKind[]>> = {
  node: NODE_KINDS,
  statement: STATEMENT_KINDS,
  expr: EXPR_KINDS,
  select: kindsOf('select'),
  source: kindsOf('source'),
  spec: kindsOf('specifier'),
  // The items of a specifier array (nodes.ts ArraySpec).
  singular: ['spec_id', 'spec_name', 'spec_where'],
  when: kindsOf('when'),
  result_column: kindsOf('result_column'),
  order_term: kindsOf('order_term'),
};
const ROLE_SETS = Object.fromEntries(Object.entries(ROLE_KINDS).map(([r, kinds]) => [r, new Set<string>(kinds)])) as unknown as Readonly<
  Record<Role, ReadonlySet<string>>
>;
const ROLE_NAMES: Readonly<Record<Role, string>> = {
  node: 'a node',
  statement: 'a statement (kind "select" or "select_action")',
  expr: 'an expression',
  select: 'a select node (kind "select")',
  source: 'a source (kind "table", "table_system", "table_database", "join" or "select_source")',
  spec: 'a specifier (kind "spec_all", "spec_id", "spec_name", "spec_where" or "spec_array")',
  singular: 'an id, name or where specifier (kind "spec_id", "spec_name" or "spec_where")',
  when: 'a CASE arm (kind "when")',
  result_column: 'a result column (kind "result_column")',
  order_term: 'an order term (kind "order_term")',
};

/** True when a node of this kind may stand where `role` is expected. */
export function kindFits(kind: string, role: Role): boolean {
  return ROLE_SETS[role].has(kind);
}

// ---------------------------------------------------------------------------------------
// Shallow trust: a node built by dsq code from checked parts

/**
 * Marks a node dsq code has just built as trusted when its own fields are valid and each
 * child is already trusted (and fits where it stands); otherwise leaves it unmarked. Never
 * throws, never walks below the children: the AST constructors (make.ts) and the builder call
 * it on every node they build.
 */
export function trustIfValid<T extends Node>(node: T): T {
  const record = node as unknown as Readonly<Record<string, unknown>>;
  const fields = FIELD_LIST[node.kind];
  if (fields === undefined) return node;
  for (const [key, field] of fields) {
    const v = record[key];
    if (isChild(field)) {
      if (!childrenTrusted(v, field)) return node;
    } else if (field.type(v) !== null || (field.rule !== undefined && field.rule(v, record) !== null)) return node;
  }
  return markTrusted(node);
}

function childrenTrusted(v: unknown, field: ChildField): boolean {
  if (field.shape === 'one' || field.shape === 'nullable') {
    return (field.shape === 'nullable' && v === null) || (isTrusted(v) && kindFits(v.kind, field.role));
  }
  if (field.shape === 'allOrNonEmpty' && v === 'all') return true;
  if (!Array.isArray(v) || (field.shape !== 'list' && v.length === 0)) return false;
  for (let i = 0; i < v.length; i++) {
    const item: unknown = v[i];
    if (!isTrusted(item) || !kindFits(item.kind, field.role)) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------
// Full validation

export interface ValidateOptions {
  /** How many node levels the tree may have (the root is level 1). Default 1,000,000. */
  readonly maxDepth?: number;
}

export const DEFAULT_AST_MAX_DEPTH = 1_000_000;

/** A node being checked: its fresh copy, filled in as its children are done. */
interface Frame {
  readonly source: object;
  readonly out: Record<string, unknown>;
  readonly parent: Frame | null;
  /** The path from the parent: a field name, or `field/index`. */
  readonly segment: string;
  readonly level: number;
  readonly tasks: Task[];
  next: number;
  height: number;
}
/** A child still to check, and where its result goes. */
interface Task {
  readonly value: unknown;
  readonly role: Role;
  readonly segment: string;
  readonly into: Record<string, unknown> | unknown[];
  readonly key: string | number;
}

/** Longest pointer an error quotes, in segments: a deeper one keeps its ends and says how many it left out. */
const MAX_POINTER_SEGMENTS = 40;

function pointerOf(frame: Frame | null, last?: string): string {
  const parts: string[] = last === undefined || last === '' ? [] : [last];
  for (let f = frame; f !== null; f = f.parent) if (f.segment !== '') parts.push(f.segment);
  parts.reverse();
  if (parts.length > MAX_POINTER_SEGMENTS) {
    const keep = MAX_POINTER_SEGMENTS / 2;
    const left = parts.length - 2 * keep;
    return `/${[...parts.slice(0, keep), `…(${left} more)…`, ...parts.slice(-keep)].join('/')}`;
  }
  return parts.length === 0 ? '' : `/${parts.join('/')}`;
}

const escapeSegment = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

function astError(code: string, message: string, pointer: string, hint?: string): DsqError {
  return new DsqError([{ code: `ast/${code}`, severity: 'error', message, pointer, ...(hint ? { hint } : {}) }]);
}

/**
 * Checks a hand-built tree (see the top of this file) and returns a trusted copy. `role` says
 * what the root must be (any node by default).
 */
export function validateAst(input: unknown, role: Role = 'node', options: ValidateOptions = {}): Node {
  return validate(input, role, options, true);
}

/**
 * The structure alone: kinds, roles, fields and their types, cycles, depth; not the value rules
 * (number and datetime text, empty names and lists), which the caller leaves to the spec check
 * (src/spec/check.ts), so that every entry point words them the same. The copy it returns is
 * marked trusted: the caller must check those rules before handing it out.
 */
export function validateStructure(input: unknown, role: Role = 'node', options: ValidateOptions = {}): Node {
  return validate(input, role, options, false);
}

function validate(input: unknown, role: Role, options: ValidateOptions, rules: boolean): Node {
  if (isTrusted(input)) {
    if (!kindFits(input.kind, role)) throw astError('wrong-kind', `expected ${ROLE_NAMES[role]}, got a "${input.kind}" node`, '');
    return input;
  }
  const maxDepth = options.maxDepth ?? DEFAULT_AST_MAX_DEPTH;
  /** Objects checked already: their result and height (a shared subtree is checked once). */
  const done = new Map<object, { readonly node: Node; readonly height: number }>();
  /** Objects on the path from the root: reaching one again is a cycle. */
  const onPath = new Set<object>();
  const root: { node?: unknown } = {};
  const stack: Frame[] = [];

  const place = (into: Task['into'], key: string | number, node: unknown) => {
    (into as Record<string | number, unknown>)[key] = node;
  };

  /** Takes one child: trusted or already checked (placed at once), or a new frame. */
  const take = (task: Task, parent: Frame | null) => {
    const v = task.value;
    const level = parent === null ? 1 : parent.level + 1;
    if (isTrusted(v)) {
      if (!kindFits(v.kind, task.role)) throw wrongKind(v.kind, task.role, pointerOf(parent, task.segment));
      place(task.into, task.key, v);
      if (parent !== null && parent.height < 2) parent.height = 2;
      return;
    }
    if (typeof v === 'object' && v !== null) {
      const seen = done.get(v);
      if (seen !== undefined) {
        if (!kindFits(seen.node.kind, task.role)) throw wrongKind(seen.node.kind, task.role, pointerOf(parent, task.segment));
        if (level + seen.height - 1 > maxDepth) throw tooDeep(maxDepth, pointerOf(parent, task.segment));
        place(task.into, task.key, seen.node);
        if (parent !== null && parent.height < seen.height + 1) parent.height = seen.height + 1;
        return;
      }
      if (onPath.has(v)) {
        throw astError(
          'cycle',
          'a node contains itself (a cycle): the object here is also one of its own ancestors',
          pointerOf(parent, task.segment),
          'an AST is a tree: build each node once, or copy it',
        );
      }
    }
    stack.push(open(v, task, parent, level));
    onPath.add(stack[stack.length - 1]!.source);
  };

  /** Checks a node's kind and value fields, and lists its children as tasks. */
  const open = (v: unknown, task: Task, parent: Frame | null, level: number): Frame => {
    const at = () => pointerOf(parent, task.segment);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) {
      throw astError('wrong-type', `expected ${ROLE_NAMES[task.role]} (a node object), got ${describe(v)}`, at());
    }
    const proto: unknown = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) {
      const name = (proto as { constructor?: { name?: unknown } }).constructor?.name;
      throw astError(
        'wrong-type',
        `expected ${ROLE_NAMES[task.role]} (a plain node object), got ${typeof name === 'string' && name !== '' ? `a ${name} object` : 'an object with a prototype'}`,
        at(),
        'a builder object (col(...), a query) goes into a tree as its .toAst() node',
      );
    }
    if (level > maxDepth) throw tooDeep(maxDepth, at());
    const record = v as Readonly<Record<string, unknown>>;
    const kind = record['kind'];
    if (typeof kind !== 'string' || !Object.hasOwn(NODE_FIELDS, kind)) {
      throw astError(
        typeof kind === 'string' ? 'unknown-kind' : 'missing-kind',
        typeof kind === 'string'
          ? `unknown node kind ${JSON.stringify(kind.slice(0, 60))}: expected ${ROLE_NAMES[task.role]}`
          : `expected ${ROLE_NAMES[task.role]}: a node needs a "kind" (a string), got ${describe(kind)}`,
        at(),
      );
    }
    if (!kindFits(kind, task.role)) throw wrongKind(kind, task.role, at());
    const fields = FIELD_LIST[kind as NodeKind];
    for (const key of Object.keys(record)) {
      if (key !== 'kind' && !Object.hasOwn(NODE_FIELDS[kind as NodeKind], key)) {
        const known = fields.map(([k]) => `"${k}"`).join(', ');
        throw astError(
          'unknown-property',
          `unknown property ${JSON.stringify(key.slice(0, 60))} in the "${kind}" node; expected ${known || 'only "kind"'}`,
          pointerOf(parent, task.segment) + `/${escapeSegment(key)}`,
        );
      }
    }
    const out: Record<string, unknown> = { kind };
    const tasks: Task[] = [];
    const frame: Frame = { source: v, out, parent, segment: task.segment, level, tasks, next: 0, height: 1 };
    for (const [key, field] of fields) {
      // Each field is read once: a getter cannot answer differently to the check and the copy.
      const fv = record[key];
      if (fv === undefined) {
        throw astError('missing-property', `the "${kind}" node needs "${key}"`, at(), hintForMissing(kind as NodeKind));
      }
      if (!isChild(field)) {
        const problem = field.type(fv) ?? (rules && field.rule !== undefined ? field.rule(fv, out) : null);
        if (problem !== null) {
          throw astError(field.code, `"${key}" of the "${kind}" node${problem.startsWith('must') ? ' ' : ': '}${problem}`, pointerOf(frame, key));
        }
        out[key] = fv;
        continue;
      }
      if (field.shape === 'nullable' && fv === null) {
        out[key] = null;
        continue;
      }
      if (field.shape === 'one' || field.shape === 'nullable') {
        tasks.push({ value: fv, role: field.role, segment: key, into: out, key });
        continue;
      }
      if (field.shape === 'allOrNonEmpty' && fv === 'all') {
        out[key] = 'all';
        continue;
      }
      const what = field.shape === 'allOrNonEmpty' ? `'all' or a non-empty array` : field.shape === 'nonEmpty' ? 'a non-empty array' : 'an array';
      if (!Array.isArray(fv)) throw astError('wrong-type', `"${key}" of the "${kind}" node must be ${what}, got ${describe(fv)}`, pointerOf(frame, key));
      const items = fv as readonly unknown[];
      if (rules && items.length === 0 && field.shape !== 'list') {
        throw astError('empty-list', `"${key}" of the "${kind}" node must be ${what}, got an empty array`, pointerOf(frame, key));
      }
      const copy: unknown[] = new Array(items.length);
      out[key] = copy;
      for (let i = 0; i < items.length; i++) {
        if (!(i in items)) {
          throw astError('sparse-array', `"${key}" of the "${kind}" node has a hole at index ${i} (a sparse array)`, pointerOf(frame, `${key}/${i}`));
        }
        tasks.push({ value: items[i], role: field.role, segment: `${key}/${i}`, into: copy, key: i });
      }
    }
    return frame;
  };

  take({ value: input, role, segment: '', into: root, key: 'node' }, null);
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Frame;
    const task = top.tasks[top.next];
    if (task !== undefined) {
      top.next++;
      take(task, top);
      continue;
    }
    stack.pop();
    onPath.delete(top.source);
    const node = markTrusted(top.out as unknown as Node);
    done.set(top.source, { node, height: top.height });
    const parent = stack[stack.length - 1];
    const finished = parent?.tasks[parent.next - 1];
    if (parent === undefined || finished === undefined) place(root, 'node', node);
    else {
      place(finished.into, finished.key, node);
      if (parent.height < top.height + 1) parent.height = top.height + 1;
    }
  }
  return root.node as Node;
}

function wrongKind(kind: string, role: Role, pointer: string): DsqError {
  return astError('wrong-kind', `expected ${ROLE_NAMES[role]}, got a "${kind}" node`, pointer);
}

function tooDeep(maxDepth: number, pointer: string): DsqError {
  return astError('too-deep', `the tree is nested deeper than ${maxDepth} levels`, pointer, 'pass a larger maxDepth if the tree is meant to be this deep');
}

function hintForMissing(kind: NodeKind): string | undefined {
  if (kind === 'select') return 'every field of a select node is required (null or [] for the parts it does not have); select({...}) from the AST constructors fills in the defaults';
  if (kind === 'select_action') return 'rows, useStrings and echo are null when not set; selectAction(select, options) fills them in';
  return 'absent parts are null, never left out';
}

/**
 * The JSON-pointer path (field names, as in validateAst's errors) of `target` in the tree under
 * `root`, with `field` appended when given; null when it is not there. Iterative.
 */
export function pointerOfNode(root: Node, target: Node, field?: string): string | null {
  const stack: { node: Node; path: string }[] = [{ node: root, path: '' }];
  while (stack.length > 0) {
    const { node, path } = stack.pop() as { node: Node; path: string };
    if (node === target) return field === undefined ? path : `${path}/${field}`;
    const record = node as unknown as Readonly<Record<string, unknown>>;
    for (const [key, f] of FIELD_LIST[node.kind]) {
      if (!isChild(f)) continue;
      const v = record[key];
      if (Array.isArray(v)) v.forEach((item: Node, i) => stack.push({ node: item, path: `${path}/${key}/${i}` }));
      else if (typeof v === 'object' && v !== null) stack.push({ node: v as Node, path: `${path}/${key}` });
    }
  }
  return null;
}
