import { describe, expect, it } from 'vitest';
import { foldLeft } from '../../src/ast/make.js';
import * as m from '../../src/ast/index.js';
import {
  col,
  databaseColumn,
  databaseTable,
  exists,
  fn,
  fromAst,
  query,
  queryFromJson,
  ref,
  scalar,
  selectFrom,
  spec,
  subquerySource,
  systemTable,
  table,
} from '../../src/builder/index.js';

describe('select queries', () => {
  it('a base query extends in two directions without interference', () => {
    const base = selectFrom('orders', 'o').where(col('amount').gt(5));
    const before = JSON.stringify(base.toAst());
    const left = base.select('id').where(col('status').eq('open'));
    const right = base.selectAll().orderBy('amount', 'desc').limit(10);
    expect(JSON.stringify(base.toAst())).toBe(before);
    expect(left.toAst()).toEqual(
      m.select({
        columns: [m.resultColumn(m.columnRef('id'))],
        from: m.tableSource('orders', 'o'),
        where: m.binary('and', m.binary('>', m.columnRef('amount'), m.num('5')), m.binary('=', m.columnRef('status'), m.str('open'))),
      }),
    );
    expect(right.toAst()).toEqual(
      m.select({
        from: m.tableSource('orders', 'o'),
        where: m.binary('>', m.columnRef('amount'), m.num('5')),
        order: [m.orderTerm(m.columnRef('amount'), 'desc')],
        limit: m.num('10'),
      }),
    );
    expect(Object.isFrozen(base)).toBe(true);
  });

  it('several where() calls fold left, like a AND b AND c', () => {
    const c = (x: string) => col(x).eq(1);
    const q = selectFrom('t').where(c('a')).where(c('b')).where(c('c'));
    expect((q.toAst() as m.Select).where).toEqual(foldLeft('and', [c('a').node, c('b').node, c('c').node]));
    const o = selectFrom('t').where(c('a')).orWhere(c('b'));
    expect((o.toAst() as m.Select).where).toEqual(m.binary('or', c('a').node, c('b').node));
  });

  it('covers every select part', () => {
    const q = query()
      .distinct()
      .select(col('region'), fn.sum(col('amount')).as('total'), fn.countAll().as('n'))
      .from('orders')
      .where(col('status').ne('void'))
      .groupBy('region')
      .having(fn.sum(col('amount')).gt(100))
      .having(ref('n').gt(1))
      .orderBy('total', 'desc')
      .orderBy(col('region').asc())
      .limit(10)
      .offset(20n);
    expect(q.toAst()).toEqual({
      kind: 'select',
      distinct: true,
      columns: [
        m.resultColumn(m.columnRef('region')),
        m.resultColumn(m.functionCall('SUM', [m.columnRef('amount')]), 'total'),
        m.resultColumn({ kind: 'count_rows' }, 'n'),
      ],
      from: m.tableSource('orders'),
      where: m.binary('!=', m.columnRef('status'), m.str('void')),
      group: [m.columnRef('region')],
      having: m.binary('and', m.binary('>', m.functionCall('SUM', [m.columnRef('amount')]), m.num('100')), m.binary('>', m.alias('n'), m.num('1'))),
      order: [m.orderTerm(m.alias('total'), 'desc'), m.orderTerm(m.columnRef('region'), 'asc')],
      limit: m.num('10'),
      offset: m.num('20'),
    });
  });

  it('ORDER BY / GROUP BY names resolve against aliases when built, in any call order', () => {
    const q = selectFrom('t').orderBy('x').groupBy('x', 'y').select(col('a').as('x'));
    const s = q.toAst() as m.Select;
    expect(s.order).toEqual([m.orderTerm(m.alias('x'))]);
    expect(s.group).toEqual([m.alias('x'), m.columnRef('y')]);
    // An explicit column is never captured.
    expect((selectFrom('t').select(col('a').as('x')).orderBy(col('x')).toAst() as m.Select).order).toEqual([m.orderTerm(m.columnRef('x'))]);
  });

  it('sources of every kind, joins left-associative, right-nested joins, subqueries', () => {
    const sub = selectFrom('lines').select('qty');
    expect((selectFrom('a').join('b').leftJoin('c', 'cc').toAst() as m.Select).from).toEqual({
      kind: 'join',
      op: 'left',
      s1: { kind: 'join', op: 'join', s1: m.tableSource('a'), s2: m.tableSource('b') },
      s2: m.tableSource('c', 'cc'),
    });
    const nested = selectFrom('a').innerJoin(table('b').crossJoin('c')).toAst() as m.Select;
    expect(nested.from).toEqual({
      kind: 'join',
      op: 'inner',
      s1: m.tableSource('a'),
      s2: { kind: 'join', op: 'cross', s1: m.tableSource('b'), s2: m.tableSource('c') },
    });
    expect((selectFrom('a').leftOuterJoin(sub).toAst() as m.Select).from).toEqual({
      kind: 'join',
      op: 'left_outer',
      s1: m.tableSource('a'),
      s2: { kind: 'select_source', select: sub.toSelectAst() },
    });
    expect((selectFrom(systemTable('users', 'u')).toAst() as m.Select).from).toEqual({ kind: 'table_system', table: 'users', alias: 'u' });
    expect((selectFrom(databaseTable(spec.all(), 'records', 'r')).toAst() as m.Select).from).toEqual({
      kind: 'table_database',
      database: { kind: 'spec_all' },
      table: 'records',
      alias: 'r',
    });
    expect((selectFrom(subquerySource(sub)).toAst() as m.Select).from).toEqual({ kind: 'select_source', select: sub.toSelectAst() });
    expect((selectFrom(sub).toAst() as m.Select).from).toEqual({ kind: 'select_source', select: sub.toSelectAst() });
    expect(() => query().join('b')).toThrow(/needs a FROM source first/);
    expect(() => selectFrom(sub as never, 'x' as never)).toThrow(/an alias goes with a table name/);
  });

  it('SELECT action options', () => {
    const q = selectFrom('t').options({ rows: 500, useStrings: true }).options({ echo: false });
    expect(q.toAst()).toEqual(m.selectAction(m.select({ from: m.tableSource('t') }), { rows: '500', useStrings: true, echo: false }));
    expect(selectFrom('t').options({}).toAst()).toEqual(m.selectAction(m.select({ from: m.tableSource('t') })));
    expect(q.withoutOptions().toAst()).toEqual(m.select({ from: m.tableSource('t') }));
    expect(() => selectFrom('t').options({ rows: 1.5 })).toThrow(/whole number/);
    expect(() => selectFrom('t').options({ rows: -1 })).toThrow('rows (rows per packet) must be a whole number of at least 1, got -1');
    expect(() => selectFrom('t').options({ echo: 'yes' as never })).toThrow(/true or false/);
    // A nested query is a select object, never an action: a query with options is an error there.
    expect(col('a').in(q.withoutOptions()).node).toEqual({ kind: 'in_select', e: m.columnRef('a'), select: m.select({ from: m.tableSource('t') }) });
    expect(() => col('a').in(q)).toThrow(/argument 1 of \.in\(\) is a query with \.options\(\.\.\.\)/);
  });

  it('a query with .options(...) nested anywhere is an error, never a silent loss of its options', () => {
    const q = selectFrom('u').select('id').options({ rows: 5, echo: true });
    const message = /is a query with \.options\(\.\.\.\): SELECT action options .* drop them with \.withoutOptions\(\)/;
    expect(() => col('a').in(q)).toThrow(message);
    expect(() => col('a').notIn(q)).toThrow(message);
    expect(() => col('a').eq(q)).toThrow(message);
    expect(() => exists(q)).toThrow(message);
    expect(() => scalar(q)).toThrow(message);
    expect(() => selectFrom(q)).toThrow(message);
    expect(() => selectFrom('t').join(q)).toThrow(message);
    expect(() => subquerySource(q)).toThrow(message);
    expect(() => q.asExpression()).toThrow(message);
    expect(() => q.asSource()).toThrow(message);
    expect(() => query().options({ row: 5 } as never)).toThrow(/unknown option "row"/);
  });

  it('a sparse array is an error, not a shorter list', () => {
    // eslint-disable-next-line no-sparse-arrays
    const sparse = [1, , 3];
    expect(() => col('a').in(sparse)).toThrow('argument 1 of .in() is a sparse array: it has no item 2 (write null for NULL)');
    expect(() => databaseColumn(sparse as never, 't', 'c')).toThrow(/sparse array/);
  });

  it('$if and $call compose without breaking the chain', () => {
    const withStatus = (status: string | null) =>
      selectFrom('orders')
        .$if(status !== null, (q) => q.where(col('status').eq(status)))
        .$call((q) => q.limit(5));
    expect((withStatus(null).toAst() as m.Select).where).toBeNull();
    expect((withStatus('open').toAst() as m.Select).where).toEqual(m.binary('=', m.columnRef('status'), m.str('open')));
    expect((withStatus('open').toAst() as m.Select).limit).toEqual(m.num('5'));
  });

  it('fromAst extends an existing statement, keeping its options', () => {
    const ast = m.selectAction(m.select({ from: m.tableSource('t'), where: m.binary('=', m.columnRef('a'), m.num('1')) }), { rows: '5' });
    const q = fromAst(ast).where(col('b').eq(2));
    expect(q.toAst()).toEqual(
      m.selectAction(
        m.select({
          from: m.tableSource('t'),
          where: m.binary('and', m.binary('=', m.columnRef('a'), m.num('1')), m.binary('=', m.columnRef('b'), m.num('2'))),
        }),
        { rows: '5' },
      ),
    );
    expect(fromAst(ast).toAst()).toEqual(ast);
    expect(fromAst(m.columnRef('a')).toAst()).toEqual(m.columnRef('a'));
    expect(fromAst(m.tableSource('t')).toAst()).toEqual(m.tableSource('t'));
    expect(() => fromAst(m.when(m.columnRef('a'), m.num('1')) as never)).toThrow(/takes a statement, an expression or a source node, got a "when" node/);
  });

  it('prints as dsq text', () => {
    expect(selectFrom('orders', 'o').select('id').where(col('amount').gt(5)).toText()).toBe('SELECT id FROM orders AS o WHERE amount > 5');
    expect(col('a').add(1).toText()).toBe('a + 1');
  });

  it('rejects bad arguments with clear errors', () => {
    expect(() => selectFrom('t').select()).toThrow(/at least one column/);
    expect(() => selectFrom('')).toThrow(/non-empty string/);
    expect(() => selectFrom('t').where('a = 1' as never)).toThrow(/argument 1 of \.where\(\) must be a condition/);
    expect(() => selectFrom('t').orderBy('a', 'up' as never)).toThrow(/'asc' or 'desc'/);
  });

  it('builds a 50,000-term where chain and a 100,000-value IN list', () => {
    let q = selectFrom('t');
    for (let i = 0; i < 50_000; i++) q = q.where(col('a').ne(i));
    const values = Array.from({ length: 100_000 }, (_, i) => i);
    const s = q.where(col('b').in(values)).toAst() as m.Select;
    expect(m.descendants(s).length).toBeGreaterThan(250_000);
  });
});

describe('JSON edges', () => {
  it('toJson writes the service JSON in both forms; queryFromJson extends JSON', () => {
    const q = selectFrom('orders').select('id').where(col('amount').gt(5)).options({ rows: 10 });
    expect(JSON.parse(q.toJson())).toEqual({
      action: 'select',
      select: { columns: [{ e: { $col: 'id' } }], from: 'orders', where: { '$>': [{ $col: 'amount' }, 5] } },
      rows: 10,
    });
    expect(q.toJson({ form: 'full', indent: 2 })).toContain('\n  ');
    expect(queryFromJson(q.toJson()).toAst()).toEqual(q.toAst());
    expect(queryFromJson({ from: 't' }).where(col('a').eq(9223372036854775807n)).toJson()).toBe(
      '{"from":"t","where":{"$=":[{"$col":"a"},9223372036854775807]}}',
    );
    expect(col('a').eq(1).toJson()).toBe('{"$=":[{"$col":"a"},1]}');
  });
});
