import type { Span } from '../diagnostic/span.js';
import type { Comment } from '../syntax/index.js';

/**
 * Where a comment stands among the tokens of the text, found from the text itself (comments
 * are skipped by their spans): the end of the token before it, the start of the token after
 * it, and how it sits on its lines. Comments in one gap between two tokens share the search.
 */
export interface Gap {
  /** End offset of the token before the comment (-1: none). */
  readonly prevEnd: number;
  /** Start offset of the token after the comment (the text's length: none). */
  readonly nextStart: number;
}

export interface Position extends Gap {
  /** The token before is on the comment's (first) line: code precedes it there. */
  readonly sameLine: boolean;
  /** Nothing but white space before the comment on its line. */
  readonly first: boolean;
  /** Nothing but white space after the comment on its (last) line (always so for `--`). */
  readonly endsLine: boolean;
}

export class CommentScanner {
  private lastGap: Gap | null = null;
  private lastIndex = -2;

  constructor(
    private readonly text: string,
    private readonly comments: readonly Comment[],
  ) {}

  /** The position of comments[i] (call in ascending order of i for the shared-gap shortcut). */
  position(i: number): Position {
    const c = this.comments[i] as Comment;
    const text = this.text;
    let gap: Gap;
    const prev = this.comments[i - 1];
    if (this.lastGap !== null && this.lastIndex === i - 1 && prev !== undefined && isSpace(text, prev.span.end, c.span.start)) {
      gap = this.lastGap;
    } else {
      gap = { prevEnd: this.tokenEndBefore(c.span.start, i - 1), nextStart: this.tokenStartAfter(c.span.end, i + 1) };
    }
    this.lastGap = gap;
    this.lastIndex = i;
    return {
      prevEnd: gap.prevEnd,
      nextStart: gap.nextStart,
      sameLine: gap.prevEnd >= 0 && !this.newlineBetween(gap.prevEnd, i),
      first: startsLine(text, c.span.start),
      endsLine: c.kind === 'line' || endsLine(text, c.span.end),
    };
  }

  /**
   * True when a line break separates the token ending at `from` from comments[i], not counting
   * breaks inside the comments in between (a trailing comment after a comment of several lines
   * that follows code is still on that code's line run).
   */
  private newlineBetween(from: number, i: number): boolean {
    let to = (this.comments[i] as Comment).span.start;
    for (let j = i - 1; j >= 0; j--) {
      const c = this.comments[j] as Comment;
      if (c.span.end <= from) break;
      if (hasNewline(this.text, c.span.end, to)) return true;
      to = c.span.start;
    }
    return hasNewline(this.text, from, to);
  }

  /** The end of the token before `offset`, skipping white space and comments (from comments[k] down). */
  tokenEndBefore(offset: number, k: number): number {
    const text = this.text;
    let pos = offset;
    let j = k;
    for (;;) {
      while (pos > 0 && isWhite(text.charCodeAt(pos - 1))) pos--;
      if (pos === 0) return -1;
      // Comments before j end at or before pos: step over the one ending right here.
      while (j >= 0 && (this.comments[j] as Comment).span.end > pos) j--;
      const c = this.comments[j];
      if (c !== undefined && c.span.end === pos) {
        pos = c.span.start;
        j--;
        continue;
      }
      return pos;
    }
  }

  /** The start of the token after `offset`, skipping white space and comments (from comments[k] up). */
  tokenStartAfter(offset: number, k: number): number {
    const text = this.text;
    let pos = offset;
    let j = k;
    for (;;) {
      while (pos < text.length && isWhite(text.charCodeAt(pos))) pos++;
      if (pos >= text.length) return text.length;
      while (j < this.comments.length && (this.comments[j] as Comment).span.start < pos) j++;
      const c = this.comments[j];
      if (c !== undefined && c.span.start === pos) {
        pos = c.span.end;
        j++;
        continue;
      }
      return pos;
    }
  }

  /** The index of the last comment ending at or before `offset` (-1: none). */
  commentBefore(offset: number): number {
    let lo = 0;
    let hi = this.comments.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.comments[mid] as Comment).span.end <= offset) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }
}

function isWhite(ch: number): boolean {
  return ch === 32 || ch === 9 || ch === 10 || ch === 13 || ch === 0xfeff || ch === 12 || ch === 11;
}

function isSpace(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isWhite(text.charCodeAt(i))) return false;
  return true;
}

export function hasNewline(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10 || ch === 13) return true;
  }
  return false;
}

function startsLine(text: string, offset: number): boolean {
  for (let i = offset - 1; i >= 0; i--) {
    const ch = text.charCodeAt(i);
    if (ch === 10 || ch === 13) return true;
    if (ch !== 32 && ch !== 9 && ch !== 0xfeff) return false;
  }
  return true;
}

function endsLine(text: string, offset: number): boolean {
  for (let i = offset; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10 || ch === 13) return true;
    if (ch !== 32 && ch !== 9) return false;
  }
  return true;
}

/** A line holding only white space between two offsets. */
export function blankLine(text: string, from: number, to: number): boolean {
  let newlines = 0;
  for (let i = from; i < to; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10) newlines++;
    else if (ch === 13) {
      newlines++;
      if (text.charCodeAt(i + 1) === 10) i++;
    } else if (ch !== 32 && ch !== 9) newlines = 0;
    if (newlines >= 2) return true;
  }
  return false;
}

/**
 * Where the text holds a blank line: the start and end offset of each (as `blankLine` finds
 * them: from a line break through the first character of the next one, only spaces and tabs
 * between; `\r\n` is one break), ascending. The breaks are found by the engine's own search
 * (`indexOf`), so a text without a blank line (most are) costs a loop in JavaScript per line,
 * not per character: about 4x faster than one search by a regular expression. Only those
 * inside [from, to) when given.
 */
export function blankLines(text: string, from = 0, to = text.length): number[] {
  // Searched in the range alone (a slice shares the text's characters): a piece of a text
  // (parseInPieces) must not search past its end.
  const part = from === 0 && to >= text.length ? text : text.slice(from, to);
  const out: number[] = [];
  const length = part.length;
  let lf = part.indexOf('\n');
  let cr = part.indexOf('\r');
  while (lf >= 0 || cr >= 0) {
    const at = cr < 0 || (lf >= 0 && lf < cr) ? lf : cr;
    let next = at + 1;
    if (at === cr && part.charCodeAt(next) === 10) next++;
    while (next < length && (part.charCodeAt(next) === 32 || part.charCodeAt(next) === 9)) next++;
    const ch = part.charCodeAt(next);
    // The second break may start the next blank line (three breaks in a row): searched from it.
    if (ch === 10 || ch === 13) out.push(from + at, from + next + 1);
    else next = at + 1;
    if (lf >= 0 && lf < next) lf = part.indexOf('\n', next);
    if (cr >= 0 && cr < next) cr = part.indexOf('\r', next);
  }
  return out;
}

/** Whether one of the blank lines (`blankLines`: start and end offsets, ascending) lies within `[from, to)`. */
export function holdsBlankLine(blanks: readonly number[], from: number, to: number): boolean {
  let lo = 0;
  let hi = blanks.length >> 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((blanks[2 * mid] as number) < from) lo = mid + 1;
    else hi = mid;
  }
  return lo < blanks.length >> 1 && (blanks[2 * lo + 1] as number) <= to;
}

/** Where the comment before comments[i] ends, if after `limit`. */
export function commentEndBefore(comments: readonly Comment[], i: number, limit: number): number {
  const prev = comments[i - 1];
  return prev && prev.span.end > limit ? prev.span.end : limit;
}

/** Where the comment after comments[i] starts, if before `limit`. */
export function commentStartAfter(comments: readonly Comment[], i: number, limit: number): number {
  const next = comments[i + 1];
  return next && next.span.start < limit ? next.span.start : limit;
}

/** Index of the last statement starting at or before `offset` (-1 when none). */
export function lastStartingAtOrBefore(items: readonly { readonly span: Span }[], offset: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((items[mid] as { span: Span }).span.start <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * True when the comment before comments[i] is a `--` comment at the end of a line of code with
 * only `,` between (`firsts[j]`: comments[j] began its line): the printer keeps the `,` before
 * that comment, so this one starts a line.
 */
export function afterLineComment(text: string, comments: readonly Comment[], firsts: readonly boolean[], i: number): boolean {
  const prev = comments[i - 1];
  if (prev === undefined || prev.kind !== 'line' || firsts[i - 1] === true) return false;
  const c = comments[i] as Comment;
  for (let k = prev.span.end; k < c.span.start; k++) {
    if (!/[\s,]/.test(text.charAt(k))) return false;
  }
  return true;
}
