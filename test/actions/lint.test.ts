import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DataAction } from '../../src/ast/data-actions.js';
import { print } from '../../src/print/index.js';
import { arbFetch } from '../fixtures/action-arbitraries.js';
import { lint } from '../../src/lint/index.js';
import { readSchema } from '../../src/schema/index.js';
import { tokenizeLine, type Grammar } from '../grammar/textmate.js';
import { runs } from '../helpers/runs.js';

const schema = readSchema(
  JSON.stringify({
    groups: [
      {
        name: 'sales',
        databases: [
          {
            name: 'orders',
            fields: [
              { name: 'id', type: 'int(8)', key: true },
              { name: 'region', type: 'utf8vstring(8)', key: true },
              { name: 'amount', type: 'decimal(12,2)' },
            ],
          },
        ],
      },
    ],
  }),
);
const codes = (text: string, withSchema = false) => lint(text, withSchema ? { schema } : {}).diagnostics.map((d) => d.code);

describe('lint rules for data actions', () => {
  it('write-without-where: UPDATE/DELETE/TRASH/RESTORE/DISPOSE without WHERE or RECORDS act on every record', () => {
    for (const t of ['UPDATE t SET a = 1', 'DELETE FROM t', 'TRASH FROM t', 'RESTORE FROM t', 'DISPOSE FROM t'])
      expect(codes(t)).toContain('write-without-where');
    for (const t of ['UPDATE t SET a = 1 WHERE id = 1', 'DELETE FROM t RECORDS [1, 2]', 'DISPOSE FROM t RECORDS ALL'])
      expect(codes(t)).not.toContain('write-without-where');
  });

  it('permanent-write (info) quotes the spec for DELETE and DISPOSE, and write-without-where leaves that fact to it', () => {
    for (const t of ['DELETE FROM t WHERE a = 1', 'DISPOSE FROM t RECORDS [1]']) {
      const found = lint(t).diagnostics.filter((d) => d.code === 'permanent-write');
      expect(found).toHaveLength(1);
      expect(found[0]?.severity).toBe('info');
      expect(found[0]?.message).toContain('"DELETE and DISPOSE delete permanently and cannot be undone"');
    }
    for (const t of ['TRASH FROM t WHERE a = 1', 'RESTORE FROM t RECORDS [1]', 'UPDATE t SET a = 1 WHERE id = 1'])
      expect(codes(t)).not.toContain('permanent-write');
    const all = lint('DISPOSE FROM t').diagnostics;
    expect(all.map((d) => d.code).sort()).toEqual(['permanent-write', 'write-without-where']);
    expect(all.find((d) => d.code === 'write-without-where')?.message).not.toMatch(/permanent/);
  });

  it("fetch-without-limit (info): the spec's default limit of 1,000, quoted, for records, multirecords, tasks and users", () => {
    const texts = ['FETCH RECORDS FROM t', 'FETCH MULTIRECORDS FROM [1, 2]', 'FETCH TASKS', 'FETCH USERS'];
    for (const t of texts) {
      const found = lint(t).diagnostics;
      expect(
        found.map((d) => `${d.code} ${d.severity}`),
        t,
      ).toContain('fetch-without-limit info');
      expect(found.find((d) => d.code === 'fetch-without-limit')?.message).toContain(
        '"The default limit of 1,000 is enforced for processing cost; a larger explicit limit is permitted"',
      );
    }
    for (const t of texts) expect(codes(`${t} LIMIT 2000`), t).not.toContain('fetch-without-limit');
    expect(codes('FETCH PSEUDORECORDS FROM (SELECT a FROM t)')).not.toContain('fetch-without-limit');
  });

  it('fetch-without-limit leaves every FETCH that returns a count alone: COUNT, or OPTIONS (COUNT = TRUE), of any fetch type with a count (property)', () => {
    fc.assert(
      fc.property(arbFetch, (action) => {
        if (!('count' in action)) return;
        const counted = { ...action, count: true };
        const text = print(counted as DataAction);
        expect(
          lint(text).diagnostics.filter((d) => d.code === 'fetch-without-limit'),
          text,
        ).toEqual([]);
      }),
      { numRuns: runs(300) },
    );
  });

  it('insert-missing-key: every key field needs a value (with a schema)', () => {
    expect(codes('INSERT INTO sales.orders (id, amount) VALUES (1, 5)', true)).toContain('insert-missing-key');
    expect(codes('INSERT INTO sales.orders (id, region, amount) VALUES (1, NULL, 5)', true)).toContain('insert-missing-key');
    expect(codes("INSERT INTO sales.orders (id, region, amount) VALUES (1, 'eu', 5)", true)).not.toContain('insert-missing-key');
    expect(codes('INSERT INTO sales.orders (amount) VALUES (5)')).not.toContain('insert-missing-key');
  });

  it('a field set twice is an error of the file (the spec check)', () => {
    expect(codes('UPDATE t SET a = 1, a = 2 WHERE id = 1')).toContain('syntax-error');
  });
});

describe('TextMate grammar: the action words are keywords where they act as such', () => {
  const grammar = JSON.parse(readFileSync(new URL('../../grammar/dsq.tmLanguage.json', import.meta.url), 'utf8')) as Grammar;
  const keywordsOf = (line: string) =>
    tokenizeLine(grammar, line)
      .filter((t) => t.scopes[1] === 'keyword.other.dsq')
      .map((t) => t.text.trim());
  it('at a statement start and in their clauses', () => {
    expect(keywordsOf("UPDATE shop.orders SET status = 'paid' WHERE id = 7")).toEqual(['UPDATE', 'SET', 'WHERE']);
    expect(keywordsOf('FETCH COUNT RECORDS FROM t RECORDS [1]')).toEqual(['FETCH COUNT RECORDS', 'FROM', 'RECORDS']);
    expect(keywordsOf('INSERT INTO t (a) VALUES (1) ON DUPLICATE UPDATE')).toEqual(['INSERT INTO', 'VALUES', 'ON DUPLICATE UPDATE']);
    expect(keywordsOf('DELETE FROM t; TRASH FROM t')).toEqual(['DELETE FROM', 'TRASH FROM']);
  });
  it('a column called update stays a name', () => {
    expect(keywordsOf('SELECT update, set FROM t')).toEqual(['SELECT', 'FROM']);
  });
});

describe('lint rules for data actions over a schema: field-set-twice and trash-without-feature', () => {
  const shop = readSchema(
    JSON.stringify({
      groups: [
        {
          name: 'sales',
          databases: [
            {
              name: 'orders',
              trash: true,
              fields: [
                { name: 'id', type: 'int(8)', key: true },
                { name: 'amount', label: 'Order amount', type: 'decimal(12,2)' },
                { name: 'note', label: 'Remark', type: 'utf8text', nul: true },
              ],
            },
            {
              name: 'customers',
              fields: [
                { name: 'id', type: 'int(4)', key: true },
                { name: 'name', label: 'Full name', type: 'utf8text' },
              ],
            },
          ],
        },
      ],
    }),
  );
  const found = (text: string, code: string) => lint(text, { schema: shop }).diagnostics.filter((d) => d.code === code);

  it('field-set-twice: a field by its name and by its label, in an UPDATE (quoting the spec)', () => {
    const d = found('UPDATE sales.orders SET amount = 10, "Order amount" = amount * 2 WHERE id = 7', 'field-set-twice');
    expect(d).toHaveLength(1);
    expect(d[0]?.severity).toBe('error');
    expect(d[0]?.message).toBe(
      'The field amount of orders is given twice in this UPDATE: as "amount" and as "Order amount" (its label); the spec: "A field named more than once across fields and expressions makes the action fail".',
    );
  });

  it('field-set-twice: in one record of INSERT/REPLACE/SET (values or expressions), and in a key specifier', () => {
    for (const t of [
      "INSERT INTO orders (id, note, Remark) VALUES (1, 'a', 'b')",
      'REPLACE INTO orders RECORDS (id = 1, amount = 2, "order amount" = 3 * 1)',
      "SET INTO customers (id, name, \"Full name\") VALUES (1, 'a', 'b')",
      'DELETE FROM customers RECORDS KEY(id = 1, ID = 2)'.replace('ID = 2', 'name = 2, "Full name" = 3'),
      'FETCH RECORDS FROM customers RECORDS [KEY(name = 1, "Full name" = 2)] LIMIT 1',
    ])
      expect(found(t, 'field-set-twice').length, t).toBe(1);
    expect(found("INSERT INTO orders (id, note, Remark) VALUES (1, 'a', 'b')", 'field-set-twice')[0]?.message).toMatch(
      /record 1: as "note" and as "Remark" \(its label\); the spec: "A field may get a value from either the base object or expressions, not both/,
    );
  });

  it('field-set-twice: two fields, or a database the schema does not know, or no schema: nothing', () => {
    for (const t of ["UPDATE orders SET amount = 1, note = 'x' WHERE id = 1", 'INSERT INTO elsewhere (a, "Order amount", amount) VALUES (1, 2, 3)'])
      expect(found(t, 'field-set-twice'), t).toEqual([]);
    expect(codes('UPDATE sales.orders SET amount = 10, "Order amount" = 2 WHERE id = 7')).not.toContain('field-set-twice');
  });

  it('trash-without-feature: TRASH, RESTORE, DISPOSE, ON DUPLICATE/ON REMOVE TRASH, @trash on a database without the trash feature', () => {
    for (const t of [
      'TRASH FROM customers WHERE id = 1',
      'RESTORE FROM sales.customers RECORDS [1]',
      'DISPOSE FROM customers RECORDS ALL',
      "REPLACE INTO customers (id, name) VALUES (1, 'a') ON DUPLICATE TRASH",
      "SET INTO customers (id, name) VALUES (1, 'a') ON REMOVE TRASH",
      'SELECT id FROM customers@trash',
    ]) {
      const d = found(t, 'trash-without-feature');
      expect(
        d.map((x) => x.severity),
        t,
      ).toEqual(['warning']);
      expect(d[0]?.message, t).toContain('the spec: "`trash` enables the trash table and the TRASH, RESTORE and DISPOSE actions"');
    }
    expect(found("SET INTO customers (id, name) VALUES (1, 'a') ON DUPLICATE TRASH ON REMOVE TRASH", 'trash-without-feature')).toHaveLength(2);
  });

  it('trash-without-feature: a database with the feature, the other options, an unknown database, no schema: nothing', () => {
    for (const t of [
      'TRASH FROM orders WHERE id = 1',
      'DISPOSE FROM sales.orders RECORDS [1]',
      'SELECT id FROM orders@trash',
      'SET INTO orders (id) VALUES (1) ON REMOVE TRASH',
      'DELETE FROM customers WHERE id = 1',
      "SET INTO customers (id, name) VALUES (1, 'a') ON REMOVE DELETE",
      'TRASH FROM nowhere WHERE a = 1',
    ])
      expect(found(t, 'trash-without-feature'), t).toEqual([]);
    expect(codes('TRASH FROM customers WHERE id = 1')).not.toContain('trash-without-feature');
  });
});
