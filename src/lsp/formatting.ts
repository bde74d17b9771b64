import { DsqError } from '../diagnostic/diagnostic.js';
import { format } from '../print/format.js';
import { parseDocument, type ParsedDocument } from '../syntax/parse.js';
import type { PrintOptions } from '../print/options.js';

/** A replacement of `[start, end)` (UTF-16 offsets) by `text`. */
export interface OffsetEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** The edits formatting makes, and the statements it left as written because they do not parse. */
export interface Formatting {
  readonly edits: OffsetEdit[];
  /** The 1-based line of each statement left as written (it has errors), in order. */
  readonly skipped: readonly number[];
}

/**
 * The whole document formatted exactly as `dsq fmt` does, as the one smallest edit (the common
 * start and end left alone, so the cursor and folds stay put). When a statement does not parse,
 * the ones that do are formatted each on its own (as range formatting does) and the broken ones
 * are left as written: `skipped` says where they are.
 */
export function formatDocument(text: string, options: PrintOptions): Formatting {
  let out: string;
  try {
    out = format(text, options);
  } catch (err) {
    if (err instanceof DsqError) return formatStatements(text, parseDocument(text), 0, text.length, options);
    throw err;
  }
  const edit = smallestEdit(text, out, 0);
  return { edits: edit ? [edit] : [], skipped: [] };
}

/**
 * The statements a range touches, each formatted on its own (as `dsq fmt` formats it: every
 * statement starts at column 1). Statements that do not parse are left as written (`skipped`).
 */
export function formatRange(text: string, start: number, end: number, options: PrintOptions): Formatting {
  return formatStatements(text, parseDocument(text), start, end, options);
}

function formatStatements(text: string, doc: ParsedDocument, start: number, end: number, options: PrintOptions): Formatting {
  const edits: OffsetEdit[] = [];
  for (const s of doc.statements) {
    if (s.span.end < start || s.span.start > end) continue;
    let source = text.slice(s.span.start, s.span.end);
    let out: string;
    try {
      out = format(source, options);
    } catch (err) {
      // Parsed in the document, not alone: left as written (never seen; a printer check).
      if (err instanceof DsqError) continue;
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
  return { edits, skipped: brokenLines(doc, start, end) };
}

/**
 * The first line of each statement in [start, end] that has errors: a recovered statement's,
 * or an error's own line where the parser made no tree of its statement.
 */
function brokenLines(doc: ParsedDocument, start: number, end: number): number[] {
  const lines = new Set<number>();
  const touches = (span: { start: number; end: number }) => span.end >= start && span.start <= end;
  for (const r of doc.recovered) if (touches(r.span)) lines.add(r.span.line);
  for (const d of doc.diagnostics) {
    if (d.severity !== 'error' || !d.span || !touches(d.span)) continue;
    const span = d.span;
    if (!doc.recovered.some((r) => r.span.start <= span.start && span.start <= r.span.end)) lines.add(span.line);
  }
  return [...lines].sort((a, b) => a - b);
}

/** What the client is told when formatting left statements as written. */
export function skippedMessage(skipped: readonly number[]): string {
  const where = skipped.length === 1 ? `the statement at line ${skipped[0]}` : `the statements at lines ${skipped.join(', ')}`;
  return `dsq: formatted the statements that parse; ${where} ${skipped.length === 1 ? 'has' : 'have'} syntax errors and ${skipped.length === 1 ? 'was' : 'were'} left as written`;
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
