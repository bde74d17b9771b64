import { describe, expect, it } from 'vitest';
import { FIELD_LIST } from '../../src/ast/fields.js';
import { FETCH_KINDS, fetchWord } from '../../src/ast/kinds.js';
import { hover } from '../../src/lsp/hover.js';
import { textModelOf } from '../../src/lsp/text-model.js';
import { cursor, labels, positionIn, SHOP } from './helpers.js';

/**
 * Completion and hover inside INSERT, UPDATE, DELETE and FETCH (issue 30's "Done when"): where
 * an expression stands in them, the fields of the database written or read, the functions (not
 * the aggregates: a write or a fetch has no groups) and the expression keywords, as in a select's
 * WHERE; after an expression its operators; where a field name stands, the fields; a hover on a
 * field or a function says what it is. One table per statement kind.
 */

const ORDER_FIELDS = ['id', 'customer', 'amount', 'status', 'note', 'placed', 'paid', 'scan'];
const EXPRESSION = [...ORDER_FIELDS, 'POW', 'TRUNCATE', 'NOT', 'NULL', 'CASE', 'EXISTS'];
const OPERATORS = ['AND', 'OR', 'NOT', 'IS', 'LIKE', 'BETWEEN', 'IN'];

function hoverAt(marked: string): string | null {
  const { text, offset } = cursor(marked);
  const h = hover(textModelOf(text), offset, { schema: SHOP, rangeOf: (s, e) => ({ start: positionIn(text, s), end: positionIn(text, e) }) });
  return h === null ? null : (h.contents as { value: string }).value;
}

/** [text with the cursor, what is offered there (all of it), what is not]. */
type Row = readonly [marked: string, offered: readonly string[], notOffered?: readonly string[]];

function completes(rows: readonly Row[]): void {
  for (const [marked, offered, notOffered = []] of rows) {
    const got = labels(marked);
    expect(got, marked).toEqual(expect.arrayContaining([...offered]));
    for (const word of notOffered) expect(got, `${marked} offers ${word}`).not.toContain(word);
  }
}

/** [text with the cursor on a field, on a function]. */
function hovers(field: string, fn: string): void {
  expect(hoverAt(field), field).toMatch(/^\*\*amount\*\*: field of database `orders`/);
  expect(hoverAt(fn), fn).toMatch(/^```dsq\nPOW\(base, exponent\)/);
}

describe('UPDATE', () => {
  it("completes in SET and WHERE as in a select's WHERE", () => {
    completes([
      ['UPDATE shop.orders SET |', ORDER_FIELDS, ['POW', 'customers']],
      ['UPDATE shop.orders SET note = 1, |', ORDER_FIELDS],
      ['UPDATE shop.orders SET note = |', EXPRESSION, ['SUM']],
      ['UPDATE shop.orders SET note = amount |', OPERATORS],
      ['UPDATE shop.orders SET note = 1 WHERE |', EXPRESSION, ['SUM', 'name']],
      ['UPDATE shop.orders SET note = 1 WHERE amount |', OPERATORS],
      ['UPDATE shop.orders SET note = 1 WHERE EXISTS (SELECT * FROM shop.customers c WHERE c.|', ['id', 'name', 'region']],
    ]);
  });
  it('offers the clauses that may follow a complete UPDATE (what the parser reads there)', () => {
    completes([
      ['UPDATE shop.orders SET note = 1 |', ['WHERE', 'FILE', 'OPTIONS', ...OPERATORS], ['SET', 'POW', 'amount']],
      ['UPDATE shop.orders |', ['SET', 'WHERE'], ['POW', 'amount', 'AND']],
      ['UPDATE shop.orders SET note = 1 WHERE amount > 1 |', ['OPTIONS', ...OPERATORS], ['WHERE', 'SET']],
    ]);
  });
  it('hovers a field and a function', () => hovers('UPDATE shop.orders SET note = 1 WHERE amo|unt > 1', 'UPDATE shop.orders SET note = PO|W(amount, 2)'));
});

describe('DELETE', () => {
  it("completes in WHERE as in a select's WHERE", () => {
    completes([
      ['DELETE FROM shop.orders WHERE |', EXPRESSION, ['SUM', 'name']],
      ['DELETE FROM shop.orders WHERE amount > 1 |', OPERATORS],
      ['DELETE FROM shop.orders WHERE amount IN (SELECT | FROM shop.customers)', ['name', 'region', 'SUM', 'DISTINCT']],
    ]);
  });
  it('offers WHERE after a complete DELETE, not an expression', () => {
    completes([['DELETE FROM shop.orders |', ['WHERE', 'OPTIONS'], ['POW', 'amount', 'NOT', 'AND', 'SET']]]);
  });
  it('hovers a field and a function', () => hovers('DELETE FROM shop.orders WHERE amo|unt > 1', 'DELETE FROM shop.orders WHERE PO|W(amount, 2) > 1'));
});

describe('OPTIONS of a data action', () => {
  it('offers the options the action takes, then TRUE and FALSE (what the parser says it expects there)', () => {
    completes([
      ['DELETE FROM shop.orders WHERE amount > 1 OPTIONS (|', ['FAIL_NO_OP'], ['ROWS', 'ECHO', 'COUNT']],
      ['FETCH RECORDS FROM shop.orders OPTIONS (COUNT = TRUE, |', ['CHILDREN', 'COUNT'], ['FAIL_NO_OP', 'ROWS']],
      ['UPDATE shop.orders SET note = 1 OPTIONS (FAIL_NO_OP = |', ['TRUE', 'FALSE'], ['ROWS', 'USE_STRINGS', 'ECHO']],
    ]);
  });
});

describe('INSERT', () => {
  it('completes the field list, the values, and a SELECT written in place of VALUES (an error, read as a select)', () => {
    completes([
      ['INSERT INTO shop.orders (|', ORDER_FIELDS, ['POW']],
      ['INSERT INTO shop.orders (amount, |', ORDER_FIELDS],
      ['INSERT INTO shop.orders (amount) VALUES (|', EXPRESSION, ['SUM']],
      ['INSERT INTO shop.orders (amount) VALUES (1 |', OPERATORS],
      ['INSERT INTO shop.orders (amount) SELECT | FROM shop.customers', ['name', 'region', 'SUM', 'DISTINCT'], ['amount']],
      ['INSERT INTO shop.orders (amount) SELECT name FROM shop.customers WHERE |', ['name', 'region', 'NOT']],
    ]);
  });
  it('offers VALUES after the field list, not an expression; ON DUPLICATE after the values', () => {
    completes([
      ['INSERT INTO shop.orders (amount) |', ['VALUES'], ['amount', 'POW', 'NOT', 'AND']],
      ['INSERT INTO shop.orders (amount) VAL|', ['VALUES'], ['amount', 'POW', 'NOT']],
      ['INSERT INTO shop.orders (amount) VALUES (1) |', ['ON DUPLICATE', 'OPTIONS'], ['amount', 'POW', 'VALUES']],
    ]);
  });
  it('hovers a field and a function', () => {
    hovers('INSERT INTO shop.orders (amo|unt) VALUES (1)', 'INSERT INTO shop.orders (amount) VALUES (PO|W(1, 2))');
    expect(hoverAt('INSERT INTO shop.orders (amount) SELECT na|me FROM shop.customers')).toMatch(/^\*\*name\*\*: field of database `customers`/);
  });
});

describe('FETCH', () => {
  it('RECORDS: completes FIELDS, RECORDS KEY( and WHERE', () => {
    completes([
      ['FETCH RECORDS FIELDS (|) FROM shop.orders', ORDER_FIELDS, ['POW']],
      ['FETCH RECORDS FIELDS (amount, |) FROM shop.orders', ORDER_FIELDS],
      ['FETCH RECORDS FROM shop.orders RECORDS KEY(|', ORDER_FIELDS],
      ['FETCH RECORDS FROM shop.orders WHERE |', EXPRESSION, ['SUM']],
      ['FETCH RECORDS FROM shop.orders WHERE amount |', OPERATORS],
    ]);
    hovers('FETCH RECORDS FROM shop.orders WHERE amo|unt > 1', 'FETCH RECORDS FROM shop.orders WHERE PO|W(amount, 2) > 1');
    expect(hoverAt('FETCH RECORDS FIELDS (amo|unt) FROM shop.orders')).toMatch(/^\*\*amount\*\*: field of database `orders`/);
  });
  it('MULTIRECORDS: completes WHERE', () => {
    completes([
      ['FETCH MULTIRECORDS FROM shop.orders WHERE |', EXPRESSION, ['SUM']],
      ['FETCH MULTIRECORDS FROM shop.orders WHERE amount > 1 |', OPERATORS],
    ]);
    hovers('FETCH MULTIRECORDS FROM shop.orders WHERE amo|unt > 1', 'FETCH MULTIRECORDS FROM shop.orders WHERE PO|W(amount, 2) > 1');
  });
  it("POSTS: a database or record wall names a database (the kind table's denotesWhen): its databases, then in KEY( its fields; not a group's or a user's wall", () => {
    completes([
      ['FETCH POSTS ON DATABASE |', ['orders', 'customers'], ['id', 'POW']],
      ['FETCH POSTS ON DATABASE shop.orders RECORD KEY(|', ORDER_FIELDS, ['POW', 'customers']],
      ['FETCH POSTS ON DATABASE shop.orders RECORD KEY(id = 1, |', ORDER_FIELDS],
      ['FETCH POSTS ON USER |', [], ['orders', 'customers', 'id']],
      ['FETCH POSTS ON GROUP |', [], ['orders', 'customers', 'id']],
    ]);
    expect(hoverAt('FETCH POSTS ON DATABASE shop.orders RECORD KEY(amo|unt = 1)')).toMatch(/^\*\*amount\*\*: field of database `orders`/);
  });
  it('PSEUDORECORDS: completes its select as a select', () => {
    completes([['FETCH PSEUDORECORDS FROM (SELECT * FROM shop.orders WHERE |', [...EXPRESSION, 'record_id']]]);
    hovers(
      'FETCH PSEUDORECORDS FROM (SELECT * FROM shop.orders WHERE amo|unt > 1)',
      'FETCH PSEUDORECORDS FROM (SELECT POW(amount, 2) FROM shop.orders WHERE PO|W(amount, 2) > 1)',
    );
  });
  it('the FETCH types', () => {
    expect(labels('FETCH |')).toEqual(expect.arrayContaining(['RECORDS', 'MULTIRECORDS', 'PSEUDORECORDS', 'TASKS', 'USERS', 'LOGS', 'POSTS']));
  });
});

describe('every FETCH kind with an expression or a field list (from the kind table)', () => {
  /**
   * For each FETCH kind, from its fields in the kind table: where it reads its rows (a database
   * field: `FROM shop.orders`; a select: `FROM (SELECT ...)`; neither: nothing), and each
   * clause it has that takes expressions (WHERE, ORDER BY) or field names (FIELDS). Each such
   * place offers what a select's WHERE offers there: the columns of the rows read (the
   * database's fields, the select's output columns, none for tasks and users), the functions
   * (no aggregates) and the expression keywords.
   */
  const SELECT_COLUMNS = ['id', 'total'];
  const rows = FETCH_KINDS.flatMap((kind) => {
    const fields = FIELD_LIST[kind];
    const fromDatabase = fields.some((f) => f.child?.denotes === 'database');
    const fromSelect = fields.some((f) => f.child?.role === 'select');
    const source = fromDatabase ? ' FROM shop.orders' : fromSelect ? ' FROM (SELECT id, amount AS total FROM shop.orders)' : '';
    const columns = fromDatabase ? ORDER_FIELDS : fromSelect ? SELECT_COLUMNS : [];
    const others = [...ORDER_FIELDS, ...SELECT_COLUMNS].filter((c) => !columns.includes(c));
    const word = `FETCH ${fetchWord(kind)}`;
    const out: [kind: string, marked: string, offered: readonly string[], notOffered: readonly string[]][] = [];
    // After the FETCH with what it needs: the clauses it has (`ORDER BY` the parser's two words).
    const clauses = fields.flatMap((f) =>
      f.child?.role === 'expr'
        ? ['WHERE']
        : f.child?.role === 'order_term'
          ? ['ORDER BY']
          : f.key === 'limit' || f.key === 'offset'
            ? [f.key.toUpperCase()]
            : [],
    );
    if (clauses.length > 0) out.push([kind, `${word}${source} |`, clauses, ['POW', ...ORDER_FIELDS]]);
    for (const f of fields) {
      if (f.child?.role === 'expr') out.push([kind, `${word}${source} WHERE |`, [...columns, 'POW', 'NOT', 'CASE'], ['SUM', ...others]]);
      if (f.child?.role === 'order_term') out.push([kind, `${word}${source} ORDER BY |`, [...columns, 'POW', 'NOT', 'CASE'], ['SUM', ...others]]);
      if (f.value?.denotes === 'field') out.push([kind, `${word} ${f.key.toUpperCase()} (|)${source}`, columns, ['POW', ...others]]);
    }
    return out;
  });

  it('covers the kinds with a WHERE, an ORDER BY or a field list', () => {
    expect(rows.filter(([, marked]) => !/WHERE|ORDER BY|\(\|\)/.test(marked)).length).toBe(5);
    expect(new Set(rows.map(([kind]) => kind))).toEqual(new Set(['fetch_records', 'fetch_multirecords', 'fetch_pseudorecords', 'fetch_tasks', 'fetch_users']));
  });
  it.each(rows)('%s: %s', (_kind, marked, offered, notOffered) => completes([[marked, offered, notOffered]]));

  it("hovers the select's columns after FETCH PSEUDORECORDS' select (a field of the database through SELECT *)", () => {
    expect(hoverAt('FETCH PSEUDORECORDS FROM (SELECT id, amount AS total FROM shop.orders) WHERE to|tal > 1')).toMatch(/^\*\*total\*\*: column of a subquery/);
    expect(hoverAt('FETCH PSEUDORECORDS FROM (SELECT * FROM shop.orders) WHERE amo|unt > 1')).toMatch(/^\*\*amount\*\*: field of database `orders`/);
    expect(hoverAt('FETCH TASKS WHERE PO|W(a, 2) > 1')).toMatch(/^```dsq\nPOW\(base, exponent\)/);
  });
  it('completes the fields of the database under SELECT * (the columns of its sources)', () => {
    completes([['FETCH PSEUDORECORDS FROM (SELECT * FROM shop.orders) WHERE |', [...ORDER_FIELDS, 'POW']]]);
  });
});

describe('what the examples found empty (examples-data.test.ts)', () => {
  it("completes a select not closed yet inside a FETCH as a select, a specifier's WHERE as an expression, OPTIONS' parenthesis", () => {
    completes([
      ['FETCH PSEUDORECORDS FROM (SELECT region |', ['AS', 'FROM', 'AND']],
      ['FETCH PSEUDORECORDS FROM (SELECT region, SUM(amount) FROM shop.orders GROUP BY region |', ['HAVING', 'ORDER BY']],
      ['FETCH USERS WHERE |', ['NOT', 'POW'], ['amount']],
      ['FETCH USERS WHERE name LIKE |', ['NOT', 'CASE']],
      ['UPDATE shop.orders SET note = 1 OPTIONS |', ['(']],
      ['FETCH PSEUDORECORDS FROM |', ['(']],
    ]);
  });
});
