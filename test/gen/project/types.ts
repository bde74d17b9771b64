/**
 * Exact parameter and row types of the generated module (issue 17), checked by `tsc` (`npm test`
 * runs it first, strict): each `exact<A, B>()` compiles only when A and B are the same type. The
 * rows are also checked against the rows the typed builder infers for the same queries
 * (`builder<Shop>()`, Shop written by `dsq types` from the same schema): gen shares its rules.
 */
import { builder, type CountResult, type DateTime, type LocalDate, type RecordType, type RowType } from '../../../src/builder/index.js';
import type { Action } from '../../../src/params/index.js';
import * as q from './queries.js';
import { ShopFields, type Shop } from './schema.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Compiles only when A and B are exactly the same type. */
export function exact<A, B>(..._same: Equal<A, B> extends true ? [] : ['not the same type', A, B]): void {}

type Int = number | bigint;
type Instant = Date | string;

// Parameters: from the compared field (schema), LIMIT/OFFSET, IN lists, annotations, VALUES/SET fields.
exact<q.CustomersByRegionParams, { readonly region: string; readonly limit: Int; readonly offset: Int }>();
exact<q.TopRegionsParams, { readonly since: Instant; readonly min: Int }>();
exact<q.CustomerWithOrdersParams, { readonly id: Int }>();
exact<q.BiggestOrderParams, { readonly customer: Int }>();
exact<q.CustomerByKeyParams, { readonly id: Int; readonly region: string; readonly limit: Int; readonly skip: Int }>();
exact<q.StreamCustomersParams, { readonly region: string; readonly rows: Int }>();
exact<q.FetchCustomersParams, { readonly regions: readonly string[]; readonly since: Instant }>();
exact<q.OrdersByIdsParams, { readonly ids: readonly Int[] }>();
exact<q.OrdersBetweenParams, { readonly from: Instant; readonly to: Instant; readonly excluded: readonly string[] }>();
exact<q.OrderStatsParams, { readonly customer: Int }>();
exact<q.SearchNotesParams, { readonly pattern: string }>();
exact<q.InsertOrderParams, { readonly customer: Int; readonly amount: Int; readonly status: string; readonly at: Instant; readonly note: string | null }>();
exact<q.UpdateOrderStatusParams, { readonly id: Int; readonly status: string; readonly note: string | null }>();
exact<q.DeleteOldOrdersParams, { readonly before: Instant }>();
exact<q.CheapProductsParams, { readonly max: Int; readonly minStock: Int }>();
exact<q.ProductCountParams, Record<string, never>>();
exact<q.ProductFiguresParams, { readonly low: Int }>();
exact<q.OrderFiguresParams, Record<string, never>>();

// Rows: exact types.
exact<q.CustomersByRegionRow, { id: bigint; name: string; email: string | null }>();
exact<q.TopRegionsRow, { region: string; orders: number; total: number | null }>();
exact<q.CustomerWithOrdersRow, { name: string; birthday: LocalDate | null; amount: number | null; orderId: bigint | null }>();
exact<q.BiggestOrderRow, { name: string; biggest: number | null }>();
exact<
  q.CustomerByKeyRow,
  {
    id: bigint;
    name: string;
    record_id: bigint;
    database_id: number;
    insert_at: DateTime;
    update_at: DateTime | null;
    file_size: number | null;
    file_type: string | null;
    file_url: string | null;
    file_key: string | null;
    tags?: string[];
  }
>();
exact<q.StreamCustomersRow, { id: bigint; name: string }>();
exact<
  q.FetchCustomersRow,
  {
    id: bigint;
    name: string;
    created: DateTime;
    record_id: bigint;
    database_id: number;
    insert_at: DateTime;
    update_at: DateTime | null;
    file_size: number | null;
    file_type: string | null;
    file_url: string | null;
    file_key: string | null;
    tags?: string[];
  }
>();
exact<q.FetchCustomerDatesRow, { id: bigint; record_id: bigint; database_id: number; insert_at: DateTime; update_at: DateTime | null }>();
exact<q.CountCustomersRow, { count: number }>();
exact<q.OrdersByIdsRow, { id: bigint; customer_id: bigint; amount: number; status: string; placed_at: DateTime; note: string | null }>();
exact<q.OrdersBetweenRow, { id: bigint; amount: number; placed_at: DateTime }>();
exact<q.OrderStatsRow, { status: string; smallest: number | null; latest: DateTime | null; average: number | null; notes: number }>();
exact<q.SearchNotesRow, { id: bigint; note: string | null }>();
exact<q.InsertOrderRow, never>();
exact<q.UpdateOrderStatusRow, never>();
exact<q.DeleteOldOrdersRow, never>();
exact<q.CheapProductsRow, { title: string; price: number }>();
exact<q.ProductCountRow, { n: number; units: number | null; value: number | null }>();
// Computed columns: arithmetic, CASE, the spec's functions, conditions (typed from their operands).
exact<
  q.ProductFiguresRow,
  {
    title: string;
    value: number;
    next: number;
    half: number;
    negative: number;
    label: string;
    shown: number | null;
    squared: number;
    rounded: number;
    plenty: boolean;
  }
>();
exact<q.OrderFiguresRow, { nextId: bigint; doubled: number; doneAmount: number; noteText: string | null; mentionsX: boolean | null; top: bigint | null }>();

// The functions: typed parameters in, Action<Row> out.
exact<ReturnType<typeof q.topRegions>, Action<q.TopRegionsRow>>();
exact<Parameters<typeof q.ordersByIds>, [params: q.OrdersByIdsParams]>();
exact<Parameters<typeof q.productCount>, [params?: q.ProductCountParams]>();
// @ts-expect-error a missing parameter does not compile
void (() => q.customersByRegion({ region: 'EU', limit: 10 }));
// @ts-expect-error a parameter of the wrong type does not compile
void (() => q.ordersByIds({ ids: ['1'] }));

// The same rows as the typed builder infers for the same queries.
const db = builder<Shop>(ShopFields);
exact<q.CustomersByRegionRow, RowType<ReturnType<typeof customersByRegion>>>();
exact<q.OrdersByIdsRow, RowType<ReturnType<typeof ordersAll>>>();
exact<q.OrdersBetweenRow, RowType<ReturnType<typeof ordersBetween>>>();
exact<q.CustomerWithOrdersRow, RowType<ReturnType<typeof customerWithOrders>>>();
exact<q.TopRegionsRow, RowType<ReturnType<typeof topRegions>>>();
exact<q.ProductCountRow, RowType<ReturnType<typeof productCount>>>();
exact<q.OrderStatsRow, RowType<ReturnType<typeof orderStats>>>();
exact<q.CheapProductsRow, RowType<ReturnType<typeof cheapProducts>>>();
exact<q.ProductFiguresRow, RowType<ReturnType<typeof productFigures>>>();
exact<q.OrderFiguresRow, RowType<ReturnType<typeof orderFigures>>>();

// FETCH rows are the builder's: a record (RecordType) and the count form's { count }.
const assignable = <_A extends B, B>(): void => {};
assignable<q.FetchCustomersRow, RecordType<ReturnType<typeof fetchCustomers>>>();
exact<q.FetchCustomerDatesRow, RecordType<ReturnType<typeof fetchCustomerDates>>>();
exact<q.CountCustomersRow, CountResult>();
function fetchCustomers() {
  return db.fetchRecords('customers').fields(['id', 'name', 'created']);
}
function fetchCustomerDates() {
  return db.fetchRecords('customers').fields(['id']).attributes(['insert_at', 'update_at']);
}

function customersByRegion() {
  return db.selectFrom('customers').select('id', 'name', 'email');
}
function ordersAll() {
  return db.selectFrom('orders');
}
function ordersBetween() {
  return db.selectFrom('orders').select('id', 'amount', 'placed_at');
}
function customerWithOrders() {
  return db
    .selectFrom('customers', 'c')
    .leftJoin('orders', 'o')
    .select(({ col }) => [col('c.name').as('name'), col('c.birthday').as('birthday'), col('o.amount').as('amount'), col('o.id').as('orderId')]);
}
function topRegions() {
  return db
    .selectFrom('customers', 'c')
    .join('orders', 'o')
    .select(({ col, fn }) => [col('c.region').as('region'), fn.countAll().as('orders'), fn.sum(col('o.amount')).as('total')]);
}
function productCount() {
  return db.selectFrom('products').select(({ col, fn }) => [fn.countAll().as('n'), fn.sum(col('stock')).as('units'), fn.sum(col('price')).as('value')]);
}
function orderStats() {
  return db
    .selectFrom('orders')
    .select(({ col, fn }) => [
      col('status'),
      fn.min(col('amount')).as('smallest'),
      fn.max(col('placed_at')).as('latest'),
      fn.avg(col('amount')).as('average'),
      fn.count(col('note')).as('notes'),
    ]);
}
function cheapProducts() {
  return db.selectFrom('products').select('title', 'price');
}
function productFigures() {
  return db
    .selectFrom('products')
    .select(({ col, fn, caseWhen }) => [
      col('title'),
      col('price').mul(col('stock')).as('value'),
      col('stock').add(1).as('next'),
      col('price').div(2).as('half'),
      col('stock').neg().as('negative'),
      caseWhen(col('stock').gt(5), 'in stock').else('low').as('label'),
      caseWhen(col('stock').gt(0), col('price')).end().as('shown'),
      fn.pow(col('price'), 2).as('squared'),
      fn.truncate(col('price'), 1).as('rounded'),
      col('stock').gt(5).as('plenty'),
    ]);
}
function orderFigures() {
  return db
    .selectFrom('orders')
    .select(({ col, fn, caseWhen, caseOf }) => [
      col('id').add(1).as('nextId'),
      col('amount').mul(2).as('doubled'),
      caseOf(col('status')).when('done', col('amount')).else(0).as('doneAmount'),
      caseWhen(col('note').isNull(), 'none').else(col('note')).as('noteText'),
      col('note').like('%x%').as('mentionsX'),
      fn.max(col('customer_id').mul(2)).as('top'),
    ]);
}
