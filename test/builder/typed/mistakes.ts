/**
 * Mistakes a typed query must not compile (issue 12). `tsc` (the first step of `npm test`)
 * fails if any line under `@ts-expect-error` compiles; messages.test.ts strips the
 * directives, compiles this file with the TypeScript API and checks that each marked line has
 * an error, and, where the comment quotes one (`msg: ...`), that the message says it.
 * Nothing here runs.
 */
import { and, builder, col, not, or, type RowType } from '../../../src/builder/index.js';
import { ShopFields, type Shop, type ShopLabels } from './schema.js';

const db = builder<Shop>(ShopFields);
const dbl = builder<Shop, ShopLabels>(ShopFields);

export function names(): void {
  // @ts-expect-error unknown database  msg: no database "invoice" in the schema; the databases are:
  db.selectFrom('invoice');
  // @ts-expect-error unknown field  msg: no column "totl" in this query; the columns are:
  db.selectFrom('invoices').select('totl');
  // @ts-expect-error unknown field as the first of several  msg: no column "emial"
  db.selectFrom('customers').select('emial', 'name');
  // @ts-expect-error an ambiguous plain name  msg: "id" is ambiguous: more than one source has it (c, i); qualify it: c.id, i.id
  db.selectFrom('invoices', 'i').join('customers', 'c').select('id');
  // @ts-expect-error an ambiguous name in col()  msg: "id" is ambiguous
  db.selectFrom('invoices', 'i').join('customers', 'c').where(({ col }) => col('id').eq(1));
  // @ts-expect-error qualified by the table once aliased  msg: no column "invoices.id"
  db.selectFrom('invoices', 'i').select('invoices.id');
  // @ts-expect-error a label without the labels type
  db.selectFrom('customers').select('E-mail');
  // @ts-expect-error a label of another database
  dbl.selectFrom('invoices').select('E-mail');
  // @ts-expect-error not a database table (@trash and @records are)
  db.selectFrom('invoices@bin');
  // @ts-expect-error ref() of an alias not selected  msg: no result column or source column "nope" to reference
  db.selectFrom('invoices').where(({ ref }) => ref('nope').gt(1));
  // @ts-expect-error ref() of an alias not selected, in having
  db.selectFrom('invoices').select(({ col }) => [col('total').as('t')]).having(({ ref }) => ref('nope').gt(1));
  // @ts-expect-error orderBy of an unknown name
  db.selectFrom('invoices').orderBy('nope');
  // @ts-expect-error groupBy of an unknown name  msg: '"no column "nope" in this query; the columns are: customer, due, id, issued, memo, paid, status, total"'
  db.selectFrom('invoices').groupBy('nope');
  // @ts-expect-error groupBy: an unknown name after a valid one  msg: '"no column "stat" in this query; the columns are: status, customer, due, id, issued, memo, paid, total"'
  db.selectFrom('invoices').groupBy('status', 'stat');
  // @ts-expect-error groupBy: an unknown name after an expression  msg: '"no column "i.stat" in this query; the columns are: status, customer, due, email, issued, memo, name, paid, region, total, vip, c.id, i.id"'
  db.selectFrom('invoices', 'i').join('customers', 'c').groupBy(col('x'), 'i.stat');
  // @ts-expect-error groupBy under SELECT * of a join: a name both sources have  msg: '""id" is ambiguous: more than one source has it (c, i); qualify it: c.id, i.id"'
  db.selectFrom('invoices', 'i').join('customers', 'c').groupBy('id');
  // @ts-expect-error orderBy under SELECT * of a join: a name both sources have  msg: '""id" is ambiguous: more than one source has it (c, i); qualify it: c.id, i.id"'
  db.selectFrom('invoices', 'i').join('customers', 'c').orderBy('id');
  // @ts-expect-error groupBy: an ambiguous name  msg: '""id" is ambiguous: more than one source has it (c, i); qualify it: c.id, i.id"'
  db.selectFrom('invoices', 'i').join('customers', 'c').select('i.total').groupBy('id');
  // @ts-expect-error a source of another query (not correlated: db.selectFrom starts afresh)  msg: no column "i.id"
  db.selectFrom('invoices', 'i').where(({ col }) => col('customer').in(db.selectFrom('customers').select('id').where(({ col }) => col('i.id').eq(1))));
  // @ts-expect-error a column of a subquery source it does not select
  db.selectFrom(db.selectFrom('invoices').select('id')).select('total');
}

export function sources(): void {
  // @ts-expect-error the same alias twice  msg: the source name "x" is already used in this query
  db.selectFrom('invoices', 'x').join('customers', 'x');
  // @ts-expect-error the same table twice without an alias  msg: the source name "invoices" is already used
  db.selectFrom('invoices').join('invoices');
  // @ts-expect-error selectAll of an unknown source  msg: parameter of type '"i"'
  db.selectFrom('invoices', 'i').selectAll('x');
  // @ts-expect-error SELECT * where two sources share names  msg: twice (two sources have it)
  db.selectFrom('invoices', 'i').join('customers', 'c').selectAll();
  // @ts-expect-error selectAll(alias) without the field lists at run time  msg: needs the schema's field lists at run time
  builder<Shop>().selectFrom('invoices', 'i').selectAll('i');
}

export function results(): void {
  // @ts-expect-error an expression without a name  msg: a selected expression needs a result name
  db.selectFrom('invoices').select(({ col }) => [col('total').add(1)]);
  // @ts-expect-error a root expression without a name
  db.selectFrom('invoices').select(col('total').mul(2));
  // @ts-expect-error two result columns of one name  msg: duplicate result name "id"
  db.selectFrom('invoices', 'i').join('customers', 'c').select('i.id', 'c.id');
  // @ts-expect-error a name the row already has  msg: the query already has a result column named so
  db.selectFrom('invoices').select('id').select('id');
  // @ts-expect-error an alias that repeats a column
  db.selectFrom('invoices').select(({ col }) => [col('id'), col('total').as('id')]);
  // @ts-expect-error useStrings rows hold strings
  const s: RowType<ReturnType<typeof stringsQuery>> = { id: 1n };
  void s;
  // @ts-expect-error a LEFT JOIN's right side may be null
  const l: string = leftRow({ name: null });
  void l;
}
const stringsQuery = () => db.selectFrom('invoices').select('id').options({ useStrings: true });
const leftQuery = () => db.selectFrom('invoices', 'i').leftJoin('customers', 'c').select('c.name');
const leftRow = (r: RowType<ReturnType<typeof leftQuery>>) => r.name;

export function operands(): void {
  db.selectFrom('invoices').where(({ col, selectFrom, datetime, localDate }) => {
    // @ts-expect-error number compared with text
    col('total').eq(col('status'));
    // @ts-expect-error text compared with a number literal
    col('status').eq(1);
    // @ts-expect-error a number compared with a string literal
    col('total').eq('10');
    // @ts-expect-error IN a subquery of numbers for a text field
    col('status').in(selectFrom('customers').select('id'));
    // @ts-expect-error IN a subquery of two columns
    col('customer').in(selectFrom('customers').select('id', 'name'));
    // @ts-expect-error an IN list of the wrong type
    col('customer').in(['a', 'b']);
    // @ts-expect-error LIKE on a number
    col('total').like('1%');
    // @ts-expect-error arithmetic on text
    col('status').add(1);
    // @ts-expect-error arithmetic with text
    col('total').add(col('status'));
    // @ts-expect-error a datetime compared with plain text
    col('issued').gt('2024-01-01');
    // @ts-expect-error text compared with a Date
    col('status').eq(new Date());
    // @ts-expect-error text compared with datetime()
    col('memo').eq(datetime('2024-01-01T00:00:00Z'));
    // @ts-expect-error a local date compared with an instant
    col('due').eq(datetime('2024-01-01T00:00:00Z'));
    // @ts-expect-error a local date compared with a datetime field
    col('due').lt(col('issued'));
    // @ts-expect-error a datetime compared with a local date
    col('issued').eq(localDate('2024-01-01'));
    // @ts-expect-error booleans have no literal: compare with 1 or 0
    col('paid').eq(true);
    // @ts-expect-error BETWEEN numbers on text
    col('memo').between(1, 2);
    // @ts-expect-error a record attribute is a bigint
    col('record_id').eq('x');
    return col('paid').eq(1);
  });
  db.selectFrom('invoices').select(({ col, fn }) => [
    // @ts-expect-error SUM of text
    fn.sum(col('status')).as('s'),
    // @ts-expect-error AVG of a datetime
    fn.avg(col('issued')).as('a'),
  ]);
  // @ts-expect-error a function of the spec's table with the wrong argument count
  db.selectFrom('invoices').select(({ col, fn }) => [fn('POW', col('total')).as('p')]);
}

export function conditions(): void {
  // @ts-expect-error a number is not a condition  msg: where() needs a condition (a comparison, or a boolean column or expression), got number
  db.selectFrom('invoices').where(({ col }) => col('total'));
  // @ts-expect-error AND with a text field  msg: .and() needs a condition (a comparison, or a boolean column or expression), got text or null
  db.selectFrom('invoices').where(({ col }) => col('paid').eq(1).and(col('memo')));
  // @ts-expect-error NOT of a number  msg: .not() needs a condition (a comparison, or a boolean column or expression), got number
  db.selectFrom('invoices').where(({ col }) => col('total').not());
  // @ts-expect-error a string is not a condition  msg: where() needs a condition (a comparison, or a boolean column or expression), got a plain string
  db.selectFrom('invoices').where('total > 1');
  // @ts-expect-error HAVING on a count, not a condition  msg: having() needs a condition (a comparison, or a boolean column or expression), got number
  db.selectFrom('invoices').select(({ fn }) => [fn.countAll().as('n')]).having(({ fn }) => fn.countAll());
  // @ts-expect-error a CASE WHEN needs a condition  msg: caseWhen() needs a condition (a comparison, or a boolean column or expression), got number
  db.selectFrom('invoices').select(({ col, caseWhen }) => [caseWhen(col('total'), 'x').else('y').as('c')]);
  // @ts-expect-error a later CASE arm with text for a condition  msg: .when() needs a condition (a comparison, or a boolean column or expression), got text
  db.selectFrom('invoices').select(({ col, caseWhen }) => [caseWhen(col('paid'), 1).when(col('status'), 2).else(3).as('c')]);
  // @ts-expect-error OR onto a datetime  msg: .or() needs a condition (a comparison, or a boolean column or expression), got datetime
  db.selectFrom('invoices').where(({ col }) => col('paid').or(col('issued')));
  // @ts-expect-error AND called on a number  msg: .and() needs a condition (a comparison, or a boolean column or expression), got number
  db.selectFrom('invoices').where(({ col }) => col('total').and(col('paid')));
  // @ts-expect-error and() of a text field  msg: and() needs a condition (a comparison, or a boolean column or expression), got text
  db.selectFrom('invoices').where(({ col }) => and(col('paid'), col('status')));
  // @ts-expect-error or() of a number  msg: or() needs a condition (a comparison, or a boolean column or expression), got number
  db.selectFrom('invoices').where(({ col }) => or(col('paid'), col('memo').eq('x'), col('total')));
  // @ts-expect-error not() of a date  msg: not() needs a condition (a comparison, or a boolean column or expression), got localdate or null
  db.selectFrom('invoices').where(({ col }) => not(col('due')));
  // @ts-expect-error orWhere with a number  msg: orWhere() needs a condition (a comparison, or a boolean column or expression), got bigint
  db.selectFrom('invoices').where(({ col }) => col('paid')).orWhere(({ col }) => col('id'));
  // @ts-expect-error a plain boolean is not a condition  msg: where() needs a condition (a comparison, or a boolean column or expression), got a plain boolean
  db.selectFrom('invoices').where(true);
  // @ts-expect-error a query is not a condition  msg: where() needs a condition (a comparison, or a boolean column or expression), got a query
  db.selectFrom('invoices').where(({ selectFrom }) => selectFrom('customers').select('vip'));
  // @ts-expect-error a CASE base compared with a value of another type
  db.selectFrom('invoices').select(({ col, caseOf }) => [caseOf(col('status')).when(1, 'x').else('y').as('c')]);
  // @ts-expect-error a CASE of text compared with a number
  db.selectFrom('invoices').where(({ col, caseWhen }) => caseWhen(col('paid').eq(1), 'a').else('b').gt(1));
  // @ts-expect-error a scalar subquery of two columns
  db.selectFrom('invoices').select(({ scalar, selectFrom }) => [scalar(selectFrom('customers').select('id', 'name')).as('x')]);
  // @ts-expect-error a scalar subquery of text compared with a number
  db.selectFrom('invoices').where(({ col, scalar, selectFrom }) => col('total').eq(scalar(selectFrom('customers').select('name'))));
}

export function shortForms(): void {
  // @ts-expect-error where(column, op, value): a string for a number field
  db.selectFrom('invoices').where('total', '>', '5');
  // @ts-expect-error where(column, op, value): LIKE on a number field
  db.selectFrom('invoices').where('total', 'like', 'x');
  // @ts-expect-error where(column, op, value): an unknown operator
  db.selectFrom('invoices').where('total', '===', 5);
  // @ts-expect-error where(column, op, value): an unknown column
  db.selectFrom('invoices').where('totl', '=', 5);
  // @ts-expect-error whereRef between a number and text  msg: '""status" (text) does not compare with "total" (number)"'
  db.selectFrom('invoices').whereRef('total', '=', 'status');
  // @ts-expect-error whereRef across a join, text and number  msg: '""c.name" (text) does not compare with "i.customer" (number)"'
  db.selectFrom('invoices', 'i').join('customers', 'c').whereRef('i.customer', '=', 'c.name');
  // @ts-expect-error whereRef of a datetime and text  msg: '""c.email" (text or null) does not compare with "issued" (datetime)"'
  db.selectFrom('invoices', 'i').join('customers', 'c').whereRef('issued', '=', 'c.email');
  // @ts-expect-error whereRef with an unknown right column  msg: '"no column "c.nope" in this query; the columns are: name, customer, due, email, issued, memo, paid, region, status, total, vip, c.id, i.id"'
  db.selectFrom('invoices', 'i').join('customers', 'c').whereRef('i.customer', '=', 'c.nope');
  // @ts-expect-error whereRef with an unknown left column  msg: '"no column "i.customr" in this query; the columns are: customer, due, email, issued, memo, name, paid, region, status, total, vip, c.id, i.id"'
  db.selectFrom('invoices', 'i').join('customers', 'c').whereRef('i.customr', '=', 'c.id');
  // @ts-expect-error an order direction that is not asc or desc
  db.selectFrom('invoices').orderBy('id', 'up');
  // @ts-expect-error LIMIT of text
  db.selectFrom('invoices').limit('10');
  // @ts-expect-error an unknown option
  db.selectFrom('invoices').options({ row: 10 });
}

/** Issue 26: mistakes that compiled before, and what a row gives back. */
export function roundTwo(): void {
  const withOptions = db.selectFrom('customers').select('id').options({ rows: 5 });
  // @ts-expect-error a query with options is no IN list  msg: a query with .options(...) is a whole statement (a SELECT action), not a subquery, an IN list or a FROM source
  db.selectFrom('invoices').where(({ col }) => col('customer').in(withOptions));
  // @ts-expect-error a query with options in where(column, 'in', query)  msg: drop the options with .withoutOptions()
  db.selectFrom('invoices').where('customer', 'in', withOptions);
  // @ts-expect-error a query with options as a scalar subquery  msg: a query with .options(...) is a whole statement
  db.selectFrom('invoices').where(({ col }) => col('customer').eq(withOptions));
  // @ts-expect-error a query that may have options (set inside $if)  msg: a query with .options(...) is a whole statement
  db.selectFrom('invoices').where(({ col }) => col('customer').in(db.selectFrom('customers').select('id').$if(true, (q) => q.options({}))));
  db.selectFrom('invoices').where(({ col }) => col('customer').in(withOptions.withoutOptions()));

  // @ts-expect-error orderBy a name selected only inside $if (optional: no result name to rely on)  msg: no column "r2" in this query
  db.selectFrom('invoices').select('id').$if(true, (q) => q.select(({ col }) => [col('total').as('r2')])).orderBy('r2');
  // @ts-expect-error groupBy a name selected only inside $if  msg: no column "r2" in this query
  db.selectFrom('invoices').select('status').$if(true, (q) => q.select(({ col }) => [col('total').as('r2')])).groupBy('r2');
  db.selectFrom('invoices').select('id').$if(true, (q) => q.select('total')).orderBy('total');

  // @ts-expect-error ELSE '' is NULL (JSON rule 1): the column may be null
  const cased: string = caseRow({ c: null }).c;
  void cased;

  // A value read from a row is given back (keyset pagination): these compile.
  const last = lastRow({ issued: '2024-01-01T00:00:00Z' as never, due: null, total: 1 });
  db.selectFrom('invoices').where(({ col }) => col('issued').gt(last.issued).and(col('due').lt(last.due)));
  db.selectFrom('invoices').where('issued', '>', last.issued).where('due', '>=', last.due);
  // @ts-expect-error a datetime read from a row against a local date
  db.selectFrom('invoices').where('due', '<', last.issued);
  // @ts-expect-error plain text against a local date (where(column, op, value) on a nullable date)
  db.selectFrom('invoices').where('due', '<', '2024-01-01');
  // @ts-expect-error a number against a nullable local date
  db.selectFrom('invoices').where('due', '=', 5);

  // @ts-expect-error a negative LIMIT  msg: LIMIT -1 is negative; LIMIT counts rows and must be 0 or more.
  db.selectFrom('invoices').limit(-1);
  // @ts-expect-error a fractional OFFSET  msg: OFFSET 2.5 is not a whole number; OFFSET counts rows.
  db.selectFrom('invoices').offset(2.5);
  db.selectFrom('invoices').limit(0).offset(10n);

  // @ts-expect-error SELECT * of a join whose sources share a name: the way to keep both  msg: to keep both, take one source whole and name the other's apart: .selectAll('c').select(({ col }) => [col('i.id').as('i_id')])
  db.selectFrom('invoices', 'i').join('customers', 'c').selectAll();
}
const caseQuery = () => db.selectFrom('invoices').select(({ col, caseWhen }) => [caseWhen(col('paid').eq(1), 'yes').else('').as('c')]);
const caseRow = (r: RowType<ReturnType<typeof caseQuery>>) => r;
const lastQuery = () => db.selectFrom('invoices').select('issued', 'due', 'total');
const lastRow = (r: RowType<ReturnType<typeof lastQuery>>) => r;
