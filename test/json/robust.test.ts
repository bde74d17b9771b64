import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DsqError } from '../../src/diagnostic/index.js';
import { fromJson, fromJsonExpression } from '../../src/json/from-json.js';
import { normaliseKey, type JsonValue } from '../../src/json/value.js';
import { readSpecJson } from '../../src/json/read-text.js';
import { toJson } from '../../src/json/to-json.js';
import { arbStatement } from '../fixtures/arbitraries.js';
import { runs } from '../helpers/runs.js';

/** What standard JSON reads as under the spec's rules: "" is null, keys normalised, numbers as JS numbers. */
function specView(v: JsonValue): unknown {
  switch (v.type) {
    case 'null':
    case 'undefined':
      return null;
    case 'boolean':
    case 'string':
      return v.value;
    case 'number':
      return Number(v.text);
    case 'array':
      return v.items.map(specView);
    case 'object':
      return Object.fromEntries(v.members.map((m) => [m.key, specView(m.value)]));
  }
}

function expected(v: unknown): unknown {
  if (v === '' || v === null) return null;
  if (Array.isArray(v)) return v.map(expected);
  if (typeof v === 'object') return Object.fromEntries(Object.entries(v as object).map(([k, x]) => [normaliseKey(k), expected(x)]));
  return v;
}

const expectDsqError = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    if (!(err instanceof DsqError)) throw err;
    expect(err.diagnostics[0]?.code).toMatch(/^json\//);
  }
};

describe('robustness', () => {
  it('standard JSON reads as JSON.parse does, or fails with a DsqError (key clashes, 64-bit range)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        let read: JsonValue;
        try {
          read = readSpecJson(text);
        } catch (err) {
          expect(err).toBeInstanceOf(DsqError);
          expect(['json/duplicate-key', 'json/empty-key', 'json/number-range']).toContain((err as DsqError).first.code);
          return;
        }
        expect(specView(read)).toEqual(expected(JSON.parse(text)));
      }),
      { numRuns: runs(1000) },
    );
  });

  it('any text: a value or a DsqError, never another exception', () => {
    const jsonish = fc.string({ unit: fc.constantFrom(...'{}[],:"\\ tn1-.eE0u$a'.split('')), maxLength: 40 });
    fc.assert(
      fc.property(fc.oneof(fc.string(), jsonish), (text) => {
        expectDsqError(() => readSpecJson(text));
        expectDsqError(() => fromJson(text));
        expectDsqError(() => fromJsonExpression(text));
      }),
      { numRuns: runs(2000) },
    );
  });

  it('any JSON value as a statement or an expression: an AST or a DsqError', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expectDsqError(() => fromJson(value));
        expectDsqError(() => fromJsonExpression(value));
      }),
      { numRuns: runs(1000) },
    );
  });

  it('a valid statement with one character cut out: an AST or a DsqError with a span inside the text', () => {
    fc.assert(
      fc.property(arbStatement, fc.nat(), (statement, cut) => {
        const text = toJson(statement, { indent: 1 });
        const at = cut % text.length;
        const broken = text.slice(0, at) + text.slice(at + 1);
        try {
          fromJson(broken);
        } catch (err) {
          expect(err).toBeInstanceOf(DsqError);
          const span = (err as DsqError).first.span;
          expect(span).toBeDefined();
          expect(span?.start).toBeLessThanOrEqual(broken.length);
        }
      }),
      { numRuns: runs(1000) },
    );
  });
});
