import { describe, expect, it } from 'vitest';
import { DATA_ACTION_KINDS, KINDS } from '../../src/ast/kinds.js';
import { FIELD_LIST } from '../../src/ast/fields.js';
import { hover } from '../../src/lsp/hover.js';
import { placeAt } from '../../src/lsp/place.js';
import { textModelOf } from '../../src/lsp/text-model.js';
import { KIND_EXAMPLES } from '../../src/syntax/kind-examples.js';
import { cursor, labels, positionIn, SHOP } from './helpers.js';

/**
 * Completion and hover in every statement kind that is not a select, from the statement's tree
 * and the kind table (src/lsp/place.ts): what a place expects is what the field holding it
 * denotes (a database, a field of the database in scope, a record attribute) or an expression
 * over the records in scope. Most texts end in a syntax error at the cursor, as while typing.
 */

const ORDER_FIELDS = ['id', 'customer', 'amount', 'status', 'note', 'placed', 'paid', 'scan'];

function hoverAt(marked: string) {
  const { text, offset } = cursor(marked);
  const h = hover(textModelOf(text), offset, { schema: SHOP, rangeOf: (s, e) => ({ start: positionIn(text, s), end: positionIn(text, e) }) });
  return h === null ? null : { value: (h.contents as { value: string }).value, range: h.range };
}

describe('completion inside each data statement', () => {
  const databaseAt: Record<string, string> = {
    INSERT: 'INSERT INTO |',
    REPLACE: 'REPLACE INTO |',
    SET: 'SET INTO |',
    UPDATE: 'UPDATE |',
    DELETE: 'DELETE FROM |',
    TRASH: 'TRASH FROM |',
    RESTORE: 'RESTORE FROM |',
    DISPOSE: 'DISPOSE FROM |',
    'FETCH RECORDS': 'FETCH RECORDS FROM |',
    'FETCH LOGS': 'FETCH LOGS FROM |',
    'FETCH MULTIRECORDS': 'FETCH MULTIRECORDS FROM |',
  };
  it.each(Object.entries(databaseAt))('%s: databases where its database stands, the word half typed or not', (_, text) => {
    expect(labels(text)).toEqual(expect.arrayContaining(['orders', 'customers']));
    expect(labels(text.replace('|', 'ord|'))).toEqual(expect.arrayContaining(['orders', 'customers']));
    expect(labels(text.replace('|', 'shop.|'))).toEqual(expect.arrayContaining(['orders']));
  });

  const fieldsAt: Record<string, string> = {
    INSERT: 'INSERT INTO shop.orders (id, |',
    'INSERT, after VALUES': 'INSERT INTO shop.orders (id, amount) VALUES (1, 2)\n  ON DUPLICATE UPDATE OPTIONS (FAIL_NO_OP = TRUE); INSERT INTO shop.orders (|',
    REPLACE: 'REPLACE INTO shop.orders RECORDS (|',
    SET: 'SET INTO shop.orders RECORDS (id = 1, |',
    UPDATE: 'UPDATE shop.orders SET amount = 2, |',
    'UPDATE, a key': 'UPDATE shop.orders RECORDS KEY(|',
    DELETE: 'DELETE FROM shop.orders RECORDS KEY(|',
    TRASH: 'TRASH FROM shop.orders RECORDS KEY(id = 1, |',
    RESTORE: 'RESTORE FROM shop.orders RECORDS KEY(|',
    DISPOSE: 'DISPOSE FROM shop.orders RECORDS KEY(|)',
    FETCH: 'FETCH RECORDS FIELDS (id, |) FROM shop.orders',
  };
  it.each(Object.entries(fieldsAt))('%s: only the fields of its database where a field name stands', (_, text) => {
    expect(labels(text)).toEqual(ORDER_FIELDS);
  });

  const valuesAt: Record<string, string> = {
    INSERT: 'INSERT INTO shop.orders (id, amount) VALUES (1, |',
    'INSERT, RECORDS': 'INSERT INTO shop.orders RECORDS (amount = |',
    REPLACE: 'REPLACE INTO shop.orders RECORDS (id = 1, amount = |)',
    SET: 'SET INTO shop.orders RECORDS (amount = |',
    UPDATE: 'UPDATE shop.orders SET amount = amount * |',
    'UPDATE, WHERE': 'UPDATE shop.orders SET amount = 1 WHERE |',
    DELETE: 'DELETE FROM shop.orders WHERE status = 1 OR |',
    TRASH: 'TRASH FROM shop.orders WHERE (|',
    RESTORE: 'RESTORE FROM shop.orders WHERE id IN (1, |',
    DISPOSE: 'DISPOSE FROM shop.orders WHERE |',
    FETCH: 'FETCH RECORDS FROM shop.orders WHERE amount > 1 AND |',
    'FETCH MULTIRECORDS': 'FETCH MULTIRECORDS FROM shop.orders WHERE |',
  };
  it.each(Object.entries(valuesAt))('%s: its fields, the functions but the aggregates and the expression keywords where a value stands', (_, text) => {
    const got = labels(text);
    expect(got).toEqual(expect.arrayContaining([...ORDER_FIELDS, 'POW', 'NOT', 'CASE']));
    expect(got).not.toContain('SUM');
    expect(got).not.toContain('customers');
  });

  it('offers record attributes in ATTRIBUTES (...), only keywords where a keyword stands, a select inside as a select', () => {
    expect(labels('FETCH RECORDS ATTRIBUTES (tags, |')).toEqual(expect.arrayContaining(['record_id', 'insert_at']));
    expect(labels('FETCH RECORDS ATTRIBUTES (tags, |')).not.toContain('amount');
    for (const text of ['UPDATE shop.orders |', 'TRASH FROM shop.orders |', 'FETCH RECORDS FROM shop.orders |']) {
      expect(labels(text), text).toContain('WHERE');
      expect(
        labels(text).filter((l) => !/^[A-Z][A-Z_ ]*$/.test(l)),
        text,
      ).toEqual([]);
    }
    expect(labels('FETCH PSEUDORECORDS FROM (SELECT | FROM shop.customers)')).toEqual(expect.arrayContaining(['name', 'region']));
    expect(labels('UPDATE shop.orders SET amount = (SELECT MAX(|) FROM shop.customers)')).toEqual(expect.arrayContaining(['name', 'region']));
  });

  it('does not offer the fields of another statement', () => {
    expect(labels('UPDATE shop.customers SET name = 1; DELETE FROM shop.orders WHERE |')).not.toContain('region');
    expect(labels('UPDATE shop.customers SET |; DELETE FROM shop.orders')).toEqual(expect.arrayContaining(['name', 'region']));
  });
});

describe('hover inside each data statement', () => {
  it.each([
    ['INSERT', 'INSERT INTO shop.ord|ers (amount) VALUES (1)'],
    ['UPDATE, the statement unfinished', 'UPDATE shop.ord|ers SET'],
    ['DELETE', 'DELETE FROM sh|op.orders WHERE id = 1'],
    ['FETCH', 'FETCH RECORDS FROM shop.ord|ers LIMIT 1'],
    ['SET', 'SET INTO shop.ord|ers RECORDS (id = 1)'],
    ['REPLACE', 'REPLACE INTO shop.ord|ers RECORDS (id = 1'],
    ['TRASH', 'TRASH FROM shop.ord|ers WHERE'],
    ['RESTORE', 'RESTORE FROM shop.ord|ers'],
    ['DISPOSE', 'DISPOSE FROM shop.ord|ers RECORDS KEY(id = 1)'],
  ])('%s: the database, over its whole path', (_, text) => {
    const h = hoverAt(text);
    expect(h?.value).toMatch(/^table `shop.orders`\n\ndatabase `orders` "Orders" in shop: id int\(8\)/);
    const start = cursor(text).text.indexOf('shop.orders');
    expect(h?.range).toEqual({ start: { line: 0, character: start }, end: { line: 0, character: start + 'shop.orders'.length } });
  });

  it.each([
    ['INSERT', 'INSERT INTO shop.orders (id, amo|unt'],
    ['UPDATE SET', 'UPDATE shop.orders SET amo|unt = '],
    ['UPDATE WHERE', 'UPDATE shop.orders SET note = 1 WHERE amo|unt > '],
    ['DELETE KEY', 'DELETE FROM shop.orders RECORDS KEY(amo|unt = 1'],
    ['FETCH FIELDS', 'FETCH RECORDS FIELDS (amo|unt) FROM shop.orders'],
    ['FETCH WHERE', 'FETCH RECORDS FROM shop.orders WHERE amo|unt'],
    ['SET', 'SET INTO shop.orders RECORDS (amo|unt = 1'],
    ['REPLACE', 'REPLACE INTO shop.orders RECORDS (id = 1, amo|unt = 2)'],
    ['TRASH', 'TRASH FROM shop.orders WHERE amo|unt IS NULL'],
  ])('%s: a field of the database', (_, text) => {
    expect(hoverAt(text)?.value).toBe('**amount**: field of database `orders` (Orders)\n\ntype `decimal(10,2)` · nullable · label "Order amount"');
  });

  it('shows a record attribute in ATTRIBUTES (...), and nothing for a statement word', () => {
    expect(hoverAt('FETCH RECORDS ATTRIBUTES (ta|gs) FROM shop.orders')?.value).toBe('**tags**: record attribute (every record has it)');
    expect(hoverAt('UPDATE shop.orders S|ET amount = 1')).toBeNull();
  });
});

describe('what a place expects comes from the kind table', () => {
  it('every data action kind with a database field expects a database there (no kind named in the language server)', () => {
    const kinds = DATA_ACTION_KINDS.filter((k) => FIELD_LIST[k].some((f) => f.child?.denotes === 'database'));
    expect(kinds.length).toBeGreaterThan(10);
    for (const kind of kinds) {
      // The kind's example with its database name replaced by the cursor: the place expects a database.
      const example = KIND_EXAMPLES[kind];
      const name = /(?:FROM|INTO|UPDATE|DATABASE) (\w+)/.exec(example)?.[1];
      if (name === undefined) throw new Error(`no database name in the example of ${kind}: ${example}`);
      const at = example.indexOf(` ${name}`) + 1;
      expect(placeAt(example, 0, example.length, at, at + name.length)?.expects, `${kind}: ${example}`).toBe('database');
      expect(KINDS[kind].keyword).not.toBeNull();
    }
  });
});
