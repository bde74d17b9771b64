import { builder, col, dsq, fn, ident, queryFromJson, selectFrom, type RowType } from '../src/index.js';
import type { Schema } from './shop.schema.js'; // written by: dsq types shop.schema.json > shop.schema.ts

// 1. Untyped: any database, any field. Every call returns a new, frozen query.
const open = selectFrom('orders', 'o').where(col('status').eq('open'));
const big = open.where(col('amount').gt(1000)); // several where() calls AND together
const recent = open.orderBy('placed', 'desc').limit(20); // `open` itself is unchanged

export const untypedText = big.select('id', col('amount').mul(1.2).as('gross')).toText();
// SELECT id, amount * 1.2 AS gross
// FROM orders AS o
// WHERE status = 'open' AND amount > 1000
export const untypedJson = recent.toJson();
// {"from":{"type":"table","table":"orders","alias":"o"},"where":{"$=":[{"$col":"status"},"open"]},...}

// Conditional pieces without breaking the chain; the SELECT action options.
export function search(filters: { region?: string; minTotal?: number }) {
  return selectFrom('customers')
    .select('region', fn.count(col('id')).as('n'))
    .$if(filters.region !== undefined, (q) => q.where(col('region').eq(filters.region ?? null)))
    .groupBy('region')
    .$if(filters.minTotal !== undefined, (q) => q.having(fn.count(col('id')).gte(filters.minTotal ?? 0)))
    .options({ rows: 500, useStrings: false });
}

// Start from an existing query (JSON or AST) and extend it.
export const extended = queryFromJson('{"from":"orders","where":{"$>":[{"$col":"amount"},5]}}').where(col('paid').eq(1)).toText();
// SELECT * FROM orders WHERE amount > 5 AND paid = 1

// 2. Typed with a schema: names are checked and completed, rows are inferred. Callbacks get an
// expression builder scoped to the query's sources, ({ col, ref, fn, val, exists, selectFrom,
// caseWhen, ... }): its columns are checked and typed. (The root col/fn/ref above are untyped.)
const db = builder<Schema>();
const report = db
  .selectFrom('orders', 'o')
  .join('customers', 'c')
  .select('c.name', 'o.amount')
  .select(({ col }) => [col('o.amount').mul(2).as('double')])
  .where(({ col }) => col('o.customer').eq(col('c.id')).and(col('o.status').in(['open', 'paid'])))
  .orderBy('double', 'desc');
export type ReportRow = RowType<typeof report>;
// { name: string; amount: number | null; double: number | null }
export const typedText = report.toText({ width: 60 });
// SELECT c.name, o.amount, o.amount * 2 AS double
// FROM orders AS o JOIN customers AS c
// WHERE o.customer = c.id AND o.status IN ('open', 'paid')
// ORDER BY double DESC

// A subquery made with the callback's selectFrom sees the outer sources (correlated).
const busy = db
  .selectFrom('customers', 'c')
  .select('c.name', ({ scalar, selectFrom }) => [
    scalar(selectFrom('orders', 'o').select(({ fn }) => [fn.countAll().as('n')]).where(({ col }) => col('o.customer').eq(col('c.id')))).as('orders'),
  ])
  .where('c.region', '=', 'north');
export type BusyRow = RowType<typeof busy>;
// { name: string; orders: number | null }

// Mistakes are compile errors that say what is wrong in one sentence (test/builder/tour.test.ts):
// db.selectFrom('orders').select('emial')
//   → no column "emial" in this query; the columns are: amount, customer, id, note, paid, placed, scan, status
// db.selectFrom('orders', 'o').join('customers', 'c').select('id')
//   → "id" is ambiguous: more than one source has it (c, o); qualify it: c.id, o.id
// db.selectFrom('orders').select(({ col }) => [col('amount').add(1)])
//   → a selected expression needs a result name: add .as('name') (a column is named after itself)
// db.selectFrom('orders', 'o').join('orders', 'o')
//   → the source name "o" is already used in this query: choose another alias
// db.selectFrom('orders').where(({ col }) => col('status').eq(1))
//   → Argument of type '1' is not assignable to parameter of type 'string | ExprNode | Expression_<PlainText | null> | ScalarQuery<PlainText | null> | null'
// db.selectFrom('orders').where(({ col }) => col('amount'))
//   → where() needs a condition (a comparison, or a boolean column or expression), got number or null
// db.selectFrom('orders').limit(-1)
//   → LIMIT -1 is negative; LIMIT counts rows and must be 0 or more.
// db.selectFrom('orders').select('id').$if(true, (q) => q.select(({ col }) => [col('amount').mul(2).as('double')])).orderBy('double')
//   → no column "double" in this query; the columns are: amount, customer, id, note, paid, placed, scan, status
// db.selectFrom('customers').where(({ col }) => col('id').in(db.selectFrom('orders').select('customer').options({ rows: 5 })))
//   → Type '"a query with .options(...) is a whole statement (a SELECT action), not a subquery, an IN list or a FROM source: drop the options with .withoutOptions()"' is not assignable to type 'number | bigint | null | undefined'

// 3. Tagged template: values are always literals, never text; names only through ident().
const status = "open' OR 1=1 --";
const ids = [1, 2, 3];
export const templated = dsq`SELECT * FROM ${ident('orders')} WHERE status = ${status} AND id IN ${ids}`.limit(10);
// SELECT *
// FROM orders
// WHERE status = 'open'' OR 1=1 --' AND id IN (1, 2, 3)
// LIMIT 10
