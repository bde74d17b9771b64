import { checkDateTimeText } from '../ast/datetime.js';
import type { Node, NodeKind, NodeOfKind, Statement } from '../ast/nodes.js';
import { checkNumber, compareNumbers, smallNumber } from '../ast/numbers.js';
import { DATA_ACTION_KINDS, NODE_KINDS, SYSTEM_ACTION_KINDS, childKeys, kindTable } from '../ast/kinds.js';
import { FIELD_LIST } from '../ast/fields.js';
import { EXPR_CALLS, type ExprCallKind } from '../ast/kinds-expressions.js';
import type { DataActionKind } from '../ast/data-actions.js';
import type { SystemActionKind } from '../ast/system-actions.js';
import { registerTree } from '../ast/checked.js';
import { fieldPointer, nodePointers, validateStructure, type Role, type ValidateOptions } from '../ast/validate.js';
import { DsqError, type Diagnostic } from '../diagnostic/index.js';
import { checkActionNode } from './check-actions.js';
import { checkSystemNode } from './check-system.js';
import { arityProblem } from './functions.js';

/**
 * The spec's rules about a tree that its shape alone does not say: numbers in range, datetime
 * texts in the spec's syntax, names and strings not empty, a listed function called with its
 * argument count, `rows` at least 1, lists that must not be empty. ONE checker, run after
 * reading by every entry point (the text parser, the JSON reader, the builder), so all of them
 * accept and reject the same trees with the same message (code `spec/...`).
 *
 * The tree is assumed well-formed (node kinds and property types as in src/ast/nodes.ts).
 * Iterative: a 100,000-deep tree is checked without growing the call stack.
 */

export interface Problem {
  /** `spec/function-arity`, `spec/rows`, ... */
  readonly code: string;
  readonly message: string;
  readonly node: Node;
  /** The property of `node` at fault, when it is one (`rows`, `columns`, `value`, ...): for locating it in JSON. */
  readonly field?: string;
  readonly hint?: string;
}

const problem = (code: string, message: string, node: Node, field?: string, hint?: string): Problem => ({
  code: `spec/${code}`,
  message,
  node,
  ...(field !== undefined ? { field } : {}),
  ...(hint !== undefined ? { hint } : {}),
});

/** Null when `text` is a whole number in the signed 64-bit range, else the reason. */
function wholeNumberProblem(text: string, what: string): string | null {
  const check = checkNumber(text);
  if (!check.ok) return `${what}: ${check.reason}`;
  if (!check.whole) return `${what} must be a whole number, got ${text}`;
  return null;
}

/** Null when `rows` (rows per packet, exact number text) is valid, else the reason: the one message for it. */
export function rowsProblem(rows: string): string | null {
  const check = checkNumber(rows);
  if (check.ok && check.whole && compareNumbers(rows, '1') >= 0) return null;
  return `rows (rows per packet) must be a whole number of at least 1, got ${rows}`;
}

type Check<K extends NodeKind> = (node: NodeOfKind<K>, out: Problem[]) => void;
const none = () => {};

/** The names a table or source may not leave empty. */
function checkTableNames(node: { readonly table: string; readonly alias: string | null } & Node, out: Problem[], what: string): void {
  if (node.table === '') out.push(problem('empty-name', `${what} cannot be empty`, node, 'table'));
  if (node.alias === '') out.push(problem('empty-name', 'a source alias cannot be empty', node, 'alias'));
}

const checkLocal = (node: Extract<Node, { kind: 'localdatetime' | 'localdate' | 'localtime' }>, out: Problem[]) => {
  const p = checkDateTimeText(node.kind, node.value);
  if (p !== null) out.push(problem('invalid-datetime', p, node, 'value'));
};

/**
 * The problems of one node (not its children), for every kind. An expression call (src/ast/kind-spec.ts
 * `CallForm`) has none but its fields' (the validator's) unless it is given one here.
 */
export const CHECKS: { readonly [K in Exclude<NodeKind, ExprCallKind>]: Check<K> } & { readonly [K in ExprCallKind]?: Check<K> } = {
  ...(Object.fromEntries(EXPR_CALLS.map((c) => [c.kind, none])) as unknown as { readonly [K in ExprCallKind]: Check<K> }),
  null: none,
  number: (node, out) => {
    // Fast path: up to 15 digits before and after the point is in range (most numbers of most queries).
    if (smallNumber(node.value) !== 0) return;
    const check = checkNumber(node.value);
    if (!check.ok) out.push(problem('invalid-number', check.reason, node, 'value'));
  },
  string: (node, out) => {
    if (node.value === '')
      out.push(
        problem('empty-string', 'a string literal cannot be empty: the spec\'s JSON rules make "" equal to null', node, 'value', 'write NULL (JSON null)'),
      );
  },
  datetime: (node, out) => {
    const p = node.form === 'ms' ? wholeNumberProblem(node.value, 'epoch milliseconds') : checkDateTimeText('datetime', node.value);
    if (p !== null) out.push(problem('invalid-datetime', p, node, 'value'));
  },
  localdatetime: checkLocal,
  localdate: checkLocal,
  localtime: checkLocal,
  column: (node, out) => {
    if (node.path === '') out.push(problem('empty-name', 'a column path cannot be empty', node, 'path'));
  },
  system_column: (node, out) => {
    if (node.table === '') out.push(problem('empty-name', 'a system table name cannot be empty', node, 'table'));
    if (node.column === '') out.push(problem('empty-name', 'a system column name cannot be empty', node, 'column'));
  },
  database_column: (node, out) => {
    if (node.table === '') out.push(problem('empty-name', 'a table name cannot be empty', node, 'table'));
    checkActionNode(node, out);
  },
  alias: (node, out) => {
    if (node.name === '') out.push(problem('empty-name', 'an alias name cannot be empty', node, 'value'));
  },
  between: none,
  binary: none,
  case: (node, out) => {
    if (node.cases.length === 0) out.push(problem('empty-list', 'a CASE needs at least one WHEN ... THEN ... arm', node, 'cases'));
  },
  when: none,
  collate: (node, out) => {
    if (node.collation === '') out.push(problem('empty-name', 'a collation name cannot be empty', node, 'collation'));
  },
  count_rows: none,
  exists: none,
  function: (node, out) => {
    if (node.name === '') {
      out.push(problem('empty-name', 'a function name cannot be empty', node, 'function'));
      return;
    }
    const p = arityProblem(node.name, node.args.length);
    if (p !== null) out.push(problem('function-arity', p, node, 'args', "see the spec's function table (Expression syntax)"));
  },
  in: none,
  in_select: none,
  param: (node, out) => {
    if (node.name === '') out.push(problem('empty-name', 'a parameter name cannot be empty', node, 'name'));
  },
  subquery: none,
  unary: none,
  spec_all: none,
  spec_id: (node, out) => {
    const p = wholeNumberProblem(node.id, 'a specifier id');
    if (p !== null) out.push(problem('invalid-id', p, node));
  },
  spec_name: (node, out) => {
    if (node.name === '') out.push(problem('empty-name', 'a name specifier cannot be empty', node));
  },
  spec_where: none,
  spec_array: none,
  result_column: (node, out) => {
    if (node.alias === '') out.push(problem('empty-name', 'a result column alias cannot be empty', node, 'alias'));
  },
  order_term: none,
  table: (node, out) => checkTableNames(node, out, 'a table path'),
  table_system: (node, out) => checkTableNames(node, out, 'a table name'),
  table_database: (node, out) => {
    checkTableNames(node, out, 'a table name');
    checkActionNode(node, out);
  },
  join: none,
  select_source: none,
  select: (node, out) => {
    if (node.columns !== 'all' && node.columns.length === 0) {
      out.push(
        problem('empty-list', 'a column list cannot be empty', node, 'columns', 'for all columns write SELECT * ({"type": "all"}, or leave "columns" out)'),
      );
    }
  },
  select_action: (node, out) => {
    // (A parameter `ROWS = :n` is checked when it is bound: src/params/bind.ts.)
    if (node.rows === null || typeof node.rows !== 'string') return;
    const p = rowsProblem(node.rows);
    if (p !== null) out.push(problem('rows', p, node, 'rows', 'leave it out for the default of 10,000'));
  },
  // Data actions and their parts: check-actions.ts.
  ...(Object.fromEntries(DATA_ACTION_KINDS.map((k) => [k, checkActionNode])) as Record<DataActionKind, typeof checkActionNode>),
  boolean: none,
  field_value: none,
  field_expr: none,
  spec_key: checkActionNode,
  file_ref: checkActionNode,
  record: checkActionNode,
  delimited_records: checkActionNode,
  // DOWNLOAD, the task and system actions and their parts: check-system.ts.
  ...(Object.fromEntries(SYSTEM_ACTION_KINDS.map((k) => [k, checkSystemNode])) as Record<SystemActionKind, typeof checkSystemNode>),
  task_def: checkSystemNode,
  task_id: checkSystemNode,
  task_ref: checkSystemNode,
  if_condition: none,
  json_object: checkSystemNode,
  json_member: checkSystemNode,
  json_array: none,
  field_def: checkActionNode,
  field_option: checkActionNode,
  blob_def: checkActionNode,
  group_def: checkActionNode,
  database_def: checkActionNode,
};

/** The kinds with a rule of their own (the others' check is `none`). */
const RULED = kindTable((Object.entries(CHECKS) as [NodeKind, Check<NodeKind>][]).filter(([, check]) => check !== none));

/**
 * The spec's rule for the nodes of a kind, or undefined when the kind has none: for nodes as
 * they are made (each node's fields set, its children made before it), as the parser marks
 * them (src/syntax/parser-state.ts `checkAndFreeze`). A problem goes into `out`; when the rule
 * of no node of a tree put one there, `checkTree` would find nothing; when one did,
 * `checkTree` gives the problems in order.
 */
export function ruleOf(kind: NodeKind): ((node: never, out: Problem[]) => void) | undefined {
  return RULED[kind];
}

/**
 * Each kind's lists that must hold an item (the kind table's `nonEmpty` and `allOrNonEmpty`
 * fields), with what they must be. The parser never makes them empty (the syntax needs an item),
 * so only a tree built by hand can have one: `checkTree` refuses it with the validator's words
 * (src/ast/validate.ts), unless the kind's own rule already said so (`a CASE needs at least one
 * WHEN ... THEN ... arm`).
 */
const NON_EMPTY = Object.fromEntries(
  NODE_KINDS.map((kind): [NodeKind, (readonly [string, string])[]] => [
    kind,
    FIELD_LIST[kind].flatMap((f): (readonly [string, string])[] =>
      f.child?.shape === 'nonEmpty' ? [[f.key, 'a non-empty array']] : f.child?.shape === 'allOrNonEmpty' ? [[f.key, `'all' or a non-empty array`]] : [],
    ),
  ]),
) as unknown as { readonly [K in NodeKind]: readonly (readonly [string, string])[] };

function emptyLists(node: Node, out: Problem[], from: number): void {
  const record = node as unknown as Record<string, unknown>;
  for (const [key, what] of NON_EMPTY[node.kind]) {
    const value = record[key];
    if (!Array.isArray(value) || value.length > 0) continue;
    if (out.some((p, i) => i >= from && p.node === node && p.field === key)) continue;
    out.push(problem('empty-list', `"${key}" of the "${node.kind}" node must be ${what}, got an empty array`, node, key));
  }
}

/** Every problem of the tree, in source order (pre-order). */
export function checkTree(root: Node): Problem[] {
  const out: Problem[] = [];
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    const from = out.length;
    (CHECKS[node.kind] as Check<NodeKind>)(node as never, out);
    if (NON_EMPTY[node.kind].length > 0) emptyLists(node, out, from);
    const keys = childKeys(node.kind);
    const record = node as unknown as Record<string, unknown>;
    // Children pushed in reverse so they are visited in source order.
    for (let k = keys.length - 1; k >= 0; k--) {
      const value = record[keys[k] as string];
      if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--) {
          const item = value[i];
          if (typeof item === 'object' && item !== null) stack.push(item as Node);
        }
      } else if (typeof value === 'object' && value !== null) stack.push(value as Node);
    }
  }
  return out;
}

/** A problem as a diagnostic (no location: the entry point adds it). */
export function problemDiagnostic(p: Problem): Diagnostic {
  return { code: p.code, severity: 'error', message: p.message, ...(p.hint ? { hint: p.hint } : {}) };
}

/** Throws a DsqError with every problem of the tree (for entry points without a source: the builder). */
export function assertValidTree(root: Node): void {
  const problems = checkTree(root);
  if (problems.length > 0) throw new DsqError(problems.map(problemDiagnostic));
}

/**
 * The full check of a tree dsq did not make or check before (`fromAst`, the constructors that
 * take a node, the JSON writer and the printer given a hand-built tree): its structure
 * (src/ast/validate.ts: kinds, fields and their types, cycles, depth), then these rules (number
 * and datetime text, empty names and lists, function arity, ROWS at least 1), each error with
 * its JSON pointer. Returns a checked copy (src/ast/checked.ts); a tree already checked is
 * returned as it is when it has no problem.
 */
export function checkedTree(node: unknown, role: Role = 'node', options: ValidateOptions = {}): Node {
  const tree = validateStructure(node, role, options);
  const problems = checkTree(tree);
  if (problems.length > 0) {
    const pointers = nodePointers(tree);
    throw new DsqError(
      problems.map((p) => {
        const pointer = fieldPointer(pointers, p.node, p.field);
        return { ...problemDiagnostic(p), ...(pointer === undefined ? {} : { pointer }) };
      }),
    );
  }
  return tree === node ? tree : registerTree(tree);
}

/** `assertValidTree` for a statement, returning it (for the builder's `fromAst` and `toAst`). */
export function checkedStatement<S extends Statement>(statement: S): S {
  assertValidTree(statement);
  return statement;
}
