import { builder, col, selectFrom, type RowType } from '../src/index.js';
import type { Schema } from './shop.schema.js'; // written by: dsq types shop.schema.json > shop.schema.ts

// Untyped: every call returns a new, frozen query; the JSON is the service's select object.
export const open = selectFrom('orders').where(col('status').eq('open')).limit(10);
export const json = open.toJson(); // {"from":"orders","where":{"$=":[{"$col":"status"},"open"]},"limit":10}

// Typed from the schema: names are checked and completed, rows are inferred.
const report = builder<Schema>().selectFrom('orders', 'o').join('customers', 'c').select('c.name', 'o.amount').where(({ col }) => col('o.customer').eq(col('c.id')));
export type ReportRow = RowType<typeof report>; // { name: string; amount: number | null }
export const text = report.toText({ width: 100 }); // SELECT c.name, o.amount FROM orders AS o JOIN customers AS c WHERE o.customer = c.id
