import { describe, expect, it } from 'vitest';
import { completions, labels } from './helpers.js';

const ORDER_FIELDS = ['id', 'customer', 'amount', 'status', 'note', 'placed', 'paid', 'scan'];

describe('completion by scope', () => {
  it('offers the statement words where a statement starts (test/lsp/completion-actions.test.ts: all of them)', () => {
    expect(labels('|')[0]).toBe('SELECT');
    expect(labels('SELECT 1; |')[0]).toBe('SELECT');
    expect(labels('sel|')[0]).toBe('SELECT');
  });

  it('offers the fields of the only source unqualified, functions and expression keywords in the select list', () => {
    const got = labels('SELECT | FROM shop.orders o');
    expect(got).toEqual(expect.arrayContaining([...ORDER_FIELDS, 'record_id', 'SUM', 'COUNT', 'POW', 'NOT', 'CASE', 'EXISTS', 'DATE', 'COLUMN', 'DISTINCT']));
    expect(got).not.toContain('o.id');
    expect(got).not.toContain('customers');
    expect(got).not.toContain('FROM');
    // COUNT(DISTINCT ...) is how COUNT_DISTINCT is written: not offered under its JSON name.
    expect(got).not.toContain('COUNT_DISTINCT');
  });

  it('qualifies by alias only the fields more than one source has', () => {
    const got = labels('SELECT | FROM orders o, customers c');
    expect(got).toEqual(expect.arrayContaining(['o.id', 'c.id', 'amount', 'name', 'region', '"odd field"']));
    expect(got).not.toContain('id');
    expect(got).not.toContain('o.amount');
  });

  it('gives a field its type, nullability and database as detail', () => {
    const amount = completions('SELECT | FROM orders').find((i) => i.label === 'amount');
    expect(amount?.detail).toBe('decimal(10,2), nullable · orders');
    expect(amount?.documentation).toBe('label "Order amount"');
  });

  it('offers only the fields of the source named before the dot', () => {
    const got = labels('SELECT o.| FROM orders o, customers c');
    expect(got).toEqual(expect.arrayContaining(ORDER_FIELDS));
    expect(got).not.toContain('name');
    expect(got).not.toContain('SUM');
    expect(labels('SELECT c.na| FROM orders o, customers c')).toContain('name');
    // A table without an alias is qualified by its path or last segment.
    expect(labels('SELECT * FROM shop.customers WHERE customers.|')).toContain('region');
  });

  it('offers the databases after FROM, JOIN and a comma, with their labels, and the source forms', () => {
    for (const text of ['SELECT * FROM |', 'SELECT * FROM orders o JOIN |', 'SELECT * FROM orders o, |', 'SELECT * FROM orders o LEFT OUTER JOIN |']) {
      const items = completions(text);
      expect(items.map((i) => i.label)).toEqual(expect.arrayContaining(['orders', 'customers', 'orders.lines', 'SYSTEM_TABLE', 'DATABASE_TABLE', 'TABLE']));
      expect(items.find((i) => i.label === 'orders')?.detail).toBe('Orders (shop)');
      expect(items.map((i) => i.label)).not.toContain('amount');
    }
  });

  it('continues a database path: groups, then child databases', () => {
    expect(labels('SELECT * FROM shop.|')).toEqual(expect.arrayContaining(['orders', 'customers', 'orders.lines']));
    expect(labels('SELECT * FROM shop.orders.|')).toEqual(['lines']);
    expect(labels('SELECT * FROM orders@|')).toEqual(['records', 'trash']);
  });

  it('offers what may follow a source: an alias, joins, the next clauses', () => {
    const got = labels('SELECT * FROM orders |');
    expect(got).toEqual(expect.arrayContaining(['AS', 'JOIN', 'LEFT JOIN', 'CROSS JOIN', 'WHERE', 'GROUP BY', 'ORDER BY', 'LIMIT', 'OPTIONS']));
    expect(labels('SELECT * FROM orders o LEFT |')).toEqual(['JOIN', 'OUTER JOIN']);
    expect(labels('SELECT * FROM orders AS |')).toEqual([]);
  });

  it('offers result aliases where the dialect reads them (GROUP BY, HAVING, ORDER BY), and ALIAS(...) in WHERE', () => {
    const order = labels('SELECT status, SUM(amount) AS total FROM orders GROUP BY status ORDER BY |');
    expect(order).toEqual(expect.arrayContaining(['total', 'status', 'amount', 'SUM']));
    const having = labels('SELECT status, SUM(amount) AS total FROM orders GROUP BY status HAVING |');
    expect(having).toContain('total');
    const where = labels('SELECT amount * 2 AS twice FROM orders WHERE |');
    expect(where).toContain('ALIAS(twice)');
    expect(where).not.toContain('twice');
  });

  it('leaves aggregates out where they are a mistake (WHERE, GROUP BY)', () => {
    expect(labels('SELECT * FROM orders WHERE |')).not.toContain('SUM');
    expect(labels('SELECT * FROM orders WHERE |')).toContain('POW');
    expect(labels('SELECT status FROM orders GROUP BY |')).not.toContain('COUNT');
    expect(labels('SELECT status FROM orders GROUP BY status HAVING |')).toContain('COUNT');
  });

  it('offers operators and the next clauses after an expression, not fields', () => {
    const got = labels('SELECT * FROM orders WHERE amount |');
    expect(got).toEqual(expect.arrayContaining(['AND', 'OR', 'IS', 'LIKE', 'BETWEEN', 'IN', 'NOT', 'GROUP BY', 'ORDER BY', 'LIMIT']));
    expect(got).not.toContain('amount');
    expect(got).not.toContain('WHERE');
    expect(labels('SELECT * FROM orders ORDER BY amount |')).toEqual(expect.arrayContaining(['ASC', 'DESC', 'LIMIT']));
    expect(labels('SELECT * FROM orders WHERE amount IS |')).toEqual(['NOT', 'NULL']);
    expect(labels('SELECT CASE WHEN amount > 1 THEN 1 |')).toEqual(expect.arrayContaining(['WHEN', 'ELSE', 'END']));
    // Inside a subquery, OPTIONS (a statement's) is not offered.
    expect(labels('SELECT * FROM orders WHERE id IN (SELECT id FROM orders WHERE amount |)')).not.toContain('OPTIONS');
  });

  it('works while the text does not parse', () => {
    expect(labels("SELECT amount, FROM orders WHERE status = 'x' AND |")).toEqual(expect.arrayContaining(ORDER_FIELDS));
    expect(labels('SELECT FROM orders o JOIN customers c WHERE o.| ')).toEqual(expect.arrayContaining(ORDER_FIELDS));
    expect(labels('SELECT (((| FROM customers')).toEqual(expect.arrayContaining(['name', 'region']));
    expect(labels('SELECT * FROM |;\nSELECT broken (((')).toContain('orders');
  });

  it("sees a subquery's own sources unqualified and the outer ones qualified", () => {
    const got = labels('SELECT * FROM orders o WHERE EXISTS (SELECT 1 FROM customers c WHERE c.id = |)');
    expect(got).toEqual(expect.arrayContaining(['name', 'region', 'o.amount', 'o.status']));
    expect(got).not.toContain('amount');
  });

  it("offers a subquery source's result names", () => {
    expect(labels('SELECT | FROM (SELECT amount AS a, status, o.note FROM orders o)')).toEqual(expect.arrayContaining(['a', 'status', 'note']));
  });

  it('offers the system tables inside SYSTEM_TABLE( and the first argument of SYSTEM_COLUMN(', () => {
    expect(labels('SELECT * FROM SYSTEM_TABLE(|', { systemTables: ['users', 'tasks'] })).toEqual(['users', 'tasks']);
    expect(labels('SELECT SYSTEM_COLUMN(| FROM t', { systemTables: ['users'] })).toEqual(['users']);
    expect(labels('SELECT * FROM DATABASE_TABLE(12, |')).toEqual(['records', 'trash']);
    expect(labels('SELECT * FROM DATABASE_TABLE(|')).toEqual(expect.arrayContaining(["'orders'", 'ALL', 'WHERE']));
  });

  it('offers the statement options inside OPTIONS (', () => {
    expect(labels('SELECT * FROM orders OPTIONS (|')).toEqual(['ROWS', 'USE_STRINGS', 'ECHO']);
    expect(labels('SELECT * FROM orders OPTIONS (ROWS = 5, ECHO = |')).toEqual(['TRUE', 'FALSE']);
  });

  it('offers nothing inside strings, comments and quoted names', () => {
    expect(labels("SELECT * FROM orders WHERE status = 'pa|'")).toEqual([]);
    expect(labels('SELECT * FROM orders -- a comm|')).toEqual([]);
    expect(labels('SELECT * /* | */ FROM orders')).toEqual([]);
    expect(labels("SELECT * FROM orders WHERE status = 'unterminated |")).toEqual([]);
    expect(labels('SELECT "odd fi| FROM customers')).toEqual([]);
  });

  it('replaces the word being typed and follows keywordCase', () => {
    const item = completions('SELECT amo| FROM orders').find((i) => i.label === 'amount');
    expect(item?.textEdit).toEqual({ range: { start: { line: 0, character: 7 }, end: { line: 0, character: 10 } }, newText: 'amount' });
    expect(labels('|', { keywordCase: 'lower' })).toEqual([
      'select',
      'fetch',
      'insert',
      'replace',
      'set',
      'update',
      'delete',
      'trash',
      'restore',
      'dispose',
      'schema',
      'create',
      'alter',
      'drop',
      'download',
      'run',
      'conclude',
      'cancel',
      'clean',
      'pause',
      'access',
      'echo',
      'wait',
      'if',
      'struct',
    ]);
    expect(labels('select * from orders where amount |', { keywordCase: 'lower' })).toEqual(expect.arrayContaining(['and', 'group by']));
  });

  it('writes function calls as snippets with a placeholder named for each argument when the client takes them (issue 28)', () => {
    const sum = completions('SELECT | FROM orders', { snippets: true }).find((i) => i.label === 'SUM');
    expect(sum?.textEdit?.newText).toBe('SUM(${1:value})');
    expect(sum?.insertTextFormat).toBe(2);
    expect(sum?.detail).toBe('SUM(value) · aggregate');
    const pow = completions('SELECT | FROM orders', { snippets: true }).find((i) => i.label === 'POW');
    expect(pow?.textEdit?.newText).toBe('POW(${1:base}, ${2:exponent})');
    expect(pow?.detail).toBe('POW(base, exponent)');
    expect(completions('select | from orders', { snippets: true, keywordCase: 'lower' }).find((i) => i.label === 'truncate')?.textEdit?.newText).toBe(
      'truncate(${1:value}, ${2:digits})',
    );
    const plain = completions('SELECT | FROM orders').find((i) => i.label === 'SUM');
    expect(plain?.textEdit?.newText).toBe('SUM(');
  });

  it('lists the result aliases before the fields and record attributes in GROUP BY, HAVING and ORDER BY (issue 28)', () => {
    for (const clause of ['ORDER BY', 'GROUP BY', 'HAVING']) {
      const items = completions(`SELECT status AS s, SUM(amount) AS total FROM orders ${clause} |`);
      const sorted = [...items].sort((a, b) => (a.sortText! < b.sortText! ? -1 : a.sortText! > b.sortText! ? 1 : 0)).map((i) => i.label);
      expect(sorted.slice(0, 2), clause).toEqual(['s', 'total']);
      expect(sorted.indexOf('total')).toBeLessThan(sorted.indexOf('record_id'));
      expect(sorted.indexOf('total')).toBeLessThan(sorted.indexOf('amount'));
    }
  });

  it('offers no fields without a schema, but still functions and keywords', () => {
    const got = labels('SELECT | FROM orders', { schema: null });
    expect(got).not.toContain('amount');
    expect(got).toContain('SUM');
  });
});

describe("the select and clause at the cursor come from the statement's tree", () => {
  it('does not count a CASE left open inside a closed subquery as open after it (the token count did)', () => {
    const got = labels('SELECT (SELECT CASE WHEN a THEN 1 FROM orders), amount |');
    expect(got).not.toContain('WHEN');
    expect(got).not.toContain('END');
    expect(got).toEqual(expect.arrayContaining(['AND', 'AS', 'FROM']));
    // Still open in its own select.
    expect(labels('SELECT (SELECT CASE WHEN a THEN 1 |')).toEqual(expect.arrayContaining(['WHEN', 'ELSE', 'END']));
  });

  it("reads a form's parentheses as closed once its `)` is written, whatever node starts with it", () => {
    // `SYSTEM_COLUMN(users, active) = ` starts with the form's word: the comparison is not the form.
    const got = labels('SELECT * FROM SYSTEM_TABLE(users) WHERE SYSTEM_COLUMN(users, active) = |', { systemTables: ['users'] });
    expect(got).toEqual(expect.arrayContaining(['NOT', 'CASE', 'POW']));
    expect(got).not.toContain('users');
  });

  it('reads a SELECT the parser skipped after an error as a statement of its own (no `;` before it)', () => {
    expect(labels('SELECT a FROM orders ORDER BY\nSELECT * FROM SYSTEM_TABLE(|', { systemTables: ['users'] })).toEqual(['users']);
    expect(labels('SELECT a FROM orders ORDER BY\nSELECT | FROM customers')).toEqual(expect.arrayContaining(['name', 'region']));
  });

  it("completes a join's ON condition (refused by the parser, in no tree) as an expression over the select's sources", () => {
    const customers = ['c.id', 'name', 'region', '"odd field"'];
    expect(labels('SELECT * FROM shop.orders o JOIN shop.customers c ON o.|')).toEqual(expect.arrayContaining(ORDER_FIELDS));
    expect(labels('SELECT * FROM shop.orders o JOIN shop.customers c ON o.|')).not.toContain('orders');
    expect(labels('SELECT * FROM shop.orders o JOIN shop.customers c ON o.id = c.|')).toEqual(expect.arrayContaining(['id', 'name', 'region']));
    const start = labels('SELECT * FROM shop.orders o JOIN shop.customers c ON |');
    expect(start).toEqual(expect.arrayContaining([...customers, 'o.id', 'amount', 'NOT', 'CASE', 'POW']));
    // Not an aggregate (nor a database) there.
    expect(start).not.toContain('SUM');
    expect(start).not.toContain('customers');
    // After the condition: what may follow it, a join or a clause; after the next JOIN, databases again.
    expect(labels('SELECT * FROM shop.orders o JOIN shop.customers c ON o.id = c.id |')).toEqual(
      expect.arrayContaining(['AND', 'JOIN', 'LEFT JOIN', 'WHERE', 'ORDER BY']),
    );
    expect(labels('SELECT * FROM shop.orders o JOIN shop.customers c ON o.id = c.id JOIN |')).toEqual(expect.arrayContaining(['orders', 'customers']));
    expect(labels('SELECT * FROM shop.orders o JOIN shop.customers c ON o.id = c.id WHERE |')).toEqual(expect.arrayContaining([...customers, 'amount']));
  });

  it("offers OPTIONS only after the statement's own select, not after a subquery nor inside an IF", () => {
    expect(labels('SELECT * FROM orders WHERE amount |')).toContain('OPTIONS');
    expect(labels('SELECT * FROM orders WHERE id IN (SELECT id FROM orders WHERE amount |')).not.toContain('OPTIONS');
    expect(labels('IF (SELECT COUNT(*) FROM orders WHERE amount |')).not.toContain('OPTIONS');
  });
});
