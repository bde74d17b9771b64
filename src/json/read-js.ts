import { checkNumber } from '../ast/numbers.js';
import { jsonError } from './error.js';
import {
  JsonArray, JsonBoolean, JsonMember, JsonNull, JsonNumber, JsonObject, JsonString, JsonUndefined, childPointer, foldKey, normaliseKey,
  type JsonOrigin, type JsonPlace, type JsonValue,
} from './value.js';

/**
 * Reads an already-parsed JS value (from `JSON.parse` or written in code) under the spec's
 * JSON rules, like `readSpecJson` reads text: keys normalised and checked for duplicates,
 * `""` is null, an `undefined` member is absent. Numbers come from JS: safe integers and
 * finite floats are accepted, a bigint is exact; an integer beyond 2^53 has already lost
 * digits, so it is rejected with advice to pass the JSON text. Iterative; cycles are errors.
 */
export function readJsValue(input: unknown): JsonValue {
  type Task = { value: unknown; place: JsonPlace | null } | { leave: object };
  const onPath = new Set<object>();
  let root: JsonValue | null = null;
  const tasks: Task[] = [{ value: input, place: null }];
  const pointerOf = (place: JsonPlace | null) => (place ? childPointer(place.parent.pointer, place.segment) : '');
  const fail = (code: string, message: string, place: JsonPlace | null, hint?: string) =>
    jsonError(code, message, { pointer: pointerOf(place), span: null }, undefined, hint);

  while (tasks.length > 0) {
    const task = tasks.pop() as Task;
    if ('leave' in task) {
      onPath.delete(task.leave);
      continue;
    }
    const { value, place } = task;
    const origin: JsonOrigin = { parent: place?.parent ?? null, segment: place?.segment ?? '', lines: null, start: 0 };
    let result: JsonValue;
    if (value === null) result = new JsonNull(origin);
    else if (value === undefined) result = new JsonUndefined(origin);
    else if (typeof value === 'boolean') result = new JsonBoolean(origin, undefined, value);
    else if (typeof value === 'string') result = value === '' ? new JsonNull(origin, undefined, true) : new JsonString(origin, undefined, value);
    else if (typeof value === 'number') result = numberFromJs(value, origin, place, fail);
    else if (typeof value === 'bigint') {
      const text = value.toString();
      const check = checkNumber(text);
      if (!check.ok) throw fail('number-range', check.reason, place);
      result = new JsonNumber(origin, undefined, text, true);
    } else if (Array.isArray(value)) {
      if (onPath.has(value)) throw fail('cycle', 'the value contains itself (a cycle): it cannot be JSON', place);
      const array = new JsonArray(origin);
      onPath.add(value);
      tasks.push({ leave: value });
      // Items are pushed in reverse so they are read (and appended) in order.
      for (let i = value.length - 1; i >= 0; i--) tasks.push({ value: value[i], place: { parent: array, segment: String(i) } });
      result = array;
    } else if (typeof value === 'object' && isPlainObject(value)) {
      if (onPath.has(value)) throw fail('cycle', 'the value contains itself (a cycle): it cannot be JSON', place);
      const object = new JsonObject(origin);
      const seen = new Map<string, string>();
      const entries = Object.entries(value);
      for (const [rawKey] of entries) {
        const keyPlace: JsonPlace = { parent: object, segment: rawKey };
        if (foldKey(rawKey) === '') throw fail('empty-key', 'an object key must not be empty', keyPlace);
        const key = normaliseKey(rawKey);
        const first = seen.get(key);
        if (first !== undefined) {
          throw fail('duplicate-key', `duplicate key "${rawKey}" (the same key as "${first}" once trimmed, white space folded and case ignored)`, keyPlace);
        }
        seen.set(key, rawKey);
      }
      onPath.add(value);
      tasks.push({ leave: value });
      for (let i = entries.length - 1; i >= 0; i--) {
        const [rawKey, member] = entries[i] as [string, unknown];
        if (member === undefined) {
          object.addUndefined(rawKey);
          continue;
        }
        tasks.push({ value: member, place: { parent: object, segment: rawKey } });
      }
      result = object;
    } else {
      const what = typeof value === 'object' ? `a ${(value as object).constructor?.name ?? 'non-plain'} object` : `a ${typeof value}`;
      throw fail('wrong-type', `${what} is not a JSON value`, place);
    }
    attach(result, place);
    if (place === null) root = result;
  }
  return root as JsonValue;
}

function attach(value: JsonValue, place: JsonPlace | null): void {
  if (place === null) return;
  const parent = place.parent;
  if (parent.type === 'array') parent.items.push(value);
  else if (value.type !== 'undefined') {
    parent.add(new JsonMember(place.segment, normaliseKey(place.segment), value));
  }
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function numberFromJs(
  n: number,
  origin: JsonOrigin,
  place: JsonPlace | null,
  fail: (code: string, message: string, place: JsonPlace | null, hint?: string) => Error,
): JsonValue {
  if (!Number.isFinite(n)) throw fail('number-range', `${n} is not a JSON number`, place);
  if (Number.isInteger(n) && !Number.isSafeInteger(n)) {
    throw fail(
      'unsafe-number',
      `${n} is a whole number beyond 2^53: as a JS number it may already have lost digits`,
      place,
      'pass the JSON text (or a bigint) instead of a parsed value, so the number is read exactly',
    );
  }
  const text = Object.is(n, -0) ? '-0' : String(n);
  const check = checkNumber(text);
  if (!check.ok) throw fail('number-range', check.reason, place);
  return new JsonNumber(origin, undefined, text, check.whole);
}
