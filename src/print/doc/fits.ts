import { flatWidth, streamFrom, type Doc } from './doc.js';
import { firstLine, mayFollowComment } from './first-line.js';

/**
 * The renderer's fit check (render.ts): whether a doc, flat, and the rest of its line fit in the
 * remaining width; and the command stack the renderer and the check share.
 */

/** The docs the fit check may summarise by their first line. */
const STRUCTURAL: ReadonlySet<string> = new Set(['concat', 'group', 'indent', 'conditional', 'fill']);

export const BREAK = 0;
export const FLAT = 1;
export type Mode = typeof BREAK | typeof FLAT;

/**
 * A stack of (indentation, mode, doc) commands kept in parallel arrays: no allocation per push.
 * Indexed by `length` (the arrays are never truncated: setting an array's length to 0 drops its
 * storage, and each render would grow it again from nothing).
 */
export class CommandStack {
  readonly ind: number[] = [];
  readonly mode: Mode[] = [];
  readonly doc: Doc[] = [];
  length = 0;
  push(ind: number, mode: Mode, doc: Doc): void {
    const n = this.length++;
    this.ind[n] = ind;
    this.mode[n] = mode;
    this.doc[n] = doc;
  }
  /** Drop the top command (read it first from `ind`, `mode`, `doc` at `length - 1`). */
  drop(): void {
    // The slot no longer holds the doc alive.
    this.doc[--this.length] = EMPTY_TEXT;
  }
  clear(): void {
    for (let i = 0; i < this.length; i++) this.doc[i] = EMPTY_TEXT;
    this.length = 0;
  }
  /** Empty, and drop the storage too (as long as the longest render's stack: render.ts `releaseRender`). */
  release(): void {
    this.length = 0;
    this.ind.length = 0;
    this.mode.length = 0;
    this.doc.length = 0;
  }
}

const EMPTY_TEXT: Doc = '';

/** An empty rest of the line (fits checks of one part alone). */
export const EMPTY = new CommandStack();

const fitsStack: Doc[] = [];
const fitsModes: Mode[] = [];

/** Let go of the docs the stacks still hold (render.ts `releaseRender`). */
export function releaseFits(): void {
  fitsStack.length = 0;
  fitsModes.length = 0;
}

/**
 * Whether `contents` (flat), followed by the rest of the line from `rest`, fits in
 * `remaining` columns. Stops at the first newline the rest would print, or as soon as the
 * width is used up.
 */
export function fits(contents: Doc, rest: CommandStack, remaining: number, pendingSuffix: boolean, start: Mode = FLAT): boolean {
  let rem = remaining;
  // Text after a line suffix (a trailing `--` comment) does not fit when breaking this group
  // would put a line break between them; text glued to the comment's node (no break possible
  // in between) is no reason to break.
  let suffix = pendingSuffix;
  let lineAfterSuffix = false;
  /** A line suffix met in `contents` itself. */
  let suffixInside = false;
  let lineEnded = false;
  let own = true;
  let restIndex = rest.length;
  // The stack arrays are shared by every call and indexed by `top` (never truncated: setting
  // an array's length to 0 drops its storage, and each call would grow it again).
  const docs = fitsStack;
  const modes = fitsModes;
  let top = 0;
  docs[top] = contents;
  modes[top++] = start;
  for (;;) {
    let d: Doc;
    let mode: Mode;
    if (top === 0) {
      if (restIndex === 0 || lineEnded) return true;
      own = false;
      restIndex--;
      d = rest.doc[restIndex] as Doc;
      mode = rest.mode[restIndex] as Mode;
    } else {
      top--;
      d = docs[top] as Doc;
      mode = modes[top] as Mode;
    }
    if (mode === BREAK && typeof d !== 'string' && STRUCTURAL.has(d.type) && !(own && start === FLAT)) {
      // Printed broken: what it prints up to its first line break is known (remembered per
      // doc), no walk down to its first token (a chain of IN lists nests this check).
      const p = firstLine(d);
      if (own && p.longComment) return false;
      if (suffix && lineAfterSuffix && p.text) return false;
      if (own && ((suffixInside && p.words) || p.wordsAfterSuffix)) return false;
      rem -= p.width;
      if (rem < 0) return false;
      if (p.broke) return true;
      if (p.suffix) {
        suffix = true;
        if (own) suffixInside = true;
      }
      continue;
    }
    if (mode === FLAT && !suffix) {
      // Known flat width: no need to walk the parts.
      const w = flatWidth(d);
      if (w === w) {
        rem -= w;
        if (rem < 0) return false;
        continue;
      }
    }
    if (typeof d === 'string' || d.type === 'verbatim') {
      const text = typeof d === 'string' ? d : d.text;
      // After the contents, text that cannot follow a pending `--` comment goes to the next line
      // (the renderer ends the comment's line before it): this line ends here.
      if (!own && suffix && !mayFollowComment(text)) return true;
      if (suffix && lineAfterSuffix && text.length > 0) return false;
      // Text after a pending `--` comment would end its line: no flat layout keeps them together.
      if (suffixInside && own && !mayFollowComment(text)) return false;
      // A comment of several lines in the contents: they do not print flat.
      if (own && typeof d !== 'string' && d.comment === true && text.indexOf('\n') >= 0) return false;
      // A hanging comment ends its line.
      if (typeof d !== 'string' && d.hang === true) return rem - text.length - 1 >= 0;
      const nl = text.indexOf('\n');
      rem -= nl < 0 ? text.length : nl;
      if (rem < 0) return false;
      if (nl >= 0) {
        if (!own || start !== FLAT) return true;
        // A line break inside text (a string of several lines): the first line fits; the rest of
        // the contents is only checked for text after a `--` comment.
        rem = Infinity;
        lineEnded = true;
      }
      continue;
    }
    switch (d.type) {
      case 'concat':
        for (let i = d.parts.length - 1; i >= 0; i--) {
          docs[top] = d.parts[i] as Doc;
          modes[top++] = mode;
        }
        break;
      case 'indent':
      case 'group': {
        const m = d.type === 'group' && d.hard ? BREAK : mode;
        const parts = d.parts;
        if (parts === undefined) {
          docs[top] = d.contents as Doc;
          modes[top++] = m;
        } else {
          for (let i = parts.length - 1; i >= 0; i--) {
            docs[top] = parts[i] as Doc;
            modes[top++] = m;
          }
        }
        break;
      }
      case 'conditional':
        docs[top] = d.parts[0] as Doc;
        modes[top++] = d.hard ? BREAK : mode;
        break;
      case 'fill':
        for (let i = d.parts.length - 1; i >= d.start; i--) {
          docs[top] = d.parts[i] as Doc;
          modes[top++] = mode;
        }
        break;
      case 'stream':
        // Its parts as they are made (a group's, never hard: see `Stream`); walked until the
        // width is used up or a line breaks.
        if (d.start >= d.contents.count) break;
        if (d.start + 1 < d.contents.count) {
          docs[top] = streamFrom(d, d.start + 1);
          modes[top++] = mode;
        }
        docs[top] = d.contents.part(d.start);
        modes[top++] = mode;
        break;
      case 'lineSuffix':
        suffix = true;
        if (own) suffixInside = true;
        break;
      case 'breakParent':
        break;
      case 'line':
        if (mode === BREAK || d.mode === 'hard' || d.mode === 'start') return true;
        if (suffix && own) lineAfterSuffix = true;
        if (d.mode === 'line') {
          rem -= 1;
          if (rem < 0) return false;
        }
        break;
    }
  }
}
