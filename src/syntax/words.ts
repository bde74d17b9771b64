/**
 * The words and characters of dsq names, in one place: what the lexer reads as a bare name,
 * which words are reserved, and which may not be a bare alias. The lexer and parser
 * (tokens.ts, parser.ts) and the printer's quoting (src/print/names.ts) all read this file, so
 * the printer quotes exactly what the parser would not read bare. grammar/reference.md lists
 * the same (checked by test/grammar/reference.test.ts). No dependencies: the printer loads it
 * without the parser.
 */

/** The dialect's keywords: case-insensitive and reserved (a name spelled like one is quoted: `"order"`). */
export const RESERVED_WORDS = [
  'SELECT',
  'DISTINCT',
  'FROM',
  'WHERE',
  'GROUP',
  'BY',
  'HAVING',
  'ORDER',
  'ASC',
  'DESC',
  'LIMIT',
  'OFFSET',
  'AS',
  'JOIN',
  'INNER',
  'LEFT',
  'OUTER',
  'CROSS',
  'ON',
  'USING',
  'AND',
  'OR',
  'NOT',
  'IS',
  'NULL',
  'LIKE',
  'REGEXP',
  'BETWEEN',
  'IN',
  'EXISTS',
  'CASE',
  'WHEN',
  'THEN',
  'ELSE',
  'END',
  'COLLATE',
  'OPTIONS',
  'TRUE',
  'FALSE',
  'ALL',
] as const;

/**
 * Contextual words: names everywhere except where they start their own form (`DATE '...'`,
 * `COLUMN(...)`). A function really called so is written with a quoted name.
 */
export const CONTEXTUAL_WORDS = [
  'DATETIME',
  'TIMESTAMP',
  'DATE',
  'TIME',
  'COLUMN',
  'ALIAS',
  'SYSTEM_COLUMN',
  'DATABASE_COLUMN',
  'SYSTEM_TABLE',
  'DATABASE_TABLE',
  'TABLE',
] as const;

/**
 * Joins of common SQL the select object cannot hold (its ops are join, inner, cross, left,
 * left_outer). After a source they are an error with a hint, never an alias.
 */
export const UNSUPPORTED_JOIN_WORDS = ['RIGHT', 'FULL', 'NATURAL', 'LATERAL', 'SEMI', 'ANTI', 'ASOF', 'APPLY', 'STRAIGHT_JOIN'] as const;

/**
 * Words that are keywords in common SQL and would change a query's meaning if read as an
 * alias (`FROM a RIGHT JOIN b` is not `a` aliased `RIGHT`): names elsewhere (a column may be
 * called `filter`), but never a bare alias, with or without AS. Quoted (`"right"`) they are
 * aliases like any name.
 */
export const ALIAS_RESERVED_WORDS = [
  ...UNSUPPORTED_JOIN_WORDS,
  // Set operations and clauses that follow a FROM list or a select list.
  'UNION',
  'INTERSECT',
  'EXCEPT',
  'MINUS',
  'WINDOW',
  'QUALIFY',
  'FETCH',
  'FOR',
  'INTO',
  'RETURNING',
  'TABLESAMPLE',
  'PIVOT',
  'UNPIVOT',
  'WITH',
  // Words that continue an expression or a call in common SQL.
  'OVER',
  'FILTER',
  'WITHIN',
  'ESCAPE',
  'ILIKE',
  'RLIKE',
  'SIMILAR',
  'GLOB',
  'DIV',
  'MOD',
  'XOR',
] as const;

/**
 * SQL's values without parentheses (the current date and time). The spec's expressions have no
 * such value: bare, in an expression, they are an error, never a column of that name (which is
 * written quoted: `"current_date"`; the printer quotes it).
 */
export const SQL_VALUE_WORDS = ['CURRENT_DATE', 'CURRENT_TIME', 'CURRENT_TIMESTAMP', 'LOCALTIME', 'LOCALTIMESTAMP'] as const;

const RESERVED: ReadonlySet<string> = new Set(RESERVED_WORDS);
const ALIAS_RESERVED: ReadonlySet<string> = new Set(ALIAS_RESERVED_WORDS);
const JOIN_WORDS: ReadonlySet<string> = new Set(UNSUPPORTED_JOIN_WORDS);
const VALUE_WORDS: ReadonlySet<string> = new Set(SQL_VALUE_WORDS);

/**
 * A word upper-cased when it is all ASCII (keywords compare case-insensitively in ASCII only:
 * `ſelect` upper-cases to SELECT in Unicode but is a name), else undefined.
 */
export function asciiUpper(word: string): string | undefined {
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) > 127) return undefined;
  return word.toUpperCase();
}

/** True when a bare word is one of the dialect's keywords. */
export function isReservedWord(word: string): boolean {
  const upper = asciiUpper(word);
  return upper !== undefined && RESERVED.has(upper);
}

/**
 * A word's length and first and last characters in ASCII lower case, as one number (of `text`
 * from `start` to `end`): a word whose key is no key of a list's words is not one of them, told
 * without an upper-cased copy of it. The word lists below are asked of every bare column name
 * and alias the parser reads, and of every name segment the printer writes; that garbage, one
 * string per name, made a 50,000-term AND chain parse take 1.7x as long (29 -> 50 ms), and the
 * alias check was 1.5% of a parse of the perf corpus.
 */
const keyAt = (text: string, start: number, end: number): number =>
  ((end - start) * 128 + (text.charCodeAt(start) | 32)) * 128 + (text.charCodeAt(end - 1) | 32);
const wordKey = (word: string): number => keyAt(word, 0, word.length);
const keysOf = (words: readonly string[]): ReadonlySet<number> => new Set(words.map(wordKey));
const ALIAS_RESERVED_KEYS = keysOf(ALIAS_RESERVED_WORDS);
const VALUE_WORD_KEYS = keysOf(SQL_VALUE_WORDS);
const JOIN_WORD_KEYS = keysOf(UNSUPPORTED_JOIN_WORDS);
const KEYWORD_OR_VALUE_KEYS = keysOf([...RESERVED_WORDS, ...SQL_VALUE_WORDS]);

/**
 * True when `text` from `start` to `end` is an ASCII name (a letter or `_`, then letters, digits,
 * `_` or `$`) that is no keyword (isReservedWord) nor one of SQL's values (isSqlValueWord): a
 * name the printer writes bare. It is asked of each segment of each name written, with no copy
 * of the segment unless a word's length and first and last letters match it.
 */
export function isPlainNameAt(text: string, start: number, end: number): boolean {
  if (end <= start) return false;
  const first = text.charCodeAt(start);
  if (first >= 128 || ASCII_CLASS[first] !== 1) return false;
  for (let i = start + 1; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || ASCII_CLASS[c] === 0) return false;
  }
  if (!KEYWORD_OR_VALUE_KEYS.has(keyAt(text, start, end))) return true;
  const word = text.slice(start, end);
  return !isReservedWord(word) && !isSqlValueWord(word);
}

/** True when a bare word may not be an alias (ALIAS_RESERVED_WORDS). */
export function isAliasReservedWord(word: string): boolean {
  if (!ALIAS_RESERVED_KEYS.has(wordKey(word))) return false;
  const upper = asciiUpper(word);
  return upper !== undefined && ALIAS_RESERVED.has(upper);
}

/** True when a bare word is one of SQL's values without parentheses (SQL_VALUE_WORDS). */
export function isSqlValueWord(word: string): boolean {
  if (!VALUE_WORD_KEYS.has(wordKey(word))) return false;
  const upper = asciiUpper(word);
  return upper !== undefined && VALUE_WORDS.has(upper);
}

/** True when a bare word starts a join the select object cannot hold (UNSUPPORTED_JOIN_WORDS). */
export function isUnsupportedJoinWord(word: string): boolean {
  if (!JOIN_WORD_KEYS.has(wordKey(word))) return false;
  const upper = asciiUpper(word);
  return upper !== undefined && JOIN_WORDS.has(upper);
}

// ---------------------------------------------------------------------------------------
// Bare names

/**
 * A bare name: a Unicode ID_Start character or `_`, then ID_Continue characters or `$`, except
 * the invisible joiners U+200C and U+200D (quote a name that needs them). No other format
 * characters, no white space or line separators (U+2028 and U+2029 are white space).
 */
export const BARE_NAME_SOURCE = '[\\p{ID_Start}_](?:(?![\\u200C\\u200D])[\\p{ID_Continue}$])*';
// The two Unicode expressions are made on first use: the first of them costs about a millisecond
// of every dsq command's start-up, and most runs read ASCII names only (matchBareName's loop).
let bareNameSticky: RegExp | undefined;
let bareNameWhole: RegExp | undefined;

/** ASCII letters, digits, `_` and `$`: 1 may start a name, 2 may continue one. */
const ASCII_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z_]/.test(ch)) ASCII_CLASS[c] = 1;
  else if (/[0-9$]/.test(ch)) ASCII_CLASS[c] = 2;
}

/**
 * The bare name starting at `offset`, or null (the lexer's matcher): a loop over ASCII, the
 * Unicode regular expression only for names with other characters.
 */
export function matchBareName(text: string, offset: number): [string] | null {
  const first = text.charCodeAt(offset);
  if (first < 128) {
    if (ASCII_CLASS[first] !== 1) return null;
    let i = offset + 1;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c < 128 && ASCII_CLASS[c] !== 0) i++;
      else if (c >= 128)
        break; // a non-ASCII character: the full rule decides
      else return [text.slice(offset, i)]; // ASCII that ends the name, or the end of the text (NaN)
    }
  }
  const sticky = (bareNameSticky ??= new RegExp(BARE_NAME_SOURCE, 'uy'));
  sticky.lastIndex = offset;
  const m = sticky.exec(text);
  return m === null ? null : [m[0]];
}

/** True when the whole text reads as one bare name (whatever its spelling: keywords are not checked). */
export function isBareNameSyntax(name: string): boolean {
  return (bareNameWhole ??= new RegExp(`^${BARE_NAME_SOURCE}$`, 'u')).test(name);
}

/** True when `name` can be written bare and reads back as exactly `name` (a name, not a keyword). */
export function isBareName(name: string): boolean {
  return isBareNameSyntax(name) && !isReservedWord(name);
}

/**
 * The code units a bare name may start with, for Chevrotain's lexer (it files tokens by their
 * first code unit): ASCII letters and `_`, and every code unit from U+0080 (an over-approximation
 * that costs nothing at run time; the matcher decides, and other tokens are tried after it).
 */
export function bareNameStartHints(): number[] {
  const hints: number[] = [];
  for (let c = 0; c < 0x10000; c++) if (c >= 128 || ASCII_CLASS[c] === 1) hints.push(c);
  return hints;
}

/** White space between tokens: ASCII spaces and line breaks, and Unicode's (no-break space, line and paragraph separators, ...). */
export const WHITE_SPACE_SOURCE = '[ \\t\\r\\n\\f\\v\\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF]+';
