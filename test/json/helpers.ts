import { expect } from 'vitest';
import { DsqError, type Diagnostic } from '../../src/diagnostic/index.js';

/** Runs `f`, expects a DsqError, returns its first diagnostic (and checks the headline form). */
export function rejection(f: () => unknown): Diagnostic & { headline: string } {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(DsqError);
    const e = err as DsqError;
    expect(e.diagnostics.length).toBeGreaterThan(0);
    return { ...e.first, headline: e.message.split('\n')[0] as string };
  }
  throw new Error('expected a DsqError, but nothing was thrown');
}

/** `line:col` of a diagnostic's span. */
export const at = (d: Diagnostic) => (d.span ? `${d.span.line}:${d.span.column}` : null);
