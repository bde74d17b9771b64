import type { Node } from '../ast/nodes.js';
import type { Spans } from '../ast/spans.js';
import { children, stackChildren } from '../ast/walk.js';
import { SourceSpans } from '../syntax/source-spans.js';
import { lowerBound, upperBound } from '../diagnostic/sorted.js';

/**
 * What comment placement needs to know about one statement's tree, built in one walk (no
 * recursion): the outermost node starting and ending at each offset, each node's parent, depth
 * and span, and every node start and end in order. Lookups are then O(1) or O(log n) per
 * comment, however long an AND chain or IN list is.
 *
 * The nodes are numbered as the walk enters them (pre-order, children in source order) and
 * their facts kept in arrays by that number: one Map entry per node, no object. Pre-order is
 * then the order by start (outer first at a start) and the order of leaving the order by end
 * (outer last at an end): nothing is sorted unless a kind lists its children out of source order.
 *
 * The arrays are lists shared by every tree (no copy per tree): a tree is read only until the
 * next one is built. Comment placement builds one statement's at a time and is done with it
 * before the next (CommentMap).
 */
export class StatementTree {
  /** Node → its number, made on the first lookup in a large tree (a small one is searched: see `numberOf`). */
  private numbers: Map<Node, number> | null = null;
  private readonly nodes: Node[] = SCRATCH.nodes;
  /** The parent's number (-1: the statement itself). */
  private readonly parents: number[] = SCRATCH.parents;
  private readonly depths: number[] = SCRATCH.depths;
  /** Start and end offsets by number (NaN: no span). */
  private readonly startOf: number[] = SCRATCH.startOf;
  private readonly endOf: number[] = SCRATCH.endOf;
  /** The numbers of the nodes with a span by start, ascending, outer first at a start; and their starts. */
  private readonly byStart: number[] = SCRATCH.byStart;
  private readonly starts: number[] = SCRATCH.starts;
  /** The same by end, ascending, outer last at an end; and their ends. */
  private readonly byEnd: number[] = SCRATCH.byEnd;
  private readonly ends: number[] = SCRATCH.ends;
  /** How many nodes; how many of them have offsets (the length of byStart and byEnd). */
  private readonly count: number;
  private readonly spanned: number;

  constructor(root: Node, spans: Spans) {
    // The parser's table gives offsets without building a Span per node, found in the order it
    // recorded them (each node on leaving it: statementInOrder), with no lookup per node.
    const w = SCRATCH;
    const at = { start: 0, end: 0 };
    let walked: { count: number; left: number; high: number };
    if (spans instanceof SourceSpans) {
      const inOrder = spans.statementInOrder(root);
      walked = walkInto(root, (node) => inOrder.of(node, at), at);
      if (!inOrder.exact(w.nodes, walked.count)) {
        // A node recorded twice (not the parser's way): each node's offsets as the table's lookup gives them.
        const of = spans.statementOffsets(root);
        walked = walkInto(root, (node) => of(node, at), at);
      }
    } else {
      walked = walkInto(
        root,
        (node) => {
          const span = spans.get(node);
          if (span === undefined) return false;
          at.start = span.start;
          at.end = span.end;
          return true;
        },
        at,
      );
    }
    const { count, left, high } = walked;
    // Pre-order is the order by start, outer first at a start.
    let spanned = 0;
    for (let n = 0; n < count; n++) {
      const start = w.startOf[n] as number;
      if (start !== start) continue;
      w.byStart[spanned] = n;
      w.starts[spanned++] = start;
    }
    this.count = count;
    this.spanned = spanned;
    // The stack holds no node alive (the nodes list: until `releaseTrees`).
    w.todo.fill(root, 0, high);
    // Outer first at a start: the larger end, then the earlier number.
    if (!ascending(w.starts, spanned)) sortList(w.byStart, w.starts, spanned, w.startOf, (a, b) => w.endOf[b]! - w.endOf[a]! || a - b);
    // Outer last at an end: the larger start, then the later number, first.
    if (!ascending(w.ends, left)) sortList(w.byEnd, w.ends, left, w.endOf, (a, b) => w.startOf[b]! - w.startOf[a]! || b - a);
  }

  /** A node's number: a search of a small tree's nodes (cheaper than a Map of them), else a Map made once. */
  private numberOf(node: Node): number | undefined {
    if (this.numbers === null) {
      if (this.count <= SEARCHED) {
        // The last: a node the tree holds twice has the number of its last place, as the Map gives.
        const n = this.nodes.lastIndexOf(node, this.count - 1);
        return n < 0 ? undefined : n;
      }
      this.numbers = new Map();
      for (let n = 0; n < this.count; n++) this.numbers.set(this.nodes[n] as Node, n);
    }
    return this.numbers.get(node);
  }

  /** The outermost node starting at `offset`, if any. */
  startingAt(offset: number): Node | undefined {
    const i = lowerBound(this.starts, offset, this.spanned);
    return i < this.spanned && this.starts[i] === offset ? this.nodes[this.byStart[i] as number] : undefined;
  }

  /** The outermost node ending at `offset`, if any. */
  endingAt(offset: number): Node | undefined {
    const i = upperBound(this.ends, offset, this.spanned) - 1;
    return i >= 0 && this.ends[i] === offset ? this.nodes[this.byEnd[i] as number] : undefined;
  }

  /** The child of `node` that ends where it ends, if any. */
  lastChildEnding(node: Node): Node | undefined {
    const n = this.numberOf(node);
    const end = n === undefined ? NaN : (this.endOf[n] as number);
    if (end !== end) return undefined;
    for (const kid of children(node)) {
      const k = this.numberOf(kid);
      if (k !== undefined && this.endOf[k] === end) return kid;
    }
    return undefined;
  }

  parentOf(node: Node): Node | undefined {
    const n = this.numberOf(node);
    const p = n === undefined ? -1 : (this.parents[n] as number);
    return p < 0 ? undefined : this.nodes[p];
  }

  depthOf(node: Node): number {
    const n = this.numberOf(node);
    return n === undefined ? 0 : (this.depths[n] as number);
  }

  spanOf(node: Node): { readonly start: number; readonly end: number } | undefined {
    const n = this.numberOf(node);
    if (n === undefined) return undefined;
    const start = this.startOf[n] as number;
    return start !== start ? undefined : { start, end: this.endOf[n] as number };
  }

  /** The outermost node starting first at or after `from` and before `limit`. */
  firstStartIn(from: number, limit: number): Node | undefined {
    const i = lowerBound(this.starts, from, this.spanned);
    const start = i < this.spanned ? (this.starts[i] as number) : Infinity;
    return start < limit ? this.nodes[this.byStart[i] as number] : undefined;
  }

  /** The outermost node ending last at or before `to` and after `limit`. */
  lastEndIn(to: number, limit: number): Node | undefined {
    const i = upperBound(this.ends, to, this.spanned) - 1;
    const end = i >= 0 ? (this.ends[i] as number) : -Infinity;
    return end > limit ? this.nodes[this.byEnd[i] as number] : undefined;
  }

  /** The innermost node whose span holds `[from, to)` strictly inside (start < from, to < end). */
  innermostAround(from: number, to: number): Node | undefined {
    // The last node starting before `from` is the innermost around it or inside one that is:
    // its ancestors are the candidates, nearest first.
    const i = lowerBound(this.starts, from, this.spanned) - 1;
    for (let n = i < 0 ? -1 : (this.byStart[i] as number); n >= 0; n = this.parents[n] as number) {
      if ((this.startOf[n] as number) < from && (this.endOf[n] as number) > to) return this.nodes[n];
    }
    return undefined;
  }
}

/**
 * A statement's tree walked into the scratch lists (no recursion), depth first, children in
 * source order: each node's number (pre-order), parent and depth on entering it; its offsets
 * (`offsetsOf`, into `at`) on leaving it, when it joins the list by end. Returns how many nodes,
 * how many of them with offsets, and the deepest the stack went.
 */
function walkInto(root: Node, offsetsOf: (node: Node) => boolean, at: { start: number; end: number }): { count: number; left: number; high: number } {
  const w = SCRATCH;
  let count = 0;
  let left = 0;
  // `leave` holds the number of a node to leave, -1 for a node to enter.
  let top = 0;
  let high = 0;
  w.todo[top] = root;
  w.parentOf[top] = -1;
  w.leave[top++] = -1;
  while (top > 0) {
    top--;
    const node = w.todo[top] as Node;
    const parent = w.parentOf[top] as number;
    const leaving = w.leave[top] as number;
    if (leaving >= 0) {
      const known = offsetsOf(node);
      w.startOf[leaving] = known ? at.start : NaN;
      w.endOf[leaving] = known ? at.end : NaN;
      if (known) {
        w.byEnd[left] = leaving;
        w.ends[left++] = at.end;
      }
      continue;
    }
    const n = count++;
    w.nodes[n] = node;
    w.parents[n] = parent;
    w.depths[n] = parent < 0 ? 0 : (w.depths[parent] as number) + 1;
    w.todo[top] = node;
    w.parentOf[top] = parent;
    w.leave[top++] = n;
    const below = top;
    top = stackChildren(node, w.todo, top);
    for (let j = below; j < top; j++) {
      w.parentOf[j] = n;
      w.leave[j] = -1;
    }
    if (top > high) high = top;
  }
  return { count, left, high };
}

/** Trees of at most this many nodes find a node's number by a search (see `numberOf`). */
const SEARCHED = 64;

/** The lists a tree is walked into (see the constructor). */
const SCRATCH = {
  nodes: [] as Node[],
  parents: [] as number[],
  depths: [] as number[],
  startOf: [] as number[],
  endOf: [] as number[],
  byStart: [] as number[],
  starts: [] as number[],
  byEnd: [] as number[],
  ends: [] as number[],
  todo: [] as Node[],
  parentOf: [] as number[],
  leave: [] as number[],
};

/**
 * Let go of the last tree built and of the lists' storage (comment placement is done with
 * them): the nodes, and lists as long as the largest statement, which would stay as large
 * after it (some 30 MB after a statement of 400,000 nodes). Once per text placed, not per tree.
 */
export function releaseTrees(): void {
  for (const list of Object.values(SCRATCH)) list.length = 0;
}

/**
 * The first `length` numbers of `list` sorted by their `offsetOf`, ties by `tie`, and `offsets`
 * (the offset of each, in the list's order) made again to match.
 */
function sortList(list: number[], offsets: number[], length: number, offsetOf: readonly number[], tie: (a: number, b: number) => number): void {
  const order = list.slice(0, length).sort((a, b) => offsetOf[a]! - offsetOf[b]! || tie(a, b));
  for (let i = 0; i < length; i++) {
    list[i] = order[i] as number;
    offsets[i] = offsetOf[order[i] as number]!;
  }
}

/** True when the first `length` values never decrease. */
function ascending(values: readonly number[], length: number): boolean {
  for (let i = 1; i < length; i++) if ((values[i] as number) < (values[i - 1] as number)) return false;
  return true;
}
