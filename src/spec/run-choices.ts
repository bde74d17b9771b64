/**
 * The one table of what `dsq run` chooses where the spec is silent. docs/run.md prints it (a test
 * holds the two to each other), the translator reads it: each choice a statement relies on that
 * can surprise (`warn`) is reported by `toSql` in `notes`, and `dsq run` says it once per run.
 */
export interface Choice {
  /** What the choice is about. */
  readonly topic: string;
  /** What dsq run does, in a sentence or two (Markdown). */
  readonly choice: string;
  /** When set, the warning said once per run to a statement that relies on the choice. */
  readonly warn?: string;
}

export const CHOICES = {
  join: {
    topic: 'JOIN, INNER JOIN, CROSS JOIN, `,`',
    choice: "The select object's join has no condition: each is a cross join, and the condition goes in `where`.",
  },
  leftJoin: {
    topic: 'LEFT [OUTER] JOIN',
    choice:
      '`LEFT JOIN s2 ON TRUE`: every row of s1 pairs with every row of s2 (a `where` condition filters the pairs); a row of s1 is kept, with NULLs for s2, only when s2 has no rows.',
    warn: 'LEFT JOIN has no condition in the select object: every row pairs with every row of the right source, and a left row is kept with NULLs only when the right source is empty (docs/run.md)',
  },
  nullOrder: {
    topic: 'NULL in ORDER BY',
    choice: 'NULL is the smallest value: first in ascending order, last in descending order.',
  },
  ties: {
    topic: 'Ties',
    choice:
      "Rows that tie on every ORDER BY term come in the engine's order (`--expect` compares each run of them as a multiset), and under LIMIT which of them make the cut is the engine's choice. FETCH records and multirecords sort by `record_id` last, so their order is total.",
  },
  division: {
    topic: 'Division',
    choice:
      '`/` divides as 64-bit floats, also two whole numbers (`7 / 2` is 3.5: dsq has no float literal for a whole value, `7.0` is the whole number 7); `%` of whole numbers is a whole number with the sign of the dividend (of floats, a float).',
    warn: '"/" gives a float, also of two whole numbers (7 / 2 is 3.5); for a whole quotient write FLOOR(a / b) or TRUNCATE(a / b, 0) (docs/run.md)',
  },
  divisionByZero: {
    topic: 'Division by zero',
    choice: '`/` and `%` by zero yield NULL.',
  },
  overflow: {
    topic: 'Whole numbers past 64 bits',
    choice:
      "Every whole-number field is a 64-bit integer in the engine. `+`, `-`, `*`, SUM and SUM_DISTINCT past the signed 64-bit range are errors (the spec's whole-number range); so is a float result outside the 64-bit float range.",
  },
  comparisons: {
    topic: 'Comparing values of different kinds',
    choice:
      "A comparison (`=`, `<`, IN, BETWEEN) of text with a number, or of a time with a date, is an error: the engines' implicit casts differ (DuckDB reads `'7'` as 7, PostgreSQL refuses).",
  },
  booleans: {
    topic: 'Booleans',
    choice: 'The expressions have no boolean literal: a `bool` field compared with a whole number compares as 1 (true) or 0 (false).',
  },
  like: {
    topic: 'LIKE',
    choice: 'Case-sensitive; `%` any text, `_` one character, a backslash escapes `%`, `_` or itself.',
  },
  regexp: {
    topic: 'REGEXP',
    choice:
      'True when the pattern matches anywhere in the text (add `^`/`$` to anchor). DuckDB reads RE2 syntax, PostgreSQL its POSIX regular expressions: literal characters, `.`, `[...]`, `*`, `+`, `?`, `|`, `(...)`, `^` and `$` mean the same in both.',
  },
  collation: {
    topic: 'COLLATE',
    choice:
      'Text compares by code point. `COLLATE NOCASE` compares the lower-cased texts, `COLLATE BINARY` by code point, `COLLATE RTRIM` without trailing spaces; any other collation is an error. In a result column the text itself is returned.',
  },
  scalarSubquery: {
    topic: 'Scalar subquery',
    choice: 'The first column of the first row (the spec\'s words); NULL when there is no row. Without ORDER BY, "first" is the engine\'s first.',
  },
  emptyIn: {
    topic: '`IN ()`',
    choice: 'An empty list is false, also for NULL (the spec: "always yields false").',
  },
  aggregates: {
    topic: 'Functions',
    choice:
      "AVG, STDDEV_*, VAR_* and POW give floats; COUNT and COUNT_DISTINCT whole numbers; SUM, MIN, MAX the operand's type. CEIL and FLOOR (marked aggregate in the spec's table) round each value. TRUNCATE(x, d) drops the digits after the d-th decimal toward zero (d < 0: tens, hundreds). COUNT_DISTINCT(a, b, ...) counts distinct tuples with no NULL element. Other function names are errors.",
  },
  selectAll: {
    topic: '`SELECT *`',
    choice: "The fields of each source in schema order (a subquery's columns); record attributes are selected by name.",
  },
  header: {
    topic: 'Result column names and types',
    choice:
      "The alias, else the field's name, else the expression as dsq prints it. A field's type is its type name in the schema; an expression's is `int(8)`, `double`, `decimal`, `bool`, `utf8text`, `datetime`, `localdatetime`, `localdate`, `localtime` or `unknown`.",
  },
  datetimes: {
    topic: 'Datetimes',
    choice:
      'Instants are stored in UTC with milliseconds and written `2024-01-31T10:30:00.000Z`; local datetimes `2024-01-31T10:30:00.000`, local dates `2024-01-31`, local times `10:30:00.000`. Years run from 0001 to 9999 (what ISO text with a 4-digit year writes); a `$dt` in milliseconds, or an offset, outside them is an error.',
  },
  attributes: {
    topic: 'Record attributes',
    choice:
      "`record_id`, `database_id` (the database's place in the schema, from 1, parents before children), `insert_at`, `update_at` and `tags` are stored; `file_size`, `file_type`, `file_url` and `file_key` are NULL (no file store). A child record names its parent in `parent_id` (a data file's column); records as written have no parent in the spec, so a record an INSERT, REPLACE or SET adds to a child database has none (`parent_id` NULL) and comes only with FETCH of that database.",
  },
  unavailable: {
    topic: 'What a local run cannot do',
    choice: 'System tables and columns, blobs, files, database parameter columns and record `name` specifiers are errors that say so.',
  },
  otherFetches: {
    topic: 'Other fetch types',
    choice:
      'A local run has sample data and no other resource: FETCH `tasks`, `users`, `crons`, `seqs`, `pref_defs`, `prefs`, `follows`, `keys`, `notifications`, `posts`, `user_subscriptions` and `logs` answer an empty array (`{"count": 0}` with `count`). A database, its records and a group they name are checked against the schema; a user or a team named is an error (there are none; absent means the current user).',
    warn: 'a local run has no tasks, users, crons, walls, posts, notifications or logs: this FETCH answers an empty array (docs/run.md)',
  },
  delimited: {
    topic: 'Delimited records',
    choice:
      "Records given as `csv`, `tsv` or `dsv` data are read as RFC 4180 with the delimiter (a comma, a tab, or `delimiter`) and the quote (`\"`, or `quote`): the first line names the columns, fields by name or label, each once; an empty field is NULL; values are read as a CSV data file's are. The data is a text or base64 object's content; an uploaded object is an error (no object store).",
  },
  packets: {
    topic: 'SELECT response',
    choice:
      '`{"header": [{"name", "type"}...], "rows": [[...]...]}`: the packets merged (all rows in one array, whatever `rows` says); with `echo` the SQL run is in `query` beside them.',
  },
  writeResult: {
    topic: 'Write response',
    choice: 'The counts of what the action did, by name (`inserted`, `updated`, `deleted`, `trashed`, `restored`, `disposed`).',
  },
  batchDuplicates: {
    topic: 'Duplicate keys within one action',
    choice:
      'Two records of one INSERT, REPLACE or SET with the same key make the action fail. A record that gives a key field no value (nor a default) fails it too.',
  },
  noKey: {
    topic: 'A database without key fields',
    choice: 'No record is a duplicate of another: INSERT, REPLACE and SET insert every record; SET removes every existing one first, per on_remove.',
  },
  failNoOp: {
    topic: '`fail_no_op` beside UPDATE',
    choice: 'An action that would change nothing fails: INSERT, REPLACE and SET with no records; DELETE, TRASH, RESTORE and DISPOSE that match no record.',
  },
  clock: {
    topic: '`insert_at`, `update_at`',
    choice: 'The time the action starts (one value for every record it writes), unless `openLocal({ now })` fixes it.',
  },
} as const satisfies Record<string, Choice>;

export type ChoiceId = keyof typeof CHOICES;

/** The table as docs/run.md prints it, between `<!-- choices -->` markers. */
export function choicesTable(): string {
  const rows = Object.values(CHOICES).map((c: Choice) => `| ${c.topic} | ${c.choice} |`);
  return ['| Where the spec is silent | What `dsq run` does |', '|---|---|', ...rows].join('\n');
}
