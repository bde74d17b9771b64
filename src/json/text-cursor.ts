import type { Diagnostic } from '../diagnostic/diagnostic.js';
import { MAX_DIAGNOSTICS, tooManyDiagnostics } from '../diagnostic/result.js';
import { LineIndex, type Span } from '../diagnostic/span.js';
import { jsonDiagnostic } from './error.js';

/** Thrown inside the reader when the text's structure is broken: the diagnostic is already recorded. */
export const STOP = Symbol('stop');

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * The JSON text reader's cursor (text-reader.ts reads the structure on it): the position, the
 * line index, the problems found (each recorded with its span and pointer, up to the cap), and
 * what reads the same everywhere: white space and double-quoted strings.
 */
export abstract class TextCursor {
  protected pos = 0;
  protected readonly index: LineIndex;
  readonly diagnostics: Diagnostic[] = [];
  /** Pointers of the values reported here (bad numbers, bare words, dropped members): later checks say nothing more about them. */
  readonly badPointers = new Set<string>();

  constructor(protected readonly text: string) {
    this.index = new LineIndex(text);
    if (text.charCodeAt(0) === 0xfeff) this.pos = 1;
  }

  /** The pointer of the innermost open container (for errors between values). */
  protected abstract currentPointer(): string;

  /** Reads a double-quoted string at the cursor, unescaped. */
  protected readString(): string {
    const text = this.text;
    const start = this.pos;
    let i = start + 1;
    let out = '';
    let chunk = i;
    for (;;) {
      if (i >= text.length)
        this.fatal('syntax', 'unterminated string: expected a closing "', this.index.span(start, Math.min(start + 1, text.length)), undefined, 'a closing "');
      const code = text.charCodeAt(i);
      if (code === 0x22) break;
      if (code < 0x20) {
        // Reported; the character is kept and the string read on.
        const name = code === 10 ? '\\n' : code === 13 ? '\\r' : code === 9 ? '\\t' : `\\u${code.toString(16).padStart(4, '0')}`;
        this.report(
          'syntax',
          `a raw control character (U+${code.toString(16).padStart(4, '0').toUpperCase()}) is not allowed in a string: write it as ${name}`,
          this.index.span(i, i + 1),
          undefined,
          name,
        );
      }
      if (code === 0x5c) {
        out += text.slice(chunk, i);
        const e = text[i + 1];
        const simple = e === undefined ? undefined : SIMPLE_ESCAPES[e];
        if (simple !== undefined) {
          out += simple;
          i += 2;
        } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else {
          const shown = e === undefined ? 'end of input' : `"\\${text.slice(i + 1, e === 'u' ? i + 6 : i + 2)}"`;
          const expected = '\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u and 4 hex digits';
          const span = this.index.span(i, Math.min(i + 2, text.length));
          if (e === undefined) this.fatal('syntax', `invalid escape ${shown} in a string: expected ${expected}`, span, undefined, expected);
          // Reported; the backslash and the character after it are skipped and the string read on.
          this.report('syntax', `invalid escape ${shown} in a string: expected ${expected}`, span, undefined, expected);
          i += 2;
        }
        chunk = i;
        continue;
      }
      i++;
    }
    out += text.slice(chunk, i);
    this.pos = i + 1;
    return out;
  }

  protected skipWhite(): void {
    const text = this.text;
    let i = this.pos;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else break;
    }
    this.pos = i;
  }

  protected spanHere(): Span {
    return this.index.span(this.pos, Math.min(this.pos + 1, this.text.length));
  }

  protected lineCol(offset: number): string {
    const p = this.index.position(offset);
    return `${p.line}:${p.column}`;
  }

  protected describeHere(): string {
    if (this.pos >= this.text.length) return 'the end of the input';
    const cp = this.text.codePointAt(this.pos) as number;
    const ch = String.fromCodePoint(cp);
    return cp < 0x20 || (cp >= 0x7f && cp <= 0xa0) || cp === 0xfeff ? `U+${cp.toString(16).padStart(4, '0').toUpperCase()}` : `"${ch}"`;
  }

  /** Records a problem reading can go on after. */
  protected report(code: string, message: string, span: Span, pointer: string | undefined, expected: string): void {
    if (this.diagnostics.length === MAX_DIAGNOSTICS) {
      // Enough: a file of a million bad values stops here (and its report stays readable).
      this.diagnostics.push(tooManyDiagnostics());
      throw STOP;
    }
    this.diagnostics.push(jsonDiagnostic(code, message, { pointer: pointer ?? this.currentPointer(), span }, undefined, expected));
  }

  /** Records a problem with a value (or member) that is then dropped or read as null: later checks skip its pointer. */
  protected reportBad(code: string, message: string, span: Span, pointer: string, expected: string): void {
    this.report(code, message, span, pointer, expected);
    this.badPointers.add(pointer);
  }

  /** Records a problem the structure cannot be read past, and stops. */
  protected fatal(code: string, message: string, span: Span, pointer: string | undefined, expected: string): never {
    this.report(code, message, span, pointer, expected);
    throw STOP;
  }

  /** The offset of the comma before the cursor (for a trailing comma). */
  protected commaBefore(): number {
    let i = this.pos - 1;
    while (i > 0 && this.text[i] !== ',') i--;
    return i;
  }
}
