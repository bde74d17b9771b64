import { describe, expect, it } from 'vitest';
import { num, type Statement } from '../../src/ast/index.js';
import {
  and,
  caseOf,
  lit,
  caseWhen,
  col,
  databaseColumn,
  databaseTable,
  datetime,
  dsq,
  exists,
  fn,
  localDate,
  localDateTime,
  localTime,
  not,
  notExists,
  or,
  query,
  ref,
  selectFrom,
  spec,
  systemColumn,
  systemTable,
  table,
  type SelectQuery,
} from '../../src/builder/index.js';
import { parse } from '../../src/syntax/index.js';

/**
 * The same query written as dsq text and built with the builder: the parser and the
 * builder must give deep-equal ASTs, and the builder's text must parse back to its AST.
 */
const sub = selectFrom('vip').select('id');
const CORPUS: readonly (readonly [string, SelectQuery<any, any, any>])[] = [
  ['SELECT * FROM orders', selectFrom('orders')],
  ['SELECT DISTINCT region FROM orders', selectFrom('orders').distinct().select('region')],
  ['SELECT id, amount AS total FROM orders AS o', selectFrom('orders', 'o').select('id', col('amount').as('total'))],
  ['SELECT o.id FROM orders o WHERE o.amount > 5', selectFrom('orders', 'o').select('o.id').where(col('o.amount').gt(5))],
  ['SELECT * FROM t WHERE a = 1 AND b = 2 AND c = 3', selectFrom('t').where(col('a').eq(1)).where(col('b').eq(2)).where(col('c').eq(3))],
  ['SELECT * FROM t WHERE a = 1 OR b <> 2 AND NOT c < 3', selectFrom('t').where(or(col('a').eq(1), and(col('b').ne(2), not(col('c').lt(3)))))],
  ['SELECT * FROM t WHERE a >= 1 AND a <= 9 AND b != 0', selectFrom('t').where(col('a').gte(1)).where(col('a').lte(9)).where(col('b').ne(0))],
  [
    'SELECT * FROM t WHERE a IS NULL AND b IS NOT NULL AND c IS d',
    selectFrom('t')
      .where(col('a').isNull())
      .where(col('b').isNotNull())
      .where(col('c').is(col('d'))),
  ],
  [
    "SELECT * FROM t WHERE name LIKE 'A%' AND name NOT LIKE '%z' AND code REGEXP '^[0-9]+$'",
    selectFrom('t').where(col('name').like('A%')).where(col('name').notLike('%z')).where(col('code').regexp('^[0-9]+$')),
  ],
  ['SELECT * FROM t WHERE a BETWEEN 1 AND 10 AND b NOT BETWEEN 2 AND 3', selectFrom('t').where(col('a').between(1, 10)).where(col('b').notBetween(2, 3))],
  [
    "SELECT * FROM t WHERE a IN (1, 2, 'x') AND b NOT IN () AND c IN (NULL)",
    selectFrom('t')
      .where(col('a').in([1, 2, 'x']))
      .where(col('b').notIn([]))
      .where(col('c').in([null])),
  ],
  ['SELECT * FROM t WHERE a IN (SELECT id FROM vip) AND b NOT IN (SELECT id FROM vip)', selectFrom('t').where(col('a').in(sub)).where(col('b').notIn(sub))],
  ['SELECT a + b * 2 - c / 4 % 3 FROM t', selectFrom('t').select(col('a').add(col('b').mul(2)).sub(col('c').div(4).mod(3)))],
  ['SELECT (a + b) * 2 FROM t', selectFrom('t').select(col('a').add(col('b')).mul(2))],
  ['SELECT a & 1 | b << 2 >> 1 FROM t', selectFrom('t').select(col('a').bitAnd(1).bitOr(col('b').shl(2).shr(1)))],
  ['SELECT -a, ~b, - (7), -7 FROM t', selectFrom('t').select(col('a').neg(), col('b').bitNot(), lit(7).neg(), lit(-7))],
  [
    'SELECT name COLLATE nocase FROM t ORDER BY name COLLATE "binary" DESC',
    selectFrom('t').select(col('name').collate('nocase')).orderBy(col('name').collate('binary').desc()),
  ],
  [
    'SELECT COUNT(*), COUNT(a), COUNT(DISTINCT a, b), AVG(DISTINCT x), SUM(DISTINCT y) FROM t',
    selectFrom('t').select(fn.countAll(), fn.count(col('a')), fn.countDistinct(col('a'), col('b')), fn.avgDistinct(col('x')), fn.sumDistinct(col('y'))),
  ],
  ['SELECT pow(2, 3), "myFn"(a), truncate(x, 2) FROM t', selectFrom('t').select(fn.pow(2, 3), fn('myFn', col('a')), fn.truncate(col('x'), 2))],
  [
    "SELECT CASE WHEN a > 1 THEN 'big' WHEN a > 0 THEN 'small' ELSE 'none' END AS size FROM t",
    selectFrom('t').select(caseWhen(col('a').gt(1), 'big').when(col('a').gt(0), 'small').else('none').as('size')),
  ],
  ["SELECT CASE status WHEN 1 THEN 'open' END FROM t", selectFrom('t').select(caseOf(col('status')).when(1, 'open').end())],
  ['SELECT * FROM t WHERE EXISTS (SELECT id FROM vip) AND NOT EXISTS (SELECT id FROM vip)', selectFrom('t').where(exists(sub)).where(notExists(sub))],
  ['SELECT (SELECT id FROM vip) AS first FROM t', selectFrom('t').select(sub.asExpression().as('first'))],
  [
    "SELECT * FROM t WHERE d = DATE '2024-01-31' AND tm = TIME '10:30' AND ts = TIMESTAMP '2024-01-31T10:30' AND dt = DATETIME '2024-01-31T10:30Z' AND ms = DATETIME(1706697000000)",
    selectFrom('t')
      .where(col('d').eq(localDate('2024-01-31')))
      .where(col('tm').eq(localTime('10:30')))
      .where(col('ts').eq(localDateTime('2024-01-31T10:30')))
      .where(col('dt').eq(datetime('2024-01-31T10:30Z')))
      .where(col('ms').eq(datetime(1706697000000))),
  ],
  ['SELECT SYSTEM_COLUMN(users, name) FROM SYSTEM_TABLE(users) AS u', selectFrom(systemTable('users', 'u')).select(systemColumn('users', 'name'))],
  [
    "SELECT DATABASE_COLUMN('sales', records, 3) FROM DATABASE_TABLE(12, records) AS r",
    selectFrom(databaseTable(12, 'records', 'r')).select(databaseColumn('sales', 'records', 3)),
  ],
  ["SELECT * FROM DATABASE_TABLE([1, 'b', WHERE name = 'x'], records)", selectFrom(databaseTable([1, 'b', col('name').eq('x')], 'records'))],
  ['SELECT * FROM DATABASE_TABLE(ALL, records)', selectFrom(databaseTable(spec.all(), 'records'))],
  [
    'SELECT * FROM a JOIN b LEFT JOIN c LEFT OUTER JOIN d INNER JOIN e CROSS JOIN f',
    selectFrom('a').join('b').leftJoin('c').leftOuterJoin('d').innerJoin('e').crossJoin('f'),
  ],
  ['SELECT * FROM a, b', selectFrom('a').crossJoin('b')],
  ['SELECT * FROM a JOIN (b JOIN c)', selectFrom('a').join(table('b').join('c'))],
  ['SELECT * FROM (SELECT id FROM vip)', selectFrom(sub)],
  ['SELECT * FROM sales.orders@trash', selectFrom('sales.orders@trash')],
  ["SELECT * FROM TABLE('odd path')", selectFrom('odd path')],
  [
    'SELECT region, SUM(amount) AS total FROM orders GROUP BY region HAVING total > 100 ORDER BY total DESC, region LIMIT 10 OFFSET 20',
    selectFrom('orders')
      .select('region', fn.sum(col('amount')).as('total'))
      .groupBy('region')
      .having(ref('total').gt(100))
      .orderBy('total', 'desc')
      .orderBy('region')
      .limit(10)
      .offset(20),
  ],
  ['SELECT a AS x FROM t WHERE ALIAS(x) > 1 ORDER BY COLUMN(x)', selectFrom('t').select(col('a').as('x')).where(ref('x').gt(1)).orderBy(col('x'))],
  ["SELECT * FROM t WHERE a = '' AND b = NULL", selectFrom('t').where(col('a').eq('')).where(col('b').eq(null))],
  [
    'SELECT * FROM t WHERE a = 9223372036854775807 AND b = -9223372036854775808 AND c = 3.5 AND d = 1e3',
    selectFrom('t')
      .where(col('a').eq(9223372036854775807n))
      .where(col('b').eq(-9223372036854775808n))
      .where(col('c').eq(3.5))
      .where(col('d').eq(num('1e3'))),
  ],
  ['SELECT * FROM t OPTIONS (ROWS = 500, USE_STRINGS = TRUE, ECHO = FALSE)', selectFrom('t').options({ rows: 500, useStrings: true, echo: false })],
  ['SELECT * FROM t OPTIONS ()', selectFrom('t').options({})],
  ['SELECT 1', query().select(lit(1))],
];

describe('builder ≡ parser', () => {
  it('has a corpus of at least 30 queries', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(30);
  });

  for (const [text, built] of CORPUS) {
    it(text, () => {
      expect(built.toAst()).toEqual(parse(text));
      // The builder's text reads back to the same tree.
      expect(parse(built.toText())).toEqual(built.toAst());
    });
  }

  it('the tagged template gives the same trees', () => {
    const min = 5;
    const ids = [1, 2];
    const q: Statement = dsq`SELECT o.id FROM orders o WHERE o.amount > ${min} AND o.id IN ${ids}`.toAst();
    expect(q).toEqual(selectFrom('orders', 'o').select('o.id').where(col('o.amount').gt(min)).where(col('o.id').in(ids)).toAst());
  });
});
