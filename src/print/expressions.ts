import type { Binary, Case, Expr, FunctionCall, InList, Node, NodeKind, Unary, WhenClause } from '../ast/nodes.js';
import { KINDS, precedenceOf } from '../ast/kinds.js';
import { CALL_FORMS, EXPR_CALLS, type ExprCallKind } from '../ast/kinds-expressions.js';
import { OPERATORS } from '../ast/operators.js';
import { concat, conditional, group, hanging, indent, join, line, softline, stream, verbatim, type Doc } from './doc/doc.js';
import { Branch, branch, filledList, leaf, list, NO_CAPTURE, nodeBranch, parens, type Ctx, type Env, type Layout, type LayoutFn } from './engine.js';
import { isSimplePath, quoteString, writeFunctionName, writeName, writePath } from './names.js';
import { fusesWithNot, prefixNeedsParens, startsWithMinus } from './operands.js';

/** The operand doc, in parentheses when its level is below `min`, the least its place takes (src/ast/operators.ts). */
function operand(e: Expr, doc: Doc, min: number | null): Doc {
  return min !== null && precedenceOf(e) < min ? parens(doc) : doc;
}

const TEXT_COMPARISONS: ReadonlySet<string> = new Set(['=', '!=', 'like']);

const COMPARED_NO_CAPTURE: Ctx = Object.freeze({ ...NO_CAPTURE, compared: true });

/**
 * The contexts of the operands of `=`, `!=`, LIKE: columns among them know it (see
 * `Ctx.compared`); undefined (the node's own context for all) for other operators.
 */
function comparedCtxs(op: string, ctx: Ctx, nodes: readonly Expr[]): readonly Ctx[] | undefined {
  if (!TEXT_COMPARISONS.has(op)) return undefined;
  // Two operands in no capture (most comparisons): one of four lists made once.
  if (ctx === NO_CAPTURE && nodes.length === 2)
    return COMPARED_PAIRS[((nodes[0] as Expr).kind === 'column' ? 2 : 0) + ((nodes[1] as Expr).kind === 'column' ? 1 : 0)];
  const compared = comparedCtx(ctx);
  return nodes.map((n) => (n.kind === 'column' ? compared : ctx));
}

/** `ctx` for a direct operand of `=`, `!=` or LIKE (see `Ctx.compared`). */
function comparedCtx(ctx: Ctx): Ctx {
  return ctx === NO_CAPTURE ? COMPARED_NO_CAPTURE : { ...ctx, compared: true };
}

/** The contexts of two operands in no capture, by which of them are columns (2: the first, 1: the second). */
const COMPARED_PAIRS: readonly (readonly Ctx[])[] = [
  [NO_CAPTURE, NO_CAPTURE],
  [NO_CAPTURE, COMPARED_NO_CAPTURE],
  [COMPARED_NO_CAPTURE, NO_CAPTURE],
  [COMPARED_NO_CAPTURE, COMPARED_NO_CAPTURE],
].map((pair) => Object.freeze(pair));

/** Operators whose chains print with the operator leading each line at the chain's own indentation. */
const LOGICAL = new Set(['and', 'or']);

const NO_INNER: readonly Binary[] = Object.freeze([]);

/** True when `e` continues the chain of `op` (it is the left operand of one more `op`). */
const continues = (e: Expr, op: Binary['op']): e is Binary => e.kind === 'binary' && e.op === op;

/**
 * The operands of a left-leaning chain of one operator, found without recursion, in `operands`
 * (an array of the exact size, counted first); the inner chain nodes in the array returned
 * (NO_INNER for one operator): inner[i] is the chain ending with operand i + 1 (its comments
 * print after that operand).
 */
function chainOf(node: Binary, operands: Expr[]): readonly Binary[] {
  const n = operands.length;
  const inner = n === 2 ? NO_INNER : new Array<Binary>(n - 2);
  operands[n - 1] = node.e2;
  let cur: Expr = node.e1;
  for (let i = n - 2; i > 0; i--) {
    const b = cur as Binary;
    (inner as Binary[])[i - 1] = b;
    operands[i] = b.e2;
    cur = b.e1;
  }
  operands[0] = cur;
  return inner;
}

/** How many operands the chain of `node`'s operator ending at `node` has. */
function chainLength(node: Binary): number {
  let n = 2;
  for (let cur: Expr = node.e1; continues(cur, node.op); cur = cur.e1) n++;
  return n;
}

/** `op ` (the operator and its space, one string: nothing the renderer treats apart) per spelling, made once. */
const OP_SPACE = new Map<string, string>();
function opSpace(op: string): string {
  let spaced = OP_SPACE.get(op);
  if (spaced === undefined) {
    spaced = `${op} `;
    OP_SPACE.set(op, spaced);
  }
  return spaced;
}

/** Operand i of a chain, in parentheses where needed; the chain node ending with it prints its comments around it. */
function chainOperand(operands: readonly Expr[], inner: readonly Binary[], own: Doc, i: number, min: number | null, env: Env): Doc {
  const doc = operand(operands[i] as Expr, own, min);
  const chain = i > 0 ? inner[i - 1] : undefined;
  return chain !== undefined && env.hasComments(chain) ? env.decorate(chain, doc, NO_NODES) : doc;
}

/**
 * What a chain's branch builds from (engine.ts `Branch`): one object (no closure and its
 * context per binary node: an AND chain of 50,000 terms has as many).
 */
interface Chain {
  readonly operands: readonly Expr[];
  readonly inner: readonly Binary[];
  readonly operator: (typeof OPERATORS.binary)[Binary['op']];
  readonly op: string;
  readonly logical: boolean;
}

function chainDoc(chain: Chain, docs: readonly Doc[], env: Env): Doc {
  const { operands, inner, operator, op } = chain;
  const first = chainOperand(operands, inner, docs[0] as Doc, 0, operator.left, env);
  const n = operands.length;
  // One operator of two operands (most binaries): no list to grow.
  if (!chain.logical && n === 2) return hanging([first, line, op, chainOperand(operands, inner, docs[1] as Doc, 1, operator.right, env)], 1);
  // AND/OR: one flat part list; other operators: the rest indented (one list either way).
  const parts = new Array<Doc>(3 * n - 2);
  let k = 0;
  parts[k++] = first;
  for (let i = 1; i < n; i++) {
    parts[k++] = line;
    parts[k++] = op;
    parts[k++] = chainOperand(operands, inner, docs[i] as Doc, i, operator.right, env);
  }
  return chain.logical ? group(parts) : hanging(parts, 1);
}

/**
 * A long AND/OR chain (engine.ts `Branch.stream`): the parts of `chainDoc`'s group, each
 * operand's doc made when the renderer reaches it.
 */
function chainStream(chain: Chain, docOf: (i: number) => Doc, env: Env): Doc | undefined {
  return chain.logical ? streamedChain(chain.operands, chain.inner, chain.operator, chain.op, env, docOf) : undefined;
}

/** `chainDoc`'s group of a logical chain, its operands' docs made on demand (a function apart: the closure's context is made only here). */
function streamedChain(
  operands: readonly Expr[],
  inner: readonly Binary[],
  operator: (typeof OPERATORS.binary)[Binary['op']],
  op: string,
  env: Env,
  docOf: (i: number) => Doc,
): Doc {
  return stream(3 * operands.length - 2, (k) => {
    const r = k % 3;
    if (r === 1) return line;
    if (r === 2) return op;
    const i = k / 3;
    return chainOperand(operands, inner, docOf(i), i, i === 0 ? operator.left : operator.right, env);
  });
}

const binary: LayoutFn<'binary'> = (node, ctx, env) => {
  const operator = OPERATORS.binary[node.op];
  const op = opSpace(env.options.kw(operator.text));
  const logical = LOGICAL.has(node.op);
  const n = chainLength(node);
  // One operator of two leaves without comments (`t.a = 1`, most binaries): the doc now, with
  // no chain, branch or list of docs (what builtNow would make of them with `chainDoc`).
  if (n === 2) {
    const compared = TEXT_COMPARISONS.has(node.op);
    const { e1, e2 } = node;
    const b = LEAF_LAYOUTS.has(e2.kind) ? leafDoc(e2, compared && e2.kind === 'column' ? comparedCtx(ctx) : ctx, env) : undefined;
    const a = b === undefined ? undefined : leafDoc(e1, compared && e1.kind === 'column' ? comparedCtx(ctx) : ctx, env);
    if (a !== undefined && b !== undefined) {
      const parts = [operand(e1, a, operator.left), line, op, operand(e2, b as Doc, operator.right)];
      return logical ? group(parts) : hanging(parts, 1);
    }
  }
  const operands = new Array<Expr>(n);
  const inner = chainOf(node, operands);
  const chain: Chain = { operands, inner, operator, op, logical };
  return builtNow(new Branch(operands, chain, env, chainDoc, undefined, comparedCtxs(node.op, ctx, operands), undefined, chainStream) as Branch, ctx, env);
};

const NO_NODES: readonly Node[] = Object.freeze([]);

/**
 * The doc of a leaf without comments (a name, a literal, a parameter: a kind whose layout is
 * its doc), from its layout now; undefined for any other node.
 */
export function leafDoc(node: Node, ctx: Ctx, env: Env): Doc | undefined {
  const layout = LEAF_LAYOUTS.get(node.kind);
  if (layout === undefined || env.hasComments(node)) return undefined;
  return layout(node as never, ctx, env) as Doc;
}

/**
 * A branch whose children are all leaves without comments (`price >= 'beta78'`, `SUM(name)`):
 * its doc built now from theirs (`leafDoc`, each in the context toDoc would give it), so toDoc
 * walks none of them; any other branch as it is.
 */
export function builtNow(branch: Branch, ctx: Ctx, env: Env): Layout {
  const kids = branch.children;
  const n = kids.length;
  if (n === 0 || branch.absorbed !== undefined) return branch;
  for (let i = 0; i < n; i++) {
    const kid = kids[i] as Node;
    if (!LEAF_LAYOUTS.has(kid.kind) || env.hasComments(kid)) return branch;
  }
  const docs = new Array<Doc>(n);
  for (let i = 0; i < n; i++) {
    const c = branch.ctxs === undefined ? (branch.ctx ?? ctx) : (branch.ctxs[i] as Ctx);
    docs[i] = leafDoc(kids[i] as Node, c, env) as Doc;
  }
  return branch.build(docs);
}

/** NOT of these prints inside the operator: `x NOT LIKE y`, `x IS NOT y`, `x NOT BETWEEN a AND b`, `x NOT IN (...)`. */
function fusedNot(node: Unary, ctx: Ctx, env: Env): Branch | null {
  const e = node.e;
  if (!fusesWithNot(e)) return null;
  const kw = env.options.kw;
  if (e.kind === 'binary') {
    const operator = OPERATORS.binary[e.op];
    const op = kw(operator.negated as string);
    return branch({
      children: [e.e1, e.e2],
      ctxs: comparedCtxs(e.op, ctx, [e.e1, e.e2]),
      build: (docs) => hanging([operand(e.e1, docs[0] as Doc, operator.left), line, op, ' ', operand(e.e2, docs[1] as Doc, operator.right)], 1),
      absorbed: [e],
    });
  }
  if (e.kind === 'between') {
    return betweenLayout(e.e, e.min, e.max, ctx, kw(OPERATORS.between.negated), kw('AND')).absorbing([e]);
  }
  if (e.kind === 'in') {
    return inListLayout(e, kw(OPERATORS.in.negated), env).absorbing([e]);
  }
  if (e.kind === 'in_select') {
    return branch({
      children: [e.e, e.select],
      build: ([a, s]) => inLayout(e.e, a as Doc, kw(OPERATORS.in.negated), parens(s as Doc)),
      absorbed: [e],
    });
  }
  return null;
}

const unary: LayoutFn<'unary'> = (node, ctx, env) => {
  if (node.op === 'not') {
    const fused = fusedNot(node, ctx, env);
    if (fused) return fused;
    return branch({
      children: [node.e],
      build: ([d]) => concat([env.options.kw(OPERATORS.unary.not.text), ' ', operand(node.e, d as Doc, OPERATORS.unary.not.right)]),
    });
  }
  // `-(5)` (else the number -5), `- -x` (`--` is a comment): the parser reads both back as written.
  const needsParens = prefixNeedsParens(node.op, node.e);
  const apart = !needsParens && node.op === '-' && startsWithMinus(node.e);
  return branch({
    children: [node.e],
    // `- -x` (`--` is a comment), and a space before an operand with comments (`- /* c */ x`).
    build: ([d]) => concat([OPERATORS.unary[node.op].text, ...(apart || env.hasComments(node.e) ? [' '] : []), needsParens ? parens(d as Doc) : (d as Doc)]),
  });
};

function betweenLayout(e: Expr, min: Expr, max: Expr, ctx: Ctx, op: string, and: string): Branch {
  const { left, right } = OPERATORS.between;
  return branch({
    children: [e, min, max],
    build: (docs) =>
      hanging([operand(e, docs[0] as Doc, left), line, op, ' ', operand(min, docs[1] as Doc, right), line, and, ' ', operand(max, docs[2] as Doc, right)], 1),
  });
}

/**
 * `x IN (...)`: on one line; else `x IN (` with the list broken below it; else, when even
 * `x IN (` does not fit, `IN` on the next line.
 */
function inLayout(e: Expr, a: Doc, op: string, tail: Doc): Doc {
  const head = operand(e, a, OPERATORS.in.left);
  return conditional([group([head, ' ', op, ' ', tail]), hanging([head, line, op, ' ', tail], 1)]);
}

/** Values that print as one short token: an IN list of them fills its lines. */
const ATOMS: ReadonlySet<string> = new Set(['null', 'number', 'string', 'datetime', 'localdatetime', 'localdate', 'localtime', 'column', 'alias', 'param']);

function inListLayout(node: InList, op: string, env: Env): Branch {
  const { e, values } = node;
  // `x IN :ids`: a list parameter stands for the whole list, without parentheses.
  if (values.length === 1 && values[0]?.kind === 'param' && values[0].list) {
    return branch({ children: [e, values[0]], build: (docs) => inLayout(e, docs[0] as Doc, op, docs[1] as Doc) });
  }
  if (values.length === 0) return branch({ children: [e], build: ([a]) => inLayout(e, a as Doc, op, list('(', [], ')', env.inside?.(node))) });
  let atoms = true;
  for (let i = 0; i < values.length && atoms; i++) atoms = ATOMS.has((values[i] as Expr).kind) && !env.hasComments(values[i] as Expr);
  // The children in a list of the exact size (a spread of the tree's frozen list allocates an iterator).
  const children = new Array<Node>(values.length + 1);
  children[0] = e;
  for (let i = 0; i < values.length; i++) children[i + 1] = values[i] as Node;
  return branch({
    children,
    build: (docs) => inLayout(e, docs[0] as Doc, op, (atoms ? filledList : list)('(', docs.slice(1), ')')),
  });
}

/** A Map, not an object: a function may be called `toString`. */
const DISTINCT_FORMS: ReadonlyMap<string, string> = new Map([
  ['COUNT_DISTINCT', 'COUNT'],
  ['AVG_DISTINCT', 'AVG'],
  ['SUM_DISTINCT', 'SUM'],
]);

/** A function's name in the configured case (a name that needs quotes is written as it is). */
function functionName(node: Node, name: string, env: Env): string {
  const written = writeFunctionName(name);
  return written === name ? env.options.fn(name, () => env.written?.(node)) : written;
}

const fn: LayoutFn<'function'> = (node, ctx, env) => {
  const distinctOf = DISTINCT_FORMS.get(node.name);
  if (distinctOf !== undefined && node.args.length > 0) {
    return branch({
      children: node.args,
      // `COUNT(DISTINCT a, b)`, broken as `COUNT(DISTINCT` then one argument per line.
      build: (docs) =>
        group([
          `${env.options.fn(distinctOf, () => env.written?.(node))}(`,
          env.options.kw('DISTINCT'),
          indent([line, ...join([',', line], docs)]),
          softline,
          ')',
        ]),
    });
  }
  return builtNow(nodeBranch(node.args, node, env, callDoc), ctx, env);
};

/** `NAME(a, b)` from its arguments' docs (the comments inside `NAME()` between its parentheses). */
function callDoc(node: FunctionCall, docs: readonly Doc[], env: Env): Doc {
  return list(`${functionName(node, node.name, env)}(`, docs, ')', node.args.length === 0 ? env.inside?.(node) : undefined);
}

const caseLayout: LayoutFn<'case'> = (node, _ctx, env) => {
  const count = (node.base ? 1 : 0) + node.cases.length + (node.else ? 1 : 0);
  const kids = new Array<Node>(count);
  let k = 0;
  if (node.base) kids[k++] = node.base;
  for (let i = 0; i < node.cases.length; i++) kids[k++] = node.cases[i] as Node;
  if (node.else) kids[k++] = node.else;
  return nodeBranch(kids, node, env, caseDoc);
};

/** `CASE [base] WHEN ... [ELSE e] END` from the docs of its children, in lists of the exact size. */
function caseDoc(node: Case, docs: readonly Doc[], env: Env): Doc {
  const kw = env.options.kw;
  let i = 0;
  const parts = new Array<Doc>(node.base ? 6 : 4);
  let p = 0;
  parts[p++] = kw(KINDS.case.keyword);
  if (node.base) {
    parts[p++] = ' ';
    parts[p++] = docs[i++] as Doc;
  }
  const arms = new Array<Doc>(2 * node.cases.length + (node.else ? 4 : 0));
  let a = 0;
  for (let k = 0; k < node.cases.length; k++) {
    arms[a++] = line;
    arms[a++] = docs[i++] as Doc;
  }
  if (node.else) {
    arms[a++] = line;
    arms[a++] = kw('ELSE');
    arms[a++] = ' ';
    arms[a++] = docs[i++] as Doc;
  }
  parts[p++] = indent(arms);
  parts[p++] = line;
  parts[p++] = kw('END');
  return group(parts);
}

const when: LayoutFn<'when'> = (node, _ctx, env) => nodeBranch([node.when, node.then], node, env, whenDoc);

function whenDoc(node: WhenClause, docs: readonly Doc[], env: Env): Doc {
  return hanging([env.options.kw(KINDS.when.keyword), ' ', docs[0] as Doc, line, env.options.kw('THEN'), ' ', docs[1] as Doc], 3);
}

/**
 * A column: by path (`"order total"` quoted), or `COLUMN(...)` where a bare name would be an
 * alias or segments cannot write the path; also where the source wrote `COLUMN('order total')`
 * as an operand of `=`, `!=` or LIKE, since the quoted name there draws the parser's "looks
 * like text" warning.
 */
const column: LayoutFn<'column'> = (node, ctx, env) => {
  const kw = env.options.kw;
  // (One segment matters only to a capture or a comparison: no test of the path elsewhere.)
  const simple = (ctx.capture !== null || ctx.compared === true) && isSimplePath(node.path);
  // A captured name prints as COLUMN(...) too: the same form as the source's COLUMN('...'), so
  // the next run (which reads that spelling) prints it the same.
  const captured = simple && ctx.capture?.has(node.path) === true;
  const textLike = ctx.compared === true && simple && SPACE_OR_PERCENT.test(node.path) && (captured || COLUMN_CALL.test(env.written?.(node) ?? ''));
  if (!textLike && captured) return leaf(`${kw(KINDS.column.keyword)}(${writeName(node.path)})`);
  const path = textLike ? null : writePath(node.path);
  if (path !== null) return leaf(path);
  return leaf(concat([kw(KINDS.column.keyword), '(', verbatim(quoteString(node.path)), ')']));
};

/** A name that reads like text in a comparison (`"order total" = 'x'`, `"a%"`). */
const SPACE_OR_PERCENT = /[\s%]/;

/** `COLUMN (` as the source wrote it: comments may stand between the two. */
const COLUMN_CALL = /^column(?:\s|--[^\r\n]*|\/\*[^*]*\*+(?:[^/*][^*]*\*+)*\/)*\(/i;

const aliasRef: LayoutFn<'alias'> = (node, ctx, env) =>
  leaf(ctx.capture?.has(node.name) ? writeName(node.name) : `${env.options.kw(KINDS.alias.keyword)}(${writeName(node.name)})`);

/**
 * A kind written `KEYWORD(a, b)` (its entry's `call`, src/ast/kind-spec.ts): the fields of
 * `args` in order, a child as its node and a name as a name, broken one per line as a
 * function's arguments are.
 */
function callLayout(node: Node, _ctx: Ctx, env: Env): Layout {
  const form = CALL_FORMS[node.kind] as NonNullable<(typeof CALL_FORMS)[string]>;
  const record = node as unknown as Readonly<Record<string, unknown>>;
  const head = `${env.options.kw(form.keyword)}(`;
  const children: Node[] = [];
  for (const field of form.args) {
    const value = record[field];
    if (typeof value === 'object' && value !== null) children.push(value as Node);
  }
  const items = (docs: readonly Doc[]): Doc[] => {
    let i = 0;
    return form.args.map((field) => {
      const value = record[field];
      return typeof value === 'object' && value !== null ? (docs[i++] as Doc) : writeName(value as string);
    });
  };
  if (children.length === 0) return leaf(list(head, items([]), ')', form.args.length === 0 ? env.inside?.(node) : undefined));
  return branch({ children, build: (docs) => list(head, items(docs), ')') });
}

/** The layouts of the kinds written `KEYWORD(...)` with nothing else to say (the expression calls). */
const EXPR_CALL_LAYOUTS = Object.fromEntries(EXPR_CALLS.map((c) => [c.kind, callLayout])) as { readonly [K in ExprCallKind]: LayoutFn<K> };

const typed = (keyword: string, value: string, env: Env): Layout => leaf(concat([env.options.kw(keyword), ' ', verbatim(quoteString(value))]));

/** Layouts of the expression kinds (plus `when`). */
export const EXPRESSION_LAYOUTS = {
  // `''` is the spec's NULL (JSON rule 1); the formatter keeps it as written (the empty-string
  // lint rule is the tool for changing it).
  null: (node, _c, env) => leaf(env.written?.(node) === "''" ? "''" : env.options.kw(KINDS.null.keyword)),
  number: (node) => leaf(node.value),
  string: (node) => leaf(verbatim(quoteString(node.value))),
  datetime: (node, _c, env) =>
    node.form === 'ms' ? leaf(`${env.options.kw(KINDS.datetime.keyword)}(${node.value})`) : typed(KINDS.datetime.keyword, node.value, env),
  localdatetime: (node, _c, env) => typed(KINDS.localdatetime.keyword, node.value, env),
  localdate: (node, _c, env) => typed(KINDS.localdate.keyword, node.value, env),
  localtime: (node, _c, env) => typed(KINDS.localtime.keyword, node.value, env),
  column,
  system_column: callLayout,
  database_column: callLayout,
  alias: aliasRef,
  between: (node, ctx, env) => betweenLayout(node.e, node.min, node.max, ctx, env.options.kw(OPERATORS.between.text), env.options.kw('AND')),
  binary,
  case: caseLayout,
  when,
  collate: (node, ctx, env) =>
    branch({
      children: [node.e],
      build: (docs) =>
        hanging([operand(node.e, docs[0] as Doc, OPERATORS.collate.left), line, env.options.kw(OPERATORS.collate.text), ' ', writeName(node.collation)], 1),
    }),
  count_rows: () => leaf('COUNT(*)'),
  exists: (node, ctx, env) =>
    branch({
      children: [node.select],
      build: ([s]) => concat([env.options.kw(KINDS.exists.keyword), ' ', parens(s as Doc)]),
    }),
  function: fn,
  in: (node, ctx, env) => builtNow(inListLayout(node, env.options.kw(OPERATORS.in.text), env), ctx, env),
  in_select: (node, ctx, env) =>
    branch({
      children: [node.e, node.select],
      build: ([a, s]) => inLayout(node.e, a as Doc, env.options.kw(OPERATORS.in.text), parens(s as Doc)),
    }),
  param: (node) => leaf(`:${node.name}`),
  subquery: (node, ctx) => branch({ children: [node.select], build: ([s]) => parens(s as Doc) }),
  unary,
  ...EXPR_CALL_LAYOUTS,
} satisfies { readonly [K in Expr['kind'] | 'when']: LayoutFn<K> };

/** The layouts of the kinds that have no children: their layouts return their docs (see `leafDoc`). */
const LEAF_LAYOUTS: ReadonlyMap<string, LayoutFn<NodeKind>> = new Map(
  (['null', 'number', 'string', 'datetime', 'localdatetime', 'localdate', 'localtime', 'column', 'system_column', 'alias', 'count_rows', 'param'] as const).map(
    (kind) => [kind, EXPRESSION_LAYOUTS[kind] as LayoutFn<NodeKind>],
  ),
);
