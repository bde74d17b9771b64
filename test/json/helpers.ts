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

/** Deep equality of plain data without recursion (vitest's toEqual recurses, and overflows on 50,000-deep trees). */
export function sameTree(a: unknown, b: unknown): boolean {
  const stack: [unknown, unknown][] = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop() as [unknown, unknown];
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    const kx = Object.keys(x);
    const ky = Object.keys(y);
    if (kx.length !== ky.length) return false;
    for (const k of kx) {
      if (!Object.hasOwn(y, k)) return false;
      stack.push([(x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k]]);
    }
  }
  return true;
}
