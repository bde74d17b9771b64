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

export type Doc = string | Verbatim | Concat | Group | Conditional | Fill | Indent | Line | LineSuffix | BreakParent | Stream;

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
  /**
   * When above 0, the parts from this index on print one indentation level deeper (`hanging`:
   * `group([head, indent(rest)])` as one doc, no indent and list of its own).
   */
  readonly start: number;
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
  /** The layouts, in the order tried. */
  readonly parts: readonly Doc[];
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
/** The parts of a `stream`: how many, and part i (made again each time it is asked for). */
export interface StreamSource {
  readonly count: number;
  readonly part: (i: number) => Doc;
}
/**
 * `group(parts)` whose parts are made when the renderer (or its fit check) reaches them: a long
 * list (an AND chain of thousands of terms) keeps no doc per part alive until its statement
 * renders, each part's doc dies young once printed. Its parts may hold no hard break (the
 * printer streams only where no comment is placed: `hard` false), and its flat width is known
 * only by a walk (`width` NaN). With `start` above 0, the rest of such a group from part
 * `start` (render.ts: the renderer going through it), printed in the mode already chosen.
 */
export interface Stream {
  readonly type: 'stream';
  readonly contents: StreamSource;
  readonly parts: undefined;
  readonly start: number;
  readonly hard: false;
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
 * Docs come in two object shapes, each with its fields set in one constructor (so the
 * renderer's property reads see at most two shapes and stay fast): the structural docs, which
 * the printer makes by the thousand (concat, group, indent, fill, conditional: six fields), and
 * the others (verbatim text, line breaks, line suffixes: few, most of them constants). Positional
 * arguments: no options object to read fields from.
 */
function node<T extends Concat | Group | Indent | Fill | Conditional | Stream>(
  type: T['type'],
  parts: readonly Doc[] | undefined,
  contents: Doc | StreamSource | undefined,
  hard: boolean,
  width: number,
  start: number,
): T {
  return { type, parts, contents, hard, width, start } as unknown as T;
}

function other<T extends Verbatim | Line | LineSuffix | BreakParent>(
  type: T['type'],
  contents: Doc | undefined,
  text: string | undefined,
  mode: Line['mode'] | undefined,
  comment: boolean,
  endsLine: boolean,
  hang: boolean,
): T {
  return { type, contents, text, mode, comment, endsLine, hang } as unknown as T;
}

/** A group of `count` parts made on demand by `part(i)` (see `Stream`). */
export function stream(count: number, part: (i: number) => Doc): Stream {
  return node<Stream>('stream', undefined, { count, part }, false, NaN, 0);
}

/** The rest of a stream from part `start` (render.ts, fits.ts: no copy of its source). */
export function streamFrom(d: Stream, start: number): Stream {
  return node<Stream>('stream', undefined, d.contents, false, NaN, start);
}

/** A fill of `parts` from `start` (render.ts: the rest of a fill as the renderer goes through it). */
export function fillNode(parts: readonly Doc[], start: number, hard: boolean, width: number): Fill {
  return node<Fill>('fill', parts, undefined, hard, width, start);
}

export const line: Line = Object.freeze(other<Line>('line', undefined, undefined, 'line', false, false, false));
export const softline: Line = Object.freeze(other<Line>('line', undefined, undefined, 'soft', false, false, false));
export const hardline: Line = Object.freeze(other<Line>('line', undefined, undefined, 'hard', false, false, false));
/** A newline unless the current line is still empty (after indentation). */
export const lineStart: Line = Object.freeze(other<Line>('line', undefined, undefined, 'start', false, false, false));
export const breakParent: BreakParent = Object.freeze(other<BreakParent>('breakParent', undefined, undefined, undefined, false, false, false));

/** Whether the doc `measure` looked at last holds a hard break (so every group around it breaks). */
let measuredHard = false;

/**
 * The width a doc prints flat, or NaN when only a walk can tell (see `Concat.width`); and in
 * `measuredHard`, whether it holds a hard break. Both from one look at its type: the
 * constructors ask both of each part.
 */
function measure(doc: Doc): number {
  if (typeof doc === 'string') {
    measuredHard = false;
    return doc.indexOf('\n') < 0 ? doc.length : NaN;
  }
  switch (doc.type) {
    case 'verbatim':
      measuredHard = false;
      return doc.text.indexOf('\n') < 0 ? doc.text.length : NaN;
    case 'line':
      measuredHard = doc.mode === 'hard' || doc.mode === 'start';
      return doc.mode === 'line' ? 1 : doc.mode === 'soft' ? 0 : NaN;
    case 'lineSuffix':
      measuredHard = false;
      return NaN;
    case 'breakParent':
      measuredHard = true;
      return NaN;
    default:
      measuredHard = doc.hard;
      return doc.width;
  }
}

/** True when the doc holds a hard break (so every group around it breaks). */
export function isHard(doc: Doc): boolean {
  measure(doc);
  return measuredHard;
}

/** The width a doc prints flat, or NaN when only a walk can tell (see `Concat.width`). */
export function flatWidth(doc: Doc): number {
  return measure(doc);
}

export function verbatim(text: string): Verbatim {
  return other<Verbatim>('verbatim', undefined, text, undefined, false, false, false);
}

/** A comment's text; a `--` comment ends its line. */
export function commentVerbatim(text: string, endsLine: boolean): Verbatim {
  return other<Verbatim>('verbatim', undefined, text, undefined, true, endsLine, false);
}

/** A comment that ends the line before the doc after it (see `Verbatim.hang`). */
export function hangingComment(text: string): Verbatim {
  return other<Verbatim>('verbatim', undefined, text, undefined, true, true, true);
}

export function concat(parts: readonly Doc[]): Doc {
  if (parts.length === 1) return parts[0] as Doc;
  let hard = false;
  let width = 0;
  for (const p of parts) {
    width += measure(p);
    if (measuredHard) hard = true;
  }
  return node<Concat>('concat', parts, undefined, hard, width, 0);
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
      width += measure(p);
      if (measuredHard) hard = true;
    }
    return node<T>(type, parts, undefined, hard, width, 0);
  }
  const c = Array.isArray(contents) ? (contents[0] as Doc) : (contents as Doc);
  const width = measure(c);
  return node<T>(type, undefined, c, measuredHard, width, 0);
}

export function group(contents: Doc | readonly Doc[]): Group {
  return partsNode<Group>('group', contents);
}

/**
 * `group([...parts before from, indent([...parts from from on])])` as one doc (see
 * `Group.start`): the printer's most frequent shape (`a = b`, `WHERE cond`, `x AS y`).
 * `from` at least 1 and below `parts.length`.
 */
export function hanging(parts: readonly Doc[], from: number): Group {
  let hard = false;
  let width = 0;
  for (let i = 0; i < parts.length; i++) {
    width += measure(parts[i] as Doc);
    if (measuredHard) hard = true;
  }
  return node<Group>('group', parts, undefined, hard, width, from);
}

export function conditional(states: readonly Doc[]): Conditional {
  const width = measure(states[0] as Doc);
  return node<Conditional>('conditional', states, undefined, measuredHard, width, 0);
}

export function fill(parts: readonly Doc[], start = 0): Fill {
  let hard = false;
  let width = 0;
  for (let i = start; i < parts.length; i++) {
    width += measure(parts[i] as Doc);
    if (measuredHard) hard = true;
  }
  return node<Fill>('fill', parts, undefined, hard, width, start);
}

export function indent(contents: Doc | readonly Doc[]): Indent {
  return partsNode<Indent>('indent', contents);
}

export function lineSuffix(contents: Doc): LineSuffix {
  return other<LineSuffix>('lineSuffix', contents, undefined, undefined, false, false, false);
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
