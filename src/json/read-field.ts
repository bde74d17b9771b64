import type { FieldEntry } from '../ast/fields.js';
import type { Role } from '../ast/field-checks.js';
import { type Parts, describe, expectArray, expectString, type Cx, type Slot, type What } from './parts.js';
import { flagProp, oneOfProp, optionalList, stringProp, wholeProp } from './plain-props.js';
import type { JsonObject, JsonValue } from './value.js';

/**
 * The one reader of a node's field from its JSON property, by what the kind table says the field
 * holds (src/ast/fields.ts): a child node or list of them (by the reader of its role), or a
 * plain value (a flag, a whole number, a number, names, one of some words, a string). Each
 * property is read on its own (`p`), so a bad one is reported and the others are still read.
 * The FETCH actions (read-fetch.ts), the administrative actions and their definitions
 * (read-admin.ts), and DOWNLOAD, the task, system and struct actions (read-system.ts) read their
 * fields with it; each gives the readers of the roles it holds, and the fields it reads another
 * way (`special`).
 */
export interface FieldReading {
  /** The JSON reader of each child role the caller's kinds hold. */
  readonly reads: Partial<Record<Role, What>>;
  /** A field read another way (a file, an instant, a pipe's partition), or undefined: the common way. */
  readonly special?: (p: Parts, cx: Cx, f: FieldEntry & { json: string }, v: JsonValue | undefined, what: string) => Slot<unknown> | undefined;
}

/** One field of the node read from `obj` (`what`: the node, as messages name it). */
export function readField(p: Parts, cx: Cx, obj: JsonObject, f: FieldEntry & { json: string }, what: string, reading: FieldReading): Slot<unknown> {
  const v = obj.get(f.json);
  if (f.child !== null) {
    if (f.child.orValue !== undefined) {
      const text = wholeProp(p, cx, obj, f.json);
      return () => text;
    }
    const special = reading.special?.(p, cx, f, v, what);
    if (special !== undefined) return special;
    const role = f.child.role;
    const reads = reading.reads[role];
    if (reads === undefined) throw new Error(`internal error: no JSON reader for the role ${role} of ${what}`);
    const shape = f.child.shape;
    if (shape === 'nullableList' && (v === undefined || v.type === 'null')) return () => null;
    if (shape === 'list' || shape === 'nullableList' || shape === 'nonEmpty') {
      const items = p.attempt(() => optionalList(cx, v, `"${f.json}" (an array)`), []);
      if (shape === 'nonEmpty' && v !== undefined && v.type === 'array' && items.length === 0)
        p.problem('empty-list', `"${f.json}" of ${what} needs at least one item`, v);
      return p.list(reads, items);
    }
    if (role === 'json_object' && v !== undefined && v.type !== 'object' && !(v.type === 'null' && shape === 'nullable')) {
      p.problem('wrong-type', `"${f.json}" of ${what} must be a JSON object, got ${describe(v)}`, v);
      return () => null;
    }
    if (shape === 'one') return p.one(reads, v);
    // An absent or null optional child is none (an expression's null is the NULL literal).
    return p.optional(reads, v === undefined || (v.type === 'null' && reads !== 'expr') ? undefined : v);
  }
  const value = f.value as NonNullable<FieldEntry['value']>;
  let plain: unknown;
  switch (value.form) {
    case 'flag':
      plain = flagProp(p, cx, obj, f.json);
      break;
    case 'whole':
      plain = wholeProp(p, cx, obj, f.json);
      break;
    case 'number':
      plain = p.attempt(() => {
        if (v === undefined || v.type === 'null') return null;
        if (v.type !== 'number') p.problem('wrong-type', `"${f.json}" of ${what} must be a number, got ${describe(v)}`, v);
        return v.type === 'number' ? v.text : null;
      }, null);
      break;
    case 'names':
      plain =
        v === undefined || v.type === 'null'
          ? null
          : p.each(
              p.attempt(() => expectArray(cx, v, `"${f.json}" (names)`), []),
              (item) => expectString(cx, item, `a name in "${f.json}"`),
            );
      // A list of names the kind requires has at least one (a thread to pause, an alias).
      if (f.required && Array.isArray(plain) && plain.length === 0 && v !== undefined && v.type === 'array')
        p.problem('empty-list', `"${f.json}" of ${what} needs at least one item`, v);
      break;
    case 'word':
      plain = p.attempt(() => oneOfProp(cx, obj, f.json, value.options ?? [], `of ${what}`), null);
      break;
    default:
      plain = stringProp(p, cx, obj, f.json, `"${f.json}" (a string)`);
      // A required string: null or "" is not one (an absent one is reported by the property check).
      if (f.required && plain === null && v !== undefined) p.problem('wrong-type', `"${f.json}" of ${what} must be a non-empty string, got ${describe(v)}`, v);
  }
  return () => plain;
}
