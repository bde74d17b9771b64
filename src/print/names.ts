import { EXPR_CALLS } from '../ast/kinds-expressions.js';
import { CONTEXTUAL_WORDS, RESERVED_WORDS, isAliasReservedWord, isKeywordOrValueAt, isReservedWord, isSqlValueWord } from '../syntax/words.js';

/**
 * How names are written: bare when they lex back as the same identifier, quoted otherwise;
 * column and table paths by segments; function names.
 */

/** The dialect's reserved words (src/syntax/words.ts, the list the lexer reads): never bare identifiers. */
export const RESERVED: ReadonlySet<string> = new Set(RESERVED_WORDS);

/**
 * Function names that the dialect reads as special forms before `(` (or as typed literals), and
 * the expression calls' keywords (src/ast/kind-spec.ts `CallForm`): a function really called so
 * is written with a quoted name.
 */
const SPECIAL_CALLS: ReadonlySet<string> = new Set<string>([...CONTEXTUAL_WORDS, ...EXPR_CALLS.map((c) => c.keyword)]);

const UPPER_IDENT_RE = /^[A-Z_][A-Z0-9_$]*$/;

const IDENT_RE = /^[A-Za-z_][A-Za-z0-9_$]*$/;

/**
 * True when `name` is written bare: an ASCII identifier that is no keyword (src/syntax/words.ts,
 * the list the lexer reads) nor one of SQL's values without parentheses (`current_date`, which
 * the parser rejects bare). The lexer also reads other Unicode letters bare; the printer quotes
 * them (a style choice), so whatever it writes bare reads back as exactly `name`.
 */
export function isBareName(name: string): boolean {
  return IDENT_RE.test(name) && !isReservedWord(name) && !isSqlValueWord(name);
}

/**
 * True when `text` from `start` to `end` is a name `isBareName` takes (an ASCII identifier, no
 * keyword): found with no copy and no lookup by string for nearly every name, which prints as it
 * is. (The memo below costs a hash of each new name string: the parser makes one per name.)
 */
function bareAt(text: string, start: number, end: number): boolean {
  if (end <= start) return false;
  const first = text.charCodeAt(start);
  if (!((first >= 97 && first <= 122) || (first >= 65 && first <= 90) || first === 95)) return false;
  for (let i = start + 1; i < end; i++) {
    const c = text.charCodeAt(i);
    if (!((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36)) return false;
  }
  return !isKeywordOrValueAt(text, start, end);
}

/** True when every segment of a path is `bareAt` (it prints as it is). */
function barePath(path: string): boolean {
  let start = 0;
  for (let i = 0; i < path.length; i++) {
    if (!isSeparator(path.charCodeAt(i))) continue;
    if (!bareAt(path, start, i)) return false;
    start = i + 1;
  }
  return bareAt(path, start, path.length);
}

/** Names and paths repeat across a corpus: remember how they were written (bounded). */
const MEMO_LIMIT = 50_000;
function memo(fn: (text: string) => string | null): (text: string) => string | null {
  const cache = new Map<string, string | null>();
  return (text) => {
    const hit = cache.get(text);
    if (hit !== undefined) return hit;
    const value = fn(text);
    if (cache.size >= MEMO_LIMIT) cache.clear();
    cache.set(text, value);
    return value;
  };
}

/** `"..."` with `""` for each `"`. */
export function quoteName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

const writeOtherName = memo((name) => (isBareName(name) ? name : quoteName(name))) as (name: string) => string;

/** A name as an identifier when it can be one, otherwise quoted. */
export function writeName(name: string): string {
  return bareAt(name, 0, name.length) ? name : writeOtherName(name);
}

/** An alias (after AS): quoted also when it is a word never read as a bare alias (`AS "right"`, words.ts). */
export const writeAlias = memo((name) => (isBareName(name) && !isAliasReservedWord(name) ? name : quoteName(name))) as (name: string) => string;

/** `AS alias` in upper case, made once per alias (bounded). */
const AS_ALIAS = memo((name) => `AS ${writeAlias(name)}`) as (name: string) => string;

/** `AS alias` with `as` the keyword as spelled (`env.options.kw('AS')`): one string, the same for the same alias. */
export function asAlias(as: string, name: string): string {
  return as === 'AS' ? AS_ALIAS(name) : `${as} ${writeAlias(name)}`;
}

/** `'...'` with `''` for each `'`. */
export function quoteString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/**
 * A column or table path written by segments (`t.c`, `db.path@table.field`, `photo:size`,
 * `"odd name".c`), or null when segments cannot write it (an empty segment).
 */
export function writePath(path: string): string | null {
  return barePath(path) ? path : writeOtherPath(path);
}

const writeOtherPath = memo(writePathUncached);

const isSeparator = (c: number) => c === 46 /* . */ || c === 64 /* @ */ || c === 58; /* : */

function writePathUncached(path: string): string | null {
  if (path.length === 0) return null;
  let out = '';
  let start = 0;
  for (let i = 0; i <= path.length; i++) {
    if (i < path.length && !isSeparator(path.charCodeAt(i))) continue;
    if (i === start) return null;
    out += writeName(path.slice(start, i));
    if (i < path.length) out += path.charAt(i);
    start = i + 1;
  }
  return out;
}

/** True when the path is one segment (an unqualified name). */
export function isSimplePath(path: string): boolean {
  if (path.length === 0) return false;
  for (let i = 0; i < path.length; i++) if (isSeparator(path.charCodeAt(i))) return false;
  return true;
}

/** A function name: bare when the parser's upper-casing gives it back and it is no special form. */
export function writeFunctionName(name: string): string {
  return UPPER_IDENT_RE.test(name) && !RESERVED.has(name) && !SPECIAL_CALLS.has(name) ? name : quoteName(name);
}
