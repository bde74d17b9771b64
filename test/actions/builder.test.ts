import { describe, expect, it } from 'vitest';
import { builder, col, recordKey, selectFrom } from '../../src/builder/index.js';
import { toJson } from '../../src/json/index.js';
import { parse } from '../../src/syntax/index.js';

/** The data action builders end in exactly the JSON the text compiler gives for the same action. */
const db = builder();
const text = (t: string) => toJson(parse(t));

const CASES: readonly (readonly [string, () => { toJson(): string }, string])[] = [
  [
    'fetch records: records, fields, attributes, where, order, limit, offset, children, count',
    () =>
      db
        .fetchRecords('shop.orders')
        .fields(['id', 'status'])
        .attributes([])
        .records([1, recordKey({ region: 'eu', n: 5 })])
        .where(col('status').eq('open'))
        .orderBy('placed', 'desc')
        .limit(50)
        .offset(10)
        .children(false)
        .count(),
    "FETCH COUNT RECORDS FIELDS (id, status) ATTRIBUTES () FROM shop.orders RECORDS [1, KEY(region = 'eu', n = 5)] WHERE status = 'open' ORDER BY placed DESC LIMIT 50 OFFSET 10 OPTIONS (CHILDREN = FALSE)",
  ],
  ['fetch records by id', () => db.fetchRecords(12), 'FETCH RECORDS FROM 12'],
  [
    'fetch multirecords',
    () =>
      db
        .fetchMultirecords(['eu.orders', 'us.orders'])
        .where(({ col }) => col('total').gt(5))
        .count(false),
    "FETCH MULTIRECORDS FROM ['eu.orders', 'us.orders'] WHERE total > 5 OPTIONS (COUNT = FALSE)",
  ],
  [
    'fetch pseudorecords',
    () => db.fetchPseudorecords(selectFrom('orders').select('region')).limit(5),
    'FETCH PSEUDORECORDS FROM (SELECT region FROM orders) LIMIT 5',
  ],
  [
    'fetch tasks',
    () => db.fetchTasks().from(12).user('bob').text('export').orderBy('id', 'desc'),
    "FETCH TASKS FROM 12 USER 'bob' TEXT 'export' ORDER BY id DESC",
  ],
  ['fetch users', () => db.fetchUsers(['alice', 7]).limit(3), "FETCH USERS ['alice', 7] LIMIT 3"],
  [
    'insert: values, on duplicate, fail_no_op',
    () =>
      db
        .insertInto('shop.orders')
        .values([
          { id: 1, status: 'open', paid: true, note: null },
          { id: 2, total: col('price').mul(col('qty')), tags: ['vip'], file: { type: 'text', content: 'hi' } },
        ])
        .onDuplicate('update')
        .failNoOp(),
    "INSERT INTO shop.orders RECORDS (id = 1, status = 'open', paid = TRUE, note = NULL), (id = 2, total = price * qty, tags = ['vip'], file = TEXT 'hi') ON DUPLICATE UPDATE OPTIONS (FAIL_NO_OP = TRUE)",
  ],
  [
    'replace',
    () =>
      db
        .replaceInto('shop.orders')
        .values([{ id: 1 }])
        .onDuplicate('trash'),
    'REPLACE INTO shop.orders (id) VALUES (1) ON DUPLICATE TRASH',
  ],
  [
    'set',
    () =>
      db
        .setRecords('shop.prices')
        .values([{ sku: 'A', price: 5 }])
        .onRemove('trash'),
    "SET INTO shop.prices (sku, price) VALUES ('A', 5) ON REMOVE TRASH",
  ],
  [
    "update: literals to fields, expressions to expressions (the issue's example)",
    () =>
      db
        .updateTable('orders')
        .set({ status: 'paid' })
        .set(({ col }) => ({ total: col('price').mul(col('qty')) }))
        .where(col('id').eq(7)),
    "UPDATE orders SET status = 'paid', total = price * qty WHERE id = 7",
  ],
  [
    'update: file, records, fail_no_op',
    () =>
      db
        .updateTable('docs')
        .file('obj-9')
        .records(recordKey({ sku: 'A1' }))
        .failNoOp(),
    "UPDATE docs FILE 'obj-9' RECORDS KEY(sku = 'A1') OPTIONS (FAIL_NO_OP = TRUE)",
  ],
  ['delete', () => db.deleteFrom('orders').where(col('placed').lt(col('cutoff'))), 'DELETE FROM orders WHERE placed < cutoff'],
  ['trash', () => db.trashFrom('orders').records([1, 2]), 'TRASH FROM orders RECORDS [1, 2]'],
  ['restore', () => db.restoreFrom('orders').records(5).failNoOp(false), 'RESTORE FROM orders RECORDS 5 OPTIONS (FAIL_NO_OP = FALSE)'],
  ['dispose: every record', () => db.disposeFrom('orders'), 'DISPOSE FROM orders RECORDS ALL'],
];

describe('data action builders: the same JSON as the text', () => {
  it.each(CASES)('%s', (_, build, dsq) => {
    expect(build().toJson()).toBe(text(dsq));
  });

  it('are immutable: a method returns a new builder, the old one unchanged', () => {
    const base = db.updateTable('orders');
    const paid = base.set({ status: 'paid' });
    expect(base.toJson()).toBe(text('UPDATE orders'));
    expect(paid.toJson()).toBe(text("UPDATE orders SET status = 'paid'"));
  });

  it('a field named twice is an error (the spec: the action fails)', () => {
    expect(() =>
      db
        .updateTable('orders')
        .set({ a: 1 })
        .set({ A: col('b') })
        .toAst(),
    ).toThrow(/given twice/);
  });

  it('bad arguments are argument errors naming the place', () => {
    expect(() => db.insertInto('t').onDuplicate('trash' as never)).toThrow(/fail, update/);
    expect(() => db.insertInto('t').values([{ a: [1] }])).toThrow(/a of record 1/);
    expect(() => db.fetchRecords('t').limit(-1)).toThrow(/at least 0/);
    // @ts-expect-error onRemove is for the set action only (a type error too)
    expect(() => db.insertInto('t').onRemove('trash')).toThrow(/set action/);
    // @ts-expect-error not a query (a type error too)
    expect(() => db.fetchPseudorecords('SELECT 1')).toThrow(/must be a query/);
  });
});
