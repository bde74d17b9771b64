import type { IToken, TokenType } from 'chevrotain';
import type { Diagnostic, LineIndex } from '../diagnostic/index.js';
import { characterDiagnostic, numberRunOnDiagnostic, unterminatedDiagnostic, type Comment } from './lexer.js';
import { EOF, tokenInstance } from './token-type.js';
import * as T from './tokens.js';
import {
  ASCII,
  C_BANG,
  C_COLON,
  C_DIGIT,
  C_DOT,
  C_DQUOTE,
  C_EQUALS,
  C_GREATER,
  C_LESS,
  C_MINUS,
  C_NAME,
  C_PIPE,
  C_QUOTE,
  C_SINGLE,
  C_SLASH,
  C_SPACE,
  CONTINUES,
  isWideSpace,
  NO_NODE,
  SINGLE,
  WORD_ROOT,
  WORD_TRIE,
  WORD_TYPE,
} from './scanner-tables.js';
import { matchBareName } from './words.js';

/**
 * The parser's scanner: the tokens of a text as three typed arrays (type, start, end), not as
 * objects, so a 100,000-value IN list costs the garbage collector nothing per token (token
 * objects live through the whole parse, survive young-generation collections and are copied
 * into the old generation: that copying was where parse time grew faster than the input).
 *
 * It reads exactly what the Chevrotain lexer of tokens.ts reads (lexer.ts `lex`, which editors
 * and tools use): the same token types, the same first-match order, bare names by words.ts
 * `matchBareName`, white space by words.ts, keywords by tokens.ts `wordType`, the same errors
 * for unexpected characters and unterminated strings, names and comments.
 * test/syntax/scanner.test.ts holds the two to the same output on random texts. The character
 * classes and the keyword trie it reads by are in scanner-tables.ts.
 */

/** Token types by their index (token-type.ts). */
export const TOKEN_TYPES: TokenType[] = [];
for (const type of [...T.ALL_TOKENS, EOF]) TOKEN_TYPES[type.tokenTypeIdx as number] = type;

const idx = (type: TokenType) => type.tokenTypeIdx as number;

const IDENTIFIER = idx(T.Identifier);
const NUMBER = idx(T.NumberLiteral);
const STRING = idx(T.StringLiteral);
const QUOTED = idx(T.QuotedIdentifier);

/** The tokens of one text, comments and lexical errors apart. */
export interface Scanned {
  readonly text: string;
  /** How many tokens (the arrays may be longer). */
  readonly count: number;
  /** Each token's type (TOKEN_TYPES index), start offset and end offset. */
  readonly types: Uint8Array;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  readonly comments: Comment[];
  readonly diagnostics: Diagnostic[];
}

/**
 * Arrays a scan may fill instead of new ones (`scan(text, lines, true)`): the parse's own scan,
 * whose tokens are read only while it parses. Three typed arrays made per call cost a short
 * query a fifth of its parse; a parse inside a parse (none today) gets arrays of its own.
 */
let spare: { types: Uint8Array; starts: Int32Array; ends: Int32Array } | null = {
  types: new Uint8Array(1024),
  starts: new Int32Array(1024),
  ends: new Int32Array(1024),
};

/** Tokens of a whole text, as arrays: new ones, or (`reuse`) the spare ones until `release`. */
export function scan(text: string, lines: LineIndex, reuse = false): Scanned {
  const n = text.length;
  // About one token per four characters to start with; doubled when full.
  let capacity = Math.max(16, n >> 2);
  let types: Uint8Array;
  let starts: Int32Array;
  let ends: Int32Array;
  if (reuse && spare !== null && spare.types.length >= capacity) {
    ({ types, starts, ends } = spare);
    capacity = types.length;
    spare = null;
  } else {
    types = new Uint8Array(capacity);
    starts = new Int32Array(capacity);
    ends = new Int32Array(capacity);
  }
  let count = 0;
  const comments: Comment[] = [];
  const diagnostics: Diagnostic[] = [];
  const unterminated = (what: string, start: number) => {
    diagnostics.push(unterminatedDiagnostic(what, lines.span(start, n)));
  };

  let i = 0;
  while (i < n) {
    // A space between tokens is skipped here, and a word read, without a call to `next` (which
    // reads them too, for countTokens).
    const c = text.charCodeAt(i);
    if (c === 32) {
      i++;
      continue;
    }
    const end = c < 128 && ASCII[c] === C_NAME ? word(text, i, c) : next(text, i);
    if (end < 0) {
      // Characters no token starts with: one error for the run of them (as Chevrotain's lexer).
      let j = i + 1;
      while (j < n && next(text, j) < 0) j++;
      diagnostics.push(characterDiagnostic(text, i, j - i, lines));
      i = j;
      continue;
    }
    let type = lastType;
    if (type >= SPACE) {
      if (type === SPACE) {
        i = end;
        continue;
      }
      if (type === LINE_COMMENT || type === BLOCK_COMMENT) {
        comments.push({ kind: type === LINE_COMMENT ? 'line' : 'block', text: text.slice(i, end), span: lines.span(i, end) });
        i = end;
        continue;
      }
      if (type === OPEN_COMMENT) {
        unterminated('comment: missing the closing */', i);
        i = end;
        continue;
      }
      if (type === OPEN_STRING) {
        unterminated("string: missing the closing '", i);
        type = STRING;
      } else {
        unterminated('quoted name: missing the closing "', i);
        type = QUOTED;
      }
    }
    if (count === capacity) {
      capacity *= 2;
      types = grow(types, new Uint8Array(capacity));
      starts = grow(starts, new Int32Array(capacity));
      ends = grow(ends, new Int32Array(capacity));
    }
    if (type === NUMBER) {
      const runOn = numberRunOnDiagnostic(text, i, end, lines);
      if (runOn) diagnostics.push(runOn);
    }
    types[count] = type;
    starts[count] = i;
    ends[count] = end;
    count++;
    i = end;
  }
  return { text, count, types, starts, ends, comments, diagnostics };
}

/** Give back the arrays of a scan made with `reuse` (its tokens are no longer read): the next such scan fills them. */
export function release(scanned: Scanned): void {
  // The larger arrays are kept, up to a size: one huge text does not hold its arrays for the life of the process.
  const size = scanned.types.length;
  if (size <= 1 << 16 && (spare === null || spare.types.length < size)) spare = { types: scanned.types, starts: scanned.starts, ends: scanned.ends };
}

function grow<A extends Uint8Array | Int32Array>(from: A, to: A): A {
  to.set(from);
  return to;
}

// Pseudo-types of `next` for what is not a plain token.
const SPACE = 250,
  LINE_COMMENT = 251,
  BLOCK_COMMENT = 252,
  OPEN_COMMENT = 253,
  OPEN_STRING = 254,
  OPEN_QUOTED = 255;
/** The type of the token `next` read last (one result more than a number can carry). */
let lastType = 0;

/** The end of the token starting at `i` (its type in `lastType`), or -1 when none starts there. */
function next(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c >= 128) {
    if (isWideSpace(c)) {
      let j = i + 1;
      for (;;) {
        const d = text.charCodeAt(j);
        if (d < 128 ? ASCII[d] !== C_SPACE : !isWideSpace(d)) break;
        j++;
      }
      lastType = SPACE;
      return j;
    }
    const m = matchBareName(text, i);
    if (m === null) return -1;
    lastType = IDENTIFIER;
    return i + m[0].length;
  }
  switch (ASCII[c]) {
    case C_SPACE: {
      let j = i + 1;
      for (;;) {
        const d = text.charCodeAt(j);
        if (d < 128 ? ASCII[d] !== C_SPACE : !isWideSpace(d)) break;
        j++;
      }
      lastType = SPACE;
      return j;
    }
    case C_NAME:
      return word(text, i, c);
    case C_DIGIT:
      return number(text, i, i + 1);
    case C_DOT: {
      const d = text.charCodeAt(i + 1);
      if (d >= 48 && d <= 57) return number(text, i, i + 1);
      lastType = idx(T.Dot);
      return i + 1;
    }
    case C_QUOTE:
      return quoted(text, i, 39, STRING, OPEN_STRING);
    case C_DQUOTE:
      return quoted(text, i, 34, QUOTED, OPEN_QUOTED);
    case C_MINUS:
      if (text.charCodeAt(i + 1) === 45) {
        let j = i + 2;
        for (;;) {
          const d = text.charCodeAt(j);
          if (d === 10 || d === 13 || Number.isNaN(d)) break;
          j++;
        }
        lastType = LINE_COMMENT;
        return j;
      }
      lastType = idx(T.Minus);
      return i + 1;
    case C_SLASH:
      if (text.charCodeAt(i + 1) === 42) {
        const close = text.indexOf('*/', i + 2);
        if (close < 0) {
          lastType = OPEN_COMMENT;
          return text.length;
        }
        lastType = BLOCK_COMMENT;
        return close + 2;
      }
      lastType = idx(T.Slash);
      return i + 1;
    case C_SINGLE:
      lastType = SINGLE[c] as number;
      return i + 1;
    case C_PIPE:
      return pair(text, i, 124, T.DoublePipe, T.Pipe);
    case C_COLON:
      return pair(text, i, 58, T.DoubleColon, T.Colon);
    case C_EQUALS:
      return pair(text, i, 61, T.DoubleEquals, T.Equals);
    case C_BANG:
      return pair(text, i, 61, T.NotEquals, T.Bang);
    case C_LESS: {
      const d = text.charCodeAt(i + 1);
      if (d === 62) return two(T.NotEquals, i);
      if (d === 61) return two(T.LessEquals, i);
      if (d === 60) return two(T.ShiftLeft, i);
      lastType = idx(T.Less);
      return i + 1;
    }
    case C_GREATER: {
      const d = text.charCodeAt(i + 1);
      if (d === 61) return two(T.GreaterEquals, i);
      if (d === 62) return two(T.ShiftRight, i);
      lastType = idx(T.Greater);
      return i + 1;
    }
    default:
      return -1;
  }
}

/**
 * A word of ASCII characters from `i` (its first character `c`): followed through the keyword
 * trie while it may still be a keyword (most names leave the trie after a character or two),
 * then read to its end. A small function, so the engine inlines it into `scan`'s loop.
 */
function word(text: string, i: number, c: number): number {
  let node = WORD_TRIE[WORD_ROOT * 128 + (c | (c >= 65 && c <= 90 ? 32 : 0))] as number;
  let j = i + 1;
  let d = text.charCodeAt(j);
  while (node !== NO_NODE && d < 128 && CONTINUES[d] === 1) {
    node = WORD_TRIE[node * 128 + (d | (d >= 65 && d <= 90 ? 32 : 0))] as number;
    d = text.charCodeAt(++j);
  }
  while (d < 128 && CONTINUES[d] === 1) d = text.charCodeAt(++j);
  if (d >= 128) return nameWithWide(text, i);
  lastType = node === NO_NODE ? IDENTIFIER : (WORD_TYPE[node] as number);
  return j;
}

function two(type: TokenType, i: number): number {
  lastType = idx(type);
  return i + 2;
}

/** `cc` (twice `c`) or `c` alone. */
function pair(text: string, i: number, c: number, double: TokenType, single: TokenType): number {
  if (text.charCodeAt(i + 1) === c) return two(double, i);
  lastType = idx(single);
  return i + 1;
}

/** A bare name with a character beyond ASCII: words.ts decides (no keyword has one, but tokens.ts `wordType` says so). */
function nameWithWide(text: string, i: number): number {
  const word = (matchBareName(text, i) as [string])[0];
  const type = T.wordType(word);
  lastType = type === undefined ? IDENTIFIER : idx(type);
  return i + word.length;
}

/** `[0-9]+(\.[0-9]*)? | \.[0-9]+`, then `([eE][+-]?[0-9]+)?`; `j` is after the first character. */
function digit(text: string, k: number): boolean {
  const d = text.charCodeAt(k);
  return d >= 48 && d <= 57;
}

function number(text: string, i: number, j: number): number {
  if (text.charCodeAt(i) === 46) {
    while (digit(text, j)) j++;
  } else {
    while (digit(text, j)) j++;
    if (text.charCodeAt(j) === 46) {
      j++;
      while (digit(text, j)) j++;
    }
  }
  const e = text.charCodeAt(j);
  if (e === 101 || e === 69) {
    let k = j + 1;
    const sign = text.charCodeAt(k);
    if (sign === 43 || sign === 45) k++;
    if (digit(text, k)) {
      while (digit(text, k)) k++;
      j = k;
    }
  }
  lastType = NUMBER;
  return j;
}

/**
 * `'...'` or `"..."` with the quote doubled inside; unterminated: to the end of the text. As the
 * lexer's regular expression backtracks, a doubled quote followed by no closing one closes the
 * token at its first quote (`'''` is `''` then `'`).
 */
function quoted(text: string, i: number, quote: number, closed: number, open: number): number {
  const mark = quote === 39 ? "'" : '"';
  let j = i + 1;
  let lastPair = -1;
  for (;;) {
    const close = text.indexOf(mark, j);
    if (close < 0) {
      if (lastPair >= 0) {
        lastType = closed;
        return lastPair + 1;
      }
      lastType = open;
      return text.length;
    }
    if (text.charCodeAt(close + 1) !== quote) {
      lastType = closed;
      return close + 1;
    }
    lastPair = close;
    j = close + 2;
  }
}

/** How many tokens the text between two offsets holds (white space and comments not counted). */
export function countTokens(text: string, from: number, to: number): number {
  const slice = text.slice(from, to);
  let count = 0;
  for (let i = 0; i < slice.length; ) {
    const end = next(slice, i);
    if (end < 0) {
      i++;
      continue;
    }
    if (lastType < SPACE || lastType === OPEN_STRING || lastType === OPEN_QUOTED || lastType === OPEN_COMMENT) count++;
    i = end;
  }
  return count;
}

/**
 * Token `i` of a scanned input as an object (for messages, hints and `lex`), made when one is
 * needed: END past `end` (a statement's last token) and for a token the input lacks (index -1).
 */
export function tokenOf(scanned: Scanned, i: number, end: number = scanned.count): IToken {
  if (i < 0 || i >= end || i >= scanned.count) return tokenInstance(EOF, '', NaN);
  const start = scanned.starts[i] as number;
  const type = TOKEN_TYPES[scanned.types[i] as number] as TokenType;
  return tokenInstance(type, scanned.text.slice(start, scanned.ends[i] as number), start);
}
