import { withArticle } from '../diagnostic/article.js';
import type { AdminAction, AdminPart } from '../ast/admin-actions.js';
import { ADMIN_ACTION_KINDS } from '../ast/kinds-admin.js';
import { KINDS } from '../ast/kinds.js';
import { FIELD_LIST, type FieldEntry } from '../ast/fields.js';
import { didYouMean } from './error.js';
import { Parts, describe, expectObject, fail, quoteText, type Cx, type Slot, type Step } from './parts.js';
import { jsonProps } from './plain-props.js';
import { readField, type FieldReading } from './read-field.js';
import type { JsonObject, JsonValue } from './value.js';

/**
 * The administrative actions (spec "Administrative actions") and the definitions they carry
 * from JSON. Which kind an object is: its `"action"`, then the properties that tell the kinds
 * of that action apart (`"drop"`, `"alter"` and `"op"`: the kind table's fields with one word,
 * src/ast/kinds-admin.ts). Every property is then read by what the kind table says it holds,
 * each on its own, so a bad one does not hide the others.
 */

/** The spec's `"action"` of each administrative action, in the table's order, once each. */
export const ADMIN_ACTIONS: readonly string[] = [...new Set(ADMIN_ACTION_KINDS.map((k) => KINDS[k].json.action))];

/**
 * What the spec leaves unshown, by `"action"` and the value of the property that picks the kind:
 * the reader says so in the spec's words rather than guess a shape.
 */
const NOT_SHOWN: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  create: {
    team: 'the spec shows no team definition ("Definitions of user and team: not shown")',
    user: 'the spec shows no user definition ("Definitions of user and team: not shown")',
  },
};

/** The JSON readers of the roles the administrative actions' fields hold. */
const READING: FieldReading = {
  reads: {
    spec: 'specifier',
    field_def: 'field_def',
    field_option: 'field_option',
    blob_def: 'blob_def',
    group_def: 'group_def',
    database_def: 'database_def',
    json_object: 'json_value',
    json_value: 'json_value',
  },
};
/** What each definition is called in a message. */
const PART_NAMES: Readonly<Record<AdminPart['kind'], string>> = {
  field_def: 'a field definition',
  field_option: 'a field option',
  blob_def: 'a blob definition',
  group_def: 'a group definition',
  database_def: 'a database definition',
};

/** The fields of a kind that tell it apart from the other kinds of its action: one word each, required. */
function tagFields(kind: AdminAction['kind']): readonly (FieldEntry & { json: string })[] {
  return FIELD_LIST[kind].filter((f) => f.value?.form === 'word' && f.value.options?.length === 1 && f.required && f.json !== null) as (FieldEntry & {
    json: string;
  })[];
}

export function readAdminAction(obj: JsonObject, action: string, cx: Cx): Step<AdminAction> {
  let kinds = ADMIN_ACTION_KINDS.filter((k) => KINDS[k].json.action === action);
  // The kinds of one action have the same tag properties (`drop`; `alter` and `op`): read each in turn.
  for (const tag of tagFields(kinds[0] as AdminAction['kind'])) {
    const words = [...new Set(kinds.map((k) => (FIELD_LIST[k].find((f) => f.key === tag.key)?.value?.options ?? [])[0] as string))];
    const shown = words.concat(Object.keys(NOT_SHOWN[action] ?? {}));
    const list = shown
      .map((w) => `"${w}"`)
      .join(', ')
      .replace(/, ([^,]*)$/, ' or $1');
    const v = obj.get(tag.json);
    if (v === undefined) fail(cx, 'missing-property', `${what(action)} needs "${tag.json}" (${list})`, obj, undefined, `"${tag.json}"`);
    if (v.type !== 'string' || !words.includes(v.value)) {
      const notShown = v.type === 'string' ? NOT_SHOWN[action]?.[v.value] : undefined;
      if (notShown !== undefined)
        fail(cx, 'not-shown', `${what(action)} with "${tag.json}": ${quoteText(v.type === 'string' ? v.value : '')} cannot be read: ${notShown}`, v);
      const hint = v.type === 'string' ? didYouMean(v.value, shown) : '';
      fail(cx, 'wrong-type', `"${tag.json}" of ${what(action)} must be ${list}, got ${describe(v)}${hint}`, v);
    }
    kinds = kinds.filter((k) => FIELD_LIST[k].find((f) => f.key === tag.key)?.value?.options?.[0] === v.value);
  }
  const kind = kinds[0] as AdminAction['kind'];
  return readByFields(
    obj,
    cx,
    kind,
    `${what(action)} (${tagFields(kind)
      .map((f) => `"${f.json}": "${f.value?.options?.[0] ?? ''}"`)
      .join(', ')})`,
    ['action'],
  ) as Step<AdminAction>;
}

/** A field definition or a field option: an object of the kind's fields. */
export function readAdminPart(kind: AdminPart['kind']) {
  return (v: JsonValue, cx: Cx): Step<AdminPart> => {
    const name = PART_NAMES[kind];
    return readByFields(expectObject(cx, v, name), cx, kind, name, []) as Step<AdminPart>;
  };
}

/**
 * An action whose kind the spec shows no shape for (`{"action": "create", "create": "team"}`):
 * the error in the spec's words. Returns when the object is not one.
 */
export function rejectNotShown(obj: JsonObject, action: string, cx: Cx): void {
  const kinds = NOT_SHOWN[action];
  if (kinds === undefined) return;
  const v = obj.get(action);
  const notShown = v !== undefined && v.type === 'string' ? kinds[v.value] : undefined;
  if (v !== undefined && notShown !== undefined)
    fail(cx, 'not-shown', `${what(action)} with "${action}": ${quoteText(v.type === 'string' ? v.value : '')} cannot be read: ${notShown}`, v);
}

const what = (action: string) => `${withArticle(action.toUpperCase())} action`;

/** A node of `kind` from its JSON object: every field by what the kind table says it holds. */
function readByFields(obj: JsonObject, cx: Cx, kind: AdminAction['kind'] | AdminPart['kind'], name: string, extra: readonly string[]): Step<unknown> {
  const props = jsonProps(kind);
  const p = new Parts(cx);
  p.props(obj, name, [...extra, ...props.allowed], [...extra, ...props.required]);
  const slots: [string, Slot<unknown>][] = FIELD_LIST[kind].map((f) => [f.key, readField(p, cx, obj, f as FieldEntry & { json: string }, name, READING)]);
  return p.step((r) => {
    const node: Record<string, unknown> = { kind };
    for (const [key, slot] of slots) node[key] = slot(r);
    return node;
  });
}
