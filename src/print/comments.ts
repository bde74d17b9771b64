import type { Node, Statement } from '../ast/nodes.js';
import type { Spans } from '../ast/spans.js';
import { children } from '../ast/walk.js';
import type { Span } from '../diagnostic/span.js';
import type { Comment } from '../syntax/index.js';
import { commentVerbatim, concat, hardline, lineStart, lineSuffix, type Doc } from './doc/doc.js';

/** Where a comment goes relative to the node it is attached to. */
export type Placement = 'leading' | 'trailing' | 'dangling';

export interface Attached {
  readonly comment: Comment;
  readonly placement: Placement;
  /** A line break between the comment and what precedes it in the source. */
  readonly ownLine: boolean;
  /** A blank line between the comment and what follows it (leading) or precedes it (trailing). */
  readonly blank: boolean;
  /** Nothing but white space after the comment on its (last) line. */
  readonly endsLine: boolean;
}

/**
 * Comments attached to nodes, as Prettier does: each comment goes to the innermost node
 * around it, then to the child just before it (trailing), the child just after it (leading),
 * or the node itself (dangling). Statements are the children of the document.
 */
export class CommentMap {
  private readonly byNode = new Map<Node, Attached[]>();
  private readonly printed = new Set<Comment>();
  private readonly kidsCache = new Map<Node, readonly Positioned[]>();
  /** Some comment was placed where a second run might read it differently. */
  unsettled = false;
  /** List items preceded by a blank line in the source. */
  readonly blankBefore = new Set<Node>();
  /**
   * The previous comment, when it was a `--` comment on its node's line: a comment trailing
   * that node or one around it prints after it, so on a line of its own.
   */
  private lastLineTrailing: { readonly index: number; readonly span: Span } | null = null;
  /** The node the previous comment was attached to as leading, if it was. */
  private lastLeading: Node | null = null;

  constructor(
    readonly text: string,
    readonly comments: readonly Comment[],
    readonly statements: readonly { readonly node: Statement; readonly span: Span }[],
    readonly spans: Spans,
  ) {
    comments.forEach((c, i) => this.attach(c, i));
    for (const s of statements) {
      // Most statements hold no blank line at all: then no list item can follow one.
      if (blankLine(text, s.span.start, s.span.end)) this.findBlankLines(s.node);
    }
    for (const node of this.byNode.keys()) this.marked.add(node);
    for (const node of this.blankBefore) this.marked.add(node);
  }

  /** Nothing to add to any node: no comment in a statement, no blank line between list items. */
  get isEmpty(): boolean {
    return this.byNode.size === 0 && this.blankBefore.size === 0;
  }

  /** True when the node prints with more than itself: comments, or a blank line before it. */
  has(node: Node): boolean {
    return this.marked.has(node);
  }

  /** Every node with comments or a blank line before it: one lookup for the common "none". */
  private readonly marked = new Set<Node>();

  /** Comments that are in no statement when there is none: printed on their own. */
  get orphans(): readonly Comment[] {
    return this.statements.length === 0 ? this.comments : [];
  }

  /** Wrap a node's doc with its comments (and those of absorbed nodes), marking them printed. */
  decorate(node: Node, doc: Doc, absorbed: readonly Node[]): Doc {
    if (absorbed.length === 0 && !this.marked.has(node)) return doc;
    let list: readonly Attached[] = this.byNode.get(node) ?? NOTHING;
    for (const a of absorbed) {
      const more = this.byNode.get(a);
      if (more) list = [...list, ...more];
    }
    const blank = this.blankBefore.has(node);
    if (list.length === 0) return blank ? concat([hardline, doc]) : doc;
    if (absorbed.length > 0) list = [...list].sort((x, y) => x.comment.span.start - y.comment.span.start);
    const before: Doc[] = blank ? [hardline] : [];
    const after: Doc[] = [];
    const leading = list.filter((a) => a.placement === 'leading');
    // A leading comment is alone on its lines when it is a `--` comment, or a block comment
    // that began a line and is followed by a line break: at the end of its line in the source,
    // or before a comment that is itself alone.
    const alone: boolean[] = new Array<boolean>(leading.length);
    for (let i = leading.length - 1; i >= 0; i--) {
      const a = leading[i] as Attached;
      const nextAlone = i + 1 < leading.length && (alone[i + 1] as boolean);
      alone[i] = a.comment.kind === 'line' || nextAlone || (a.ownLine && a.endsLine);
    }
    leading.forEach((a, i) => before.push(leadingDoc(a, alone[i] as boolean)));
    for (const a of list) {
      this.printed.add(a.comment);
      if (a.placement !== 'leading') after.push(trailingDoc(a));
    }
    return concat([...before, doc, ...after]);
  }

  markPrinted(c: Comment): void {
    this.printed.add(c);
  }

  /** The comments not printed: a bug in the printer, never acceptable output. */
  unprinted(): Comment[] {
    return this.comments.filter((c) => !this.printed.has(c));
  }

  private spanOf(node: Node): Span | undefined {
    return this.spans.get(node);
  }

  private attach(c: Comment, index: number): void {
    const start = c.span.start;
    const end = c.span.end;
    let enclosing: Node | null = null;
    /** The nodes around the comment, outermost first. */
    const path: { node: Node; span: Span }[] = [];
    let kids: readonly Positioned[] = this.statementsAround(start);
    let preceding: Positioned | null = null;
    let following: Positioned | null = null;
    for (;;) {
      // Children are in source order and do not overlap: the last one starting at or before
      // the comment is the only one that can hold it, or else the one before it.
      const i = lastStartingAtOrBefore(kids, start);
      const at = kids[i];
      if (at && end <= at.span.end) {
        enclosing = at.node;
        path.push(at);
        kids = this.kidsOf(at.node);
        continue;
      }
      preceding = at ?? null;
      following = kids[i + 1] ?? null;
      break;
    }
    const text = this.text;
    const ownLine = newlineBefore(text, start);
    const endOfLine = c.kind === 'line' || newlineAfter(text, end);
    const put = (target: Node, wanted: Placement) => {
      let node = target;
      let placement = wanted;
      let own = ownLine;
      let next = following;
      if (wanted === 'dangling') {
        // Printed after the node, on its line, so the next run sees it after the outermost
        // node that ends there: attach it to that one now, so formatting twice changes nothing.
        placement = 'trailing';
        own = false;
        let i = path.length - 1;
        while (i > 0 && (path[i - 1] as { span: Span }).span.end === (path[i] as { span: Span }).span.end) i--;
        node = (path[i] as { node: Node }).node;
        next = this.nextSibling(path, i);
      }
      const lineBefore = this.lastLineTrailing;
      const nodeSpan = this.spanOf(node);
      const afterLineComment =
        lineBefore !== null &&
        lineBefore.index === index - 1 &&
        nodeSpan !== undefined &&
        lineBefore.span.start >= nodeSpan.start &&
        lineBefore.span.end <= nodeSpan.end;
      if (placement === 'trailing' && !own && afterLineComment) {
        // After a `--` comment on the node's line this one prints on a line of its own, where
        // the next run attaches it to what follows.
        own = true;
        if (next) {
          node = next.node;
          placement = 'leading';
        }
      }
      if (placement === 'trailing' && next && this.lastLeading === next.node) {
        // The comment before this one already leads the next node: follow it, keeping the order.
        node = next.node;
        placement = 'leading';
        own = true;
      }
      if (placement === 'trailing' && !own && c.kind === 'line' && nodeSpan) this.lastLineTrailing = { index, span: nodeSpan };
      this.lastLeading = placement === 'leading' ? node : null;
      const blank =
        placement === 'leading'
          ? blankLine(text, end, nextStart(this.comments, index, next?.span.start ?? end))
          : blankLine(text, prevEnd(this.comments, index, preceding?.span.end ?? start), start);
      const endsLine = newlineAfter(text, end);
      // The placements a second run reads back the same way; any other may move once.
      const settled =
        wanted !== 'dangling' &&
        node === target &&
        (placement === 'leading'
          ? own && (c.kind === 'line' || endsLine)
          : !own && (c.kind === 'line' ? endsLine : !endsLine));
      if (!settled) this.unsettled = true;
      const list = this.byNode.get(node) ?? [];
      list.push({ comment: c, placement, ownLine: own, blank, endsLine });
      this.byNode.set(node, list);
    };
    if (enclosing === null && preceding && this.onlyCommentsBetween(index, preceding.span.end, start)) {
      // Between a statement and its `;`: the comment stays with that statement.
      put(preceding.node, 'trailing');
    } else if (ownLine) {
      if (following) put(following.node, 'leading');
      else if (preceding) put(preceding.node, 'trailing');
      else if (enclosing) put(enclosing, 'dangling');
    } else if (endOfLine) {
      if (preceding) put(preceding.node, 'trailing');
      else if (following) put(following.node, 'leading');
      else if (enclosing) put(enclosing, 'dangling');
    } else if (preceding && this.onlyCommentsBetween(index, preceding.span.end, start)) {
      put(preceding.node, 'trailing');
    } else if (following) put(following.node, 'leading');
    else if (preceding) put(preceding.node, 'trailing');
    else if (enclosing) put(enclosing, 'dangling');
  }

  /** True when the text between two offsets before comments[index] is white space and comments. */
  private onlyCommentsBetween(index: number, from: number, to: number): boolean {
    let rest = to;
    for (let k = index - 1; k >= 0; k--) {
      const c = this.comments[k] as Comment;
      if (c.span.end <= from) break;
      if (!/^\s*$/.test(this.text.slice(c.span.end, rest))) return false;
      rest = c.span.start;
    }
    return /^\s*$/.test(this.text.slice(from, rest));
  }

    /**
   * The statements that can hold or neighbour a comment at `offset`: the last one starting
   * before it and the first one after that (binary search: statements are in order).
   */
  private statementsAround(offset: number): { node: Node; span: Span }[] {
    const list = this.statements;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((list[mid] as { span: Span }).span.start <= offset) lo = mid + 1;
      else hi = mid;
    }
    const out: { node: Node; span: Span }[] = [];
    for (const i of [lo - 1, lo]) {
      const st = list[i];
      if (st) out.push({ node: st.node, span: st.span });
    }
    return out;
  }

  /** A node's children with their spans, in source order (computed once per node). */
  private kidsOf(node: Node): readonly Positioned[] {
    let kids = this.kidsCache.get(node);
    if (!kids) {
      const list: Positioned[] = [];
      for (const child of children(node)) {
        const span = this.spanOf(child);
        if (span) list.push({ node: child, span });
      }
      list.sort((a, b) => a.span.start - b.span.start);
      kids = list;
      this.kidsCache.set(node, kids);
    }
    return kids;
  }

  /** The node after path[i] in its parent (or the statement after it). */
  private nextSibling(path: readonly { node: Node; span: Span }[], i: number): { node: Node; span: Span } | null {
    const self = path[i] as { node: Node; span: Span };
    const siblings: readonly Positioned[] =
      i === 0 ? this.statementsAround(self.span.end) : this.kidsOf((path[i - 1] as { node: Node }).node);
    let best: { node: Node; span: Span } | null = null;
    for (const sib of siblings) {
      if (sib.span.start >= self.span.end && (best === null || sib.span.start < best.span.start)) best = sib;
    }
    return best;
  }

  /** Mark list items preceded by a blank line (before their leading comments). */
  private findBlankLines(root: Node): void {
    const stack: Node[] = [root];
    for (;;) {
      const node = stack.pop();
      if (node === undefined) return;
      for (const items of listsOf(node)) {
        for (let i = 1; i < items.length; i++) {
          const prev = this.spanOf(items[i - 1] as Node);
          const next = this.spanOf(items[i] as Node);
          if (!prev || !next) continue;
          // The white space right before the item's first leading comment (or the item): the
          // printer puts the blank line there, where the next run finds it again.
          const lead = this.byNode.get(items[i] as Node)?.find((a) => a.placement === 'leading');
          const stop = lead ? lead.comment.span.start : next.start;
          let from = stop;
          while (from > prev.end && /\s/.test(this.text.charAt(from - 1))) from--;
          if (blankLine(this.text, from, stop)) this.blankBefore.add(items[i] as Node);
        }
      }
      stack.push(...children(node));
    }
  }
}

const NOTHING: readonly Attached[] = Object.freeze([]);

interface Positioned {
  readonly node: Node;
  readonly span: Span;
}

/** Index of the last item starting at or before `offset` (-1 when none). */
function lastStartingAtOrBefore(items: readonly Positioned[], offset: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((items[mid] as Positioned).span.start <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** The lists whose items keep a blank line between them. */
function listsOf(node: Node): (readonly Node[])[] {
  switch (node.kind) {
    case 'select':
      return [node.columns === 'all' ? [] : node.columns, node.group, node.order];
    case 'function':
      return [node.args];
    case 'in':
      return [node.values];
    case 'spec_array':
      return [node.items];
    case 'case':
      return [node.cases];
    default:
      return [];
  }
}

function commentDoc(c: Comment): Doc {
  return commentVerbatim(commentText(c), c.kind === 'line');
}

function leadingDoc(a: Attached, alone: boolean): Doc {
  const text = commentDoc(a.comment);
  if (alone) {
    return concat([lineStart, text, hardline, ...(a.blank ? [hardline] : [])]);
  }
  return concat([text, ' ']);
}

function trailingDoc(a: Attached): Doc {
  const text = commentDoc(a.comment);
  // On a line of its own right after the node (not deferred: the next run must find it there).
  if (a.ownLine) return concat([hardline, ...(a.blank ? [hardline] : []), text]);
  // No break forced: the renderer keeps text from following a pending line suffix on its line.
  if (a.comment.kind === 'line') return lineSuffix(concat([' ', text]));
  return commentVerbatim(` ${commentText(a.comment)}`, false);
}

/** A comment's text with CRLF line ends made LF. */
export function commentText(c: Comment): string {
  return c.text.includes('\r') ? c.text.replace(/\r\n?/g, '\n') : c.text;
}

function newlineBefore(text: string, offset: number): boolean {
  for (let i = offset - 1; i >= 0; i--) {
    const ch = text.charCodeAt(i);
    if (ch === 10 || ch === 13) return true;
    if (ch !== 32 && ch !== 9 && ch !== 0xfeff) return false;
  }
  return true;
}

function newlineAfter(text: string, offset: number): boolean {
  for (let i = offset; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10 || ch === 13) return true;
    if (ch !== 32 && ch !== 9) return false;
  }
  return true;
}

/** A line holding only white space between two offsets. */
function blankLine(text: string, from: number, to: number): boolean {
  return /\n[ \t]*\r?\n/.test(text.slice(from, to).replace(/\r\n?/g, '\n'));
}

/** Where the comment after comments[i] starts, if before `limit`. */
function nextStart(comments: readonly Comment[], i: number, limit: number): number {
  const next = comments[i + 1];
  return next && next.span.start < limit ? next.span.start : limit;
}

/** Where the comment before comments[i] ends, if after `limit`. */
function prevEnd(comments: readonly Comment[], i: number, limit: number): number {
  const prev = comments[i - 1];
  return prev && prev.span.end > limit ? prev.span.end : limit;
}

