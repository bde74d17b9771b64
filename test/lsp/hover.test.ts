import { describe, expect, it } from 'vitest';
import { CONTEXTUAL_WORD_NAMES, KEYWORD_NAMES } from '../../src/syntax/tokenize.js';
import type { Schema } from '../../src/schema/definitions.js';
import { hover } from '../../src/lsp/hover.js';
import { CALL_DOCS, KEYWORD_DOCS } from '../../src/lsp/keywords.js';
import { CALL_FORMS } from '../../src/ast/kinds-expressions.js';
import { textModelOf } from '../../src/lsp/text-model.js';
import { cursor, positionIn, SHOP } from './helpers.js';

function hoverAt(marked: string, schema: Schema | null = SHOP) {
  const { text, offset } = cursor(marked);
  const h = hover(textModelOf(text), offset, { schema, rangeOf: (s, e) => ({ start: positionIn(text, s), end: positionIn(text, e) }) });
  return h === null ? null : { value: (h.contents as { value: string }).value, range: h.range };
}

describe('hover', () => {
  it("shows a field's database, type, nullability and label", () => {
    const h = hoverAt('SELECT o.am|ount FROM shop.orders o');
    expect(h?.value).toBe('**amount**: field of database `orders` (Orders)\n\ntype `decimal(10,2)` · nullable · label "Order amount"');
    // The range is the whole column path.
    expect(h?.range).toEqual({ start: { line: 0, character: 7 }, end: { line: 0, character: 15 } });
    expect(hoverAt('SELECT i|d FROM customers')?.value).toBe('**id**: field of database `customers`\n\ntype `int(4)` · not null · key field');
    expect(hoverAt('SELECT * FROM orders WHERE status = 1 ORDER BY pla|ced')?.value).toContain('type `datetime`');
  });

  it('finds a field by its label, and says when a name is in several sources', () => {
    expect(hoverAt('SELECT "Order am|ount" FROM orders')?.value).toContain('**amount**');
    expect(hoverAt('SELECT i|d FROM orders o, customers c')?.value).toBe('**id** is in several sources: `o`, `c`; qualify it.');
  });

  it('shows record attributes, subquery columns, and outer sources from a subquery', () => {
    expect(hoverAt('SELECT record_i|d FROM orders')?.value).toBe('**record_id**: record attribute (every record has it) · from table `orders`');
    expect(hoverAt('SELECT * FROM orders o WHERE EXISTS (SELECT 1 FROM customers c WHERE c.id = o.cust|omer)')?.value).toContain(
      '**customer**: field of database `orders`',
    );
  });

  it("shows a source's database for its path, its alias and a qualifier", () => {
    expect(hoverAt('SELECT * FROM shop.ord|ers o')?.value).toMatch(
      /^table `shop.orders`\n\ndatabase `orders` "Orders" in shop: id int\(8\), customer int\(4\), amount decimal\(10,2\)\?/,
    );
    expect(hoverAt('SELECT * FROM orders |o')?.value).toMatch(/^\*\*o\*\*: alias of table `orders`/);
    expect(hoverAt('SELECT |o.amount FROM orders o')?.value).toMatch(/^\*\*o\*\*: table `orders`/);
  });

  it("shows a function's signature and whether it aggregates, from the function table", () => {
    expect(hoverAt('SELECT S|UM(amount) FROM orders')?.value).toBe("```dsq\nSUM(value)\n```\n**Aggregate** · 1 argument (the spec's function table)");
    expect(hoverAt('SELECT po|w(2, 3)')?.value).toBe("```dsq\nPOW(base, exponent)\n```\nNot an aggregate · 2 arguments (the spec's function table)");
    expect(hoverAt('SELECT CO|UNT(DISTINCT a, b) FROM t')?.value).toContain('COUNT_DISTINCT(values, ...)');
    expect(hoverAt('SELECT CO|UNT(DISTINCT a, b) FROM t')?.value).toContain('Written `COUNT(DISTINCT ...)`');
    expect(hoverAt('SELECT LOWE|R(name) FROM t')?.value).toBe("`LOWER` is not a function of the spec's table (unknown-function).");
  });

  it('shows one line of the reference for a keyword form, and none for a contextual word used as a name', () => {
    expect(hoverAt('SEL|ECT 1')?.value).toMatch(/^\*\*SELECT\*\* — `SELECT \[DISTINCT\]/);
    expect(hoverAt("SELECT * FROM t WHERE d = DA|TE '2024-01-01'")?.value).toMatch(/^\*\*DATE\*\* — `DATE '2024-01-31'`: a local date/);
    expect(hoverAt('SELECT * FROM SYSTEM_TA|BLE(users)')?.value).toMatch(/^\*\*SYSTEM_TABLE\*\*/);
    // `date` here is a column name, not the keyword form.
    expect(hoverAt('SELECT da|te FROM t', null)).toBeNull();
  });

  it('shows a result alias where it is defined and where it is used', () => {
    expect(hoverAt('SELECT SUM(amount) AS to|tal FROM orders ORDER BY total')?.value).toBe('**total**: result alias of `SUM(amount)`');
    expect(hoverAt('SELECT SUM(amount) AS total FROM orders ORDER BY to|tal')?.value).toBe('**total**: result alias of `SUM(amount)`');
    expect(hoverAt('SELECT amount a FROM orders WHERE ALIAS(|a) > 1')?.value).toBe('**a**: result alias of `amount`');
  });

  it("has a reference line for every keyword and contextual word, or its call kind's hover", () => {
    for (const word of [...KEYWORD_NAMES, ...CONTEXTUAL_WORD_NAMES]) expect(KEYWORD_DOCS[word] ?? CALL_DOCS.get(word), word).toBeTruthy();
    // A call kind's hover comes from its entry alone (one place): no reference line beside it.
    for (const word of CALL_DOCS.keys()) expect(KEYWORD_DOCS[word], word).toBeUndefined();
  });

  it("shows a call kind's form, its entry's description and its kind (SYSTEM_COLUMN, DATABASE_COLUMN: the kind table's call)", () => {
    expect(hoverAt('SELECT SYSTEM_COL|UMN(users, name)')?.value).toBe(
      '```dsq\nSYSTEM_COLUMN(table, column)\n```\nA column of a system table: a system parameter, by table and column name.\n\nkind `system_column` (the kind table)',
    );
    const h = hoverAt("SELECT database_colu|mn('sales', records, 'amount')");
    expect(h?.value).toMatch(/^```dsq\nDATABASE_COLUMN\(database, table, column\)\n```\nA column of a database's table: /);
    expect(h?.range).toEqual({ start: { line: 0, character: 7 }, end: { line: 0, character: 22 } });
    for (const form of Object.values(CALL_FORMS)) expect(CALL_DOCS.get(form?.keyword ?? '')).toContain(form?.description);
  });

  it('says nothing for punctuation, numbers, unknown names without a schema', () => {
    expect(hoverAt('SELECT 1|2')).toBeNull();
    expect(hoverAt('SELECT a |, b')).toBeNull();
    expect(hoverAt('SELECT a|b FROM t', null)).toBeNull();
  });
});

describe('hover in data statements (issue 28)', () => {
  it('shows the database and the fields of an UPDATE, INSERT, DELETE and FETCH', () => {
    const amount = '**amount**: field of database `orders` (Orders)\n\ntype `decimal(10,2)` · nullable · label "Order amount"';
    expect(hoverAt('UPDATE shop.orders SET am|ount = 1 WHERE id = 2')?.value).toBe(amount);
    expect(hoverAt('UPDATE shop.orders SET status = 1 WHERE am|ount > 2')?.value).toBe(amount);
    expect(hoverAt('INSERT INTO shop.orders (id, am|ount) VALUES (1, 2)')?.value).toBe(amount);
    expect(hoverAt('INSERT INTO shop.orders RECORDS (id = 1, "Order am|ount" = 2)')?.value).toBe(amount);
    expect(hoverAt('DELETE FROM shop.orders RECORDS KEY(i|d = 1)')?.value).toContain('key field');
    expect(hoverAt('FETCH RECORDS FIELDS (am|ount) FROM shop.orders LIMIT 1')?.value).toBe(amount);
    const table = hoverAt('DELETE FROM shop.ord|ers WHERE id = 1');
    expect(table?.value).toMatch(/^table `shop\.orders`\n\ndatabase `orders`/);
    expect(table?.range).toEqual({ start: { line: 0, character: 12 }, end: { line: 0, character: 23 } });
    expect(hoverAt('UPDATE shop.orders SET nothin|g = 1')).toBeNull();
    expect(hoverAt('UPDATE shop.orders SET am|ount = 1', null)).toBeNull();
  });

  it("resolves a name in a correlated subquery of a data statement against the statement's records too (lint's scopes)", () => {
    expect(hoverAt('FETCH RECORDS FROM shop.orders WHERE EXISTS (SELECT 1 FROM customers c WHERE c.id = cust|omer) LIMIT 1')?.value).toContain(
      '**customer**: field of database `orders`',
    );
    expect(hoverAt('DELETE FROM shop.orders WHERE EXISTS (SELECT 1 FROM customers c WHERE c.id = am|ount)')?.value).toContain(
      '**amount**: field of database `orders`',
    );
    // The subquery's own source still wins for a name both have.
    expect(hoverAt('DELETE FROM shop.orders WHERE EXISTS (SELECT 1 FROM customers c WHERE i|d = 1)')?.value).toContain('field of database `customers`');
  });
});
