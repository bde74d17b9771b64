import type { Node } from '../ast/nodes.js';
import type { Spans } from '../ast/spans.js';
import { children } from '../ast/walk.js';
import { SourceSpans } from '../syntax/source-spans.js';

/**
 * What comment placement needs to know about one statement's tree near a comment: the outermost
 * node starting or ending at an offset, the nearest nodes before and after one, a node's parent,
 * depth and span. Each lookup descends from the root into the children whose span holds or
 * borders what it looks for, so placing a comment costs about depth x fan-out node visits,
 * however large the statement (a whole-statement walk per statement with a comment was 7% of
 * formatting the bench file, for two comments in every third statement).
 *
 * Nodes are met as lookups open their parents (children in `children` order) and their facts
 * kept in arrays by the order met. The answers are those of a list of every node with a span by
 * start (outer first: the larger end, then the earlier in pre-order) and one by end (outer last:
 * the smaller start, then the earlier in pre-order, last), which the descents search in pre-order
 * with those same ties. A subtree is passed over only when the parser's spans show nothing in it
 * can answer: the parser's spans nest (a node's span holds its descendants'; test/print/
 * comment-tree.test.ts checks it on arbitrary statements). Spans from elsewhere may not: a tree
 * with them is searched whole.
 */
export class StatementTree {
  /** Node → its number (the order met). */
  private readonly numbers = new Map<Node, number>();
  private readonly nodes: Node[] = [];
  /** The parent's number (-1: the statement itself). */
  private readonly parents: number[] = [];
  private readonly depths: number[] = [];
  /** Start and end offsets by number (NaN: no span). */
  private readonly startOf: number[] = [];
  private readonly endOf: number[] = [];
  /** The children's numbers, once the node is opened. */
  private readonly kidsOf: (number[] | undefined)[] = [];
  /** Whether subtrees may be passed over by their spans (see the class comment). */
  private readonly nests: boolean;
  private readonly offsetsOf: (node: Node, out: { start: number; end: number }) => boolean;
  private readonly at = { start: 0, end: 0 };

  constructor(root: Node, spans: Spans) {
    this.nests = spans instanceof SourceSpans;
    // The parser's table gives offsets without building a Span per node, looked up among the
    // statement's own records: no lookup of the whole text's nodes.
    if (spans instanceof SourceSpans) this.offsetsOf = spans.statementOffsets(root);
    else
      this.offsetsOf = (node, out) => {
        const span = spans.get(node);
        if (span === undefined) return false;
        out.start = span.start;
        out.end = span.end;
        return true;
      };
    this.meet(root, -1);
  }

  private meet(node: Node, parent: number): number {
    const n = this.nodes.length;
    this.nodes.push(node);
    this.parents.push(parent);
    this.depths.push(parent < 0 ? 0 : (this.depths[parent] as number) + 1);
    const at = this.at;
    const known = this.offsetsOf(node, at);
    this.startOf.push(known ? at.start : NaN);
    this.endOf.push(known ? at.end : NaN);
    this.kidsOf.push(undefined);
    // A node held twice keeps its first place.
    if (!this.numbers.has(node)) this.numbers.set(node, n);
    return n;
  }

  /** The numbers of a node's children, meeting them the first time. */
  private open(n: number): readonly number[] {
    let kids = this.kidsOf[n];
    if (kids === undefined) {
      const nodes = children(this.nodes[n] as Node);
      kids = new Array<number>(nodes.length);
      for (let i = 0; i < nodes.length; i++) kids[i] = this.meet(nodes[i] as Node, n);
      this.kidsOf[n] = kids;
    }
    return kids;
  }

  /**
   * Visit the nodes in pre-order from the root, opening a node with a span only when `into`
   * accepts its span (every node when spans may not nest), one without a span always.
   * `visit` sees each node with a span.
   */
  private search(into: (start: number, end: number) => boolean, visit: (n: number, start: number, end: number) => void): void {
    const stack = STACK;
    const base = stack.length;
    stack.push(0);
    while (stack.length > base) {
      const n = stack.pop() as number;
      const start = this.startOf[n] as number;
      if (start === start) {
        const end = this.endOf[n] as number;
        visit(n, start, end);
        if (this.nests && !into(start, end)) continue;
      }
      const kids = this.open(n);
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i] as number);
    }
  }

  /** A node's number: known once a lookup met it, else found by opening the rest of the tree. */
  private numberOf(node: Node): number | undefined {
    const n = this.numbers.get(node);
    if (n !== undefined) return n;
    for (let k = 0; k < this.nodes.length; k++) this.open(k);
    return this.numbers.get(node);
  }

  /** The outermost node starting at `offset`, if any. */
  startingAt(offset: number): Node | undefined {
    let best = -1;
    let bestEnd = -Infinity;
    this.search(
      // A node starting at `offset` is outside every node inside it starting there.
      (start, end) => start < offset && offset <= end,
      (n, start, end) => {
        if (start === offset && end > bestEnd) {
          best = n;
          bestEnd = end;
        }
      },
    );
    return best < 0 ? undefined : this.nodes[best];
  }

  /** The outermost node ending at `offset`, if any. */
  endingAt(offset: number): Node | undefined {
    let best = -1;
    let bestStart = Infinity;
    this.search(
      (start, end) => start <= offset && offset < end,
      (n, start, end) => {
        if (end === offset && start < bestStart) {
          best = n;
          bestStart = start;
        }
      },
    );
    return best < 0 ? undefined : this.nodes[best];
  }

  /** The child of `node` that ends where it ends, if any. */
  lastChildEnding(node: Node): Node | undefined {
    const n = this.numberOf(node);
    const end = n === undefined ? NaN : (this.endOf[n] as number);
    if (end !== end) return undefined;
    for (const k of this.open(n as number)) if (this.endOf[k] === end) return this.nodes[k];
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
    let best = -1;
    let bestStart = Infinity;
    let bestEnd = -Infinity;
    this.search(
      // A node starting at or after `from` starts before everything inside it.
      (start, end) => start < from && from <= end,
      (n, start, end) => {
        if (start >= from && (start < bestStart || (start === bestStart && end > bestEnd))) {
          best = n;
          bestStart = start;
          bestEnd = end;
        }
      },
    );
    return best >= 0 && bestStart < limit ? this.nodes[best] : undefined;
  }

  /** The outermost node ending last at or before `to` and after `limit`. */
  lastEndIn(to: number, limit: number): Node | undefined {
    let best = -1;
    let bestStart = Infinity;
    let bestEnd = -Infinity;
    this.search(
      // A node ending at or before `to` ends after everything inside it.
      (start, end) => start <= to && to < end,
      (n, start, end) => {
        if (end <= to && (end > bestEnd || (end === bestEnd && start < bestStart))) {
          best = n;
          bestStart = start;
          bestEnd = end;
        }
      },
    );
    return best >= 0 && bestEnd > limit ? this.nodes[best] : undefined;
  }

  /** The innermost node whose span holds `[from, to)` strictly inside (start < from, to < end). */
  innermostAround(from: number, to: number): Node | undefined {
    // The node starting last before `from` (the innermost of those starting there, the later in
    // pre-order) is the innermost around it or inside one that is: its ancestors are the
    // candidates, nearest first.
    let best = -1;
    let bestStart = -Infinity;
    let bestEnd = Infinity;
    const stack = STACK;
    const base = stack.length;
    stack.push(0);
    while (stack.length > base) {
      const n = stack.pop() as number;
      const start = this.startOf[n] as number;
      if (start < from && (start > bestStart || (start === bestStart && (this.endOf[n] as number) <= bestEnd))) {
        best = n;
        bestStart = start;
        bestEnd = this.endOf[n] as number;
      }
      const kids = this.open(n);
      // Of the children starting before `from`, nothing inside one ending before another starts
      // can start last: only the others are searched.
      let last = -Infinity;
      if (this.nests) for (const k of kids) if ((this.startOf[k] as number) < from && (this.startOf[k] as number) > last) last = this.startOf[k] as number;
      for (let i = kids.length - 1; i >= 0; i--) {
        const k = kids[i] as number;
        const kidStart = this.startOf[k] as number;
        if (!this.nests || kidStart !== kidStart || (kidStart < from && (this.endOf[k] as number) >= last)) stack.push(k);
      }
    }
    for (let n = best; n >= 0; n = this.parents[n] as number) {
      if ((this.startOf[n] as number) < from && (this.endOf[n] as number) > to) return this.nodes[n];
    }
    return undefined;
  }
}

/** The stack the searches share (a search runs no other inside it, but may follow one). */
const STACK: number[] = [];
