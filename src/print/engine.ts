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
   * or `%` reads like text by mistake (the parser warns): such a column prints as COLUMN('...').
   */
  readonly compared?: boolean;
  /** A clause a select prints after its own, as one of them (a SELECT action's OPTIONS). */
  readonly lastClause?: Doc;
}

export const NO_CAPTURE: Ctx = Object.freeze({ capture: null });

/** Printing-wide settings and hooks. */
export interface Env {
  readonly options: ResolvedOptions;
  /** True when comments are attached to the node (chains then stop flattening there). */
  readonly hasComments: (node: Node) => boolean;
  /** Wrap a node's doc with its comments (and those of nodes printed as part of it). */
  readonly decorate: (node: Node, doc: Doc, absorbed: readonly Node[]) => Doc;
}

/**
 * How one node prints: the child nodes to print first (each with its context), and how to
 * build this node's doc from their docs (in the same order).
 */
export interface Layout {
  readonly children: readonly (readonly [Node, Ctx])[];
  readonly build: (docs: readonly Doc[]) => Doc;
  /** Nodes printed as part of this one (a fused `x NOT LIKE y`): their comments go around it. */
  readonly absorbed?: readonly Node[];
}

export type LayoutFn<K extends NodeKind> = (node: NodeOfKind<K>, ctx: Ctx, env: Env) => Layout;
export type LayoutTable = { readonly [K in NodeKind]: LayoutFn<K> };

const NONE: readonly Node[] = Object.freeze([]);

const NO_DOCS: readonly Doc[] = Object.freeze([]);
const NO_CHILDREN: readonly (readonly [Node, Ctx])[] = Object.freeze([]);

/** A node with no children. */
export function leaf(doc: Doc): Layout {
  return { children: NO_CHILDREN, build: () => doc };
}

/**
 * Turn a tree into a doc without recursion: a node's layout is asked for on the way down,
 * its doc built on the way up from its children's docs (kept on a value stack).
 */
export function toDoc(root: Node, ctx: Ctx, env: Env, layouts: LayoutTable): Doc {
  type Frame = { readonly node: Node; readonly ctx: Ctx; layout: Layout | null };
  const stack: Frame[] = [{ node: root, ctx, layout: null }];
  const values: Doc[] = [];
  for (;;) {
    const frame = stack.pop();
    if (frame === undefined) break;
    if (frame.layout === null) {
      const fn = layouts[frame.node.kind] as LayoutFn<NodeKind> | undefined;
      if (typeof fn !== 'function' || !Object.hasOwn(layouts, frame.node.kind)) {
        throw new TypeError(`print: not a dsq AST node (kind ${JSON.stringify((frame.node as { kind?: unknown }).kind)})`);
      }
      const layout = fn(frame.node as never, frame.ctx, env);
      const kids = layout.children;
      if (kids.length === 0) {
        // A leaf: its doc right away, no second visit.
        values.push(env.decorate(frame.node, layout.build(NO_DOCS), layout.absorbed ?? NONE));
        continue;
      }
      frame.layout = layout;
      stack.push(frame);
      for (let i = kids.length - 1; i >= 0; i--) {
        const [node, c] = kids[i] as readonly [Node, Ctx];
        stack.push({ node, ctx: c, layout: null });
      }
      continue;
    }
    const n = frame.layout.children.length;
    const docs = n === 0 ? [] : values.splice(values.length - n, n);
    const doc = frame.layout.build(docs);
    values.push(env.decorate(frame.node, doc, frame.layout.absorbed ?? NONE));
  }
  return values[0] as Doc;
}

/** `(doc)`, breaking inside the parentheses when it does not fit. */
export function parens(doc: Doc): Doc {
  return group(['(', indent([softline, doc]), softline, ')']);
}

/** `open item, item close`, the items filling each line when the list does not fit. */
export function filledList(open: Doc, items: readonly Doc[], close: Doc): Doc {
  if (items.length === 0) return concat([open, close]);
  const parts: Doc[] = [];
  for (let i = 0; i < items.length; i++) {
    if (i > 0) parts.push(line);
    parts.push(i < items.length - 1 ? concat([items[i] as Doc, ',']) : (items[i] as Doc));
  }
  return group([open, indent([softline, fill(parts)]), softline, close]);
}

/** `open item, item close`, one item per line when the list does not fit. */
export function list(open: Doc, items: readonly Doc[], close: Doc): Doc {
  if (items.length === 0) return concat([open, close]);
  const parts: Doc[] = [softline];
  for (let i = 0; i < items.length; i++) {
    if (i > 0) parts.push(',', line);
    parts.push(items[i] as Doc);
  }
  return group([open, indent(parts), softline, close]);
}
