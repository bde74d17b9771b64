import { createTokenInstance, type IToken } from 'chevrotain';
import type { Diagnostic, LineIndex, Span } from '../diagnostic/index.js';
import * as T from './tokens.js';
import { matchBareName } from './words.js';

/** A comment of the source, kept beside the tree for the formatter. */
export interface Comment {
  readonly kind: 'line' | 'block';
  /** The full comment text, including `--` or the `/* *\/` delimiters. */
  readonly text: string;
  readonly span: Span;
}

export interface LexResult {
  readonly tokens: IToken[];
  readonly comments: Comment[];
  readonly diagnostics: Diagnostic[];
}

/** A token's span (the lexer tracks offsets only; lines and columns come from the LineIndex). */
export function tokenSpan(token: IToken, lines: LineIndex): Span {
  return lines.span(token.startOffset, tokenEnd(token));
}

/** The offset just after a token (the lexer records start offsets only). */
export function tokenEnd(token: IToken): number {
  return token.startOffset + token.image.length;
}

const CHARACTER_HINTS: Readonly<Record<string, string>> = {
  '`': 'quote names with double quotes: "name"',
  '?': "a parameter is written with its name: :id (given its value when the statement is compiled: dsq compile --param id=7)",
  $: "a parameter is written with its name: :id (given its value when the statement is compiled: dsq compile --param id=7)",
  '#': "comments are written -- like this or /* like this */",
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

/** Characters a message can show as they are: letters, digits, punctuation, symbols. */
const VISIBLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;
const INVISIBLE_HINT =
  'bare names hold Unicode letters, digits, _ and $ (grammar/reference.md, Lexical); remove the character, or quote a name that must hold it: "name"';

/** The error for `length` characters at `offset` that start no token (the lexer's and the parser's scanner's). */
export function characterDiagnostic(text: string, offset: number, length: number, lines: LineIndex): Diagnostic {
  const ch = text.charAt(offset);
  const point = text.codePointAt(offset) ?? 0;
  const visible = VISIBLE.test(String.fromCodePoint(point));
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
    : what.startsWith('quoted') ? 'a double quote inside a quoted name is written twice ("a""b")' : undefined;
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

/**
 * Tokens of a whole text (the one reused lexer), its comments, and lexical errors. An
 * unterminated string or quoted name is reported once and read to the end of the input, so
 * the parser does not add follow-on errors for it.
 */
export function lex(text: string, lines: LineIndex): LexResult {
  const result = T.dsqLexer.tokenize(text);
  const diagnostics: Diagnostic[] = [];
  for (const error of result.errors) diagnostics.push(characterDiagnostic(text, error.offset, error.length, lines));
  let tokens = result.tokens;
  let runOn = false;
  for (const token of tokens) {
    if (token.tokenType !== T.NumberLiteral) continue;
    const d = numberRunOnDiagnostic(text, token.startOffset, tokenEnd(token), lines);
    if (d) {
      diagnostics.push(d);
      runOn = true;
    }
  }
  // In the order of the text, as the parser's scanner finds them.
  if (runOn) diagnostics.sort((a, b) => (a.span?.start ?? 0) - (b.span?.start ?? 0));
  // Words: a keyword or contextual word is lexed as an Identifier and retyped here.
  const identifier = T.Identifier;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as IToken;
    if (token.tokenType !== identifier) continue;
    const type = T.wordType(token.image);
    if (type !== undefined) {
      token.tokenType = type;
      token.tokenTypeIdx = type.tokenTypeIdx as number;
    }
  }
  if (tokens.some(isUnterminated)) {
    tokens = [];
    for (const token of result.tokens) {
      if (!isUnterminated(token)) {
        tokens.push(token);
        continue;
      }
      const type = token.tokenType;
      const what = type === T.UnterminatedString ? "string: missing the closing '" : type === T.UnterminatedComment ? 'comment: missing the closing */' : 'quoted name: missing the closing "';
      diagnostics.push(unterminatedDiagnostic(what, tokenSpan(token, lines)));
      if (type === T.UnterminatedComment) continue;
      // Read on as a string or name to the end of the input (image as written, so spans stay in the text).
      const closed = type === T.UnterminatedString ? T.StringLiteral : T.QuotedIdentifier;
      tokens.push(
        createTokenInstance(closed, token.image, token.startOffset, NaN, NaN, NaN, NaN, NaN),
      );
    }
  }
  const comments: Comment[] = (result.groups['comments'] ?? []).map((token) => ({
    kind: token.tokenType === T.LineComment ? 'line' : 'block',
    text: token.image,
    span: tokenSpan(token, lines),
  }));
  return { tokens, comments, diagnostics };
}

function isUnterminated(token: IToken): boolean {
  const type = token.tokenType;
  return type === T.UnterminatedString || type === T.UnterminatedQuotedIdentifier || type === T.UnterminatedComment;
}
