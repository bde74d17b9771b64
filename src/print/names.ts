import { EXPR_CALLS } from '../ast/kinds-expressions.js';
import { CONTEXTUAL_WORDS, RESERVED_WORDS, isAliasReservedWord, isPlainNameAt } from '../syntax/words.js';

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

/**
 * True when `name` is written bare: an ASCII identifier that is no keyword (src/syntax/words.ts,
 * the list the lexer reads) nor one of SQL's values without parentheses (`current_date`, which
 * the parser rejects bare). The lexer also reads other Unicode letters bare; the printer quotes
 * them (a style choice), so whatever it writes bare reads back as exactly `name`.
 */
export function isBareName(name: string): boolean {
  return isPlainNameAt(name, 0, name.length);
}

/** True when every segment of a path is bare (it prints as it is: isPlainNameAt). */
function barePath(path: string): boolean {
  let start = 0;
  for (let i = 0; i < path.length; i++) {
    if (!isSeparator(path.charCodeAt(i))) continue;
    if (!isPlainNameAt(path, start, i)) return false;
    start = i + 1;
  }
  return isPlainNameAt(path, start, path.length);
}

/** `AS alias` strings repeat across a corpus: each made once (bounded). */
const MEMO_LIMIT = 50_000;
function memo(fn: (text: string) => string): (text: string) => string {
  const cache = new Map<string, string>();
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

/** A name as an identifier when it can be one, otherwise quoted. */
export function writeName(name: string): string {
  return isBareName(name) ? name : quoteName(name);
}

/** An alias (after AS): quoted also when it is a word never read as a bare alias (`AS "right"`, words.ts). */
export function writeAlias(name: string): string {
  return isBareName(name) && !isAliasReservedWord(name) ? name : quoteName(name);
}

/** `AS alias` in upper case, made once per alias (bounded). */
const AS_ALIAS = memo((name) => `AS ${writeAlias(name)}`);

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
  return barePath(path) ? path : quotedPath(path);
}

const isSeparator = (c: number) => c === 46 /* . */ || c === 64 /* @ */ || c === 58; /* : */

/** `writePath` of a path with a segment to quote (or an empty one). */
function quotedPath(path: string): string | null {
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
