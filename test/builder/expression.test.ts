import { describe, expect, it } from 'vitest';
import { foldLeft } from '../../src/ast/make.js';
import * as m from '../../src/ast/index.js';
import {
  and,
  caseOf,
  caseWhen,
  col,
  databaseColumn,
  exists,
  fn,
  lit,
  not,
  notExists,
  or,
  ref,
  scalar,
  selectFrom,
  systemColumn,
} from '../../src/builder/index.js';

const a = m.columnRef('a');
const n = (v: string) => m.num(v);

describe('expression methods build the parser shapes', () => {
  it('comparisons', () => {
    expect(col('a').eq(5).node).toEqual(m.binary('=', a, n('5')));
    expect(col('a').ne(5).node).toEqual(m.binary('!=', a, n('5')));
    expect(col('a').gt(5).node).toEqual(m.binary('>', a, n('5')));
    expect(col('a').gte(5).node).toEqual(m.binary('>=', a, n('5')));
    expect(col('a').lt(5).node).toEqual(m.binary('<', a, n('5')));
    expect(col('a').lte(5).node).toEqual(m.binary('<=', a, n('5')));
    expect(col('a').is(col('b')).node).toEqual(m.binary('is', a, m.columnRef('b')));
    expect(col('a').isNot(5).node).toEqual(m.unary('not', m.binary('is', a, n('5'))));
    expect(col('a').isNull().node).toEqual(m.binary('is', a, m.NULL));
    expect(col('a').isNotNull().node).toEqual(m.unary('not', m.binary('is', a, m.NULL)));
    expect(col('a').like('x%').node).toEqual(m.binary('like', a, m.str('x%')));
    expect(col('a').notLike('x%').node).toEqual(m.unary('not', m.binary('like', a, m.str('x%'))));
    expect(col('a').regexp('^x').node).toEqual(m.binary('regexp', a, m.str('^x')));
    expect(col('a').notRegexp('^x').node).toEqual(m.unary('not', m.binary('regexp', a, m.str('^x'))));
    expect(col('a').between(1, 2).node).toEqual(m.between(a, n('1'), n('2')));
    expect(col('a').notBetween(1, 2).node).toEqual(m.unary('not', m.between(a, n('1'), n('2'))));
  });

  it('IN lists, empty lists and subqueries', () => {
    expect(col('a').in([1, 'x', null]).node).toEqual(m.inList(a, [n('1'), m.str('x'), m.NULL]));
    expect(col('a').in([]).node).toEqual(m.inList(a, []));
    expect(col('a').notIn([1]).node).toEqual(m.unary('not', m.inList(a, [n('1')])));
    const q = selectFrom('t').select('b');
    expect(col('a').in(q).node).toEqual({ kind: 'in_select', e: a, select: q.toSelectAst() });
    expect(col('a').notIn(q).node).toEqual(m.unary('not', { kind: 'in_select', e: a, select: q.toSelectAst() }));
    expect(() => col('a').in('x' as never)).toThrow(/array of values or a query/);
  });

  it('arithmetic, bits, unary, collate', () => {
    const ops = [
      ['add', '+'],
      ['sub', '-'],
      ['mul', '*'],
      ['div', '/'],
      ['mod', '%'],
      ['bitAnd', '&'],
      ['bitOr', '|'],
      ['shl', '<<'],
      ['shr', '>>'],
    ] as const;
    for (const [method, op] of ops) expect(col('a')[method](2).node).toEqual(m.binary(op, a, n('2')));
    expect(col('a').neg().node).toEqual(m.unary('-', a));
    expect(col('a').bitNot().node).toEqual(m.unary('~', a));
    expect(col('a').not().node).toEqual(m.unary('not', a));
    expect(col('a').collate('nocase').node).toEqual({ kind: 'collate', e: a, collation: 'nocase' });
  });

  it('logic folds left like the parser', () => {
    const c = (x: string) => col(x).eq(1);
    expect(and(c('a'), c('b'), c('c')).node).toEqual(foldLeft('and', [c('a').node, c('b').node, c('c').node]));
    expect(or(c('a'), c('b')).node).toEqual(m.binary('or', c('a').node, c('b').node));
    expect(c('a').and(c('b')).or(c('c')).node).toEqual(m.binary('or', m.binary('and', c('a').node, c('b').node), c('c').node));
    expect(not(c('a')).node).toEqual(m.unary('not', c('a').node));
    expect(() => (and as (...c: unknown[]) => unknown)()).toThrow(/at least one/);
    expect(() => and('x' as never)).toThrow(/argument 1 of and\(\) must be a condition/);
  });

  it('functions, aggregates, COUNT(*), DISTINCT aggregates', () => {
    expect(fn('POW', 2, 3).node).toEqual(m.functionCall('POW', [n('2'), n('3')]));
    expect(fn.pow(2, 3).node).toEqual(m.functionCall('POW', [n('2'), n('3')]));
    expect(fn('my_fn').node).toEqual(m.functionCall('my_fn', []));
    expect(fn.countAll().node).toEqual({ kind: 'count_rows' });
    expect(fn.count(col('a')).node).toEqual(m.functionCall('COUNT', [a]));
    expect(fn.countDistinct(col('a'), col('b')).node).toEqual(m.functionCall('COUNT_DISTINCT', [a, m.columnRef('b')]));
    expect(fn.avgDistinct(col('a')).node).toEqual(m.functionCall('AVG_DISTINCT', [a]));
    expect(fn.sumDistinct(col('a')).node).toEqual(m.functionCall('SUM_DISTINCT', [a]));
    expect(fn.truncate(col('a'), 2).node).toEqual(m.functionCall('TRUNCATE', [a, n('2')]));
  });

  it('case with and without base, else', () => {
    expect(caseWhen(col('a').gt(1), 'big').when(col('a').gt(0), 'small').else('none').node).toEqual(
      m.caseExpr(null, [m.when(col('a').gt(1).node, m.str('big')), m.when(col('a').gt(0).node, m.str('small'))], m.str('none')),
    );
    expect(caseOf(col('a')).when(1, 'one').end().node).toEqual(m.caseExpr(a, [m.when(n('1'), m.str('one'))], null));
    expect(() => caseOf(col('a')).end()).toThrow(/at least one/);
  });

  it('exists, scalar subqueries, columns of every kind, alias references', () => {
    const q = selectFrom('t').select('b');
    expect(exists(q).node).toEqual({ kind: 'exists', select: q.toSelectAst() });
    expect(notExists(q).node).toEqual(m.unary('not', { kind: 'exists', select: q.toSelectAst() }));
    expect(scalar(q).node).toEqual({ kind: 'subquery', select: q.toSelectAst() });
    expect(col('a').eq(q).node).toEqual(m.binary('=', a, { kind: 'subquery', select: q.toSelectAst() }));
    expect(systemColumn('users', 'name').node).toEqual({ kind: 'system_column', table: 'users', column: 'name' });
    expect(databaseColumn('sales', 'records', 3).node).toEqual({
      kind: 'database_column',
      database: { kind: 'spec_name', name: 'sales' },
      table: 'records',
      column: { kind: 'spec_id', id: '3' },
    });
    expect(ref('total').node).toEqual(m.alias('total'));
    expect(col('a').as('x').node).toEqual(m.resultColumn(a, 'x'));
    expect(col('a').desc().node).toEqual(m.orderTerm(a, 'desc'));
    expect(lit(m.columnRef('z')).node).toEqual(m.columnRef('z'));
  });

  it('expressions are frozen and never change', () => {
    const e = col('a');
    const before = JSON.stringify(e.node);
    e.eq(1);
    e.add(2).as('x');
    expect(JSON.stringify(e.node)).toBe(before);
    expect(Object.isFrozen(e)).toBe(true);
  });
});
