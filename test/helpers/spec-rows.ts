import { expect } from 'vitest';
import { fromJson, fromJsonResult, toJson } from '../../src/json/index.js';
import { format, print } from '../../src/print/index.js';
import { parse, parseDocument } from '../../src/syntax/index.js';

/**
 * What the row-by-row tests of the spec's tables share (test/actions, admin, system, struct):
 * the exact JSON text of a row's expected value, the round trip a row must make, and the first
 * error of a text or a JSON document.
 */

/** Exact JSON text of an expected value: strings that are long whole numbers stay numbers. */
export function exact(value: unknown): string {
  return JSON.stringify(value, (_k, v) => (typeof v === 'string' && /^-?\d{16,}$/.test(v) ? `@@${v}@@` : v)).replace(/"@@(-?\d+)@@"/g, '$1');
}

/**
 * A row's text compiles to exactly its JSON (key order too), the JSON (compact and full form)
 * reads back to the same tree, the tree prints to text with the same JSON, the printed text is
 * what fmt makes of the row's text, and fmt is idempotent.
 */
export function expectRowRoundTrips(text: string, json: unknown): void {
  const expected = exact(json);
  const fromText = parse(text);
  expect(toJson(fromText)).toBe(expected);
  const fromJsonTree = fromJson(expected);
  expect(fromJsonTree).toEqual(fromText);
  expect(fromJson(toJson(fromText, { form: 'full', indent: 2 }))).toEqual(fromText);
  expect(toJson(parse(print(fromJsonTree)))).toBe(expected);
  expect(`${print(fromJsonTree)}\n`).toBe(format(text));
  expect(format(format(text))).toBe(format(text));
}

/** The first error of a text: code, line:column, message. */
export function textError(text: string): { code: string; at: string; message: string } {
  const d = parseDocument(text).diagnostics.find((x) => x.severity === 'error');
  if (d === undefined) throw new Error(`no error for ${text}`);
  return { code: d.code, at: d.span ? `${d.span.line}:${d.span.column}` : '?', message: d.message };
}

/** The first error of a JSON document: code, JSON pointer, message. */
export function jsonError(json: string): { code: string; at: string; message: string } {
  const d = fromJsonResult(json).diagnostics.find((x) => x.severity === 'error');
  if (d === undefined) throw new Error(`no error for ${json}`);
  return { code: d.code, at: d.pointer ?? '?', message: d.message };
}
