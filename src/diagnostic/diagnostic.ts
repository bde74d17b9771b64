import { showPointer } from './pointer.js';
import { capQuoted } from './quote.js';
import { LineIndex, type Span } from './span.js';

export type Severity = 'error' | 'warning' | 'info';

/**
 * One finding about an input: a JSON rejection, a syntax error, a lint result. Plain data
 * (JSON-safe), collected rather than thrown by the tooling entry points.
 */
export interface Diagnostic {
  /** Stable machine-readable code: `json/duplicate-key`, `syntax/unexpected-token`, a lint rule id, ... */
  readonly code: string;
  readonly severity: Severity;
  /** What is wrong, and what was expected, in a sentence. */
  readonly message: string;
  /** Where, in the input text (absent when the input had no text, e.g. a JS object). */
  readonly span?: Span;
  /** RFC 6901 JSON pointer of the offending node, for JSON input (`/where/$and/1`; `''` for the whole document). */
  readonly pointer?: string;
  /** What was expected there, in words (`a JSON value`, `"," or "}"`, `a whole number from 20 to 1000`), when the message says so. */
  readonly expected?: string;
  /** A suggestion: the dialect's way to say what was meant. */
  readonly hint?: string;
}

/** The one error type dsq throws for bad input. Carries every diagnostic found. */
export class DsqError extends Error {
  override readonly name = 'DsqError';

  constructor(
    readonly diagnostics: readonly Diagnostic[],
    /** The input text, when there was one: used for code frames. */
    readonly source?: string,
  ) {
    super(diagnostics.map((d) => headline(d)).join('\n') || 'dsq error');
  }

  get first(): Diagnostic {
    return this.diagnostics[0] as Diagnostic;
  }

  /** The code of the first diagnostic (`json/duplicate-key`, `builder/invalid-argument`, ...). */
  get code(): string {
    return this.first.code;
  }

  /** Every diagnostic as `file:line:col: severity: message`, each followed by a code frame. */
  format(file?: string): string {
    return this.diagnostics.map((d) => formatDiagnostic(d, this.source, file)).join('\n');
  }

  toJSON(): { name: string; diagnostics: readonly Diagnostic[] } {
    return { name: this.name, diagnostics: this.diagnostics };
  }
}

/** `3:14 /where/$and/1: message` — the location parts that exist, then the message. */
export function headline(d: Diagnostic): string {
  const where = [d.span ? `${d.span.line}:${d.span.column}` : '', d.pointer !== undefined ? capQuoted(showPointer(d.pointer)) : ''].filter(Boolean).join(' ');
  return where ? `${where}: ${capQuoted(d.message)}` : capQuoted(d.message);
}

/**
 * `file:line:col: severity: message`, then (with the source text) a code frame with a caret
 * under the span, then the hint.
 */
export function formatDiagnostic(d: Diagnostic, source?: string, file?: string): string {
  const loc = d.span ? `${d.span.line}:${d.span.column}` : '';
  const prefix = [file, loc].filter(Boolean).join(':');
  const pointer = d.pointer !== undefined ? ` at ${capQuoted(showPointer(d.pointer))}` : '';
  let out = `${prefix ? `${prefix}: ` : ''}${d.severity}: ${capQuoted(d.message)}${pointer}`;
  if (d.span && source !== undefined) out += `\n${codeFrame(source, d.span)}`;
  if (d.hint) out += `\n  hint: ${capQuoted(d.hint)}`;
  return out;
}

const MAX_FRAME_WIDTH = 120;

/** The line of the span (and the one before it), with a caret line under the span. */
export function codeFrame(source: string, span: Span, index: LineIndex = new LineIndex(source)): string {
  const lines: string[] = [];
  const gutter = String(span.line).length;
  const show = (n: number, text: string) => `${String(n).padStart(gutter)} | ${clip(text, span.column)}`;
  if (span.line > 1) {
    const prev = index.lineText(span.line - 1);
    if (prev.trim() !== '') lines.push(show(span.line - 1, prev));
  }
  const text = index.lineText(span.line);
  lines.push(show(span.line, text));
  const width = span.endLine === span.line ? Math.max(1, span.endColumn - span.column) : Math.max(1, text.length - span.column + 1);
  const offset = clipOffset(text, span.column);
  lines.push(`${' '.repeat(gutter)} | ${' '.repeat(Math.max(0, span.column - 1 - offset))}${'^'.repeat(Math.min(width, MAX_FRAME_WIDTH))}`);
  return lines.join('\n');
}

// Very long lines (a 10 MB one-line file) are shown as a window around the column.
function clipOffset(text: string, column: number): number {
  if (text.length <= MAX_FRAME_WIDTH) return 0;
  return Math.max(0, column - 1 - Math.floor(MAX_FRAME_WIDTH / 2));
}

function clip(text: string, column: number): string {
  const start = clipOffset(text, column);
  if (start === 0 && text.length <= MAX_FRAME_WIDTH) return text;
  return text.slice(start, start + MAX_FRAME_WIDTH);
}
