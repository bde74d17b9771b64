import { withArticle } from '../diagnostic/article.js';
import type { FieldExpr, FieldLiteral, FieldValue } from '../ast/data-actions.js';
import type { Expr, Node, Param } from '../ast/nodes.js';
import { checkNumber, compareNumbers } from '../ast/numbers.js';
import { transform } from '../ast/walk.js';
import { checkBuilt, checkNode, registerParts } from '../ast/checked.js';
import { validateAst } from '../ast/validate.js';
import { DsqError, type Diagnostic, type Span } from '../diagnostic/index.js';
import { argumentError } from '../builder/errors.js';
import { denseItems, toExpr } from '../builder/values.js';
import { paramNodes, unboundParamsError } from '../ast/param-names.js';

/**
 * Binding parameters: every `:name` of a tree becomes the literal of its value, through the
 * builder's one value-to-node conversion (src/builder/values.ts, the code template values go
 * through), so a parameter is a literal exactly as a template value is, never syntax.
 *
 * Values: a number, bigint, string ('' is NULL), null, Date (epoch milliseconds), or a literal
 * the builder made (`localDate('2024-01-31')`, `datetime('2024-01-01T00:00Z')`, `lit(5)`);
 * for `IN :name`, an array of those (the value list; an empty array is `IN ()`), or one value
 * (a list of one). Any other value (an expression, a query, an object shaped like a node, a
 * boolean, undefined, an array outside `IN :name`) is an error naming the parameter. A name
 * with no value is an error that lists every missing name.
 */
export type ParamValue = number | bigint | string | null | Date | object;
export type ParamValues = Readonly<Record<string, unknown>>;

export interface BindOptions {
  /** Where a parameter node stands in the source (the parser's spans), for errors. */
  readonly spanOf?: (node: Node) => Span | undefined;
  /** The source text, for code frames. */
  readonly source?: string;
}

/** The kinds a bound parameter may become: literals only. */
const LITERAL_KINDS: ReadonlySet<string> = new Set(['null', 'number', 'string', 'datetime', 'localdatetime', 'localdate', 'localtime']);

const own = (values: ParamValues, name: string): boolean => Object.hasOwn(values, name);

/** The tree with every parameter replaced by its value's literal. Throws a DsqError naming what is wrong. */
export function bindParams<T extends Node>(root: T, values: ParamValues, options: BindOptions = {}): T {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) {
    throw new DsqError([{ code: 'params/invalid-value', severity: 'error', message: 'params must be an object of parameter names to values' }]);
  }
  const params = paramNodes(root);
  if (params.length === 0) return root;
  const missing = [...new Set(params.filter((p) => !own(values, p.name)).map((p) => p.name))];
  if (missing.length > 0) {
    // One error listing every missing name, at the first; then each other one at its first use.
    const spanOf = (name: string) => options.spanOf?.(params.find((p) => p.name === name) as Param);
    const span = spanOf(missing[0] as string);
    const err = unboundParamsError(missing, span ? { span } : {});
    const each: Diagnostic[] = missing.slice(1).map((name) => {
      const at = spanOf(name);
      return { code: 'params/unbound', severity: 'error', message: `parameter :${name} has no value`, ...(at ? { span: at } : {}) };
    });
    throw new DsqError([...err.diagnostics, ...each], options.source);
  }
  const problems: Diagnostic[] = [];
  /** Each literal bound in place of a parameter, and the parameter (for errors at its place). */
  const from = new Map<Node, Param>();
  // The parts of a checked tree (a parsed statement) are kept as they are around the literals.
  registerParts(root);
  const bound = transform(root, (node): Node => {
    const placed = settlePlaces(node, from, problems, options);
    if (placed !== node) return placed;
    if (node.kind === 'in' && node.values.length === 1 && node.values[0]?.kind === 'param' && node.values[0].list) {
      const param = node.values[0];
      try {
        return { kind: 'in', e: node.e, values: listValues(param, values[param.name]) };
      } catch (err) {
        problems.push(problem(param, err, options));
        return node;
      }
    }
    // (A list parameter is bound with its `in` node, just after this.)
    if (node.kind !== 'param' || node.list) return node;
    try {
      const made = literal(values[node.name], node);
      // One literal object per parameter (NULL is one shared node): `from` says where each stood.
      const lit = from.has(made) ? checkNode({ ...made }) : made;
      from.set(lit, node);
      return lit;
    } catch (err) {
      problems.push(problem(node, err, options));
      return node;
    }
  });
  if (problems.length > 0) throw new DsqError(problems, options.source);
  const settled = settleFieldValues(bound, from, options.spanOf);
  // The tree around the literals was checked (parsed); the literals are checked leaves.
  return (checkBuilt(settled) ?? validateAst(settled)) as T;
}

const WRITES: ReadonlySet<string> = new Set(['insert_action', 'replace_action', 'set_action', 'update_action']);

/**
 * A parameter given as a field's value (`INSERT ... VALUES (:v)`, `UPDATE ... SET f = :v`) was
 * read as an expression; bound to a null, number or string it is a field value, as the literal
 * written there would be (the record's `values`, UPDATE's `fields`), at the place it was
 * written among them (the JSON keys come out in the order the text gives them, as with the
 * literal written in its place; issue 28). Only the literals bound here move: a literal the
 * text wrote as an expression (`SET a = (5)`) stays one. Without the parser's spans (a tree
 * not from text) the moved values go last.
 */
function settleFieldValues<T extends Node>(root: T, bound: ReadonlyMap<Node, Param>, spanOf: BindOptions['spanOf']): T {
  const moves = (e: Expr) => bound.has(e) && (e.kind === 'null' || e.kind === 'number' || e.kind === 'string');
  // Only writes hold field values (records of INSERT/REPLACE/SET, UPDATE's SET): no walk for the others.
  if (!WRITES.has(root.kind)) return root;
  return transform(root, (node): Node => {
    if (node.kind !== 'record' && node.kind !== 'update_action') return node;
    if (!node.expressions.some((f) => moves(f.e))) return node;
    const moved = node.expressions.filter((f) => moves(f.e));
    const expressions = node.expressions.filter((f) => !moves(f.e));
    const values = withMoved(node.kind === 'record' ? node.values : node.fields, moved, bound, spanOf);
    return node.kind === 'record' ? { ...node, values, expressions } : { ...node, fields: values, expressions };
  });
}

/** The field values with the moved fields' literals among them, each where it was written (by the spans), else after them. */
function withMoved(values: readonly FieldValue[], moved: readonly FieldExpr[], bound: ReadonlyMap<Node, Param>, spanOf: BindOptions['spanOf']): FieldValue[] {
  const added: FieldValue[] = moved.map((f) => ({ kind: 'field_value', field: f.field, value: f.e as FieldLiteral }));
  const start = (n: Node | undefined) => (n === undefined ? undefined : spanOf?.(n)?.start);
  const places = [...values.map((v) => start(v)), ...moved.map((f) => start(bound.get(f.e)))];
  const all = [...values, ...added];
  if (places.some((p) => p === undefined)) return all;
  return all
    .map((v, i) => [v, places[i] as number] as const)
    .sort((a, b) => a[1] - b[1])
    .map(([v]) => v);
}

const what = (p: Param) => `parameter :${p.name}`;

/**
 * The places that hold a value rather than an expression, where a parameter was bound (its
 * literal, `bound`, is in the place now): OPTIONS ROWS, a FETCH's LIMIT and OFFSET take whole
 * number text (ROWS at least 1, LIMIT and OFFSET at least 0); a key value (`KEY(id = :id)`) is
 * null, a number or a string. The node with the literal's text in the place, or with a problem
 * noted, the node as it is.
 */
function settlePlaces(node: Node, bound: ReadonlyMap<Node, Param>, problems: Diagnostic[], options: BindOptions): Node {
  const at = (v: unknown): Param | undefined => (typeof v === 'object' && v !== null ? bound.get(v as Node) : undefined);
  const whole = (v: unknown, place: string, min: '0' | '1'): string | null => {
    const param = at(v) as Param;
    const lit = v as Expr;
    const text = lit.kind === 'number' ? lit.value : null;
    const check = text === null ? null : checkNumber(text);
    if (text !== null && check?.ok && check.whole && compareNumbers(text, min) >= 0) return text;
    const got =
      lit.kind === 'number'
        ? lit.value
        : lit.kind === 'null'
          ? 'NULL'
          : lit.kind === 'string'
            ? `the string ${JSON.stringify(lit.value)}`
            : `${withArticle(lit.kind)} value`;
    const span = options.spanOf?.(param);
    problems.push({
      code: 'params/invalid-value',
      severity: 'error',
      message: `${what(param)} stands for ${place}: it must be a whole number of at least ${min}, got ${got}`,
      ...(span ? { span } : {}),
    });
    return null;
  };
  switch (node.kind) {
    case 'select_action': {
      if (at(node.rows) === undefined) return node;
      const rows = whole(node.rows, 'ROWS (rows per packet)', '1');
      return rows === null ? node : { ...node, rows };
    }
    case 'fetch_records':
    case 'fetch_multirecords':
    case 'fetch_pseudorecords':
    case 'fetch_tasks':
    case 'fetch_users': {
      const l = at(node.limit) === undefined ? undefined : whole(node.limit, 'LIMIT', '0');
      const o = at(node.offset) === undefined ? undefined : whole(node.offset, 'OFFSET', '0');
      if (l === undefined && o === undefined) return node;
      if (l === null || o === null) return node;
      return { ...node, ...(l !== undefined ? { limit: l } : {}), ...(o !== undefined ? { offset: o } : {}) };
    }
    case 'field_value': {
      const param = at(node.value);
      if (param === undefined) return node;
      // (Only a key specifier's values hold parameters: KEY(id = :id).) A key field has a
      // non-null value (the spec's key specifier; spec/key-null for a literal NULL).
      const v = node.value as Node;
      if (v.kind === 'number' || v.kind === 'string') return node;
      const span = options.spanOf?.(param);
      problems.push({
        code: 'params/invalid-value',
        severity: 'error',
        message:
          v.kind === 'null'
            ? `${what(param)} stands for the key field ${node.field}: every key field must have a non-null value, got null`
            : `${what(param)} stands for the value of the key field ${node.field}: it must be a number or a string, got ${withArticle(v.kind)} value`,
        ...(span ? { span } : {}),
      });
      return node;
    }
    default:
      return node;
  }
}

function literal(value: unknown, param: Param): Expr {
  if (Array.isArray(value)) {
    throw argumentError(`${what(param)} is an array: an array is a value list only after IN (x IN :${param.name})`);
  }
  const node = toExpr(value, what(param));
  if (!LITERAL_KINDS.has(node.kind)) {
    throw argumentError(
      `${what(param)} is ${withArticle(`"${node.kind}"`)} expression: a parameter is a literal value (a number, bigint, string, null, Date or a datetime literal), never syntax`,
    );
  }
  return node;
}

function listValues(param: Param, value: unknown): Expr[] {
  if (!Array.isArray(value)) return [literal(value, param)];
  const items = denseItems(value, `${what(param)} (the list after IN)`, 'an array');
  return items.map((item, i) => {
    if (Array.isArray(item)) throw argumentError(`item ${i + 1} of ${what(param)} is an array: IN lists do not nest`);
    return literalItem(item, param, i);
  });
}

function literalItem(item: unknown, param: Param, i: number): Expr {
  const node = toExpr(item, `item ${i + 1} of ${what(param)}`);
  if (!LITERAL_KINDS.has(node.kind)) {
    throw argumentError(`item ${i + 1} of ${what(param)} is ${withArticle(`"${node.kind}"`)} expression: a parameter is a literal value, never syntax`);
  }
  return node;
}

function problem(param: Param, err: unknown, options: BindOptions): Diagnostic {
  if (!(err instanceof Error)) throw err;
  if (!(err instanceof DsqError)) throw err;
  const message = err.diagnostics.map((d) => d.message).join('; ');
  const span = options.spanOf?.(param);
  return {
    code: 'params/invalid-value',
    severity: 'error',
    message: message.includes(`:${param.name}`) ? message : `${what(param)}: ${message}`,
    ...(span ? { span } : {}),
  };
}
