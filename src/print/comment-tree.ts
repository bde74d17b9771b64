import type { Node } from '../ast/nodes.js';
import type { Spans } from '../ast/spans.js';
import { children } from '../ast/walk.js';

/**
 * What comment placement needs to know about one statement's tree, built in one walk (no
 * recursion): the outermost node starting and ending at each offset, each node's parent and
 * span, and every node start in order. Lookups are then O(1) or O(log n) per comment, however
 * long an AND chain or IN list is.
 */
export class StatementTree {
  /** Offset → the outermost node starting there. */
  private readonly startsAt = new Map<number, Node>();
  /** Offset → the outermost node ending there. */
  private readonly endsAt = new Map<number, Node>();
  private readonly parents = new Map<Node, Node>();
  private readonly depths = new Map<Node, number>();
  private readonly offsets = new Map<Node, { readonly start: number; readonly end: number }>();
  /** Every node start offset, ascending (duplicates kept). */
  private readonly starts: number[] = [];
  /** Every node end offset, ascending (duplicates kept). */
  private readonly ends: number[] = [];
  /** The nodes with spans, by start ascending, outer before inner at the same start. */
  private readonly byStart: Node[] = [];

  constructor(root: Node, spans: Spans) {
    const stack: Node[] = [root];
    const found: { node: Node; start: number; end: number }[] = [];
    this.depths.set(root, 0);
    for (;;) {
      const node = stack.pop();
      if (node === undefined) break;
      const depth = this.depths.get(node) ?? 0;
      const span = spans.get(node);
      if (span !== undefined) {
        this.offsets.set(node, { start: span.start, end: span.end });
        found.push({ node, start: span.start, end: span.end });
      }
      const kids = children(node);
      for (let i = kids.length - 1; i >= 0; i--) {
        const kid = kids[i] as Node;
        this.parents.set(kid, node);
        this.depths.set(kid, depth + 1);
        stack.push(kid);
      }
    }
    // Outer nodes first: a wider span at the same start, or at the same end.
    found.sort((a, b) => a.start - b.start || b.end - a.end);
    for (const f of found) {
      this.byStart.push(f.node);
      this.starts.push(f.start);
      if (!this.startsAt.has(f.start)) this.startsAt.set(f.start, f.node);
    }
    const byEnd = [...found].sort((a, b) => a.end - b.end || a.start - b.start);
    for (const f of byEnd) {
      this.ends.push(f.end);
      if (!this.endsAt.has(f.end)) this.endsAt.set(f.end, f.node);
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
    const end = this.offsets.get(node)?.end;
    for (const kid of children(node)) if (end !== undefined && this.offsets.get(kid)?.end === end) return kid;
    return undefined;
  }

  parentOf(node: Node): Node | undefined {
    return this.parents.get(node);
  }

  depthOf(node: Node): number {
    return this.depths.get(node) ?? 0;
  }

  spanOf(node: Node): { readonly start: number; readonly end: number } | undefined {
    return this.offsets.get(node);
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
    let node: Node | undefined = this.byStart[lowerBound(this.starts, from) - 1];
    while (node !== undefined) {
      const span = this.offsets.get(node);
      if (span !== undefined && span.start < from && span.end > to) return node;
      node = this.parents.get(node);
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
