/**
 * How names are written: bare when they lex back as the same identifier, quoted otherwise;
 * column and table paths by segments; function names.
 */

/** The dialect's reserved words (grammar/reference.md, Lexical): never bare identifiers. */
export const KEYWORDS: ReadonlySet<string> = new Set([
  'SELECT', 'DISTINCT', 'FROM', 'WHERE', 'GROUP', 'BY', 'HAVING', 'ORDER', 'ASC', 'DESC', 'LIMIT', 'OFFSET',
  'AS', 'JOIN', 'INNER', 'LEFT', 'OUTER', 'CROSS', 'ON', 'USING', 'AND', 'OR', 'NOT', 'IS', 'NULL', 'LIKE',
  'REGEXP', 'BETWEEN', 'IN', 'EXISTS', 'CASE', 'WHEN', 'THEN', 'ELSE', 'END', 'COLLATE', 'OPTIONS', 'TRUE',
  'FALSE', 'ALL',
]);

/**
 * Function names that the dialect reads as special forms before `(` (or as typed literals):
 * a function really called so is written with a quoted name.
 */
const SPECIAL_CALLS: ReadonlySet<string> = new Set([
  'ALIAS', 'COLUMN', 'SYSTEM_COLUMN', 'DATABASE_COLUMN', 'SYSTEM_TABLE', 'DATABASE_TABLE', 'TABLE',
  'DATE', 'TIME', 'TIMESTAMP', 'DATETIME',
]);

const IDENT_RE = /^[A-Za-z_][A-Za-z0-9_$]*$/;
const UPPER_IDENT_RE = /^[A-Z_][A-Z0-9_$]*$/;

/** True when `name` can be written bare and reads back as exactly `name`. */
export function isBareName(name: string): boolean {
  return IDENT_RE.test(name) && !KEYWORDS.has(name.toUpperCase());
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

/** A name as an identifier when it can be one, otherwise quoted. */
export const writeName = memo((name) => (isBareName(name) ? name : quoteName(name))) as (name: string) => string;

/** `'...'` with `''` for each `'`. */
export function quoteString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

const SEPARATOR_RE = /[.@:]/;

/**
 * A column or table path written by segments (`t.c`, `db.path@table.field`, `photo:size`,
 * `"odd name".c`), or null when segments cannot write it (an empty segment).
 */
export const writePath = memo(writePathUncached);

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
  return path.length > 0 && !SEPARATOR_RE.test(path);
}

/** A function name: bare when the parser's upper-casing gives it back and it is no special form. */
export function writeFunctionName(name: string): string {
  return UPPER_IDENT_RE.test(name) && !KEYWORDS.has(name) && !SPECIAL_CALLS.has(name) ? name : quoteName(name);
}
