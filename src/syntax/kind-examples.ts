import type { NodeKind } from '../ast/nodes.js';

/**
 * The parser's entry in the one-declaration-per-kind scheme (src/ast/kinds.ts): for every node
 * kind, a statement whose text the parser reads into a tree holding a node of that kind. The
 * parser is hand-written, so nothing else makes it name the kinds; this table does: a new kind
 * does not compile until it has an example here, and test/syntax/kind-examples.test.ts fails
 * until the parser actually reads the example into that kind. grammar/reference.md's examples
 * and the round-trip properties cover the rest of each form.
 */
export const KIND_EXAMPLES: { readonly [K in NodeKind]: string } = {
  null: 'SELECT NULL',
  number: 'SELECT 1',
  string: "SELECT 'a'",
  datetime: "SELECT DATETIME '2024-01-02T03:04:05Z'",
  localdatetime: "SELECT TIMESTAMP '2024-01-02T03:04:05'",
  localdate: "SELECT DATE '2024-01-02'",
  localtime: "SELECT TIME '03:04:05'",
  column: 'SELECT a.b',
  system_column: 'SELECT SYSTEM_COLUMN(t, c)',
  database_column: "SELECT DATABASE_COLUMN(1, t, 'c')",
  alias: 'SELECT ALIAS(total) FROM t',
  between: 'SELECT a BETWEEN 1 AND 2',
  binary: 'SELECT a + 1',
  case: 'SELECT CASE WHEN a THEN 1 END',
  when: 'SELECT CASE WHEN a THEN 1 END',
  collate: 'SELECT a COLLATE nocase',
  count_rows: 'SELECT COUNT(*)',
  exists: 'SELECT EXISTS (SELECT 1)',
  function: 'SELECT LOWER(a)',
  in: 'SELECT a IN (1, 2)',
  in_select: 'SELECT a IN (SELECT b FROM t)',
  subquery: 'SELECT (SELECT 1)',
  unary: 'SELECT NOT a',
  spec_all: "SELECT DATABASE_COLUMN(ALL, t, 'c')",
  spec_id: "SELECT DATABASE_COLUMN(1, t, 'c')",
  spec_name: "SELECT DATABASE_COLUMN('db', t, 'c')",
  spec_where: "SELECT DATABASE_COLUMN(WHERE a = 1, t, 'c')",
  spec_array: "SELECT DATABASE_COLUMN([1, 2], t, 'c')",
  result_column: 'SELECT a',
  order_term: 'SELECT a FROM t ORDER BY a DESC',
  table: 'SELECT a FROM t',
  table_system: 'SELECT a FROM SYSTEM_TABLE(t)',
  table_database: 'SELECT a FROM DATABASE_TABLE(1, t)',
  join: 'SELECT a FROM t CROSS JOIN u',
  select_source: 'SELECT a FROM (SELECT a FROM t)',
  select: 'SELECT a FROM t',
  select_action: 'SELECT a FROM t OPTIONS (ROWS = 10)',
};
