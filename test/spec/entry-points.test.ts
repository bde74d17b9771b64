import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Statement } from '../../src/ast/index.js';
import { fromAst } from '../../src/builder/index.js';
import { DsqError } from '../../src/diagnostic/index.js';
import { fromJson, toJson } from '../../src/json/index.js';
import { print } from '../../src/print/index.js';
import { checkTree } from '../../src/spec/check.js';
import { parse } from '../../src/syntax/index.js';
import { arbInvalidStatement, arbStatement } from '../fixtures/arbitraries.js';
import { runs, timeLimit } from '../helpers/runs.js';

/**
 * Issue 11, "One answer per question": "for every tree t accepted by any entry point,
 * fromJson(toJson(t)), parse(print(t)) and the builder's fromAst(t) accept it and give t; for
 * every tree rejected by one, all reject it". The writers (toJson, print) only carry the tree
 * to each reader; the readers are the entry points, and each runs the one spec check
 * (src/spec/check.ts).
 */

type Outcome = { ok: true; tree: Statement } | { ok: false; code: string; message: string };

function attempt(read: () => Statement): Outcome {
  try {
    return { ok: true, tree: read() };
  } catch (err) {
    if (!(err instanceof DsqError)) throw err;
    return { ok: false, code: err.first.code, message: err.first.message };
  }
}

function outcomes(t: Statement): Record<string, Outcome> {
  return {
    'fromJson(toJson(t)) short': attempt(() => fromJson(toJson(t))),
    'fromJson(toJson(t)) full': attempt(() => fromJson(toJson(t, { form: 'full' }))),
    'parse(print(t))': attempt(() => parse(print(t))),
    'fromAst(t)': attempt(() => fromAst(t).toAst()),
  };
}

const arbAny = fc.oneof({ weight: 1, arbitrary: arbStatement }, { weight: 1, arbitrary: arbInvalidStatement });

describe('every entry point gives one answer (issue 11)', () => {
  it('"accepted by any entry point ... all accept it and give t; rejected by one, all reject it" (2,500 runs)', { timeout: timeLimit(300_000) }, () => {
    let accepted = 0;
    let rejected = 0;
    fc.assert(
      fc.property(arbAny, (t) => {
        const valid = checkTree(t).length === 0;
        const results = outcomes(t);
        for (const [entry, r] of Object.entries(results)) {
          // (isDeepStrictEqual first: expect's deep equality is slow on 2,500 trees.)
          if (valid) {
            if (!(r.ok && isDeepStrictEqual(r.tree, t))) expect(r, entry).toEqual({ ok: true, tree: t });
          } else if (r.ok) {
            // A writer may carry an invalid tree as a different, valid one ('' is null in JSON
            // and in dsq text): never as t itself, and never as a tree the check rejects.
            expect(isDeepStrictEqual(r.tree, t), entry).toBe(false);
            expect(checkTree(r.tree), entry).toEqual([]);
          }
        }
        if (valid) accepted++;
        else {
          rejected++;
          // The builder reads t itself: it rejects it with the check's first problem.
          const builder = results['fromAst(t)'] as Outcome;
          expect(builder.ok).toBe(false);
          const first = checkTree(t)[0];
          expect(builder).toMatchObject({ code: first?.code, message: first?.message });
          // Where another entry point rejects by the same rule, it says the same thing.
          for (const [entry, r] of Object.entries(results)) {
            if (!r.ok && r.code === first?.code) expect(r.message, entry).toBe(first.message);
          }
        }
      }),
      { numRuns: runs(2500) },
    );
    expect(accepted).toBeGreaterThan(runs(800));
    expect(rejected).toBeGreaterThan(runs(800));
  });
});
