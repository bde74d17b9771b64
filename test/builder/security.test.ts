import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NODE_KINDS, descendants } from '../../src/ast/index.js';
import { checkDateTimeText } from '../../src/ast/datetime.js';
import { checkNumber } from '../../src/ast/numbers.js';
import { FIELD_LIST } from '../../src/ast/fields.js';
import { DsqError } from '../../src/diagnostic/index.js';
import * as api from '../../src/builder/index.js';
import { COMPARE_OPS } from '../../src/builder/index.js';
import {
  Aliased,
  CaseBuilder,
  Expression,
  Ordered,
  SelectQuery,
  SourceBuilder,
  and,
  builder,
  caseOf,
  caseWhen,
  col,
  databaseColumn,
  databaseTable,
  datetime,
  dsq,
  exists,
  fn,
  fromAst,
  ident,
  lit,
  localDate,
  localDateTime,
  localTime,
  not,
  notExists,
  or,
  query,
  queryFromJson,
  ref,
  scalar,
  selectFrom,
  spec,
  subquerySource,
  systemColumn,
  systemTable,
  table,
} from '../../src/builder/index.js';
import { compile } from '../../src/params/index.js';
import { print } from '../../src/print/index.js';
import { parse } from '../../src/syntax/index.js';
import { arbNode, arbStatement } from '../fixtures/arbitraries.js';
import { arbHostileExpr, arbHostileStatement } from '../fixtures/hostile-arbitraries.js';
import { runs, timeLimit } from '../helpers/runs.js';

/**
 * The security property of the builder (issue 9): any value from outside (here: every JSON
 * value, plus plain objects shaped like every AST node kind with hostile fields, valid ASTs
 * built as plain objects, and objects that refer to themselves), interpolated into the
 * template or passed to any builder method that takes a value, ends either in an error of
 * dsq's own (a DsqError: the builder throws no other error class) or in a query
 * whose JSON holds that value as a literal, exactly where a literal given the ordinary way
 * stands: never a column, never syntax, never invalid JSON, never a crash or a hang.
 */

type Built = { toJson(): string };
/**
 * A value position: `id` names the API member it exercises (`Expression.eq`, `fn.pow`,
 * `SelectQuery.limit`, `new CaseBuilder`, `dsq`), then what of it (`max`, `alias`, `WHERE a = ${}`).
 * The coverage test below checks that every member of the builder's API is the id of a row here
 * or is listed, with its reason, as taking no value: a new method cannot be forgotten.
 */
type Position = readonly [name: string, build: (x: unknown) => Built];

/** A marker literal: the JSON of a query built with it shows where the value's literal goes. */
const SENTINEL = 'dsq\u0001sentinel';
const SENTINEL_JSON = JSON.stringify(SENTINEL);
const marker = lit(SENTINEL);

/** A `:p` parameter in a text, compiled with `x` as its value (compile(text, { params })). */
function param(text: string): (x: unknown) => Built {
  return (x) => ({ toJson: () => compile(text, { params: { p: x } }) });
}

const PARAM_VALUE: readonly Position[] = [
  ['param WHERE a = :p', param('SELECT * FROM t WHERE a = :p')],
  ['param SELECT :p AS v', param('SELECT :p AS v FROM t')],
  ['param F(1, :p)', param('SELECT F(1, :p) FROM t')],
  ['param a + :p * 2', param('SELECT * FROM t WHERE a + :p * 2 > 0')],
  ['param BETWEEN :p', param('SELECT * FROM t WHERE a BETWEEN :p AND 2')],
  ['param IN (1, :p)', param('SELECT * FROM t WHERE a IN (1, :p)')],
  ['param CASE THEN :p', param('SELECT CASE WHEN a = 1 THEN :p ELSE 0 END FROM t')],
  ['param LIMIT :p', param('SELECT * FROM t LIMIT :p')],
  ['param OFFSET :p', param('SELECT * FROM t LIMIT 1 OFFSET :p')],
  ['param subquery', param('SELECT * FROM t WHERE a = (SELECT b FROM u WHERE c = :p)')],
  ['param OPTIONS', param('SELECT * FROM t WHERE a = :p OPTIONS (ROWS = 5)')],
];

const a = col('a');
const BINARY_METHODS = [
  'eq',
  'ne',
  'gt',
  'gte',
  'lt',
  'lte',
  'is',
  'isNot',
  'like',
  'notLike',
  'regexp',
  'notRegexp',
  'add',
  'sub',
  'mul',
  'div',
  'mod',
  'bitAnd',
  'bitOr',
  'shl',
  'shr',
] as const;

/** The spec's function helpers (`fn.count`, `fn.pow`, ...), every one, each argument: the list follows `fn` itself. */
const FN_HELPERS = Object.keys(fn).filter((k) => k !== 'countAll') as (keyof typeof fn)[];
const helperArity = (name: keyof typeof fn): number => {
  const helper = fn[name] as (...args: unknown[]) => unknown;
  for (let n = 1; n <= 3; n++) {
    try {
      helper(...Array.from({ length: n }, () => 1));
      return n;
    } catch {
      // the arity message: try one more argument
    }
  }
  throw new Error(`fn.${String(name)} takes none of 1..3 arguments`);
};
const FN_ARGUMENTS: Position[] = FN_HELPERS.flatMap((name) => {
  const arity = helperArity(name);
  return Array.from(
    { length: arity },
    (_, k): Position => [
      `fn.${String(name)} argument ${k + 1}`,
      (x) => (fn[name] as (...args: unknown[]) => Built)(...Array.from({ length: arity }, (_v, j) => (j === k ? x : 1))),
    ],
  );
});

/** The operators of `where(column, op, value)` whose value is one value (`in` and `not in` take a list). */
const VALUE_OPS = COMPARE_OPS.filter((op) => op !== 'in' && op !== 'not in');

const VALUE: readonly Position[] = [
  ...BINARY_METHODS.map((method): Position => [`Expression.${method}`, (x) => (a[method] as (v: unknown) => Built).call(a, x)]),
  ['Expression.between min', (x) => a.between(x as never, 1)],
  ['Expression.between max', (x) => a.between(1, x as never)],
  ['Expression.notBetween min', (x) => a.notBetween(x as never, 1)],
  ['Expression.notBetween max', (x) => a.notBetween(1, x as never)],
  ['lit', (x) => lit(x as never)],
  ['fn argument', (x) => fn('F', x as never)],
  ...FN_ARGUMENTS,
  ['caseWhen THEN', (x) => caseWhen(a.eq(1), x as never).end()],
  [
    'CaseBuilder.when THEN',
    (x) =>
      caseWhen(a.eq(1), 1)
        .when(a.eq(2), x as never)
        .end(),
  ],
  [
    'CaseBuilder.when WHEN (caseOf)',
    (x) =>
      caseOf(a)
        .when(x as never, 2)
        .end(),
  ],
  ['CaseBuilder.else', (x) => caseWhen(a.eq(1), 1).else(x as never)],
  [
    'caseOf base',
    (x) =>
      caseOf(x as never)
        .when(1, 2)
        .end(),
  ],
  ...VALUE_OPS.map((op): Position => [`SelectQuery.where value (${op})`, (x) => selectFrom('t').where('a', op, x as never)]),
  [
    'SelectQuery.orWhere value',
    (x) =>
      selectFrom('t')
        .where(a.eq(1))
        .orWhere('a', '=', x as never),
  ],
  ['SelectQuery.having value', (x) => selectFrom('t').having('a', '>', x as never)],
  ['eb.val', (x) => selectFrom('t').where((eb) => a.eq(eb.val(x as never)))],
  ['eb.lit', (x) => selectFrom('t').where((eb) => a.eq(eb.lit(x as never)))],
  ['dsq WHERE a = ${}', (x) => dsq`SELECT * FROM t WHERE a = ${x}`],
  ['dsq SELECT ${}', (x) => dsq`SELECT ${x} FROM t`],
  ['dsq SELECT ${} AS v', (x) => dsq`SELECT ${x} AS v FROM t`],
  ['dsq F(${})', (x) => dsq`SELECT F(1, ${x}) FROM t`],
  ['dsq a + ${} * 2', (x) => dsq`SELECT * FROM t WHERE a + ${x} * 2 > 0`],
  ['dsq BETWEEN ${}', (x) => dsq`SELECT * FROM t WHERE a BETWEEN ${x} AND 2`],
  ['dsq IN (1, ${})', (x) => dsq`SELECT * FROM t WHERE a IN (1, ${x})`],
  ['dsq CASE THEN ${}', (x) => dsq`SELECT CASE WHEN a = 1 THEN ${x} ELSE 0 END FROM t`],
  ['dsq GROUP BY ${}', (x) => dsq`SELECT * FROM t GROUP BY ${x}`],
  ['dsq ORDER BY ${}', (x) => dsq`SELECT * FROM t ORDER BY ${x} DESC`],
  ['dsq LIMIT ${}', (x) => dsq`SELECT * FROM t LIMIT ${x}`],
  ['dsq OFFSET ${}', (x) => dsq`SELECT * FROM t LIMIT 1 OFFSET ${x}`],
  ['dsq subquery', (x) => dsq`SELECT * FROM t WHERE a = (SELECT b FROM u WHERE c = ${x})`],
  ['dsq DATABASE_COLUMN(WHERE ${})', (x) => dsq`SELECT DATABASE_COLUMN(WHERE name = ${x}, t, 'c') FROM t`],
  ['dsq.expr', (x) => dsq.expr`${x}`],
  // Parameters (issue 17) bind through the same value conversion: a literal or an own error.
  ...PARAM_VALUE,
];

/** Conditions: of the JSON values only null (NULL) is one; strings and numbers are errors. */
const CONDITION: readonly Position[] = [
  ['SelectQuery.where', (x) => selectFrom('t').where(x as never)],
  ['SelectQuery.where (callback)', (x) => selectFrom('t').where(() => x as never)],
  [
    'SelectQuery.orWhere',
    (x) =>
      selectFrom('t')
        .where(a.eq(1))
        .orWhere(x as never),
  ],
  ['SelectQuery.having', (x) => selectFrom('t').having(x as never)],
  ['Expression.and', (x) => a.eq(1).and(x as never)],
  ['Expression.or', (x) => a.eq(1).or(x as never)],
  ['and', (x) => and(a.eq(1), x as never)],
  ['or', (x) => or(x as never, a.eq(1))],
  ['not', (x) => not(x as never)],
  ['caseWhen WHEN', (x) => caseWhen(x as never, 1).end()],
  [
    'CaseBuilder.when WHEN (caseWhen)',
    (x) =>
      caseWhen(a.eq(1), 1)
        .when(x as never, 2)
        .end(),
  ],
  ['spec.where', (x) => databaseColumn(spec.where(x as never), 't', 'c')],
];

/** IN lists: an array is the list (each item a value); in the template a single value is a list of one. */
const IN_LIST: readonly (readonly [string, (x: unknown) => Built, boolean])[] = [
  ['Expression.in', (x) => a.in(x as never), false],
  ['Expression.notIn', (x) => a.notIn(x as never), false],
  ['SelectQuery.where value (in)', (x) => selectFrom('t').where('a', 'in', x as never), false],
  ['SelectQuery.where value (not in)', (x) => selectFrom('t').where('a', 'not in', x as never), false],
  ['dsq IN ${}', (x) => dsq`SELECT * FROM t WHERE a IN ${x}`, true],
  ['dsq NOT IN ${}', (x) => dsq`SELECT * FROM t WHERE a NOT IN ${x}`, true],
  ['param IN :p', param('SELECT * FROM t WHERE a IN :p'), true],
  ['param NOT IN :p', param('SELECT * FROM t WHERE a NOT IN :p'), true],
];

/**
 * Names: a non-empty string is a name there (that is what these take); anything else is an
 * error. Where null means "none" (no alias) the third item is the query it must give.
 */
const NAME: readonly (readonly [string, (x: unknown) => Built, Built?])[] = [
  ['col', (x) => col(x as never)],
  ['ref', (x) => ref(x as never)],
  ['table', (x) => selectFrom(table(x as never))],
  ['table alias', (x) => selectFrom(table('t', x as never)), selectFrom('t')],
  ['selectFrom', (x) => selectFrom(x as never)],
  ['selectFrom alias', (x) => selectFrom('t', x as never), selectFrom('t')],
  ['builder().selectFrom', (x) => builder().selectFrom(x as never)],
  ['SelectQuery.from', (x) => query().from(x as never)],
  ['SelectQuery.from alias', (x) => query().from('t', x as never), selectFrom('t')],
  ...(['join', 'innerJoin', 'leftJoin', 'leftOuterJoin', 'crossJoin'] as const).flatMap((m) => [
    [`SelectQuery.${m}`, (x: unknown) => selectFrom('t')[m](x as never)] as const,
    [`SelectQuery.${m} alias`, (x: unknown) => selectFrom('t')[m]('u', x as never), selectFrom('t')[m]('u')] as const,
    [`SourceBuilder.${m}`, (x: unknown) => selectFrom(table('t')[m](x as never))] as const,
    [`SourceBuilder.${m} alias`, (x: unknown) => selectFrom(table('t')[m]('u', x as never)), selectFrom(table('t')[m]('u'))] as const,
  ]),
  ['systemTable', (x) => selectFrom(systemTable(x as never))],
  ['systemTable alias', (x) => selectFrom(systemTable('t', x as never)), selectFrom(systemTable('t'))],
  ['systemColumn table', (x) => systemColumn(x as never, 'c')],
  ['systemColumn column', (x) => systemColumn('t', x as never)],
  ['databaseColumn table', (x) => databaseColumn(1, x as never, 'c')],
  ['databaseTable table', (x) => selectFrom(databaseTable(1, x as never))],
  ['databaseTable alias', (x) => selectFrom(databaseTable(1, 't', x as never)), selectFrom(databaseTable(1, 't'))],
  ['fn name', (x) => fn(x as string, 1)],
  ['spec.name', (x) => databaseColumn(spec.name(x as never), 't', 'c')],
  ['Expression.as', (x) => selectFrom('t').select(a.as(x as never))],
  ['Expression.collate', (x) => a.collate(x as never)],
  ['ident', (x) => dsq`SELECT ${ident(x as never)} FROM t`],
  ['SelectQuery.whereRef left', (x) => selectFrom('t').whereRef(x as never, '=', 'b' as never)],
  ['SelectQuery.whereRef right', (x) => selectFrom('t').whereRef('a' as never, '=', x as never)],
  ['eb.col', (x) => selectFrom('t').where((eb) => eb.col(x as never).eq(1 as never))],
  ['eb.ref', (x) => selectFrom('t').where((eb) => eb.ref(x as never).eq(1 as never))],
  ['eb.selectFrom', (x) => selectFrom('t').where((eb) => exists(eb.selectFrom(x as never)))],
  ['eb.selectFrom alias', (x) => selectFrom('t').where((eb) => exists(eb.selectFrom('u', x as never))), selectFrom('t').where(exists(selectFrom('u')))],
];

/** Names or values: `select('x')`, `groupBy('x')`, `orderBy('x')` name a field; other values are literals (an array given to `select` is its list of columns). */
/**
 * Where a count of rows stands (LIMIT, OFFSET): null is none; a whole number not negative is
 * its literal; anything else is an own error (lint's invalid-limit, src/spec/select-checks.ts).
 */
const ROW_COUNT: readonly Position[] = [
  ['SelectQuery.limit', (x) => selectFrom('t').limit(x as never)],
  ['SelectQuery.offset', (x) => selectFrom('t').offset(x as never)],
];

const NAME_OR_VALUE: readonly Position[] = [
  ['SelectQuery.select', (x) => selectFrom('t').select(x as never)],
  [
    'SelectQuery.groupBy',
    (x) =>
      selectFrom('t')
        .select(fn.countAll().as('n'))
        .groupBy(x as never),
  ],
  ['SelectQuery.orderBy', (x) => selectFrom('t').orderBy(x as never)],
  ['SelectQuery.where column', (x) => selectFrom('t').where(x as never, '=', 1 as never)],
  [
    'SelectQuery.orWhere column',
    (x) =>
      selectFrom('t')
        .where(a.eq(1))
        .orWhere(x as never, '=', 1 as never),
  ],
  ['SelectQuery.having column', (x) => selectFrom('t').having(x as never, '=', 1 as never)],
];

/**
 * Specifiers: a whole number is an id, a string a name, an array a list of those. The third item
 * is the JSON the position makes of a value (null: an error), in place of a valid sample (the fourth).
 */
const SPECIFIER: readonly (readonly [string, (x: unknown) => Built, (v: unknown) => string | null, unknown])[] = [
  ['databaseColumn database', (x) => databaseColumn(x as never, 't', 'c'), (v) => specOf(v), SENTINEL],
  ['databaseColumn column', (x) => databaseColumn(1, 't', x as never), (v) => specOf(v), SENTINEL],
  ['databaseTable database', (x) => selectFrom(databaseTable(x as never, 't')), (v) => specOf(v), SENTINEL],
  ['spec.id', (x) => databaseColumn(spec.id(x as never), 't', 'c'), (v) => (typeof v === 'number' ? specOf(v) : null), 1234567],
  // (an array of one item: the sample's JSON is the item inside the array's brackets)
  ['spec.array', (x) => databaseColumn(spec.array(x as never), 't', 'c'), (v) => (Array.isArray(v) ? null : (specOf([v])?.slice(1, -1) ?? null)), 1234567],
];

/** Datetime text (and epoch milliseconds for `datetime`): the value checked against the spec's syntax, then a literal of it. */
const DATETIME: readonly (readonly [string, (x: unknown) => Built, string])[] = [
  ['datetime', (x) => datetime(x as never), '2024-01-31T10:00:00Z'],
  ['localDateTime', (x) => localDateTime(x as never), '2024-01-31T10:00:00'],
  ['localDate', (x) => localDate(x as never), '2024-01-31'],
  ['localTime', (x) => localTime(x as never), '10:00:00'],
];
const DATETIME_SAMPLES = ['2024-01-31T10:00:00Z', '2024-01-31T10:00:00', '2024-01-31', '10:00:00', '1999-12-31T23:59:59.999+01:00', '2024-02-30'];

/** Where only a query (or nothing from outside) may stand: every JSON value is an error. */
const NEVER: readonly Position[] = [
  ['exists', (x) => exists(x as never)],
  ['notExists', (x) => notExists(x as never)],
  ['scalar', (x) => scalar(x as never)],
  ['subquerySource', (x) => selectFrom(subquerySource(x as never))],
  ['dsq EXISTS ${}', (x) => dsq`SELECT * FROM t WHERE EXISTS ${x}`],
  ['dsq FROM ${}', (x) => dsq`SELECT * FROM ${x}`],
  ['dsq JOIN ${}', (x) => dsq`SELECT * FROM t JOIN ${x}`],
  ['dsq alias', (x) => dsq`SELECT a AS ${x} FROM t`],
  ['dsq DATE ${}', (x) => dsq`SELECT * FROM t WHERE a = DATE ${x}`],
  ['dsq DATABASE_COLUMN(${})', (x) => dsq`SELECT DATABASE_COLUMN(${x}, t, c) FROM t`],
  ["dsq '${}'", (x) => dsq`SELECT * FROM t WHERE a = '${x}'`],
  ['new SelectQuery', (x) => new SelectQuery(x as never)],
];

/** Flags and words: only the listed JavaScript values (true/false, 'asc'/'desc'); none of them from JSON text is syntax. */
/** What each operator of `where(column, op, value)` means, said with the expression methods. */
// (Untyped: any value stands on either side here.)
const OP_MEANS: Readonly<Record<string, (l: api.Expression<any>, r: any) => api.Expression<any>>> = {
  '=': (l, r) => l.eq(r),
  '!=': (l, r) => l.ne(r),
  '<>': (l, r) => l.ne(r),
  '>': (l, r) => l.gt(r),
  '>=': (l, r) => l.gte(r),
  '<': (l, r) => l.lt(r),
  '<=': (l, r) => l.lte(r),
  is: (l, r) => l.is(r),
  'is not': (l, r) => l.isNot(r),
  like: (l, r) => l.like(r as string),
  'not like': (l, r) => l.notLike(r as string),
  regexp: (l, r) => l.regexp(r as string),
  'not regexp': (l, r) => l.notRegexp(r as string),
  in: (l, r) => l.in(r as never),
  'not in': (l, r) => l.notIn(r as never),
};
const opMeaning = (v: unknown, right: unknown, ops: readonly string[]): string | null =>
  typeof v === 'string' && ops.includes(v) && Object.hasOwn(OP_MEANS, v)
    ? selectFrom('t')
        .where((OP_MEANS[v] as (l: api.Expression<any>, r: unknown) => api.Expression<any>)(a, right))
        .toJson()
    : null;

const CHOICE: readonly (readonly [string, (x: unknown) => Built, (v: unknown) => string | null])[] = [
  ['SelectQuery.where operator', (x) => selectFrom('t').where('a', x as never, 1 as never), (v) => opMeaning(v, 1, VALUE_OPS)],
  ['SelectQuery.where operator (a list)', (x) => selectFrom('t').where('a', x as never, [1]), (v) => opMeaning(v, [1], ['in', 'not in'])],
  ['SelectQuery.orWhere operator', (x) => selectFrom('t').orWhere('a', x as never, 1 as never), (v) => opMeaning(v, 1, VALUE_OPS)],
  [
    'SelectQuery.having operator',
    (x) => selectFrom('t').having('a', x as never, 1 as never),
    (v) => (opMeaning(v, 1, VALUE_OPS) === null ? null : (opMeaning(v, 1, VALUE_OPS)?.replace('"where"', '"having"') ?? null)),
  ],
  [
    'SelectQuery.whereRef operator',
    (x) => selectFrom('t').whereRef('a' as never, x as never, 'b' as never),
    (v) =>
      opMeaning(
        v,
        col('b'),
        VALUE_OPS.filter((o) => o !== 'is' && o !== 'is not'),
      ),
  ],
  [
    'SelectQuery.distinct',
    (x) => selectFrom('t').distinct(x as never),
    (v) => (v === true ? '{"distinct":true,"from":"t"}' : v === false ? '{"from":"t"}' : null),
  ],
  [
    'SelectQuery.orderBy direction',
    (x) => selectFrom('t').orderBy('a', x as never),
    (v) => (v === 'asc' || v === 'desc' ? selectFrom('t').orderBy(col('a')[v]()).toJson() : null),
  ],
];

const toBuilt = (r: unknown): Built => {
  if (r instanceof SourceBuilder) return selectFrom(r);
  if (r instanceof Ordered) return selectFrom('t').orderBy(r);
  if (r instanceof Aliased) return selectFrom('t').select(r);
  return r as Built;
};

/**
 * The ways in for a whole tree or JSON query by design (a hand-built AST, JSON from outside):
 * there a node-shaped object is taken as a node, so the promise is the checked one: an error of
 * dsq's own, or a query whose JSON is valid (the tree passed every check the JSON reader makes).
 */
const TREE: readonly Position[] = [
  ['fromAst', (x) => toBuilt(fromAst(x as never))],
  ['builder().fromAst', (x) => builder().fromAst(x as never)],
  ['queryFromJson', (x) => queryFromJson(x)],
  ['builder().fromJson', (x) => builder().fromJson(x)],
  ['new Expression', (x) => new Expression(x as never)],
  ['new SourceBuilder', (x) => toBuilt(new SourceBuilder(x as never))],
  ['new Ordered', (x) => toBuilt(new Ordered(x as never))],
  ['new Aliased expression', (x) => toBuilt(new Aliased('v', x as never))],
  ['new Aliased alias', (x) => toBuilt(new Aliased(x as never, col('a').node))],
  ['new CaseBuilder base', (x) => new CaseBuilder(x as never, []).when(a.eq(1), 2).end()],
  ['new CaseBuilder arms', (x) => new CaseBuilder(null, x as never).when(a.eq(1), 2).end()],
];

type Outcome = { readonly json: string } | { readonly error: unknown };
function run(build: () => Built): Outcome {
  try {
    return { json: build().toJson() };
  } catch (error) {
    return { error };
  }
}

/** A plain check (the property runs a few hundred thousand of them: vitest's `expect` would be most of its time). */
function check(ok: boolean, message: () => string): void {
  if (!ok) throw new Error(message());
}

/** An error of dsq's own: a DsqError (argument misuse has code builder/invalid-argument), with a message. */
function expectOwnError(outcome: Outcome, position: string): void {
  check('error' in outcome, () => `${position}: expected an error, got ${'json' in outcome ? outcome.json : ''}`);
  const error = (outcome as { error: unknown }).error;
  const own = error instanceof DsqError;
  check(own, () => `${position}: not an error of dsq's own: ${String(error)}`);
  check((error as Error).message.length > 10, () => `${position}: a message too short: ${String(error)}`);
}

/**
 * A join whose new source name is one the row's query already has ("t", or the alias "u"): the
 * builder's own error is the right answer, not a query (seed -1650868676 made the string "t").
 */
function isSourceClash(v: string, position: string, outcome: Outcome): boolean {
  return (
    /join/i.test(position) &&
    (v === 't' || v === 'u') &&
    'error' in outcome &&
    outcome.error instanceof Error &&
    outcome.error.message.includes('is already used')
  );
}

/**
 * GROUP BY of the name of the row's aggregate result column (`COUNT(*) AS n`, then
 * `groupBy('n')`): the builder's own error is the right answer, not a query (seed 1194569841
 * made the string "n").
 */
function isAggregateGroup(v: string, position: string, outcome: Outcome): boolean {
  return (
    position === 'SelectQuery.groupBy' &&
    v === 'n' &&
    'error' in outcome &&
    outcome.error instanceof Error &&
    outcome.error.message.includes('which is an aggregate')
  );
}

function expectJson(outcome: Outcome, position: string): string {
  check('json' in outcome, () => `${position}: expected a query, got ${'error' in outcome ? String(outcome.error) : ''}`);
  const json = (outcome as { json: string }).json;
  try {
    JSON.parse(json);
  } catch {
    check(false, () => `${position}: invalid JSON ${json}`);
  }
  return json;
}

/** The JSON literal a JSON value becomes, or null when it is not a value the builder takes. */
function literalOf(v: unknown): string | null {
  if (v === null) return 'null';
  if (typeof v === 'string') return v === '' ? 'null' : JSON.stringify(v);
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return null;
    const text = Object.is(v, -0) ? '0' : String(v);
    return checkNumber(text).ok ? text : null;
  }
  return null;
}

function specOf(v: unknown, inArray = false): string | null {
  if (typeof v === 'number') return Number.isInteger(v) && checkNumber(String(v)).ok ? (Object.is(v, -0) ? '0' : String(v)) : null;
  if (typeof v === 'string') return v === '' ? null : JSON.stringify(v);
  if (Array.isArray(v) && !inArray) {
    const items = v.map((item) => specOf(item, true));
    return items.every((i) => i !== null) ? `[${items.join(',')}]` : null;
  }
  return null;
}

const markerJson = new Map<(x: unknown) => Built, string>();

/** The query built with the marker (once per position), with the marker's literal replaced by `text`. */
function withLiteral(build: (x: unknown) => Built, text: string, markerValue: unknown = marker): string {
  let json = markerJson.get(build);
  if (json === undefined) {
    json = build(markerValue).toJson();
    expect(json.split(SENTINEL_JSON).length).toBe(2);
    markerJson.set(build, json);
  }
  return json.replace(SENTINEL_JSON, () => text);
}

const sampleJson = new Map<string, string>();
/** The JSON built with a valid sample in the position (once per position), the sample's JSON replaced by `text`. */
function withSample(name: string, build: (x: unknown) => Built, sample: unknown, text: string): string {
  const key = `${name}\u0000${typeof sample}`;
  let json = sampleJson.get(key);
  if (json === undefined) {
    json = build(sample).toJson();
    sampleJson.set(key, json);
  }
  const sampleText = typeof sample === 'string' ? JSON.stringify(sample) : String(sample);
  expect(json.split(sampleText).length, name).toBe(2);
  return json.replace(sampleText, () => text);
}

const EPOCH_SAMPLE = 1234567;

function checkValue(v: unknown): void {
  const literal = literalOf(v);
  for (const [name, build] of VALUE) {
    const outcome = run(() => build(v));
    if (literal === null) expectOwnError(outcome, name);
    else expect(expectJson(outcome, name), name).toBe(withLiteral(build, literal));
  }
  for (const [name, build] of ROW_COUNT) {
    const outcome = run(() => build(v));
    if (v === null) expect(expectJson(outcome, name)).toBe('{"from":"t"}');
    else if (literal === null || typeof v !== 'number' || v < 0 || !Number.isInteger(v)) expectOwnError(outcome, name);
    else expect(expectJson(outcome, name), name).toBe(withSample(name, build, 7, literal));
  }
  for (const [name, build] of CONDITION) {
    const outcome = run(() => build(v));
    if (v === null) expect(expectJson(outcome, name), name).toBe(withLiteral(build, 'null'));
    else expectOwnError(outcome, name);
  }
  for (const [name, build, single] of IN_LIST) {
    const outcome = run(() => build(v));
    const items = Array.isArray(v) ? v.map(literalOf) : single ? [literalOf(v)] : [null];
    if (items.some((i) => i === null)) expectOwnError(outcome, name);
    else expect(expectJson(outcome, name), name).toBe(withLiteral(build, items.join(','), [marker]));
  }
  for (const [name, build, none] of NAME) {
    const outcome = run(() => build(v));
    if (v === null && none !== undefined) expect(expectJson(outcome, name), name).toBe(none.toJson());
    else if (typeof v === 'string' && v !== '' && isSourceClash(v, name, outcome)) expectOwnError(outcome, name);
    else if (typeof v === 'string' && v !== '') expect(expectJson(outcome, name), name).toContain(JSON.stringify(v).slice(1, -1));
    else expectOwnError(outcome, name);
  }
  for (const [name, build] of NAME_OR_VALUE) {
    const outcome = run(() => build(v));
    if (Array.isArray(v) && name === 'SelectQuery.select') {
      // The array form: the same columns as the items given one by one; no nesting, not empty.
      if (v.length === 0 || v.some((item) => Array.isArray(item))) expectOwnError(outcome, name);
      else {
        const spread = run(() => selectFrom('t').select(...(v as never[])));
        if ('error' in spread) expectOwnError(outcome, name);
        else expect(expectJson(outcome, name), name).toBe(spread.json);
      }
    } else if (typeof v === 'string') {
      if (v === '' || isAggregateGroup(v, name, outcome)) expectOwnError(outcome, name);
      else expect(expectJson(outcome, name), name).toContain(`{"$col":${JSON.stringify(v)}}`);
    } else if (literal === null) expectOwnError(outcome, name);
    else expect(expectJson(outcome, name), name).toBe(withLiteral(build, literal));
  }
  for (const [name, build, takes, sample] of SPECIFIER) {
    const outcome = run(() => build(v));
    const spec = takes(v);
    if (spec === null) expectOwnError(outcome, name);
    else expect(expectJson(outcome, name), name).toBe(withSample(name, build, sample, spec));
  }
  for (const [name, build, sample] of DATETIME) {
    const outcome = run(() => build(v));
    const kind = name === 'datetime' ? 'datetime' : (name.toLowerCase() as 'localdatetime' | 'localdate' | 'localtime');
    if (typeof v === 'string' && checkDateTimeText(kind, v) === null)
      expect(expectJson(outcome, name), name).toBe(withSample(name, build, sample, JSON.stringify(v)));
    else if (kind === 'datetime' && typeof v === 'number' && Number.isInteger(v) && checkNumber(String(v)).ok) {
      expect(expectJson(outcome, name), name).toBe(withSample(name, build, EPOCH_SAMPLE, Object.is(v, -0) ? '0' : String(v)));
    } else expectOwnError(outcome, name);
  }
  for (const [name, build, takes] of CHOICE) {
    const outcome = run(() => build(v));
    const json = takes(v);
    if (json === null) expectOwnError(outcome, name);
    else expect(expectJson(outcome, name), name).toBe(json);
  }
  for (const [name, build] of NEVER)
    expectOwnError(
      run(() => build(v)),
      name,
    );
  for (const [name, build] of TREE) {
    const outcome = run(() => build(v));
    if ('error' in outcome) expectOwnError(outcome, name);
    else expectJson(outcome, name);
  }
  // SELECT action options: rows a whole number of at least 1, the flags true or false; nothing else.
  const rows = run(() => query().options({ rows: v as never }));
  if (v === null) expect(expectJson(rows, 'SelectQuery.options rows')).toBe('{"action":"select","select":{}}');
  else if (typeof v === 'number' && Number.isInteger(v) && v >= 1 && checkNumber(String(v)).ok)
    expect(expectJson(rows, 'rows')).toBe(`{"action":"select","select":{},"rows":${v}}`);
  else expectOwnError(rows, 'SelectQuery.options rows');
  const options = run(() => query().options(v as never));
  if (typeof v === 'object' && v !== null && !Array.isArray(v) && 'error' in options === false) {
    // Only { rows, useStrings, echo } with valid values gets through: an OPTIONS (...) action, nothing else.
    expect(Object.keys(v).every((k) => ['rows', 'useStrings', 'echo'].includes(k))).toBe(true);
    expect(expectJson(options, 'SelectQuery.options')).toMatch(
      /^\{"action":"select","select":\{\}(,"rows":\d+)?(,"use_strings":(true|false))?(,"echo":(true|false))?\}$/,
    );
  } else expectOwnError(options, 'SelectQuery.options');
  for (const [flag, key] of [
    ['echo', 'echo'],
    ['useStrings', 'use_strings'],
  ] as const) {
    const outcome = run(() => query().options({ [flag]: v as never }));
    if (typeof v === 'boolean') expect(expectJson(outcome, flag)).toBe(`{"action":"select","select":{},"${key}":${v}}`);
    else if (v === null) expect(expectJson(outcome, flag)).toBe('{"action":"select","select":{}}');
    else expectOwnError(outcome, `SelectQuery.options ${flag}`);
  }
}

// ---------------------------------------------------------------------------------------
// Hostile values

const KINDS = [...NODE_KINDS];
const FIELDS = [...new Set(Object.values(FIELD_LIST).flatMap((fields) => fields.map((f) => f.key)))];

const hostileField: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('1 OR 1 = 1', '', 'password', '"', "'", '\u0000dsq0\u0000', '*', 'all', '-1e400', 'ms', 'iso', '=', 'and', 5, {}, [], null, true),
  fc.jsonValue({ maxDepth: 2 }),
);

/** A plain object with any node kind and hostile fields (the issue's `{"kind":"column","path":"password"}` among them). */
const nodeShaped: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(fc.constantFrom(...KINDS), fc.dictionary(fc.constantFrom(...FIELDS), hostileField, { maxKeys: 4 }))
  .map(([kind, fields]) => ({ ...fields, kind }));

/** A node-shaped object that refers to itself (a hand-built tree with a cycle). */
const selfReferencing = fc.tuple(nodeShaped, fc.constantFrom(...FIELDS)).map(([o, key]) => {
  const copy: Record<string, unknown> = { ...o };
  copy[key] = key === 'args' || key === 'values' || key === 'items' || key === 'cases' ? [copy] : copy;
  return copy;
});

const selfArray = fc.constant(null).map(() => {
  const arr: unknown[] = [1];
  arr.push(arr);
  return arr;
});

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom<unknown>(
    { kind: 'column', path: 'password' },
    { kind: 'number', value: '1 OR 1 = 1' },
    { kind: 'string', value: {} },
    '',
    -0,
    1e21,
    2 ** 63,
    0.1,
    'x',
    true,
    false,
    'asc',
    'desc',
    { rows: 5 },
    { rows: 5, echo: true },
    ...DATETIME_SAMPLES,
    // kinds named like members of Object.prototype (a lookup by kind must be an own lookup)
    JSON.parse('{"kind":"__proto__"}'),
    { kind: 'constructor' },
    { kind: 'toString', value: '1' },
    { kind: 'hasOwnProperty' },
  ),
  arbNode,
  nodeShaped,
  selfReferencing,
  selfArray,
  fc.array(fc.oneof(fc.jsonValue({ maxDepth: 1 }), nodeShaped, arbNode), { maxLength: 4 }),
  // Issue 31: parsed and JSON-read trees changed at a random place (a copy: the trees themselves
  // are frozen), and the parts of parsed trees, which dsq made but does not know apart from copies.
  arbHostileStatement.map((h) => h.tree),
  arbHostileExpr.map((h) => h.tree),
  fc.tuple(arbStatement, fc.nat()).map(([t, i]) => {
    const parts = descendants(parse(print(t))).slice(1);
    return parts.length === 0 ? { kind: 'column', path: 'password' } : parts[i % parts.length];
  }),
);

describe('values never become syntax', () => {
  // Over a minute on a loaded 2-core machine: its own time limit.
  it('any JSON value or node-shaped object, in every value position: an own error, or that value as a literal only (2,000 runs)', {
    timeout: timeLimit(300_000),
  }, () => {
    fc.assert(fc.property(hostileValue, checkValue), { numRuns: runs(2000) });
  });

  it('the cases the issue names', () => {
    checkValue({ kind: 'column', path: 'password' });
    checkValue('t'); // a join of a name the query already has is the builder's own error
    checkValue('u');
    checkValue({ kind: 'number', value: '1 OR 1 = 1' });
    checkValue({ kind: 'string', value: {} });
    const self: Record<string, unknown> = { kind: 'binary', op: '=' };
    self['e1'] = self;
    self['e2'] = self;
    checkValue(self);
    checkValue(JSON.parse('{"kind":"column","path":"password"}'));
    // And the ordinary values still are what they were.
    checkValue('open');
    checkValue(42);
    checkValue([1, 'a', null]);
  });
});

// ---------------------------------------------------------------------------------------
// Coverage: every member of the builder's API is a row above, or takes no value (and says why)

/** Members that take no value from outside, each with the reason. */
const NO_VALUE: Readonly<Record<string, string>> = {
  builder: 'a type parameter only',
  query: 'no argument',
  'builder().query': 'no argument',
  'fn.countAll': 'no argument',
  'spec.all': 'no argument',
  ...Object.fromEntries(['isNull', 'isNotNull', 'not', 'neg', 'bitNot', 'asc', 'desc'].map((m) => [`Expression.${m}`, 'no argument'])),
  ...Object.fromEntries(['selectAll', 'withoutOptions', 'toSelectAst', 'toAst', 'asExpression', 'asSource'].map((m) => [`SelectQuery.${m}`, 'no argument'])),
  'CaseBuilder.end': 'no argument',
  'builder().schema': 'no argument',
  // The data action builders (issue 16) have their own hostile-value property: test/actions/builder-security.test.ts.
  ...Object.fromEntries(
    [
      'recordKey',
      ...[
        'fetchRecords',
        'fetchMultirecords',
        'fetchPseudorecords',
        'fetchTasks',
        'fetchUsers',
        'fetchCrons',
        'fetchPrefDefs',
        'fetchSeqs',
        'fetchFollows',
        'fetchKeys',
        'fetchPrefs',
        'fetchLogs',
        'fetchNotifications',
        'fetchPosts',
        'fetchUserSubscriptions',
        'insertInto',
        'replaceInto',
        'setRecords',
        'updateTable',
        'deleteFrom',
        'trashFrom',
        'restoreFrom',
        'disposeFrom',
        'dropGroup',
        'dropDatabase',
        'dropTeam',
        'dropUser',
        'alterDatabase',
      ].map((m) => `builder().${m}`),
    ].map((m) => [m, 'test/actions/builder-security.test.ts']),
  ),
  // The builders of issue 29 (DOWNLOAD, tasks, system, ALTER/CREATE and struct actions) have theirs: test/system/builder-security.test.ts.
  ...Object.fromEntries(
    [
      'downloadRecord',
      'downloadPost',
      'run',
      'conclude',
      'cancel',
      'clean',
      'pause',
      'access',
      'echo',
      'wait',
      'ifAction',
      'alterGroup',
      'alterUser',
      'createGroup',
      'createDatabase',
      'structBufferImport',
      'structMnAlias',
      'structMnEdit',
      'structEventInsert',
      'structEventClose',
      'structEventUpdate',
      'structCreate',
    ].map((m) => [`builder().${m}`, 'test/system/builder-security.test.ts']),
  ),
  ...Object.fromEntries(['Expression', 'SelectQuery', 'SourceBuilder', 'Aliased', 'Ordered'].map((c) => [`${c}.toAst`, 'no argument'])),
  'Expression.toText': "output options (the printer's), nothing of them enters the query",
  'Expression.toJson': "output options (the JSON writer's), nothing of them enters the query",
  'SelectQuery.toText': "output options (the printer's), nothing of them enters the query",
  'SelectQuery.toJson': "output options (the JSON writer's), nothing of them enters the query",
  'SelectQuery.$if': 'a JavaScript condition and a callback: control flow, nothing of them enters the query',
  'SelectQuery.$call': 'a callback: what it returns is returned, nothing of it enters the query',
  // Private helpers (TypeScript `private`): the public methods that call them are rows above.
  'Expression.bin': 'private',
  'Expression.not_': 'private',
  'SelectQuery.with': 'private',
  'SelectQuery.cond': 'private',
  'SelectQuery.joined': 'private',
  'SourceBuilder.joined': 'private',
  'CaseBuilder.build': 'private',
  'SelectQuery.eb': 'private',
  'SelectQuery.compared': 'private',
  'SelectQuery.nameExpr': 'private',
  'SelectQuery.anded': 'private',
  'SelectQuery.resultNames': 'no argument',
};

/** Every member of the builder's public API, by id: exports, class methods and constructors, and the members of `fn`, `spec`, `dsq` and `builder()`. */
function apiMembers(): string[] {
  const ids: string[] = [];
  for (const [name, value] of Object.entries(api)) {
    if (typeof value === 'function' && /^class\b/.test(Function.prototype.toString.call(value))) {
      ids.push(`new ${name}`);
      for (const method of Object.getOwnPropertyNames(value.prototype)) if (method !== 'constructor') ids.push(`${name}.${method}`);
      for (const method of Object.getOwnPropertyNames(value)) if (!['length', 'name', 'prototype'].includes(method)) ids.push(`${name}.${method}`);
      continue;
    }
    if (typeof value === 'function') ids.push(name);
    if ((typeof value === 'function' || typeof value === 'object') && value !== null && !Array.isArray(value)) {
      for (const key of Object.keys(value)) ids.push(`${name}.${key}`);
    }
  }
  for (const key of Object.keys(builder())) ids.push(`builder().${key}`);
  // The expression builder the callbacks get (Kysely's `eb`): its own members (the others are the package's functions).
  let eb: Record<string, unknown> = {};
  selectFrom('t').where((b) => {
    eb = b as unknown as Record<string, unknown>;
    return a.eq(1);
  });
  for (const [key, member] of Object.entries(eb)) if (member !== (api as Record<string, unknown>)[key]) ids.push(`eb.${key}`);
  return ids;
}

const ALL_ROWS: readonly (readonly [string, ...unknown[]])[] = [
  ...VALUE,
  ...ROW_COUNT,
  ...CONDITION,
  ...IN_LIST,
  ...NAME,
  ...NAME_OR_VALUE,
  ...SPECIFIER,
  ...DATETIME,
  ...NEVER,
  ...CHOICE,
  ...TREE,
  ['SelectQuery.options'],
];
const idOf = (row: string) => (row.startsWith('new ') ? row.split(' ').slice(0, 2).join(' ') : (row.split(' ')[0] as string));

describe('every value-taking member of the builder is in the property', () => {
  it('each member of the API is a row of the tables above, or is listed as taking no value', () => {
    const covered = new Set(ALL_ROWS.map(([name]) => idOf(name)));
    const members = apiMembers();
    const missing = members.filter((m) => !covered.has(m) && !(m in NO_VALUE));
    expect(missing, 'API members the security property does not exercise: add a row to a table above (or to NO_VALUE with the reason)').toEqual([]);
    // And no row or exemption names a member that is not there (a renamed method).
    // (Rows of other ways in that bind values the builder's way: compile(text, { params }) of src/params.)
    const known = new Set([...members, 'param']);
    expect([...covered].filter((id) => !known.has(id))).toEqual([]);
    expect(Object.keys(NO_VALUE).filter((id) => !known.has(id))).toEqual([]);
    // Every argument of every spec-function helper is a row.
    expect(FN_ARGUMENTS.length).toBeGreaterThanOrEqual(FN_HELPERS.length);
  });
});
