import { describe, expect, it } from 'vitest';
import * as m from '../../src/ast/make.js';
import type { Expr, Select } from '../../src/ast/nodes.js';
import { DsqError } from '../../src/diagnostic/index.js';
import { fromJson, toJson } from '../../src/json/index.js';
import { print } from '../../src/print/index.js';
import { parse } from '../../src/syntax/index.js';

const c = m.col;
const n = m.num;

describe('print: statements', () => {
  const s = m.select({
    columns: [m.resultColumn(c('a')), m.resultColumn(c('b'))],
    from: m.table('t'),
    where: m.binary('=', c('x'), n(1)),
  });

  it('prints a short statement on one line', () => {
    expect(print(s)).toBe('SELECT a, b FROM t WHERE x = 1');
  });

  it('breaks clause by clause, then list by list', () => {
    expect(print(s, { width: 20 })).toBe('SELECT a, b\nFROM t\nWHERE x = 1');
    const wide = m.select({
      columns: ['alpha', 'beta', 'gamma', 'delta'].map((x) => m.resultColumn(c(x))),
      from: m.table('t'),
    });
    expect(print(wide, { width: 20 })).toBe('SELECT\n  alpha,\n  beta,\n  gamma,\n  delta\nFROM t');
    expect(print(wide, { width: 20, indent: 4 })).toBe('SELECT\n    alpha,\n    beta,\n    gamma,\n    delta\nFROM t');
  });

  it('breaks operand by operand', () => {
    const where = m.foldLeft(
      'and',
      ['first', 'second', 'third'].map((x) => m.binary('=', c(x), n(1))),
    );
    expect(print(m.select({ from: m.table('t'), where }), { width: 24 })).toBe('SELECT *\nFROM t\nWHERE\n  first = 1\n  AND second = 1\n  AND third = 1');
  });

  it('prints every clause', () => {
    const full = m.select({
      distinct: true,
      columns: [m.resultColumn(c('a'), 'x'), m.resultColumn({ kind: 'count_rows' }, 'n')],
      from: { kind: 'join', op: 'left_outer', s1: m.table('orders', 'o'), s2: m.table('sales.lines@trash') },
      where: m.binary('>', c('o.total'), n('9223372036854775807')),
      group: [c('a')],
      having: m.binary('>', m.alias('n'), n(1)),
      order: [m.orderTerm(m.alias('x'), 'desc'), m.orderTerm(c('x'))],
      limit: n(10),
      offset: n(20),
    });
    expect(print(full, { width: 200 })).toBe(
      'SELECT DISTINCT a AS x, COUNT(*) AS n FROM orders AS o LEFT OUTER JOIN sales.lines@trash ' +
        'WHERE o.total > 9223372036854775807 GROUP BY a HAVING n > 1 ORDER BY x DESC, COLUMN(x) LIMIT 10 OFFSET 20',
    );
  });

  it('prints a SELECT action with OPTIONS', () => {
    expect(print(m.selectAction(m.select({ from: m.table('t') }), { rows: '500', useStrings: true, echo: false }))).toBe(
      'SELECT * FROM t OPTIONS (ROWS = 500, USE_STRINGS = TRUE, ECHO = FALSE)',
    );
    expect(print(m.selectAction(m.select({ from: m.table('t') })))).toBe('SELECT * FROM t OPTIONS ()');
  });

  it('applies keyword case to keywords only', () => {
    const q = m.select({
      columns: [m.resultColumn(c('Select'), 'Total'), m.resultColumn(m.str('AND'))],
      from: m.table('Orders'),
      where: m.unary('not', m.binary('is', c('x'), m.NULL)),
    });
    expect(print(q, { keywordCase: 'lower' })).toBe(`select "Select" as Total, 'AND' from Orders where x is not null`);
    expect(print(q, { keywordCase: 'preserve' })).toBe(`SELECT "Select" AS Total, 'AND' FROM Orders WHERE x IS NOT NULL`);
  });
});

describe('print: parentheses', () => {
  const cases: [Expr, string][] = [
    [m.binary('-', c('a'), m.binary('-', c('b'), c('c'))), 'a - (b - c)'],
    [m.binary('-', m.binary('-', c('a'), c('b')), c('c')), 'a - b - c'],
    [m.binary('and', m.binary('or', c('a'), c('b')), c('c')), '(a OR b) AND c'],
    [m.binary('or', m.binary('and', c('a'), c('b')), c('c')), 'a AND b OR c'],
    [m.binary('*', m.binary('+', c('a'), c('b')), c('c')), '(a + b) * c'],
    [m.unary('-', m.unary('-', c('x'))), '- -x'],
    [m.unary('-', n(7)), '-(7)'],
    [n(-7), '-7'],
    [m.unary('-', n(-7)), '- -7'],
    [m.binary('-', c('a'), n(-7)), 'a - -7'],
    [m.unary('-', { kind: 'collate', e: n(7), collation: 'nocase' }), '-(7 COLLATE nocase)'],
    [m.unary('-', { kind: 'collate', e: c('x'), collation: 'nocase' }), '-x COLLATE nocase'],
    [m.unary('~', n(-7)), '~-7'],
    [m.unary('not', m.binary('=', c('a'), c('b'))), 'NOT a = b'],
    [m.binary('=', m.unary('not', c('a')), c('b')), '(NOT a) = b'],
    [m.binary('and', m.unary('not', c('a')), c('b')), 'NOT a AND b'],
    [m.unary('not', m.binary('and', c('a'), c('b'))), 'NOT (a AND b)'],
    [m.unary('not', m.binary('like', c('x'), m.str('a%'))), "x NOT LIKE 'a%'"],
    [m.unary('not', m.binary('regexp', c('x'), m.str('^a'))), "x NOT REGEXP '^a'"],
    [m.unary('not', m.between(c('x'), n(1), n(2))), 'x NOT BETWEEN 1 AND 2'],
    [m.unary('not', m.inList(c('x'), [n(1), n(2)])), 'x NOT IN (1, 2)'],
    [m.unary('not', m.binary('is', c('x'), m.NULL)), 'x IS NOT NULL'],
    [m.unary('not', { kind: 'exists', select: m.select({ from: m.table('t') }) }), 'NOT EXISTS (SELECT * FROM t)'],
    [m.unary('not', { kind: 'in_select', e: c('x'), select: m.select({ from: m.table('t') }) }), 'x NOT IN (SELECT * FROM t)'],
    [m.between(c('x'), m.binary('and', c('a'), c('b')), c('c')), 'x BETWEEN (a AND b) AND c'],
    [m.binary('=', m.binary('=', c('a'), c('b')), c('c')), 'a = b = c'],
    [m.binary('=', c('a'), m.binary('=', c('b'), c('c'))), 'a = (b = c)'],
    [{ kind: 'collate', e: m.binary('+', c('a'), c('b')), collation: 'x y' }, '(a + b) COLLATE "x y"'],
    [m.binary('is', c('x'), m.unary('not', c('y'))), 'x IS (NOT y)'],
    [m.inList(c('x'), []), 'x IN ()'],
  ];
  for (const [e, text] of cases) it(text, () => expect(print(e)).toBe(text));
});

describe('print: names and literals', () => {
  const cases: [Expr, string][] = [
    [c('t.c'), 't.c'],
    [c('db.path@table.field'), 'db.path@table.field'],
    [c('photo:size'), 'photo:size'],
    [c('odd name.c'), '"odd name".c'],
    [c('select'), '"select"'],
    [c('a"b'), '"a""b"'],
    [c('a b'), '"a b"'],
    // A quoted name reads back as the same column (issue 10): printed quoted, not COLUMN('...').
    [m.binary('=', c('a b'), m.str('x')), `"a b" = 'x'`],
    [m.binary('=', c('order total'), m.num(1)), '"order total" = 1'],
    [m.unary('not', m.binary('like', c('50%'), c('x y'))), '"50%" NOT LIKE "x y"'],
    [c('a..b'), "COLUMN('a..b')"],
    [c("it's."), "COLUMN('it''s.')"],
    [m.alias('total'), 'ALIAS(total)'],
    [{ kind: 'system_column', table: 'users', column: 'user name' }, 'SYSTEM_COLUMN(users, "user name")'],
    [
      { kind: 'database_column', database: { kind: 'spec_name', name: 'sales' }, table: 'records', column: { kind: 'spec_id', id: '3' } },
      "DATABASE_COLUMN('sales', records, 3)",
    ],
    [m.str("it's"), "'it''s'"],
    [m.str('line\nbreak'), "'line\nbreak'"],
    [n('9223372036854775807'), '9223372036854775807'],
    [n('1E-7'), '1E-7'],
    [m.NULL, 'NULL'],
    [{ kind: 'datetime', form: 'ms', value: '1706697000000' }, 'DATETIME(1706697000000)'],
    [{ kind: 'datetime', form: 'ms', value: '-5' }, 'DATETIME(-5)'],
    [{ kind: 'datetime', form: 'iso', value: '2024-01-31T10:30Z' }, "DATETIME '2024-01-31T10:30Z'"],
    [{ kind: 'localdatetime', value: '2024-01-31T10:30' }, "TIMESTAMP '2024-01-31T10:30'"],
    [{ kind: 'localdate', value: '2024-01-31' }, "DATE '2024-01-31'"],
    [{ kind: 'localtime', value: '10:30' }, "TIME '10:30'"],
    [m.fn('POW', [n(2), n(3)]), 'POW(2, 3)'],
    [m.fn('pow', [n(2), n(3)]), '"pow"(2, 3)'],
    [m.fn('ALIAS', [c('x')]), '"ALIAS"(x)'],
    [m.fn('COUNT_DISTINCT', [c('a'), c('b')]), 'COUNT(DISTINCT a, b)'],
    [m.fn('AVG_DISTINCT', [c('a')]), 'AVG(DISTINCT a)'],
    [m.fn('SUM_DISTINCT', [c('a')]), 'SUM(DISTINCT a)'],
    [m.fn('toString', [c('a')]), '"toString"(a)'],
    [m.fn('constructor', [c('a')]), '"constructor"(a)'],
    [{ kind: 'count_rows' }, 'COUNT(*)'],
    [m.caseExpr(c('x'), [m.when(n(1), m.str('one'))], m.str('many')), "CASE x WHEN 1 THEN 'one' ELSE 'many' END"],
    [m.caseExpr(null, [m.when(c('a'), n(1)), m.when(c('b'), n(2))], null), 'CASE WHEN a THEN 1 WHEN b THEN 2 END'],
  ];
  for (const [e, text] of cases) it(text, () => expect(print(e)).toBe(text));

  it('prints sources', () => {
    const sel = (from: Select['from']) => print(m.select({ from }));
    expect(sel(m.table('a..b', 'x'))).toBe("SELECT * FROM TABLE('a..b') AS x");
    expect(sel({ kind: 'table_system', table: 'users', alias: 'u' })).toBe('SELECT * FROM SYSTEM_TABLE(users) AS u');
    expect(
      sel({
        kind: 'table_database',
        database: {
          kind: 'spec_array',
          items: [
            { kind: 'spec_id', id: '1' },
            { kind: 'spec_where', where: m.binary('=', c('name'), m.str('x')) },
          ],
        },
        table: 'records',
        alias: null,
      }),
    ).toBe("SELECT * FROM DATABASE_TABLE([1, WHERE name = 'x'], records)");
    expect(sel({ kind: 'table_database', database: { kind: 'spec_all' }, table: 'r', alias: null })).toBe('SELECT * FROM DATABASE_TABLE(ALL, r)');
    const abc = { kind: 'join', op: 'join', s1: { kind: 'join', op: 'cross', s1: m.table('a'), s2: m.table('b') }, s2: m.table('c') } as const;
    expect(sel(abc)).toBe('SELECT * FROM a CROSS JOIN b JOIN c');
    expect(sel({ kind: 'join', op: 'inner', s1: m.table('a'), s2: { kind: 'join', op: 'left', s1: m.table('b'), s2: m.table('c') } })).toBe(
      'SELECT * FROM a INNER JOIN (b LEFT JOIN c)',
    );
    expect(sel({ kind: 'select_source', select: m.select({ from: m.table('t') }) })).toBe('SELECT * FROM (SELECT * FROM t)');
  });

  it('prints alias references by whether a bare name is captured', () => {
    const q = m.select({
      columns: [m.resultColumn(c('a'), 'total')],
      where: m.binary('>', m.alias('total'), n(1)),
      group: [c('total'), m.alias('total'), m.alias('other')],
      having: m.binary('>', c('total'), n(0)),
      order: [m.orderTerm({ kind: 'subquery', select: m.select({ columns: [m.resultColumn(m.alias('total'))] }) })],
    });
    expect(print(q, { width: 300 })).toBe(
      'SELECT a AS total WHERE ALIAS(total) > 1 GROUP BY COLUMN(total), total, ALIAS(other) HAVING COLUMN(total) > 0 ' + 'ORDER BY (SELECT ALIAS(total))',
    );
  });
});

describe('print: not an AST', () => {
  it('says so instead of failing somewhere inside: a tree dsq did not check is checked first, as fromAst checks it', () => {
    expect(() => print({ kind: 'nope' } as never)).toThrowError(/unknown node kind "nope"/);
    expect(() => print(m.select({ where: { kind: 'toString' } as never }))).toThrowError(/unknown node kind "toString"/);
    try {
      print(m.select({ where: { kind: 'toString' } as never }));
    } catch (err) {
      expect(err).toBeInstanceOf(DsqError);
      expect((err as DsqError).diagnostics[0]).toMatchObject({ code: 'ast/unknown-kind', pointer: '/where' });
    }
    // A tree the parser would refuse is refused, not printed as text that does not read back.
    expect(() => print(m.fn('COUNT_DISTINCT', []))).toThrowError(/COUNT_DISTINCT takes at least 1 argument, got 0/);
  });
});

describe('print: long input', () => {
  it('prints a 50,000-term AND chain and a 100,000-value IN list without recursion', () => {
    const chain = m.foldLeft(
      'and',
      Array.from({ length: 50_000 }, (_, i) => m.binary('=', c(`c${i}`), n(i))),
    );
    const text = print(m.select({ where: chain }));
    expect(text.split('\n')).toHaveLength(50_002);
    const values = print(
      m.inList(
        c('x'),
        Array.from({ length: 100_000 }, (_, i) => n(i)),
      ),
    );
    expect(values.split('\n').length).toBeGreaterThan(5_000);
  });

  it('prints long chains that went through toJson and fromJson, and parses them back', () => {
    const chain = m.foldLeft(
      'or',
      Array.from({ length: 50_000 }, (_, i) => m.binary('>', c(`c${i % 50}`), n(i))),
    );
    const values = m.inList(
      c('x'),
      Array.from({ length: 100_000 }, (_, i) => n(i * 7)),
    );
    for (const where of [chain, values]) {
      const s = m.select({ from: m.table('t'), where });
      const back = fromJson(toJson(s));
      const text = print(back);
      // Compared as JSON text: a recursive deep-equal would overflow on a 50,000-deep tree.
      expect(toJson(parse(text, { maxDepth: 1_000 }))).toBe(toJson(s));
    }
  });

  it('prints deep nesting without recursion', () => {
    let e: Expr = c('x');
    for (let i = 0; i < 20_000; i++) e = m.binary('-', c('a'), e);
    expect(print(e).length).toBeGreaterThan(20_000 * 6);
  });
});
