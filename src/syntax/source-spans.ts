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
 * Recording appends to two chunked arrays (nodes, offsets); the lookup by node is built from them when the table is
 * first read (and extended by what was recorded since): a text nobody asks spans of (the
 * formatter's, when it holds no comment) costs no hashing of its nodes.
 */
export class SourceSpans extends WeakMap<Node, Span> {
  /** Node → record index (of its node in `nodes`, its offsets in `offsets`, its span in `made`), for the records up to `indexed`. */
  private readonly known = new Map<Node, number>();
  /**
   * The recorded nodes, in order, in chunks of CHUNK (record `i` at `nodes[i >>> SHIFT][i & MASK]`);
   * the first chunk starts small and doubles up to CHUNK, the others are made whole. Not one
   * array grown by `push`: pushing the 200,000 nodes of a 50,000-term AND chain into one array
   * took V8 about 250 ns a push once the array was large, and `parseDocument` of that chain
   * 75-78 ms where `parse` takes 18-20 ms (growth from 1x to 100x 200x-220x, parse's 60x-70x);
   * with chunks made at their full length, which take plain stores, 22-24 ms (60x-70x).
   */
  private readonly nodes: Node[][];
  /** Start and end offset of every record, in pairs, chunked as `nodes` (pair `i` at `2 * (i & MASK)` of chunk `i >>> SHIFT`). */
  private readonly offsets: Int32Array[];
  /** How many records. */
  private count = 0;
  /** How many of the records are in `known`. */
  private indexed = 0;
  /** Spans already computed, by recorded index (few: a Map, not an array as long as the records). */
  private readonly made = new Map<number, Span>();
  /** Where `statementOffsets` searches for the next statement's root record first. */
  private cursor = 0;
  /** The record `set` made for each node it was given (the parser gives each statement's span so): a statement's last record. */
  private given: Map<Node, number> | null = null;

  /**
   * `expected`: about how many records the table will hold (parseInPieces gives three quarters
   * of a piece's token count), so that its first chunk is made at about that length once, not
   * doubled up to it.
   */
  constructor(
    private readonly lines: LineIndex,
    expected = FIRST,
  ) {
    super();
    let first = FIRST;
    while (first < expected && first < CHUNK) first *= 2;
    if (spare !== null && spare.nodes.length >= first) {
      this.nodes = [spare.nodes];
      this.offsets = [spare.offsets];
      spare = null;
    } else {
      this.nodes = [new Array<Node>(first)];
      this.offsets = [new Int32Array(2 * first)];
    }
  }

  /**
   * Hand this table's first chunk to the next table made, which then records into it: this one
   * is not read again (parseInPieces, once a piece is printed; its lists are emptied, so a
   * misuse fails and cannot write into the next table's). Made anew per piece, with its
   * doublings, the chunks cost format 5-7% (60 and 600 statements of the bench corpus): a typed
   * array's storage is allocated outside V8's heap.
   */
  release(): void {
    const nodes = this.nodes[0] as Node[];
    nodes.fill(undefined as unknown as Node, 0, Math.min(this.count, nodes.length));
    spare = { nodes, offsets: this.offsets[0] as Int32Array };
    this.nodes.length = 0;
    this.offsets.length = 0;
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
    const i = this.count++;
    const k = i & MASK;
    let nodes = this.nodes[i >>> SHIFT];
    let offsets = this.offsets[i >>> SHIFT];
    if (nodes === undefined || offsets === undefined) {
      nodes = new Array<Node>(CHUNK);
      offsets = new Int32Array(2 * CHUNK);
      this.nodes.push(nodes);
      this.offsets.push(offsets);
    } else if (k === nodes.length) {
      // The first chunk, full below CHUNK: doubled.
      const grown = new Array<Node>(2 * k);
      for (let j = 0; j < k; j++) grown[j] = nodes[j] as Node;
      const pairs = new Int32Array(4 * k);
      pairs.set(offsets);
      this.nodes[0] = nodes = grown;
      this.offsets[0] = offsets = pairs;
    }
    nodes[k] = node;
    offsets[2 * k] = start;
    offsets[2 * k + 1] = end;
  }

  /** The node of record `i`. */
  private nodeAt(i: number): Node {
    return (this.nodes[i >>> SHIFT] as Node[])[i & MASK] as Node;
  }

  /** The start offset of record `i`. */
  private startAt(i: number): number {
    return (this.offsets[i >>> SHIFT] as Int32Array)[2 * (i & MASK)] as number;
  }

  /** The end offset of record `i`. */
  private endAt(i: number): number {
    return (this.offsets[i >>> SHIFT] as Int32Array)[2 * (i & MASK) + 1] as number;
  }

  /** Node → index of its record, for every node recorded so far (the last record of a node wins). */
  private recorded(): Map<Node, number> {
    for (let i = this.indexed; i < this.count; i++) this.known.set(this.nodeAt(i), i);
    this.indexed = this.count;
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
    out.start = this.startAt(i);
    out.end = this.endAt(i);
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
    const range = this.rangeOf(root);
    if (range === null) return (node, out) => this.offsetsOf(node, out);
    const { first, last } = range;
    // A few lookups search the records (from the last: the last record of a node wins); many
    // build a lookup of them (`whole`).
    let own: ((node: Node, out: { start: number; end: number }) => boolean) | null = null;
    let budget = 2048;
    return (node, out) => {
      if (own !== null) return own(node, out);
      if (budget <= 0) {
        own = this.whole(first, last);
        return own(node, out);
      }
      budget -= last - first + 1;
      for (let k = last; k >= first; k--) {
        if (this.nodeAt(k) === node) {
          out.start = this.startAt(k);
          out.end = this.endAt(k);
          return true;
        }
      }
      return this.offsetsOf(node, out);
    };
  }

  /**
   * `statementOffsets` for a caller that asks for every node of the statement once, in the order
   * the parser recorded them: each node after its children, children in source order (comment
   * placement's walk of a statement, on leaving each node). Each answer is then the record at or
   * just after the previous answer's: no search of the statement's records per node, and no
   * lookup built. A node not there is looked up as `statementOffsets` does.
   *
   * `exact(asked, count)`, after the last node, with the nodes asked (the first `count` of
   * `asked`): false when one of them may have been recorded again further on (the last record of
   * a node wins, which a match in order cannot see), and the caller must ask again with
   * `statementOffsets`. The parser records each node once, when it is made (the statement node
   * twice in a row), so this is a safeguard.
   */
  statementInOrder(root: Node): {
    of(node: Node, out: { start: number; end: number }): boolean;
    exact(asked: readonly Node[], count: number): boolean;
  } {
    const range = this.rangeOf(root);
    if (range === null) return { of: (node, out) => this.offsetsOf(node, out), exact: () => true };
    const { first, last } = range;
    let next = first;
    let other: ((node: Node, out: { start: number; end: number }) => boolean) | null = null;
    /** Records passed over (another table's nodes, such as a field's key, or a node recorded twice). */
    let passed: Node[] | null = null;
    return {
      of: (node, out) => {
        for (let k = next; k <= last && k < next + WINDOW; k++) {
          if (this.nodeAt(k) !== node) continue;
          if (k > next) {
            passed ??= [];
            for (let j = next; j < k; j++) passed.push(this.nodeAt(j));
          }
          while (k < last && this.nodeAt(k + 1) === node) k++;
          next = k + 1;
          out.start = this.startAt(k);
          out.end = this.endAt(k);
          return true;
        }
        other ??= this.whole(first, last);
        return other(node, out);
      },
      exact: (asked, count) => {
        if (passed === null && next > last) return true;
        const seen = new Set(asked.slice(0, count));
        for (let k = next; k <= last; k++) if (seen.has(this.nodeAt(k))) return false;
        return passed === null || !passed.some((node) => seen.has(node));
      },
    };
  }

  // Records by index, for a caller that finds a node's by where it should be (comment
  // placement's descent from a statement's root toward an offset, which looks up a few nodes'
  // children only): in the parser's order a node's record follows its children's, its last
  // child's right before it, and each child's follows its previous sibling's subtree, whose
  // records end at or before the child starts.

  /**
   * The index of `node`'s record among those of the statement recorded last at `root` (the
   * node's last record, when it has more than one: the parser records a node again only right
   * after), looked for at `guess` first, then among at most `limit` records back from the
   * statement's last; -1 when the statement's records do not hold it, RECORD_NOT_SEARCHED when
   * the search stopped at `limit` (a caller that finds nodes a few at a time must not pay the
   * statement's size for each).
   */
  recordOf(node: Node, guess: number, root: number, limit: number): number {
    // A node is recorded while its statement parses: a record of it is among the statement's.
    if (guess >= 0 && guess <= root && this.nodeAt(guess) === node && (guess === root || this.nodeAt(guess + 1) !== node)) return guess;
    // Searched from the last: the last record of a node wins. (The statement's records are those
    // back from its last that start where it starts or after: see `firstRecord`.)
    const from = this.startAt(root);
    for (let k = root; k >= 0 && this.startAt(k) >= from; k--) {
      if (root - k >= limit) return RECORD_NOT_SEARCHED;
      if (this.nodeAt(k) === node) return k;
    }
    return -1;
  }

  /** Where the last child's record of the node recorded at `index` should be: right before the node's (a statement's is recorded twice in a row). */
  lastChildRecord(index: number): number {
    const node = this.nodeAt(index);
    let k = index;
    while (k > 0 && this.nodeAt(k - 1) === node) k--;
    return k - 1;
  }

  /**
   * The index of the last record before `below` that ends at or before `offset`, where the
   * records' ends ascend (before a node's record, its previous sibling's: a guess to check).
   */
  lastEndingBy(offset: number, below: number): number {
    // Back from `below` in growing steps, then halving: a few records looked at where the
    // subtree passed over is small (most are a leaf).
    let hi = Math.min(below, this.count);
    let lo = hi - 1;
    let step = 1;
    while (lo >= 0 && this.endAt(lo) > offset) {
      hi = lo;
      lo -= step;
      step *= 2;
    }
    lo = Math.max(lo, -1);
    // Here endAt(lo) <= offset (or lo is -1), and endAt(hi) > offset (or hi is where the search began).
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (this.endAt(mid) <= offset) lo = mid;
      else hi = mid;
    }
    return lo;
  }

  /** The start offset of the record at `index`. */
  recordStart(index: number): number {
    return this.startAt(index);
  }

  /** The end offset of the record at `index`. */
  recordEnd(index: number): number {
    return this.endAt(index);
  }

  /** A lookup of records first..last (the last record of a node wins), then `offsetsOf` for a node not among them. */
  private whole(first: number, last: number): (node: Node, out: { start: number; end: number }) => boolean {
    const own = new Map<Node, number>();
    for (let k = first; k <= last; k++) own.set(this.nodeAt(k), k);
    return (node, out) => {
      const i = own.get(node);
      if (i === undefined) return this.offsetsOf(node, out);
      out.start = this.startAt(i);
      out.end = this.endAt(i);
      return true;
    };
  }

  /**
   * The records of statement `root` (as the parser recorded it): from the first made while it
   * parsed through its own last (see `statementOffsets`); null when it has none.
   */
  private rangeOf(root: Node): { first: number; last: number } | null {
    const last = this.statementRecord(root);
    return last < 0 ? null : { first: this.firstRecord(last), last };
  }

  /** The index of statement `root`'s last record (as the parser recorded it), -1 when it has none. */
  statementRecord(root: Node): number {
    const count = this.count;
    // The root's record: the one `set` made for it (the parser gives each statement its span so),
    // else searched from where the previous statement's ended (in order, each record is passed
    // once), then back from there.
    let last = this.given?.get(root) ?? -1;
    if (last >= 0 && this.nodeAt(last) !== root) last = -1;
    for (let i = this.cursor; last < 0 && i < count; i++) {
      if (this.nodeAt(i) === root) {
        last = i;
        break;
      }
    }
    for (let i = Math.min(this.cursor, count - 1); last < 0 && i >= 0; i--) if (this.nodeAt(i) === root) last = i;
    if (last < 0) return -1;
    // A statement node is recorded when marked and again with the statement's span.
    while (last + 1 < count && this.nodeAt(last + 1) === root) last++;
    this.cursor = last + 1;
    return last;
  }

  /** The first record of the statement whose last is `last`: the first made while it parsed. */
  private firstRecord(last: number): number {
    const from = this.startAt(last);
    let first = last;
    while (first > 0 && this.startAt(first - 1) >= from) first--;
    return first;
  }

  override get(node: Node): Span | undefined {
    const i = this.recorded().get(node);
    if (i === undefined) return super.get(node);
    let span = this.made.get(i);
    if (span === undefined) {
      span = this.lines.span(this.startAt(i), this.endAt(i));
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
    this.made.set(this.count - 1, span);
    (this.given ??= new Map()).set(node, this.count - 1);
    return this;
  }

  override delete(node: Node): boolean {
    this.given?.delete(node);
    const recorded = this.recorded().delete(node);
    return super.delete(node) || recorded;
  }
}

/** How far past the previous answer `statementInOrder` looks for the next node's record (records of other tables between). */
const WINDOW = 8;

/** Records a chunk holds: 2^SHIFT (32 KB of node pointers and 32 KB of offsets, regular heap objects). */
const SHIFT = 12;
const CHUNK = 1 << SHIFT;
/** What `recordOf` returns when it stopped searching at its limit. */
export const RECORD_NOT_SEARCHED = -2;
const MASK = CHUNK - 1;
/** The first chunk's first length (a statement of a few dozen nodes allocates no more), doubled up to CHUNK. */
const FIRST = 64;

/** A first chunk `release` let go of, for the next table. */
let spare: { readonly nodes: Node[]; readonly offsets: Int32Array } | null = null;

/** True when the ascending list holds `value`. */
function holds(list: readonly number[], value: number): boolean {
  return list[lowerBound(list, value)] === value;
}
