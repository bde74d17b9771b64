/**
 * A small Wadler/Prettier-style document language. The printer describes text as docs;
 * `render` (render.ts) fits them to a width.
 *
 * - a string (or `verbatim`) prints as is; `verbatim` text (comments, string literals) is
 *   never trimmed at line ends;
 * - `group` prints its contents flat (every `line` a space, every `softline` nothing) when they
 *   fit in the rest of the line, otherwise broken (every `line`/`softline` directly in it a newline);
 * - `indent` adds one indentation level to the newlines inside it;
 * - `hardline` always breaks, and so breaks every group around it; `lineStart` breaks only
 *   when the current line already holds text;
 * - `lineSuffix` defers its contents to just before the next newline (trailing `--` comments).
 *
 * Every constructor records whether the doc holds a hard break, so break propagation needs no
 * pass over the tree (and no recursion).
 */

export type Doc = string | Verbatim | Concat | Group | Conditional | Fill | Indent | Line | LineSuffix | BreakParent;

export interface Verbatim {
  readonly type: 'verbatim';
  readonly text: string;
  /** A comment: printed after any pending line suffix, so comments keep their order. */
  readonly comment?: boolean;
  /** A `--` comment: nothing may follow it on its line (the renderer breaks before more text). */
  readonly endsLine?: boolean;
  /**
   * A comment that ends the line before what follows it: printed at the end of the current
   * line, or of the line before when the current one holds nothing yet, then a line break.
   */
  readonly hang?: boolean;
}
export interface Concat {
  readonly type: 'concat';
  readonly parts: readonly Doc[];
  readonly hard: boolean;
  /** Width printed flat; NaN when that needs a walk (a break, a line suffix, a line break in text). */
  readonly width: number;
}
export interface Group {
  readonly type: 'group';
  /** The contents: one doc, or (built from a list) `parts` printed in sequence. */
  readonly contents: Doc | undefined;
  readonly parts: readonly Doc[] | undefined;
  /** True when the group must print broken (it holds a hard break). */
  readonly hard: boolean;
  readonly width: number;
}
/**
 * Layouts to try in order when the first does not fit flat: the first whose first line fits
 * (printed broken) wins, else the last. (Prettier's conditionalGroup.)
 */
export interface Conditional {
  readonly type: 'conditional';
  readonly states: readonly Doc[];
  readonly hard: boolean;
  readonly width: number;
}
/**
 * Contents and separators, alternating (`[a, line, b, line, c]`), from `start`: each separator
 * breaks only when the next content does not fit on the line (Prettier's fill).
 */
export interface Fill {
  readonly type: 'fill';
  readonly parts: readonly Doc[];
  readonly start: number;
  readonly hard: boolean;
  readonly width: number;
}
export interface Indent {
  readonly type: 'indent';
  /** The contents: one doc, or (built from a list) `parts` printed in sequence. */
  readonly contents: Doc | undefined;
  readonly parts: readonly Doc[] | undefined;
  readonly hard: boolean;
  readonly width: number;
}
export interface Line {
  readonly type: 'line';
  readonly mode: 'line' | 'soft' | 'hard' | 'start';
}
export interface LineSuffix {
  readonly type: 'lineSuffix';
  readonly contents: Doc;
}
export interface BreakParent {
  readonly type: 'breakParent';
}


/**
 * Every object doc has the same fields in the same order (unused ones undefined), so the
 * renderer's property reads see one object shape and stay fast (monomorphic). They are made
 * from positional arguments: no options object to read fields from (most of them absent, which
 * is a slow lookup on every construction).
 */
function make<T extends Exclude<Doc, string>>(
  type: T['type'],
  parts: readonly Doc[] | undefined,
  contents: Doc | undefined,
  hard: boolean | undefined,
  width: number | undefined,
  start?: number,
  states?: readonly Doc[],
  text?: string,
  mode?: Line['mode'],
  comment?: boolean,
  endsLine?: boolean,
  hang?: boolean,
): T {
  return { type, parts, contents, states, start, text, mode, hard, width, comment, endsLine, hang } as unknown as T;
}

/** A fill of `parts` from `start` (render.ts: the rest of a fill as the renderer goes through it). */
export function fillNode(parts: readonly Doc[], start: number, hard: boolean, width: number): Fill {
  return make<Fill>('fill', parts, undefined, hard, width, start);
}

export const line: Line = Object.freeze(make<Line>('line', undefined, undefined, undefined, undefined, undefined, undefined, undefined, 'line'));
export const softline: Line = Object.freeze(make<Line>('line', undefined, undefined, undefined, undefined, undefined, undefined, undefined, 'soft'));
export const hardline: Line = Object.freeze(make<Line>('line', undefined, undefined, undefined, undefined, undefined, undefined, undefined, 'hard'));
/** A newline unless the current line is still empty (after indentation). */
export const lineStart: Line = Object.freeze(make<Line>('line', undefined, undefined, undefined, undefined, undefined, undefined, undefined, 'start'));
export const breakParent: BreakParent = Object.freeze(make<BreakParent>('breakParent', undefined, undefined, undefined, undefined));

/** True when the doc holds a hard break (so every group around it breaks). */
export function isHard(doc: Doc): boolean {
  if (typeof doc === 'string') return false;
  switch (doc.type) {
    case 'verbatim':
    case 'lineSuffix':
      return false;
    case 'breakParent':
      return true;
    case 'line':
      return doc.mode === 'hard' || doc.mode === 'start';
    default:
      return doc.hard;
  }
}

/** The width a doc prints flat, or NaN when only a walk can tell (see `Concat.width`). */
export function flatWidth(doc: Doc): number {
  if (typeof doc === 'string') return doc.indexOf('\n') < 0 ? doc.length : NaN;
  switch (doc.type) {
    case 'verbatim':
      return doc.text.indexOf('\n') < 0 ? doc.text.length : NaN;
    case 'line':
      return doc.mode === 'line' ? 1 : doc.mode === 'soft' ? 0 : NaN;
    case 'lineSuffix':
    case 'breakParent':
      return NaN;
    default:
      return doc.width;
  }
}

export function verbatim(text: string): Verbatim {
  return make<Verbatim>('verbatim', undefined, undefined, undefined, undefined, undefined, undefined, text);
}

/** A comment's text; a `--` comment ends its line. */
export function commentVerbatim(text: string, endsLine: boolean): Verbatim {
  return make<Verbatim>('verbatim', undefined, undefined, undefined, undefined, undefined, undefined, text, undefined, true, endsLine);
}

/** A comment that ends the line before the doc after it (see `Verbatim.hang`). */
export function hangingComment(text: string): Verbatim {
  return make<Verbatim>('verbatim', undefined, undefined, undefined, undefined, undefined, undefined, text, undefined, true, true, true);
}

export function concat(parts: readonly Doc[]): Doc {
  if (parts.length === 1) return parts[0] as Doc;
  let hard = false;
  let width = 0;
  for (const p of parts) {
    if (isHard(p)) hard = true;
    width += flatWidth(p);
  }
  return make<Concat>('concat', parts, undefined, hard, width);
}

/**
 * A list of parts is kept as the group's or indent's own `parts` (no concat object in between:
 * these are the printer's most frequent docs).
 */
function partsNode<T extends Group | Indent>(type: T['type'], contents: Doc | readonly Doc[]): T {
  if (Array.isArray(contents) && contents.length !== 1) {
    const parts = contents as readonly Doc[];
    let hard = false;
    let width = 0;
    for (const p of parts) {
      if (isHard(p)) hard = true;
      width += flatWidth(p);
    }
    return make<T>(type, parts, undefined, hard, width);
  }
  const c = Array.isArray(contents) ? (contents[0] as Doc) : (contents as Doc);
  return make<T>(type, undefined, c, isHard(c), flatWidth(c));
}

export function group(contents: Doc | readonly Doc[]): Group {
  return partsNode<Group>('group', contents);
}

export function conditional(states: readonly Doc[]): Conditional {
  const first = states[0] as Doc;
  return make<Conditional>('conditional', undefined, undefined, isHard(first), flatWidth(first), undefined, states);
}

export function fill(parts: readonly Doc[], start = 0): Fill {
  let hard = false;
  let width = 0;
  for (let i = start; i < parts.length; i++) {
    const p = parts[i] as Doc;
    if (isHard(p)) hard = true;
    width += flatWidth(p);
  }
  return make<Fill>('fill', parts, undefined, hard, width, start);
}

export function indent(contents: Doc | readonly Doc[]): Indent {
  return partsNode<Indent>('indent', contents);
}

export function lineSuffix(contents: Doc): LineSuffix {
  return make<LineSuffix>('lineSuffix', undefined, contents, undefined, undefined);
}

/** The items with `separator` between them. */
export function join(separator: Doc | readonly Doc[], items: readonly Doc[]): Doc[] {
  const sep = Array.isArray(separator) ? concat(separator as readonly Doc[]) : (separator as Doc);
  const out: Doc[] = [];
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out.push(sep);
    out.push(items[i] as Doc);
  }
  return out;
}
