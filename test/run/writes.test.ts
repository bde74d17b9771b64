import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DsqError } from '../../src/diagnostic/diagnostic.js';
import { jsonText } from '../../src/run/encode.js';
import { responseOut } from '../../src/run/execute.js';
import { openLocal, type LocalService } from '../../src/run/local.js';

/**
 * The write actions on DuckDB, per the spec's Behaviour list (1-7) and its Errors table: each
 * behaviour with its effect, each error row as an error after which nothing changed (every
 * record and trash table compared before and after).
 */
const DATA = join(import.meta.dirname, '..', '..', 'examples', 'shop-data');
const NOW = Date.UTC(2024, 5, 1);
let local: LocalService;

beforeAll(async () => {
  local = await openLocal({ data: DATA, now: NOW });
});
afterAll(async () => {
  await local?.close();
});

/** Every table, as text. */
async function snapshot(): Promise<string> {
  const orders = 'record_id, id, customer, amount, status, placed, paid, tags, insert_at, update_at';
  const tables = [
    'SELECT record_id, id, name, region FROM customers',
    `SELECT ${orders} FROM orders`,
    `SELECT ${orders} FROM orders@trash`,
    'SELECT record_id, parent_id, sku, qty, price FROM orders.lines',
  ];
  const out = await local.runAll(tables.map((t) => `${t} ORDER BY record_id`).join(';\n'));
  return out.map((r) => jsonText(responseOut(r))).join('\n');
}

/** Runs a write that must fail: the error's message, and nothing changed. */
async function fails(action: string | object): Promise<string> {
  const before = await snapshot();
  let message = '';
  try {
    await local.run(action as string);
  } catch (err) {
    if (!(err instanceof DsqError)) throw err;
    message = err.message;
  }
  expect(message, 'the action failed').not.toBe('');
  expect(await snapshot()).toBe(before);
  return message;
}

const counts = async (action: string | object) => jsonText(responseOut(await local.run(action as string)));
const rows = async (query: string) => {
  const r = await local.run(query);
  return r.kind === 'select' ? r.rows.map((row) => jsonText(row)) : [];
};

describe('the Behaviour list', () => {
  it('1. INSERT: fail on a duplicate key (nothing changes); update changes only the fields given and adds tags; new keys are inserted', async () => {
    expect(await fails("INSERT INTO orders (id, customer, placed) VALUES (99, 1, '2024-03-01T00:00:00Z'), (2, 1, '2024-03-01T00:00:00Z')")).toMatch(
      /record 2 has the key of the existing record 2, and on_duplicate is fail/,
    );
    await local.run({ action: 'update', database: 'orders', records: { type: 'key', key: { id: 2 } }, fields: {} });
    expect(
      await counts({
        action: 'insert',
        database: 'orders',
        on_duplicate: 'update',
        records: [
          { id: 2, status: 'paid', tags: ['x'] },
          { id: 20, customer: 2, placed: '2024-04-01T00:00:00Z' },
        ],
      }),
    ).toBe('{"inserted":1,"updated":1}');
    expect(await rows('SELECT id, customer, amount, status, update_at FROM orders WHERE id IN (2, 20) ORDER BY id')).toEqual([
      '[2,1,35.00,"paid","2024-06-01T00:00:00.000Z"]',
      '[20,2,null,"open",null]',
    ]);
    await local.run({ action: 'insert', database: 'orders', on_duplicate: 'update', records: [{ id: 2, tags: ['y', 'x'] }] });
    expect(await rows('SELECT tags FROM orders WHERE id = 2')).toEqual(['[["x","y"]]']);
  });

  it('2. REPLACE: update overwrites the duplicate entirely (unmentioned fields null, tags replaced); delete and trash remove it first', async () => {
    expect(await counts({ action: 'replace', database: 'orders', records: [{ id: 2, customer: 3, placed: '2024-05-01T00:00:00Z' }] })).toBe(
      '{"inserted":0,"updated":1,"deleted":0,"trashed":0}',
    );
    expect(await rows('SELECT customer, amount, status, tags FROM orders WHERE id = 2')).toEqual(['[3,null,"open",null]']);
    const trashed = await counts({
      action: 'replace',
      database: 'orders',
      on_duplicate: 'trash',
      records: [{ id: 3, customer: 2, placed: '2024-05-01T00:00:00Z' }],
    });
    expect(trashed).toBe('{"inserted":1,"updated":0,"deleted":0,"trashed":1}');
    expect(await rows('SELECT id, status FROM orders@trash WHERE id = 3')).toEqual(['[3,"paid"]']);
    expect(await fails({ action: 'replace', database: 'customers', on_duplicate: 'trash', records: [{ id: 1, name: 'x' }] })).toMatch(/no trash feature/);
    await local.run('DISPOSE FROM orders WHERE id = 3');
  });

  it('3. SET: the database holds exactly the records given; the others go per on_remove', async () => {
    const before = await rows('SELECT id FROM customers ORDER BY id');
    expect(before).toEqual(['[1]', '[2]', '[3]', '[4]']);
    expect(
      await counts({
        action: 'set',
        database: 'customers',
        records: [
          { id: 1, name: 'Ada' },
          { id: 5, name: 'Eve' },
        ],
      }),
    ).toBe('{"inserted":1,"updated":1,"deleted":3,"trashed":0}');
    expect(await rows('SELECT id, name, region FROM customers ORDER BY id')).toEqual(['[1,"Ada",null]', '[5,"Eve",null]']);
    await local.run({
      action: 'set',
      database: 'customers',
      on_duplicate: 'delete',
      records: [
        { id: 1, name: 'Ada Lovelace', region: 'north' },
        { id: 2, name: 'Brendan Eich', region: 'south' },
        { id: 3, name: 'Grace Hopper', region: 'north' },
        { id: 4, name: "O'Brien, Pat" },
      ],
    });
    expect(await rows('SELECT id FROM customers ORDER BY id')).toEqual(before);
    expect(await fails({ action: 'set', database: 'customers', on_remove: 'trash', records: [] })).toMatch(/no trash feature/);
  });

  it('4. UPDATE: fields and expressions by field specifier; a field named twice fails; no match or no values is a no-op unless fail_no_op', async () => {
    expect(await counts('UPDATE orders SET status = \'late\', "Order amount" = amount * 2 WHERE id = 4 OR id = 5')).toBe('{"updated":2}');
    expect(await rows('SELECT id, amount, status FROM orders WHERE id IN (4, 5) ORDER BY id')).toEqual(['[4,null,"late"]', '[5,500.00,"late"]']);
    expect(await fails({ action: 'update', database: 'orders', records: { type: 'all' }, fields: { status: 'x' }, expressions: { STATUS: 'y' } })).toMatch(
      /status/,
    );
    expect(await counts("UPDATE orders SET status = 'x' WHERE id = 12345")).toBe('{"updated":0}');
    expect(
      await fails({
        action: 'update',
        database: 'orders',
        records: { type: 'where', where: { '$=': [{ $col: 'id' }, 12345] } },
        fields: { status: 'x' },
        fail_no_op: true,
      }),
    ).toMatch(/matched no record/);
    expect(await fails({ action: 'update', database: 'orders', records: { type: 'all' }, fail_no_op: true })).toMatch(/no values/);
    expect(await fails({ action: 'update', database: 'orders', records: { type: 'all' }, file: 'obj1' })).toMatch(/file/);
  });

  it('5. fail_no_op on other writes: an action that changes nothing fails', async () => {
    expect(await fails({ action: 'delete', database: 'orders', records: 12345, fail_no_op: true })).toMatch(/DELETE matched no record/);
    expect(await fails({ action: 'insert', database: 'orders', records: [], fail_no_op: true })).toMatch(/changed nothing/);
  });

  it('6. RESTORE fails when a restored record has the key of a record in the database', async () => {
    await local.run({ action: 'insert', database: 'orders', records: [{ id: 6, customer: 1, placed: '2024-01-01T00:00:00Z' }] });
    expect(await fails('RESTORE FROM orders WHERE id = 6')).toMatch(/RESTORE would give the key \(id = 6\) to a second record/);
    await local.run('DELETE FROM orders WHERE id = 6');
    expect(await counts('RESTORE FROM orders WHERE id = 6')).toBe('{"restored":1}');
    expect(await counts('TRASH FROM orders WHERE id = 6')).toBe('{"trashed":1}');
  });

  it('7. DELETE and DISPOSE delete for good; TRASH moves to the trash table, RESTORE back', async () => {
    expect(await counts('TRASH FROM orders WHERE id = 20')).toBe('{"trashed":1}');
    expect(await rows('SELECT COUNT(*) FROM orders WHERE id = 20')).toEqual(['[0]']);
    expect(await counts('DISPOSE FROM orders WHERE id = 20')).toBe('{"disposed":1}');
    expect(await rows('SELECT COUNT(*) FROM orders@trash WHERE id = 20')).toEqual(['[0]']);
  });
});

describe('the Errors table', () => {
  it('whole numbers outside the signed 64-bit range, in data and in results', async () => {
    expect(
      await fails({ action: 'insert', database: 'orders', records: [{ id: '9223372036854775808', customer: 1, placed: '2024-01-01T00:00:00Z' }] }),
    ).toMatch(/whole number|64-bit/);
    await expect(local.run('SELECT SUM(id) FROM orders WHERE id > 1000 OR id = 9007199254740993 OR id = 9007199254740993')).resolves.toBeDefined();
    await expect(local.run('SELECT 9223372036854775807 + 1')).rejects.toThrow(/Overflow|range/i);
  });

  it('a record with a field given both by value and by expression', async () => {
    expect(
      await fails({ action: 'insert', database: 'orders', records: [{ id: 30, customer: 1, placed: '2024-01-01T00:00:00Z', expressions: { customer: 2 } }] }),
    ).toMatch(/customer/);
  });

  it('TRASH, RESTORE, DISPOSE on a database without the trash feature', async () => {
    for (const a of ['TRASH FROM customers WHERE id = 1', 'RESTORE FROM customers WHERE id = 1', 'DISPOSE FROM customers WHERE id = 1']) {
      expect(await fails(a)).toMatch(/needs the trash feature/);
    }
  });

  it('two records of one action with the same key, a key field without value, a field that may not be null', async () => {
    expect(
      await fails({
        action: 'insert',
        database: 'customers',
        records: [
          { id: 7, name: 'a' },
          { id: 7, name: 'b' },
        ],
      }),
    ).toMatch(/two records of the action have the key \(id = 7\)/);
    expect(await fails({ action: 'insert', database: 'customers', records: [{ name: 'a' }] })).toMatch(/no value for a key field/);
    expect(await fails({ action: 'insert', database: 'customers', records: [{ id: 8 }] })).toMatch(/record 1 gives the field "name" no value/);
    expect(await fails({ action: 'insert', database: 'customers', records: [{ id: 8, name: 'x', nope: 1 }] })).toMatch(/no field "nope"/);
    expect(await fails({ action: 'insert', database: 'customers', records: [{ id: 8.5, name: 'x' }] })).toMatch(/whole number/);
  });

  it('an engine error inside an action (an expression overflowing 64 bits) leaves nothing behind', async () => {
    const action =
      '{"action": "insert", "database": "customers", "on_duplicate": "update", "records": [{"id": 1, "name": "changed"}, {"id": 9, "name": "n", "expressions": {"region": {"$+": [9223372036854775807, 1]}}}]}';
    expect(await fails(action)).toMatch(/Overflow|range/i);
  });
});

describe("delimited records (the spec's Records: csv, tsv, dsv)", () => {
  it('what does not read is an error naming the line, and nothing changed', async () => {
    expect(await fails("INSERT INTO customers FROM CSV TEXT 'id,nme\n50,a'")).toMatch(/no field "nme"/);
    expect(await fails("INSERT INTO customers FROM CSV TEXT 'id,name,Name\n50,a,b'")).toMatch(/names the field "name" twice/);
    expect(await fails("INSERT INTO customers FROM CSV TEXT 'id,name\n50,a\nx,b'")).toMatch(/the delimited records, line 3: .*whole number/);
    expect(await fails("INSERT INTO customers FROM CSV TEXT 'id,name\n50,a,extra'")).toMatch(/line 2: 3 fields, but the first line names 2/);
    expect(await fails("INSERT INTO customers FROM CSV TEXT 'id,name\n50,\"open'")).toMatch(/line 2: .*no closing "/);
    expect(await fails("INSERT INTO customers FROM CSV TEXT 'id,name\n50,a\n50,b'")).toMatch(/two records of the action have the key \(id = 50\)/);
    expect(await fails("INSERT INTO customers FROM CSV BASE64 'not base64!'")).toMatch(/not base64/);
    expect(await fails("INSERT INTO customers FROM CSV FILE 'obj-1'")).toMatch(/uploaded object "obj-1": a local run has no object store/);
    expect(
      await fails({
        action: 'insert',
        database: 'customers',
        records: { type: 'dsv', file: { type: 'text', content: 'id,name' }, delimiter: ',', quote: ',' },
      }),
    ).toMatch(/the delimiter and the quote/);
  });
  it('INSERT, REPLACE and SET read them: a header of field names or labels, RFC 4180 quoting, an empty field NULL', async () => {
    expect(await counts('INSERT INTO customers FROM CSV TEXT \'id,NAME,region\r\n30,"Doe, Jane",\r\n31,"Bob ""B""",east\n\'')).toBe(
      '{"inserted":2,"updated":0}',
    );
    expect(await rows('SELECT id, name, region FROM customers WHERE id >= 30 ORDER BY id')).toEqual(['[30,"Doe, Jane",null]', '[31,"Bob \\"B\\"","east"]']);
    const tsv = Buffer.from('id\tname\n32\tTab Person\n').toString('base64');
    expect(await counts(`INSERT INTO customers FROM TSV BASE64 '${tsv}'`)).toBe('{"inserted":1,"updated":0}');
    expect(
      await counts({
        action: 'insert',
        database: 'customers',
        records: { type: 'dsv', file: { type: 'text', content: 'id;name\n33;|a;b|' }, delimiter: ';', quote: '|' },
      }),
    ).toBe('{"inserted":1,"updated":0}');
    expect(await rows('SELECT name FROM customers WHERE id IN (32, 33) ORDER BY id')).toEqual(['["Tab Person"]', '["a;b"]']);
    // Labels and typed values as a data file's text: a decimal, an ISO instant with an offset, a boolean.
    expect(await counts("INSERT INTO orders FROM CSV TEXT 'id,customer,Order amount,placed,paid\n40,1,12.50,2024-03-01T10:00:00+01:00,true'")).toBe(
      '{"inserted":1,"updated":0}',
    );
    expect(await rows('SELECT amount, status, placed, paid FROM orders WHERE id = 40')).toEqual(['[12.50,"open","2024-03-01T09:00:00.000Z",true]']);
    expect(await counts("INSERT INTO customers FROM CSV TEXT 'id,region\n30,west' ON DUPLICATE UPDATE")).toBe('{"inserted":0,"updated":1}');
    expect(await rows('SELECT name, region FROM customers WHERE id = 30')).toEqual(['["Doe, Jane","west"]']);
    expect(await counts("REPLACE INTO customers FROM CSV TEXT 'id,name\n31,Robert'")).toBe('{"inserted":0,"updated":1,"deleted":0,"trashed":0}');
    expect(await rows('SELECT name, region FROM customers WHERE id = 31')).toEqual(['["Robert",null]']);
    expect(await counts("INSERT INTO customers FROM CSV TEXT 'id,name\n'")).toBe('{"inserted":0,"updated":0}');
    // SET last: it leaves customers with only the records given (the other tests' ones are gone).
    expect(JSON.parse(await counts("SET INTO customers FROM CSV TEXT 'id,name\n30,Only'"))).toMatchObject({ inserted: 0, updated: 1, trashed: 0 });
    expect(await rows('SELECT id, name FROM customers')).toEqual(['[30,"Only"]']);
  });
});

describe('child databases', () => {
  it('records as written have no parent in the spec: an inserted child record has parent_id NULL, and parent_id is not a field to write', async () => {
    expect(await counts({ action: 'insert', database: 'orders.lines', records: [{ sku: 'new', qty: 1, price: 2.5 }] })).toBe('{"inserted":1,"updated":0}');
    expect(await rows("SELECT parent_id, qty FROM orders.lines WHERE sku = 'new'")).toEqual(['[null,1]']);
    const fetched = responseOut(await local.run("FETCH RECORDS FROM orders.lines WHERE sku = 'new'"));
    expect(jsonText(fetched)).toContain('"sku":"new"');
    expect(await fails({ action: 'insert', database: 'orders.lines', records: [{ sku: 'other', qty: 1, price: 1, parent_id: 1 }] })).toMatch(/"parent_id"/);
  });
});
