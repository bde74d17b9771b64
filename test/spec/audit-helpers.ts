import { expect } from 'vitest';
import type { Diagnostic } from '../../src/diagnostic/index.js';
import { fromJsonExpressionResult, fromJsonResult, toJson } from '../../src/json/index.js';
import type { Node } from '../../src/ast/nodes.js';

/**
 * The spec audit's checks (test/spec/audit-*.test.ts): each case is a JSON text from the
 * spec's rules and what the spec says of it, written by hand: accepted, with its canonical
 * short and full forms, or rejected with a diagnostic code at a JSON pointer.
 */

type Read = (text: string) => { value?: unknown; diagnostics: readonly Diagnostic[] };
const readers: Record<'expr' | 'statement', Read> = { expr: fromJsonExpressionResult, statement: fromJsonResult };

/** Accepted, no error; written back in the `$` shorthand as `short` and (when given) in full form as `full`. */
export function accepts(what: 'expr' | 'statement', text: string, short: string, full?: string): void {
  const r = readers[what](text);
  expect(
    r.diagnostics.filter((d) => d.severity === 'error'),
    text,
  ).toEqual([]);
  expect(toJson(r.value as Node), text).toBe(short);
  if (full !== undefined) expect(toJson(r.value as Node, { form: 'full' }), text).toBe(full);
}

/** Rejected: among the errors, one with `code` at `pointer` (when given); returns it. */
export function rejects(what: 'expr' | 'statement', text: string, code: string, pointer?: string): Diagnostic {
  const r = readers[what](text);
  expect(r.value, text).toBeUndefined();
  const found = r.diagnostics.find((d) => d.code === code && (pointer === undefined || d.pointer === pointer));
  expect(found, `${text}: ${JSON.stringify(r.diagnostics.map((d) => [d.code, d.pointer, d.message]))}`).toBeDefined();
  return found as Diagnostic;
}

export const expr = {
  accepts: (text: string, short: string, full?: string) => accepts('expr', text, short, full),
  rejects: (text: string, code: string, pointer?: string) => rejects('expr', text, code, pointer),
};
export const stmt = {
  accepts: (text: string, short: string, full?: string) => accepts('statement', text, short, full),
  rejects: (text: string, code: string, pointer?: string) => rejects('statement', text, code, pointer),
};
