import type { Comment } from '../syntax/index.js';
import { breakParent, commentVerbatim, concat, hangingComment, hardline, lineStart, lineSuffix, type Doc } from './doc/doc.js';

/**
 * How a comment prints next to the node it is attached to:
 * - leading `inline`: `/* c *\/ node` (at the start of its line when `lineStart`);
 * - leading `alone`: on its own line(s) before the node;
 * - leading `hanging`: at the end of the line before the node (after a keyword, `(` or a
 *   comment), the node on the next line;
 * - trailing `inline`: right after the node on its line (` /* c *\/`, or ` -- c` at the line end);
 * - trailing `ownLine`: on a line of its own after the node.
 */
export type Style = 'inline' | 'alone' | 'hanging' | 'ownLine';

export interface Attached {
  readonly comment: Comment;
  readonly leading: boolean;
  readonly style: Style;
  /** Leading inline: the comment began its line in the source, so it still does. */
  readonly lineStart: boolean;
  /** A blank line after the comment (leading alone or hanging) or before it (trailing on its own line). */
  readonly blank: boolean;
  /**
   * Outside the parentheses the node gets: trailing, written after a `)` that closed the node;
   * leading, written before the `(` the printer puts around a GROUP BY number (`termNeedsParens`).
   */
  readonly outside: boolean;
}

/** A comment outside every statement's tokens, printed by the formatter around the statement. */
export interface StatementComment {
  readonly comment: Comment;
  /** Code (or the `;`) before it on its line. */
  readonly sameLine: boolean;
  /** Nothing but white space before it on its line. */
  readonly first: boolean;
  readonly endsLine: boolean;
  /** A blank line before it (tail) or after it (head). */
  readonly blank: boolean;
}

/**
 * True when a comment can still follow a node with these comments on its last line (no comment
 * ends that line), inside or after the parentheses it may get.
 */
export function canTrail(list: readonly Attached[] | undefined, outside: boolean): boolean {
  return list === undefined || !list.some((a) => !a.leading && (a.outside || !outside) && (a.style === 'ownLine' || a.comment.kind === 'line'));
}

/**
 * True when the last of these comments trailing a node (inside or after the parentheses it may
 * get) is a `--` comment: it ends the line a next comment would follow on. (A block comment on a
 * line of its own does not: a comment after it there stays after it, `/* a *\/ -- b`.)
 */
export function endsWithLineComment(list: readonly Attached[] | undefined, outside: boolean): boolean {
  for (let i = (list?.length ?? 0) - 1; i >= 0; i--) {
    const a = (list as readonly Attached[])[i] as Attached;
    if (!a.leading && (a.outside || !outside)) return a.comment.kind === 'line';
  }
  return false;
}

function commentDoc(c: Comment): Doc {
  return commentVerbatim(commentText(c), c.kind === 'line');
}

/**
 * The docs of the leading comments outside the node's parentheses or not (`outside`). Comments on
 * one line before a hanging comment hang with it (`AND /* a *\/ -- b` keeps both after the AND).
 */
export function leadingDocs(list: readonly Attached[], out: Doc[], outside: boolean): void {
  /** Block comments on the line so far, which hang with a hanging comment after them. */
  let line: Attached[] = [];
  const flush = () => {
    for (const a of line) out.push(leadingDoc(a));
    line = [];
  };
  for (const a of list) {
    if (!a.leading || a.outside !== outside) continue;
    if (a.style === 'hanging') {
      const text = [...line, a].map((x) => commentText(x.comment)).join(' ');
      line = [];
      out.push(hangingComment(text), breakParent, ...(a.blank ? [hardline] : []));
    } else if (a.style === 'inline' && !a.lineStart) {
      line.push(a);
    } else {
      flush();
      out.push(leadingDoc(a));
    }
  }
  flush();
}

function leadingDoc(a: Attached): Doc {
  switch (a.style) {
    case 'alone':
      return concat([lineStart, commentDoc(a.comment), hardline, ...(a.blank ? [hardline] : [])]);
    case 'hanging':
      return concat([hangingComment(commentText(a.comment)), breakParent]);
    default:
      // Inline with what follows, wherever the layout puts it (a comment that began a line
      // forces no break: the next run would not know which break put it there).
      return concat([commentDoc(a.comment), ' ']);
  }
}

export function trailingDoc(a: Attached): Doc {
  if (a.style === 'ownLine') return concat([hardline, ...(a.blank ? [hardline] : []), commentDoc(a.comment)]);
  // At the end of the line: the renderer keeps all but closing punctuation off the comment's line.
  if (a.comment.kind === 'line') return lineSuffix(concat([' ', commentDoc(a.comment)]));
  return commentVerbatim(` ${commentText(a.comment)}`, false);
}

/** A comment's text with CRLF line ends made LF. */
export function commentText(c: Comment): string {
  return c.text.includes('\r') ? c.text.replace(/\r\n?/g, '\n') : c.text;
}

/** A comment after a statement's last token, before its `;`. */
export function tailDoc(c: StatementComment): Doc {
  const text = commentText(c.comment);
  if (c.first && !c.sameLine) return concat([hardline, ...(c.blank ? [hardline] : []), commentVerbatim(text, c.comment.kind === 'line')]);
  if (c.comment.kind === 'line') return lineSuffix(concat([' ', commentVerbatim(text, true)]));
  return commentVerbatim(` ${text}`, false);
}
