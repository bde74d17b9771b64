import { DsqError } from '../diagnostic/diagnostic.js';
import { format } from '../print/format.js';
import { parseDocument } from '../syntax/parse.js';
import type { PrintOptions } from '../print/options.js';

/** A replacement of `[start, end)` (UTF-16 offsets) by `text`. */
export interface OffsetEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * The whole document formatted exactly as `dsq fmt` does, as the one smallest edit (the common
 * start and end left alone, so the cursor and folds stay put). Null when the text does not
 * parse: formatting is never offered on a broken document.
 */
export function formatDocument(text: string, options: PrintOptions): OffsetEdit[] | null {
  let out: string;
  try {
    out = format(text, options);
  } catch (err) {
    if (err instanceof DsqError) return null;
    throw err;
  }
  const edit = smallestEdit(text, out, 0);
  return edit ? [edit] : [];
}

/**
 * The statements a range touches, each formatted on its own (as `dsq fmt` formats it: every
 * statement starts at column 1). Null when the document does not parse.
 */
export function formatRange(text: string, start: number, end: number, options: PrintOptions): OffsetEdit[] | null {
  const doc = parseDocument(text);
  if (doc.diagnostics.some((d) => d.severity === 'error')) return null;
  const edits: OffsetEdit[] = [];
  for (const s of doc.statements) {
    if (s.span.end < start || s.span.start > end) continue;
    let source = text.slice(s.span.start, s.span.end);
    let out: string;
    try {
      out = format(source, options);
    } catch (err) {
      if (err instanceof DsqError) return null;
      throw err;
    }
    let formatted = out.replace(/\n+$/, '');
    if (endsWithLineComment(formatted)) {
      // Ending with a `--` comment (a comment from inside it, its parentheses dropped): what
      // followed the statement on its line (`; SELECT 2`) would be commented out, so it goes to
      // the next line; blanks up to the line end would join the comment, so they go.
      const blanks = /^[ \t]*/.exec(text.slice(s.span.end))?.[0] ?? '';
      const rest = text.slice(s.span.end + blanks.length);
      if (rest === '' || rest.startsWith('\n') || rest.startsWith('\r')) source += blanks;
      else formatted += '\n';
    }
    const edit = smallestEdit(source, formatted, s.span.start);
    if (edit) edits.push(edit);
  }
  return edits;
}

/** True when formatted text ends with a `--` comment. */
function endsWithLineComment(formatted: string): boolean {
  const last = parseDocument(formatted).comments.at(-1);
  return last !== undefined && last.kind === 'line' && last.span.end === formatted.length;
}

/** The one edit turning `before` into `after`: what lies between their common start and end. */
function smallestEdit(before: string, after: string, base: number): OffsetEdit | null {
  if (before === after) return null;
  let head = 0;
  const max = Math.min(before.length, after.length);
  while (head < max && before.charCodeAt(head) === after.charCodeAt(head)) head++;
  // Never split a surrogate pair.
  if (head > 0 && isHighSurrogate(before.charCodeAt(head - 1))) head--;
  let tail = 0;
  while (tail < max - head && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++;
  if (tail > 0 && isLowSurrogate(before.charCodeAt(before.length - tail))) tail--;
  return { start: base + head, end: base + before.length - tail, text: after.slice(head, after.length - tail) };
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;
