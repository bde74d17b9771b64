/** How `print` and `format` lay text out. */
export interface PrintOptions {
  /** Line width to fit into (default 80). */
  readonly width?: number;
  /** Case of keywords (default 'upper'; 'preserve' keeps the source's case, upper without source). */
  readonly keywordCase?: 'upper' | 'lower' | 'preserve';
  /** Spaces per indentation level (default 2). */
  readonly indent?: number;
}

export type KeywordCase = NonNullable<PrintOptions['keywordCase']>;

/** Options with defaults applied, plus how each keyword is spelled. */
export interface ResolvedOptions {
  readonly width: number;
  readonly indent: number;
  /** The spelling of a keyword given in upper case (`SELECT`, `ORDER BY`, `COUNT`...). */
  readonly kw: (upper: string) => string;
}

/**
 * Resolve options. `written` maps an upper-case keyword to the spelling the source used
 * (only consulted for 'preserve').
 */
export function resolveOptions(options: PrintOptions = {}, written?: ReadonlyMap<string, string>): ResolvedOptions {
  const width = options.width ?? 80;
  const indent = options.indent ?? 2;
  if (!Number.isInteger(width) || width < 1) throw new RangeError(`width must be a positive whole number, got ${width}`);
  if (!Number.isInteger(indent) || indent < 0 || indent > 16) {
    throw new RangeError(`indent must be a whole number from 0 to 16, got ${indent}`);
  }
  const mode = options.keywordCase ?? 'upper';
  const kw =
    mode === 'lower'
      ? (w: string) => w.toLowerCase()
      : mode === 'preserve' && written
        ? preserving(written)
        : (w: string) => w;
  return { width, indent, kw };
}

/**
 * Each keyword as the source spelled it; one the source did not use (an `AS` the printer adds)
 * follows the source's usual case: lower when most keywords were written in lower case.
 */
function preserving(written: ReadonlyMap<string, string>): (upper: string) => string {
  let lower = 0;
  for (const spelling of written.values()) if (spelling === spelling.toLowerCase()) lower++;
  const usual = lower * 2 > written.size ? (w: string) => w.toLowerCase() : (w: string) => w;
  return (w) => w.split(' ').map((part) => written.get(part) ?? usual(part)).join(' ');
}
