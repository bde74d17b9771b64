import { describe, expect, it } from 'vitest';
import { applyFixes } from '../../src/lint/fix.js';
import { fixText, lint } from '../../src/lint/lint.js';
import type { LintDiagnostic } from '../../src/lint/rule-api.js';

describe('fixes', () => {
  it('= NULL becomes IS NULL and != NULL becomes IS NOT NULL', () => {
    const { text, applied, result } = fixText('SELECT a FROM t WHERE b = NULL AND c != NULL');
    expect(text).toBe('SELECT a FROM t WHERE b IS NULL AND c IS NOT NULL');
    expect(applied).toBe(2);
    expect(result.diagnostics).toEqual([]);
  });

  it('NULL on the left: NULL = x becomes NULL IS x (same meaning)', () => {
    expect(fixText('SELECT a FROM t WHERE NULL=b').text).toBe('SELECT a FROM t WHERE NULL IS b');
  });

  it('<> NULL becomes IS NOT NULL too (<> is !=)', () => {
    const { text, result } = fixText('SELECT a FROM t WHERE b <> NULL');
    expect(text).toBe('SELECT a FROM t WHERE b IS NOT NULL');
    expect(result.diagnostics).toEqual([]);
  });

  it("'' becomes NULL, and then = NULL becomes IS NULL (both in one pass: the edits do not overlap)", () => {
    const { text, result } = fixText("SELECT a FROM t WHERE b = ''");
    expect(text).toBe('SELECT a FROM t WHERE b IS NULL');
    expect(result.diagnostics).toEqual([]);
  });

  it('keeps comments between the operands', () => {
    expect(fixText('SELECT a FROM t WHERE b /* x = y */ = -- why\n NULL').text).toBe('SELECT a FROM t WHERE b /* x = y */ IS -- why\n NULL');
  });

  it('writes an explicit alias reference where a bare name in WHERE meant the alias', () => {
    expect(fixText('SELECT a * 2 AS d FROM t WHERE d > 1').text).toBe('SELECT a * 2 AS d FROM t WHERE ALIAS(d) > 1');
  });

  it('never changes a text with syntax errors', () => {
    const text = 'SELECT a FROM t WHERE b = NULL;\nSELECT FROM';
    const r = fixText(text);
    expect(r.text).toBe(text);
    expect(r.applied).toBe(0);
    expect(r.result.syntaxErrors).toBe(true);
  });

  it('applyFixes skips a fix that overlaps one already taken', () => {
    const span = { start: 0, end: 0, line: 1, column: 1, endLine: 1, endColumn: 1 };
    const d = (start: number, end: number, text: string): LintDiagnostic => ({
      code: 'x',
      severity: 'error',
      message: 'm',
      span,
      fix: { description: 'f', edits: [{ start, end, text }] },
    });
    expect(applyFixes('abcdef', [d(1, 3, 'X'), d(2, 4, 'Y'), d(4, 5, 'Z')])).toEqual({ text: 'aXdZf', applied: 2 });
  });

  it('lint reports the fix with the finding, for editors', () => {
    const [d] = lint('SELECT a FROM t WHERE b = NULL').diagnostics;
    expect(d?.fix).toEqual({ description: 'write IS', edits: [{ start: 24, end: 25, text: 'IS' }] });
  });
});
