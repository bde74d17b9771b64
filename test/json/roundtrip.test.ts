import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromJson, fromJsonExpression, toJson } from '../../src/json/index.js';
import { arbExpr, arbStatement } from '../fixtures/arbitraries.js';
import { runs } from '../helpers/runs.js';

describe('toJson → fromJson round trip', () => {
  for (const form of ['short', 'full'] as const) {
    it(`statements, ${form} form (2,000 runs)`, () => {
      fc.assert(
        fc.property(arbStatement, (statement) => {
          expect(fromJson(toJson(statement, { form }))).toEqual(statement);
        }),
        { numRuns: runs(2000) },
      );
    });

    it(`expressions, ${form} form (2,000 runs)`, () => {
      fc.assert(
        fc.property(arbExpr, (expr) => {
          expect(fromJsonExpression(toJson(expr, { form }))).toEqual(expr);
        }),
        { numRuns: runs(2000) },
      );
    });

    it(`statements through pretty-printed text, ${form} form`, () => {
      fc.assert(
        fc.property(arbStatement, fc.integer({ min: 1, max: 4 }), (statement, indent) => {
          const text = toJson(statement, { form, indent });
          expect(fromJson(text)).toEqual(statement);
          expect(JSON.parse(text)).toEqual(JSON.parse(toJson(statement, { form })));
        }),
        { numRuns: runs(300) },
      );
    });
  }

  it('writes standard JSON that JSON.parse accepts', () => {
    fc.assert(
      fc.property(arbStatement, (statement) => {
        JSON.parse(toJson(statement));
        JSON.parse(toJson(statement, { form: 'full', indent: 2 }));
      }),
      { numRuns: runs(500) },
    );
  });
});
