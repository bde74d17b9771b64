import type { Node, NodeKind, NodeOfKind } from '../ast/nodes.js';
import { concat, fill, group, indent, line, softline, type Doc } from './doc/doc.js';
import type { ResolvedOptions } from './options.js';

/** What a node's printing depends on from above. */
export interface Ctx {
  /**
   * The result-column aliases a bare name would be captured by here (ORDER BY, GROUP BY and
   * HAVING of a select, outside nested subqueries), or null.
   */
  readonly capture: ReadonlySet<string> | null;
  /**
   * True for a direct operand of `=`, `!=` or LIKE, where a lone double-quoted name with spaces
   * or `%` reads like text by mistake (the parser warns): such a column the source wrote as
   * COLUMN('...') keeps that form.
   */
  readonly compared?: boolean;
  /**
   * A clause a select prints after its own, as one of them (a SELECT action's OPTIONS): the
   * nodes it holds (`ROWS = :n`), printed after the select's, and its doc from theirs.
   */
  readonly lastClause?: { readonly nodes: readonly Node[]; readonly build: (docs: readonly Doc[]) => Doc };
  /** A data action's database (action-layout.ts DATABASE): a name prints as a path, a WHERE specifier in parentheses. */
  readonly database?: boolean;
  /** A record cell's value without its `field =` (action-layout.ts BARE_VALUE). */
  readonly bareValue?: boolean;
  /** A file reference of delimited records: `FILE 'id'` with its keyword (write-layouts.ts). */
  readonly fileKeyword?: boolean;
  /** A where specifier that is a clause of its own: a write's or FETCH LOGS' `WHERE e` (action-layout.ts WHERE_CLAUSE). */
  readonly whereClause?: boolean;
  /** The database definition of CREATE DATABASE name IN GROUP g: printed without its name (admin-layouts.ts). */
  readonly nameless?: boolean;
  /** A JSON object that is not empty printed without its parentheses (ALTER ... SET k = v, ...: admin-layouts.ts). */
  readonly bareObject?: boolean;
  /** A pipe's partition `{"from": y, "to": y}` printed `FROM y TO y` (struct-layouts.ts YEARS). */
  readonly years?: boolean;
}

export const NO_CAPTURE: Ctx = Object.freeze({ capture: null });

/** Printing-wide settings and hooks. */
export interface Env {
  readonly options: ResolvedOptions;
  /** True when comments are attached to the node (chains then stop flattening there). */
  readonly hasComments: (node: Node) => boolean;
  /** Wrap a node's doc with its comments (and those of nodes printed as part of it). */
  readonly decorate: (node: Node, doc: Doc, absorbed: readonly Node[]) => Doc;
  /** The comments inside a node's empty parentheses (`IN ( -- c` then `)`), if any. */
  readonly inside?: (node: Node) => Doc | undefined;
  /**
   * The source text of a node when it came from text (the formatter), for spellings the tree
   * does not hold: `''` for NULL. Undefined when printing a tree alone.
   */
  readonly written?: (node: Node) => string | undefined;
  /**
   * Where a node starts in the source when it came from text (the formatter), for the order the
   * tree does not hold (a record's fields, UPDATE's SET: literals and expressions are apart in it).
   * Undefined when printing a tree alone; undefined for a node the parser made without text
   * (a write's records when neither RECORDS nor WHERE was written).
   */
  readonly at?: (node: Node) => number | undefined;
  /** The source text when printing from text (what `at` counts in), else undefined. */
  readonly text?: string;
  /**
   * Branches may make their children's docs on demand (`Branch.stream`): set only where making
   * a doc has no effect but the doc (no comments to place), since the renderer makes a part again
   * each time it reaches it.
   */
  readonly streams?: boolean;
}

/**
 * `items` in the order they were written (by `env.at` of each item's node, `nodeOf`) when
 * printing from text, else as given: the formatter never reorders what the user wrote (issue
 * 28). An item whose place is unknown keeps the given order. Stable; a copy only when needed.
 */
export function writtenOrder<T>(items: readonly T[], env: Env, nodeOf: (item: T) => Node | undefined = (item) => item as Node): readonly T[] {
  const at = env.at;
  if (at === undefined || items.length < 2) return items;
  const starts: number[] = [];
  let sorted = true;
  for (const item of items) {
    const node = nodeOf(item);
    const start = node === undefined ? undefined : at(node);
    if (start === undefined) return items;
    if (starts.length > 0 && (starts[starts.length - 1] as number) > start) sorted = false;
    starts.push(start);
  }
  if (sorted) return items;
  return items
    .map((item, i) => [item, starts[i] as number] as const)
    .sort((a, b) => a[1] - b[1])
    .map(([item]) => item);
}

/**
 * How one node with children prints: the child nodes to print first, and how to build this
 * node's doc from their docs (in the same order). The children print in `ctx` (by default the
 * node's own context), or each in its own from `ctxs`.
 *
 * One class for every layout's branch (made by `branch`, `nodeBranch` or directly): the walk in
 * `toDoc` reads the same fields of every branch, and branches of one shape keep those reads
 * monomorphic. When each layout returned an object of its own shape (a literal, or a class per
 * layout), some ten shapes met there and each read went through V8's megamorphic cache.
 */
export class Branch<D = unknown> {
  constructor(
    readonly children: readonly Node[],
    /** What `make` builds from besides the docs: the node, what its layout prepared, or a build function (`branch`). */
    private readonly data: D,
    private readonly env: Env | undefined,
    private readonly make: (data: D, docs: readonly Doc[], env: Env) => Doc,
    readonly ctx: Ctx | undefined,
    readonly ctxs: readonly Ctx[] | undefined,
    /** Nodes printed as part of this one (a fused `x NOT LIKE y`): their comments go around it. */
    readonly absorbed: readonly Node[] | undefined,
    private readonly streamer: ((data: D, docOf: (i: number) => Doc, env: Env) => Doc | undefined) | undefined,
  ) {}

  build(docs: readonly Doc[]): Doc {
    return this.make(this.data, docs, this.env as Env);
  }

  /**
   * With `Env.streams`, for a branch of 32 children or more: this node's doc with its children's
   * docs made on demand (`docOf(i)`, a new doc per call), or undefined to build from them all
   * (`build`). A long list's doc then makes each child's doc when the renderer reaches it (doc.ts
   * `stream`), so no doc per child stays alive until the statement renders (an AND chain of
   * 50,000 terms: the garbage collector copied them all, again and again, while the rest of the
   * doc was built).
   */
  stream(docOf: (i: number) => Doc): Doc | undefined {
    return this.streamer === undefined ? undefined : this.streamer(this.data, docOf, this.env as Env);
  }

  /** True when the branch may stream its children (`stream`). */
  get streams(): boolean {
    return this.streamer !== undefined;
  }

  /** The same branch with `absorbed` nodes (their comments go around it). */
  absorbing(absorbed: readonly Node[]): Branch<D> {
    return new Branch(this.children, this.data, this.env, this.make, this.ctx, this.ctxs, absorbed, this.streamer);
  }
}

/** What a layout says of a branch whose doc a function of its children's docs builds. */
export interface BranchSpec {
  readonly children: readonly Node[];
  readonly ctx?: Ctx;
  readonly ctxs?: readonly Ctx[];
  readonly build: (docs: readonly Doc[]) => Doc;
  readonly absorbed?: readonly Node[];
}

const CALL_BUILD = (build: (docs: readonly Doc[]) => Doc, docs: readonly Doc[]): Doc => build(docs);

/** A branch from its spec. */
export function branch(spec: BranchSpec): Branch {
  return new Branch(spec.children, spec.build, undefined, CALL_BUILD, spec.ctx, spec.ctxs, spec.absorbed, undefined) as Branch;
}

/**
 * A branch as plain data: the node, and a function shared by every node of its kind that builds
 * its doc from its children's (no closure and context per node, as a `build` arrow would make).
 */
export function nodeBranch<N>(children: readonly Node[], node: N, env: Env, make: (node: N, docs: readonly Doc[], env: Env) => Doc): Branch {
  return new Branch(children, node, env, make, undefined, undefined, undefined, undefined) as Branch;
}

/** How one node prints: a branch, or for a node with no children its doc itself. */
export type Layout = Branch | Doc;

export type LayoutFn<K extends NodeKind> = (node: NodeOfKind<K>, ctx: Ctx, env: Env) => Layout;
export type LayoutTable = { readonly [K in NodeKind]: LayoutFn<K> };

const NONE: readonly Node[] = Object.freeze([]);

const NO_DOCS: readonly Doc[] = Object.freeze([]);

/** A node with no children: its doc. */
export function leaf(doc: Doc): Layout {
  return doc;
}

const LAYOUT_MAPS = new WeakMap<LayoutTable, ReadonlyMap<string, LayoutFn<NodeKind>>>();

/**
 * A layout table as a Map, built once per table: one lookup per node, and a kind that is not
 * the table's own (`toString`) is simply absent.
 */
function layoutMap(layouts: LayoutTable): ReadonlyMap<string, LayoutFn<NodeKind>> {
  let map = LAYOUT_MAPS.get(layouts);
  if (map === undefined) {
    map = new Map(Object.entries(layouts) as [string, LayoutFn<NodeKind>][]);
    LAYOUT_MAPS.set(layouts, map);
  }
  return map;
}

/**
 * Turn a tree into a doc without recursion, depth first: a node's layout is asked for when its
 * parent reaches it, a leaf's doc goes straight into its parent's list, and a branch waits on a
 * stack (parallel arrays: no frame allocated) until its children's docs are in, in order, then
 * builds its own into its parent's list.
 *
 * Every doc is built, even for the subtrees that print flat (most expressions). Evaluating such
 * a subtree to its flat text first (the same layouts, doc constructors returning text) and
 * building its doc only when it does not fit was tried (issue 32, in the eighth session; not kept): exact,
 * but no faster. The renderer's share fell (20.9% to 12.6% of a printDocument profile) and the
 * text's share rose as much: a string per part made in flat mode costs what the doc did, and
 * the layouts (the larger cost) run either way. Allocation rose 693 to 735 KB per call.
 */
export function toDoc(root: Node, ctx: Ctx, env: Env, layouts: LayoutTable): Doc {
  const table = layoutMap(layouts);
  const layoutOf = (node: Node, c: Ctx): Layout => {
    const fn = table.get(node.kind);
    if (fn === undefined) throw new TypeError(`print: not a dsq AST node (kind ${JSON.stringify((node as { kind?: unknown }).kind)})`);
    return fn(node as never, c, env);
  };
  const first = layoutOf(root, ctx);
  const whole = finished(root, first, ctx, env, layouts);
  if (whole !== undefined) return whole;
  // The stack of an earlier toDoc (a nested one takes its own): its arrays keep their storage.
  const frames = FRAMES.pop() ?? new Frames();
  try {
    return walk(frames, root, first as Branch, ctx, env, layouts, layoutOf);
  } finally {
    frames.clear();
    FRAMES.push(frames);
  }
}

/**
 * The branches waiting in `toDoc`, in parallel arrays indexed by `length` (never truncated:
 * setting an array's length to 0 drops its storage): each with its node, its children and the
 * context they print in (one for all, or one each), and the docs of its children so far (an
 * array of the exact size, filled to `filled[k]`: an array grown by `push` from empty reserves
 * 17 slots, most of them unused for a node of two or three children). A branch's fields are read
 * once, when it is pushed: branches come in many shapes, and reading them for every child was
 * a lookup each.
 */
class Frames {
  readonly nodes: Node[] = [];
  readonly branches: Branch[] = [];
  readonly children: (readonly Node[])[] = [];
  readonly ctx: Ctx[] = [];
  readonly ctxs: (readonly Ctx[] | undefined)[] = [];
  readonly docs: Doc[][] = [];
  readonly filled: number[] = [];
  length = 0;
  push(node: Node, branch: Branch, ctx: Ctx): void {
    const k = this.length++;
    const children = branch.children;
    this.nodes[k] = node;
    this.branches[k] = branch;
    this.children[k] = children;
    this.ctx[k] = branch.ctx ?? ctx;
    this.ctxs[k] = branch.ctxs;
    this.docs[k] = new Array<Doc>(children.length);
    this.filled[k] = 0;
  }
  clear(): void {
    for (let k = 0; k < this.length; k++) this.release(k);
    this.length = 0;
  }
  /** Let go of frame k's objects (the slot is reused). */
  release(k: number): void {
    this.nodes[k] = NO_NODE;
    this.branches[k] = NO_BRANCH;
    this.children[k] = NONE;
    this.ctx[k] = NO_CAPTURE;
    this.ctxs[k] = undefined;
    this.docs[k] = NO_DOCS as Doc[];
  }
}

const FRAMES: Frames[] = [];
const NO_NODE = Object.freeze({ kind: 'null' }) as Node;
const NO_BRANCH: Branch = branch({ children: NONE, build: () => '' });

function walk(frames: Frames, root: Node, first: Branch, ctx: Ctx, env: Env, layouts: LayoutTable, layoutOf: (node: Node, c: Ctx) => Layout): Doc {
  const { nodes, branches, children, docs, filled } = frames;
  frames.push(root, first, ctx);
  for (;;) {
    const k = frames.length - 1;
    const kids = children[k] as readonly Node[];
    const done = docs[k] as Doc[];
    const i = filled[k] as number;
    if (i < kids.length) {
      const kid = kids[i] as Node;
      const each = frames.ctxs[k];
      const c = each === undefined ? (frames.ctx[k] as Ctx) : (each[i] as Ctx);
      const layout = layoutOf(kid, c);
      const doc = finished(kid, layout, c, env, layouts);
      if (doc !== undefined) {
        done[i] = doc;
        filled[k] = i + 1;
      } else frames.push(kid, layout as Branch, c);
      continue;
    }
    const branch = branches[k] as Branch;
    const doc = env.decorate(nodes[k] as Node, branch.build(done), branch.absorbed ?? NONE);
    frames.release(k);
    frames.length = k;
    if (k === 0) return doc;
    const j = filled[k - 1] as number;
    (docs[k - 1] as Doc[])[j] = doc;
    filled[k - 1] = j + 1;
  }
}

/**
 * The doc of a node whose layout needs no children's docs made first (a leaf, a branch of none,
 * a branch that streams them: `Branch.stream`); undefined otherwise.
 */
function finished(node: Node, layout: Layout, ctx: Ctx, env: Env, layouts: LayoutTable): Doc | undefined {
  if (!(layout instanceof Branch)) return env.decorate(node, layout, NONE);
  const branch = layout;
  if (branch.children.length === 0) return env.decorate(node, branch.build(NO_DOCS), branch.absorbed ?? NONE);
  if (!branch.streams || env.streams !== true || branch.children.length < STREAM_CHILDREN) return undefined;
  const doc = branch.stream(childDocs(branch, ctx, env, layouts));
  return doc === undefined ? undefined : env.decorate(node, doc, branch.absorbed ?? NONE);
}

/** Branches of this many children and more may stream them (`Branch.stream`): a short list's docs are cheaper made at once. */
const STREAM_CHILDREN = 32;

/**
 * A branch's children's docs on demand (`Branch.stream`), each made by a toDoc of its own. (A
 * function apart: a closure made in `finished` would allocate its context on every call.)
 */
function childDocs(branch: Branch, ctx: Ctx, env: Env, layouts: LayoutTable): (i: number) => Doc {
  const { children, ctxs } = branch;
  const own = branch.ctx ?? ctx;
  return (i) => toDoc(children[i] as Node, ctxs === undefined ? own : (ctxs[i] as Ctx), env, layouts);
}

/** Docs with comments that print outside the parentheses the node gets, if any (see `withOutside`). */
const OUTSIDE = new WeakMap<object, { readonly before: readonly Doc[]; readonly core: Doc; readonly after: readonly Doc[] }>();

/**
 * A node's doc with comments written outside parentheses around it: `before` a `(` the printer
 * prints around a GROUP BY number (no node starts at that `(`), `after` a `)` that closed the
 * node. Printed right next to it, or outside the parentheses when its parent puts it in some.
 */
export function withOutside(before: readonly Doc[], core: Doc, after: readonly Doc[]): Doc {
  const doc = concat([...before, core, ...after]);
  if (typeof doc === 'object') OUTSIDE.set(doc, { before, core, after });
  return doc;
}

/** `(doc)`, breaking inside the parentheses when it does not fit. */
export function parens(doc: Doc): Doc {
  const split = typeof doc === 'object' ? OUTSIDE.get(doc) : undefined;
  if (split !== undefined) return concat([...split.before, group(['(', indent([softline, split.core]), softline, ')']), ...split.after]);
  return group(['(', indent([softline, doc]), softline, ')']);
}

/** `open item, item close`, the items filling each line when the list does not fit. */
export function filledList(open: Doc, items: readonly Doc[], close: Doc): Doc {
  if (items.length === 0) return concat([open, close]);
  // Lists of the exact size: one grown by `push` from empty reserves 17 slots.
  const parts = new Array<Doc>(2 * items.length - 1);
  for (let i = 0; i < items.length; i++) {
    if (i > 0) parts[2 * i - 1] = line;
    const item = items[i] as Doc;
    // `item,` as one string where the item is one (a name, a number): what the concat prints.
    parts[2 * i] = i === items.length - 1 ? item : typeof item === 'string' ? `${item},` : concat([item, ',']);
  }
  return group([open, indent([softline, fill(parts)]), softline, close]);
}

/**
 * `list` for a clause's parentheses that no node ends at (a database definition's fields,
 * `BLOBS (...)`, `DATABASES (...)`): a comment written after the `)` finds no node ending there
 * and trails the last item, from outside its `)`; it prints after the `)`, where it was written.
 */
export function closedList(open: Doc, items: readonly Doc[], close: Doc): Doc {
  const last = items[items.length - 1];
  const split = last !== undefined && typeof last === 'object' ? OUTSIDE.get(last) : undefined;
  if (split === undefined) return list(open, items, close);
  const core = split.before.length === 0 ? split.core : concat([...split.before, split.core]);
  return concat([list(open, [...items.slice(0, -1), core], close), ...split.after]);
}

/** `open item, item close`, one item per line when the list does not fit; `inside` goes between empty parentheses. */
export function list(open: Doc, items: readonly Doc[], close: Doc, inside?: Doc): Doc {
  if (items.length === 0) return concat(inside === undefined ? [open, close] : [open, inside, close]);
  // `softline item (, line item)*` in a list of the exact size (see `filledList`).
  const parts = new Array<Doc>(3 * items.length - 1);
  parts[0] = softline;
  for (let i = 0; i < items.length; i++) {
    if (i > 0) {
      parts[3 * i - 1] = ',';
      parts[3 * i] = line;
    }
    parts[3 * i + 1] = items[i] as Doc;
  }
  return group([open, indent(parts), softline, close]);
}
