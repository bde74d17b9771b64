import type { Node } from '../ast/nodes.js';
import type { Spans } from '../ast/spans.js';
import { stackChildren } from '../ast/walk.js';
import { SourceSpans, type StatementRecords } from '../syntax/source-spans.js';
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
 * (SourceSpans.statementRecords), searched for when it is not there. Such a record is the
 * node's last, the one StatementTree reads, as long as the parser records a node again only
 * right after its record (the statement node; test/print/comment-lookups.test.ts holds the
 * parser to that).
 */
export class StatementLookups {
  private tree: StatementTree | null = null;
  /** The statement's records in the parser's table (found on the first descent; null: none, or another table). */
  private statement: StatementRecords | null = null;
  /** The nodes descents met on their way, with their offsets, depth, parent's index (-1: none) and record's index (-1: none). */
  private readonly met: Node[] = [];
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  private readonly depths: number[] = [];
  private readonly parents: number[] = [];
  private readonly records: number[] = [];
  /** The last descent's question and answer. */
  private lastOffset = -1;
  private lastStarting = false;
  private lastFound: Node | undefined | typeof UNKNOWN = undefined;

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
    const i = this.tree === null ? this.met.indexOf(node) : -1;
    if (i < 0) return this.full().parentOf(node);
    const p = this.parents[i] as number;
    return p < 0 ? undefined : this.met[p];
  }

  depthOf(node: Node): number {
    const i = this.tree === null ? this.met.indexOf(node) : -1;
    return i < 0 ? this.full().depthOf(node) : (this.depths[i] as number);
  }

  spanOf(node: Node): { readonly start: number; readonly end: number } | undefined {
    const i = this.tree === null ? this.met.indexOf(node) : -1;
    return i < 0 ? this.full().spanOf(node) : { start: this.starts[i] as number, end: this.ends[i] as number };
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
    // The character the nodes hold: at `offset` for a start, before it for an end.
    const at = starting ? offset : offset - 1;
    let i = 0;
    if (!((this.starts[0] as number) <= at && at < (this.ends[0] as number))) {
      // Outside the root, or at an edge where an empty node may start or end.
      return (this.starts[0] as number) > offset || (this.ends[0] as number) < offset ? undefined : UNKNOWN;
    }
    for (;;) {
      if ((starting ? this.starts[i] : this.ends[i]) === offset) return this.met[i];
      const top = stackChildren(this.met[i] as Node, KIDS, 0);
      let next = -1;
      // The last child first: its record is right before its parent's, each earlier one's before its next sibling's subtree.
      const record = this.records[i] as number;
      let guess = record < 0 || this.statement === null ? -1 : this.statement.lastChildAt(record);
      for (let k = 0; k < top; k++) {
        const kid = KIDS[k] as Node;
        const record = this.offsetsOf(kid, guess);
        if (record === UNKNOWN) return this.clear(top, UNKNOWN);
        const { start, end } = AT;
        if (start < (this.starts[i] as number) || end > (this.ends[i] as number)) return this.clear(top, UNKNOWN);
        if (start <= at && at < end) {
          if (next >= 0) return this.clear(top, UNKNOWN);
          next = this.meet(kid, i, start, end, record);
        } else if (start === offset || end === offset) {
          // Starting or ending at the offset without holding the character: an empty node, or
          // one touching the node that holds it (`a+b`); a node inside may be empty there.
          return this.clear(top, UNKNOWN);
        }
        guess = record < 0 || this.statement === null ? -1 : this.statement.lastEndingBy(start, record);
      }
      this.clear(top, null);
      if (next < 0) return undefined;
      i = next;
    }
  }

  /** Record the root among the nodes met: false when it has no offsets. */
  private meetRoot(): boolean {
    const spans = this.spans;
    this.statement = spans instanceof SourceSpans ? spans.statementRecords(this.root) : null;
    const record = this.offsetsOf(this.root, this.statement === null ? -1 : this.statement.root);
    if (record === UNKNOWN) return false;
    this.meet(this.root, -1, AT.start, AT.end, record);
    return true;
  }

  /**
   * A node's offsets into AT, as StatementTree finds them (the statement's records, else the
   * table's lookup), and the index of its record among the statement's (-1: none); UNKNOWN when
   * it has no offsets.
   */
  private offsetsOf(node: Node, guess: number): number | typeof UNKNOWN {
    const records = this.statement;
    const record = records === null ? -1 : records.indexOf(node, guess);
    if (record >= 0) {
      AT.start = (records as StatementRecords).start(record);
      AT.end = (records as StatementRecords).end(record);
      return record;
    }
    const spans = this.spans;
    if (spans instanceof SourceSpans) return spans.offsetsOf(node, AT) ? -1 : UNKNOWN;
    const span = spans.get(node);
    if (span === undefined) return UNKNOWN;
    AT.start = span.start;
    AT.end = span.end;
    return -1;
  }

  /** The index of `node` (child of node `parent`) among the nodes met, recorded if new. */
  private meet(node: Node, parent: number, start: number, end: number, record: number): number {
    const known = this.met.indexOf(node);
    if (known >= 0) return known;
    this.met.push(node);
    this.starts.push(start);
    this.ends.push(end);
    this.parents.push(parent);
    this.depths.push(parent < 0 ? 0 : (this.depths[parent] as number) + 1);
    this.records.push(record);
    return this.met.length - 1;
  }

  /** Let go of the children stacked (the list is shared), returning `result`. */
  private clear<T>(top: number, result: T): T {
    KIDS.fill(undefined as unknown as Node, 0, top);
    return result;
  }
}

/** What `descend` returns when only the whole tree can answer. */
const UNKNOWN: unique symbol = Symbol('unknown');

/** The children of the node a descent is at (shared: descents do not nest). */
const KIDS: Node[] = [];
const AT = { start: 0, end: 0 };
