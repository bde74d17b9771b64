import { describe, expect, it } from 'vitest';
import { DsqError } from '../../src/diagnostic/diagnostic.js';
import { lint } from '../../src/lint/lint.js';

const TEXT = "SELECT a FROM t WHERE b IN () AND c = NULL AND lower(d) = 'x'";
const codes = (rules: Record<string, unknown>) => lint(TEXT, { rules: rules as never }).diagnostics.map((d) => `${d.code}:${d.severity}`);

describe('rules configuration', () => {
  it('runs every rule at its default severity without configuration', () => {
    expect(codes({})).toEqual(['empty-in-list:warning', 'null-comparison:error', 'unknown-function:error']);
  });

  it('turns rules off and changes severities', () => {
    expect(codes({ 'empty-in-list': 'off', 'null-comparison': 'warning' })).toEqual(['null-comparison:warning', 'unknown-function:error']);
    expect(codes({ 'empty-in-list': ['error', {}] })).toEqual(['empty-in-list:error', 'null-comparison:error', 'unknown-function:error']);
  });

  it('passes options to the rule', () => {
    expect(codes({ 'unknown-function': ['error', { allow: ['LOWER'] }] })).toEqual(['empty-in-list:warning', 'null-comparison:error']);
  });

  it('rejects unknown rule ids (with a suggestion), bad severities and bad options, all at once', () => {
    let error: unknown;
    try {
      codes({ 'empty-in-lists': 'off', 'null-comparison': 'loud', 'unknown-function': ['error', { allow: 'LOWER', deny: [] }] });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DsqError);
    const messages = (error as DsqError).diagnostics.map((d) => d.message);
    expect(messages).toHaveLength(4);
    expect(messages[0]).toContain('Unknown lint rule "empty-in-lists"');
    expect(messages[0]).toContain('(did you mean "empty-in-list"?)');
    expect(messages[1]).toContain('"null-comparison"');
    expect(messages.join('\n')).toContain('option "allow" must be an array of strings');
    expect(messages.join('\n')).toContain('has no option "deny"');
  });
});
