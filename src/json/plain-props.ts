import { describe, expectArray, fail, optionalBoolean, optionalString, type Cx, type Parts } from './parts.js';
import { didYouMean } from './error.js';
import type { JsonObject, JsonValue } from './value.js';
import { FIELD_LIST, type FieldEntry } from '../ast/fields.js';
import { KINDS } from '../ast/kinds.js';
import type { NodeKind } from '../ast/nodes.js';

/** The plain properties of the data actions (numbers, flags, strings, lists of names, one of some words), each read on its own (`p`). */

/**
 * Whether a field's JSON key must be given: as the kind table says (`required`); in an
 * expression's full form, every field that is not nullable (the spec's expression objects have
 * no defaults: `{"type": "function", "function": "NOW", "args": []}`).
 */
export function jsonRequired(kind: NodeKind, f: FieldEntry): boolean {
  if (f.required || KINDS[kind].role !== 'expr') return f.required;
  return f.child !== null ? f.child.shape !== 'nullable' && f.child.shape !== 'nullableList' : f.value?.nullable === false;
}

/** The JSON properties a kind's object takes and those it must have: its fields' JSON keys (the kind table, src/ast/kinds.ts). */
export function jsonProps(kind: NodeKind): { readonly allowed: readonly string[]; readonly required: readonly string[] } {
  const fields = FIELD_LIST[kind].filter((f) => f.json !== null);
  return { allowed: fields.map((f) => f.json as string), required: fields.filter((f) => jsonRequired(kind, f)).map((f) => f.json as string) };
}

/** An optional array: its items, or none when absent or null. */
export function optionalList(cx: Cx, v: JsonValue | undefined, what: string): readonly JsonValue[] {
  if (v === undefined || v.type === 'null') return [];
  return expectArray(cx, v, what);
}

/** A whole number (exact text), or null when absent; range and sign are the spec check's. A bad one is reported (`p`). */
export function wholeProp(p: Parts, cx: Cx, obj: JsonObject, key: string): string | null {
  return p.attempt(() => {
    const v = obj.get(key);
    if (v === undefined || v.type === 'null') return null;
    if (v.type !== 'number') fail(cx, 'wrong-type', `"${key}" must be a whole number, got ${describe(v)}`, v);
    return v.text;
  }, null);
}

/** An optional boolean property; a bad one is reported (`p`). */
export function flagProp(p: Parts, cx: Cx, obj: JsonObject, key: string, what = `"${key}"`): boolean | null {
  return p.attempt(() => optionalBoolean(cx, obj.get(key), what), null);
}

/** An optional string property (absent, null or "" give null); a bad one is reported (`p`). */
export function stringProp(p: Parts, cx: Cx, obj: JsonObject, key: string, what: string): string | null {
  return p.attempt(() => optionalString(cx, obj.get(key), what), null);
}

export function oneOfProp(cx: Cx, obj: JsonObject, key: string, options: readonly string[], of: string): string | null {
  const v = obj.get(key);
  if (v === undefined || v.type === 'null') return null;
  if (v.type !== 'string' || !options.includes(v.value)) {
    const hint = v.type === 'string' ? didYouMean(v.value, options) : '';
    fail(
      cx,
      'wrong-type',
      `"${key}" ${of} must be ${options
        .map((o) => `"${o}"`)
        .join(', ')
        .replace(/, ([^,]*)$/, ' or $1')}, got ${describe(v)}${hint}`,
      v,
    );
  }
  return v.value;
}
