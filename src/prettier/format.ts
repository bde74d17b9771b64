import { DsqError, type Diagnostic } from '../diagnostic/diagnostic.js';
import { format } from '../print/format.js';
import { parseDocument } from '../syntax/parse.js';
import { tokenize } from '../syntax/tokenize.js';
import type { PrintOptions } from '../print/options.js';

/** What the dsq parser hands Prettier: the text, already formatted (the printer only lays it out). */
export interface DsqRoot {
  readonly type: 'dsq-root';
  readonly text: string;
  readonly formatted: FormattedText;
}

export interface FormattedText {
  readonly text: string;
  /** Offsets of the line breaks that are layout (not inside a string literal or quoted name). */
  readonly layout: readonly number[];
}

/** The Prettier options dsq reads: printWidth, tabWidth, and its own keywordCase. */
export function formatOptions(options: { printWidth?: number; tabWidth?: number; keywordCase?: unknown }): PrintOptions {
  const keywordCase = options.keywordCase === 'lower' || options.keywordCase === 'preserve' ? options.keywordCase : 'upper';
  return {
    ...(typeof options.printWidth === 'number' ? { width: Math.max(1, options.printWidth) } : {}),
    ...(typeof options.tabWidth === 'number' ? { indent: Math.min(16, Math.max(0, options.tabWidth)) } : {}),
    keywordCase,
  };
}

/** A dsq error as Prettier expects a parser's error: a SyntaxError with `loc` (1-based line and column). */
export function prettierError(d: Diagnostic): SyntaxError {
  const span = d.span;
  const where = span ? ` (${span.line}:${span.column})` : '';
  const error = new SyntaxError(`${d.message}${where}${d.hint ? `\nhint: ${d.hint}` : ''}`) as SyntaxError & { loc?: unknown };
  if (span) error.loc = { start: { line: span.line, column: span.column }, end: { line: span.endLine, column: span.endColumn } };
  return error;
}

/** Parse (a syntax error is thrown for Prettier, with its location) and format as `dsq fmt` does. */
export function parseForPrettier(text: string, options: PrintOptions): DsqRoot {
  const parsed = parseDocument(text);
  const first = parsed.diagnostics.find((d) => d.severity === 'error');
  if (first) throw prettierError(first);
  let out: string;
  try {
    out = format(text, options);
  } catch (err) {
    if (err instanceof DsqError) throw prettierError(err.first);
    throw err;
  }
  return { type: 'dsq-root', text, formatted: formattedText(out) };
}

/** The formatted text with its layout line breaks told apart from those inside data. */
export function formattedText(text: string): FormattedText {
  const layout: number[] = [];
  const data = tokenize(text).filter((t) => t.category === 'string' || t.category === 'quoted-name');
  let k = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
    while (k < data.length && (data[k] as { end: number }).end <= i) k++;
    const t = data[k];
    if (!(t && t.start < i && i < t.end)) layout.push(i);
  }
  return { text, layout };
}
