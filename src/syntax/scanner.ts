import { createTokenInstance, EOF, type IToken, type TokenType } from 'chevrotain';
import type { Diagnostic, LineIndex } from '../diagnostic/index.js';
import { characterDiagnostic, type Comment } from './lexer.js';
import * as T from './tokens.js';
import { matchBareName, WHITE_SPACE_SOURCE } from './words.js';

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
 * test/syntax/scanner.test.ts holds the two to the same output on random texts.
 */

/** Token types by their Chevrotain index. */
export const TOKEN_TYPES: TokenType[] = [];
for (const type of [...T.ALL_TOKENS, EOF]) TOKEN_TYPES[type.tokenTypeIdx as number] = type;

const idx = (type: TokenType) => type.tokenTypeIdx as number;

// What an ASCII character starts (by char code); 0: nothing (an unexpected character).
const C_SPACE = 1, C_NAME = 2, C_DIGIT = 3, C_DOT = 4, C_QUOTE = 5, C_DQUOTE = 6, C_MINUS = 7, C_SLASH = 8, C_SINGLE = 9, C_PIPE = 10, C_COLON = 11, C_EQUALS = 12, C_BANG = 13, C_LESS = 14, C_GREATER = 15;
const ASCII = new Uint8Array(128);
/** ASCII characters that continue a bare name (words.ts decides: letters, digits, _ and $). */
const CONTINUES = new Uint8Array(128);
/** The token of a character that is a token by itself (C_SINGLE). */
const SINGLE = new Uint8Array(128);
{
  const whiteSpace = new RegExp(`^${WHITE_SPACE_SOURCE}$`);
  for (let c = 0; c < 128; c++) {
    const ch = String.fromCharCode(c);
    if (whiteSpace.test(ch)) ASCII[c] = C_SPACE;
    else if (matchBareName(ch, 0) !== null) ASCII[c] = C_NAME;
    else if (c >= 48 && c <= 57) ASCII[c] = C_DIGIT;
    if (matchBareName(`a${ch}`, 0)?.[0].length === 2) CONTINUES[c] = 1;
  }
  const set = (ch: string, cls: number) => (ASCII[ch.charCodeAt(0)] = cls);
  set('.', C_DOT);
  set("'", C_QUOTE);
  set('"', C_DQUOTE);
  set('-', C_MINUS);
  set('/', C_SLASH);
  set('|', C_PIPE);
  set(':', C_COLON);
  set('=', C_EQUALS);
  set('!', C_BANG);
  set('<', C_LESS);
  set('>', C_GREATER);
  const singles: [string, TokenType][] = [
    ['+', T.Plus], ['*', T.Star], ['%', T.Percent], ['&', T.Ampersand], ['~', T.Tilde], ['(', T.LParen], [')', T.RParen],
    ['[', T.LBracket], [']', T.RBracket], [',', T.Comma], [';', T.Semicolon], ['@', T.At],
  ];
  for (const [ch, type] of singles) {
    set(ch, C_SINGLE);
    SINGLE[ch.charCodeAt(0)] = idx(type);
  }
}

/** Non-ASCII white space, decided once per character code (0: not yet, 1: space, 2: not). */
const WIDE_SPACE = new Uint8Array(0x10000);
const WIDE_SPACE_TEST = new RegExp(`^${WHITE_SPACE_SOURCE}$`);
function isWideSpace(c: number): boolean {
  if (!(c < 0x10000)) return false; // NaN: the end of the text
  let known = WIDE_SPACE[c] as number;
  if (known === 0) {
    known = WIDE_SPACE_TEST.test(String.fromCharCode(c)) ? 1 : 2;
    WIDE_SPACE[c] = known;
  }
  return known === 1;
}

const IDENTIFIER = idx(T.Identifier);

/**
 * The keywords and contextual words of tokens.ts as a trie over lower-cased ASCII codes (128
 * children a node): a word is told from a name while it is read, without a string made for it.
 * Any spelling in ASCII upper and lower case is the word, as tokens.ts `wordType` reads it.
 */
const NO_NODE = 0;
const WORD_ROOT = 1;
const { WORD_TRIE, WORD_TYPE } = (() => {
  const words = [...T.KEYWORDS, ...T.CONTEXTUAL_WORDS];
  const children: number[][] = [[], []];
  const types: number[] = [0, 0];
  for (const word of words) {
    let node = WORD_ROOT;
    for (const ch of word.name.toLowerCase()) {
      const c = ch.charCodeAt(0);
      let child = children[node]![c];
      if (child === undefined) {
        child = children.length;
        children.push([]);
        types.push(0);
        children[node]![c] = child;
      }
      node = child;
    }
    types[node] = idx(word);
  }
  const trie = new Uint16Array(children.length * 128);
  children.forEach((kids, node) => kids.forEach((child, c) => (trie[node * 128 + c] = child)));
  // A node that ends no word reads as a name.
  const type = new Uint8Array(children.length).map((_, node) => (types[node] === 0 ? idx(T.Identifier) : (types[node] as number)));
  return { WORD_TRIE: trie, WORD_TYPE: type };
})();
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

/** Tokens of a whole text: what lexer.ts `lex` gives, as arrays. */
export function scan(text: string, lines: LineIndex): Scanned {
  const n = text.length;
  // About one token per four characters to start with; doubled when full.
  let capacity = Math.max(16, n >> 2);
  let types = new Uint8Array(capacity);
  let starts = new Int32Array(capacity);
  let ends = new Int32Array(capacity);
  let count = 0;
  const comments: Comment[] = [];
  const diagnostics: Diagnostic[] = [];
  const unterminated = (what: string, start: number) => {
    diagnostics.push({ code: 'syntax/unterminated', severity: 'error', message: `unterminated ${what}`, span: lines.span(start, n) });
  };

  let i = 0;
  while (i < n) {
    const end = next(text, i);
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
    types[count] = type;
    starts[count] = i;
    ends[count] = end;
    count++;
    i = end;
  }
  return { text, count, types, starts, ends, comments, diagnostics };
}

function grow<A extends Uint8Array | Int32Array>(from: A, to: A): A {
  to.set(from);
  return to;
}

// Pseudo-types of `next` for what is not a plain token.
const SPACE = 250, LINE_COMMENT = 251, BLOCK_COMMENT = 252, OPEN_COMMENT = 253, OPEN_STRING = 254, OPEN_QUOTED = 255;
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
    case C_NAME: {
      // A word of ASCII characters, followed through the keyword trie as it is read.
      let node = WORD_ROOT;
      let j = i;
      for (;;) {
        const d = text.charCodeAt(j);
        if (d < 128) {
          if (CONTINUES[d] !== 1 && j > i) break;
          if (node !== NO_NODE) node = WORD_TRIE[node * 128 + (d | (d >= 65 && d <= 90 ? 32 : 0))] as number;
          j++;
        } else if (d >= 128) {
          return nameWithWide(text, i);
        } else {
          break; // the end of the text (NaN)
        }
      }
      lastType = node === NO_NODE ? IDENTIFIER : (WORD_TYPE[node] as number);
      return j;
    }
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

/** A token object (for messages and hints), made when one is needed. */
export function tokenAt(scanned: Scanned, index: number): IToken {
  if (index >= scanned.count) return createTokenInstance(EOF, '', NaN, NaN, NaN, NaN, NaN, NaN);
  const start = scanned.starts[index] as number;
  const type = TOKEN_TYPES[scanned.types[index] as number] as TokenType;
  return createTokenInstance(type, scanned.text.slice(start, scanned.ends[index] as number), start, NaN, NaN, NaN, NaN, NaN);
}
