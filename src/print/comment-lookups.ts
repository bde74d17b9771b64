import type { Node } from '../ast/nodes.js';
import type { Spans } from '../ast/spans.js';
import { stackChildren } from '../ast/walk.js';
import { RECORD_NOT_SEARCHED, SourceSpans } from '../syntax/source-spans.js';
import { StatementTree } from './comment-tree.js';

/**
 * Comment placement's lookups in one statement's tree (StatementTree's), answered where they
 * can be by descending from the statement's root toward an offset, and by building the whole
 * StatementTree otherwise (the first time a lookup needs it).
 *
 * The commonest comment inside a statement follows a node's end on its line
 * (`t.status /* c *\/ FROM`): placing it asks for the outermost node ending there, and that
 * node's span, parent and depth. A descent visits the nodes holding the offset and their
 * children (a dozen nodes, a few lookups of offsets each) where the tree visits every node of
 * the statement (35 in the format bench's, 6 us with its indexes: as long as parsing it).
 *
 * A descent answers only when the tree certainly gives the same answer: every child it meets
 * has offsets, nested in its parent's, at most one of them holding the offset, none starting
 * or ending empty at it. Then the nodes ending (starting) there are the nested chain it walks,
 * and the first it meets is the outermost, the one StatementTree's order gives. Anything else
 * (a lookup it cannot answer, a node it has not met) asks the whole tree.
 *
 * A child's offsets are read from the record where the parser's order puts it
 * (SourceSpans.recordOf and the lookups beside it), searched for when it is not there. Such a record is the
 * node's last, the one StatementTree reads, as long as the parser records a node again only
 * right after its record (the statement node; test/print/comment-lookups.test.ts holds the
 * parser to that).
 */
export class StatementLookups {
  private tree: StatementTree | null = null;
  /** The table's record of the statement (SourceSpans' index; -1: none, or another table), found on the first descent. */
  private statement = -1;
  /** The nodes descents met on their way, the root first. */
  private readonly met: Met[] = [];
  /** The last descent's question and answer. */
  private lastOffset = -1;
  private lastStarting = false;
  private lastFound: Node | undefined | typeof UNKNOWN = undefined;
  /** The children a statement's descents may still read before its whole tree is built (see DESCENT_BUDGET). */
  private budget = DESCENT_BUDGET;

  constructor(
    private readonly root: Node,
    private readonly spans: Spans,
  ) {}

  /** The whole tree, built on the first lookup a descent does not answer. */
  private full(): StatementTree {
    this.tree ??= new StatementTree(this.root, this.spans);
    return this.tree;
  }

  /** The outermost node starting at `offset`, if any. */
  startingAt(offset: number): Node | undefined {
    if (this.tree !== null) return this.tree.startingAt(offset);
    const found = this.descend(offset, true);
    return found === UNKNOWN ? this.full().startingAt(offset) : found;
  }

  /** The outermost node ending at `offset`, if any. */
  endingAt(offset: number): Node | undefined {
    if (this.tree !== null) return this.tree.endingAt(offset);
    const found = this.descend(offset, false);
    return found === UNKNOWN ? this.full().endingAt(offset) : found;
  }

  /** The child of `node` that ends where it ends, if any. */
  lastChildEnding(node: Node): Node | undefined {
    return this.full().lastChildEnding(node);
  }

  parentOf(node: Node): Node | undefined {
    const m = this.metAs(node);
    return m === undefined ? this.full().parentOf(node) : m.parent?.node;
  }

  depthOf(node: Node): number {
    return this.metAs(node)?.depth ?? this.full().depthOf(node);
  }

  spanOf(node: Node): { readonly start: number; readonly end: number } | undefined {
    const m = this.metAs(node);
    return m === undefined ? this.full().spanOf(node) : { start: m.start, end: m.end };
  }

  /** The outermost node starting first at or after `from` and before `limit`. */
  firstStartIn(from: number, limit: number): Node | undefined {
    return this.full().firstStartIn(from, limit);
  }

  /** The outermost node ending last at or before `to` and after `limit`. */
  lastEndIn(to: number, limit: number): Node | undefined {
    return this.full().lastEndIn(to, limit);
  }

  /** The innermost node whose span holds `[from, to)` strictly inside (start < from, to < end). */
  innermostAround(from: number, to: number): Node | undefined {
    return this.full().innermostAround(from, to);
  }

  /** What a descent met of `node` (none once the tree is built: it answers). */
  private metAs(node: Node): Met | undefined {
    if (this.tree !== null) return undefined;
    for (const m of this.met) if (m.node === node) return m;
    return undefined;
  }

  /**
   * The outermost node starting (`starting`) or ending at `offset`, found from the root down
   * through the nodes holding the character there (after it when starting, before it when
   * ending); UNKNOWN when the tree's answer could differ (see the class).
   */
  private descend(offset: number, starting: boolean): Node | undefined | typeof UNKNOWN {
    // Placing a comment asks for the node ending where it found one (`attach`): the last answer again.
    if (offset === this.lastOffset && starting === this.lastStarting) return this.lastFound;
    const found = this.search(offset, starting);
    this.lastOffset = offset;
    this.lastStarting = starting;
    this.lastFound = found;
    return found;
  }

  private search(offset: number, starting: boolean): Node | undefined | typeof UNKNOWN {
    if (this.met.length === 0 && !this.meetRoot()) return UNKNOWN;
    const spans = this.spans;
    const table = spans instanceof SourceSpans && this.statement >= 0 ? spans : null;
    // The character the nodes hold: at `offset` for a start, before it for an end.
    const at = starting ? offset : offset - 1;
    let m = this.met[0] as Met;
    if (!(m.start <= at && at < m.end)) {
      // Outside the root, or at an edge where an empty node may start or end.
      return m.start > offset || m.end < offset ? undefined : UNKNOWN;
    }
    for (;;) {
      if ((starting ? m.start : m.end) === offset) return m.node;
      const top = stackChildren(m.node, KIDS, 0);
      // A deep tree (an AND chain of thousands of conditions is as deep) or many comments: the
      // whole tree, built once, answers in O(log n) per lookup where descents would cost O(depth).
      this.budget -= top + 1;
      if (this.budget < 0) return clear(top, UNKNOWN);
      let next: Met | undefined;
      // The last child first: its record is right before its parent's, each earlier one's before its next sibling's subtree.
      let guess = m.record < 0 || table === null ? -1 : table.lastChildRecord(m.record);
      for (let k = 0; k < top; k++) {
        const kid = KIDS[k] as Node;
        const record = this.offsetsOf(kid, guess);
        if (record === UNKNOWN) return clear(top, UNKNOWN);
        const { start, end } = AT;
        if (start < m.start || end > m.end) return clear(top, UNKNOWN);
        if (start <= at && at < end) {
          if (next !== undefined) return clear(top, UNKNOWN);
          next = this.meet(kid, m, start, end, record);
        } else if (start === offset || end === offset) {
          // Starting or ending at the offset without holding the character: an empty node, or
          // one touching the node that holds it (`a+b`); a node inside may be empty there.
          return clear(top, UNKNOWN);
        }
        guess = record < 0 || table === null ? -1 : table.lastEndingBy(start, record);
      }
      clear(top, null);
      if (next === undefined) return undefined;
      m = next;
    }
  }

  /** Record the root among the nodes met: false when it has no offsets. */
  private meetRoot(): boolean {
    const spans = this.spans;
    this.statement = spans instanceof SourceSpans ? spans.statementRecord(this.root) : -1;
    const record = this.offsetsOf(this.root, this.statement);
    if (record === UNKNOWN) return false;
    this.meet(this.root, null, AT.start, AT.end, record);
    return true;
  }

  /**
   * A node's offsets into AT, as StatementTree finds them (the statement's records, else the
   * table's lookup), and the index of its record among the statement's (-1: none); UNKNOWN when
   * it has no offsets.
   */
  private offsetsOf(node: Node, guess: number): number | typeof UNKNOWN {
    const spans = this.spans;
    if (spans instanceof SourceSpans) {
      const record = this.statement < 0 ? -1 : spans.recordOf(node, guess, this.statement, DESCENT_BUDGET);
      if (record === RECORD_NOT_SEARCHED) return UNKNOWN;
      if (record < 0) return spans.offsetsOf(node, AT) ? -1 : UNKNOWN;
      AT.start = spans.recordStart(record);
      AT.end = spans.recordEnd(record);
      return record;
    }
    const span = spans.get(node);
    if (span === undefined) return UNKNOWN;
    AT.start = span.start;
    AT.end = span.end;
    return -1;
  }

  /** What a descent met of `node` (child of `parent`), recorded if new. */
  private meet(node: Node, parent: Met | null, start: number, end: number, record: number): Met {
    for (const m of this.met) if (m.node === node) return m;
    const m: Met = { node, start, end, depth: parent === null ? 0 : parent.depth + 1, parent, record };
    this.met.push(m);
    return m;
  }
}

/** A node a descent met: its offsets, depth, parent, and the index of its record in the table (-1: none). */
interface Met {
  readonly node: Node;
  readonly start: number;
  readonly end: number;
  readonly depth: number;
  readonly parent: Met | null;
  readonly record: number;
}

/**
 * How many children one statement's descents read in all before they give way to the whole tree
 * (and how many nodes they meet at most: `meet` and `metAs` search that list), and how many of
 * its records one search for a node's record may read. A statement of the bench corpus needs a
 * few dozen; without a bound, a 8,000-condition AND chain with a comment per condition took 127 s
 * (a descent per comment, each as deep as the chain) against 0.6 s.
 */
const DESCENT_BUDGET = 256;

/** What `descend` returns when only the whole tree can answer. */
const UNKNOWN: unique symbol = Symbol('unknown');

/** The children of the node a descent is at (shared: descents do not nest). */
const KIDS: Node[] = [];
const AT = { start: 0, end: 0 };

/** Let go of the children stacked (the list is shared), returning `result`. */
function clear<T>(top: number, result: T): T {
  KIDS.fill(undefined as unknown as Node, 0, top);
  return result;
}
