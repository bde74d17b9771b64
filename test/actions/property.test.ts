import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTree } from '../../src/spec/check.js';
import { fromJson, toJson } from '../../src/json/index.js';
import { format, print } from '../../src/print/index.js';
import { parse } from '../../src/syntax/index.js';
import { arbDataAction } from '../fixtures/action-arbitraries.js';

/** The round trips of issue 16, over every kind of data action (test/fixtures/action-arbitraries.ts). */
describe('data actions: round-trip properties', () => {
  it('the arbitraries make valid trees (the spec check finds nothing)', () => {
    fc.assert(fc.property(arbDataAction, (a) => {
        expect(checkTree(a)).toEqual([]);
      }), { numRuns: 500 });
  });

  it('text: parse(print(action)) is the action (2,000 runs)', () => {
    fc.assert(fc.property(arbDataAction, (a) => {
        expect(parse(print(a))).toEqual(a);
      }), { numRuns: 2000 });
  });

  it('JSON: fromJson(toJson(action)) is the action, short and full forms (2,000 runs)', () => {
    fc.assert(
      fc.property(arbDataAction, (a) => {
        expect(fromJson(toJson(a))).toEqual(a);
        expect(fromJson(toJson(a, { form: 'full', indent: 2 }))).toEqual(a);
      }),
      { numRuns: 2000 },
    );
  });

  it('decompile: the printed text compiles to the same JSON, and fmt is idempotent (500 runs)', () => {
    fc.assert(
      fc.property(arbDataAction, (a) => {
        const json = toJson(a);
        const text = print(fromJson(json));
        expect(toJson(parse(text))).toBe(json);
        expect(format(format(text))).toBe(format(text));
      }),
      { numRuns: 500 },
    );
  });
});
