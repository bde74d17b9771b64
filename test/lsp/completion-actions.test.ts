import { describe, expect, it } from 'vitest';
import { labels } from './helpers.js';

const ORDER_FIELDS = ['id', 'customer', 'amount', 'status', 'note', 'placed', 'paid', 'scan'];
const STATEMENT_WORDS = [
  'SELECT',
  'FETCH',
  'INSERT',
  'REPLACE',
  'SET',
  'UPDATE',
  'DELETE',
  'TRASH',
  'RESTORE',
  'DISPOSE',
  'SCHEMA',
  'CREATE',
  'ALTER',
  'DROP',
  'DOWNLOAD',
  'RUN',
  'CONCLUDE',
  'CANCEL',
  'CLEAN',
  'PAUSE',
  'ACCESS',
  'ECHO',
  'WAIT',
  'IF',
  'STRUCT',
];

/** Completion in the data statements (issue 28): statement words, databases, the fields of the statement's database. */
describe('completion in data statements', () => {
  it('offers every statement word where a statement starts', () => {
    expect(labels('|')).toEqual(STATEMENT_WORDS);
    expect(labels('SELECT 1; |')).toEqual(STATEMENT_WORDS);
  });

  it('offers databases after INTO, UPDATE and FROM, and the children of a path', () => {
    for (const text of ['INSERT INTO |', 'UPDATE |', 'DELETE FROM |', 'FETCH RECORDS FROM |', 'DOWNLOAD RECORD 5 FROM |'])
      expect(labels(text)).toEqual(expect.arrayContaining(['orders', 'customers']));
    expect(labels('UPDATE shop.|')).toEqual(expect.arrayContaining(['orders']));
  });

  it('offers databases after ALTER DATABASE and DROP DATABASE (issue 29)', () => {
    for (const text of ['ALTER DATABASE |', 'DROP DATABASE |']) expect(labels(text), text).toEqual(expect.arrayContaining(['orders', 'customers']));
  });

  it('offers only field names where only a field name stands', () => {
    for (const text of [
      'UPDATE shop.orders SET |',
      'UPDATE shop.orders SET amount = 1, |',
      'INSERT INTO shop.orders (|',
      'INSERT INTO shop.orders (id, |',
      'DELETE FROM shop.orders RECORDS KEY(|',
      'FETCH RECORDS FIELDS (|) FROM shop.orders',
    ]) {
      expect(labels(text), text).toEqual(ORDER_FIELDS);
    }
    expect(labels('FETCH RECORDS ATTRIBUTES (|')).toEqual(expect.arrayContaining(['record_id', 'insert_at', 'tags']));
  });

  it('offers the fields and the functions where a value stands', () => {
    for (const text of [
      'UPDATE shop.orders SET amount = |',
      'UPDATE shop.orders SET amount = 1 WHERE |',
      'DELETE FROM shop.orders WHERE id = 1 AND |',
      'FETCH RECORDS FROM shop.orders WHERE |',
      'INSERT INTO shop.orders (id) VALUES (|',
    ]) {
      const got = labels(text);
      expect(got, text).toEqual(expect.arrayContaining([...ORDER_FIELDS, 'POW', 'NOT']));
      expect(got, text).not.toContain('SUM');
    }
  });

  it('offers no name after the database where none goes (the clauses that may follow: data-statements.test.ts), and completes a select inside as a select', () => {
    expect(labels('DELETE FROM shop.orders |').filter((l) => !/^[A-Z][A-Z_ ]*$/.test(l))).toEqual([]);
    expect(labels('DELETE FROM shop.orders WHERE EXISTS (SELECT | FROM shop.customers)')).toEqual(expect.arrayContaining(['name', 'region']));
  });

  it("offers a correlated subquery the statement's fields too, qualified (lint's scopes: the select's sources, then the action's records)", () => {
    const got = labels('FETCH RECORDS FROM shop.orders WHERE EXISTS (SELECT 1 FROM customers c WHERE c.id = |) LIMIT 1');
    expect(got).toEqual(expect.arrayContaining(['name', 'region', 'shop.orders.customer', 'shop.orders.amount']));
    expect(got).not.toContain('customer');
    expect(labels('DELETE FROM shop.orders WHERE EXISTS (SELECT 1 FROM customers c WHERE c.id = |)')).toContain('shop.orders.customer');
  });
});
