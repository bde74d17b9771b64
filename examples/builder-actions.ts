import { builder, datetime, recordKey, type DsqError, type RecordType } from '../src/index.js';
import { SchemaFieldLabels, SchemaFields, SchemaKeyFields, type Schema, type SchemaDefaults, type SchemaFeatures, type SchemaKeys, type SchemaLabels } from './shop.schema.js'; // dsq types shop.schema.json > shop.schema.ts

// The schema's types (with each database's features and key fields), and as values its field
// lists, labels and key fields: the compiler checks names and values, and the builder checks the names again
// at run time, before anything is sent.
const db = builder<Schema, SchemaLabels, SchemaDefaults, SchemaFeatures, SchemaKeys>(SchemaFields, SchemaFieldLabels, SchemaKeyFields);

// INSERT: every field that is not nullable and has no default (status and paid have one); a
// field by its name or its label ("Order amount" is amount's); an expression goes to expressions.
export const insert = db
  .insertInto('orders')
  .values([
    { id: 1n, customer: 7, placed: '2024-05-01T10:00:00Z', 'Order amount': 120.5 },
    { id: 2n, customer: 9, placed: datetime('2024-05-02T08:30:00Z'), amount: null, note: 'gift' },
  ])
  .onDuplicate('update');
export const insertText = insert.toText({ width: 120 });
// INSERT INTO orders
// RECORDS
//   (id = 1, customer = 7, placed = '2024-05-01T10:00:00Z', "Order amount" = 120.5),
//   (id = 2, customer = 9, amount = NULL, note = 'gift', placed = DATETIME '2024-05-02T08:30:00Z')
// ON DUPLICATE UPDATE

// REPLACE and SET need the same fields (a duplicate is overwritten entirely).
export const replace = db.replaceInto('customers').values([{ id: 4, name: 'Ann', region: 'north' }]).onDuplicate('delete');
// REPLACE INTO customers (id, name, region)
// VALUES (4, 'Ann', 'north')
// ON DUPLICATE DELETE
export const sync = db.setRecords('orders.lines').values([{ sku: 'A-1', qty: 2, price: 9.5 }]).onRemove('delete');
// SET INTO orders.lines (sku, qty, price) VALUES ('A-1', 2, 9.5) ON REMOVE DELETE

// UPDATE: a literal goes to fields, an expression to expressions; the callback's columns are checked.
export const update = db
  .updateTable('orders')
  .set({ status: 'paid', paid: true })
  .set(({ col }) => ({ 'Order amount': col('amount').mul(1.2) }))
  .where(({ col }) => col('status').eq('open').and(col('placed').lt(datetime('2024-01-01T00:00:00Z'))));
// UPDATE orders
// SET status = 'paid', paid = TRUE, "Order amount" = amount * 1.2
// WHERE status = 'open' AND placed < DATETIME '2024-01-01T00:00:00Z'

// DELETE (TRASH, RESTORE, DISPOSE alike) by a condition, ids, or key values.
export const remove = db.deleteFrom('customers').records([recordKey({ id: 4 }), 5]).failNoOp();
// DELETE FROM customers RECORDS [KEY(id = 4), 5] OPTIONS (FAIL_NO_OP = TRUE)

// FETCH RECORDS: the records are typed: the fields kept, record_id and database_id always.
export const fetch = db.fetchRecords('orders').fields(['id', 'amount']).attributes([]).where(({ col }) => col('paid').eq(0)).orderBy('placed', 'desc').limit(50);
// FETCH RECORDS FIELDS (id, amount) ATTRIBUTES ()
// FROM orders
// WHERE paid = 0
// ORDER BY placed DESC
// LIMIT 50
export type FetchedOrder = RecordType<typeof fetch>;
// { id: bigint; amount: number | null; record_id: bigint; database_id: number; children?: { lines?: [...] } }

// Mistakes are compile errors (test/actions/typed/example.test.ts compiles each):
// db.insertInto('orders').values([{ id: 3n, placed: '2024-05-03T00:00:00Z' }])
//   → Property 'customer' is missing
// db.insertInto('orders').values([{ id: 3n, customer: 1, placed: '2024-05-03T00:00:00Z', amount: 5, 'Order amount': 5 }])
//   → the field "amount" is given twice: as "Order amount" and as "amount"
// db.insertInto('customers').values([{ id: 5, name: 'Bo', nickname: 'B' }])
//   → no field "nickname" in database "customers"
// db.updateTable('orders').set({ stauts: 'paid' })
//   → no field "stauts" in database "orders"
// db.updateTable('orders').set({ paid: 'yes' })
//   → Type 'string' is not assignable to type 'boolean | ExprNode | Expression_<number | boolean> | ScalarQuery<number | boolean>'
// db.deleteFrom('order')
//   → no database "order" in the schema
// db.fetchRecords('orders').fields(['id', 'totl'])
//   → Type '"totl"' is not assignable
// db.trashFrom('customers')
//   → database "customers" has no trash feature ("trash": true in its definition): TRASH needs it
// db.deleteFrom('customers').records(recordKey({ name: 'Ann' }))
//   → recordKey() names name, which is no key field of "customers"; the key fields are: id

// What escapes the compiler (a cast, data from elsewhere) is a DsqError at run time.
const fromElsewhere = { id: 6, name: 'Cy', nickname: 'C' } as never;
export const runTimeError = (() => {
  try {
    db.insertInto('customers').values([fromElsewhere]);
    return null;
  } catch (e) {
    return (e as DsqError).message;
  }
})();
// record 1 of .values(): no field "nickname" in "customers"; did you mean "name"?
