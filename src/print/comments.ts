import type { Node, Statement } from '../ast/nodes.js';
import type { Spans } from '../ast/spans.js';
import { children } from '../ast/walk.js';
import type { Span } from '../diagnostic/span.js';
import type { Comment } from '../syntax/index.js';
import { breakParent, concat, hardline, lineStart, lineSuffix, verbatim, type Doc } from './doc/doc.js';

/** Where a comment goes relative to the node it is attached to. */
export type Placement = 'leading' | 'trailing' | 'dangling';

export interface Attached {
  readonly comment: Comment;
  readonly placement: Placement;
  /** A line break between the comment and what precedes it in the source. */
  readonly ownLine: boolean;
  /** A blank line between the comment and what follows it (leading) or precedes it (trailing). */
  readonly blank: boolean;
}

/**
 * Comments attached to nodes, as Prettier does: each comment goes to the innermost node
 * around it, then to the child just before it (trailing), the child just after it (leading),
 * or the node itself (dangling). Statements are the children of the document.
 */
export class CommentMap {
  private readonly byNode = new Map<Node, Attached[]>();
  private readonly printed = new Set<Comment>();
  /** List items preceded by a blank line in the source. */
  readonly blankBefore = new Set<Node>();

  constructor(
    readonly text: string,
    readonly comments: readonly Comment[],
    readonly statements: readonly { readonly node: Statement; readonly span: Span }[],
    readonly spans: Spans,
  ) {
    comments.forEach((c, i) => this.attach(c, i));
    for (const s of statements) this.findBlankLines(s.node);
  }

  has(node: Node): boolean {
    return this.byNode.has(node);
  }

  /** Comments that are in no statement when there is none: printed on their own. */
  get orphans(): readonly Comment[] {
    return this.statements.length === 0 ? this.comments : [];
  }

  /** Wrap a node's doc with its comments (and those of absorbed nodes), marking them printed. */
  decorate(node: Node, doc: Doc, absorbed: readonly Node[]): Doc {
    let list = this.byNode.get(node) ?? [];
    for (const a of absorbed) {
      const more = this.byNode.get(a);
      if (more) list = [...list, ...more];
    }
    const blank = this.blankBefore.has(node);
    if (list.length === 0) return blank ? concat([hardline, doc]) : doc;
    if (absorbed.length > 0) list = [...list].sort((x, y) => x.comment.span.start - y.comment.span.start);
    const before: Doc[] = blank ? [hardline] : [];
    const after: Doc[] = [];
    for (const a of list) {
      this.printed.add(a.comment);
      if (a.placement === 'leading') before.push(leadingDoc(a));
      else after.push(trailingDoc(a));
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
    let kids: { node: Node; span: Span }[] = this.statements.map((s) => ({ node: s.node, span: s.span }));
    for (;;) {
      const inside = kids.find((k) => k.span.start <= start && end <= k.span.end);
      if (!inside) break;
      enclosing = inside.node;
      kids = [];
      for (const child of children(inside.node)) {
        const span = this.spanOf(child);
        if (span) kids.push({ node: child, span });
      }
    }
    let preceding: { node: Node; span: Span } | null = null;
    let following: { node: Node; span: Span } | null = null;
    for (const k of kids) {
      if (k.span.end <= start && (preceding === null || k.span.end >= preceding.span.end)) preceding = k;
      if (k.span.start >= end && (following === null || k.span.start < following.span.start)) following = k;
    }
    const text = this.text;
    const ownLine = newlineBefore(text, start);
    const endOfLine = c.kind === 'line' || newlineAfter(text, end);
    const put = (node: Node, placement: Placement) => {
      const blank =
        placement === 'leading'
          ? blankLine(text, end, nextStart(this.comments, index, following?.span.start ?? end))
          : blankLine(text, prevEnd(this.comments, index, preceding?.span.end ?? start), start);
      const list = this.byNode.get(node) ?? [];
      list.push({ comment: c, placement, ownLine, blank });
      this.byNode.set(node, list);
    };
    if (ownLine) {
      if (following) put(following.node, 'leading');
      else if (preceding) put(preceding.node, 'trailing');
      else if (enclosing) put(enclosing, 'dangling');
    } else if (endOfLine) {
      if (preceding) put(preceding.node, 'trailing');
      else if (following) put(following.node, 'leading');
      else if (enclosing) put(enclosing, 'dangling');
    } else if (preceding && /^\s*$/.test(text.slice(preceding.span.end, start))) {
      put(preceding.node, 'trailing');
    } else if (following) put(following.node, 'leading');
    else if (preceding) put(preceding.node, 'trailing');
    else if (enclosing) put(enclosing, 'dangling');
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
          const firstComment = this.comments[firstAtOrAfter(this.comments, prev.end)];
          const stop = firstComment && firstComment.span.start < next.start ? firstComment.span.start : next.start;
          if (blankLine(this.text, prev.end, stop)) this.blankBefore.add(items[i] as Node);
        }
      }
      stack.push(...children(node));
    }
  }
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

function leadingDoc(a: Attached): Doc {
  const text = verbatim(commentText(a.comment));
  if (a.comment.kind === 'line' || a.ownLine) {
    return concat([lineStart, text, hardline, ...(a.blank ? [hardline] : [])]);
  }
  return concat([text, ' ']);
}

function trailingDoc(a: Attached): Doc {
  const text = verbatim(commentText(a.comment));
  if (a.ownLine) return concat([lineSuffix(concat([hardline, ...(a.blank ? [hardline] : []), text])), breakParent]);
  // No break forced: the renderer keeps text from following a pending line suffix on its line.
  if (a.comment.kind === 'line') return lineSuffix(concat([' ', text]));
  return concat([' ', text]);
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

/** Index of the first comment starting at or after `offset` (comments are in source order). */
function firstAtOrAfter(comments: readonly Comment[], offset: number): number {
  let lo = 0;
  let hi = comments.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((comments[mid] as Comment).span.start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
