import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixText, lint, lintStatements } from '../../src/lint/lint.js';
import { print } from '../../src/print/index.js';
import { parseDocument, parseStatements } from '../../src/syntax/index.js';
import { compile, decompile } from '../../src/index.js';
import { toJson, toJsonArray } from '../../src/json/index.js';
import { arbStatement } from '../fixtures/arbitraries.js';
import { arbAction } from '../fixtures/action-arbitraries.js';
import { commentRandomly } from '../print/comment-facts.js';
import { SCHEMA } from './helpers.js';
import { runs } from '../helpers/runs.js';

describe('lint on deep and wide input', () => {
  it('walks a 50,000-term AND chain without overflowing', () => {
    const terms = Array.from({ length: 50_000 }, (_, i) => `${i % 2 ? 'amount' : 'o.id'} = ${i}`);
    const text = `SELECT customer FROM sales.orders o WHERE ${terms.join(' AND ')} AND region = NULL`;
    const r = lint(text, { schema: SCHEMA });
    expect(r.diagnostics.map((d) => d.code)).toEqual(['null-comparison']);
  });

  it('walks a 100,000-value IN list', () => {
    const values = Array.from({ length: 100_000 }, (_, i) => String(i));
    const r = lint(`SELECT a, COUNT(*) FROM t WHERE b IN (${values.join(', ')}) GROUP BY a`);
    expect(r.diagnostics).toEqual([]);
  });

  it('reports the nesting limit as a syntax error, not a crash', () => {
    const r = lint(`SELECT ${'('.repeat(100_000)}1${')'.repeat(100_000)} FROM t`);
    expect(r.diagnostics.length).toBeGreaterThan(0);
    expect(r.diagnostics.every((d) => d.code === 'syntax-error')).toBe(true);
  });
});

const TOKENS = [
  'SELECT',
  'FROM',
  'WHERE',
  'GROUP',
  'BY',
  'HAVING',
  'ORDER',
  'LIMIT',
  'OFFSET',
  'AS',
  'AND',
  'OR',
  'NOT',
  'IN',
  'BETWEEN',
  'LIKE',
  'REGEXP',
  'IS',
  'NULL',
  "''",
  "'a%'",
  "'(x'",
  '=',
  '!=',
  '<>',
  '(',
  ')',
  ',',
  ';',
  '*',
  '-1',
  '2.5',
  'a',
  'b',
  'o.c',
  'SUM(',
  'COUNT(*)',
  'ALIAS(',
  "DATETIME '2024-01-01T10:00'",
  '-- dsq-disable-next-line',
  '/* dsq-disable */',
  '\n',
  'sales.orders',
];

describe('lint on any token soup (fast-check)', () => {
  it('never throws and keeps every span inside the text', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }), (tokens) => {
        const text = tokens.join(' ');
        const r = lint(text, { schema: SCHEMA });
        for (const d of r.diagnostics) {
          expect(d.span.start).toBeGreaterThanOrEqual(0);
          expect(d.span.end).toBeLessThanOrEqual(text.length);
        }
        fixText(text);
      }),
      { numRuns: runs(500) },
    );
  });
});

describe('lint on every valid AST (fast-check)', () => {
  it('never throws, on ASTs and on their printed text, with and without a schema', () => {
    fc.assert(
      fc.property(arbStatement, (statement) => {
        lintStatements([statement]);
        lintStatements([statement], { schema: SCHEMA });
        const text = print(statement);
        const r = lint(text, { schema: SCHEMA });
        expect(r.syntaxErrors).toBe(false);
        for (const d of r.diagnostics) {
          expect(d.span.start).toBeGreaterThanOrEqual(0);
          expect(d.span.end).toBeLessThanOrEqual(text.length);
        }
      }),
      { numRuns: runs(300) },
    );
  });

  it('fixes keep the text parseable, leave no fixable finding behind, and are idempotent', () => {
    fc.assert(
      fc.property(arbStatement, (statement) => {
        const text = print(statement);
        const fixed = fixText(text);
        // No errors (a compared column with spaces prints quoted and draws the quoted-text warning).
        expect(parseDocument(fixed.text).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
        expect(fixed.result.fixableCount).toBe(0);
        expect(fixText(fixed.text).text).toBe(fixed.text);
      }),
      { numRuns: runs(300) },
    );
  });
});

describe('lint --fix on statements and data actions with comments (fast-check)', () => {
  const commented = fc
    .tuple(
      fc.array(fc.oneof(arbStatement, arbAction), { minLength: 1, maxLength: 3 }),
      fc.integer(),
      fc.double({ min: 0, max: 0.6, noNaN: true }),
      fc.boolean(),
    )
    .map(([ss, seed, density, lower]) => commentRandomly(ss.map((s) => print(s, { keywordCase: lower ? 'lower' : 'upper' })).join(';\n'), seed, density));

  it('the fixed text parses with every comment, compiles to the JSON of its trees, decompiles and compiles back to it, and is final', () => {
    fc.assert(
      fc.property(commented, fc.boolean(), (text, withSchema) => {
        const options = withSchema ? { schema: SCHEMA } : {};
        const fixed = fixText(text, options);
        const doc = parseDocument(fixed.text);
        expect(
          doc.diagnostics.filter((d) => d.severity === 'error'),
          fixed.text,
        ).toEqual([]);
        expect(doc.comments.map((c) => c.text)).toEqual(parseDocument(text).comments.map((c) => c.text));
        expect(fixed.result.fixableCount).toBe(0);
        expect(fixText(fixed.text, options).text).toBe(fixed.text);
        const trees = parseStatements(fixed.text);
        const json = trees.length === 1 ? toJson(trees[0] as (typeof trees)[number]) : toJsonArray(trees);
        expect(compile(fixed.text)).toBe(json);
        expect(compile(decompile(json))).toBe(json);
      }),
      { numRuns: runs(100) },
    );
  });
});
