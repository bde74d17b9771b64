import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Expr, Select } from '../../src/ast/index.js';
import { DsqError } from '../../src/diagnostic/index.js';
import { toJson } from '../../src/json/index.js';
import { print } from '../../src/print/index.js';
import { textDepth } from '../../src/print/operands.js';
import { DEFAULT_MAX_DEPTH, parse, parseExpression } from '../../src/syntax/index.js';
import { arbDeepExpr, arbSelect, DEEP_KINDS } from '../fixtures/arbitraries.js';
import { runCli } from '../helpers/cli.js';
import { expectSameTree } from '../helpers/trees.js';
import { runs } from '../helpers/runs.js';

/** The nesting error of a text too deep, or null when it parsed to `expected`. */
function readBack(text: string, expected: Expr, maxDepth?: number): string | null {
  try {
    expectSameTree(parseExpression(text, maxDepth === undefined ? {} : { maxDepth }), expected);
    return null;
  } catch (err) {
    if (!(err instanceof DsqError)) throw err;
    expect(err.diagnostics).toHaveLength(1);
    expect(err.first.code).toBe('syntax/nesting-too-deep');
    return err.first.message;
  }
}

/**
 * Every tree has a text form up to the limit: the printed text of a tree `textDepth` levels
 * deep reads back to the tree with `maxDepth: textDepth` and not with one less, so the printer,
 * the parser and decompile's check agree on every tree, at every depth.
 */
function holdsAtEveryDepth(e: Expr): void {
  const depth = textDepth(e);
  const text = print(e);
  if (depth <= DEFAULT_MAX_DEPTH) expect(readBack(text, e)).toBeNull();
  else expect(readBack(text, e)).toBe(`nesting deeper than ${DEFAULT_MAX_DEPTH} levels`);
  expect(readBack(text, e, depth)).toBeNull();
  if (depth > 0) expect(readBack(text, e, depth - 1)).toBe(`nesting deeper than ${depth - 1} levels`);
}

describe('parse(print(t)) = t for trees up to the limit, and the limit is exact', () => {
  it('random deep trees of every nesting construct, up to 1,300 levels', () => {
    fc.assert(fc.property(arbDeepExpr({ maxLevels: 1300 }), holdsAtEveryDepth), { numRuns: runs(25) });
  });

  it.each(DEEP_KINDS)('%s nested 900 to 1,100 times', (kind) => {
    fc.assert(fc.property(arbDeepExpr({ kind, minLevels: 900, maxLevels: 1100 }), holdsAtEveryDepth), { numRuns: runs(1) });
  });

  it('deep trees inside every clause of a statement', () => {
    fc.assert(
      fc.property(arbSelect, arbDeepExpr({ maxLevels: 300 }), fc.nat({ max: 4 }), (sel, deep, clause) => {
        const parts: Partial<Select>[] = [
          { where: deep },
          { having: deep },
          { limit: deep },
          { columns: [{ kind: 'result_column', e: deep, alias: null }] },
          { group: [deep] },
        ];
        const statement: Select = { ...sel, ...parts[clause] };
        const depth = textDepth(statement);
        const text = print(statement);
        if (depth <= DEFAULT_MAX_DEPTH) expectSameTree(parse(text), statement);
        else expect(() => parse(text)).toThrow(`nesting deeper than ${DEFAULT_MAX_DEPTH} levels`);
      }),
      { numRuns: runs(20) },
    );
  });
});

describe('dsq decompile: a text form or "no text form", never text that cannot be read back', () => {
  it('prints what parses back up to the limit, and refuses beyond it; normalize reads both', async () => {
    await fc.assert(
      fc.asyncProperty(arbDeepExpr({ minLevels: 500, maxLevels: 1300 }), async (e) => {
        const json = toJson(e);
        const run = await runCli(['decompile', '--expr', '-'], { stdin: json });
        if (textDepth(e) <= DEFAULT_MAX_DEPTH) {
          expect(run.code).toBe(0);
          expectSameTree(parseExpression(run.out), e);
        } else {
          expect(run.code).toBe(1);
          expect(run.out).toBe('');
          expect(run.err).toContain(`error: nesting deeper than ${DEFAULT_MAX_DEPTH} levels: no text form`);
        }
        expect((await runCli(['normalize', '--expr', '-'], { stdin: json })).code).toBe(0);
      }),
      { numRuns: runs(8) },
    );
  });

  it('1,000 nested $not decompile; 1,001 are no text form, at the statement, with a hint', async () => {
    const where = (n: number) => {
      let e: unknown = { $col: 'x' };
      for (let i = 0; i < n; i++) e = { $not: e };
      return { where: e };
    };
    const nots = (n: number) => JSON.stringify([{ from: 't' }, where(n)]);
    const ok = await runCli(['decompile', '-'], { stdin: nots(1000) });
    expect(ok.code).toBe(0);
    expect(ok.out).toContain(`${'NOT '.repeat(1000)}x`);
    const deep = await runCli(['decompile', '-'], { stdin: nots(1001) });
    expect(deep.code).toBe(1);
    expect(deep.out).toBe('');
    expect(deep.err).toMatch(/^<stdin>:1:15: error: nesting deeper than 1000 levels: no text form at \/1\n/);
    expect(deep.err).toContain('hint: dsq text nests at most 1000 levels');
    expect((await runCli(['normalize', '-'], { stdin: JSON.stringify(where(1001)) })).code).toBe(0);
  });
});
