import { KINDS } from '../ast/kinds.js';
import { selectAction } from '../ast/make.js';
import type { DataAction, Expr, Node, NodeKind, Select, SelectAction, Statement } from '../ast/nodes.js';
import { trustTree } from '../ast/trust.js';
import type { Span } from '../diagnostic/span.js';
import { DsqError } from '../diagnostic/diagnostic.js';
import { checkTree, problemDiagnostic, type Problem } from '../spec/check.js';
import { readDataAction, readRecord, readRecordsSingular, readRecordsSpecifier } from './read-action.js';
import { EXPR_READERS, readExpr, readWhen } from './read-expr.js';
import { readJsValue } from './read-js.js';
import {
  SOURCE_READERS, SPECIFIER_READERS, readOrderTerm, readResultColumn, readSelect, readSingularSpecifier, readSource, readSpecifier,
} from './read-select.js';
import { readSpecJson } from './read-text.js';
import { checkProps, describe, expectObject, fail, optionalBoolean, prop, type Cx, type Produces, type Step, type What } from './parts.js';
import type { JsonMember, JsonObject, JsonValue } from './value.js';

/**
 * JSON → AST. Input is JSON text (read by `readSpecJson` under the spec's JSON rules) or an
 * already-parsed JS value. Both the `$` shorthand and the full `{"type": ...}` forms are read.
 * Every rejection is a `DsqError` (code `json/...`) with the JSON pointer and, for text, the
 * line and column.
 */

/** A select object, or a SELECT action (`{"action": "select", "select": {...}, ...}`). */
export function fromJson(input: string | unknown): Statement {
  const { value, cx } = toValue(input);
  return statementFromValue(value, cx);
}

/** An expression, in shorthand or full form. */
export function fromJsonExpression(input: string | unknown): Expr {
  const { value, cx } = toValue(input);
  return expressionFromValue(value, cx);
}

/** A statement from a value already read by `readSpecJson` (pass the text for code frames). */
export function statementFromValue(value: JsonValue, cx: Cx = { source: undefined }): Statement {
  return checked(value, cx, readStatement);
}

function readStatement(value: JsonValue, cx: Cx): Statement {
  if (value.type === 'object' && value.member('action')) return readAction(value, cx);
  if (value.type !== 'object') {
    fail(cx, 'wrong-type', `expected a select object or a SELECT action (an object), got ${describe(value)}`, value);
  }
  return run('select', value, cx);
}

/** An expression from a value already read by `readSpecJson`. */
export function expressionFromValue(value: JsonValue, cx: Cx = { source: undefined }): Expr {
  return checked(value, cx, (v, c) => run('expr', v, c));
}

/**
 * A JSON array of statements (what `dsq compile` writes for a file of several statements), or
 * one statement. An empty array is an error, as an empty file is for `dsq compile`: every
 * entry point has at least one statement to give back.
 */
export function statementsFromValue(value: JsonValue, cx: Cx = { source: undefined }): Statement[] {
  if (value.type !== 'array') return [statementFromValue(value, cx)];
  if (value.items.length === 0) {
    fail(cx, 'empty-list', 'expected at least one statement (a select object or a SELECT action), got an empty array', value);
  }
  return value.items.map((item) => statementFromValue(item, cx));
}

/**
 * Reads a value, then checks the tree under the spec's rules (src/spec/check.ts, shared with
 * the parser and the builder). A problem is placed by reading again with each node's JSON value
 * recorded (only on that rare path, so reading stays lean).
 */
function checked<T extends Node>(value: JsonValue, cx: Cx, read: (v: JsonValue, cx: Cx) => T): T {
  const tree = read(value, cx);
  const problems = checkTree(tree);
  // What was read and checked is valid: the builder may take it as syntax (src/ast/trust.ts).
  if (problems.length === 0) return trustTree(tree);
  const origins = new WeakMap<object, JsonValue>();
  const located = read(value, { ...cx, origins });
  const first = checkTree(located)[0] ?? (problems[0] as Problem);
  const at = origins.get(first.node) ?? value;
  const { pointer, span } = locate(at, first.field);
  throw new DsqError([{ ...problemDiagnostic(first), pointer, ...(span ? { span } : {}) }], cx.source);
}

/** The JSON value of a node's property (`rows`, `columns`, the value of a `$dt` shorthand), or the node's own. */
function locate(at: JsonValue, field: string | undefined): { pointer: string; span: Span | null } {
  let v: JsonValue = at;
  if (field !== undefined && at.type === 'object') {
    const own = at.get(field);
    if (own !== undefined) v = own;
    else if (at.members.length === 1 && (at.members[0] as JsonMember).key.startsWith('$')) v = (at.members[0] as JsonMember).value;
  }
  return { pointer: v.pointer, span: v.span };
}

function toValue(input: unknown): { value: JsonValue; cx: Cx } {
  if (typeof input === 'string') return { value: readSpecJson(input), cx: { source: input } };
  return { value: readJsValue(input), cx: { source: undefined } };
}

function readAction(obj: JsonValue, cx: Cx): SelectAction | DataAction {
  const o = expectObject(cx, obj, 'a SELECT action');
  const action = prop(o, 'action');
  if (action.type !== 'string' || action.value !== KINDS.select_action.json.action) return run('data_action', obj, cx);
  checkProps(cx, o, 'a SELECT action', ['action', 'select', 'rows', 'use_strings', 'echo'], ['action', 'select']);
  const rowsValue = o.get('rows');
  let rows: string | null = null;
  if (rowsValue !== undefined && rowsValue.type !== 'null') {
    // Whole and at least 1: the spec check (src/spec/check.ts), one message for text, JSON and builder.
    if (rowsValue.type !== 'number') {
      fail(cx, 'wrong-type', `"rows" (rows per packet) must be a whole number of at least 1, got ${describe(rowsValue)}`, rowsValue);
    }
    rows = rowsValue.text;
  }
  const useStrings = optionalBoolean(cx, o.get('use_strings'), '"use_strings"');
  const echo = optionalBoolean(cx, o.get('echo'), '"echo"');
  const select: Select = run('select', prop(o, 'select'), cx);
  return selectAction(select, { rows, useStrings, echo });
}

/**
 * Every kind's reader, by kind (the role readers above dispatch to them): a new kind does not
 * compile until it has one. test/ast/kinds.test.ts checks the key set.
 */
export const KIND_READERS = {
  ...EXPR_READERS,
  ...SOURCE_READERS,
  ...SPECIFIER_READERS,
  select_action: readAction,
  // The data actions and their parts (read-action.ts): one reader tells the actions apart by
  // their "action" and "fetch" (src/ast/kinds.ts `json`).
  fetch_records: readDataAction,
  fetch_multirecords: readDataAction,
  fetch_pseudorecords: readDataAction,
  fetch_tasks: readDataAction,
  fetch_users: readDataAction,
  insert_action: readDataAction,
  replace_action: readDataAction,
  set_action: readDataAction,
  update_action: readDataAction,
  delete_action: readDataAction,
  trash_action: readDataAction,
  restore_action: readDataAction,
  dispose_action: readDataAction,
  record: readRecord,
  boolean: readRecord,
  field_value: readRecord,
  field_expr: readRecord,
  file_ref: readRecord,
  spec_key: readRecordsSingular,
  select: readSelect,
  when: readWhen,
  result_column: readResultColumn,
  order_term: readOrderTerm,
} as const satisfies { readonly [K in NodeKind]: unknown };

type Reader = (v: JsonValue, cx: Cx) => Step;

const READERS: { readonly [W in What]: (v: JsonValue, cx: Cx) => Step<Produces[W]> } = {
  expr: readExpr,
  select: readSelect,
  source: readSource,
  specifier: readSpecifier,
  singular: readSingularSpecifier,
  when: readWhen,
  result_column: readResultColumn,
  order_term: readOrderTerm,
  data_action: readDataAction,
  records_spec: readRecordsSpecifier,
  records_singular: readRecordsSingular,
  record: readRecord,
};

/**
 * Drives the readers with an explicit stack: each frame is a step waiting for its children's
 * results. No recursion, so a 100,000-deep document reads (or fails) cleanly.
 */
export function run<W extends What>(what: W, value: JsonValue, cx: Cx): Produces[W] {
  type Frame = { readonly step: Step; readonly results: unknown[]; readonly value: JsonValue };
  const start = (w: What, v: JsonValue): Frame => ({ step: (READERS[w] as Reader)(v, cx), results: [], value: v });
  const stack: Frame[] = [start(what, value)];
  for (;;) {
    const top = stack[stack.length - 1] as Frame;
    const next = top.step.needs[top.results.length];
    if (next !== undefined) {
      stack.push(start(next.what, next.value));
      continue;
    }
    const built = top.step.build(top.results);
    if (cx.origins !== undefined && typeof built === 'object' && built !== null) cx.origins.set(built, top.value);
    stack.pop();
    const parent = stack[stack.length - 1];
    if (parent === undefined) return built as Produces[W];
    parent.results.push(built);
  }
}
