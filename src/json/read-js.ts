import { withArticle } from '../diagnostic/article.js';
import { checkNumber } from '../ast/numbers.js';
import type { Diagnostic } from '../diagnostic/diagnostic.js';
import { MAX_DIAGNOSTICS, resultOf, tooManyDiagnostics, valueOrThrow, type Result } from '../diagnostic/result.js';
import { jsonDiagnostic } from './error.js';
import type { JsonTextRead } from './read-text.js';
import {
  JsonArray,
  JsonBoolean,
  JsonMember,
  JsonNull,
  JsonNumber,
  JsonObject,
  JsonString,
  JsonUndefined,
  childPointer,
  foldKey,
  normaliseKey,
  type JsonContainer,
  type JsonValue,
} from './value.js';

/** Where a value goes: its parent container and its key (as written) or index there; null for the root. */
type JsonPlace = { readonly parent: JsonContainer; readonly at: string | number } | null;

/**
 * Reads an already-parsed JS value (from `JSON.parse` or written in code) under the spec's
 * JSON rules, like `readSpecJson` reads text: keys normalised and checked for duplicates,
 * `""` is null, an `undefined` member is absent. Numbers come from JS: safe integers and
 * finite floats are accepted, a bigint is exact; an integer beyond 2^53 has already lost
 * digits, so it is rejected with advice to pass the JSON text. Iterative; cycles are errors.
 * Throws a DsqError with every problem found; `readJsValueResult` gives them without throwing.
 */
export function readJsValue(input: unknown): JsonValue {
  return valueOrThrow(readJsValueResult(input));
}

/** `readJsValue` without throwing: every problem (each with its JSON pointer), the value when there is none. */
export function readJsValueResult(input: unknown): Result<JsonValue> {
  const read = readJsPartial(input);
  return resultOf(read.diagnostics, () => read.value as JsonValue);
}

/**
 * The reader behind `readJsValueResult`: it always reads on. A bad value (a function, a cycle,
 * a number beyond 2^53) is reported and read as null; a duplicate or empty key is reported
 * and its member dropped. Their pointers are in `bad`.
 */
export function readJsPartial(input: unknown): JsonTextRead & { readonly value: JsonValue } {
  type Task = { value: unknown; place: JsonPlace } | { leave: object };
  const onPath = new Set<object>();
  let root: JsonValue | null = null;
  const tasks: Task[] = [{ value: input, place: null }];
  const diagnostics: Diagnostic[] = [];
  const bad = new Set<string>();
  const pointerOf = (place: JsonPlace) => (place ? childPointer(place.parent.pointer, place.at) : '');
  /** Records a problem at a place; the caller reads the value as null or drops the member. */
  const fail = (code: string, message: string, place: JsonPlace, hint?: string): void => {
    const pointer = pointerOf(place);
    bad.add(pointer);
    if (diagnostics.length < MAX_DIAGNOSTICS) diagnostics.push(jsonDiagnostic(code, message, { pointer, span: null }, hint));
    else left++;
  };
  let left = 0;

  while (tasks.length > 0) {
    const task = tasks.pop() as Task;
    if ('leave' in task) {
      onPath.delete(task.leave);
      continue;
    }
    const { value, place } = task;
    const up = place === null ? null : place.parent;
    const at = place === null ? '' : place.at;
    let result: JsonValue;
    if (value === null) result = new JsonNull(up, at);
    else if (value === undefined) result = new JsonUndefined(up, at);
    else if (typeof value === 'boolean') result = new JsonBoolean(up, at, 0, 0, value);
    else if (typeof value === 'string') result = value === '' ? new JsonNull(up, at, 0, 0, true) : new JsonString(up, at, 0, 0, value);
    else if (typeof value === 'number') result = numberFromJs(value, place, fail);
    else if (typeof value === 'bigint') {
      const text = value.toString();
      const check = checkNumber(text);
      if (check.ok) result = new JsonNumber(up, at, 0, 0, text, true);
      else {
        fail('number-range', check.reason, place);
        result = new JsonNull(up, at);
      }
    } else if ((Array.isArray(value) || typeof value === 'object') && onPath.has(value)) {
      fail('cycle', 'the value contains itself (a cycle): it cannot be JSON', place);
      result = new JsonNull(up, at);
    } else if (Array.isArray(value)) {
      const array = new JsonArray(up, at, 0, []);
      onPath.add(value);
      tasks.push({ leave: value });
      // Items are pushed in reverse so they are read (and appended) in order.
      for (let i = value.length - 1; i >= 0; i--) tasks.push({ value: value[i], place: { parent: array, at: i } });
      result = array;
    } else if (typeof value === 'object' && isPlainObject(value)) {
      const object = new JsonObject(up, at, 0, []);
      const seen = new Map<string, string>();
      const entries = Object.entries(value);
      // Members with an empty or duplicate key are reported and dropped.
      const dropped = new Set<number>();
      entries.forEach(([rawKey], i) => {
        const keyPlace: JsonPlace = { parent: object, at: rawKey };
        if (foldKey(rawKey) === '') {
          fail('empty-key', 'an object key must not be empty', keyPlace);
          dropped.add(i);
          return;
        }
        const key = normaliseKey(rawKey);
        const first = seen.get(key);
        if (first !== undefined) {
          fail('duplicate-key', `duplicate key "${rawKey}" (the same key as "${first}" once trimmed, white space folded and case ignored)`, keyPlace);
          dropped.add(i);
          return;
        }
        seen.set(key, rawKey);
      });
      onPath.add(value);
      tasks.push({ leave: value });
      for (let i = entries.length - 1; i >= 0; i--) {
        if (dropped.has(i)) continue;
        const [rawKey, member] = entries[i] as [string, unknown];
        if (member === undefined) {
          object.addUndefined(rawKey);
          continue;
        }
        tasks.push({ value: member, place: { parent: object, at: rawKey } });
      }
      result = object;
    } else {
      const what = typeof value === 'object' ? `${withArticle(constructorName(value as object) ?? 'non-plain')} object` : withArticle(typeof value);
      fail('wrong-type', `${what} is not a JSON value`, place);
      result = new JsonNull(up, at);
    }
    attach(result, place);
    if (place === null) root = result;
  }
  if (left > 0) diagnostics.push(tooManyDiagnostics(left));
  return { value: root as JsonValue, diagnostics, bad };
}

/** The name of an object's constructor, read without running anything the object defines (no getters, no proxies' traps thrown through). */
function constructorName(value: object): string | undefined {
  try {
    const name: unknown = (value as { constructor?: { name?: unknown } }).constructor?.name;
    return typeof name === 'string' && name !== '' ? name : undefined;
  } catch {
    return undefined;
  }
}

function attach(value: JsonValue, place: JsonPlace): void {
  if (place === null) return;
  const parent = place.parent;
  if (parent.type === 'array') parent.items.push(value);
  else if (value.type !== 'undefined') {
    const rawKey = place.at as string;
    parent.add(new JsonMember(rawKey, normaliseKey(rawKey), value));
  }
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function numberFromJs(n: number, place: JsonPlace, fail: (code: string, message: string, place: JsonPlace, hint?: string) => void): JsonValue {
  const up = place === null ? null : place.parent;
  const at = place === null ? '' : place.at;
  if (!Number.isFinite(n)) {
    fail('number-range', `${n} is not a JSON number`, place);
    return new JsonNull(up, at);
  }
  if (Number.isInteger(n) && !Number.isSafeInteger(n)) {
    fail(
      'unsafe-number',
      `${n} is a whole number beyond 2^53: as a JS number it may already have lost digits`,
      place,
      'pass the JSON text (or a bigint) instead of a parsed value, so the number is read exactly',
    );
    return new JsonNull(up, at);
  }
  const text = Object.is(n, -0) ? '-0' : String(n);
  const check = checkNumber(text);
  if (!check.ok) {
    fail('number-range', check.reason, place);
    return new JsonNull(up, at);
  }
  return new JsonNumber(up, at, 0, 0, text, check.whole);
}
