import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHILD_KEYS, checkNumber } from '../../src/ast/index.js';
import { NODE_FIELDS } from '../../src/ast/validate.js';
import { DsqError } from '../../src/diagnostic/index.js';
import {
  and, caseOf, caseWhen, col, databaseColumn, databaseTable, dsq, fn, ident, lit, not, or, query, ref, selectFrom, systemColumn,
  systemTable, table,
} from '../../src/builder/index.js';
import { compile } from '../../src/params/index.js';
import { arbNode } from '../arbitraries.js';

/**
 * The security property of the builder (issue 9): any value from outside (here: every JSON
 * value, plus plain objects shaped like every AST node kind with hostile fields, valid ASTs
 * built as plain objects, and objects that refer to themselves), interpolated into the
 * template or passed to any builder method that takes a value, ends either in an error of
 * dsq's own (a DsqError, or a TypeError with code builder/invalid-argument) or in a query
 * whose JSON holds that value as a literal, exactly where a literal given the ordinary way
 * stands: never a column, never syntax, never invalid JSON, never a crash or a hang.
 */

type Built = { toJson(): string };
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
const VALUE: readonly Position[] = [
  ...(['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'is', 'isNot', 'like', 'notLike', 'regexp', 'notRegexp', 'add', 'sub', 'mul', 'div', 'mod', 'bitAnd', 'bitOr', 'shl', 'shr'] as const).map(
    (method): Position => [`.${method}()`, (x) => (a[method] as (v: unknown) => Built).call(a, x)],
  ),
  ['.between() min', (x) => a.between(x as never, 1)],
  ['.between() max', (x) => a.between(1, x as never)],
  ['.notBetween() max', (x) => a.notBetween(1, x as never)],
  ['lit()', (x) => lit(x as never)],
  ['fn()', (x) => fn('F', x as never)],
  ['fn.count()', (x) => fn.count(x as never)],
  ['fn.sum()', (x) => fn.sum(x as never)],
  ['fn.pow()', (x) => fn.pow(2, x as never)],
  ['caseWhen() THEN', (x) => caseWhen(a.eq(1), x as never).end()],
  ['.else()', (x) => caseWhen(a.eq(1), 1).else(x as never)],
  ['caseOf() base', (x) => caseOf(x as never).when(1, 2).end()],
  ['caseOf().when() value', (x) => caseOf(a).when(x as never, 2).end()],
  ['.limit()', (x) => selectFrom('t').limit(x as never)],
  ['.offset()', (x) => selectFrom('t').offset(x as never)],
  ['template WHERE a = ${}', (x) => dsq`SELECT * FROM t WHERE a = ${x}`],
  ['template SELECT ${}', (x) => dsq`SELECT ${x} FROM t`],
  ['template SELECT ${} AS v', (x) => dsq`SELECT ${x} AS v FROM t`],
  ['template F(${})', (x) => dsq`SELECT F(1, ${x}) FROM t`],
  ['template a + ${} * 2', (x) => dsq`SELECT * FROM t WHERE a + ${x} * 2 > 0`],
  ['template BETWEEN ${}', (x) => dsq`SELECT * FROM t WHERE a BETWEEN ${x} AND 2`],
  ['template IN (1, ${})', (x) => dsq`SELECT * FROM t WHERE a IN (1, ${x})`],
  ['template CASE THEN ${}', (x) => dsq`SELECT CASE WHEN a = 1 THEN ${x} ELSE 0 END FROM t`],
  ['template GROUP BY ${}', (x) => dsq`SELECT * FROM t GROUP BY ${x}`],
  ['template ORDER BY ${}', (x) => dsq`SELECT * FROM t ORDER BY ${x} DESC`],
  ['template LIMIT ${}', (x) => dsq`SELECT * FROM t LIMIT ${x}`],
  ['template OFFSET ${}', (x) => dsq`SELECT * FROM t LIMIT 1 OFFSET ${x}`],
  ['template subquery', (x) => dsq`SELECT * FROM t WHERE a = (SELECT b FROM u WHERE c = ${x})`],
  ['dsq.expr`${}`', (x) => dsq.expr`${x}`],
  // Parameters (issue 17) bind through the same value conversion: a literal or an own error.
  ...PARAM_VALUE,
];

/** Conditions: of the JSON values only null (NULL) is one; strings and numbers are errors. */
const CONDITION: readonly Position[] = [
  ['.where()', (x) => selectFrom('t').where(x as never)],
  ['.orWhere()', (x) => selectFrom('t').where(a.eq(1)).orWhere(x as never)],
  ['.having()', (x) => selectFrom('t').having(x as never)],
  ['.and()', (x) => a.eq(1).and(x as never)],
  ['.or()', (x) => a.eq(1).or(x as never)],
  ['and()', (x) => and(a.eq(1), x as never)],
  ['or()', (x) => or(x as never, a.eq(1))],
  ['not()', (x) => not(x as never)],
];

/** IN lists: an array is the list (each item a value); in the template a single value is a list of one. */
const IN_LIST: readonly (readonly [string, (x: unknown) => Built, boolean])[] = [
  ['.in()', (x) => a.in(x as never), false],
  ['.notIn()', (x) => a.notIn(x as never), false],
  ['template IN ${}', (x) => dsq`SELECT * FROM t WHERE a IN ${x}`, true],
  ['template NOT IN ${}', (x) => dsq`SELECT * FROM t WHERE a NOT IN ${x}`, true],
  ['param IN :p', param('SELECT * FROM t WHERE a IN :p'), true],
  ['param NOT IN :p', param('SELECT * FROM t WHERE a NOT IN :p'), true],
];

/** Names: a non-empty string is a name there (that is what these take); anything else is an error. */
const NAME: readonly Position[] = [
  ['col()', (x) => col(x as never)],
  ['ref()', (x) => ref(x as never)],
  ['table()', (x) => selectFrom(table(x as never))],
  ['table() alias', (x) => selectFrom(table('t', x as never))],
  ['selectFrom()', (x) => selectFrom(x as never)],
  ['.join()', (x) => selectFrom('t').join(x as never)],
  ['systemTable()', (x) => selectFrom(systemTable(x as never))],
  ['systemColumn()', (x) => systemColumn('t', x as never)],
  ['fn() name', (x) => fn(x as string, 1)],
  ['.as()', (x) => selectFrom('t').select(a.as(x as never))],
  ['.collate()', (x) => a.collate(x as never)],
  ['ident() in the template', (x) => dsq`SELECT ${ident(x as never)} FROM t`],
];

/** Names or values: `select('x')`, `groupBy('x')`, `orderBy('x')` name a field; other values are literals (an array given to `select` is its list of columns). */
const NAME_OR_VALUE: readonly Position[] = [
  ['.select()', (x) => selectFrom('t').select(x as never)],
  ['.groupBy()', (x) => selectFrom('t').groupBy(x as never)],
  ['.orderBy()', (x) => selectFrom('t').orderBy(x as never)],
];

/** Specifiers: a whole number is an id, a string a name, an array a list of those. */
const SPECIFIER: readonly Position[] = [
  ['databaseColumn() database', (x) => databaseColumn(x as never, 't', 'c')],
  ['databaseColumn() column', (x) => databaseColumn(1, 't', x as never)],
  ['databaseTable() database', (x) => selectFrom(databaseTable(x as never, 't'))],
];

/** Where only a query (or nothing from outside) may stand: every JSON value is an error. */
const NEVER: readonly Position[] = [
  ['template EXISTS ${}', (x) => dsq`SELECT * FROM t WHERE EXISTS ${x}`],
  ['template FROM ${}', (x) => dsq`SELECT * FROM ${x}`],
  ['template JOIN ${}', (x) => dsq`SELECT * FROM t JOIN ${x}`],
  ['template alias', (x) => dsq`SELECT a AS ${x} FROM t`],
  ['template DATE ${}', (x) => dsq`SELECT * FROM t WHERE a = DATE ${x}`],
  ['template DATABASE_COLUMN(${})', (x) => dsq`SELECT DATABASE_COLUMN(${x}, t, c) FROM t`],
  ["template '${}'", (x) => dsq`SELECT * FROM t WHERE a = '${x}'`],
];

type Outcome = { readonly json: string } | { readonly error: unknown };
function run(build: () => Built): Outcome {
  try {
    return { json: build().toJson() };
  } catch (error) {
    return { error };
  }
}

/** An error of dsq's own: a DsqError, or the builder's TypeError (code builder/invalid-argument), with a message. */
function expectOwnError(outcome: Outcome, position: string): void {
  expect('error' in outcome, `${position}: expected an error, got ${'json' in outcome ? outcome.json : ''}`).toBe(true);
  const error = (outcome as { error: unknown }).error;
  const own = error instanceof DsqError || (error instanceof TypeError && (error as { code?: unknown }).code === 'builder/invalid-argument');
  expect(own, `${position}: not an error of dsq's own: ${String(error)}`).toBe(true);
  expect((error as Error).message.length, position).toBeGreaterThan(10);
}

function expectJson(outcome: Outcome, position: string): string {
  expect('json' in outcome, `${position}: expected a query, got ${'error' in outcome ? String(outcome.error) : ''}`).toBe(true);
  const json = (outcome as { json: string }).json;
  expect(() => JSON.parse(json), `${position}: invalid JSON ${json}`).not.toThrow();
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

/** Where null means "none" (no LIMIT, no alias): documented, and not a literal. */
const NONE_ON_NULL: ReadonlySet<string> = new Set(['.limit()', '.offset()', 'table() alias']);

function checkValue(v: unknown): void {
  const literal = literalOf(v);
  for (const [name, build] of VALUE) {
    const outcome = run(() => build(v));
    if (v === null && NONE_ON_NULL.has(name)) expect(expectJson(outcome, name)).toBe('{"from":"t"}');
    else if (literal === null) expectOwnError(outcome, name);
    else expect(expectJson(outcome, name), name).toBe(withLiteral(build, literal));
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
  for (const [name, build] of NAME) {
    const outcome = run(() => build(v));
    if (v === null && NONE_ON_NULL.has(name)) expect(expectJson(outcome, name)).toBe('{"from":"t"}');
    else if (typeof v === 'string' && v !== '') expect(expectJson(outcome, name), name).toContain(JSON.stringify(v).slice(1, -1));
    else expectOwnError(outcome, name);
  }
  for (const [name, build] of NAME_OR_VALUE) {
    const outcome = run(() => build(v));
    if (Array.isArray(v) && name === '.select()') {
      // The array form: the same columns as the items given one by one; no nesting, not empty.
      if (v.length === 0 || v.some((item) => Array.isArray(item))) expectOwnError(outcome, name);
      else {
        const spread = run(() => selectFrom('t').select(...(v as never[])));
        if ('error' in spread) expectOwnError(outcome, name);
        else expect(expectJson(outcome, name), name).toBe(spread.json);
      }
    } else if (typeof v === 'string') {
      if (v === '') expectOwnError(outcome, name);
      else expect(expectJson(outcome, name), name).toContain(`{"$col":${JSON.stringify(v)}}`);
    } else if (literal === null) expectOwnError(outcome, name);
    else expect(expectJson(outcome, name), name).toBe(withLiteral(build, literal));
  }
  for (const [name, build] of SPECIFIER) {
    const outcome = run(() => build(v));
    const spec = specOf(v);
    if (spec === null) expectOwnError(outcome, name);
    else expect(expectJson(outcome, name), name).toBe(withLiteral(build, spec, SENTINEL));
  }
  for (const [name, build] of NEVER) expectOwnError(run(() => build(v)), name);
  // SELECT action options: rows a whole number of at least 1, the flags true or false; nothing else.
  const rows = run(() => query().options({ rows: v as never }));
  if (v === null) expect(expectJson(rows, 'rows')).toBe('{"action":"select","select":{}}');
  else if (typeof v === 'number' && Number.isInteger(v) && v >= 1 && checkNumber(String(v)).ok) expect(expectJson(rows, 'rows')).toBe(`{"action":"select","select":{},"rows":${v}}`);
  else expectOwnError(rows, 'rows');
  const options = run(() => query().options(v as never));
  if (typeof v === 'object' && v !== null && !Array.isArray(v) && 'error' in options === false) {
    // Only { rows, useStrings, echo } with valid values gets through: an OPTIONS (...) action, nothing else.
    expect(Object.keys(v).every((k) => ['rows', 'useStrings', 'echo'].includes(k))).toBe(true);
    expect(expectJson(options, '.options()')).toMatch(/^\{"action":"select","select":\{\}(,"rows":\d+)?(,"use_strings":(true|false))?(,"echo":(true|false))?\}$/);
  } else expectOwnError(options, '.options()');
  const echo = run(() => query().options({ echo: v as never }));
  if (typeof v === 'boolean') expect(expectJson(echo, 'echo')).toBe(`{"action":"select","select":{},"echo":${v}}`);
  else if (v === null) expectJson(echo, 'echo');
  else expectOwnError(echo, 'echo');
}

// ---------------------------------------------------------------------------------------
// Hostile values

const KINDS = Object.keys(CHILD_KEYS);
const FIELDS = [...new Set(Object.values(NODE_FIELDS).flatMap((f) => Object.keys(f)))];

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
  fc.constantFrom<unknown>({ kind: 'column', path: 'password' }, { kind: 'number', value: '1 OR 1 = 1' }, { kind: 'string', value: {} }, '', -0, 1e21, 2 ** 63, 0.1, 'x'),
  arbNode,
  nodeShaped,
  selfReferencing,
  selfArray,
  fc.array(fc.oneof(fc.jsonValue({ maxDepth: 1 }), nodeShaped, arbNode), { maxLength: 4 }),
);

describe('values never become syntax', () => {
  it('any JSON value or node-shaped object, in every value position: an own error, or that value as a literal only (2,000 runs)', () => {
    fc.assert(fc.property(hostileValue, checkValue), { numRuns: 2000 });
  });

  it('the cases the issue names', () => {
    checkValue({ kind: 'column', path: 'password' });
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
