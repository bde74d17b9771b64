import { describe, expect, it } from 'vitest';
import { fromJson } from '../../../src/json/index.js';
import { builder, type RowType, type SelectQuery } from '../../../src/builder/index.js';
import { columnsOf, starColumns } from '../../../src/builder/runtime-scope.js';
import type { Select } from '../../../src/ast/index.js';
import { ShopFields, type DateTime, type LocalDate, type LocalDateTime, type LocalTime, type Shop, type ShopLabels } from './schema.js';

/**
 * Exact row types of typed queries (issue 12), checked by `tsc` (`npm test` runs it first):
 * each `row<Expected>()(name, query, keys)` compiles only when `RowType<typeof query>` is
 * exactly `Expected` and `keys` are exactly its keys. The test below then checks, at run time,
 * that the keys are the result names the query's JSON implies, in order.
 */

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type SameSet<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Check<Row, Expected, K extends readonly string[]> =
  Equal<Row, Expected> extends true
    ? SameSet<K[number], keyof Expected> extends true
      ? []
      : ['the keys listed are not the keys of the row type']
    : ['the row type is not the one expected; it is', Row];

interface Case {
  readonly name: string;
  readonly query: SelectQuery;
  readonly keys: readonly string[];
}
const CORPUS: Case[] = [];

function row<Expected>() {
  return <Q extends SelectQuery, const K extends readonly string[]>(name: string, query: Q, keys: K, ..._exact: Check<RowType<Q>, Expected, K>): void => {
    CORPUS.push({ name, query, keys });
  };
}

const db = builder<Shop>(ShopFields);
const dbl = builder<Shop, ShopLabels>(ShopFields);

type Invoice = Shop['invoices'];
type Customer = Shop['customers'];
type Nullable<T> = { [K in keyof T]: T[K] | null };

// --- one source -------------------------------------------------------------------------
row<{ id: bigint; total: number }>()('named fields', db.selectFrom('invoices').select('id', 'total'), ['id', 'total']);
row<Invoice>()('no select is SELECT *', db.selectFrom('invoices'), ['id', 'customer', 'total', 'status', 'memo', 'issued', 'due', 'paid']);
row<{ id: bigint }>()('select after selectAll replaces it', db.selectFrom('invoices').selectAll().select('id'), ['id']);
row<Invoice>()(
  'selectAll after select replaces the columns',
  db
    .selectFrom('invoices')
    .select(({ col }) => [col('total').as('d')])
    .selectAll(),
  ['id', 'customer', 'total', 'status', 'memo', 'issued', 'due', 'paid'],
);
row<{ memo: string | null; due: LocalDate | null }>()('nullable fields', db.selectFrom('invoices').select('memo', 'due'), ['memo', 'due']);
row<{ double: number }>()(
  'an expression named with as',
  db.selectFrom('invoices').select(({ col }) => [col('total').mul(2).as('double')]),
  ['double'],
);
row<{ id: bigint; status: string }>()('the array form', db.selectFrom('invoices').select(['id', 'status']), ['id', 'status']);
row<{ id: bigint; total: number }>()('qualified by the table', db.selectFrom('invoices').select('invoices.id', 'invoices.total'), ['id', 'total']);
row<{ total: number; status: string }>()('qualified by the alias', db.selectFrom('invoices', 'i').select('i.total', 'status'), ['total', 'status']);
row<{ total: number; memo: string | null }>()(
  'a column expression keeps its name',
  db.selectFrom('invoices').select(({ col }) => [col('total'), col('memo')]),
  ['total', 'memo'],
);
row<{ record_id: bigint; insert_at: DateTime; update_at: DateTime | null; id: bigint }>()(
  'record attributes',
  db.selectFrom('invoices').select('record_id', 'insert_at', 'update_at', 'id'),
  ['record_id', 'insert_at', 'update_at', 'id'],
);
row<{ id: bigint; status: string }>()('the trash table', db.selectFrom('invoices@trash').select('id', 'status'), ['id', 'status']);
row<{ status: string; total: number }>()('a group path', db.selectFrom('sales.invoices').select('status', 'sales.invoices.total'), ['status', 'total']);
row<{ qty: number; price: number }>()('a child database, by its own name too', db.selectFrom('items').select('qty', 'items.price'), ['qty', 'price']);
row<{ 'E-mail': string | null; name: string }>()('a field label', dbl.selectFrom('customers').select('E-mail', 'name'), ['E-mail', 'name']);
row<{ issued: DateTime }>()(
  'a datetime field compared with datetime()',
  db
    .selectFrom('invoices')
    .select('issued')
    .where(({ col, datetime }) => col('issued').gt(datetime('2024-01-01T00:00:00Z'))),
  ['issued'],
);
row<{ opens: LocalTime; launched: LocalDateTime | null }>()(
  'local time kinds',
  db
    .selectFrom('products')
    .select('opens', 'launched')
    .where(({ col, localTime }) => col('opens').lt(localTime('10:00'))),
  ['opens', 'launched'],
);
row<{ sku: string; title: string }>()(
  'where(column, op, value) and DISTINCT/ORDER/LIMIT leave the row',
  db.selectFrom('products').distinct().select('sku', 'title').where('price', '>', 5).where('title', 'like', 'A%').orderBy('title', 'desc').limit(5),
  ['sku', 'title'],
);

// --- joins --------------------------------------------------------------------------------
row<{ id: bigint; name: string }>()(
  'a join, qualified names',
  db.selectFrom('invoices', 'i').join('customers', 'c').select('i.id', 'c.name').whereRef('i.customer', '=', 'c.id'),
  ['id', 'name'],
);
row<{ id: bigint; customer_id: number }>()(
  'a shared name kept apart with as',
  db
    .selectFrom('invoices', 'i')
    .join('customers', 'c')
    .select(({ col }) => [col('i.id'), col('c.id').as('customer_id')]),
  ['id', 'customer_id'],
);
row<{ total: number; name: string | null; email: string | null }>()(
  'LEFT JOIN: the right side may be null',
  db.selectFrom('invoices', 'i').leftJoin('customers', 'c').select('i.total', 'c.name', 'c.email'),
  ['total', 'name', 'email'],
);
row<{ total: number } & Nullable<Customer> extends infer R ? { [K in keyof R]: R[K] } : never>()(
  "LEFT JOIN and selectAll('c')",
  db.selectFrom('invoices', 'i').leftJoin('customers', 'c').select('i.total').selectAll('c'),
  ['total', 'id', 'name', 'email', 'region', 'vip'],
);
row<Shop['items'] & Customer extends infer R ? { [K in keyof R]: R[K] } : never>()(
  'SELECT * over a join without shared names',
  db.selectFrom('items').join('customers'),
  ['sku', 'qty', 'price', 'invoice', 'id', 'name', 'email', 'region', 'vip'],
);
row<{ sku: string; title: string; name: string }>()(
  'CROSS JOIN, unqualified names only one source has',
  db.selectFrom('products', 'p').crossJoin('customers', 'c').select('p.sku', 'title', 'name'),
  ['sku', 'title', 'name'],
);
row<{ qty: number; status: string }>()(
  'INNER JOIN of a child database',
  db.selectFrom('invoices.items', 'l').innerJoin('invoices', 'i').select('l.qty', 'i.status').whereRef('l.invoice', '=', 'i.id'),
  ['qty', 'status'],
);
row<{ sku: string; price: number | null }>()(
  'LEFT OUTER JOIN keeps nullable fields nullable',
  db.selectFrom('items', 'l').leftOuterJoin('products', 'p').select('l.sku', 'p.price'),
  ['sku', 'price'],
);
row<{ id: bigint; name: string; vip: boolean }>()(
  'three sources',
  db
    .selectFrom('invoices', 'i')
    .join('customers', 'c')
    .join('items', 'l')
    .select('i.id', 'c.name', 'c.vip')
    .where(({ col }) => col('l.qty').gt(1)),
  ['id', 'name', 'vip'],
);

// --- aggregates ---------------------------------------------------------------------------
row<{ status: string; n: number; sum: number | null }>()(
  'GROUP BY with COUNT and SUM',
  db
    .selectFrom('invoices')
    .select(({ col, fn }) => [col('status'), fn.count(col('id')).as('n'), fn.sum(col('total')).as('sum')])
    .groupBy('status'),
  ['status', 'n', 'sum'],
);
row<{ first: DateTime | null; mean: number | null }>()(
  'MIN of a datetime, AVG',
  db.selectFrom('invoices').select(({ col, fn }) => [fn.min(col('issued')).as('first'), fn.avg(col('total')).as('mean')]),
  ['first', 'mean'],
);
row<{ n: number }>()(
  'COUNT(*)',
  db.selectFrom('customers').select(({ fn }) => [fn.countAll().as('n')]),
  ['n'],
);
row<{ ids: bigint | null }>()(
  'SUM of a bigint is a bigint',
  db.selectFrom('invoices').select(({ col, fn }) => [fn.sum(col('id')).as('ids')]),
  ['ids'],
);
row<{ region: string | null; n: number }>()(
  'HAVING on an aggregate, ORDER BY a result alias',
  db
    .selectFrom('customers')
    .select(({ col, fn }) => [col('region'), fn.count(col('id')).as('n')])
    .groupBy('region')
    .having(({ fn, col }) => fn.count(col('id')).gt(2))
    .orderBy('n', 'desc'),
  ['region', 'n'],
);
row<{ line: number; next: bigint }>()(
  'arithmetic: numbers, and a bigint stays a bigint',
  db.selectFrom('items').select(({ col }) => [col('qty').mul(col('price')).as('line'), col('invoice').add(1n).as('next')]),
  ['line', 'next'],
);

// --- CASE ---------------------------------------------------------------------------------
row<{ size: string }>()(
  'CASE WHEN ... ELSE: the union of its branches',
  db.selectFrom('invoices').select(({ col, caseWhen }) => [caseWhen(col('total').gt(100), 'big').when(col('total').gt(10), 'mid').else('small').as('size')]),
  ['size'],
);
row<{ rank: number | null }>()(
  'CASE without ELSE may be null',
  db.selectFrom('invoices').select(({ col, caseWhen }) => [caseWhen(col('paid').eq(1), 1).end().as('rank')]),
  ['rank'],
);
row<{ code: number | string }>()(
  'CASE base WHEN value',
  db.selectFrom('invoices').select(({ col, caseOf }) => [caseOf(col('status')).when('open', 1).else('other').as('code')]),
  ['code'],
);

// --- subqueries ---------------------------------------------------------------------------
row<{ id: bigint; cname: string | null }>()(
  'a correlated scalar subquery: the outer alias is in scope',
  db.selectFrom('invoices', 'i').select(({ col, scalar, selectFrom }) => [
    col('i.id'),
    scalar(
      selectFrom('customers', 'c')
        .select('c.name')
        .where(({ col }) => col('c.id').eq(col('i.customer'))),
    ).as('cname'),
  ]),
  ['id', 'cname'],
);
row<{ t: number }>()(
  "a subquery source exposes the subquery's columns",
  db.selectFrom(db.selectFrom('invoices').select(({ col }) => [col('id'), col('total').as('t')])).select('t'),
  ['t'],
);
row<{ id: bigint; t: number }>()(
  'SELECT * over a subquery source',
  db.selectFrom(db.selectFrom('invoices').select(({ col }) => [col('id'), col('total').as('t')])),
  ['id', 't'],
);
row<{ name: string }>()(
  'IN (SELECT one column of a fitting type)',
  db
    .selectFrom('customers')
    .select('name')
    .where(({ col, selectFrom }) => col('id').in(selectFrom('invoices').select('customer'))),
  ['name'],
);
row<{ name: string }>()(
  'EXISTS, correlated',
  db
    .selectFrom('customers', 'c')
    .select('c.name')
    .where(({ exists, selectFrom }) => exists(selectFrom('invoices', 'i').where(({ col }) => col('i.customer').eq(col('c.id'))))),
  ['name'],
);
row<{ id: bigint; n: number }>()(
  'a join with a subquery source',
  db
    .selectFrom('invoices', 'i')
    .join(db.selectFrom('items').select(({ col, fn }) => [fn.count(col('sku')).as('n')]))
    .select('i.id', 'n'),
  ['id', 'n'],
);
row<{ total: number; top: number | null }>()(
  'a query as a value (asExpression)',
  db.selectFrom('invoices').select(({ col }) => [
    col('total'),
    db
      .selectFrom('invoices')
      .select(({ col, fn }) => [fn.max(col('total')).as('m')])
      .asExpression()
      .as('top'),
  ]),
  ['total', 'top'],
);

// --- options and $if ----------------------------------------------------------------------
row<{ id: string; memo: string | null }>()('useStrings: every value a string', db.selectFrom('invoices').select('id', 'memo').options({ useStrings: true }), [
  'id',
  'memo',
]);
row<{ id: bigint }>()('other options leave the row', db.selectFrom('invoices').select('id').options({ rows: 10, echo: true }), ['id']);
row<{ id: bigint; total: number }>()(
  'withoutOptions drops useStrings',
  db.selectFrom('invoices').select('id', 'total').options({ useStrings: true }).withoutOptions(),
  ['id', 'total'],
);
row<{ n: string }>()(
  'useStrings after an aggregate',
  db
    .selectFrom('invoices')
    .options({ useStrings: true })
    .select(({ fn }) => [fn.countAll().as('n')]),
  ['n'],
);
row<{ id: bigint; status?: string }>()(
  '$if: the columns it adds are optional',
  db
    .selectFrom('invoices')
    .select('id')
    .$if(true, (q) => q.select('status')),
  ['id', 'status'],
);
row<{ id: bigint; total: number }>()(
  '$if that only filters leaves the row',
  db
    .selectFrom('invoices')
    .select('id', 'total')
    .$if(true, (q) => q.where('total', '>', 1)),
  ['id', 'total'],
);
row<Customer | { id: number }>()(
  '$if replacing SELECT *: one row or the other',
  db.selectFrom('customers').$if(true, (q) => q.select('id')),
  ['id'],
);

// --- untyped ------------------------------------------------------------------------------
row<{ a: unknown; b: unknown }>()('untyped: any names, unknown values', builder().selectFrom('t').select('a', 'x.b'), ['a', 'b']);

/** The result names a statement's JSON implies: read it back and name its columns as the service does. */
function jsonResultNames(json: string): (string | null)[] {
  const statement = fromJson(json);
  const select: Select = statement.kind === 'select_action' ? statement.select : (statement as Select);
  return select.columns === 'all' ? starColumns(select.from, ShopFields) : columnsOf(select.columns);
}

describe('typed rows follow the JSON', () => {
  it('holds at least 40 queries with an exact row type', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(40);
  });
  it.each(CORPUS.map((c) => [c.name, c] as const))('%s: the row type keys are the result names of the JSON', (_, c) => {
    expect(jsonResultNames(c.query.toJson())).toEqual(c.keys);
    expect(c.query.resultNames()).toEqual(c.keys);
  });
});
