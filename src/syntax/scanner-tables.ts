import type { TokenType } from 'chevrotain';
import * as T from './tokens.js';
import { matchBareName, WHITE_SPACE_SOURCE } from './words.js';

/**
 * The tables the scanner (scanner.ts) reads a text by: what each ASCII character starts, which
 * characters continue a bare name, the one-character tokens, non-ASCII white space, and the
 * keywords as a trie. Built once, when the module loads.
 */

const idx = (type: TokenType) => type.tokenTypeIdx as number;

// What an ASCII character starts (by char code); 0: nothing (an unexpected character).
export const C_SPACE = 1,
  C_NAME = 2,
  C_DIGIT = 3,
  C_DOT = 4,
  C_QUOTE = 5,
  C_DQUOTE = 6,
  C_MINUS = 7,
  C_SLASH = 8,
  C_SINGLE = 9,
  C_PIPE = 10,
  C_COLON = 11,
  C_EQUALS = 12,
  C_BANG = 13,
  C_LESS = 14,
  C_GREATER = 15;
export const ASCII = new Uint8Array(128);
/** ASCII characters that continue a bare name (words.ts decides: letters, digits, _ and $). */
export const CONTINUES = new Uint8Array(128);
/** The token of a character that is a token by itself (C_SINGLE). */
export const SINGLE = new Uint8Array(128);
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
    ['+', T.Plus],
    ['*', T.Star],
    ['%', T.Percent],
    ['&', T.Ampersand],
    ['~', T.Tilde],
    ['(', T.LParen],
    [')', T.RParen],
    ['[', T.LBracket],
    [']', T.RBracket],
    [',', T.Comma],
    [';', T.Semicolon],
    ['@', T.At],
  ];
  for (const [ch, type] of singles) {
    set(ch, C_SINGLE);
    SINGLE[ch.charCodeAt(0)] = idx(type);
  }
}

/** Non-ASCII white space, decided once per character code (0: not yet, 1: space, 2: not). */
const WIDE_SPACE = new Uint8Array(0x10000);
const WIDE_SPACE_TEST = new RegExp(`^${WHITE_SPACE_SOURCE}$`);
export function isWideSpace(c: number): boolean {
  if (!(c < 0x10000)) return false; // NaN: the end of the text
  let known = WIDE_SPACE[c] as number;
  if (known === 0) {
    known = WIDE_SPACE_TEST.test(String.fromCharCode(c)) ? 1 : 2;
    WIDE_SPACE[c] = known;
  }
  return known === 1;
}

/**
 * The keywords and contextual words of tokens.ts as a trie over lower-cased ASCII codes (128
 * children a node): a word is told from a name while it is read, without a string made for it.
 * Any spelling in ASCII upper and lower case is the word, as tokens.ts `wordType` reads it.
 */
export const NO_NODE = 0;
export const WORD_ROOT = 1;
export const { WORD_TRIE, WORD_TYPE } = (() => {
  const words = [...T.KEYWORDS, ...T.CONTEXTUAL_WORDS];
  // Written straight into a table of room for every character of every word (no trie has more
  // nodes), then cut to the nodes made: no array per node (those cost a quarter of a megabyte of
  // garbage at every start-up).
  let room = 2;
  for (const word of words) room += word.name.length;
  const table = new Uint16Array(room * 128);
  const types = new Uint8Array(room);
  let nodes = 2;
  for (const word of words) {
    let node = WORD_ROOT;
    const name = word.name.toLowerCase();
    for (let i = 0; i < name.length; i++) {
      const at = node * 128 + name.charCodeAt(i);
      if (table[at] === NO_NODE) table[at] = nodes++;
      node = table[at] as number;
    }
    types[node] = idx(word);
  }
  const trie = table.slice(0, nodes * 128);
  // A node that ends no word reads as a name.
  const type = types.slice(0, nodes).map((t) => (t === 0 ? idx(T.Identifier) : t));
  return { WORD_TRIE: trie, WORD_TYPE: type };
})();
