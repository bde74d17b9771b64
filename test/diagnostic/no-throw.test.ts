import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DsqError, hasErrors, type Diagnostic, type Result } from '../../src/diagnostic/index.js';
import {
  compile,
  compileResult,
  decompile,
  decompileResult,
  format,
  formatResult,
  parse,
  parseConfig,
  parseConfigResult,
  parseExpression,
  parseExpressionResult,
  parseResult,
  parseStatements,
  parseStatementsResult,
  print,
  readSchema,
  readSchemaResult,
} from '../../src/index.js';
import {
  fromJson,
  fromJsonExpression,
  fromJsonExpressionResult,
  fromJsonResult,
  readJsValue,
  readJsValueResult,
  readSpecJson,
  readSpecJsonResult,
  toJson,
} from '../../src/json/index.js';
import { arbExpr, arbStatement } from '../fixtures/arbitraries.js';
import { runs } from '../helpers/runs.js';

/**
 * Errors as data (issue 13): every entry point that can fail has a `...Result` form that never
 * throws, whatever the input, and gives every diagnostic; the throwing form is a thin wrapper
 * that throws a DsqError (with all the diagnostics) exactly when one of them is an error.
 */

interface Pair {
  readonly name: string;
  readonly result: (input: string) => Result<unknown>;
  readonly thrower: (input: string) => unknown;
}

const TEXT_PAIRS: readonly Pair[] = [
  { name: 'parse', result: (t) => parseResult(t), thrower: (t) => parse(t) },
  { name: 'parseStatements', result: (t) => parseStatementsResult(t), thrower: (t) => parseStatements(t) },
  { name: 'parseExpression', result: (t) => parseExpressionResult(t), thrower: (t) => parseExpression(t) },
  { name: 'compile', result: (t) => compileResult(t), thrower: (t) => compile(t) },
  { name: 'format', result: (t) => formatResult(t), thrower: (t) => format(t) },
];

const JSON_PAIRS: readonly Pair[] = [
  { name: 'readSpecJson', result: (t) => readSpecJsonResult(t), thrower: (t) => readSpecJson(t) },
  { name: 'readSpecJson strict', result: (t) => readSpecJsonResult(t, { strict: true }), thrower: (t) => readSpecJson(t, { strict: true }) },
  { name: 'fromJson', result: (t) => fromJsonResult(t), thrower: (t) => fromJson(t) },
  { name: 'fromJsonExpression', result: (t) => fromJsonExpressionResult(t), thrower: (t) => fromJsonExpression(t) },
  { name: 'decompile', result: (t) => decompileResult(t), thrower: (t) => decompile(t) },
  { name: 'decompile expr', result: (t) => decompileResult(t, { expr: true }), thrower: (t) => decompile(t, { expr: true }) },
  { name: 'readSchema', result: (t) => readSchemaResult(t), thrower: (t) => readSchema(t) },
  { name: 'parseConfig', result: (t) => parseConfigResult(t, '/p/dsq.config.json'), thrower: (t) => parseConfig(t, '/p/dsq.config.json') },
];

/** The value form of a JS input (the same JSON, not text). */
const JS_PAIRS: readonly { name: string; result: (v: unknown) => Result<unknown>; thrower: (v: unknown) => unknown }[] = [
  { name: 'readJsValue', result: readJsValueResult, thrower: readJsValue },
  { name: 'fromJson (value)', result: fromJsonResult, thrower: fromJson },
  { name: 'fromJsonExpression (value)', result: fromJsonExpressionResult, thrower: fromJsonExpression },
  { name: 'decompile (value)', result: (v) => decompileResult(v), thrower: (v) => decompile(v) },
];

/** The contract, checked for one input: no throw; value exactly without errors; diagnostics well-formed; the wrapper agrees. */
function holds<I>(pair: { name: string; result: (i: I) => Result<unknown>; thrower: (i: I) => unknown }, input: I): void {
  let result: Result<unknown>;
  try {
    result = pair.result(input);
  } catch (err) {
    throw new Error(`${pair.name}Result threw on ${JSON.stringify(String(input)).slice(0, 200)}: ${String(err)}`);
  }
  const errors = hasErrors(result.diagnostics);
  expect(result.value === undefined, `${pair.name}: value present exactly without errors`).toBe(errors);
  for (const d of result.diagnostics) wellFormed(d, pair.name);
  let thrown: unknown = null;
  let value: unknown;
  try {
    value = pair.thrower(input);
  } catch (err) {
    thrown = err;
  }
  if (errors) {
    expect(thrown, `${pair.name} throws when there is an error`).toBeInstanceOf(DsqError);
    // With every diagnostic, not only the first.
    expect((thrown as DsqError).diagnostics).toEqual(result.diagnostics);
  } else {
    expect(thrown, `${pair.name} does not throw without errors`).toBeNull();
    expect(value).toEqual(result.value);
  }
}

function wellFormed(d: Diagnostic, name: string): void {
  expect(typeof d.code, name).toBe('string');
  expect(d.code, name).toMatch(/^[a-z]+\/[a-z0-9-]+$/);
  expect(['error', 'warning', 'info']).toContain(d.severity);
  expect(d.message.length, name).toBeGreaterThan(0);
  if (d.span) {
    expect(d.span.line).toBeGreaterThanOrEqual(1);
    expect(d.span.column).toBeGreaterThanOrEqual(1);
    expect(d.span.end).toBeGreaterThanOrEqual(d.span.start);
  }
  if (d.pointer !== undefined && d.pointer !== '') expect(d.pointer.startsWith('/'), name).toBe(true);
}

/** A valid document with one random edit: a character cut, inserted or replaced, or a slice repeated. */
function mutated(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(
      valid,
      fc.nat(),
      fc.constantFrom('cut', 'insert', 'replace', 'repeat'),
      fc.constantFrom(...'{}[],:"\\ 0-1e.aZ$/;()\'\n'.split(''), 'undefined', 'NaN', '1e999', '"A":1,'),
    )
    .map(([text, n, how, ch]) => {
      const i = text.length === 0 ? 0 : n % text.length;
      switch (how) {
        case 'cut':
          return text.slice(0, i) + text.slice(i + 1);
        case 'insert':
          return text.slice(0, i) + ch + text.slice(i);
        case 'replace':
          return text.slice(0, i) + ch + text.slice(i + 1);
        default:
          return text.slice(0, i) + text.slice(i, i + 1 + (n % 7)) + text.slice(i);
      }
    });
}

const statementJson = arbStatement.map((s) => toJson(s));
const expressionJson = arbExpr.map((e) => toJson(e));
const statementText = arbStatement.map((s) => print(s));
/** Any JSON, also with keys that differ only by case (duplicates under the spec's rules). */
const anyJson = fc.tuple(fc.jsonValue({ maxDepth: 4 }), fc.nat()).map(([v, seed]) => {
  let i = seed;
  return JSON.stringify(v).replace(/"([a-z])"/g, (m, c: string) => (i++ % 3 === 0 ? `"${c.toUpperCase()}"` : m));
});

describe('no-throw entry points: never throw, and the throwing form throws exactly when there is an error', () => {
  for (const pair of TEXT_PAIRS) {
    it(`${pair.name}: random strings, printed statements and their mutations (200 runs each)`, () => {
      fc.assert(
        fc.property(fc.string({ maxLength: 60 }), (t) => holds(pair, t)),
        { numRuns: runs(200) },
      );
      fc.assert(
        fc.property(fc.oneof(statementText, mutated(statementText)), (t) => holds(pair, t)),
        { numRuns: runs(200) },
      );
    });
  }

  for (const pair of JSON_PAIRS) {
    it(`${pair.name}: random strings, random JSON, statements' JSON and their mutations (200 runs each)`, () => {
      fc.assert(
        fc.property(fc.string({ maxLength: 60 }), (t) => holds(pair, t)),
        { numRuns: runs(200) },
      );
      fc.assert(
        fc.property(anyJson, (t) => holds(pair, t)),
        { numRuns: runs(200) },
      );
      fc.assert(
        fc.property(fc.oneof(statementJson, expressionJson, mutated(statementJson), mutated(expressionJson)), (t) => holds(pair, t)),
        { numRuns: runs(200) },
      );
    });
  }

  for (const pair of JS_PAIRS) {
    it(`${pair.name}: any JS value, hostile ones included (200 runs)`, () => {
      const hostile = fc.constantFrom<unknown>(() => 1, Symbol('s'), new Map(), new Date(0), 2 ** 60, Number.NaN, -Infinity, 10n ** 30n, Object.create(null));
      const anything = fc.oneof(
        fc.anything({ maxDepth: 3, withBigInt: true, withNullPrototype: true }),
        hostile,
        statementJson.map((t) => JSON.parse(t) as unknown),
      );
      fc.assert(
        fc.property(anything, (v) => holds(pair, v)),
        { numRuns: runs(200) },
      );
      const cyclic: Record<string, unknown> = { from: 't' };
      cyclic.where = { $and: [cyclic] };
      holds(pair, cyclic);
    });
  }

  it('a valid document gives its value and no error (the round trip of the arbitraries, 200 runs)', () => {
    fc.assert(
      fc.property(arbStatement, (s) => {
        const json = toJson(s);
        expect(fromJsonResult(json)).toEqual({ value: s, diagnostics: [] });
        const text = decompileResult(json);
        expect(text.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
        expect(parseStatementsResult(text.value as string).value).toEqual([s]);
      }),
      { numRuns: runs(200) },
    );
  });
});
