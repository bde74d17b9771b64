import { concat, fillNode, flatWidth, streamFrom, type Doc, type Fill, type Group, type Indent, type Stream } from './doc.js';
import { mayFollowComment } from './first-line.js';
import { BREAK, CommandStack, EMPTY, FLAT, fits, releaseFits, type Mode } from './fits.js';

export interface RenderOptions {
  /** Line width the renderer fits groups into. */
  readonly width: number;
  /** Columns per indentation level. */
  readonly indent: number;
  /** Indent with one tab per level (each counting `indent` columns toward the width) instead of spaces. */
  readonly useTabs?: boolean;
}

/** What the renderer reports about the text it made. */
export interface RenderStats {
  /** The text ends with a `--` comment (so a `;` after it needs a line of its own). */
  endsWithLineComment: boolean;
  /** The text ends with a comment. */
  endsWithComment: boolean;
}

const spaces: string[] = [''];
/** A line break and the indentation of `ind` columns: spaces, or with `tabStep` a tab per `tabStep` columns (then spaces for the rest). */
function newlineText(ind: number, tabStep: number): string {
  if (tabStep > 0 && ind > 0) return `\n${'\t'.repeat(Math.floor(ind / tabStep))}${' '.repeat(ind % tabStep)}`;
  while (spaces.length <= ind) spaces.push(`\n${' '.repeat(spaces.length)}`);
  return ind === 0 ? '\n' : (spaces[ind] as string);
}

/**
 * Render a doc to text (lines joined by `\n`, no trailing white space on any line except
 * inside verbatim text). Iterative, with an explicit command stack, so docs of any depth and
 * length render without recursion; each `fits` check stops as soon as the remaining width is
 * used up, so rendering is linear in the output size for a fixed width. `endTrimmed`: without
 * the line breaks at the end of the text (a formatted statement).
 */
export function render(doc: Doc, options: RenderOptions, stats?: RenderStats, endTrimmed = false): string {
  width = options.width;
  step = options.indent;
  tabStep = options.useTabs === true ? step : 0;
  // Pathologically deep nesting would otherwise indent quadratically much text: past half the
  // width, deeper levels stay at the same column.
  maxIndent = Math.max(step, Math.floor(width / 2));
  n = 0;
  chunks = null;
  keep = 0;
  pos = 0;
  lineHasText = false;
  mustBreak = false;
  mustBreakIndent = 0;
  lineComment = false;
  comment = false;
  previousLineComment = false;
  previousLineText = false;
  try {
    cmds.push(0, BREAK, doc);
    return run(stats, endTrimmed);
  } finally {
    cmds.clear();
    suffixes.clear();
  }
}

/** How many pieces of text the renderer holds before it joins them (see `newline`). */
const CHUNK = 4096;

/*
 * The renderer's state, set up by each `render` (there is one render at a time: nothing it
 * calls renders), in the module and not in closures over a call's variables: a render of a
 * statement allocates no function or context of its own.
 */
let width = 80;
let step = 2;
let tabStep = 0;
let maxIndent = 40;
/** The commands, and the line suffixes pending (kept between renders: their storage stays). */
const cmds = new CommandStack();
const suffixes = new CommandStack();
/**
 * The pieces of text, filled to `n` (kept between renders: an array emptied by setting its
 * length to 0 loses its storage, and grows again from nothing).
 */
const out: string[] = [];
let n = 0;
/** The text before `out`'s, joined (see `newline`), once there is any. */
let chunks: string[] | null = null;
/** Pieces of `out` before this index hold verbatim text and are never trimmed. */
let keep = 0;
let pos = 0;
let lineHasText = false;
/** Set after a `--` comment: more text on the line would be commented out. */
let mustBreak = false;
let mustBreakIndent = 0;
/** The last text written is a `--` comment (nothing may follow it on its line). */
let lineComment = false;
/** The last text written is a comment. */
let comment = false;
/** The line before the current one ended with a comment (a hanging comment does not join it). */
let previousLineComment = false;
/** The line before the current one holds text. */
let previousLineText = false;

/** `render`'s loop, its doc on the command stack. */
function run(stats: RenderStats | undefined, endTrimmed: boolean): string {
  for (;;) {
    if (cmds.length === 0) {
      if (suffixes.length === 0) break;
      flushSuffixes();
      continue;
    }
    const top = cmds.length - 1;
    const ind = cmds.ind[top] as number;
    const mode = cmds.mode[top] as Mode;
    const d = cmds.doc[top] as Doc;
    cmds.drop();
    if (typeof d === 'string') {
      if (suffixes.length > 0 && !mayFollowComment(d)) {
        // A pending `--` comment stays next to its node: it ends the line before this text.
        cmds.push(ind, mode, d);
        flushSuffixes();
        continue;
      }
      // Quoted names may hold line breaks.
      if (d.length > 0 && breakIfNeeded(d)) writeText(d, true);
      continue;
    }
    switch (d.type) {
      case 'verbatim':
        if (suffixes.length > 0 && (d.comment || !mayFollowComment(d.text))) {
          cmds.push(ind, mode, d);
          flushSuffixes();
          break;
        }
        if (d.hang) {
          hang(d.text, ind);
          break;
        }
        // A comment that a pending `--` comment pushes to the next line starts there at its own
        // indentation, as it does when written on a line of its own (the next run reads it so).
        if (d.comment === true && mustBreak && d.text.trim().length > 0) newline(ind);
        write(d.text, true);
        comment = d.comment === true;
        if (d.endsLine) {
          mustBreak = true;
          mustBreakIndent = ind;
          lineComment = true;
        }
        break;
      case 'concat':
        for (let i = d.parts.length - 1; i >= 0; i--) cmds.push(ind, mode, d.parts[i] as Doc);
        break;
      case 'indent':
        pushContents(cmds, Math.min(ind + step, maxIndent), mode, d);
        break;
      case 'group': {
        // fits(d) in FLAT mode measures the contents: the group is not hard in that branch.
        const m = d.hard ? BREAK : mode === FLAT ? FLAT : fits(d, cmds, width - pos, suffixes.length > 0) ? FLAT : BREAK;
        // Found to fit flat here, of a known width (no line suffix, no break, no line break in its
        // text), so every fill in it fits too: its text straight out, no command per part. (Not
        // in a flat parent: after a line break inside a string, a fill there may still break.)
        if (m === FLAT && mode === BREAK && d.width === d.width && suffixes.length === 0 && !mustBreak) {
          flat(d, ind);
          break;
        }
        if (d.start > 0) pushHanging(cmds, ind, Math.min(ind + step, maxIndent), m, d);
        else pushContents(cmds, ind, m, d);
        break;
      }
      case 'conditional': {
        const first = d.parts[0] as Doc;
        if (mode === FLAT && !d.hard) {
          cmds.push(ind, FLAT, first);
          break;
        }
        const pending = suffixes.length > 0;
        if (!d.hard && fits(first, cmds, width - pos, pending)) {
          // As a group found to fit (above): of a known width, its text straight out.
          if (!pending && !mustBreak && flatWidth(first) === flatWidth(first)) flat(first, ind);
          else cmds.push(ind, FLAT, first);
          break;
        }
        let chosen = d.parts[d.parts.length - 1] as Doc;
        for (let i = 0; i < d.parts.length - 1; i++) {
          const state = d.parts[i] as Doc;
          if (fits(state, cmds, width - pos, pending, BREAK)) {
            chosen = state;
            break;
          }
        }
        cmds.push(ind, BREAK, chosen);
        break;
      }
      case 'fill': {
        const { parts, start } = d;
        const content = parts[start];
        if (content === undefined) break;
        const rem = width - pos;
        const pending = suffixes.length > 0;
        const widthOf = (doc: Doc) => (pending ? NaN : flatWidth(doc));
        const w1 = widthOf(content);
        const contentFits = w1 === w1 ? w1 <= rem : fits(content, EMPTY, rem, pending);
        const separator = parts[start + 1];
        if (separator === undefined) {
          cmds.push(ind, contentFits ? FLAT : BREAK, content);
          break;
        }
        const next = parts[start + 2];
        if (next !== undefined) cmds.push(ind, mode, fillFrom(d, start + 2));
        const w3 = next === undefined ? NaN : w1 + widthOf(separator) + widthOf(next);
        const pairFits = next !== undefined && (w3 === w3 ? w3 <= rem : fits(concat([content, separator, next]), EMPTY, rem, pending));
        cmds.push(ind, pairFits ? FLAT : BREAK, separator);
        cmds.push(ind, contentFits ? FLAT : BREAK, content);
        break;
      }
      case 'stream': {
        // The group (start 0) chooses its mode as a group does; its rest goes on in that mode.
        const m = d.start > 0 || mode === FLAT ? mode : fits(d, cmds, width - pos, suffixes.length > 0) ? FLAT : BREAK;
        pushStreamPart(cmds, ind, m, d);
        break;
      }
      case 'lineSuffix':
        suffixes.push(ind, mode, d.contents);
        break;
      case 'breakParent':
        break;
      case 'line': {
        if (mode === FLAT && (d.mode === 'line' || d.mode === 'soft')) {
          if (d.mode === 'line' && !mustBreak) {
            out[n++] = ' ';
            pos += 1;
          }
          break;
        }
        if (suffixes.length > 0) {
          cmds.push(ind, mode, d);
          flushSuffixes();
          break;
        }
        if (d.mode === 'start' && !lineHasText) break;
        newline(ind);
        break;
      }
    }
  }
  trimEnd();
  if (stats) {
    stats.endsWithLineComment = lineComment;
    stats.endsWithComment = comment;
  }
  if (endTrimmed) n = trimNewlines(out, n);
  const last = joined(out, n);
  if (chunks === null) return last;
  chunks.push(last);
  if (endTrimmed) chunks.length = trimNewlines(chunks, chunks.length);
  return chunks.join('');
}

function newline(at: number): void {
  previousLineText = lineHasText;
  trimEnd();
  if (n >= CHUNK) {
    // Everything before this line break is final (trimmed, or kept verbatim): joined into a
    // chunk now. One join of a very long list costs about twice as much per character as
    // joins of shorter ones (a 50,000-term AND chain prints some 300,000 pieces).
    (chunks ??= []).push(joined(out, n));
    n = 0;
    keep = 0;
  }
  out[n++] = newlineText(at, tabStep);
  pos = at;
  lineHasText = false;
  mustBreak = false;
  previousLineComment = comment;
  lineComment = false;
}
function breakIfNeeded(text: string): boolean {
  if (!mustBreak) return true;
  if (/^[ \t]*$/.test(text)) return false;
  newline(mustBreakIndent);
  return true;
}

/**
 * A hanging comment: at the end of the current line, or of the previous one when the current
 * line holds nothing yet (the line break before the node is already written), then a break.
 */
function hang(text: string, ind: number): void {
  if (mustBreak) {
    newline(mustBreakIndent);
  } else if (!lineHasText && previousLineText && !previousLineComment && n > keep) {
    trimEnd();
    const last = out[n - 1] as string;
    if (last.charCodeAt(last.length - 1) === 10) {
      if (last.length === 1) n--;
      else out[n - 1] = last.slice(0, -1);
      trimEnd();
      lineHasText = true;
    }
  }
  if (lineHasText) trimEnd();
  out[n++] = lineHasText ? ` ${text}` : text;
  keep = n;
  lineComment = true;
  comment = true;
  newline(ind);
}

function write(whole: string, isVerbatim: boolean): void {
  if (whole.length === 0 || !breakIfNeeded(whole)) return;
  // At the start of a line, the space that separated a comment from what preceded it goes.
  const text = lineHasText ? whole : whole.replace(/^ +/, '');
  if (text.length === 0) return;
  out[n++] = text;
  pos = columnAfter(text, pos);
  lineHasText = true;
  lineComment = false;
  comment = false;
  if (isVerbatim) keep = n;
}

/**
 * A string of a doc, where it may go: not white space alone at the start of a line. `lines`:
 * it may hold a line break (else the column moves by its length).
 */
function writeText(d: string, lines: boolean): void {
  const text = hasText(d);
  if (!lineHasText && !text) return;
  out[n++] = d;
  pos = lines ? columnAfter(d, pos) : pos + d.length;
  lineHasText = true;
  if (text) {
    lineComment = false;
    comment = false;
  }
}

function trimEnd(): void {
  while (n > keep) {
    const last = out[n - 1] as string;
    let end = last.length;
    while (end > 0 && (last.charCodeAt(end - 1) === 32 || last.charCodeAt(end - 1) === 9)) end--;
    if (end === last.length) return;
    if (end === 0) {
      n--;
      continue;
    }
    out[n - 1] = last.slice(0, end);
    return;
  }
}

/**
 * Write a doc of a known flat width flat (see the group case): what the loop below does for
 * each of its parts in FLAT mode, without the command stack. A comment in it (which may end
 * its line) and everything after it go back to the command stack, to the loop.
 */
function flat(doc: Doc, at: number): void {
  const docs = flatDocs;
  const inds = flatInds;
  let top = 0;
  docs[top] = doc;
  inds[top++] = at;
  while (top > 0) {
    const d = docs[--top] as Doc;
    const ind = inds[top] as number;
    if (typeof d === 'string') {
      // No line break in it (the width is known).
      if (d.length > 0) writeText(d, false);
      continue;
    }
    switch (d.type) {
      case 'verbatim':
        if (d.comment === true) {
          // Back to the loop, in order: this comment first.
          for (let i = 0; i < top; i++) cmds.push(inds[i] as number, FLAT, docs[i] as Doc);
          cmds.push(ind, FLAT, d);
          for (let i = 0; i <= top; i++) docs[i] = EMPTY_DOC;
          return;
        }
        write(d.text, true);
        comment = false;
        break;
      case 'concat':
        for (let i = d.parts.length - 1; i >= 0; i--) {
          docs[top] = d.parts[i] as Doc;
          inds[top++] = ind;
        }
        break;
      case 'indent':
      case 'group': {
        const deeper = Math.min(ind + step, maxIndent);
        const parts = d.parts;
        if (parts === undefined) {
          docs[top] = d.contents as Doc;
          inds[top++] = d.type === 'indent' ? deeper : ind;
          break;
        }
        const from = d.type === 'indent' ? 0 : d.start > 0 ? d.start : parts.length;
        for (let i = parts.length - 1; i >= 0; i--) {
          docs[top] = parts[i] as Doc;
          inds[top++] = i >= from ? deeper : ind;
        }
        break;
      }
      case 'conditional':
        docs[top] = d.parts[0] as Doc;
        inds[top++] = ind;
        break;
      case 'fill':
        // All of it fits: every part flat.
        for (let i = d.parts.length - 1; i >= d.start; i--) {
          docs[top] = d.parts[i] as Doc;
          inds[top++] = ind;
        }
        break;
      case 'line':
        if (d.mode === 'line') {
          out[n++] = ' ';
          pos += 1;
        }
        break;
      default:
        // A known width holds no line suffix nor break parent.
        break;
    }
  }
}

function flushSuffixes(): void {
  for (let i = suffixes.length - 1; i >= 0; i--) {
    cmds.push(suffixes.ind[i] as number, suffixes.mode[i] as Mode, suffixes.doc[i] as Doc);
  }
  suffixes.clear();
}

/** The stack of `flat` in `run` (indexed by its own top: never truncated). */
const flatDocs: Doc[] = [];
const flatInds: number[] = [];
const EMPTY_DOC: Doc = '';

/**
 * Let go of the text and docs of the renders so far, and of the lists' storage (the module's
 * lists keep it between renders: a statement's pieces and the `flat` stack still hold what the
 * last render put there, names that may hold the whole source text; the command stacks are as
 * long as the longest render's, 6 MB after a 400,000-node statement). Called once per
 * printing call (format, printDocument, print), not per statement: emptied lists lose their
 * storage and grow again.
 */
export function releaseRender(): void {
  out.length = 0;
  n = 0;
  chunks = null;
  flatDocs.length = 0;
  flatInds.length = 0;
  cmds.release();
  suffixes.release();
  releaseFits();
}

/** The first `n` pieces joined. */
function joined(out: string[], n: number): string {
  if (n > JOIN_BY_CONCAT) {
    // Shortening a list trims its storage in place (no copy); the rest stays for the next render.
    if (out.length !== n) out.length = n;
    return out.join('');
  }
  // A statement's few dozen pieces: concatenated, V8 makes a rope (a string of its parts, no
  // copy), copied out when the formatter joins its statements (format.ts `joinFrom`). A join of
  // so short a list cost about twice the concatenation (60 corpus statements: the joins took
  // 4.9% of format's profile, the concatenations 1.3%).
  let text = '';
  for (let i = 0; i < n; i++) text += out[i] as string;
  return text;
}

/** Pieces up to this many are concatenated (`joined`): a rope stays this shallow. */
const JOIN_BY_CONCAT = 256;

/**
 * The number of `pieces` (of the first `n`) left once the line breaks that end their text are
 * dropped; the last piece left is shortened in place. Only the pieces at the end are read, so
 * the text is never joined to find its last character.
 */
export function trimNewlines(pieces: string[], n: number): number {
  while (n > 0) {
    const last = pieces[n - 1] as string;
    let end = last.length;
    while (end > 0 && last.charCodeAt(end - 1) === 10) end--;
    if (end > 0) {
      if (end < last.length) pieces[n - 1] = last.slice(0, end);
      return n;
    }
    n--;
  }
  return 0;
}

/**
 * The column after writing `text` at column `pos`. (`indexOf` first: `lastIndexOf` is a call
 * into the runtime, and almost no text holds a line break.)
 */
function columnAfter(text: string, pos: number): number {
  return text.indexOf('\n') < 0 ? pos + text.length : text.length - text.lastIndexOf('\n') - 1;
}

/** True when `text` holds more than white space (`trim` without the copy; most text starts with a letter). */
function hasText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || (c >= 9 && c <= 13)) continue;
    // Past ASCII, `trim` decides (it drops the Unicode spaces too).
    return c < 0x80 || text.slice(i).trim().length > 0;
  }
  return false;
}

/** Push a group's or indent's contents: its one doc, or its parts in order. */
function pushContents(cmds: CommandStack, ind: number, mode: Mode, d: Group | Indent): void {
  const parts = d.parts;
  if (parts === undefined) {
    cmds.push(ind, mode, d.contents as Doc);
    return;
  }
  for (let i = parts.length - 1; i >= 0; i--) cmds.push(ind, mode, parts[i] as Doc);
}

/** Push a hanging group's parts: those from its `start` at the deeper indentation `deeper`. */
function pushHanging(cmds: CommandStack, ind: number, deeper: number, mode: Mode, d: Group): void {
  const parts = d.parts as readonly Doc[];
  for (let i = parts.length - 1; i >= 0; i--) cmds.push(i >= d.start ? deeper : ind, mode, parts[i] as Doc);
}

/** Push a stream's next part, made now, and the rest after it. */
function pushStreamPart(cmds: CommandStack, ind: number, mode: Mode, d: Stream): void {
  const { count, part } = d.contents;
  if (d.start >= count) return;
  if (d.start + 1 < count) cmds.push(ind, mode, streamFrom(d, d.start + 1));
  cmds.push(ind, mode, part(d.start));
}

/** The rest of a fill: the same parts from a later index (no copying). */
function fillFrom(d: Fill, start: number): Fill {
  // Width unknown (NaN): a fits check walks it, and stops at the first break or the width.
  return fillNode(d.parts, start, d.hard, NaN);
}
