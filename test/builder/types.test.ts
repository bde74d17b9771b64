import { describe, expect, expectTypeOf, it } from 'vitest';
import { builder, col, fn, selectFrom, type ColumnExpression, type Expression, type RowType } from '../../src/builder/index.js';
import { DsqError } from '../../src/diagnostic/index.js';
import type { Schema } from '../../examples/shop.schema.js';

const db = builder<Schema>();

describe('schema-typed builder', () => {
  it('infers the row type from selected fields, aliases and nullability', () => {
    const q = db
      .selectFrom('orders', 'o')
      .select('id', 'o.status', 'amount')
      .select(({ col }) => [col('amount').mul(2).as('double'), fn.countAll().as('n')])
      .where(({ col }) => col('amount').gt(10).and(col('status').eq('open')));
    expectTypeOf<RowType<typeof q>>().toEqualTypeOf<{ id: bigint; status: string; amount: number | null; double: number | null; n: number }>();
    expect(q.toAst().kind).toBe('select');
  });

  it('SELECT * gives the unqualified fields of the sources', () => {
    const q = db.selectFrom('customers').selectAll();
    expectTypeOf<RowType<typeof q>>().toEqualTypeOf<{ id: number; name: string; region: string | null; 'odd field': unknown }>();
  });

  it('joins bring the joined fields into scope, qualified by alias', () => {
    const q = db
      .selectFrom('orders', 'o')
      .join('customers', 'c')
      .select('c.name', 'o.amount')
      .where(({ col }) => col('o.customer').eq(col('c.id')));
    expectTypeOf<RowType<typeof q>>().toEqualTypeOf<{ name: string; amount: number | null }>();
    const left = db.selectFrom('orders', 'o').leftJoin('customers', 'c').select('c.name', 'o.status');
    expectTypeOf<RowType<typeof left>>().toEqualTypeOf<{ name: string | null; status: string }>();
    const child = db.selectFrom('orders.lines').select('qty', 'orders.lines.price');
    expectTypeOf<RowType<typeof child>>().toEqualTypeOf<{ qty: number; price: number }>();
  });

  it('typed columns have value types; operands are checked', () => {
    db.selectFrom('orders').where(({ col }) => {
      expectTypeOf(col('amount')).toEqualTypeOf<ColumnExpression<number | null, 'amount'>>();
      expectTypeOf(col('id')).toEqualTypeOf<ColumnExpression<bigint, 'id'>>();
      return col('id')
        .eq(9007199254740993n)
        .and(col('amount').between(1, 2.5))
        .and(col('placed').gt(new Date(0)));
    });
    expect(true).toBe(true);
  });

  it('typed expressions are covariant: they pass where any expression goes', () => {
    const describeIt = (e: Expression) => e.toText();
    db.selectFrom('orders').where(({ col }) => {
      expect(describeIt(col('amount').add(1))).toBe('amount + 1');
      expectTypeOf(col('amount').add(1)).toEqualTypeOf<Expression<number | null>>();
      return col('paid').eq(1);
    });
  });

  it('$if makes the columns it adds optional', () => {
    const q = db
      .selectFrom('orders')
      .select('id')
      .$if(Math.random() > 2, (b) => b.select('status'));
    expectTypeOf<RowType<typeof q>>().toEqualTypeOf<{ id: bigint; status?: string }>();
  });

  it('orderBy and groupBy accept fields and result aliases', () => {
    const q = db
      .selectFrom('orders')
      .select(({ col, fn }) => [fn.sum(col('amount')).as('total')])
      .groupBy('status')
      .orderBy('total', 'desc');
    expect(q.toAst().kind).toBe('select');
  });

  it('rejects unknown databases and fields, and mismatched operands', () => {
    // Type-checked only: some of these would also throw at run time (booleans).
    const rejected = () => {
      // @ts-expect-error: no such database
      db.selectFrom('order');
      // @ts-expect-error: no such field
      db.selectFrom('orders').select('amout');
      db.selectFrom('orders').where(({ col }) => {
        // @ts-expect-error: no such field
        col('custmer');
        // @ts-expect-error: a number field compared to a string
        col('amount').eq('10');
        // @ts-expect-error: a string field compared to a number
        col('status').eq(1);
        // @ts-expect-error: booleans have no literal
        col('paid').eq(true);
        // @ts-expect-error: an IN list of the wrong type
        col('customer').in(['a']);
        return col('amount').isNull();
      });
      // @ts-expect-error: not a field or alias in scope
      db.selectFrom('orders').orderBy('nope');
      // @ts-expect-error: qualified by the alias, not the table name, once aliased
      db.selectFrom('orders', 'o').select('orders.id');
      // @ts-expect-error: a string is not a condition
      db.selectFrom('orders').where('amount > 1');
    };
    expect(rejected).toThrow(DsqError);
  });

  it('without a schema everything is allowed and untyped', () => {
    const q = selectFrom('anything')
      .select('x', col('y').as('z'))
      .where(col('x').eq('1').or(col('x').eq(1)));
    expectTypeOf<RowType<typeof q>>().toEqualTypeOf<{ x: unknown; z: unknown }>();
    const u = builder()
      .selectFrom('t')
      .where(({ col }) =>
        col('whatever')
          .eq('x')
          .and(col('other').in([1, 'a', null])),
      );
    expect(u.toText()).toBe("SELECT * FROM t WHERE whatever = 'x' AND other IN (1, 'a', NULL)");
  });
});
