import { describe, expect, it } from 'vitest';
import { applyFixes } from '../../src/lint/fix.js';
import { fixText, lint, MAX_FIX_PASSES } from '../../src/lint/lint.js';
import { RULES } from '../../src/lint/registry.js';
import type { LintDiagnostic, Rule } from '../../src/lint/rule-api.js';
import { format } from '../../src/print/index.js';

/** A test rule: reports every column named `bad`, with a fix writing `text` over it. */
const rewrite = (id: string, text: string): Rule => ({
  meta: { id, severity: 'warning', docs: { description: 'test' }, fixable: true },
  create(context) {
    return {
      column(node) {
        if (node.path !== 'bad') return;
        const span = context.spanOf(node);
        if (span) context.report({ node, message: 'bad', fix: { description: `write ${text}`, edits: [{ start: span.start, end: span.end, text }] } });
      },
    };
  },
});

describe('lint --fix converges in one run (issue 10)', () => {
  it('WHERE b <> NULL AND d != NULL: fixed in one run, nothing fixable left', () => {
    const r = fixText('SELECT a FROM t WHERE b <> NULL AND d != NULL', { format: (t) => format(t) });
    expect(r.text).toBe('SELECT a FROM t WHERE b IS NOT NULL AND d IS NOT NULL\n');
    expect(r.result.fixableCount).toBe(0);
    expect(r.result.diagnostics).toEqual([]);
    expect(r.applied).toBe(2);
  });

  it('passes go on while a pass (or the formatting after it) reveals new fixable findings', () => {
    // The formatter (here a stand-in) brings in a new `= NULL` after the first pass.
    let calls = 0;
    const tidy = (t: string) => (calls++ === 0 ? `${t.trimEnd()} AND z = NULL\n` : t);
    const r = fixText('SELECT a FROM t WHERE b = NULL', { format: tidy });
    expect(r.text).toBe('SELECT a FROM t WHERE b IS NULL AND z IS NULL\n');
    expect(r.passes).toBe(2);
    expect(r.result.fixableCount).toBe(0);
  });

  it('is bounded: fixes that keep making new findings stop after MAX_FIX_PASSES and are reported as left', () => {
    const forever = (t: string) => `${t.trimEnd()} AND z = NULL\n`;
    const r = fixText('SELECT a FROM t WHERE b = NULL', { format: forever });
    expect(r.passes).toBe(MAX_FIX_PASSES);
    expect(r.result.fixableCount).toBe(1);
  });

  it('of two fixes with clashing edits one is applied; re-linting then finds nothing left', () => {
    // Two rules fix the same column; the second's edit clashes with the first's.
    const registry = [rewrite('first', 'good'), rewrite('second', 'other')];
    const r = fixText('SELECT a FROM t WHERE bad > 1 AND bad < 2', { registry });
    expect(r.text).toBe('SELECT a FROM t WHERE good > 1 AND good < 2');
    expect(r.result.fixableCount).toBe(0);
  });
});

describe('a fix is checked before it is offered (issue 10)', () => {
  it('a fix whose text would not parse is dropped: the finding stays, not fixable', () => {
    const registry = [...RULES, rewrite('broken', 'ALIAS(order)')];
    const result = lint('SELECT a FROM t WHERE bad = 1 AND b = NULL', { registry });
    const broken = result.diagnostics.find((d) => d.code === 'broken');
    expect(broken).toBeDefined();
    expect(broken?.fix).toBeUndefined();
    // The other fix in the same statement is still offered.
    expect(result.diagnostics.find((d) => d.code === 'null-comparison')?.fix).toBeDefined();
    expect(result.fixableCount).toBe(1);
    const fixed = fixText('SELECT a FROM t WHERE bad = 1 AND b = NULL', { registry });
    expect(fixed.text).toBe('SELECT a FROM t WHERE bad = 1 AND b IS NULL');
  });

  it('finds the bad fixes among many good ones in one statement', () => {
    const conditions = Array.from({ length: 40 }, (_, i) => (i % 13 === 5 ? `bad${i} = 1` : `c${i} = NULL`));
    const text = `SELECT a FROM t WHERE ${conditions.join(' AND ').replace(/bad\d+/g, 'bad')}`;
    const registry = [...RULES, rewrite('broken', 'SELECT')];
    const result = lint(text, { registry });
    expect(result.diagnostics.filter((d) => d.code === 'broken' && d.fix)).toEqual([]);
    expect(result.diagnostics.filter((d) => d.code === 'broken')).toHaveLength(3);
    expect(result.fixableCount).toBe(37);
  });

  it('an alias named like a keyword is fixed as ALIAS("order"), which parses', () => {
    const r = fixText('SELECT a AS "order" FROM t WHERE "order" > 1');
    expect(r.text).toBe('SELECT a AS "order" FROM t WHERE ALIAS("order") > 1');
    expect(r.result.diagnostics).toEqual([]);
  });
});

describe('applyFixes', () => {
  const span = { start: 0, end: 0, line: 1, column: 1, endLine: 1, endColumn: 1 };
  const d = (edits: { start: number; end: number; text: string }[]): LintDiagnostic => ({
    code: 'x',
    severity: 'error',
    message: 'm',
    span,
    fix: { description: 'f', edits },
  });

  it('takes fixes in source order, skipping one that overlaps or inserts where another edit starts', () => {
    expect(applyFixes('abcdef', [d([{ start: 4, end: 5, text: 'Z' }]), d([{ start: 1, end: 3, text: 'X' }]), d([{ start: 2, end: 4, text: 'Y' }])])).toEqual({
      text: 'aXdZf',
      applied: 2,
    });
    expect(applyFixes('abc', [d([{ start: 1, end: 1, text: '+' }]), d([{ start: 1, end: 2, text: 'B' }])])).toEqual({ text: 'a+bc', applied: 1 });
    expect(applyFixes('abc', [d([{ start: 1, end: 2, text: 'B' }]), d([{ start: 2, end: 2, text: '+' }])])).toEqual({ text: 'aB+c', applied: 2 });
  });

  it('a fix with several edits is taken whole or not at all', () => {
    const r = applyFixes('abcdefgh', [
      d([
        { start: 0, end: 1, text: 'A' },
        { start: 6, end: 7, text: 'G' },
      ]),
      d([{ start: 6, end: 8, text: '!' }]),
      d([{ start: 3, end: 4, text: 'D' }]),
    ]);
    expect(r).toEqual({ text: 'AbcDefGh', applied: 2 });
  });

  it('applies many fixes in one go', () => {
    const text = 'x'.repeat(50_000);
    const many = Array.from({ length: 25_000 }, (_, i) => d([{ start: 2 * i, end: 2 * i + 1, text: 'y' }]));
    const r = applyFixes(text, many.reverse());
    expect(r.applied).toBe(25_000);
    expect(r.text).toBe('yx'.repeat(25_000));
  });
});
