/**
 * fast-check arbitraries generating every valid dsq AST (src/ast/nodes.ts): every expression
 * kind, operator, source kind, join op and specifier form, select objects with every optional
 * part present or absent, select actions with and without options, odd numbers, strings,
 * identifiers and datetime texts. Shared by every property test of the code base.
 *
 * Invariants kept (see nodes.ts): strings, names, paths, aliases and collations are never
 * empty; a CASE has at least one arm; a column list is non-empty; numbers pass `checkNumber`;
 * datetime texts pass `checkDateTimeText`; epoch milliseconds and ids are whole numbers.
 *
 * Use the defaults (`arbExpr`, `arbSelect`, ...) or `makeArbitraries({ maxDepth, maxItems })`
 * for other sizes.
 */
import fc from 'fast-check';
import {
  BINARY_OPS, JOIN_OPS, UNARY_OPS, checkDateTimeText, checkNumber,
  type AllSpec, type ArraySpec, type DateTimeKind, type Expr, type IdSpec, type NameSpec, type Node,
  type OrderTerm, type ResultColumn, type Select, type SelectAction, type Source, type Specifier,
  type Query as Statement, type WhenClause, type WhereSpec,
} from '../src/ast/index.js';
import { transform, isExpr } from '../src/ast/index.js';
import { SPEC_FUNCTION_NAMES, maxArgs, minArgs, specFunction } from '../src/spec/functions.js';

export interface ArbOptions {
  /** Nesting depth of expressions, sources and selects (default 3). */
  readonly maxDepth?: number;
  /** Longest generated list: arguments, IN values, columns, GROUP BY, ... (default 3). */
  readonly maxItems?: number;
}

// ---------------------------------------------------------------------------------------
// Numbers

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

/** Whole-number text in plain digits, within the signed 64-bit range (boundaries included). */
export const arbWholeText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0', '1', '-1', '42', '9223372036854775807', '-9223372036854775808', '9223372036854775806',
    '-9223372036854775807', '9007199254740993', '-9007199254740993', '9007199254740992',
  ),
  fc.integer({ min: -1000, max: 1000 }).map(String),
  fc.bigInt({ min: INT64_MIN, max: INT64_MAX }).map(String),
);

/** Any number text in JSON number syntax that passes `checkNumber`: whole and fractional, exponents, odd spellings. */
export const arbNumberText: fc.Arbitrary<string> = fc.oneof(
  arbWholeText,
  fc.constantFrom(
    '1e3', '1E3', '1e+3', '1E-7', '1.0', '-0.5', '0.5', '2.5e-7', '-0', '0.0', '1.5e300', '-1.7976931348623157e308',
    '4.9e-324', '123456789012345678901234567890e-20', '9.223372036854775807e18', '3.14159', '100.000', '1e18',
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => (Object.is(d, -0) ? '-0' : String(d))),
  fc
    .tuple(fc.boolean(), fc.nat({ max: 99999 }), fc.nat({ max: 9999 }), fc.integer({ min: -30, max: 30 }))
    .map(([neg, int, frac, exp]) => `${neg ? '-' : ''}${int}.${frac}e${exp}`),
).filter((t) => checkNumber(t).ok);

/** Whole-number text (ids, epoch milliseconds, rows). */
export const arbWholeNumberText = arbWholeText;

// ---------------------------------------------------------------------------------------
// Strings and names

const ODD_STRINGS = [
  "it's", 'say "hi"', 'back\\slash', 'line\nbreak', 'tab\there', 'ünïcödé', '日本語', '😀 emoji', ' ', '  padded  ',
  "''", '""', 'NULL', 'null', '%_like%', '\r\n', '\u0000nul', '\u2028', 'a\\"b', '--not a comment', '/* nor this */',
];

const charArb = fc.oneof(
  fc.constantFrom('a', 'b', 'Z', '_', ' ', "'", '"', '\\', '\n', '.', '@', ':', '$', '-', '0', '9', 'é', 'ß', '中', '😀'),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
);

/** Non-empty text with quotes, backslashes, line breaks and unicode. */
export const arbText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...ODD_STRINGS),
  fc.string({ unit: charArb, minLength: 1, maxLength: 8 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
);

const plainWord = fc
  .tuple(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCXYZ_'), fc.string({ unit: fc.constantFrom(...'abcxyz_019'), maxLength: 6 }))
  .map(([a, b]) => a + b);

const ODD_NAMES = [
  'select', 'FROM', 'where', 'order', 'Group', 'all', 'null', 'AND', 'case', 'count', 'alias', 'column', 'options', 'rows',
  'a b', 'x"y', "it's", 'ünï', '日本', '$x', '1abc', 'a.b', 'a@b', 'b:c', ' padded ', 'tab\tname', 'TRUE', 'date', 'TIMESTAMP',
  // Words of common SQL that are names, but never bare aliases (src/syntax/words.ts).
  'right', 'FULL', 'Natural', 'lateral', 'union', 'over', 'filter', 'mod',
  // Characters bare names do not hold: line separators, invisible joiners; look-alikes of keywords.
  'a\u2028b', 'a\u200db', 'ſelect', 'ǅ', '𝒳',
];

/** A non-empty name: plain identifiers, keywords, names with spaces, quotes, dots, unicode. */
export const arbIdentifier: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: plainWord },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_NAMES) },
  { weight: 1, arbitrary: arbText },
);

/** A column or table path: plain segments joined by `.`, `@`, `:`, or any odd name. */
export const arbPath: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: plainWord },
  {
    weight: 3,
    arbitrary: fc
      .tuple(plainWord, fc.array(fc.tuple(fc.constantFrom('.', '@', ':'), plainWord), { minLength: 1, maxLength: 3 }))
      .map(([first, rest]) => first + rest.map(([sep, w]) => sep + w).join('')),
  },
  { weight: 1, arbitrary: arbIdentifier },
);

/** Function names: mostly upper-case identifiers, sometimes odd names (lower case, spaces, quotes). */
export const arbFunctionName: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom('AVG', 'COUNT', 'POW', 'MY_FN', 'SUM', 'MAX', 'COUNT_DISTINCT', 'TRUNCATE', 'AVG_DISTINCT', 'UPPER') },
  { weight: 2, arbitrary: plainWord.map((w) => w.toUpperCase()) },
  { weight: 2, arbitrary: fc.constantFrom('lower', 'Mixed', 'my fn', 'a"b', ' X', 'X  Y', 'ALIAS', 'COLUMN', 'DATE', 'ß', 'ǅ', 'İ') },
  { weight: 1, arbitrary: arbIdentifier },
);

// ---------------------------------------------------------------------------------------
// Datetime texts

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const monthDays = (y: number, m: number) => [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 28;

const yearArb = fc.oneof(
  fc.integer({ min: 1000, max: 9999 }),
  fc.constantFrom(1970, 2000, 2004, 2015, 2020, 2024, 2026, 1900, 2100, 9999, 1583),
);

const dateArb: fc.Arbitrary<string> = fc.oneof(
  yearArb.map((y) => pad(y, 4)),
  fc.tuple(yearArb, fc.integer({ min: 1, max: 12 })).map(([y, m]) => `${pad(y, 4)}-${pad(m, 2)}`),
  fc
    .tuple(yearArb, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }))
    .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(Math.min(d, monthDays(y, m)), 2)}`),
  fc.tuple(yearArb, fc.integer({ min: 1, max: 366 })).map(([y, d]) => `${pad(y, 4)}-${pad(Math.min(d, isLeap(y) ? 366 : 365), 3)}`),
  fc.tuple(yearArb, fc.integer({ min: 1, max: 53 })).map(([y, w]) => `${pad(y, 4)}-W${pad(w, 2)}`),
  fc
    .tuple(yearArb, fc.integer({ min: 1, max: 53 }), fc.integer({ min: 1, max: 7 }))
    .map(([y, w, d]) => `${pad(y, 4)}-W${pad(w, 2)}-${d}`),
);

const fractionArb = fc.tuple(fc.constantFrom('.', ','), fc.integer({ min: 1, max: 3 }), fc.nat({ max: 999 })).map(
  ([sep, digits, n]) => sep + pad(n, 3).slice(0, digits),
);

/** hh[:mm[:ss]] with an optional fraction on the last element written (`10.5`, `10:30,25`, `10:30:15.125`). */
const timeArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.integer({ min: 0, max: 23 }),
    fc.option(fc.tuple(fc.integer({ min: 0, max: 59 }), fc.option(fc.integer({ min: 0, max: 59 })))),
    fc.option(fractionArb),
  )
  .map(([h, rest, fraction]) => {
    let t = pad(h, 2);
    if (rest) {
      t += `:${pad(rest[0], 2)}`;
      if (rest[1] !== null) t += `:${pad(rest[1], 2)}`;
    }
    return t + (fraction ?? '');
  });

const offsetArb: fc.Arbitrary<string> = fc.oneof(
  fc.constant('Z'),
  fc
    .tuple(
      fc.constantFrom('+', '-'),
      fc.integer({ min: 0, max: 18 }),
      fc.option(fc.tuple(fc.integer({ min: 0, max: 59 }), fc.option(fc.tuple(fc.integer({ min: 0, max: 59 }), fc.option(fc.nat({ max: 999 })))))),
    )
    .map(([sign, h, rest]) => {
      let t = `${sign}${pad(h, 2)}`;
      if (rest) {
        t += `:${pad(rest[0], 2)}`;
        if (rest[1]) t += `:${pad(rest[1][0], 2)}${rest[1][1] === null ? '' : `.${pad(rest[1][1], 3)}`}`;
      }
      return t;
    }),
);

function dateTimeText(kind: DateTimeKind): fc.Arbitrary<string> {
  const base =
    kind === 'localdate'
      ? dateArb
      : kind === 'localtime'
        ? timeArb
        : fc
            .tuple(dateArb, fc.option(fc.option(timeArb)), kind === 'datetime' ? fc.option(offsetArb) : fc.constant(null))
            .map(([d, t, o]) => `${d}${t === null ? '' : `T${t ?? ''}`}${o ?? ''}`);
  // Week 53 only exists in some years: keep what the spec's checker accepts.
  return base.filter((text) => checkDateTimeText(kind, text) === null);
}

export const arbDateTimeText = dateTimeText('datetime');
export const arbLocalDateTimeText = dateTimeText('localdatetime');
export const arbLocalDateText = dateTimeText('localdate');
export const arbLocalTimeText = dateTimeText('localtime');

/** Epoch milliseconds: negative, around 2^53 and the 64-bit boundaries. */
export const arbEpochMs: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('0', '1706697000000', '-1', '-62135596800000', '9007199254740993', '9223372036854775807', '-9223372036854775808'),
  fc.bigInt({ min: -(2n ** 45n), max: 2n ** 45n }).map(String),
  fc.bigInt({ min: INT64_MIN, max: INT64_MAX }).map(String),
);

// ---------------------------------------------------------------------------------------
// Trees

type Tree = {
  expr: Expr;
  select: Select;
  source: Source;
  specifier: Specifier;
  singular: IdSpec | NameSpec | WhereSpec;
  when: WhenClause;
  resultColumn: ResultColumn;
  orderTerm: OrderTerm;
};

export interface Arbitraries {
  /** Literals, columns, aliases and COUNT(*): the expressions without children. */
  readonly leaf: fc.Arbitrary<Expr>;
  readonly expr: fc.Arbitrary<Expr>;
  readonly select: fc.Arbitrary<Select>;
  readonly selectAction: fc.Arbitrary<SelectAction>;
  readonly statement: fc.Arbitrary<Statement>;
  readonly source: fc.Arbitrary<Source>;
  readonly specifier: fc.Arbitrary<Specifier>;
  readonly when: fc.Arbitrary<WhenClause>;
  readonly resultColumn: fc.Arbitrary<ResultColumn>;
  readonly orderTerm: fc.Arbitrary<OrderTerm>;
  readonly node: fc.Arbitrary<Node>;
}

export function makeArbitraries(options: ArbOptions = {}): Arbitraries {
  const maxDepth = options.maxDepth ?? 3;
  const maxItems = options.maxItems ?? 3;
  const depth = { depthIdentifier: `dsq-${maxDepth}-${maxItems}`, depthSize: 'small' as const, maxDepth };
  const list = <T>(arb: fc.Arbitrary<T>, minLength = 0) =>
    fc.array(arb, { minLength, maxLength: Math.max(minLength, maxItems), depthIdentifier: depth.depthIdentifier });
  const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, ...depth });

  const leafExpr: fc.Arbitrary<Expr> = fc.oneof(
    fc.constant<Expr>({ kind: 'null' }),
    arbNumberText.map((value): Expr => ({ kind: 'number', value })),
    arbText.map((value): Expr => ({ kind: 'string', value })),
    arbDateTimeText.map((value): Expr => ({ kind: 'datetime', form: 'iso', value })),
    arbEpochMs.map((value): Expr => ({ kind: 'datetime', form: 'ms', value })),
    arbLocalDateTimeText.map((value): Expr => ({ kind: 'localdatetime', value })),
    arbLocalDateText.map((value): Expr => ({ kind: 'localdate', value })),
    arbLocalTimeText.map((value): Expr => ({ kind: 'localtime', value })),
    arbPath.map((path): Expr => ({ kind: 'column', path })),
    fc.tuple(arbIdentifier, arbIdentifier).map(([table, column]): Expr => ({ kind: 'system_column', table, column })),
    arbIdentifier.map((name): Expr => ({ kind: 'alias', name })),
    fc.constant<Expr>({ kind: 'count_rows' }),
  );

  const tree = fc.letrec<Tree>((tie) => ({
    expr: fc.oneof(
      depth,
      { weight: 6, arbitrary: leafExpr },
      { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...BINARY_OPS), tie('expr'), tie('expr')).map(([op, e1, e2]): Expr => ({ kind: 'binary', op, e1, e2 })) },
      { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...UNARY_OPS), tie('expr')).map(([op, e]): Expr => ({ kind: 'unary', op, e })) },
      { weight: 1, arbitrary: fc.tuple(tie('expr'), tie('expr'), tie('expr')).map(([e, min, max]): Expr => ({ kind: 'between', e, min, max })) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(opt(tie('expr')), list(tie('when'), 1), opt(tie('expr')))
          .map(([base, cases, otherwise]): Expr => ({ kind: 'case', base, cases, else: otherwise })),
      },
      { weight: 1, arbitrary: fc.tuple(tie('expr'), arbIdentifier).map(([e, collation]): Expr => ({ kind: 'collate', e, collation })) },
      { weight: 1, arbitrary: tie('select').map((select): Expr => ({ kind: 'exists', select })) },
      {
        weight: 2,
        // A function of the spec's table gets its argument count (padded with leaves or cut); others any.
        arbitrary: fc.tuple(arbFunctionName, list(tie('expr')), leafExpr, leafExpr).map(([name, args, pad1, pad2]): Expr => {
          const f = specFunction(name);
          if (f === undefined) return { kind: 'function', name, args };
          const count = Math.min(Math.max(args.length, minArgs(f)), maxArgs(f));
          return { kind: 'function', name, args: [...args, pad1, pad2].slice(0, count) };
        }),
      },
      { weight: 1, arbitrary: fc.tuple(tie('expr'), list(tie('expr'))).map(([e, values]): Expr => ({ kind: 'in', e, values })) },
      { weight: 1, arbitrary: fc.tuple(tie('expr'), tie('select')).map(([e, select]): Expr => ({ kind: 'in_select', e, select })) },
      { weight: 1, arbitrary: tie('select').map((select): Expr => ({ kind: 'subquery', select })) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(tie('specifier'), arbIdentifier, tie('specifier'))
          .map(([database, table, column]): Expr => ({ kind: 'database_column', database, table, column })),
      },
    ),
    singular: fc.oneof(
      depth,
      arbWholeNumberText.map((id): IdSpec => ({ kind: 'spec_id', id })),
      arbIdentifier.map((name): NameSpec => ({ kind: 'spec_name', name })),
      tie('expr').map((where): WhereSpec => ({ kind: 'spec_where', where })),
    ),
    specifier: fc.oneof(
      depth,
      { weight: 3, arbitrary: arbWholeNumberText.map((id): Specifier => ({ kind: 'spec_id', id })) },
      { weight: 3, arbitrary: arbIdentifier.map((name): Specifier => ({ kind: 'spec_name', name })) },
      { weight: 1, arbitrary: fc.constant<AllSpec>({ kind: 'spec_all' }) },
      { weight: 1, arbitrary: tie('expr').map((where): Specifier => ({ kind: 'spec_where', where })) },
      { weight: 1, arbitrary: list(tie('singular')).map((items): ArraySpec => ({ kind: 'spec_array', items })) },
    ),
    when: fc.tuple(tie('expr'), tie('expr')).map(([w, then]): WhenClause => ({ kind: 'when', when: w, then })),
    resultColumn: fc
      .tuple(tie('expr'), fc.option(arbIdentifier, { nil: null }))
      .map(([e, alias]): ResultColumn => ({ kind: 'result_column', e, alias })),
    orderTerm: fc
      .tuple(tie('expr'), fc.constantFrom('asc' as const, 'desc' as const))
      .map(([e, order]): OrderTerm => ({ kind: 'order_term', e, order })),
    source: fc.oneof(
      depth,
      { weight: 4, arbitrary: fc.tuple(arbPath, fc.option(arbIdentifier, { nil: null })).map(([table, alias]): Source => ({ kind: 'table', table, alias })) },
      {
        weight: 1,
        arbitrary: fc.tuple(arbIdentifier, fc.option(arbIdentifier, { nil: null })).map(([table, alias]): Source => ({ kind: 'table_system', table, alias })),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(tie('specifier'), arbIdentifier, fc.option(arbIdentifier, { nil: null }))
          .map(([database, table, alias]): Source => ({ kind: 'table_database', database, table, alias })),
      },
      {
        weight: 2,
        arbitrary: fc.tuple(fc.constantFrom(...JOIN_OPS), tie('source'), tie('source')).map(([op, s1, s2]): Source => ({ kind: 'join', op, s1, s2 })),
      },
      { weight: 1, arbitrary: tie('select').map((select): Source => ({ kind: 'select_source', select })) },
    ),
    select: fc
      .record({
        distinct: fc.boolean(),
        columns: fc.oneof(fc.constant('all' as const), list(tie('resultColumn'), 1)),
        from: opt(tie('source')),
        where: opt(tie('expr')),
        group: list(tie('expr')),
        having: opt(tie('expr')),
        order: list(tie('orderTerm')),
        limit: opt(tie('expr')),
        offset: opt(tie('expr')),
      })
      .map((parts): Select => ({ kind: 'select', ...parts })),
  }));

  const selectAction = fc
    .record({
      select: tree.select,
      rows: fc.option(fc.oneof(fc.integer({ min: 1, max: 100000 }).map(String), fc.constantFrom('1', '10000', '9223372036854775807')), { nil: null }),
      useStrings: fc.option(fc.boolean(), { nil: null }),
      echo: fc.option(fc.boolean(), { nil: null }),
    })
    .map((parts): SelectAction => ({ kind: 'select_action', ...parts }));

  const statement: fc.Arbitrary<Statement> = fc.oneof(tree.select, selectAction);
  const node: fc.Arbitrary<Node> = fc.oneof(
    { weight: 4, arbitrary: tree.expr },
    { weight: 2, arbitrary: statement },
    { weight: 1, arbitrary: tree.source },
    { weight: 1, arbitrary: tree.specifier },
    { weight: 1, arbitrary: tree.when },
    { weight: 1, arbitrary: tree.resultColumn },
    { weight: 1, arbitrary: tree.orderTerm },
  );

  return {
    leaf: leafExpr,
    expr: tree.expr,
    select: tree.select,
    selectAction,
    statement,
    source: tree.source,
    specifier: tree.specifier,
    when: tree.when,
    resultColumn: tree.resultColumn,
    orderTerm: tree.orderTerm,
    node,
  };
}

const defaults = makeArbitraries();

export const arbExpr: fc.Arbitrary<Expr> = defaults.expr;
export const arbSelect: fc.Arbitrary<Select> = defaults.select;
export const arbSelectAction: fc.Arbitrary<SelectAction> = defaults.selectAction;
export const arbStatement: fc.Arbitrary<Statement> = defaults.statement;
export const arbSource: fc.Arbitrary<Source> = defaults.source;
export const arbSpecifier: fc.Arbitrary<Specifier> = defaults.specifier;
export const arbWhen: fc.Arbitrary<WhenClause> = defaults.when;
export const arbResultColumn: fc.Arbitrary<ResultColumn> = defaults.resultColumn;
export const arbOrderTerm: fc.Arbitrary<OrderTerm> = defaults.orderTerm;
export const arbNode: fc.Arbitrary<Node> = defaults.node;

// ---------------------------------------------------------------------------------------
// Deep trees

/**
 * One level of a deep tree: a node kind that can hold an expression, and where in it the
 * deeper part goes. `other` supplies the node's other parts (small trees).
 */
type DeepStep = { readonly kind: (typeof DEEP_KINDS)[number]; readonly slot: number; readonly op: number; readonly other: Expr; readonly name: string };

/** Every construct an expression can nest in: prefix and infix operators, calls, CASE, IN, subqueries, specifiers, sources. */
export const DEEP_KINDS = [
  'unary', 'binary', 'between', 'in', 'in_select', 'collate', 'case', 'function', 'exists', 'subquery', 'database_column',
  'select_source', 'join', 'select_clause',
] as const;

function select(parts: Partial<Omit<Select, 'kind'>>): Select {
  return { kind: 'select', distinct: false, columns: 'all', from: null, where: null, group: [], having: null, order: [], limit: null, offset: null, ...parts };
}

/** Wrap `e` in one more level (iteratively applied: trees of any depth without recursion). */
function wrap(e: Expr, step: DeepStep): Expr {
  const { other, slot, op, name } = step;
  const table: Source = { kind: 'table', table: 't', alias: null };
  switch (step.kind) {
    case 'unary':
      return { kind: 'unary', op: UNARY_OPS[op % UNARY_OPS.length]!, e };
    case 'binary': {
      const bop = BINARY_OPS[op % BINARY_OPS.length]!;
      return slot % 2 === 0 ? { kind: 'binary', op: bop, e1: e, e2: other } : { kind: 'binary', op: bop, e1: other, e2: e };
    }
    case 'between':
      return slot % 3 === 0 ? { kind: 'between', e, min: other, max: other } : slot % 3 === 1 ? { kind: 'between', e: other, min: e, max: other } : { kind: 'between', e: other, min: other, max: e };
    case 'in':
      return slot % 2 === 0 ? { kind: 'in', e, values: [other] } : { kind: 'in', e: other, values: [other, e] };
    case 'in_select':
      return slot % 2 === 0
        ? { kind: 'in_select', e, select: select({ columns: [{ kind: 'result_column', e: other, alias: null }], from: table }) }
        : { kind: 'in_select', e: other, select: select({ where: e }) };
    case 'collate':
      return { kind: 'collate', e, collation: name };
    case 'case': {
      const arm: WhenClause = slot % 4 === 1 ? { kind: 'when', when: e, then: other } : { kind: 'when', when: other, then: slot % 4 === 2 ? e : other };
      return { kind: 'case', base: slot % 4 === 0 ? e : null, cases: [arm], else: slot % 4 === 3 ? e : null };
    }
    case 'function':
      return { kind: 'function', name: ['F', 'COUNT_DISTINCT', 'G', 'POW'][slot % 4]!, args: slot % 2 === 0 ? [e] : [other, e] };
    case 'exists':
      return { kind: 'exists', select: select({ from: table, where: e }) };
    case 'subquery':
      return { kind: 'subquery', select: select({ columns: [{ kind: 'result_column', e, alias: slot % 2 === 0 ? null : name }] }) };
    case 'database_column': {
      const spec: Specifier = slot % 2 === 0 ? { kind: 'spec_where', where: e } : { kind: 'spec_array', items: [{ kind: 'spec_id', id: '1' }, { kind: 'spec_where', where: e }] };
      return slot % 4 < 2 ? { kind: 'database_column', database: spec, table: name, column: { kind: 'spec_id', id: '2' } } : { kind: 'database_column', database: { kind: 'spec_all' }, table: name, column: spec };
    }
    case 'select_source':
      return { kind: 'exists', select: select({ from: { kind: 'select_source', select: select({ where: e }) } }) };
    case 'join': {
      const inner: Source = { kind: 'join', op: JOIN_OPS[op % JOIN_OPS.length]!, s1: table, s2: { kind: 'table_database', database: { kind: 'spec_where', where: e }, table: name, alias: null } };
      return { kind: 'exists', select: select({ from: { kind: 'join', op: 'join', s1: table, s2: inner } }) };
    }
    case 'select_clause': {
      const parts: Partial<Omit<Select, 'kind'>>[] = [{ having: e }, { group: [other, e] }, { order: [{ kind: 'order_term', e, order: 'desc' }] }, { limit: e }, { offset: e }];
      return { kind: 'subquery', select: select({ columns: [{ kind: 'result_column', e: other, alias: null }], ...parts[slot % parts.length] }) };
    }
  }
}

/**
 * Deep expressions: a small tree wrapped in up to `maxLevels` levels of every construct that
 * nests (DEEP_KINDS), mixed at random; or, with `kind`, of one construct only. Built with a
 * loop, so any depth is cheap to make.
 */
export function arbDeepExpr(options: { maxLevels: number; minLevels?: number; kind?: (typeof DEEP_KINDS)[number] }): fc.Arbitrary<Expr> {
  const small = makeArbitraries({ maxDepth: 1, maxItems: 2 });
  const step: fc.Arbitrary<DeepStep> = fc.record({
    kind: options.kind === undefined ? fc.constantFrom(...DEEP_KINDS) : fc.constant(options.kind),
    slot: fc.nat({ max: 11 }),
    op: fc.nat({ max: 60 }),
    other: small.leaf,
    name: fc.oneof(plainWord, arbIdentifier),
  });
  return fc
    .tuple(small.expr, fc.array(step, { minLength: options.minLevels ?? 0, maxLength: options.maxLevels, size: 'max' }))
    .map(([seed, steps]) => steps.reduce(wrap, seed));
}

// ---------------------------------------------------------------------------------------
// Trees the spec's rules reject (src/spec/check.ts): for properties that every entry point
// (parser, JSON reader, builder) rejects the same trees.

const leaf = (value: string): Expr => ({ kind: 'number', value });

/** An expression that breaks one of the spec's rules, each kind of rule covered. */
export const arbInvalidExpr: fc.Arbitrary<Expr> = fc.oneof(
  // A listed function with an argument count the table does not allow.
  fc
    .tuple(fc.constantFrom(...SPEC_FUNCTION_NAMES), fc.nat({ max: 4 }), fc.constantFrom('upper', 'lower', 'as is'))
    .filter(([name, n]) => {
      const f = specFunction(name) as NonNullable<ReturnType<typeof specFunction>>;
      return n < minArgs(f) || n > maxArgs(f);
    })
    .map(([name, n, spelling]): Expr => ({
      kind: 'function',
      name: spelling === 'lower' ? name.toLowerCase() : name,
      args: Array.from({ length: n }, (_, i) => leaf(String(i + 1))),
    })),
  // Datetime texts outside the spec's syntax or ranges; epoch milliseconds that are not whole.
  fc.constantFrom<Expr>(
    { kind: 'datetime', form: 'iso', value: '2024-13-01' },
    { kind: 'datetime', form: 'iso', value: '2024-02-30T10:00Z' },
    { kind: 'datetime', form: 'iso', value: '2024-01-01T24' },
    { kind: 'datetime', form: 'iso', value: '2024-01-01T10:30.5555' },
    { kind: 'datetime', form: 'iso', value: '2024-01-01T10:30+19' },
    { kind: 'datetime', form: 'ms', value: '1.5' },
    { kind: 'datetime', form: 'ms', value: '9223372036854775808' },
    { kind: 'localdatetime', value: '2024-01-01T10:00Z' },
    { kind: 'localdate', value: '2024-W54' },
    { kind: 'localdate', value: '2024-01-01T10' },
    { kind: 'localtime', value: '10:60' },
    { kind: 'localtime', value: '10.' },
  ),
  // Numbers outside the spec's ranges, or not numbers.
  fc.constantFrom('9223372036854775808', '-9223372036854775809', '1e19', '1e400', '-2e308', '12abc', '').map(leaf),
  // Empty strings and names.
  fc.constantFrom<Expr>(
    { kind: 'string', value: '' },
    { kind: 'column', path: '' },
    { kind: 'alias', name: '' },
    { kind: 'system_column', table: '', column: 'c' },
    { kind: 'function', name: '', args: [] },
  ),
  fc.constant<Expr>({ kind: 'collate', e: leaf('1'), collation: '' }),
  // A CASE without arms.
  fc.constant<Expr>({ kind: 'case', base: null, cases: [], else: leaf('1') }),
);

/** A statement with one rule broken: an invalid expression put in place of one of its expressions, or a bad part of its own. */
export const arbInvalidStatement: fc.Arbitrary<Statement> = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(defaults.statement, arbInvalidExpr, fc.nat()).map(([s, bad, n]) => withExpression(s, bad, n)) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(defaults.select, fc.constantFrom('0', '-5', '1.5', '9223372036854775808'))
      .map(([select, rows]): Statement => ({ kind: 'select_action', select, rows, useStrings: null, echo: null })),
  },
  { weight: 1, arbitrary: defaults.select.map((s): Statement => ({ ...s, columns: [] })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(defaults.select, fc.constantFrom<Source>(
        { kind: 'table', table: '', alias: null },
        { kind: 'table', table: 't', alias: '' },
        { kind: 'table_database', database: { kind: 'spec_id', id: '1.5' }, table: 'r', alias: null },
        { kind: 'table_database', database: { kind: 'spec_name', name: '' }, table: 'r', alias: null },
      ))
      .map(([s, from]): Statement => ({ ...s, from })),
  },
);

/** `s` with its n-th expression (pre-order, modulo their count) replaced by `bad`; in WHERE when it has none. */
function withExpression(s: Statement, bad: Expr, n: number): Statement {
  let count = 0;
  transform(s, (node) => {
    if (isExpr(node)) count++;
    return node;
  });
  if (count === 0) {
    const select = s.kind === 'select' ? s : s.select;
    const withWhere: Select = { ...select, where: bad };
    return s.kind === 'select' ? withWhere : { ...s, select: withWhere };
  }
  let i = 0;
  const target = n % count;
  return transform(s, (node) => (isExpr(node) && i++ === target ? bad : node));
}
