import { withArticle } from '../diagnostic/article.js';
import type { FetchAction } from '../ast/data-actions.js';
import { FETCH_TYPES, fetchKindOf } from '../ast/kinds.js';
import { TYPED_SPECIFIERS, type TypedSpecifier } from './typed-specifier.js';
import { FIELD_LIST, type FieldEntry } from '../ast/fields.js';
import { FETCH_ONE_OF, type FetchType } from '../ast/kinds-fetch.js';
import type { Role } from '../ast/field-checks.js';
import { didYouMean } from './error.js';
import { Parts, describe, expectObject, fail, prop, unknownName, type Cx, type Slot, type Step, type What } from './parts.js';
import { jsonProps } from './plain-props.js';
import { readField, type FieldReading } from './read-field.js';
import type { JsonObject, JsonValue } from './value.js';

/**
 * The FETCH actions (spec "Data actions: reads"), by fetch type: the properties each takes are
 * its kind's fields in the kind table (src/ast/kinds-actions.ts: JSON key, required, what each
 * holds), each checked and read on its own, so a bad one does not hide the others.
 */

/** The JSON readers of the roles a FETCH's fields hold. */
const READING: FieldReading = {
  reads: { expr: 'expr', spec: 'specifier', records_spec: 'records_spec', select: 'select', order_term: 'order_term' },
};

export function readFetch(obj: JsonObject, cx: Cx): Step<FetchAction> {
  if (!obj.member('fetch')) fail(cx, 'missing-property', `a FETCH action needs "fetch" (the fetch type: ${FETCH_TYPES.join(', ')})`, obj);
  const t = prop(obj, 'fetch');
  if (t.type !== 'string') fail(cx, 'wrong-type', `"fetch" must be a fetch type (a string: ${FETCH_TYPES.join(', ')}), got ${describe(t)}`, t);
  const kind = fetchKindOf(t.value);
  if (kind === undefined) {
    fail(cx, 'unknown-type', `${unknownName('fetch type', t)}${didYouMean(t.value, FETCH_TYPES)}; expected one of ${FETCH_TYPES.join(', ')}`, t);
  }
  const what = `a FETCH ${t.value} action`;
  const props = jsonProps(kind);
  // Each property is read on its own (`p`): a bad or missing one is reported, and the others are still read.
  const p = new Parts(cx);
  p.props(obj, what, ['action', 'fetch', ...props.allowed], ['action', 'fetch', ...props.required]);
  // The pairs of which at most one may be given (the kind table's `orBefore` marker): reported; both are still read.
  for (const { first, second, gloss } of FETCH_ONE_OF[t.value as FetchType]) {
    const a = obj.get(first.json);
    const b = obj.get(second.json);
    if (a !== undefined && a.type !== 'null' && b !== undefined && b.type !== 'null') {
      p.problem('wrong-type', `FETCH ${t.value} takes "${first.json}" (${gloss.before}) or "${second.json}" (${gloss.self}), not both`, b);
    }
  }
  // A typed specifier (a post's wall) is one JSON object for several fields: read whole, then each field's slot taken from it.
  const typed = TYPED_SPECIFIERS[kind];
  const parts = typed === null ? null : p.attempt(() => readTyped(p, cx, typed, obj.get(typed.json)), noneOf(typed));
  const slots: [string, Slot<unknown>][] = FIELD_LIST[kind].map((f) => {
    const part = parts?.[f.key];
    if (part !== undefined) return [f.key, part];
    if (f.json === null) throw new Error(`internal error: ${kind}.${f.key} has no JSON key and no reader`);
    return [f.key, readField(p, cx, obj, f as FieldEntry & { json: string }, what, READING)];
  });
  return p.step((r) => {
    const node: Record<string, unknown> = { kind };
    for (const [key, slot] of slots) node[key] = slot(r);
    return node as unknown as FetchAction;
  });
}

/** The slots of a typed specifier's fields when it is absent, null or unreadable: each null. */
const noneOf = (t: TypedSpecifier): Readonly<Record<string, Slot<unknown>>> =>
  Object.fromEntries([t.type, t.spec, ...(t.own === null ? [] : [t.own])].map((f) => [f.key, () => null]));

/** A typed specifier's object (`"wall": {"type": "group" | "database" | "record" | "user", ...}`): a slot for each of its fields. */
function readTyped(p: Parts, cx: Cx, t: TypedSpecifier, v: JsonValue | undefined): Readonly<Record<string, Slot<unknown>>> {
  if (v === undefined || v.type === 'null') return noneOf(t);
  const quoted = t.types.map((x) => `"${x}"`);
  const w = expectObject(cx, v, `"${t.json}" (${withArticle(t.json)} specifier: {"type": ${quoted.join(' | ')}, ...})`);
  const tv = w.get('type');
  if (tv === undefined || tv.type !== 'string' || !t.types.includes(tv.value)) {
    const hint = tv !== undefined && tv.type === 'string' ? didYouMean(tv.value, t.types) : '';
    fail(
      cx,
      'wrong-type',
      `"type" of ${withArticle(t.json)} specifier must be ${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}, got ${tv === undefined ? 'nothing' : describe(tv)}${hint}`,
      tv ?? w,
    );
  }
  const members = t.members[tv.value] as readonly string[];
  p.props(w, `${withArticle(tv.value)} ${t.json} specifier`, ['type', ...members], ['type', ...members]);
  const read = (f: FieldEntry, key: string | undefined) => p.one(READING.reads[f.child?.role as Role] as What, key === undefined ? undefined : w.get(key));
  const out: Record<string, Slot<unknown>> = { ...noneOf(t), [t.type.key]: () => tv.value, [t.spec.key]: read(t.spec, members[0]) };
  if (t.own !== null && members.length > 1) out[t.own.key] = read(t.own, members[1]);
  return out;
}
