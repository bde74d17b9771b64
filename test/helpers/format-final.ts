import { expect } from 'vitest';
import { format } from '../../src/print/index.js';

/**
 * `format(text)`, checked to be `expected` (when given) and final: formatting it again changes
 * nothing (one pass reaches the fixed point). Returns the formatted text.
 */
export function formatsTo(text: string, expected?: string): string {
  const once = format(text);
  if (expected !== undefined) expect(once, text).toBe(expected);
  expect(format(once), text).toBe(once);
  return once;
}
