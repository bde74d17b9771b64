import { DATA_ACTION_KINDS, KINDS, SYSTEM_ACTION_KINDS } from '../ast/kinds.js';
import type { DataActionKind } from '../ast/data-actions.js';
import type { SystemActionKind } from '../ast/system-actions.js';
import { selectAction } from '../ast/make.js';
import type { Expr, Node, NodeKind, SelectAction, Statement } from '../ast/nodes.js';
import { freezeChecked } from '../ast/checked.js';
import type { Span } from '../diagnostic/span.js';
import { DsqError, type Diagnostic } from '../diagnostic/diagnostic.js';
import { capDiagnostics, valueOrThrow, type Result } from '../diagnostic/result.js';
import { checkTree, problemDiagnostic } from '../spec/check.js';
import { readDataAction, readRecord, readRecordsSingular, readRecordsSpecifier } from './read-action.js';
import { SYSTEM_ACTION_WORDS, readIfCondition, readJsonValue, readSystemAction, readTask, readTaskRef, readWrite } from './read-system.js';
import { readAdminPart } from './read-admin.js';
import type { BlobDef, DatabaseDef, FieldDef, FieldOption, GroupDef } from '../ast/admin-actions.js';
import { readExpr, readWhen } from './read-expr.js';
import { EXPR_READERS } from './read-expr-kinds.js';
import { readJsPartial } from './read-js.js';
import {
  SOURCE_READERS,
  SPECIFIER_READERS,
  readOrderTerm,
  readResultColumn,
  readSelect,
  readSingularSpecifier,
  readSource,
  readSpecifier,
} from './read-select.js';
import { readJsonText } from './read-text.js';
import { Parts, describe, expectObject, fail, isReadFailure, optionalBoolean, type Cx, type Need, type Produces, type Step, type What } from './parts.js';
import type { JsonMember, JsonValue } from './value.js';

/**
 * JSON → AST. Input is JSON text (read by `readSpecJson` under the spec's JSON rules) or an
 * already-parsed JS value. Both the `$` shorthand and the full `{"type": ...}` forms are read.
 * The `...Result` functions never throw: they give every diagnostic of the document (code
 * `json/...` or the spec check's, each with its JSON pointer and, for text, line and column)
 * and the tree when none is an error. The others are the same, throwing a `DsqError` with all
 * the diagnostics.
 */

/** A select object, or a SELECT action (`{"action": "select", "select": {...}, ...}`). */
export function fromJson(input: string | unknown): Statement {
  return valueOrThrow(fromJsonResult(input), typeof input === 'string' ? input : undefined);
}

/** `fromJson` without throwing: every diagnostic of the document, and the statement when none is an error. */
export function fromJsonResult(input: string | unknown): Result<Statement> {
  return readInput(input, readStatement);
}

/** An expression, in shorthand or full form. */
export function fromJsonExpression(input: string | unknown): Expr {
  return valueOrThrow(fromJsonExpressionResult(input), typeof input === 'string' ? input : undefined);
}

/** `fromJsonExpression` without throwing. */
export function fromJsonExpressionResult(input: string | unknown): Result<Expr> {
  return readInput(input, readExpression);
}

/**
 * One statement, or a JSON array of statements (what `dsq compile` writes for a file of several
 * statements), as a list. An empty array is an error, as an empty file is for `dsq compile`.
 * Never throws; each statement of an array is read and checked, so all their problems show.
 */
export function fromJsonStatementsResult(input: string | unknown): Result<Statement[]> {
  return readInput(input, readStatementList);
}

/** A statement from a value already read by `readSpecJson` (pass the text for code frames). */
export function statementFromValue(value: JsonValue, cx: Cx = { source: undefined }): Statement {
  return valueOrThrow(treeResult(value, cx.source, NO_BAD, readStatement), cx.source);
}

function readStatement(value: JsonValue, cx: Cx): Statement {
  if (value.type !== 'object') {
    fail(cx, 'wrong-type', `expected a select object or a SELECT action (an object), got ${describe(value)}`, value, undefined, 'an object');
  }
  const action = value.get('action');
  if (action === undefined) return run('select', value, cx);
  if (action.type === 'string' && SYSTEM_ACTION_WORDS.includes(action.value)) return run('system_action', value, cx);
  return action.type === 'string' && action.value === KINDS.select_action.json.action ? run('select_action', value, cx) : run('data_action', value, cx);
}

function readExpression(value: JsonValue, cx: Cx): Expr {
  return run('expr', value, cx);
}

/** An expression from a value already read by `readSpecJson`. */
export function expressionFromValue(value: JsonValue, cx: Cx = { source: undefined }): Expr {
  return valueOrThrow(treeResult(value, cx.source, NO_BAD, readExpression), cx.source);
}

/** The statements of a value already read by `readSpecJson` (see `fromJsonStatementsResult`). */
export function statementsFromValue(value: JsonValue, cx: Cx = { source: undefined }): Statement[] {
  return valueOrThrow(treeResult(value, cx.source, NO_BAD, readStatementList), cx.source);
}

/** Reads each statement of an array (a failed one is `BAD`; the others are read on). */
function readStatementList(value: JsonValue, cx: Cx): Statement[] {
  if (value.type !== 'array') return [readStatement(value, cx)];
  if (value.items.length === 0) {
    fail(cx, 'empty-list', 'expected at least one statement (a select object or a SELECT action), got an empty array', value, undefined, 'a statement');
  }
  return value.items.map((item) => {
    try {
      return readStatement(item, cx);
    } catch (err) {
      return recover(err, cx) as unknown as Statement;
    }
  });
}

const NO_BAD: ReadonlySet<string> = new Set();

/** Text or a JS value, read into a JSON value (every problem collected), then into a tree. */
function readInput<T>(input: unknown, read: (v: JsonValue, cx: Cx) => T): Result<T> {
  const source = typeof input === 'string' ? input : undefined;
  const json = typeof input === 'string' ? readJsonText(input) : readJsPartial(input);
  if (json.value === undefined) return { diagnostics: json.diagnostics };
  const tree = treeResult(json.value, source, json.bad, read);
  if (json.diagnostics.length === 0) return tree;
  return { diagnostics: capDiagnostics([...json.diagnostics, ...tree.diagnostics]) };
}

/**
 * Reads a tree, collecting the problems of every value (a value that fails is skipped, its
 * siblings read on), then checks it under the spec's rules (src/spec/check.ts, shared with the
 * parser and the builder). Problems at or under a pointer in `bad` (a value the JSON reader
 * already reported) are left out: they would say the same thing again.
 */
function treeResult<T>(value: JsonValue, source: string | undefined, bad: ReadonlySet<string>, read: (v: JsonValue, cx: Cx) => T): Result<T> {
  const found: Diagnostic[] = [];
  let tree: T | typeof BAD;
  try {
    tree = read(value, { source, diagnostics: found });
  } catch (err) {
    tree = recover(err, { source, diagnostics: found });
  }
  const shown = bad.size === 0 ? found : found.filter((d) => !underBad(d.pointer, bad));
  if (tree === BAD || hasBad(tree) || found.some((d) => d.severity === 'error')) {
    // (A value is BAD only after its problem was reported: a missing diagnostic is dsq's bug, said as such rather than an empty result.)
    if (!found.some((d) => d.severity === 'error')) shown.push(UNREPORTED);
    return { diagnostics: capDiagnostics([...shown, ...orphanProblems(value, source, bad, read)]) };
  }
  const trees = Array.isArray(tree) ? (tree as Node[]) : [tree as Node];
  const problems = trees.flatMap((t) => checkTree(t).map((p) => ({ tree: t, problem: p })));
  // What was read and checked is valid: frozen, the builder may take it as syntax (src/ast/checked.ts).
  if (problems.length === 0) {
    trees.forEach((t) => freezeChecked(t));
    return { value: tree, diagnostics: found };
  }
  // A problem is placed by reading again with each node's JSON value recorded (only on this
  // rare path, so reading stays lean).
  const origins = new WeakMap<object, JsonValue>();
  const located = read(value, { source, origins });
  const again = (Array.isArray(located) ? (located as Node[]) : [located as Node]).flatMap((t) => checkTree(t));
  const diagnostics = (again.length === problems.length ? again : problems.map((p) => p.problem)).map((problem) => {
    const at = origins.get(problem.node) ?? value;
    const { pointer, span } = locate(at, problem.field);
    return { ...problemDiagnostic(problem), pointer, ...(span ? { span } : {}) };
  });
  return { diagnostics: capDiagnostics(bad.size === 0 ? diagnostics : diagnostics.filter((d) => !underBad(d.pointer, bad))) };
}

/**
 * The spec-check problems of what did read in a document that has reading problems: the
 * values read whose parent could not be (and the whole tree, when it read with an error such
 * as an unknown property). The checks look at one node at a time, so a part checks the same
 * alone as in its tree. Read again with each node's JSON value recorded, to place them (only on
 * this path, so reading stays lean).
 */
function orphanProblems<T>(value: JsonValue, source: string | undefined, bad: ReadonlySet<string>, read: (v: JsonValue, cx: Cx) => T): Diagnostic[] {
  const origins = new WeakMap<object, JsonValue>();
  const orphans: unknown[] = [];
  const cx: Cx = { source, diagnostics: [], origins, orphans };
  let tree: unknown;
  try {
    tree = read(value, cx);
  } catch (err) {
    tree = recover(err, cx);
  }
  for (const t of Array.isArray(tree) ? tree : [tree]) if (t !== BAD) orphans.push(t);
  const problems = (orphans as Node[]).flatMap((t) => checkTree(t));
  return problems
    .map((problem) => {
      const { pointer, span } = locate(origins.get(problem.node) ?? value, problem.field);
      return { ...problemDiagnostic(problem), pointer, ...(span ? { span } : {}) };
    })
    .filter((d) => !underBad(d.pointer, bad));
}

function hasBad(tree: unknown): boolean {
  return Array.isArray(tree) && tree.includes(BAD);
}

function underBad(pointer: string | undefined, bad: ReadonlySet<string>): boolean {
  if (pointer === undefined) return false;
  for (let p = pointer; ; ) {
    if (bad.has(p)) return true;
    const cut = p.lastIndexOf('/');
    if (cut < 0) return false;
    p = p.slice(0, cut);
  }
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

const UNREPORTED: Diagnostic = {
  code: 'internal/unreported',
  severity: 'error',
  message: 'a value could not be read, and no problem was reported for it (a bug in dsq)',
};

/** The result of a value that could not be read: its parent is not built either. */
const BAD: unique symbol = Symbol('bad');

/**
 * A reader's failure, when collecting: its diagnostics are recorded (a missing property's were,
 * by the property check) and the value is `BAD`. Anything else is rethrown.
 */
function recover(err: unknown, cx: Cx): typeof BAD {
  if (!isReadFailure(err) || cx.diagnostics === undefined) throw err;
  if (err instanceof DsqError) cx.diagnostics.push(...err.diagnostics);
  return BAD;
}

/** A SELECT action: `{"action": "select", "select": {...}, "rows": n, "use_strings": b, "echo": b}`. */
function readSelectAction(v: JsonValue, cx: Cx): Step<SelectAction> {
  const o = expectObject(cx, v, 'a SELECT action');
  const p = new Parts(cx);
  p.props(o, 'a SELECT action', ['action', 'select', 'rows', 'use_strings', 'echo'], ['action', 'select']);
  // Whole and at least 1: the spec check (src/spec/check.ts), one message for text, JSON and builder.
  const rows = p.attempt(() => readRows(cx, o.get('rows')), null);
  const useStrings = p.attempt(() => optionalBoolean(cx, o.get('use_strings'), '"use_strings"'), null);
  const echo = p.attempt(() => optionalBoolean(cx, o.get('echo'), '"echo"'), null);
  const select = p.one('select', o.get('select'));
  return p.step((r) => selectAction(select(r), { rows, useStrings, echo }));
}

function readRows(cx: Cx, v: JsonValue | undefined): string | null {
  if (v === undefined || v.type === 'null') return null;
  if (v.type !== 'number') fail(cx, 'wrong-type', `"rows" (rows per packet) must be a whole number of at least 1, got ${describe(v)}`, v);
  return v.text;
}

/**
 * Every kind's reader, by kind (the role readers above dispatch to them): a new kind does not
 * compile until it has one (the `satisfies` below).
 */
export const KIND_READERS = {
  ...EXPR_READERS,
  ...SOURCE_READERS,
  ...SPECIFIER_READERS,
  select_action: readSelectAction,
  // The data actions and their parts (read-action.ts): one reader tells the actions apart by
  // their "action" and "fetch" (src/ast/kinds.ts `json`).
  ...(Object.fromEntries(DATA_ACTION_KINDS.map((k) => [k, readDataAction])) as Record<DataActionKind, typeof readDataAction>),
  record: readRecord,
  delimited_records: readRecord,
  boolean: readRecord,
  field_value: readRecord,
  field_expr: readRecord,
  file_ref: readRecord,
  spec_key: readRecordsSingular,
  field_def: readAdminPart('field_def'),
  field_option: readAdminPart('field_option'),
  blob_def: readAdminPart('blob_def'),
  group_def: readAdminPart('group_def'),
  database_def: readAdminPart('database_def'),
  select: readSelect,
  when: readWhen,
  result_column: readResultColumn,
  order_term: readOrderTerm,
  // DOWNLOAD, the task and system actions and their parts (read-system.ts).
  ...(Object.fromEntries(SYSTEM_ACTION_KINDS.map((k) => [k, readSystemAction])) as Record<SystemActionKind, typeof readSystemAction>),
  task_def: readTask,
  task_id: readTaskRef,
  task_ref: readTaskRef,
  if_condition: readIfCondition,
  json_object: readJsonValue,
  json_member: readJsonValue,
  json_array: readJsonValue,
} as const satisfies { readonly [K in NodeKind]: unknown };

type Reader = (v: JsonValue, cx: Cx) => Step;

const BAD_STEP: Step = { needs: Object.freeze([]), build: () => BAD };

const READERS: { readonly [W in What]: (v: JsonValue, cx: Cx) => Step<Produces[W]> } = {
  select_action: readSelectAction,
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
  system_action: readSystemAction,
  task: readTask,
  task_ref: readTaskRef,
  if_condition: readIfCondition,
  write: readWrite,
  json_value: readJsonValue,
  field_def: readAdminPart('field_def') as (v: JsonValue, cx: Cx) => Step<FieldDef>,
  field_option: readAdminPart('field_option') as (v: JsonValue, cx: Cx) => Step<FieldOption>,
  blob_def: readAdminPart('blob_def') as (v: JsonValue, cx: Cx) => Step<BlobDef>,
  group_def: readAdminPart('group_def') as (v: JsonValue, cx: Cx) => Step<GroupDef>,
  database_def: readAdminPart('database_def') as (v: JsonValue, cx: Cx) => Step<DatabaseDef>,
};

/**
 * Drives the readers with an explicit stack: each frame is a step waiting for its children's
 * results. No recursion, so a 100,000-deep document reads (or fails) cleanly. A step with no
 * children (a leaf: most values) is built at once, with no frame.
 */
export function run<W extends What>(what: W, value: JsonValue, cx: Cx): Produces[W] {
  // `results` is made at the size of the step's needs (filled up to `done`), not grown by push.
  type Frame = { readonly step: Step; readonly results: unknown[]; done: number; readonly value: JsonValue };
  // When collecting, a value whose reader or builder fails is BAD: recorded, its siblings read
  // on, its parent not built (BAD too), so every failing value of the document is reported once.
  const collecting = cx.diagnostics !== undefined;
  const read = (w: What, v: JsonValue): Step => {
    if (!collecting) return (READERS[w] as Reader)(v, cx);
    try {
      return (READERS[w] as Reader)(v, cx);
    } catch (err) {
      recover(err, cx);
      return BAD_STEP;
    }
  };
  const build = (step: Step, results: readonly unknown[], v: JsonValue): unknown => {
    let built: unknown;
    if (!collecting) built = step.build(results);
    else if (step === BAD_STEP || step.failed === true || results.includes(BAD)) {
      built = BAD;
      if (cx.orphans !== undefined) for (const r of results) if (r !== BAD && typeof r === 'object' && r !== null) cx.orphans.push(r);
    } else {
      try {
        built = step.build(results);
      } catch (err) {
        built = recover(err, cx);
      }
    }
    if (cx.origins !== undefined && typeof built === 'object' && built !== null) cx.origins.set(built, v);
    return built;
  };
  const stack: Frame[] = [];
  let v = value;
  let step = read(what, value);
  for (;;) {
    const count = step.needs.length;
    if (count > 0) stack.push({ step, results: new Array(count), done: 0, value: v });
    else {
      // A leaf: built, given to its parent, and each parent whose children are all read is built in turn.
      let built = build(step, NO_RESULTS, v);
      for (;;) {
        const parent = stack[stack.length - 1];
        if (parent === undefined) return built as Produces[W];
        parent.results[parent.done++] = built;
        if (parent.done < parent.step.needs.length) break;
        stack.pop();
        built = build(parent.step, parent.results, parent.value);
      }
    }
    const top = stack[stack.length - 1] as Frame;
    const next = top.step.needs[top.done] as Need;
    v = next.value;
    step = read(next.what, v);
  }
}

const NO_RESULTS: readonly unknown[] = Object.freeze([]);
