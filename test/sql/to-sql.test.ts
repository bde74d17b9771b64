import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DsqError } from '../../src/diagnostic/diagnostic.js';
import { fromJson } from '../../src/json/from-json.js';
import { readSchema } from '../../src/schema/read.js';
import { choicesTable, sqlText, toSql, type SqlStatement } from '../../src/sql/index.js';
import { parse } from '../../src/syntax/parse.js';

/**
 * The translator alone (no engine): every SELECT feature to SQL through the dialect table, names
 * resolved against the schema (case-insensitive, labels) and written quoted and canonical, values
 * as escaped literals; unknown names are errors with did-you-mean before anything runs.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const schema = readSchema(readFileSync(join(ROOT, 'examples', 'shop-data', 'schema.json'), 'utf8'));
const sql = (text: string, dialect: 'duckdb' | 'postgres' = 'duckdb') => {
  const s = toSql(parse(text), { schema, dialect, now: 0 });
  return s.kind === 'select' ? s.sql : sqlText(s);
};
const error = (text: string): string => {
  try {
    toSql(parse(text), { schema });
  } catch (err) {
    if (err instanceof DsqError) return err.message;
    throw err;
  }
  throw new Error(`no error for ${text}`);
};

describe('names', () => {
  it('resolves databases, fields and labels case-insensitively, and writes them quoted and canonical', () => {
    expect(sql('SELECT ID, "order amount" FROM Orders')).toBe('SELECT "Orders"."id" AS "id", "Orders"."amount" AS "amount" FROM "shop/orders" AS "Orders"');
    expect(sql('SELECT o.id FROM shop.orders AS o')).toBe('SELECT "o"."id" AS "id" FROM "shop/orders" AS "o"');
    expect(sql('SELECT id FROM orders@trash')).toContain('FROM "shop/orders@trash" AS "orders"');
    expect(sql('SELECT sku FROM orders.lines')).toContain('FROM "shop/orders.lines" AS "lines"');
  });

  it('reports unknown databases, fields and tables with did-you-mean, and ambiguous columns', () => {
    expect(error('SELECT id FROM ordres')).toMatch(/unknown database "ordres" \(did you mean "orders"/);
    expect(error('SELECT amont FROM orders')).toMatch(/no source of the FROM clause has a column "amont" \(did you mean "amount"\?\)/);
    expect(error('SELECT id FROM orders, customers')).toMatch(/"id" is in more than one source/);
    expect(error('SELECT id FROM customers@trash')).toMatch(/has no trash table/);
    expect(error('SELECT x.id FROM orders')).toMatch(/unknown database "x"/);
    expect(error('SELECT customers.id FROM orders')).toMatch(/"customers" is not a source of the FROM clause/);
    expect(error('SELECT nope(id) FROM orders')).toMatch(/unknown function NOPE/);
    expect(error('SELECT SYSTEM_COLUMN(t, c)')).toMatch(/not available in a local run/);
  });

  it('gives each source an alias unique in the statement, so an outer column is never captured by an inner source', () => {
    const s = sql(
      'SELECT id FROM orders WHERE EXISTS (SELECT 1 FROM orders AS x WHERE x.customer = customer AND EXISTS (SELECT 1 FROM orders WHERE orders.id = x.id))',
    );
    expect(s).toContain('"orders 2"');
  });
});

describe('SELECT features', () => {
  it('expressions, operators and literals', () => {
    expect(sql("SELECT 1, 1.5, 'it''s', NULL")).toBe(`SELECT CAST(1 AS BIGINT) AS "1", CAST(1.5 AS DOUBLE) AS "1.5", 'it''s' AS "'it''s'", NULL AS "NULL"`);
    expect(sql('SELECT 9223372036854775807, -9223372036854775808, 1e3')).toContain('CAST(9223372036854775807 AS BIGINT)');
    expect(sql('SELECT -9223372036854775808')).toContain('-9223372036854775808');
    expect(sql("SELECT id FROM orders WHERE status LIKE 'a%' AND status REGEXP '^p' AND NOT paid = 1 OR id BETWEEN 1 AND 2")).toContain(
      "LIKE 'a%' ESCAPE '\\'",
    );
    expect(sql("SELECT id FROM orders WHERE status REGEXP 'x'", 'postgres')).toContain(`("orders"."status" ~ 'x')`);
    expect(sql('SELECT id & 1, id | 2, id << 1, id >> 1, ~id, -id FROM orders')).toContain('("orders"."id" & CAST(1 AS BIGINT))');
    expect(sql('SELECT id FROM orders WHERE amount IS NULL')).toContain('("orders"."amount" IS NULL)');
    expect(sql("SELECT CASE status WHEN 'open' THEN 1 ELSE 0 END FROM orders")).toContain(`(CASE "orders"."status" WHEN 'open'`);
    expect(sql('SELECT id FROM orders WHERE id IN ()')).toContain('WHERE FALSE');
  });

  it('divides as floats, also whole numbers, NULL for zero (choices.ts)', () => {
    const s = toSql(parse('SELECT id / 2, price / 2 FROM orders.lines, orders'), { schema });
    expect(toSql(parse('SELECT price / 2, amount / 3 FROM orders.lines, orders'), { schema }).notes).toEqual([]);
    expect(s.kind === 'select' && s.sql).toContain('(CAST("orders"."id" AS DOUBLE) / NULLIF(CAST(CAST(2 AS BIGINT) AS DOUBLE), 0))');
    expect(s.kind === 'select' && s.columns.map((c) => c.type.name)).toEqual(['double', 'double']);
    expect(s.notes).toEqual(['division']);
    expect(sql('SELECT id / 2 FROM orders', 'postgres')).toContain(
      '(CAST("orders"."id" AS DOUBLE PRECISION) / NULLIF(CAST(CAST(2 AS BIGINT) AS DOUBLE PRECISION), 0))',
    );
  });

  it('datetime literals in every form, as one canonical literal', () => {
    expect(sql("SELECT DATETIME '2024-W01-1T10.5+02:00', DATE '2024-032', TIME '10:30,5'")).toBe(
      `SELECT TIMESTAMP '2024-01-01 08:30:00.000' AS "DATETIME '2024-W01-1T10.5+02:00'", DATE '2024-02-01' AS "DATE '2024-032'", TIME '10:30:30.000' AS "TIME '10:30,5'"`,
    );
    const ms = toSql(fromJson('{"columns":[{"e":{"$dt":1704067200000}}]}'), { schema });
    expect(ms.kind === 'select' && ms.sql).toContain("TIMESTAMP '2024-01-01 00:00:00.000'");
  });

  it('functions, with a 64-bit SUM and distinct tuples', () => {
    const s = sql(
      'SELECT SUM(id), SUM_DISTINCT(customer), AVG(id), COUNT_DISTINCT(id, customer), COUNT(*), POW(2, 3), TRUNCATE(amount, 1), CEIL(id), FLOOR(amount) FROM orders',
    );
    expect(s).toContain('CAST(sum("orders"."id") AS BIGINT)');
    expect(s).toContain('sum(DISTINCT "orders"."customer")');
    expect(s).toContain('CAST(avg("orders"."id") AS DOUBLE)');
    expect(s).toContain(
      'count(DISTINCT CASE WHEN "orders"."id" IS NOT NULL AND "orders"."customer" IS NOT NULL THEN ROW("orders"."id", "orders"."customer") END)',
    );
    expect(s).toContain('COUNT(*)');
    expect(s).toContain('floor("orders"."amount")');
  });

  it('joins, subqueries, GROUP BY/HAVING with aliases, ORDER BY with NULLs first, LIMIT/OFFSET', () => {
    const s = toSql(
      parse('SELECT c.region AS r, COUNT(*) AS n FROM orders AS o LEFT JOIN customers AS c GROUP BY r HAVING n > 1 ORDER BY r, n DESC LIMIT 2 OFFSET 1'),
      { schema },
    );
    expect(s.kind === 'select' && s.sql).toBe(
      'SELECT "c"."region" AS "r", COUNT(*) AS "n" FROM "shop/orders" AS "o" LEFT JOIN "shop/customers" AS "c" ON TRUE GROUP BY "c"."region" HAVING (COUNT(*) > CAST(1 AS BIGINT)) ORDER BY "c"."region" ASC NULLS FIRST, COUNT(*) DESC NULLS LAST LIMIT CAST(2 AS BIGINT) OFFSET CAST(1 AS BIGINT)',
    );
    expect(s.notes).toEqual(['leftJoin']);
    expect(sql('SELECT orders.id FROM orders CROSS JOIN customers AS c INNER JOIN (SELECT name AS n FROM customers)')).toContain(
      'CROSS JOIN "shop/customers" AS "c" CROSS JOIN (SELECT "customers"."name" AS "n" FROM "shop/customers" AS "customers") AS "dsq subquery"',
    );
    expect(sql('SELECT (SELECT MAX(id) FROM orders), id IN (SELECT customer FROM orders) FROM customers')).toContain('LIMIT 1)');
    expect(sql('SELECT * FROM customers')).toBe(
      'SELECT "customers"."id" AS "id", "customers"."name" AS "name", "customers"."region" AS "region" FROM "shop/customers" AS "customers"',
    );
  });

  it('an alias in WHERE is its expression (the spec: usable in where), and COLLATE NOCASE compares lower-cased text', () => {
    expect(sql('SELECT id * 2 AS twice FROM orders WHERE twice > 2')).toContain('WHERE (("orders"."id" * CAST(2 AS BIGINT)) > CAST(2 AS BIGINT))');
    expect(sql("SELECT name COLLATE NOCASE FROM customers WHERE name COLLATE NOCASE = 'ada'")).toBe(
      `SELECT "customers"."name" AS "name" FROM "shop/customers" AS "customers" WHERE (lower("customers"."name") = lower('ada'))`,
    );
    expect(error("SELECT name COLLATE de_DE FROM customers WHERE name COLLATE de_DE = 'a'")).toMatch(/unknown collation/);
  });

  it('the SELECT action: rows, use_strings and echo as options of the response', () => {
    const s = toSql(parse('SELECT id FROM orders OPTIONS (ROWS = 5, USE_STRINGS = TRUE, ECHO = TRUE)'), { schema });
    expect(s.kind === 'select' && s.options).toEqual({ rows: '5', useStrings: true, echo: true });
  });
});

describe('hostile names and values', () => {
  it('quotes names and escapes values: quotes, backslashes, ;, comments', () => {
    const hostile = 'x\'; DROP TABLE t; -- \\ /* */ "';
    const s = toSql(fromJson(JSON.stringify({ columns: [{ e: hostile, alias: hostile }] })), { schema });
    expect(s.kind === 'select' && s.sql).toBe(`SELECT 'x''; DROP TABLE t; -- \\ /* */ "' AS "x'; DROP TABLE t; -- \\ /* */ """`);
  });

  it('a NUL is chr(0) on DuckDB, an error on PostgreSQL (its text cannot hold one)', () => {
    const select = fromJson(JSON.stringify({ columns: [{ e: 'a\u0000b', alias: 'v' }] }));
    const d = toSql(select, { schema, dialect: 'duckdb' }) as Extract<SqlStatement, { kind: 'select' }>;
    expect(d.sql).toBe(`SELECT ('a' || chr(0) || 'b') AS "v"`);
    expect(() => toSql(select, { schema, dialect: 'postgres' })).toThrow(/NUL/);
    expect(() => toSql(fromJson(JSON.stringify({ columns: [{ e: 1, alias: 'a\u0000' }] })), { schema })).toThrow(/NUL/);
  });
});

describe('FETCH and writes', () => {
  it('FETCH records: fields, attributes, records and where ANDed, record_id last, the default limit', () => {
    const s = toSql(parse("FETCH RECORDS FROM orders WHERE status = 'open' ORDER BY placed DESC"), { schema });
    expect(s.kind === 'fetch' && s.fetch.sql).toMatch(/ORDER BY "orders"."placed" DESC NULLS LAST, "orders"."record_id" ASC LIMIT CAST\(1000 AS BIGINT\)$/);
  });

  it('a write is the steps of one transaction', () => {
    const text = sql("INSERT INTO orders (id, customer, placed) VALUES (9, 1, '2024-01-01T00:00:00Z')");
    expect(text.startsWith('BEGIN TRANSACTION;')).toBe(true);
    expect(text.endsWith('COMMIT;')).toBe(true);
    expect(text).toContain('-- check: no row may come back');
  });

  it('the Errors table rows decided before anything runs', () => {
    expect(error('DELETE FROM customers@trash')).toBeTruthy();
    expect(error('TRASH FROM customers WHERE id = 1')).toMatch(/needs the trash feature/);
    expect(error('RESTORE FROM customers WHERE id = 1')).toMatch(/needs the trash feature/);
    expect(error("UPDATE orders SET status = 'x', STATUS = 'y' WHERE id = 1")).toMatch(/status/);
    expect(error('UPDATE orders SET status = \'x\', "Order amount" = 1, amount = 2 WHERE id = 1')).toMatch(/names the field "amount" more than once/);
  });
});

describe('docs/run.md', () => {
  it('the other fetch types run no SQL: dsq sql says what they answer, and the note is given', () => {
    const s = toSql(fromJson({ action: 'fetch', fetch: 'tasks', count: true }), { schema });
    expect(sqlText(s)).toBe('-- a local run has no tasks: {"count": 0}, with no SQL');
    expect(s.notes).toEqual(['otherFetches']);
    expect(sqlText(toSql(fromJson({ action: 'fetch', fetch: 'crons' }), { schema }))).toBe('-- a local run has no crons: an empty array, with no SQL');
  });

  it('prints the table of choices the translator reads (src/sql/choices.ts)', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'run.md'), 'utf8');
    const section = /<!-- choices -->\n([\s\S]*?)\n<!-- \/choices -->/.exec(doc)?.[1];
    expect(section).toBe(choicesTable());
  });
});
