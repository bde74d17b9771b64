import { DsqError, LineIndex, type Diagnostic, type Span } from '../diagnostic/index.js';

/**
 * The placeholders of a dsq template (template.ts) and where they stand: a value's marker in the
 * parsed text, and the map from the parsed text back to the template as the user sees it (with
 * `${...}`), for messages, code frames and hints.
 */

export const marker = (i: number) => `\u0000dsq${i}\u0000`;
export const MARKER_RE = /\u0000dsq(\d+)\u0000/g;
export const EXACT_RE = /^\u0000dsq(\d+)\u0000$/;
/** How a value's place is shown in messages and code frames. */
export const SHOWN = '${...}';

export const what = (i: number) => `template value ${i + 1}`;

export const quoted = (i: number) => `"${marker(i)}"`;

export function exactIndex(text: string): number | null {
  const m = EXACT_RE.exec(text);
  return m ? Number(m[1]) : null;
}

/** Where a value's placeholder stands in the parsed text: the whole insert, and its quoted name. */
export interface Insert {
  readonly start: number;
  readonly end: number;
  readonly name: number;
  readonly nameEnd: number;
}

/**
 * Where the values stand: maps the parsed text (with placeholders) to the template as the user
 * sees it (with `${...}`), for messages, code frames and hints.
 */
export class Places {
  /** The template as written, with `${...}` for each value. */
  readonly shown: string;
  private readonly lines: LineIndex;

  constructor(
    private readonly strings: readonly string[],
    private readonly inserts: readonly Insert[],
  ) {
    this.shown = strings.join(SHOWN);
    this.lines = new LineIndex(this.shown);
  }

  /** The value whose placeholder a parsed-text offset falls in, if any. */
  valueAt(offset: number): number | null {
    for (let i = 0; i < this.inserts.length; i++) {
      const ins = this.inserts[i] as Insert;
      if (offset >= ins.start && offset < ins.end) return i;
    }
    return null;
  }

  /** A parsed-text offset in the shown template (inside a placeholder: its start, or its end). */
  private shownOffset(offset: number, atEnd: boolean): number {
    let shift = 0;
    for (const ins of this.inserts) {
      if (offset <= ins.start) break;
      if (offset < ins.end) return ins.start + shift + (atEnd ? SHOWN.length : 0);
      shift += SHOWN.length - (ins.end - ins.start);
    }
    return offset + shift;
  }

  span(start: number, end: number): Span {
    return this.lines.span(this.shownOffset(start, false), Math.max(this.shownOffset(start, false), this.shownOffset(end, true)));
  }

  /** The span of value i in the shown template. */
  valueSpan(i: number): Span {
    const ins = this.inserts[i] as Insert;
    return this.span(ins.start, ins.end);
  }

  error(i: number, code: string, message: string, hint?: string): DsqError {
    return new DsqError([{ code, severity: 'error', message, span: this.valueSpan(i), ...(hint ? { hint } : {}) }], this.shown);
  }

  /**
   * A parse error of the joined text, told in the template's terms: a value where the text
   * needs something else is "a value (${...}) cannot stand here", with the builder's way to
   * say it; the placeholder text never shows.
   */
  parseError(err: DsqError): DsqError {
    const seen = new Set<number>();
    const out: Diagnostic[] = [];
    for (const d of err.diagnostics) {
      // The value the error is at: where its span starts, else the one the parser says it found.
      const found = /(?:found|unexpected) [^,:]*\u0000dsq(\d+)\u0000/.exec(d.message);
      const i = (d.span ? this.valueAt(d.span.start) : null) ?? (found ? Number(found[1]) : null);
      const span = d.span ? this.span(d.span.start, d.span.end) : undefined;
      if (i === null) {
        out.push({ ...d, message: hidePlaceholders(d.message), ...(d.hint ? { hint: hidePlaceholders(d.hint) } : {}), ...(span ? { span } : {}) });
        continue;
      }
      if (seen.has(i)) continue;
      seen.add(i);
      const message = `a value (${SHOWN}) cannot stand here (${what(i)})${expectation(d.message)}`;
      out.push({ code: 'builder/template', severity: 'error', message, span: this.valueSpan(i), hint: builderWay(this.strings[i] ?? '') });
    }
    return new DsqError(out, this.shown);
  }
}

/** What the parser expected where a value stood (`: expected a string in single quotes after DATE`), or nothing. */
function expectation(message: string): string {
  const m = /\bexpected (.*?)(?:, found .*)?$/s.exec(message);
  return m ? `: the text needs ${hidePlaceholders(m[1] as string)}` : '';
}

function hidePlaceholders(text: string): string {
  return text.replace(/(?:the )?(?:double-quoted )?name "\u0000dsq\d+\u0000"/g, `a value (${SHOWN})`).replace(/"?\u0000dsq\d+\u0000"?/g, SHOWN);
}

/** A datetime keyword just before (`DATE '...'`, `DATE ${...}`): the value goes in as a builder datetime. */
export const DATETIME_WORD = /\b(?:DATE|TIME|TIMESTAMP|DATETIME)\s*$/i;
export const DATETIME_WAY =
  'interpolate a datetime built by the builder instead of the keyword form: ${localDate(d)}, ${localTime(t)}, ${localDateTime(dt)} or ${datetime(x)}';

/** The builder's way to say what the text around a misplaced value needs. */
function builderWay(before: string): string {
  if (DATETIME_WORD.test(before)) return DATETIME_WAY;
  if (/\bOPTIONS\s*\([^)]*$/i.test(before)) return 'set SELECT action options on the query instead: dsq`SELECT ...`.options({ rows, useStrings, echo })';
  if (/\b(?:DATABASE_TABLE|DATABASE_COLUMN)\s*\([^)]*$/i.test(before) || /\[[^\]]*$/.test(before)) {
    return 'a specifier is not a value: build the part with databaseTable(spec, table), databaseColumn(spec, table, spec) or spec.id(n) / spec.name(s), and interpolate that';
  }
  if (/\bORDER\s+BY\b/i.test(before)) return "an order direction is not a value: use .orderBy(term, 'asc' | 'desc') on the query";
  return `interpolate whole values where an expression can stand (a = ${SHOWN}), and names through \${ident(name)}`;
}
