import { KEYWORD_NAMES } from '../syntax/tokenize.js';
import { CALL_FORMS } from '../ast/kinds-expressions.js';
import type { CallForm } from '../ast/kind-spec.js';
import { withArticle } from '../diagnostic/article.js';

/**
 * One line of grammar/reference.md for every keyword and contextual word: what hover shows
 * for a keyword form. test/lsp/hover.test.ts checks every keyword of the lexer has one, or is
 * the keyword of a kind written `KEYWORD(a, b)`, whose hover its kind-table entry gives (CALL_DOCS).
 */
export const KEYWORD_DOCS: Readonly<Record<string, string>> = {
  SELECT:
    '`SELECT [DISTINCT] ( * | expr [[AS] name], ... ) [FROM source] [WHERE expr] [GROUP BY expr, ...] [HAVING expr] [ORDER BY expr [ASC|DESC], ...] [LIMIT expr] [OFFSET expr]`: a select object.',
  DISTINCT: '`SELECT DISTINCT ...`: drop duplicate rows (`distinct: true`); also `COUNT(DISTINCT a, b)`, `AVG(DISTINCT x)`, `SUM(DISTINCT x)`.',
  FROM: "`FROM source`: tables (`db.path@table [AS] name`), `SYSTEM_TABLE(name)`, `DATABASE_TABLE(spec, table)`, `TABLE('path')`, `(SELECT ...)`, joined by `,` or `JOIN`.",
  WHERE: '`WHERE expr`: the rows to keep; in a specifier, `WHERE expr` selects the databases the expression holds for.',
  GROUP: '`GROUP BY expr, ...`: one row per group; an unqualified result alias here is an alias reference.',
  BY: '`GROUP BY expr, ...` / `ORDER BY expr [ASC|DESC], ...`.',
  HAVING: '`HAVING expr`: the groups to keep; an unqualified result alias here is an alias reference.',
  ORDER: '`ORDER BY expr [ASC|DESC], ...`: the row order; an unqualified result alias here is an alias reference.',
  ASC: '`ORDER BY expr ASC`: ascending (the default).',
  DESC: '`ORDER BY expr DESC`: descending.',
  LIMIT: '`LIMIT expr`: at most this many rows (`LIMIT 10, 20` is written `LIMIT 20 OFFSET 10`).',
  OFFSET: '`OFFSET expr`: skip this many rows first.',
  AS: '`expr AS name` names a result column; `source AS name` gives a source an alias (`AS` is optional in both).',
  JOIN: '`a JOIN b`: a join without a condition (join op `join`); the condition goes in `WHERE` (`JOIN ... ON` is an error).',
  INNER: '`a INNER JOIN b`: join op `inner`; the condition goes in `WHERE`.',
  LEFT: '`a LEFT [OUTER] JOIN b`: join op `left` (`left_outer` with OUTER); the condition goes in `WHERE`.',
  OUTER: '`a LEFT OUTER JOIN b`: join op `left_outer`.',
  CROSS: '`a CROSS JOIN b` (or `a, b`): join op `cross`.',
  ON: "`JOIN ... ON` is not in dsq: the select object's join carries no condition; put it in `WHERE`.",
  USING: '`JOIN ... USING (c)` is not in dsq: put the condition in `WHERE`.',
  AND: '`a AND b`: binary `and` (looser than NOT, tighter than OR); also `BETWEEN a AND b`.',
  OR: '`a OR b`: binary `or`, the loosest operator.',
  NOT: '`NOT a`: unary `not`; also `IS NOT`, `NOT LIKE`, `NOT REGEXP`, `NOT BETWEEN`, `NOT IN`, `NOT EXISTS`.',
  IS: '`x IS NULL`, `x IS y`: binary `is`; `x IS NOT y` is `not` of it.',
  NULL: "`NULL` (also `''`, the empty string): the null literal.",
  LIKE: '`x [NOT] LIKE pattern`: binary `like` (`%` any text, `_` one character; case follows the collation).',
  REGEXP: '`x [NOT] REGEXP pattern`: binary `regexp`.',
  BETWEEN: '`x [NOT] BETWEEN low AND high`: between (bounds included).',
  IN: '`x [NOT] IN (a, b, ...)`, `x IN ()`, `x IN (SELECT ...)`: in / in_select.',
  EXISTS: '`[NOT] EXISTS (SELECT ...)`: exists.',
  CASE: '`CASE [base] WHEN w THEN t ... [ELSE e] END`: case.',
  WHEN: '`CASE ... WHEN w THEN t ...`: one arm of a CASE.',
  THEN: '`CASE ... WHEN w THEN t ...`: the value of an arm.',
  ELSE: '`CASE ... ELSE e END`: the value when no arm matches.',
  END: '`CASE ... END`: ends a CASE.',
  COLLATE: '`expr COLLATE name`: collate (the tightest operator).',
  OPTIONS: '`statement OPTIONS (ROWS = n, USE_STRINGS = TRUE|FALSE, ECHO = TRUE|FALSE)`: makes the statement a SELECT action.',
  TRUE: '`TRUE` is an OPTIONS value only; in expressions write a comparison or `1`.',
  FALSE: '`FALSE` is an OPTIONS value only; in expressions write a comparison or `0`.',
  ALL: '`ALL` in a specifier: every database (`DATABASE_TABLE(ALL, records)`).',
  DATETIME: "`DATETIME '2024-01-31T10:30Z'` (ISO, offset optional: UTC assumed) or `DATETIME(1706697000000)` (epoch ms): a datetime.",
  TIMESTAMP: "`TIMESTAMP '2024-01-31T10:30'`: a local datetime (no offset).",
  DATE: "`DATE '2024-01-31'`: a local date.",
  TIME: "`TIME '10:30'`: a local time.",
  COLUMN: "`COLUMN(path)`, `COLUMN('any path')`: a column reference that a result alias never captures.",
  ALIAS: '`ALIAS(name)`: a reference to a result alias (or a source column name), anywhere.',
  SYSTEM_TABLE: '`SYSTEM_TABLE(name) [AS alias]`: a system table source.',
  DATABASE_TABLE: "`DATABASE_TABLE(spec, table) [AS alias]`: a database table source; spec is `12`, `'name'`, `WHERE expr`, `ALL` or `[...]`.",
  TABLE: "`TABLE('any path') [AS alias]`: a table whose path is the string as is.",
};

/**
 * What hover shows for the keyword of each kind written `KEYWORD(a, b)` (the kind table's `call`),
 * by keyword: its form, its entry's description, and, for an expression call, what it gives.
 */
export const CALL_DOCS: ReadonlyMap<string, string> = new Map(
  Object.entries(CALL_FORMS).flatMap(([kind, form]) => (form === undefined ? [] : [[form.keyword, callDoc(kind, form)] as const])),
);

function callDoc(kind: string, form: CallForm & { readonly keyword: string }): string {
  const value = form.value;
  const gives = value === undefined ? '' : `Gives ${withArticle(value.type)}${value.nullable ? ', or null' : ' (null only where an argument is null)'} · `;
  return `\`\`\`dsq\n${form.keyword}(${form.args.join(', ')})\n\`\`\`\n${form.description}\n\n${gives}kind \`${kind}\` (the kind table)`;
}

/** Words that may start an expression, besides names, literals and functions. */
export const EXPRESSION_KEYWORDS: readonly string[] = ['NOT', 'NULL', 'CASE', 'EXISTS'];

/** Forms that start an expression, written as inserted (`COLUMN(`). */
export const EXPRESSION_FORMS: readonly { label: string; insert: string; snippet: string }[] = [
  { label: 'DATE', insert: "DATE ''", snippet: "DATE '$1'" },
  { label: 'TIME', insert: "TIME ''", snippet: "TIME '$1'" },
  { label: 'TIMESTAMP', insert: "TIMESTAMP ''", snippet: "TIMESTAMP '$1'" },
  { label: 'DATETIME', insert: "DATETIME ''", snippet: "DATETIME '$1'" },
  { label: 'COLUMN', insert: 'COLUMN()', snippet: 'COLUMN($1)' },
  { label: 'ALIAS', insert: 'ALIAS()', snippet: 'ALIAS($1)' },
  // The kinds written `KEYWORD(a, b)` (the kind table's `call`): SYSTEM_COLUMN(, ), DATABASE_COLUMN(, , ), the expression calls.
  ...Object.values(CALL_FORMS).flatMap((form) =>
    form === undefined
      ? []
      : [
          {
            label: form.keyword,
            insert: `${form.keyword}(${form.args.map(() => '').join(', ')})`,
            snippet: `${form.keyword}(${form.args.map((_, i) => `$${i + 1}`).join(', ')})`,
          },
        ],
  ),
];

/** Forms that start a source in FROM. */
export const SOURCE_FORMS: readonly { label: string; insert: string; snippet: string }[] = [
  { label: 'SYSTEM_TABLE', insert: 'SYSTEM_TABLE()', snippet: 'SYSTEM_TABLE($1)' },
  { label: 'DATABASE_TABLE', insert: 'DATABASE_TABLE(, records)', snippet: 'DATABASE_TABLE($1, ${2:records})' },
  { label: 'TABLE', insert: "TABLE('')", snippet: "TABLE('$1')" },
];

/** The options of `OPTIONS (...)`. */
export const STATEMENT_OPTIONS: readonly { name: string; detail: string }[] = [
  { name: 'ROWS', detail: 'ROWS = n: rows per packet (whole number)' },
  { name: 'USE_STRINGS', detail: 'USE_STRINGS = TRUE|FALSE' },
  { name: 'ECHO', detail: 'ECHO = TRUE|FALSE' },
];

/** The reserved words (upper case): a name that is one must be quoted. */
export const RESERVED: ReadonlySet<string> = new Set(KEYWORD_NAMES);
