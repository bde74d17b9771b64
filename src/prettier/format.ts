import { dirname, resolve } from 'node:path';
import { ConfigError, configForFile, layoutOf, loadConfig } from '../config/index.js';
import { DsqError, type Diagnostic } from '../diagnostic/diagnostic.js';
import { formatResult } from '../print/format.js';
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

type Case = 'upper' | 'lower' | 'preserve';
const caseOf = (value: unknown): Case => (value === 'lower' || value === 'preserve' ? value : 'upper');

/** The Prettier options dsq reads: printWidth, tabWidth, useTabs, and its own keywordCase and functionCase. */
export function formatOptions(options: {
  printWidth?: number;
  tabWidth?: number;
  useTabs?: boolean;
  keywordCase?: unknown;
  functionCase?: unknown;
}): PrintOptions {
  return {
    ...(typeof options.printWidth === 'number' ? { width: Math.max(1, options.printWidth) } : {}),
    ...(typeof options.tabWidth === 'number' ? { indent: Math.min(16, Math.max(0, options.tabWidth)) } : {}),
    ...(options.useTabs === true ? { useTabs: true } : {}),
    keywordCase: caseOf(options.keywordCase),
    functionCase: caseOf(options.functionCase),
  };
}

/**
 * The layout settings of the dsq.config.json that applies to a file (found and merged as
 * `dsq fmt` finds them, its overrides applied): they win over Prettier's options, so both
 * tools format a file alike. Nothing without a file path or a config. A config with errors is
 * an error for Prettier to report, naming the file.
 */
export async function configLayout(filepath: string | undefined): Promise<PrintOptions> {
  if (filepath === undefined || filepath === '') return {};
  const path = resolve(filepath);
  let config;
  try {
    config = configForFile(await loadConfig(dirname(path)), path);
  } catch (err) {
    if (err instanceof ConfigError) throw new Error(err.format());
    throw err;
  }
  return layoutOf(config);
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
  // One parse: formatResult parses, and prints only a text without errors.
  let result: ReturnType<typeof formatResult>;
  try {
    result = formatResult(text, options);
  } catch (err) {
    if (err instanceof DsqError) throw prettierError(err.first);
    throw err;
  }
  const first = result.diagnostics.find((d) => d.severity === 'error');
  if (first !== undefined || result.value === undefined)
    throw prettierError(first ?? { code: 'internal/no-value', severity: 'error', message: 'no formatted text and no error' });
  return { type: 'dsq-root', text, formatted: formattedText(result.value) };
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
