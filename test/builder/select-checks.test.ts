import { describe, expect, it } from 'vitest';
import { DsqError } from '../../src/diagnostic/index.js';
import { builder, col, dsq, fn, queryFromJson, selectFrom, type SelectQuery } from '../../src/builder/index.js';
import { lint } from '../../src/lint/index.js';

/**
 * What lint says of a select in text, the builder says of the query it builds (issue 26): one
 * check (src/spec/select-checks.ts) behind the rules misplaced-aggregate, ungrouped-column and
 * invalid-limit and behind `toAst()`, which throws a `DsqError` whose code is the rule's id.
 */
const CASES: readonly (readonly [string, () => SelectQuery, string, string])[] = [
  [
    'an aggregate in WHERE',
    () =>
      selectFrom('orders')
        .select('region')
        .where(fn.sum(col('amount')).gt(100))
        .groupBy('region'),
    'SELECT region FROM orders WHERE SUM(amount) > 100 GROUP BY region',
    'misplaced-aggregate: /where/e1: SUM(...) is an aggregate in WHERE, which filters rows before they are grouped; move the condition to HAVING.',
  ],
  [
    'a column neither grouped nor aggregated',
    () => selectFrom('orders').select('region', 'status', fn.countAll().as('n')).groupBy('region'),
    'SELECT region, status, COUNT(*) AS n FROM orders GROUP BY region',
    'ungrouped-column: /columns/1/e: status is neither in GROUP BY nor inside an aggregate, so its value in a group is undefined; add it to GROUP BY or wrap it in an aggregate such as MAX(status).',
  ],
  [
    'GROUP BY the alias of an aggregate',
    () => selectFrom('orders').select('region', fn.countAll().as('n')).groupBy('region', 'n'),
    'SELECT region, COUNT(*) AS n FROM orders GROUP BY region, n',
    'misplaced-aggregate: /group/1: GROUP BY n names the result column n, which is an aggregate (COUNT(*)); group by plain expressions and aggregate in the result columns.',
  ],
  [
    'a negative LIMIT',
    () => selectFrom('orders').limit(-1 as number),
    'SELECT * FROM orders LIMIT -1',
    'invalid-limit: /limit: LIMIT -1 is negative; LIMIT counts rows and must be 0 or more.',
  ],
  [
    'a negative OFFSET, in a subquery',
    () =>
      selectFrom('customers').where(
        col('id').in(
          selectFrom('orders')
            .select('customer')
            .offset(-5n as bigint),
        ),
      ),
    'SELECT * FROM customers WHERE id IN (SELECT customer FROM orders OFFSET -5)',
    'invalid-limit: /offset: OFFSET -5 is negative; OFFSET counts rows and must be 0 or more.',
  ],
];

function thrown(f: () => unknown): DsqError {
  try {
    f();
  } catch (e) {
    if (e instanceof DsqError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('the builder checks a select as lint checks its text', () => {
  it.each(CASES)("%s: toAst() throws the rule's error, and lint reports that rule of the text", (_, build, text, expected) => {
    const error = thrown(() => build().toAst());
    expect(error.diagnostics.map((d) => `${d.code}: ${d.pointer ?? ''}: ${d.message}`)).toEqual([expected]);
    const codes = lint(text)
      .diagnostics.filter((d) => d.severity === 'error')
      .map((d) => d.code);
    expect(codes).toEqual([expected.slice(0, expected.indexOf(':'))]);
  });

  it('toJson() and toText() throw the same', () => {
    const q = selectFrom('orders').where(fn.countAll().gt(1));
    expect(thrown(() => q.toJson()).code).toBe('misplaced-aggregate');
    expect(thrown(() => q.toText()).code).toBe('misplaced-aggregate');
  });

  it('a typed query is checked too', () => {
    const db = builder<{ orders: { region: string; amount: number } }>();
    expect(thrown(() => db.selectFrom('orders').select('region', 'amount').groupBy('region').toAst()).code).toBe('ungrouped-column');
  });

  it('what is grouped, aggregated or named by a plain alias builds', () => {
    const q = selectFrom('orders')
      .select('region', fn.sum(col('amount')).as('total'), col('status').as('s'))
      .groupBy('region', 's')
      .having(fn.sum(col('amount')).gt(100))
      .orderBy('total', 'desc')
      .limit(10)
      .offset(0);
    expect(q.toText()).toBe(
      'SELECT region, SUM(amount) AS total, status AS s\nFROM orders\nGROUP BY region, s\nHAVING SUM(amount) > 100\nORDER BY total DESC\nLIMIT 10\nOFFSET 0',
    );
  });

  it('a query read from JSON, an AST or text is taken as the parser takes it (lint reports it there)', () => {
    const json = '{"from":"orders","where":{"$>":[{"$$SUM":[{"$col":"amount"}]},1]}}';
    expect(queryFromJson(json).toJson()).toBe(json);
    expect(dsq`SELECT * FROM orders LIMIT -1`.toText()).toBe('SELECT * FROM orders LIMIT -1');
  });
});
