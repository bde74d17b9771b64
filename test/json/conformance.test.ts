import { describe, expect, it } from 'vitest';
import { NULL, alias, between, binary, caseExpr, col, fn, inList, num, select, str, table, unary, when } from '../../src/ast/make.js';
import type { Expr, Select, Source, Specifier, Statement } from '../../src/ast/nodes.js';
import { fromJson, fromJsonExpression, toJson } from '../../src/json/index.js';

/**
 * One test per row of the spec's Expression syntax and Select syntax tables: the shorthand and
 * the full form both read to the AST, and the writer gives back exactly those two forms.
 */

const sub: Select = select({ columns: [{ kind: 'result_column', e: col('id'), alias: null }], from: table('t') });
const subShort = { columns: [{ e: { $col: 'id' } }], from: 't' };
const subFull = { columns: [{ e: { $col: 'id' } }], from: { type: 'table', table: 't' } };

interface ExprRow {
  readonly row: string;
  readonly ast: Expr;
  readonly short: unknown;
  readonly full: unknown;
  /** Other spellings that read to the same AST. */
  readonly also?: readonly unknown[];
}

const EXPR_ROWS: readonly ExprRow[] = [
  { row: 'null', ast: NULL, short: null, full: { type: 'null' }, also: ['""'] },
  { row: 'number', ast: num('12'), short: 12, full: { type: 'number', value: 12 }, also: [{ type: 'number', value: '12' }] },
  { row: 'string', ast: str('it\'s "x"'), short: 'it\'s "x"', full: { type: 'string', value: 'it\'s "x"' } },
  {
    row: 'datetime (ISO)',
    ast: { kind: 'datetime', form: 'iso', value: '2024-01-31T10:30Z' },
    short: { $dt: '2024-01-31T10:30Z' },
    full: { type: 'datetime', value: '2024-01-31T10:30Z' },
    also: [{ type: 'dt', value: '2024-01-31T10:30Z' }],
  },
  {
    row: 'datetime (epoch ms)',
    ast: { kind: 'datetime', form: 'ms', value: '1706697000000' },
    short: { $dt: 1706697000000 },
    full: { type: 'datetime', value: 1706697000000 },
    also: [{ type: 'dt', value: 1706697000000 }],
  },
  {
    row: 'local datetime',
    ast: { kind: 'localdatetime', value: '2024-01-31T10:30' },
    short: { $ldt: '2024-01-31T10:30' },
    full: { type: 'localdatetime', value: '2024-01-31T10:30' },
    also: [{ type: 'ldt', value: '2024-01-31T10:30' }],
  },
  {
    row: 'local date',
    ast: { kind: 'localdate', value: '2024-W05-3' },
    short: { $ld: '2024-W05-3' },
    full: { type: 'localdate', value: '2024-W05-3' },
    also: [{ type: 'ld', value: '2024-W05-3' }],
  },
  {
    row: 'local time',
    ast: { kind: 'localtime', value: '10:30:15,5' },
    short: { $lt: '10:30:15,5' },
    full: { type: 'localtime', value: '10:30:15,5' },
    also: [{ type: 'lt', value: '10:30:15,5' }],
  },
  { row: 'column ($col)', ast: col('db.path@table.field'), short: { $col: 'db.path@table.field' }, full: { $col: 'db.path@table.field' } },
  {
    row: 'column (system parameter column)',
    ast: { kind: 'system_column', table: 'users', column: 'name' },
    short: { type: 'column', table: 'users', column: 'name' },
    full: { type: 'column', table: 'users', column: 'name' },
  },
  {
    row: 'column (database field column by id)',
    ast: { kind: 'database_column', database: { kind: 'spec_name', name: 'sales' }, table: 'records', column: { kind: 'spec_id', id: '3' } },
    short: { type: 'column', database: 'sales', table: 'records', column: 3 },
    full: { type: 'column', database: 'sales', table: 'records', column: 3 },
  },
  {
    row: 'column (database parameter/attribute column by name)',
    ast: { kind: 'database_column', database: { kind: 'spec_id', id: '12' }, table: 'records', column: { kind: 'spec_name', name: 'record_id' } },
    short: { type: 'column', database: 12, table: 'records', column: 'record_id' },
    full: { type: 'column', database: 12, table: 'records', column: 'record_id' },
  },
  { row: 'alias', ast: alias('total'), short: { $alias: 'total' }, full: { type: 'alias', value: 'total' } },
  {
    row: 'between',
    ast: between(col('x'), num('1'), num('9')),
    short: { $between: [{ $col: 'x' }, 1, 9] },
    full: { type: 'between', e: { $col: 'x' }, min: { type: 'number', value: 1 }, max: { type: 'number', value: 9 } },
  },
  {
    row: 'binary',
    ast: binary('<=', col('a'), num('2')),
    short: { '$<=': [{ $col: 'a' }, 2] },
    full: { type: 'binary', op: '<=', e1: { $col: 'a' }, e2: { type: 'number', value: 2 } },
  },
  {
    row: 'case (with base and else)',
    ast: caseExpr(col('c'), [when(num('1'), str('one')), when(num('2'), str('two'))], str('many')),
    short: {
      type: 'case',
      base: { $col: 'c' },
      cases: [
        { when: 1, then: 'one' },
        { when: 2, then: 'two' },
      ],
      else: 'many',
    },
    full: {
      type: 'case',
      base: { $col: 'c' },
      cases: [
        { when: { type: 'number', value: 1 }, then: { type: 'string', value: 'one' } },
        { when: { type: 'number', value: 2 }, then: { type: 'string', value: 'two' } },
      ],
      else: { type: 'string', value: 'many' },
    },
  },
  {
    row: 'case (without base and else)',
    ast: caseExpr(null, [when(binary('>', col('x'), num('0')), str('pos'))], null),
    short: { type: 'case', cases: [{ when: { '$>': [{ $col: 'x' }, 0] }, then: 'pos' }] },
    full: {
      type: 'case',
      cases: [{ when: { type: 'binary', op: '>', e1: { $col: 'x' }, e2: { type: 'number', value: 0 } }, then: { type: 'string', value: 'pos' } }],
    },
  },
  {
    row: 'collate',
    ast: { kind: 'collate', e: col('name'), collation: 'NOCASE' },
    short: { type: 'collate', e: { $col: 'name' }, collation: 'NOCASE' },
    full: { type: 'collate', e: { $col: 'name' }, collation: 'NOCASE' },
  },
  { row: 'count_rows', ast: { kind: 'count_rows' }, short: { type: 'count_rows' }, full: { type: 'count_rows' } },
  { row: 'exists', ast: { kind: 'exists', select: sub }, short: { $exists: subShort }, full: { type: 'exists', select: subFull } },
  {
    row: 'function',
    ast: fn('POW', [num('2'), num('3')]),
    short: { $$POW: [2, 3] },
    full: {
      type: 'function',
      function: 'POW',
      args: [
        { type: 'number', value: 2 },
        { type: 'number', value: 3 },
      ],
    },
    also: [{ $$pow: [2, 3] }, { ' $$Pow ': [2, 3] }],
  },
  {
    row: 'in',
    ast: inList(col('s'), [str('a'), str('b')]),
    short: { $in: [{ $col: 's' }, ['a', 'b']] },
    full: {
      type: 'in',
      e: { $col: 's' },
      values: [
        { type: 'string', value: 'a' },
        { type: 'string', value: 'b' },
      ],
    },
  },
  { row: 'in (empty list)', ast: inList(col('s'), []), short: { $in: [{ $col: 's' }, []] }, full: { type: 'in', e: { $col: 's' }, values: [] } },
  {
    row: 'in_select',
    ast: { kind: 'in_select', e: col('id'), select: sub },
    short: { $in: [{ $col: 'id' }, subShort] },
    full: { type: 'in_select', e: { $col: 'id' }, select: subFull },
  },
  { row: 'select', ast: { kind: 'subquery', select: sub }, short: { $select: subShort }, full: { type: 'select', select: subFull } },
  { row: 'unary not', ast: unary('not', col('ok')), short: { $not: { $col: 'ok' } }, full: { type: 'unary', op: 'not', e: { $col: 'ok' } } },
  { row: 'unary -', ast: unary('-', col('x')), short: { '$-': { $col: 'x' } }, full: { type: 'unary', op: '-', e: { $col: 'x' } } },
  { row: 'unary ~', ast: unary('~', col('x')), short: { '$~': { $col: 'x' } }, full: { type: 'unary', op: '~', e: { $col: 'x' } } },
];

const BINARY_SPELLINGS = ['and', 'or', '=', '!=', '>', '>=', '<', '<=', 'is', 'like', 'regexp', '+', '-', '*', '/', '%', '&', '|', '<<', '>>'] as const;

function checkBothForms(ast: unknown, short: unknown, full: unknown, read: (input: unknown) => unknown) {
  // A JS string is JSON text to the readers, so string values go in as text only.
  if (typeof short !== 'string') expect(read(short)).toEqual(ast);
  expect(read(full)).toEqual(ast);
  expect(read(JSON.stringify(short))).toEqual(ast);
  expect(read(JSON.stringify(full))).toEqual(ast);
  expect(JSON.parse(toJson(ast as Expr, { form: 'short' }))).toEqual(short);
  expect(JSON.parse(toJson(ast as Expr, { form: 'full' }))).toEqual(full);
}

describe('Expression syntax table', () => {
  for (const r of EXPR_ROWS) {
    it(r.row, () => {
      checkBothForms(r.ast, r.short, r.full, fromJsonExpression);
      for (const other of r.also ?? []) expect(fromJsonExpression(other)).toEqual(r.ast);
    });
  }

  for (const op of BINARY_SPELLINGS) {
    it(`binary operator ${op}`, () => {
      const ast = binary(op, col('a'), col('b'));
      checkBothForms(ast, { [`$${op}`]: [{ $col: 'a' }, { $col: 'b' }] }, { type: 'binary', op, e1: { $col: 'a' }, e2: { $col: 'b' } }, fromJsonExpression);
    });
  }

  it('logic and math operators with 3+ operands fold left, and are written back flat', () => {
    for (const op of ['and', 'or', '+', '-', '*', '/', '%', '&', '|', '<<', '>>'] as const) {
      const ast = binary(op, binary(op, binary(op, col('a'), col('b')), col('c')), col('d'));
      const short = { [`$${op}`]: [{ $col: 'a' }, { $col: 'b' }, { $col: 'c' }, { $col: 'd' }] };
      expect(fromJsonExpression(short)).toEqual(ast);
      expect(JSON.parse(toJson(ast))).toEqual(short);
    }
  });

  it('a right-nested chain stays nested', () => {
    const ast = binary('and', col('a'), binary('and', col('b'), col('c')));
    expect(JSON.parse(toJson(ast))).toEqual({ $and: [{ $col: 'a' }, { $and: [{ $col: 'b' }, { $col: 'c' }] }] });
  });

  it('comparison operators with 3+ operands AND the first compared with each further one', () => {
    for (const op of ['=', '!=', '>', '>=', '<', '<=', 'is', 'like', 'regexp'] as const) {
      const a = col('a');
      expect(fromJsonExpression({ [`$${op}`]: [{ $col: 'a' }, 1, 2, 3] })).toEqual(
        binary('and', binary('and', binary(op, a, num('1')), binary(op, a, num('2'))), binary(op, a, num('3'))),
      );
    }
  });

  it('"$-" with an array is subtraction, with one expression negation', () => {
    expect(fromJsonExpression({ '$-': [5, 3] })).toEqual(binary('-', num('5'), num('3')));
    expect(fromJsonExpression({ '$-': 5 })).toEqual(unary('-', num('5')));
  });

  it('shorthand keys are read case-insensitively and white space is normalised', () => {
    expect(fromJsonExpression({ ' $AND ': [1, 2] })).toEqual(binary('and', num('1'), num('2')));
    expect(fromJsonExpression({ $Col: 'x' })).toEqual(col('x'));
    expect(fromJsonExpression({ $NOT: 1 })).toEqual(unary('not', num('1')));
    expect(fromJsonExpression({ '$$my  fn': [] })).toEqual(fn('MY FN', []));
  });

  it('function names: the shorthand upper-cases, the full form keeps the name as written', () => {
    expect(fromJsonExpression({ $$coalesce: [1] })).toEqual(fn('COALESCE', [num('1')]));
    expect(fromJsonExpression({ type: 'function', function: 'myFn', args: [] })).toEqual(fn('myFn', []));
    // Names the shorthand cannot carry are written in full form, also in the short form.
    for (const name of ['myFn', 'lower', 'TWO  SPACES', 'TRAILING ', 'TAB\tNAME', 'ǅ']) {
      expect(JSON.parse(toJson(fn(name, [])))).toEqual({ type: 'function', function: name, args: [] });
    }
    expect(JSON.parse(toJson(fn('MY FN', [])))).toEqual({ '$$MY FN': [] });
    expect(JSON.parse(toJson(fn(' LEADING', [])))).toEqual({ '$$ LEADING': [] });
    expect(fromJsonExpression({ '$$ LEADING': [] })).toEqual(fn(' LEADING', []));
  });

  it('numbers keep their exact text', () => {
    for (const text of ['9223372036854775807', '-9223372036854775808', '1.0', '1e3', '1E+3', '-0.5', '2.5e-7', '0.1000']) {
      expect(fromJsonExpression(text)).toEqual(num(text));
      expect(toJson(num(text))).toBe(text);
      expect(toJson(num(text), { form: 'full' })).toBe(`{"type":"number","value":${text}}`);
    }
    expect(fromJsonExpression('{"type":"number","value":"9223372036854775807"}')).toEqual(num('9223372036854775807'));
  });

  it('datetime with a whole number in any spelling is epoch milliseconds', () => {
    expect(fromJsonExpression('{"$dt": 9007199254740993}')).toEqual({ kind: 'datetime', form: 'ms', value: '9007199254740993' });
    expect(fromJsonExpression('{"$dt": -1}')).toEqual({ kind: 'datetime', form: 'ms', value: '-1' });
    expect(fromJsonExpression('{"$dt": 1.0}')).toEqual({ kind: 'datetime', form: 'ms', value: '1.0' });
  });
});

// ---------------------------------------------------------------------------------------

interface SourceRow {
  readonly row: string;
  readonly ast: Source;
  readonly short: unknown;
  readonly full: unknown;
  readonly also?: readonly unknown[];
}

const SOURCE_ROWS: readonly SourceRow[] = [
  { row: 'table as a plain string', ast: table('sales.orders@trash'), short: 'sales.orders@trash', full: { type: 'table', table: 'sales.orders@trash' } },
  {
    row: 'table with alias',
    ast: table('orders', 'o'),
    short: { type: 'table', table: 'orders', alias: 'o' },
    full: { type: 'table', table: 'orders', alias: 'o' },
  },
  {
    row: 'system table (table_system, ts)',
    ast: { kind: 'table_system', table: 'users', alias: 'u' },
    short: { type: 'table_system', table: 'users', alias: 'u' },
    full: { type: 'table_system', table: 'users', alias: 'u' },
    also: [{ type: 'ts', table: 'users', alias: 'u' }],
  },
  {
    row: 'database table (table_database, td)',
    ast: { kind: 'table_database', database: { kind: 'spec_name', name: 'sales' }, table: 'records', alias: null },
    short: { type: 'table_database', database: 'sales', table: 'records' },
    full: { type: 'table_database', database: 'sales', table: 'records' },
    also: [
      { type: 'td', database: 'sales', table: 'records', alias: null },
      { type: 'td', database: 'sales', table: 'records', alias: '' },
    ],
  },
  ...(['join', 'left', 'left_outer', 'inner', 'cross'] as const).map(
    (op): SourceRow => ({
      row: `join ${op}`,
      ast: { kind: 'join', op, s1: table('a'), s2: table('b', 'bb') },
      short: { type: 'join', op, s1: 'a', s2: { type: 'table', table: 'b', alias: 'bb' } },
      full: { type: 'join', op, s1: { type: 'table', table: 'a' }, s2: { type: 'table', table: 'b', alias: 'bb' } },
    }),
  ),
  { row: 'select source', ast: { kind: 'select_source', select: sub }, short: { type: 'select', select: subShort }, full: { type: 'select', select: subFull } },
];

const SPEC_ROWS: readonly { row: string; ast: Specifier; json: unknown }[] = [
  { row: 'all', ast: { kind: 'spec_all' }, json: { type: 'all' } },
  { row: 'id', ast: { kind: 'spec_id', id: '12' }, json: 12 },
  { row: 'name', ast: { kind: 'spec_name', name: 'sales' }, json: 'sales' },
  { row: 'where', ast: { kind: 'spec_where', where: binary('=', col('name'), str('x')) }, json: { type: 'where', where: { '$=': [{ $col: 'name' }, 'x'] } } },
  {
    row: 'array (mixed)',
    ast: {
      kind: 'spec_array',
      items: [
        { kind: 'spec_id', id: '1' },
        { kind: 'spec_name', name: 'b' },
        { kind: 'spec_where', where: NULL },
      ],
    },
    json: [1, 'b', { type: 'where', where: null }],
  },
];

const fromSelect = (input: unknown) => fromJson(input);
const withFrom = (from: unknown) => ({ from });

describe('Select syntax table', () => {
  for (const r of SOURCE_ROWS) {
    it(`source: ${r.row}`, () => {
      checkBothForms(select({ from: r.ast }), withFrom(r.short), { columns: { type: 'all' }, from: r.full }, fromSelect);
      for (const other of r.also ?? []) expect(fromJson(withFrom(other))).toEqual(select({ from: r.ast }));
    });
  }

  for (const r of SPEC_ROWS) {
    it(`specifier: ${r.row}`, () => {
      const ast = select({ from: { kind: 'table_database', database: r.ast, table: 'records', alias: null } });
      const json = { from: { type: 'table_database', database: r.json, table: 'records' } };
      expect(fromJson(json)).toEqual(ast);
      expect(JSON.parse(toJson(ast))).toEqual(json);
    });
  }

  it('every property of the select object', () => {
    const ast = select({
      distinct: true,
      columns: [
        { kind: 'result_column', e: col('a'), alias: 'x' },
        { kind: 'result_column', e: col('b'), alias: null },
      ],
      from: table('t'),
      where: binary('>', col('a'), num('1')),
      group: [col('a'), col('b')],
      having: binary('>', fn('COUNT', [{ kind: 'count_rows' }]), num('2')),
      order: [
        { kind: 'order_term', e: col('a'), order: 'desc' },
        { kind: 'order_term', e: col('b'), order: 'asc' },
      ],
      limit: num('10'),
      offset: num('20'),
    });
    const short = {
      distinct: true,
      columns: [{ e: { $col: 'a' }, alias: 'x' }, { e: { $col: 'b' } }],
      from: 't',
      where: { '$>': [{ $col: 'a' }, 1] },
      group: [{ $col: 'a' }, { $col: 'b' }],
      having: { '$>': [{ $$COUNT: [{ type: 'count_rows' }] }, 2] },
      order: [{ e: { $col: 'a' }, order: 'desc' }, { e: { $col: 'b' } }],
      limit: 10,
      offset: 20,
    };
    const full = {
      distinct: true,
      columns: [{ e: { $col: 'a' }, alias: 'x' }, { e: { $col: 'b' } }],
      from: { type: 'table', table: 't' },
      where: { type: 'binary', op: '>', e1: { $col: 'a' }, e2: { type: 'number', value: 1 } },
      group: [{ $col: 'a' }, { $col: 'b' }],
      having: {
        type: 'binary',
        op: '>',
        e1: { type: 'function', function: 'COUNT', args: [{ type: 'count_rows' }] },
        e2: { type: 'number', value: 2 },
      },
      order: [
        { e: { $col: 'a' }, order: 'desc' },
        { e: { $col: 'b' }, order: 'asc' },
      ],
      limit: { type: 'number', value: 10 },
      offset: { type: 'number', value: 20 },
    };
    checkBothForms(ast, short, full, fromSelect);
  });

  it('defaults: absent parts, {"type":"all"} columns, absent order direction', () => {
    expect(fromJson({})).toEqual(select());
    expect(fromJson({ columns: { type: 'all' } })).toEqual(select());
    expect(fromJson({ columns: null, distinct: null, group: null, order: null, from: null })).toEqual(select());
    expect(fromJson({ distinct: false })).toEqual(select());
    expect(fromJson({ order: [{ e: 1 }] })).toEqual(select({ order: [{ kind: 'order_term', e: num('1'), order: 'asc' }] }));
    expect(toJson(select())).toBe('{}');
    expect(toJson(select(), { form: 'full' })).toBe('{"columns":{"type":"all"}}');
  });

  it('null for an expression-valued part is the null expression, not an absent part', () => {
    expect(fromJson({ where: null })).toEqual(select({ where: NULL }));
    expect(fromJson({ where: '' })).toEqual(select({ where: NULL }));
    expect(toJson(select({ where: NULL }))).toBe('{"where":null}');
  });

  it('the SELECT action, with and without options', () => {
    const statement: Statement = { kind: 'select_action', select: select({ from: table('t') }), rows: '500', useStrings: true, echo: false };
    const json = { action: 'select', select: { from: 't' }, rows: 500, use_strings: true, echo: false };
    expect(fromJson(json)).toEqual(statement);
    expect(JSON.parse(toJson(statement))).toEqual(json);
    expect(JSON.parse(toJson(statement, { form: 'full' }))).toEqual({ ...json, select: { columns: { type: 'all' }, from: { type: 'table', table: 't' } } });
    const bare: Statement = { kind: 'select_action', select: select(), rows: null, useStrings: null, echo: null };
    expect(fromJson({ action: 'select', select: {} })).toEqual(bare);
    expect(fromJson({ ACTION: 'select', Select: {}, rows: null, use_strings: undefined })).toEqual(bare);
    expect(toJson(bare)).toBe('{"action":"select","select":{}}');
    expect(fromJson('{"action":"select","select":{},"rows":9223372036854775807}')).toEqual({ ...bare, rows: '9223372036854775807' });
  });
});
