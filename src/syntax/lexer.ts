import type { Diagnostic, LineIndex, Span } from '../diagnostic/index.js';
import { matchBareName } from './words.js';

/**
 * What reading the text into tokens reports (scanner.ts reads it; tokenize.ts `lex` gives its
 * tokens as objects): the comments it keeps, and its errors with their hints.
 */

/** A comment of the source, kept beside the tree for the formatter. */
export interface Comment {
  readonly kind: 'line' | 'block';
  /** The full comment text, including `--` or the `/* *\/` delimiters. */
  readonly text: string;
  readonly span: Span;
}

const CHARACTER_HINTS: Readonly<Record<string, string>> = {
  '`': 'quote names with double quotes: "name"',
  '?': 'a parameter is written with its name: :id (given its value when the statement is compiled: dsq compile --param id=7)',
  $: 'a parameter is written with its name: :id (given its value when the statement is compiled: dsq compile --param id=7)',
  '#': 'comments are written -- like this or /* like this */',
  '^': "dsq has no '^' operator: POW(a, b) for a power; the spec's bit operators are & | ~ << >>",
  '\u2018': "a typographic quote (from a word processor): a string is written with ' ('text')",
  '\u2019': "a typographic quote (from a word processor): a string is written with ' ('text')",
  '\u201C': 'a typographic quote (from a word processor): a quoted name is written with " ("name")',
  '\u201D': 'a typographic quote (from a word processor): a quoted name is written with " ("name")',
  '\u2212': "a minus sign (U+2212): write '-'",
  '\u2013': "a dash (U+2013): write '-' for minus",
  '\u2264': "write '<='",
  '\u2265': "write '>='",
  '\u2260': "write '!=' or '<>'",
  '{': 'dsq text is SQL-like; this looks like JSON: `dsq decompile` prints a JSON select object as dsq text, `dsq normalize` checks it',
};

/**
 * Characters a message can show as they are: letters, digits, punctuation, symbols. Made on
 * first use: a Unicode property class costs about half a millisecond to make, and only an
 * input with a stray character needs it (every command loads this module).
 */
let visibleChar: RegExp | undefined;
const INVISIBLE_HINT =
  'bare names hold Unicode letters, digits, _ and $ (grammar/reference.md, Lexical); remove the character, or quote a name that must hold it: "name"';

/** The error for `length` characters at `offset` that start no token. */
export function characterDiagnostic(text: string, offset: number, length: number, lines: LineIndex): Diagnostic {
  const ch = text.charAt(offset);
  const point = text.codePointAt(offset) ?? 0;
  const visible = (visibleChar ??= /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u).test(String.fromCodePoint(point));
  const hint = CHARACTER_HINTS[ch] ?? (visible ? undefined : INVISIBLE_HINT);
  const shown = visible
    ? JSON.stringify(text.slice(offset, offset + Math.min(length, 20)))
    : `U+${point.toString(16).toUpperCase().padStart(4, '0')} (an invisible or control character)`;
  return {
    code: 'syntax/unexpected-character',
    severity: 'error',
    message: `unexpected character ${shown}`,
    span: lines.span(offset, offset + Math.max(1, length)),
    ...(hint ? { hint } : {}),
  };
}

/** Where a string, a quoted name or a comment does not end. */
export function unterminatedDiagnostic(what: string, span: Span): Diagnostic {
  const hint = what.startsWith('string')
    ? "a quote inside a string is written twice ('It''s'): dsq strings have no backslash escapes"
    : what.startsWith('quoted')
      ? 'a double quote inside a quoted name is written twice ("a""b")'
      : undefined;
  return { code: 'syntax/unterminated', severity: 'error', message: `unterminated ${what}`, span, ...(hint ? { hint } : {}) };
}

/**
 * A number run into a name, `0x1F`, `1_000`, `10items`, `1AND` (the number token ends at `end`):
 * its error, or undefined. SQL readers take these as one token (a hexadecimal number, a digit
 * separator) or reject them; read as a number and an alias they would change the query silently.
 */
export function numberRunOnDiagnostic(text: string, start: number, end: number, lines: LineIndex): Diagnostic | undefined {
  const c = text.charCodeAt(end);
  // The fast path: what follows most numbers (space, punctuation, the end) starts no name.
  if (c < 128 && !((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95)) return undefined;
  const name = matchBareName(text, end);
  if (name === null) return undefined;
  const written = text.slice(start, end + name[0].length);
  const shown = written.length > 40 ? `${written.slice(0, 37)}...` : written;
  return {
    code: 'syntax/invalid-number',
    severity: 'error',
    message: `${shown} is not a number: a number cannot be followed directly by a letter or '_'`,
    span: lines.span(start, end + name[0].length),
    hint: runOnHint(written, text.slice(start, end), name[0]),
  };
}

function runOnHint(written: string, number: string, name: string): string {
  const radix = /^0([xX][0-9a-fA-F]+|[bB][01]+|[oO][0-7]+)$/.exec(written);
  if (radix) {
    const kind = { x: 'hexadecimal', b: 'binary', o: 'octal' }[(radix[1] as string)[0]?.toLowerCase() as 'x' | 'b' | 'o'];
    return `dsq has no ${kind} numbers; write it in decimal: ${BigInt(written).toString()}`;
  }
  if (/^[0-9]+(_[0-9]+)+$/.test(written)) return `dsq has no digit separators; write ${written.replace(/_/g, '')}`;
  return `put a space between ${number} and ${name}`;
}
