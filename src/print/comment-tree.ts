import type { Node } from '../ast/nodes.js';
import type { Spans } from '../ast/spans.js';
import { children } from '../ast/walk.js';
import { SourceSpans } from '../syntax/source-spans.js';

/** One node of the statement: where it is, its parent and depth. */
interface Rec {
  readonly node: Node;
  start: number;
  end: number;
  readonly parent: Rec | undefined;
  readonly depth: number;
}

/**
 * What comment placement needs to know about one statement's tree, built in one walk (no
 * recursion): the outermost node starting and ending at each offset, each node's parent, depth
 * and span, and every node start and end in order. Lookups are then O(1) or O(log n) per
 * comment, however long an AND chain or IN list is.
 */
export class StatementTree {
  private readonly recs = new Map<Node, Rec>();
  /** Offset → the outermost node starting there. */
  private readonly startsAt = new Map<number, Node>();
  /** Offset → the outermost node ending there. */
  private readonly endsAt = new Map<number, Node>();
  /** Every node start offset, ascending (duplicates kept), and the nodes in that order (outer first). */
  private readonly starts: number[] = [];
  private readonly byStart: Node[] = [];
  /** Every node end offset, ascending (duplicates kept). */
  private readonly ends: number[] = [];

  constructor(root: Node, spans: Spans) {
    // The parser's table gives offsets without building a Span per node.
    const fast = spans instanceof SourceSpans ? spans : null;
    const at = { start: 0, end: 0 };
    const offsetsOf = (node: Node): boolean => {
      if (fast !== null) return fast.offsetsOf(node, at);
      const span = spans.get(node);
      if (span === undefined) return false;
      at.start = span.start;
      at.end = span.end;
      return true;
    };
    const found: Rec[] = [];
    const stack: Rec[] = [];
    const visit = (node: Node, parent: Rec | undefined) => {
      const rec: Rec = { node, start: NaN, end: NaN, parent, depth: parent === undefined ? 0 : parent.depth + 1 };
      if (offsetsOf(node)) {
        rec.start = at.start;
        rec.end = at.end;
        found.push(rec);
      }
      this.recs.set(node, rec);
      stack.push(rec);
    };
    visit(root, undefined);
    for (let rec = stack.pop(); rec !== undefined; rec = stack.pop()) {
      const kids = children(rec.node);
      for (let i = kids.length - 1; i >= 0; i--) visit(kids[i] as Node, rec);
    }
    // Outer nodes first at the same start; inner first at the same end. (The walk gives the
    // nodes nearly in start order: the sort has little to do.)
    found.sort((a, b) => a.start - b.start || b.end - a.end);
    for (const r of found) {
      this.byStart.push(r.node);
      this.starts.push(r.start);
      if (!this.startsAt.has(r.start)) this.startsAt.set(r.start, r.node);
    }
    found.sort((a, b) => a.end - b.end || a.start - b.start);
    for (const r of found) {
      this.ends.push(r.end);
      if (!this.endsAt.has(r.end)) this.endsAt.set(r.end, r.node);
    }
  }

  /** The outermost node starting at `offset`, if any. */
  startingAt(offset: number): Node | undefined {
    return this.startsAt.get(offset);
  }

  /** The outermost node ending at `offset`, if any. */
  endingAt(offset: number): Node | undefined {
    return this.endsAt.get(offset);
  }

  /** The child of `node` that ends where it ends, if any. */
  lastChildEnding(node: Node): Node | undefined {
    const end = this.recs.get(node)?.end;
    for (const kid of children(node)) if (end !== undefined && this.recs.get(kid)?.end === end) return kid;
    return undefined;
  }

  parentOf(node: Node): Node | undefined {
    return this.recs.get(node)?.parent?.node;
  }

  depthOf(node: Node): number {
    return this.recs.get(node)?.depth ?? 0;
  }

  spanOf(node: Node): { readonly start: number; readonly end: number } | undefined {
    const rec = this.recs.get(node);
    return rec === undefined || rec.start !== rec.start ? undefined : rec;
  }

  /** The outermost node starting first at or after `from` and before `limit`. */
  firstStartIn(from: number, limit: number): Node | undefined {
    const i = lowerBound(this.starts, from);
    const start = this.starts[i];
    return start !== undefined && start < limit ? this.startsAt.get(start) : undefined;
  }

  /** The outermost node ending last at or before `to` and after `limit`. */
  lastEndIn(to: number, limit: number): Node | undefined {
    const i = upperBound(this.ends, to) - 1;
    const end = this.ends[i];
    return end !== undefined && end > limit ? this.endsAt.get(end) : undefined;
  }

  /** The innermost node whose span holds `[from, to)` strictly inside (start < from, to < end). */
  innermostAround(from: number, to: number): Node | undefined {
    // The last node starting before `from` is the innermost around it or inside one that is:
    // its ancestors are the candidates, nearest first.
    const last = this.byStart[lowerBound(this.starts, from) - 1];
    let rec = last === undefined ? undefined : this.recs.get(last);
    while (rec !== undefined) {
      if (rec.start < from && rec.end > to) return rec.node;
      rec = rec.parent;
    }
    return undefined;
  }
}

/** The first index whose value is greater than `value` (values ascending). */
function upperBound(values: readonly number[], value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((values[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first index whose value is at least `value` (values ascending). */
function lowerBound(values: readonly number[], value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((values[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
