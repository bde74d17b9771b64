/** How `print` and `format` lay text out. */
export interface PrintOptions {
  /** Line width to fit into (default 80). */
  readonly width?: number;
  /** Case of keywords (default 'upper'; 'preserve' keeps each keyword as the source spells it, upper without source). */
  readonly keywordCase?: 'upper' | 'lower' | 'preserve';
  /** Case of function names (default 'upper'; 'preserve' keeps each call's spelling, upper without source). */
  readonly functionCase?: 'upper' | 'lower' | 'preserve';
  /** Columns per indentation level (default 2): spaces, or the width a tab counts for with `useTabs`. */
  readonly indent?: number;
  /** Indent with one tab per level instead of spaces (default false). */
  readonly useTabs?: boolean;
}

export type KeywordCase = NonNullable<PrintOptions['keywordCase']>;

/** Options with defaults applied, plus how each keyword and function name is spelled. */
export interface ResolvedOptions {
  readonly width: number;
  readonly indent: number;
  readonly useTabs: boolean;
  /** The spelling of a keyword given in upper case (`SELECT`, `ORDER BY`, `COUNT`...). */
  readonly kw: (upper: string) => string;
  /**
   * The spelling of a function name (upper case, as the AST holds it) that needs no quotes;
   * `written` gives the call as the source spells it, when there is a source (asked only for
   * 'preserve': the source's spans are looked up only then).
   */
  readonly fn: (upper: string, written?: () => string | undefined) => string;
}

/**
 * Resolve options. Keywords print in upper case for 'preserve': `format` then gives each the
 * source's spelling (keyword-case.ts).
 */
export function resolveOptions(options: PrintOptions = {}): ResolvedOptions {
  const width = options.width ?? 80;
  const indent = options.indent ?? 2;
  if (!Number.isInteger(width) || width < 1) throw new RangeError(`width must be a positive whole number, got ${width}`);
  if (!Number.isInteger(indent) || indent < 0 || indent > 16) {
    throw new RangeError(`indent must be a whole number from 0 to 16, got ${indent}`);
  }
  const kw = options.keywordCase === 'lower' ? (w: string) => w.toLowerCase() : (w: string) => w;
  const fnCase = options.functionCase ?? 'upper';
  const fn =
    fnCase === 'lower'
      ? (w: string) => w.toLowerCase()
      : fnCase === 'preserve'
        ? (w: string, written?: () => string | undefined) => {
            const spelled = written?.()?.slice(0, w.length);
            return spelled !== undefined && spelled.toUpperCase() === w ? spelled : w;
          }
        : (w: string) => w;
  return { width, indent, useTabs: options.useTabs === true, kw, fn };
}
