import { lowerBound } from '../diagnostic/sorted.js';
import type { Node } from '../ast/nodes.js';
import type { Span } from '../diagnostic/span.js';
import type { LineIndex } from '../diagnostic/span.js';

/**
 * The parser's `Spans` table: the parser records each node's offsets only, and a node's
 * line and column are computed from the LineIndex the first time someone asks for its span
 * (the formatter needs offsets of a few nodes, the linter spans of the nodes it reports).
 * `get` returns exactly the span an eager table would hold, the same object on every call;
 * `set`, `has` and `delete` behave as on any WeakMap (the last write for a node wins).
 *
 * Recording appends to two arrays; the lookup by node is built from them when the table is
 * first read (and extended by what was recorded since): a text nobody asks spans of (the
 * formatter's, when it holds no comment) costs no hashing of its nodes.
 */
export class SourceSpans extends WeakMap<Node, Span> {
  /** Node → index of its pair in `offsets` (and of its span in `made`), for the nodes up to `indexed`. */
  private readonly known = new Map<Node, number>();
  /** The recorded nodes, in order. */
  private readonly nodes: Node[] = [];
  /** How many of `nodes` are in `known`. */
  private indexed = 0;
  /**
   * Start and end offset of every recorded node, in pairs (`2 * count` used), doubled when full.
   * Typed, not a growing `number[]`: with one, `parseDocument` of a 50,000-term AND chain took
   * 2x `parse`'s time and grew 140x-146x from 1x to 100x input where `parse` grows about 100x;
   * with this 96x (bench/scaling.ts, the growth table's parseDocument rows).
   */
  private offsets = new Int32Array(256);
  /** Spans already computed, by recorded index (few: a Map, not an array as long as the records). */
  private readonly made = new Map<number, Span>();
  /** Where `statementOffsets` searches for the next statement's root record first. */
  private cursor = 0;

  constructor(private readonly lines: LineIndex) {
    super();
  }

  /** The offsets of the `(` that open parentheses around an expression (`(a + b)`), ascending once `opensGroup` sorted them. */
  private readonly groupOpens: number[] = [];
  private opensSorted = true;
  /** The offsets of the `)` that close them, ascending. */
  private readonly groupCloses: number[] = [];

  /** The `(` at `offset` opens parentheses around an expression (recorded when its `)` is read: inner ones first). */
  recordGroupOpen(offset: number): void {
    const list = this.groupOpens;
    if (list.length > 0 && (list[list.length - 1] as number) > offset) this.opensSorted = false;
    list.push(offset);
  }

  /** The `)` at `offset` closes parentheses around an expression (the parser reads them ascending). */
  recordGroupClose(offset: number): void {
    this.groupCloses.push(offset);
  }

  /**
   * True when the `(` at `offset` opens parentheses around an expression, which belong to no node
   * (the printer writes them only where the place needs them), not those of a call or a list.
   */
  opensGroup(offset: number): boolean {
    if (!this.opensSorted) {
      this.groupOpens.sort((a, b) => a - b);
      this.opensSorted = true;
    }
    return holds(this.groupOpens, offset);
  }

  /** True when the `)` at `offset` closes parentheses around an expression (see `opensGroup`). */
  closesGroup(offset: number): boolean {
    return holds(this.groupCloses, offset);
  }

  /** Record a node's span by its offsets (line and column follow on demand). */
  record(node: Node, start: number, end: number): void {
    const i = this.nodes.length;
    this.nodes.push(node);
    let offsets = this.offsets;
    if (2 * i + 2 > offsets.length) {
      const grown = new Int32Array(offsets.length * 2);
      grown.set(offsets);
      this.offsets = offsets = grown;
    }
    offsets[2 * i] = start;
    offsets[2 * i + 1] = end;
  }

  /** Node → index of its recorded pair, for every node recorded so far (the last record of a node wins). */
  private recorded(): Map<Node, number> {
    const nodes = this.nodes;
    for (let i = this.indexed; i < nodes.length; i++) this.known.set(nodes[i] as Node, i);
    this.indexed = nodes.length;
    return this.known;
  }

  /**
   * A node's start and end offsets written into `out` (true), without building its Span: for
   * tools that need the offsets of many nodes (the formatter's comment placement).
   */
  offsetsOf(node: Node, out: { start: number; end: number }): boolean {
    const i = this.recorded().get(node);
    if (i === undefined) {
      const span = super.get(node);
      if (span === undefined) return false;
      out.start = span.start;
      out.end = span.end;
      return true;
    }
    out.start = this.offsets[2 * i] as number;
    out.end = this.offsets[2 * i + 1] as number;
    return true;
  }

  /**
   * `offsetsOf` for the nodes of one statement (`root`, as the parser recorded it), looked up
   * among the records made while that statement parsed: a lookup of a few hundred nodes, not
   * of the whole text's (the formatter asks statement by statement; a text of 600 statements
   * spent 6% of its format hashing every node of the text). A statement's records are the ones
   * before its root's and after the previous statement's (the parser reads statements in
   * order, and each node of a statement starts at or after the statement's start); a node not
   * among them is looked up as `offsetsOf` does.
   */
  statementOffsets(root: Node): (node: Node, out: { start: number; end: number }) => boolean {
    const nodes = this.nodes;
    const offsets = this.offsets;
    // The root's record: searched from where the previous statement's ended (in order, each
    // record is passed once), then from the start.
    let last = -1;
    for (let i = this.cursor; i < nodes.length; i++) {
      if (nodes[i] === root) {
        last = i;
        break;
      }
    }
    if (last < 0) last = nodes.lastIndexOf(root, this.cursor);
    if (last < 0) return (node, out) => this.offsetsOf(node, out);
    // A statement node is recorded when marked and again with the statement's span.
    while (last + 1 < nodes.length && nodes[last + 1] === root) last++;
    this.cursor = last + 1;
    const from = offsets[2 * last] as number;
    let first = last;
    while (first > 0 && (offsets[2 * (first - 1)] as number) >= from) first--;
    // A few lookups search the records (from the last: the last record of a node wins); many
    // (comment placement asks for every node of the statement) build a lookup of them.
    let own: Map<Node, number> | null = null;
    let budget = 2048;
    return (node, out) => {
      let i: number | undefined;
      if (own === null && budget > 0) {
        budget -= last - first + 1;
        for (let k = last; k >= first; k--) {
          if (nodes[k] === node) {
            i = k;
            break;
          }
        }
      } else {
        if (own === null) {
          own = new Map();
          for (let k = first; k <= last; k++) own.set(nodes[k] as Node, k);
        }
        i = own.get(node);
      }
      if (i === undefined) return this.offsetsOf(node, out);
      out.start = offsets[2 * i] as number;
      out.end = offsets[2 * i + 1] as number;
      return true;
    };
  }

  override get(node: Node): Span | undefined {
    const i = this.recorded().get(node);
    if (i === undefined) return super.get(node);
    let span = this.made.get(i);
    if (span === undefined) {
      span = this.lines.span(this.offsets[2 * i] as number, this.offsets[2 * i + 1] as number);
      this.made.set(i, span);
    }
    return span;
  }

  override has(node: Node): boolean {
    return this.recorded().has(node) || super.has(node);
  }

  /** A span given whole: recorded as the latest for the node (so no lookup is built), and kept as the one `get` returns. */
  override set(node: Node, span: Span): this {
    this.record(node, span.start, span.end);
    this.made.set(this.nodes.length - 1, span);
    return this;
  }

  override delete(node: Node): boolean {
    const recorded = this.recorded().delete(node);
    return super.delete(node) || recorded;
  }
}

/** True when the ascending list holds `value`. */
function holds(list: readonly number[], value: number): boolean {
  return list[lowerBound(list, value)] === value;
}
