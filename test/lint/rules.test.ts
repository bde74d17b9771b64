import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/lint/registry.js';
import { SCHEMA, findings, positions } from './helpers.js';

/**
 * Every rule with cases it must report (with the 1-based line:col of each finding) and cases it
 * must leave alone. Schema rules run with test/lint/fixtures/schema.json.
 */
interface Cases {
  readonly schema?: boolean;
  readonly invalid: readonly (readonly [text: string, at: readonly string[]])[];
  readonly valid: readonly string[];
}

const CASES: Record<string, Cases> = {
  'syntax-error': {
    invalid: [
      ['SELECT a FROM WHERE b', ['1:15']],
      ['SELECT a FROM t WHERE;\nSELECT b FROM u WHERE c = 1 +;\nSELECT (;', ['1:22', '2:', '3:']],
    ],
    valid: ['SELECT a FROM t WHERE b = 1'],
  },
  'unknown-function': {
    invalid: [
      ['SELECT AVERAGE(x) FROM t', ['1:8']],
      ['SELECT a FROM t WHERE lower(a) = 1', ['1:23']],
    ],
    valid: ['SELECT AVG(x), pow(x, 2), COUNT(DISTINCT a, b), COUNT(*) FROM t', 'SELECT SUM(DISTINCT x), AVG(DISTINCT y) FROM t'],
  },
  'function-arity': {
    invalid: [
      ['SELECT POW(x) FROM t', ['1:8']],
      ['SELECT SUM(a, b), TRUNCATE(1, 2, 3) FROM t', ['1:8', '1:19']],
      ['SELECT AVG() FROM t', ['1:8']],
    ],
    valid: ['SELECT POW(x, 2), TRUNCATE(x, 1), COUNT(DISTINCT a, b, c), MAX(x) FROM t'],
  },
  'misplaced-aggregate': {
    invalid: [
      ['SELECT a FROM t WHERE SUM(b) > 1', ['1:23']],
      ['SELECT a FROM t WHERE COUNT(*) > 1', ['1:23']],
      ['SELECT COUNT(*) FROM t GROUP BY MAX(b)', ['1:33']],
      ['SELECT SUM(COUNT(*)) FROM t', ['1:12']],
      ['SELECT MAX(AVG(x)) FROM t GROUP BY a', ['1:12']],
      ['SELECT a, COUNT(*) AS n FROM t GROUP BY a, n', ['1:44']],
    ],
    valid: [
      'SELECT a, SUM(b) FROM t GROUP BY a HAVING SUM(b) > 1 ORDER BY SUM(b)',
      'SELECT a FROM t WHERE b > (SELECT AVG(b) FROM t)',
      'SELECT SUM((SELECT MAX(x) FROM u)) FROM t',
    ],
  },
  'ungrouped-column': {
    invalid: [
      ['SELECT a, b, SUM(c) FROM t GROUP BY a', ['1:11']],
      ['SELECT a + b AS s FROM t GROUP BY a', ['1:12']],
      ['SELECT * FROM t GROUP BY a', ['1:1']],
      ['SELECT o.region, p.region FROM orders o, people p GROUP BY o.region', ['1:18']],
    ],
    valid: [
      'SELECT a, SUM(c) FROM t GROUP BY a',
      'SELECT a + b AS s, COUNT(*) FROM t GROUP BY a + b',
      'SELECT a + b AS s FROM t GROUP BY s',
      'SELECT a, MAX(b) + 1, 42 FROM t GROUP BY a',
      'SELECT a, b FROM t',
      'SELECT a, (SELECT MAX(x) FROM u) FROM t GROUP BY a',
      'SELECT region, o.kind, COUNT(*) FROM orders o GROUP BY o.region, kind',
    ],
  },
  'permanent-write': {
    invalid: [
      ['DELETE FROM t WHERE a = 1', ['1:1']],
      ['SELECT 1; DISPOSE FROM t RECORDS [1, 2]', ['1:11']],
      ['DELETE FROM t', ['1:1']],
      ['DROP GROUP g', ['1:1']],
      ['DROP DATABASE d CHILDREN', ['1:1']],
      ["DROP TEAM 'ops'", ['1:1']],
      ['DROP USER 4', ['1:1']],
      ['ALTER DATABASE d RESET PARTITIONS [2020]', ['1:1']],
    ],
    valid: [
      'TRASH FROM t WHERE a = 1',
      'RESTORE FROM t RECORDS [1]',
      'UPDATE t SET a = 1 WHERE id = 1',
      'SELECT a FROM t',
      'ALTER DATABASE d ORDER FIELDS a, b',
      'SCHEMA',
    ],
  },
  'alter-fields-slow': {
    invalid: [
      ['ALTER DATABASE d ADD FIELDS a int(4)', ['1:1']],
      ['SCHEMA; ALTER DATABASE d DROP FIELDS a', ['1:9']],
    ],
    valid: ['ALTER DATABASE d ORDER FIELDS a, b', 'ALTER DATABASE d RESET PARTITIONS ALL', 'SCHEMA'],
  },
  'if-condition-columns': {
    invalid: [
      ['IF (SELECT * FROM t) THEN TRASH FROM d RECORDS 1', ['1:5']],
      ['IF (SELECT 1) THEN TRASH FROM d RECORDS 1 ELSE IF (SELECT a, b FROM t) THEN TRASH FROM d RECORDS 2', ['1:52']],
    ],
    valid: ['IF (SELECT COUNT(*) > 0 FROM t) THEN TRASH FROM d RECORDS 1', 'SELECT a, b FROM t'],
  },
  'task-ignore': {
    invalid: [
      ['CANCEL TASKS 1, 2', ['1:1']],
      ['SELECT 1; CLEAN TASKS REF 7', ['1:11']],
    ],
    valid: ['CANCEL TASKS 1', 'CANCEL TASKS REF 7 OPTIONS (IGNORE = FALSE)', 'CLEAN TASKS 1, 2 OPTIONS (IGNORE = TRUE)'],
  },
  'fetch-without-limit': {
    invalid: [
      ['FETCH RECORDS FROM t', ['1:1']],
      ["SELECT 1; FETCH RECORDS FROM t WHERE a = 'x' ORDER BY a OFFSET 10", ['1:11']],
      ['FETCH RECORDS FROM t OPTIONS (COUNT = FALSE)', ['1:1']],
      ['FETCH RECORDS FROM t RECORDS ALL', ['1:1']],
      ['FETCH RECORDS FROM t RECORDS [1, WHERE a > 1]', ['1:1']],
      ['FETCH USERS WHERE a = 1', ['1:1']],
    ],
    valid: [
      'FETCH RECORDS FROM t LIMIT 10',
      'FETCH RECORDS FROM t LIMIT 5000 OFFSET 1000',
      'SELECT a FROM t',
      'FETCH PSEUDORECORDS FROM (SELECT a FROM t)',
      // A count, not records: the limit cannot cut it short.
      'FETCH COUNT RECORDS FROM t',
      'FETCH RECORDS FROM t OPTIONS (COUNT = TRUE)',
      'FETCH COUNT MULTIRECORDS FROM ALL',
      'FETCH COUNT TASKS',
      'FETCH COUNT TASKS WHERE a = 1',
      // Single records and users: fewer than the limit by their specifier.
      'FETCH RECORDS FROM t RECORDS 7',
      'FETCH RECORDS FROM t RECORDS KEY(id = 1)',
      "FETCH RECORDS FROM t RECORDS [1, 'r2', KEY(id = 3)] WHERE a = 1",
      "FETCH USERS 'bob'",
      'FETCH USERS [1, 2]',
    ],
  },
  'write-without-where': {
    invalid: [
      ['DELETE FROM t', ['1:1']],
      ['SELECT 1; UPDATE t SET a = 1', ['1:11']],
    ],
    valid: ['DELETE FROM t WHERE a = 1', 'DELETE FROM t RECORDS ALL', 'UPDATE t SET a = 1 RECORDS [1, 2]', 'TRASH FROM t RECORDS KEY(id = 1)'],
  },
  'field-set-twice': {
    schema: true,
    invalid: [
      ['UPDATE hr.people SET age = 1, "Age in years" = 2 WHERE name = \'a\'', ['1:1']],
      ['INSERT INTO people (name, age, "age in years") VALUES (\'a\', 1, 2)', ['1:55']],
    ],
    valid: ["UPDATE hr.people SET age = 1 WHERE name = 'a'", 'UPDATE nowhere SET age = 1, "Age in years" = 2 WHERE a = 1'],
  },
  'trash-without-feature': {
    schema: true,
    invalid: [
      ['TRASH FROM people WHERE age > 99', ['1:1']],
      ['SELECT 1; SELECT name FROM hr.people@trash', ['1:28']],
    ],
    valid: ['TRASH FROM sales.orders WHERE id = 1', 'SELECT id FROM orders@trash', 'DELETE FROM people WHERE age > 99', 'TRASH FROM nowhere WHERE a = 1'],
  },
  'alter-fields-schema': {
    schema: true,
    invalid: [
      // The Errors row "add_fields with duplicate names or labels", against the existing fields (names and labels, without case).
      ['ALTER DATABASE sales.orders ADD FIELDS Region utf8text', ['1:40']],
      ["ALTER DATABASE hr.people ADD FIELDS years int(4) LABEL 'age in years'", ['1:37']],
      // The Errors row "drop_fields of a key field or of all fields".
      ['ALTER DATABASE sales.orders DROP FIELDS id', ['1:41']],
      ["ALTER DATABASE hr.people DROP FIELDS ['name', 'AGE']", ['1:38']],
      ['ALTER DATABASE hr.people DROP FIELDS ALL', ['1:38']],
    ],
    valid: [
      'ALTER DATABASE sales.orders ADD FIELDS note utf8text',
      "ALTER DATABASE sales.orders DROP FIELDS ['region', 'amount']",
      'ALTER DATABASE hr.people DROP FIELDS age',
      'ALTER DATABASE nowhere DROP FIELDS id',
      'ALTER DATABASE sales.orders DROP FIELDS 3',
    ],
  },
  'drop-with-children': {
    schema: true,
    invalid: [
      ['DROP DATABASE sales.orders', ['1:1']],
      ['DROP GROUP sales', ['1:1']],
      ['DROP GROUP hr OPTIONS (CHILDREN = FALSE)', ['1:1']],
    ],
    valid: [
      'DROP DATABASE sales.orders CHILDREN',
      'DROP GROUP sales CHILDREN',
      'DROP DATABASE hr.people',
      'DROP DATABASE sales.orders.lines',
      'DROP GROUP nowhere',
      'DROP DATABASE 12',
    ],
  },
  'insert-missing-key': {
    schema: true,
    invalid: [["INSERT INTO sales.orders (customer) VALUES ('ada')", ['1:44']]],
    valid: ["INSERT INTO sales.orders (id, customer) VALUES (1, 'ada')", "INSERT INTO nowhere (customer) VALUES ('ada')"],
  },
  'having-without-group': {
    invalid: [['SELECT a FROM t HAVING b > 1', ['1:24']]],
    valid: ['SELECT a FROM t GROUP BY a HAVING a > 1', 'SELECT COUNT(*) FROM t HAVING COUNT(*) > 1', 'SELECT a FROM t WHERE b > 1'],
  },
  'quoted-text': {
    invalid: [
      ['SELECT a FROM t WHERE b = "hello world"', ['1:27']],
      ['SELECT a FROM t WHERE b LIKE "a%" OR c IN (1, "x y")', ['1:30', '1:47']],
    ],
    valid: ['SELECT a FROM t WHERE "first name" = \'Bob\'', 'SELECT a FROM t WHERE b = "paid"', 'SELECT "a b" FROM t', 'SELECT a FROM t WHERE "a b".c = d'],
  },
  'null-comparison': {
    invalid: [
      ['SELECT a FROM t WHERE b = NULL', ['1:23']],
      ['SELECT a FROM t WHERE b != NULL OR NULL = c', ['1:23', '1:36']],
      ['SELECT a FROM t WHERE b <> NULL', ['1:23']],
      ['SELECT a FROM t WHERE b > NULL OR NULL <= c', ['1:23', '1:35']],
    ],
    valid: ['SELECT a FROM t WHERE b IS NULL AND c IS NOT NULL', 'SELECT a FROM t WHERE b = 0'],
  },
  'empty-string': {
    invalid: [
      ["SELECT a FROM t WHERE b LIKE ''", ['1:30']],
      ["SELECT '' AS x FROM t", ['1:8']],
    ],
    valid: ["SELECT a FROM t WHERE b = 'x' AND c IS NULL", "SELECT 'it''s' FROM t"],
  },
  'unknown-alias': {
    invalid: [
      ['SELECT a AS x FROM (SELECT a FROM t) ORDER BY ALIAS(y)', ['1:47']],
      ['SELECT 1 AS one WHERE ALIAS(two) = 1', ['1:23']],
    ],
    valid: [
      'SELECT a AS x FROM t WHERE ALIAS(x) > 1',
      'SELECT a FROM t WHERE ALIAS(anything) > 1',
      'SELECT b FROM (SELECT a AS b, c FROM t) WHERE ALIAS(c) = 1',
      'SELECT a AS x FROM t ORDER BY x',
    ],
  },
  'duplicate-alias': {
    invalid: [
      ['SELECT a AS x, b AS x FROM t', ['1:16']],
      ['SELECT a AS x, b AS X, c AS x FROM t', ['1:16', '1:24']],
    ],
    valid: ['SELECT a AS x, b AS y, c FROM t', 'SELECT a AS x FROM (SELECT b AS x FROM t)'],
  },
  'alias-as-column': {
    invalid: [['SELECT a * 2 AS d FROM t WHERE d > 1', ['1:32']]],
    valid: [
      'SELECT a * 2 AS d FROM t WHERE ALIAS(d) > 1',
      'SELECT a * 2 AS d FROM t WHERE COLUMN(d) > 1',
      'SELECT a AS a FROM t WHERE a > 1',
      "SELECT id, name COLLATE NOCASE AS name FROM t WHERE name LIKE 'Mc%'",
      'SELECT a * 2 AS d FROM t ORDER BY d',
      'SELECT a * 2 AS d FROM (SELECT a, d FROM t) WHERE d > 1',
    ],
  },
  'invalid-limit': {
    invalid: [
      ['SELECT a FROM t LIMIT -1', ['1:23']],
      ['SELECT a FROM t LIMIT 2.5 OFFSET 1.5', ['1:23', '1:34']],
      ['SELECT a FROM t LIMIT b', ['1:23']],
      ["SELECT a FROM t LIMIT 10 OFFSET '5'", ['1:33']],
    ],
    valid: ['SELECT a FROM t LIMIT 10 OFFSET 0', 'SELECT a FROM t LIMIT 1e3', 'SELECT a FROM t LIMIT 9223372036854775807', 'SELECT a FROM t LIMIT 10.0'],
  },
  'empty-in-list': {
    invalid: [
      ['SELECT a FROM t WHERE b IN ()', ['1:23']],
      ['SELECT a FROM t WHERE b NOT IN ()', ['1:23']],
    ],
    valid: ['SELECT a FROM t WHERE b IN (1, 2)', 'SELECT a FROM t WHERE b IN (SELECT c FROM u)'],
  },
  'reversed-between': {
    invalid: [
      ['SELECT a FROM t WHERE b BETWEEN 10 AND 2', ['1:23']],
      ['SELECT a FROM t WHERE b BETWEEN 9007199254740993 AND 9007199254740992', ['1:23']],
      ["SELECT a FROM t WHERE b BETWEEN 'z' AND 'a'", ['1:23']],
      ["SELECT a FROM t WHERE b BETWEEN DATE '2024-12-01' AND DATE '2024-01-01'", ['1:23']],
      ['SELECT a FROM t WHERE b NOT BETWEEN 1.5 AND 1.25', ['1:23']],
    ],
    valid: [
      'SELECT a FROM t WHERE b BETWEEN 2 AND 10',
      'SELECT a FROM t WHERE b BETWEEN 9007199254740992 AND 9007199254740993',
      'SELECT a FROM t WHERE b BETWEEN 3 AND 3',
      "SELECT a FROM t WHERE b BETWEEN DATE '2024-12' AND DATE '2024-01-01'",
      "SELECT a FROM t WHERE b BETWEEN DATETIME '2024-01-01T10:00+05:00' AND DATETIME '2024-01-01T09:00Z'",
      'SELECT a FROM t WHERE b BETWEEN c AND 1',
    ],
  },
  'like-without-wildcard': {
    invalid: [
      ["SELECT a FROM t WHERE b LIKE 'abc'", ['1:30']],
      ["SELECT a FROM t WHERE b NOT LIKE 'x'", ['1:34']],
    ],
    valid: ["SELECT a FROM t WHERE b LIKE 'a%' OR b LIKE '_b' OR b LIKE c"],
  },
  'invalid-regexp': {
    invalid: [
      ["SELECT a FROM t WHERE b REGEXP '(ab'", ['1:32']],
      ["SELECT a FROM t WHERE b REGEXP '*a'", ['1:32']],
    ],
    valid: ["SELECT a FROM t WHERE b REGEXP '^(ab|cd)+$' AND c REGEXP d"],
  },
  'datetime-without-offset': {
    invalid: [
      ["SELECT a FROM t WHERE b > DATETIME '2024-01-31T10:30'", ['1:27']],
      ["SELECT DATETIME '2024-01-31' FROM t", ['1:8']],
    ],
    valid: [
      "SELECT a FROM t WHERE b > DATETIME '2024-01-31T10:30Z' AND c < DATETIME '2024-01-31T10:30+01:00'",
      "SELECT a FROM t WHERE b > TIMESTAMP '2024-01-31T10:30' AND c > DATETIME(1706697000000)",
    ],
  },
  'type-mismatch': {
    schema: true,
    invalid: [
      ["SELECT id FROM sales.orders WHERE amount > '100'", ['1:44']],
      ['SELECT id FROM sales.orders WHERE customer = 5', ['1:46']],
      ['SELECT id FROM sales.orders o WHERE o.placed_at > 1706697000000', ['1:51']],
      ["SELECT id FROM sales.orders WHERE id IN (1, '2', 3)", ['1:45']],
      ["SELECT id FROM sales.orders WHERE amount BETWEEN 'a' AND 10", ['1:50']],
      ['SELECT id FROM sales.orders WHERE 5 = region', ['1:35']],
    ],
    valid: [
      "SELECT id FROM sales.orders WHERE amount > 100 AND customer = 'x' AND placed_at > DATETIME '2024-01-01T00:00Z'",
      "SELECT id FROM sales.orders WHERE placed_at > '2024-01-01'",
      "SELECT id FROM t WHERE amount > 'x'",
    ],
  },
  'param-type-mismatch': {
    schema: true,
    invalid: [
      ['SELECT id FROM sales.orders WHERE amount > :p OR region = :p', ['1:59']],
      ['-- @param since integer\nSELECT id FROM sales.orders WHERE placed_at > :since', ['2:47']],
      ['SELECT id FROM sales.orders WHERE customer IN :c AND amount BETWEEN :c AND 5', ['1:69']],
      // Where the AST holds a value: LIMIT, OFFSET, ROWS take whole numbers; a key value its field's kind.
      ['-- @param n string\nSELECT id FROM sales.orders LIMIT :n', ['2:35']],
      ['-- @param n number\nFETCH USERS OFFSET :n', ['2:20']],
      ['-- @param r datetime\nSELECT id FROM sales.orders OPTIONS (ROWS = :r)', ['2:45']],
      ['-- @param a string\nFETCH RECORDS FROM sales.orders RECORDS KEY(amount = :a)', ['2:54']],
    ],
    valid: [
      'SELECT id FROM sales.orders WHERE amount > :min AND region = :region LIMIT :n',
      '-- @param n integer\nFETCH RECORDS FROM sales.orders RECORDS KEY(amount = :a) LIMIT :n OFFSET :n',
      'SELECT id FROM sales.orders OPTIONS (ROWS = :r)',
      'SELECT id FROM sales.orders WHERE amount > :p OR amount < :p',
      '-- @param since datetime\nSELECT id FROM sales.orders WHERE placed_at > :since',
      'SELECT id FROM t WHERE amount > :p AND region = :p',
    ],
  },
  'unknown-database': {
    schema: true,
    invalid: [
      ['SELECT a FROM sales.ordrs', ['1:15']],
      ['SELECT x.amount FROM sales.orders o', ['1:8']],
      ["SELECT a FROM DATABASE_TABLE('ordres', records)", ['1:15']],
    ],
    valid: [
      'SELECT customer FROM sales.orders',
      'SELECT customer FROM orders',
      'SELECT o.customer FROM sales.orders o',
      'SELECT orders.customer FROM sales.orders',
      'SELECT product FROM orders.lines',
      'SELECT customer FROM SYSTEM_TABLE(users)',
      'SELECT people.name FROM sales.orders',
    ],
  },
  'unknown-table': {
    schema: true,
    invalid: [['SELECT customer FROM sales.orders@trashed', ['1:22']]],
    valid: ['SELECT customer FROM sales.orders@trash', 'SELECT customer FROM sales.orders@records'],
  },
  'local-run-choice': {
    invalid: [
      ['SELECT 7 / 2', ['1:8']],
      ['SELECT a FROM t LEFT JOIN u', ['1:15']],
      ['FETCH TASKS', ['1:1']],
    ],
    valid: ['SELECT 7.5 / 2', 'SELECT a / 2 FROM t', 'SELECT a FROM t JOIN u', 'SELECT TRUNCATE(7 / 2, 0)', 'FETCH RECORDS FROM t LIMIT 1'],
  },
  'suppression-comment': {
    invalid: [['-- dsq-disable-next-line empty-in-list\nSELECT a FROM t', ['1:1']]],
    valid: ['-- dsq-disable-next-line empty-in-list\nSELECT a FROM t WHERE b IN ()', '-- an ordinary comment\nSELECT a FROM t'],
  },
  'unknown-field': {
    schema: true,
    invalid: [
      ['SELECT custmer FROM sales.orders', ['1:8']],
      ['SELECT o.amout FROM sales.orders o', ['1:8']],
      ['SELECT reciept:size FROM sales.orders', ['1:8']],
      ['SELECT id FROM sales.orders WHERE EXISTS (SELECT 1 FROM hr.people WHERE nam = customer)', ['1:73']],
    ],
    valid: [
      'SELECT customer, record_id, insert_at, file_size, invoice:size FROM sales.orders',
      'SELECT name FROM hr.people WHERE EXISTS (SELECT 1 FROM sales.orders WHERE customer = name)',
      'SELECT x FROM SYSTEM_TABLE(users)',
      'SELECT amount * 2 AS d FROM sales.orders ORDER BY d',
      'SELECT product, qty FROM orders.lines',
    ],
  },
};

describe('rules', () => {
  it('every registered rule has cases here', () => {
    expect(Object.keys(CASES).sort()).toEqual(RULES.map((r) => r.meta.id).sort());
  });
  for (const [id, cases] of Object.entries(CASES)) {
    const options = cases.schema ? { schema: SCHEMA } : {};
    describe(id, () => {
      for (const [text, at] of cases.invalid) {
        it(`reports ${JSON.stringify(text)}`, () => {
          // 'N:' checks the line only (where exactly the parser points after a recovery is its business).
          const found = positions(text, id, options).map((p, i) => (at[i]?.endsWith(':') ? `${p.split(':')[0]}:` : p));
          expect(found).toEqual(at);
        });
      }
      for (const text of cases.valid) {
        it(`accepts ${JSON.stringify(text)}`, () => {
          expect(findings(text, id, options)).toEqual([]);
        });
      }
      if (cases.schema) {
        it('is silent without a schema', () => {
          for (const [text] of cases.invalid) expect(findings(text, id)).toEqual([]);
        });
      }
    });
  }
});

describe('did you mean', () => {
  it('suggests near names and shortened ones', async () => {
    const { suggest } = await import('../../src/diagnostic/suggest.js');
    expect(suggest('AVERAGE', ['AVG', 'MAX', 'SUM'])).toEqual(['AVG']);
    expect(suggest('SMU', ['AVG', 'MAX', 'SUM'])).toEqual(['SUM']);
    expect(suggest('custmer', ['customer', 'amount'])).toEqual(['customer']);
    expect(suggest('zzz', ['customer', 'amount'])).toEqual([]);
    expect(findings('SELECT AVERAGE(x) FROM t', 'unknown-function')[0]?.message).toBe(
      'Unknown function AVERAGE: it is not in the spec\'s function table (did you mean "AVG"?).',
    );
  });
});

describe('null-comparison messages', () => {
  it("names the operand as written: NULL, or '' (which the service reads as NULL)", () => {
    expect(findings("SELECT a FROM t WHERE b = '' OR c != NULL", 'null-comparison').map((d) => d.message)).toEqual([
      "A comparison with = '' (the service reads '' as NULL) is never true (NULL is unknown, not a value); use IS NULL.",
      'A comparison with != NULL is never true (NULL is unknown, not a value); use IS NOT NULL.',
    ]);
  });
});
