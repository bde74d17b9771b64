import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { compileText } from '../../playground/src/dsq.js';
import { fixText, lint } from '../../src/lint/lint.js';
import type { LintDiagnostic } from '../../src/lint/rule-api.js';
import { applyEdits } from '../../src/lint/fix.js';
import { readSchema, type Schema } from '../../src/schema/index.js';
import { fixture } from './helpers.js';

/**
 * The schema checks of the data actions (FETCH, INSERT/REPLACE/SET, UPDATE, DELETE/TRASH/
 * RESTORE/DISPOSE): per action kind and per finding, texts they must report (with the text
 * each finding points at) and texts they must leave alone, against
 * test/lint/fixtures/action-schema.json.
 */

const ACTION_SCHEMA: Schema = readSchema(readFileSync(fixture('action-schema.json'), 'utf8'));

const SCHEMA_RULES = [
  'unknown-database',
  'unknown-table',
  'unknown-field',
  'type-mismatch',
  'insert-missing-key',
  'field-set-twice',
  'trash-without-feature',
  'param-type-mismatch',
];

/** The schema findings of a text: rule id → the text each finding points at, in source order. */
function found(text: string, schema: Schema | null = ACTION_SCHEMA): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const d of lint(text, { schema }).diagnostics) {
    if (!SCHEMA_RULES.includes(d.code)) continue;
    (out[d.code] ??= []).push(text.slice(d.span.start, d.span.end));
  }
  return out;
}

type Case = readonly [text: string, findings: Record<string, readonly string[]>];

/** By action kind: what each must report, and what it must accept. */
const CASES: Record<string, { readonly invalid: readonly Case[]; readonly valid: readonly string[] }> = {
  'FETCH RECORDS': {
    invalid: [
      ['FETCH RECORDS FROM shop.ordrs LIMIT 1', { 'unknown-database': ['shop.ordrs'] }],
      [
        'FETCH RECORDS FIELDS (id, statsu) FROM shop.orders RECORDS KEY(idd = 1) WHERE amout > 1 ORDER BY custmer LIMIT 1',
        { 'unknown-field': ['statsu', 'idd', 'amout', 'custmer'], 'insert-missing-key': ['KEY(idd = 1)'] },
      ],
      ['FETCH RECORDS FIELDS (record_id, insert_at) FROM shop.orders LIMIT 1', { 'unknown-field': ['record_id', 'insert_at'] }],
      ["FETCH RECORDS FROM shop.orders RECORDS [1, WHERE statsu = 'x'] LIMIT 1", { 'unknown-field': ['statsu'] }],
      [
        "FETCH RECORDS FROM shop.orders RECORDS KEY(id = 'x') WHERE amount = 'abc' AND opens < DATE '2024-01-01' LIMIT 1",
        { 'type-mismatch': ["'x'", "'abc'", "DATE '2024-01-01'"] },
      ],
      ["FETCH RECORDS FROM shop.customers RECORDS KEY(id = 1, name = 'x') LIMIT 1", { 'insert-missing-key': ["KEY(id = 1, name = 'x')", 'name'] }],
      ['FETCH RECORDS FROM shop.notes RECORDS KEY(n = 1) LIMIT 1', { 'insert-missing-key': ['KEY(n = 1)'] }],
    ],
    valid: [
      "FETCH RECORDS FIELDS (id, status, \"Order amount\", receipt) ATTRIBUTES (insert_at) FROM shop.orders RECORDS [1, KEY(id = 2), WHERE status = 'open'] WHERE amount > 10 AND placed > DATETIME '2024-01-01T00:00Z' AND due = DATE '2024-01-01' AND opens > TIME '10:00' AND record_id > 3 ORDER BY placed DESC LIMIT 5",
      // Names and labels compare without case; a path of groups and databases too.
      "FETCH RECORDS FIELDS (ID, \"order AMOUNT\") FROM SHOP.ORDERS WHERE Status = 'x' AND placed > '2024-01-01' LIMIT 1",
      "FETCH RECORDS FROM shop.orders.lines RECORDS KEY(sku = 'a') WHERE qty > 1 LIMIT 1",
      // A database by id or WHERE: its fields cannot be known.
      'FETCH RECORDS FIELDS (anything) FROM 12 WHERE whatever = 1 LIMIT 1',
      "FETCH RECORDS FROM (WHERE name = 'orders') WHERE whatever = 1 LIMIT 1",
      // A correlated subquery sees the action's fields.
      'FETCH RECORDS FROM shop.orders WHERE EXISTS (SELECT 1 FROM shop.customers c WHERE c.id = customer) LIMIT 1',
    ],
  },
  'FETCH MULTIRECORDS': {
    invalid: [
      ["FETCH MULTIRECORDS FROM ['orders', 'ordrs'] LIMIT 1", { 'unknown-database': ["'ordrs'"] }],
      ["FETCH MULTIRECORDS FROM ['orders', 'customers'] WHERE nmae = 'x' LIMIT 1", { 'unknown-field': ['nmae'] }],
      ["FETCH MULTIRECORDS FROM 'orders' WHERE status = 5 LIMIT 1", { 'type-mismatch': ['5'] }],
    ],
    valid: [
      "FETCH MULTIRECORDS FROM ['orders', 'customers'] WHERE id > 1 AND name = 'x' LIMIT 1",
      'FETCH MULTIRECORDS FROM ALL WHERE anything = 1 LIMIT 1',
      "FETCH MULTIRECORDS FROM ['orders', 7] WHERE anything = 1 LIMIT 1",
    ],
  },
  'FETCH PSEUDORECORDS': {
    invalid: [
      ['FETCH PSEUDORECORDS FROM (SELECT status, SUM(amount) AS total FROM shop.orders GROUP BY status) WHERE totl > 5 LIMIT 1', { 'unknown-field': ['totl'] }],
      ['FETCH PSEUDORECORDS FROM (SELECT statsu FROM shop.orders) LIMIT 1', { 'unknown-field': ['statsu'] }],
    ],
    valid: [
      "FETCH PSEUDORECORDS FROM (SELECT status, SUM(amount) AS total FROM shop.orders GROUP BY status) WHERE total > 5 AND status = 'x' ORDER BY total LIMIT 1",
      'FETCH PSEUDORECORDS FROM (SELECT * FROM shop.orders) WHERE anything = 1 LIMIT 1',
    ],
  },
  'FETCH LOGS': {
    invalid: [
      ['FETCH LOGS FROM shop.ordrs WHERE x = 1', { 'unknown-database': ['shop.ordrs'] }],
      ["FETCH LOGS FROM shop.orders WHERE statsu = 'x'", { 'unknown-field': ['statsu'] }],
    ],
    valid: ['FETCH LOGS FROM shop.orders RECORDS KEY(id = 1)', "FETCH LOGS FROM shop.orders WHERE status = 'x'"],
  },
  'FETCH POSTS': {
    invalid: [
      ['FETCH POSTS ON DATABASE shop.ordrs', { 'unknown-database': ['shop.ordrs'] }],
      ['FETCH POSTS ON DATABASE shop.orders RECORD KEY(idd = 1)', { 'unknown-field': ['idd'], 'insert-missing-key': ['KEY(idd = 1)'] }],
    ],
    valid: ['FETCH POSTS ON DATABASE shop.orders RECORD KEY(id = 1)', "FETCH POSTS ON GROUP 'shop'", 'FETCH POSTS ON USER 7'],
  },
  'FETCH TASKS and USERS': {
    invalid: [],
    // No database: their WHERE is over tasks and users, which the schema does not describe.
    valid: ['FETCH TASKS WHERE whatever = 1 LIMIT 1', 'FETCH USERS WHERE whatever = 1 LIMIT 1'],
  },
  INSERT: {
    invalid: [
      ['INSERT INTO shop.ordrs (id) VALUES (1)', { 'unknown-database': ['shop.ordrs'] }],
      // One finding for the name in the column list, however many rows.
      ["INSERT INTO shop.orders (id, statsu) VALUES (1, 'x'), (2, 'y')", { 'unknown-field': ['statsu'] }],
      ['INSERT INTO shop.orders RECORDS (id = 1, record_id = 2)', { 'unknown-field': ['record_id'] }],
      ['INSERT INTO shop.orders (id, amount) VALUES (1, amout + 1)', { 'unknown-field': ['amout'] }],
      ["INSERT INTO shop.orders (id, customer, due) VALUES ('one', 'bob', TIME '10:00')", { 'type-mismatch': ["'one'", "'bob'", "TIME '10:00'"] }],
      ['INSERT INTO shop.orders (id, status) VALUES (1, TRUE)', { 'type-mismatch': ['TRUE'] }],
      ['INSERT INTO shop.orders (customer) VALUES (1)', { 'insert-missing-key': ['(1)'] }],
      ["INSERT INTO shop.customers RECORDS (id = 1, region = 'eu', file = 'obj-1')", { 'trash-without-feature': ["'obj-1'"] }],
      ["INSERT INTO shop.orders RECORDS (id = 1, tags = ['a'])", { 'trash-without-feature': ["(id = 1, tags = ['a'])"] }],
      // A parameter given to a field: the field's kind against its stated type.
      ['-- @param p date\nINSERT INTO shop.orders (id, amount) VALUES (1, :p)', { 'param-type-mismatch': [':p'] }],
    ],
    valid: [
      "INSERT INTO shop.orders (id, customer, \"Order amount\", status, placed, due, opens, paid) VALUES (1, 2, 3.5, 'open', DATETIME '2024-01-01T00:00Z', DATE '2024-01-01', TIME '10:00', TRUE)",
      "INSERT INTO shop.orders RECORDS (id = 1, file = 'obj-1', receipt = 'r', amount = amount + 1, placed = '2024-01-01T00:00Z')",
      "INSERT INTO shop.orders FROM CSV FILE 'obj-7'",
      // A database by id: its fields cannot be known.
      'INSERT INTO 12 (a, b) VALUES (1, c)',
    ],
  },
  REPLACE: {
    invalid: [
      ['REPLACE INTO shop.orders (id, amout) VALUES (1, 2)', { 'unknown-field': ['amout'] }],
      [
        "REPLACE INTO shop.notes (body) VALUES ('x') ON DUPLICATE TRASH",
        { 'trash-without-feature': ["REPLACE INTO shop.notes (body) VALUES ('x') ON DUPLICATE TRASH"] },
      ],
    ],
    valid: ['REPLACE INTO shop.orders (id, amount) VALUES (1, 2) ON DUPLICATE TRASH'],
  },
  SET: {
    invalid: [
      ['SET INTO shop.orders RECORDS (id = 1, amount = amout + 1)', { 'unknown-field': ['amout'] }],
      ['SET INTO shop.ordrs RECORDS (id = 1)', { 'unknown-database': ['shop.ordrs'] }],
      ["SET INTO shop.customers RECORDS (id = 'x', region = 5)", { 'type-mismatch': ["'x'", '5'] }],
    ],
    valid: ["SET INTO shop.customers RECORDS (id = 1, region = 'eu', tags = ['vip']) ON REMOVE DELETE"],
  },
  UPDATE: {
    invalid: [
      ['UPDATE shop.ordrs SET a = 1 WHERE b = 1', { 'unknown-database': ['shop.ordrs'] }],
      ["UPDATE shop.orders SET statsu = 'paid', amount = amout + 1 WHERE idd = 7", { 'unknown-field': ['statsu', 'amout', 'idd'] }],
      ['UPDATE shop.orders SET record_id = 5 WHERE id = 7', { 'unknown-field': ['record_id'] }],
      ["UPDATE shop.orders SET amount = 'abc', status = 5 WHERE placed = TIME '10:00'", { 'type-mismatch': ["'abc'", '5', "TIME '10:00'"] }],
      ["UPDATE shop.orders SET status = 'x' RECORDS KEY(customer = 1)", { 'insert-missing-key': ['KEY(customer = 1)', 'customer'] }],
      ["UPDATE shop.customers SET name = 'x' FILE 'obj-1' WHERE id = 1", { 'trash-without-feature': ["FILE 'obj-1'"] }],
      ['-- @param p date\nUPDATE shop.orders SET amount = :p WHERE id = 1', { 'param-type-mismatch': [':p'] }],
      ['UPDATE shop.orders SET amount = :p, status = :p WHERE id = 1', { 'param-type-mismatch': [':p'] }],
    ],
    valid: [
      "UPDATE shop.orders SET status = 'paid', amount = amount * 2 FILE 'obj-2' WHERE id = 7",
      'UPDATE shop.orders SET "Order amount" = 5 RECORDS [1, KEY(id = 2)]',
      'UPDATE 12 SET anything = 1 WHERE whatever = 2',
      '-- @param p number\nUPDATE shop.orders SET amount = :p WHERE id = :p',
    ],
  },
  DELETE: {
    invalid: [
      ['DELETE FROM shop.ordrs WHERE id = 1', { 'unknown-database': ['shop.ordrs'] }],
      ["DELETE FROM shop.orders WHERE statsu = 'x'", { 'unknown-field': ['statsu'] }],
      ['DELETE FROM shop.customers RECORDS KEY(id = 1)', { 'insert-missing-key': ['KEY(id = 1)'] }],
      ["DELETE FROM shop.orders WHERE customer = 'bob'", { 'type-mismatch': ["'bob'"] }],
    ],
    // A date against a datetime compares by the date: no finding.
    valid: ["DELETE FROM shop.orders WHERE placed < DATE '2020-01-01'", 'DELETE FROM shop.orders RECORDS KEY(id = 1)'],
  },
  TRASH: {
    invalid: [
      ['TRASH FROM shop.notes WHERE n = 1', { 'trash-without-feature': ['TRASH FROM shop.notes WHERE n = 1'] }],
      ['TRASH FROM shop.orders WHERE n = 1', { 'unknown-field': ['n'] }],
    ],
    valid: ['TRASH FROM shop.orders WHERE id = 1'],
  },
  RESTORE: {
    invalid: [['RESTORE FROM shop.orders RECORDS [KEY(idd = 1)]', { 'unknown-field': ['idd'], 'insert-missing-key': ['KEY(idd = 1)'] }]],
    valid: ['RESTORE FROM shop.orders RECORDS [KEY(id = 1), 2]'],
  },
  DISPOSE: {
    invalid: [
      ["DISPOSE FROM shop.orders WHERE amount = 'x'", { 'type-mismatch': ["'x'"] }],
      ['DISPOSE FROM shop.ordrs RECORDS ALL', { 'unknown-database': ['shop.ordrs'] }],
    ],
    valid: ['DISPOSE FROM shop.orders WHERE amount = 1'],
  },
};

describe('schema checks of the data actions', () => {
  for (const [kind, cases] of Object.entries(CASES)) {
    describe(kind, () => {
      for (const [text, expected] of cases.invalid) {
        it(`reports ${JSON.stringify(text)}`, () => {
          expect(found(text)).toEqual(expected);
        });
      }
      for (const text of cases.valid) {
        it(`accepts ${JSON.stringify(text)}`, () => {
          expect(found(text)).toEqual({});
        });
      }
      if (cases.invalid.length > 0) {
        it('is silent without a schema', () => {
          for (const [text] of cases.invalid) expect(found(text, null)).toEqual({});
        });
      }
    });
  }

  it('says which database lacks the field, with a did you mean, and what an attribute is', () => {
    const messages = (text: string) =>
      lint(text, { schema: ACTION_SCHEMA })
        .diagnostics.filter((d) => d.code === 'unknown-field')
        .map((d) => d.message);
    expect(messages("UPDATE shop.orders SET statsu = 'x', record_id = 1 WHERE id = 1")).toEqual([
      'No field statsu in shop.orders (did you mean "status"?).',
      'record_id is a record attribute, not a field of shop.orders: an action writes fields only.',
    ]);
    expect(messages('FETCH RECORDS FIELDS (insert_at) FROM shop.orders LIMIT 1')).toEqual([
      'insert_at is a record attribute, not a field of shop.orders: list it in ATTRIBUTES (record_id and database_id are always returned).',
    ]);
    const key = lint("DELETE FROM shop.customers RECORDS KEY(id = 1, name = 'x')", { schema: ACTION_SCHEMA })
      .diagnostics.filter((d) => d.code === 'insert-missing-key')
      .map((d) => d.message);
    expect(key).toEqual([
      'KEY(...) has no value for the key field region of shop.customers (the spec\'s key specifier: "every key field of the database must have a non-null value").',
      'name is not a key field of shop.customers: KEY(...) names the key fields id, region.',
    ]);
  });
});

/** The text with a finding's suggestion applied. */
const applied = (text: string, d: LintDiagnostic, i = 0) =>
  applyEdits(
    text,
    [...(d.suggestions?.[i]?.edits ?? [])].sort((a, b) => a.start - b.start),
  );

describe('the did you mean of unknown-field and unknown-database as suggestions', () => {
  const CASES: readonly (readonly [text: string, rule: string, fixed: string])[] = [
    ['SELECT custmer FROM shop.orders', 'unknown-field', 'SELECT customer FROM shop.orders'],
    ['SELECT o.amout FROM shop.orders o', 'unknown-field', 'SELECT o.amount FROM shop.orders o'],
    ['SELECT "custmer" FROM shop.orders', 'unknown-field', 'SELECT customer FROM shop.orders'],
    ['SELECT COLUMN(custmer) FROM shop.orders', 'unknown-field', 'SELECT COLUMN(customer) FROM shop.orders'],
    ['SELECT reciept:size FROM shop.orders', 'unknown-field', 'SELECT receipt:size FROM shop.orders'],
    ['SELECT id FROM shop.ordrs o', 'unknown-database', 'SELECT id FROM shop.orders o'],
    ['SELECT id FROM sales.ordrs', 'unknown-database', 'SELECT id FROM orders'],
    ['SELECT x.amount FROM shop.orders o', 'unknown-database', 'SELECT o.amount FROM shop.orders o'],
    ["SELECT id FROM DATABASE_TABLE('ordrs', records)", 'unknown-database', "SELECT id FROM DATABASE_TABLE('orders', records)"],
    ["UPDATE shop.orders SET statsu = 'x' WHERE id = 1", 'unknown-field', "UPDATE shop.orders SET status = 'x' WHERE id = 1"],
    ["UPDATE shop.orders SET status = 'x' WHERE idd = 1", 'unknown-field', "UPDATE shop.orders SET status = 'x' WHERE id = 1"],
    [
      'INSERT INTO shop.orders (id, "order amont") VALUES (1, 2), (3, 4)',
      'unknown-field',
      'INSERT INTO shop.orders (id, "Order amount") VALUES (1, 2), (3, 4)',
    ],
    // The name of VALUES' column list, once for every row.
    ['INSERT INTO shop.orders (id, amout) VALUES (1, 2), (3, 4)', 'unknown-field', 'INSERT INTO shop.orders (id, amount) VALUES (1, 2), (3, 4)'],
    ["SET INTO shop.orders (id, statsu) VALUES (1, 'x')", 'unknown-field', "SET INTO shop.orders (id, status) VALUES (1, 'x')"],
    ['INSERT INTO shop.orders RECORDS (id = 1, "order amont" = 2)', 'unknown-field', 'INSERT INTO shop.orders RECORDS (id = 1, "Order amount" = 2)'],
    ['FETCH RECORDS FIELDS (statsu) FROM shop.orders LIMIT 1', 'unknown-field', 'FETCH RECORDS FIELDS (status) FROM shop.orders LIMIT 1'],
    ['DELETE FROM shop.orders RECORDS KEY(idd = 1)', 'unknown-field', 'DELETE FROM shop.orders RECORDS KEY(id = 1)'],
    ['DELETE FROM shop.ordrs WHERE id = 1', 'unknown-database', 'DELETE FROM shop.orders WHERE id = 1'],
    ["FETCH MULTIRECORDS FROM ['ordrs'] LIMIT 1", 'unknown-database', "FETCH MULTIRECORDS FROM ['orders'] LIMIT 1"],
  ];
  for (const [text, rule, fixed] of CASES) {
    it(`${text} → ${fixed}`, () => {
      const finding = lint(text, { schema: ACTION_SCHEMA }).diagnostics.find((d) => d.code === rule);
      expect(finding?.suggestions?.length).toBe(1);
      expect(finding?.fix).toBeUndefined();
      const out = applied(text, finding as LintDiagnostic);
      expect(out).toBe(fixed);
      expect(lint(out, { schema: ACTION_SCHEMA }).diagnostics.filter((d) => d.code === rule)).toEqual([]);
    });
  }

  it('places a field name of VALUES on the column list, one finding for all the rows', () => {
    const text = "INSERT INTO shop.orders (id, statsu) VALUES (1, 'a'), (2, 'b'),\n  (3, 'c')";
    const d = lint(text, { schema: ACTION_SCHEMA }).diagnostics.filter((x) => x.code === 'unknown-field');
    expect(d.map((x) => [text.slice(x.span.start, x.span.end), x.span.line, x.span.column, x.span.endLine, x.span.endColumn])).toEqual([
      ['statsu', 1, 30, 1, 36],
    ]);
    // A value that starts with the same name is a column of its own, reported where it stands.
    const same = 'INSERT INTO shop.orders (id, statsu) VALUES (1, statsu + 1)';
    const both = lint(same, { schema: ACTION_SCHEMA }).diagnostics.filter((x) => x.code === 'unknown-field');
    expect(both.map((x) => [x.span.start, x.suggestions?.[0]?.edits])).toEqual([
      [29, [{ start: 29, end: 35, text: 'status' }]],
      [48, [{ start: 48, end: 54, text: 'status' }]],
    ]);
  });

  it('places a quoted field name written over two lines on its own text', () => {
    const text = 'UPDATE shop.orders SET "order\namont" = 2 WHERE id = 1';
    const d = lint(text, { schema: ACTION_SCHEMA }).diagnostics.filter((x) => x.code === 'unknown-field');
    expect(d.map((x) => [text.slice(x.span.start, x.span.end), x.span.line, x.span.column, x.span.endLine, x.span.endColumn])).toEqual([
      ['"order\namont"', 1, 24, 2, 7],
    ]);
  });

  it('offers no suggestion when nothing is near, nor for an attribute', () => {
    const d = lint('UPDATE shop.orders SET zzzzzz = 1, record_id = 2 WHERE id = 1', { schema: ACTION_SCHEMA }).diagnostics.filter(
      (x) => x.code === 'unknown-field',
    );
    expect(d.map((x) => x.suggestions)).toEqual([undefined, undefined]);
  });

  it('is never applied by lint --fix (a suggestion is likely, not certain)', () => {
    const text = "UPDATE shop.orders SET statsu = 'x' WHERE idd = 1";
    const result = fixText(text, { schema: ACTION_SCHEMA });
    expect(result.text).toBe(text);
    expect(result.applied).toBe(0);
    expect(result.result.fixableCount).toBe(0);
  });

  it('reaches the playground, which lints with the same entry', () => {
    const compiled = compileText("UPDATE shop.orders SET statsu = 'x' WHERE idd = 1;\nFETCH RECORDS FROM shop.ordrs LIMIT 1", {
      form: 'short',
      indent: 2,
      schema: ACTION_SCHEMA,
    });
    expect(compiled.lint.filter((d) => SCHEMA_RULES.includes(d.code)).map((d) => [d.code, d.span.line, d.suggestions?.[0]?.description])).toEqual([
      ['unknown-field', 1, 'change statsu to status'],
      ['unknown-field', 1, 'change idd to id'],
      ['unknown-database', 2, 'change ordrs to orders'],
    ]);
  });
});

describe('dsq lint --schema on data actions', () => {
  it('prints their findings, and --fix leaves the did you mean to the editor', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dsq-lint-actions-'));
    try {
      writeFileSync(join(dir, 'q.dsq'), "UPDATE shop.orders SET statsu = 'paid' WHERE idd = 7;\nINSERT INTO shop.ordrs (id) VALUES (1);\n");
      const r = await runCli(['lint', '--schema', fixture('action-schema.json'), 'q.dsq'], { cwd: dir });
      expect(r.code).toBe(1);
      expect(r.out.split('\n').filter((l) => l.startsWith('q.dsq:'))).toEqual([
        'q.dsq:1:24: error: No field statsu in shop.orders (did you mean "status"?). (unknown-field)',
        'q.dsq:1:46: error: No field idd in shop.orders (did you mean "id"?). (unknown-field)',
        'q.dsq:2:13: error: No database shop.ordrs in the schema (did you mean "orders"?). (unknown-database)',
      ]);
      const fixed = await runCli(['lint', '--fix', '--schema', fixture('action-schema.json'), 'q.dsq'], { cwd: dir });
      expect(fixed.code).toBe(1);
      expect(readFileSync(join(dir, 'q.dsq'), 'utf8')).toBe("UPDATE shop.orders SET statsu = 'paid' WHERE idd = 7;\nINSERT INTO shop.ordrs (id) VALUES (1);\n");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
