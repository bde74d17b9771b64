import type { Diagnostic } from '../diagnostic/diagnostic.js';
import { resultOf, valueOrThrow, type Result } from '../diagnostic/result.js';
import { TextReader } from './text-reader.js';
import type { JsonValue } from './value.js';

/**
 * Reads JSON text under the spec's JSON rules:
 * 1. an empty string is null (and not allowed as a key);
 * 2-4. keys are trimmed, inner white-space runs folded to one space and compared
 *    case-insensitively; keys equal after that are duplicates, an error;
 * 5. a trailing comma after the last item of an array or object is accepted;
 * 6. numbers are kept as exact text: whole numbers (also `1.0`, `1e3`) must fit in signed
 *    64 bits, others in float64;
 * 7. the literal `undefined` is accepted; a member whose value is undefined is absent.
 * Every value gets its span and pointer. The reader is iterative: any nesting depth reads
 * without growing the call stack. Throws a `DsqError` with every diagnostic found (code
 * `json/...`); `readSpecJsonResult` gives them without throwing.
 */
export function readSpecJson(text: string, options: JsonReadOptions = {}): JsonValue {
  return valueOrThrow(readSpecJsonResult(text, options), text);
}

export interface JsonReadOptions {
  /**
   * Strict JSON (RFC 8259) instead of the spec's extensions: no trailing comma, no `undefined`.
   * For files that other tools read too (dsq.config.json). The key rules stay.
   */
  readonly strict?: boolean;
}

/**
 * `readSpecJson` without throwing: every problem of the text, each with its JSON pointer and
 * line:column; the value when there is none. Never throws.
 */
export function readSpecJsonResult(text: string, options: JsonReadOptions = {}): Result<JsonValue> {
  const read = readJsonText(text, options);
  return resultOf(read.diagnostics, () => read.value as JsonValue);
}

/** What the text reader found: the value as far as it could be read, every problem, and the pointers of the values reported bad. */
export interface JsonTextRead {
  /** Absent only when the text's structure is broken (an unclosed string or bracket, a missing comma). */
  readonly value?: JsonValue;
  readonly diagnostics: readonly Diagnostic[];
  /** Pointers of bad values (read as null) and dropped members: checks after reading skip them. */
  readonly bad: ReadonlySet<string>;
}

/**
 * The reader behind `readSpecJsonResult`. Where reading can go on soundly it does, so one pass
 * reports every problem: a duplicate or empty key (the member is dropped), a number out of
 * range or not in JSON's number syntax and a bare word (`NaN`, `tru`) (read as null), a raw
 * control character or bad escape in a string (reported, the string read on). The value is
 * given even then, for the readers after this one (src/json/from-json.ts) to report more.
 */
export function readJsonText(text: string, options: JsonReadOptions = {}): JsonTextRead {
  const reader = new TextReader(text, options.strict === true);
  const value = reader.read();
  return { ...(value !== undefined ? { value } : {}), diagnostics: reader.diagnostics, bad: reader.badPointers };
}
