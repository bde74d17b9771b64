import { withArticle } from '../diagnostic/article.js';
import type { FetchAction, RecordsSpecifier, WallType } from '../ast/data-actions.js';
import { FETCH_TYPES, fetchKindOf } from '../ast/kinds.js';
import { FIELD_LIST, type FieldEntry } from '../ast/fields.js';
import { FETCH_ONE_OF, type FetchType } from '../ast/kinds-fetch.js';
import type { Specifier } from '../ast/nodes.js';
import { didYouMean } from './error.js';
import { Parts, describe, expectObject, fail, prop, unknownName, type Cx, type Slot, type Step } from './parts.js';
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
  // A post's wall is one JSON object for three fields (wallType, wall, wallRecord).
  const wall = kind === 'fetch_posts' ? p.attempt(() => readWall(p, cx, obj.get('wall')), NO_WALL) : NO_WALL;
  const slots: [string, Slot<unknown>][] = FIELD_LIST[kind].map((f) => {
    if (kind === 'fetch_posts' && (f.key === 'wallType' || f.key === 'wall' || f.key === 'wallRecord')) {
      return [f.key, f.key === 'wallType' ? () => wall.wallType : f.key === 'wall' ? wall.wall : wall.wallRecord];
    }
    if (f.json === null) throw new Error(`internal error: ${kind}.${f.key} has no JSON key and no reader`);
    return [f.key, readField(p, cx, obj, f as FieldEntry & { json: string }, what, READING)];
  });
  return p.step((r) => {
    const node: Record<string, unknown> = { kind };
    for (const [key, slot] of slots) node[key] = slot(r);
    return node as unknown as FetchAction;
  });
}

/** The wall specifiers (spec "Specifiers"): each `type` and the property that names its owner. */
const WALL_PROPS: { readonly [K in WallType]: readonly string[] } = {
  group: ['group'],
  database: ['database'],
  record: ['database', 'record'],
  user: ['user'],
};

interface Wall {
  readonly wallType: WallType | null;
  readonly wall: Slot<Specifier | null>;
  readonly wallRecord: Slot<RecordsSpecifier | null>;
}
const NO_WALL: Wall = { wallType: null, wall: () => null, wallRecord: () => null };

/** A FETCH posts "wall": `{"type": "group" | "database" | "record" | "user", <owner>: ...}` (spec "Specifiers"). */
function readWall(p: Parts, cx: Cx, v: JsonValue | undefined): Wall {
  if (v === undefined || v.type === 'null') return NO_WALL;
  const w = expectObject(cx, v, '"wall" (a wall specifier: {"type": "group" | "database" | "record" | "user", ...})');
  const types = Object.keys(WALL_PROPS) as WallType[];
  const tv = w.get('type');
  if (tv === undefined || tv.type !== 'string' || !types.includes(tv.value as WallType)) {
    const hint = tv !== undefined && tv.type === 'string' ? didYouMean(tv.value, types) : '';
    fail(
      cx,
      'wrong-type',
      `"type" of a wall specifier must be "group", "database", "record" or "user", got ${tv === undefined ? 'nothing' : describe(tv)}${hint}`,
      tv ?? w,
    );
  }
  const wallType = tv.value as WallType;
  const owner = WALL_PROPS[wallType];
  p.props(w, `${withArticle(wallType)} wall specifier`, ['type', ...owner], ['type', ...owner]);
  const wall = p.one('specifier', w.get(owner[0] as string)) as Slot<Specifier | null>;
  const wallRecord = wallType === 'record' ? (p.one('records_spec', w.get('record')) as Slot<RecordsSpecifier | null>) : NO_WALL.wallRecord;
  return { wallType, wall, wallRecord };
}
