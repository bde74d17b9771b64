/**
 * Every construct that nests, as a statement exactly `n` levels deep (as the parser counts
 * levels: src/syntax/parse.ts, `maxDepth`). Shared by the limit tests and small-stack.ts.
 */

/** `n` levels made of rounds of `per` levels each (`open` ... `close`), the rest as parentheses around `inner`. */
function rounds(n: number, per: number, open: string, inner: string, close: string): string {
  const whole = Math.floor(n / per);
  const rest = n % per;
  return `${open.repeat(whole)}${'('.repeat(rest)}${inner}${')'.repeat(rest)}${close.repeat(whole)}`;
}

export const NESTINGS: Record<string, (n: number) => string> = {
  parentheses: (n) => `SELECT ${'('.repeat(n)}1${')'.repeat(n)}`,
  arithmetic: (n) => `SELECT ${'(1 + '.repeat(n)}1${')'.repeat(n)}`,
  'NOT chain': (n) => `SELECT ${'NOT '.repeat(n)}1`,
  'unary minus chain': (n) => `SELECT ${'- '.repeat(n)}x`,
  '~ chain': (n) => `SELECT ${'~'.repeat(n)}x`,
  CASE: (n) => `SELECT ${'CASE WHEN '.repeat(n)}1${' THEN 1 END'.repeat(n)}`,
  'CASE in ELSE': (n) => `SELECT ${'CASE x WHEN 1 THEN 2 ELSE '.repeat(n)}0${' END'.repeat(n)}`,
  'scalar subqueries': (n) => `SELECT ${'(SELECT '.repeat(n)}1${')'.repeat(n)}`,
  'subqueries in WHERE': (n) => `SELECT 1${' FROM t WHERE a = (SELECT 1'.repeat(n)}${')'.repeat(n)}`,
  'IN (SELECT ...)': (n) => `SELECT ${rounds(n, 2, 'x IN (SELECT ', '1', ')')}`,
  EXISTS: (n) => `SELECT ${'EXISTS (SELECT '.repeat(n)}1${')'.repeat(n)}`,
  'FROM subqueries': (n) => `SELECT * FROM ${'(SELECT * FROM '.repeat(n)}t${')'.repeat(n)}`,
  'function calls': (n) => `SELECT ${'f('.repeat(n)}1${')'.repeat(n)}`,
  'calls inside operators': (n) => `SELECT ${rounds(n, 2, "COLUMN(a) + f(DATE '2024-01-01' = g(x, ", '1', '))')}`,
  'NOT IN lists with arithmetic': (n) => `SELECT ${'x NOT IN (y + '.repeat(n)}1${')'.repeat(n)}`,
  'IN lists': (n) => `SELECT ${'x IN ('.repeat(n)}1${')'.repeat(n)}`,
  'BETWEEN bounds': (n) => `SELECT ${'x BETWEEN 0 AND ('.repeat(n)}1${')'.repeat(n)}`,
  'parenthesised joins': (n) => `SELECT * FROM ${'a JOIN ('.repeat(n)}b${')'.repeat(n)}`,
  'DATABASE_COLUMN specifiers': (n) => `SELECT ${'DATABASE_COLUMN(WHERE '.repeat(n)}x${', t, 1)'.repeat(n)}`,
  'DATABASE_TABLE specifiers': (n) => `SELECT * FROM DATABASE_TABLE([WHERE ${'DATABASE_COLUMN(1, t, [WHERE '.repeat(n - 1)}x${'])'.repeat(n - 1)}], t)`,
  // five levels a round: ( CASE (SELECT - (
  mix: (n) => `SELECT ${rounds(n, 5, '(CASE WHEN (SELECT -(x + ', '1', ')) THEN 1 END)')}`,
};
