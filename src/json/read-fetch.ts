import { FETCH_TYPE, type FetchAction, type RecordsSpecifier, type WallType } from '../ast/actions.js';
import type { OrderTerm, Specifier } from '../ast/nodes.js';
import { didYouMean } from './error.js';
import { Parts, describe, expectObject, fail, prop, unknownName, type Cx, type Slot, type Step } from './parts.js';
import { flagProp, nameList, optionalChild, optionalList, stringProp, wholeProp } from './plain-props.js';
import type { JsonObject, JsonValue } from './value.js';

/**
 * The FETCH actions (spec "Data actions: reads"), by fetch type: each property checked against
 * the spec's table and read on its own, so a bad one does not hide the others.
 */

const FETCH_TYPES = Object.values(FETCH_TYPE) as string[];


const FETCH_PROPS: { readonly [K in FetchAction['kind']]: { readonly allowed: readonly string[]; readonly required: readonly string[] } } = {
  fetch_records: {
    allowed: ['database', 'records', 'fields', 'attributes', 'where', 'order', 'limit', 'offset', 'children', 'count'],
    required: ['database'],
  },
  fetch_multirecords: { allowed: ['databases', 'where', 'order', 'limit', 'offset', 'children', 'count'], required: ['databases'] },
  fetch_pseudorecords: { allowed: ['select', 'where', 'order', 'limit', 'offset', 'count'], required: ['select'] },
  fetch_tasks: { allowed: ['from', 'user', 'text', 'where', 'order', 'limit', 'offset', 'count'], required: [] },
  fetch_users: { allowed: ['users', 'order', 'limit', 'offset'], required: [] },
  fetch_crons: { allowed: [], required: [] },
  fetch_follows: { allowed: ['user', 'count'], required: [] },
  fetch_keys: { allowed: ['user', 'count'], required: [] },
  fetch_logs: { allowed: ['database', 'records'], required: ['database', 'records'] },
  fetch_notifications: { allowed: ['user', 'type', 'seen'], required: [] },
  fetch_posts: { allowed: ['wall', 'following', 'threads', 'post', 'children', 'records'], required: [] },
  fetch_prefs: { allowed: ['user'], required: [] },
  fetch_pref_defs: { allowed: [], required: [] },
  fetch_user_subscriptions: { allowed: ['team', 'user'], required: [] },
  fetch_seqs: { allowed: [], required: [] },
};

/** The wall specifiers (spec "Specifiers"): each `type` and the property that names its owner. */
const WALL_PROPS: { readonly [K in WallType]: readonly string[] } = {
  group: ['group'],
  database: ['database'],
  record: ['database', 'record'],
  user: ['user'],
};

export function readFetch(obj: JsonObject, cx: Cx): Step<FetchAction> {
  if (!obj.member('fetch')) fail(cx, 'missing-property', `a FETCH action needs "fetch" (the fetch type: ${FETCH_TYPES.join(', ')})`, obj);
  const t = prop(obj, 'fetch');
  if (t.type !== 'string') fail(cx, 'wrong-type', `"fetch" must be a fetch type (a string: ${FETCH_TYPES.join(', ')}), got ${describe(t)}`, t);
  const kind = (Object.keys(FETCH_TYPE) as FetchAction['kind'][]).find((k) => FETCH_TYPE[k] === t.value);
  if (kind === undefined) {
    fail(cx, 'unknown-type', `${unknownName('fetch type', t)}${didYouMean(t.value, FETCH_TYPES)}; expected one of ${FETCH_TYPES.join(', ')}`, t);
  }
  const what = `a FETCH ${t.value} action`;
  const props = FETCH_PROPS[kind];
  // Each property is read on its own (`p`): a bad or missing one is reported, and the others are still read.
  const p = new Parts(cx);
  p.props(obj, what, ['action', 'fetch', ...props.allowed], ['action', 'fetch', ...props.required]);
  const where = optionalChild(p, 'expr', obj.get('where'));
  const order = p.list('order_term', p.attempt(() => optionalList(cx, obj.get('order'), 'the "order" terms'), []));
  const limit = wholeProp(p, cx, obj, 'limit');
  const offset = wholeProp(p, cx, obj, 'offset');
  const count = flagProp(p, cx, obj, 'count');
  const children = flagProp(p, cx, obj, 'children');
  const paging = (r: readonly unknown[]) => ({ order: order(r) as OrderTerm[], limit, offset });
  switch (kind) {
    case 'fetch_records': {
      const database = p.one('specifier', obj.get('database'));
      const records = optionalChild(p, 'records_spec', obj.get('records'));
      const fields = nameList(p, cx, obj.get('fields'), '"fields" (field names)');
      const attributes = nameList(p, cx, obj.get('attributes'), '"attributes" (attribute names)');
      return p.step((r) => ({
        kind,
        database: database(r),
        records: records(r),
        fields,
        attributes,
        where: where(r),
        ...paging(r),
        children,
        count,
      }));
    }
    case 'fetch_multirecords': {
      const databases = p.one('specifier', obj.get('databases'));
      return p.step((r) => ({ kind, databases: databases(r), where: where(r), ...paging(r), children, count }));
    }
    case 'fetch_pseudorecords': {
      const select = p.one('select', obj.get('select'));
      return p.step((r) => ({ kind, select: select(r), where: where(r), ...paging(r), count }));
    }
    case 'fetch_tasks': {
      const from = wholeProp(p, cx, obj, 'from');
      const user = optionalChild(p, 'specifier', obj.get('user'));
      const text = stringProp(p, cx, obj, 'text', '"text" (a string)');
      return p.step((r) => ({ kind, from, user: user(r), text, where: where(r), ...paging(r), count }));
    }
    case 'fetch_users': {
      const users = optionalChild(p, 'specifier', obj.get('users'));
      return p.step((r) => ({ kind, users: users(r), ...paging(r) }));
    }
    case 'fetch_crons':
    case 'fetch_pref_defs':
    case 'fetch_seqs':
      return p.step(() => ({ kind }));
    case 'fetch_follows':
    case 'fetch_keys': {
      const user = optionalChild(p, 'specifier', obj.get('user'));
      return p.step((r) => ({ kind, user: user(r), count }));
    }
    case 'fetch_prefs': {
      const user = optionalChild(p, 'specifier', obj.get('user'));
      return p.step((r) => ({ kind, user: user(r) }));
    }
    case 'fetch_logs': {
      const database = p.one('specifier', obj.get('database'));
      const records = p.one('records_spec', obj.get('records'));
      return p.step((r) => ({ kind, database: database(r), records: records(r) }));
    }
    case 'fetch_notifications': {
      const user = optionalChild(p, 'specifier', obj.get('user'));
      const type = stringProp(p, cx, obj, 'type', '"type" (a notification type)');
      const seen = flagProp(p, cx, obj, 'seen');
      return p.step((r) => ({ kind, user: user(r), type, seen }));
    }
    case 'fetch_posts': {
      const { wallType, wall, wallRecord } = p.attempt(() => readWall(p, cx, obj.get('wall')), NO_WALL);
      const post = wholeProp(p, cx, obj, 'post');
      const following = flagProp(p, cx, obj, 'following');
      const threads = flagProp(p, cx, obj, 'threads');
      const recordsFlag = flagProp(p, cx, obj, 'records', '"records" (whether posts carry their records)');
      return p.step((r) => ({ kind, wallType, wall: wall(r), wallRecord: wallRecord(r), post, following, threads, children, records: recordsFlag }));
    }
    case 'fetch_user_subscriptions': {
      const teamValue = obj.get('team');
      const userValue = obj.get('user');
      if (teamValue !== undefined && teamValue.type !== 'null' && userValue !== undefined && userValue.type !== 'null') {
        // Reported; both specifiers are still read.
        p.problem('wrong-type', 'FETCH user_subscriptions takes "team" (the subscriptions of one team) or "user" (of one user), not both', userValue);
      }
      const team = optionalChild(p, 'specifier', teamValue);
      const user = optionalChild(p, 'specifier', userValue);
      return p.step((r) => ({ kind, team: team(r), user: user(r) }));
    }
  }
}

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
    fail(cx, 'wrong-type', `"type" of a wall specifier must be "group", "database", "record" or "user", got ${tv === undefined ? 'nothing' : describe(tv)}${hint}`, tv ?? w);
  }
  const wallType = tv.value as WallType;
  const owner = WALL_PROPS[wallType];
  p.props(w, `a ${wallType} wall specifier`, ['type', ...owner], ['type', ...owner]);
  const wall = p.one('specifier', w.get(owner[0] as string)) as Slot<Specifier | null>;
  const wallRecord = wallType === 'record' ? (p.one('records_spec', w.get('record')) as Slot<RecordsSpecifier | null>) : NO_WALL.wallRecord;
  return { wallType, wall, wallRecord };
}
