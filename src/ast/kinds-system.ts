import type { NodeKind, NodeOfKind } from './nodes.js';
import { checkNumber, compareNumbers } from './numbers.js';
import {
  DATABASE,
  FIELD_NAME,
  NAME,
  OPTIONAL_BOOLEAN,
  OPTIONAL_STRING,
  OPTIONAL_WHOLE,
  STRING_VALUE,
  WHOLE,
  at,
  describe,
  list,
  nonEmpty,
  nullable,
  one,
  required,
  type ValueField,
} from './field-checks.js';
import { json, type KindSpec } from './kind-spec.js';
import type { SystemAction, SystemPart } from './system-actions.js';
import { STRUCT_SUBTYPES } from './kinds-struct.js';

/**
 * The kind table's DOWNLOAD, task and thread actions and system actions, and the parts only
 * they hold (src/ast/kinds.ts; the nodes: system-actions.ts). DOWNLOAD's two variants are told
 * apart by `"download"` (SUBTYPES below), as FETCH's by `"fetch"`.
 */

type Kind = SystemAction['kind'] | SystemPart['kind'];
/** The constructor of a node of these kinds: its parts as given. */
const made =
  <K extends Kind>(kind: K) =>
  (parts: Omit<NodeOfKind<K>, 'kind'>): NodeOfKind<K> =>
    ({ kind, ...parts }) as NodeOfKind<K>;

/** Number text (exact), within a range in ms when given (`what`: the spec's words). */
function milliseconds<N extends boolean>(nullable: N, max: string | null, what: string) {
  return {
    code: 'number',
    form: 'number',
    nullable,
    type: (v) => (typeof v === 'string' || (nullable && v === null) ? null : `must be number text (a string), got ${describe(v)}`),
    rule: (v) => {
      if (typeof v !== 'string') return null;
      const check = checkNumber(v);
      if (!check.ok) return check.reason;
      if (compareNumbers(v, '0') < 0 || (max !== null && compareNumbers(v, max) > 0))
        return `must be ${max === null ? 'at least 0' : `0 to ${Number(max).toLocaleString('en-US')}`} ms (${what}), got ${v}`;
      return null;
    },
  } as const satisfies ValueField;
}

/** The delay of `conclude`: 0 to 5,000 ms (the spec's table and Limits: "Conclude delay | 0 to 5000 ms, default 0"). */
export const CONCLUDE_DELAY = milliseconds(true, '5000', 'the spec: "delay (number, ms, 0 to 5000, optional, default 0)"');
const WAIT_MS = milliseconds(true, null, 'the spec: "ms (number; 1000)"');

/** Thread names: at least one, none empty. */
const THREAD_NAMES = {
  code: 'wrong-type',
  form: 'names',
  nullable: false,
  list: true,
  type: (v) => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? null : `must be an array of strings, got ${describe(v)}`),
  rule: (v) =>
    Array.isArray(v) && v.length === 0 ? 'must name at least one thread' : Array.isArray(v) && v.some((x) => x === '') ? 'must not hold an empty string' : null,
} as const satisfies ValueField;

/** DOWNLOAD's variants: the `"download"` property of each; and struct_event's `"op"` and struct_create's `"create"` (kinds-struct.ts). */
export const SUBTYPES = { download_record: ['download', 'record'], download_post: ['download', 'post'], ...STRUCT_SUBTYPES } as const satisfies {
  readonly [K in Kind]?: readonly [string, string];
};

export const SYSTEM_KINDS = {
  download_record: {
    role: 'action',
    fields: { database: DATABASE, record: one('records_spec'), version: OPTIONAL_WHOLE },
    json: json({ action: 'download' }),
    keyword: 'DOWNLOAD',
    operator: null,
    make: made('download_record'),
  },
  download_post: {
    role: 'action',
    fields: { post: required(WHOLE) },
    json: json({ action: 'download' }),
    keyword: 'DOWNLOAD',
    operator: null,
    make: made('download_post'),
  },
  run_action: {
    role: 'action',
    fields: { tasks: required(nonEmpty('task')) },
    json: json({ action: 'run' }),
    keyword: 'RUN',
    operator: null,
    make: made('run_action'),
  },
  conclude_action: {
    role: 'action',
    fields: { task: required(WHOLE), delay: CONCLUDE_DELAY },
    json: json({ action: 'conclude' }),
    keyword: 'CONCLUDE',
    operator: null,
    make: made('conclude_action'),
  },
  cancel_action: {
    role: 'action',
    fields: { tasks: required(nonEmpty('task_ref')), ignore: OPTIONAL_BOOLEAN },
    json: json({ action: 'cancel' }),
    keyword: 'CANCEL',
    operator: null,
    make: made('cancel_action'),
  },
  clean_action: {
    role: 'action',
    fields: { tasks: required(nonEmpty('task_ref')), ignore: OPTIONAL_BOOLEAN },
    json: json({ action: 'clean' }),
    keyword: 'CLEAN',
    operator: null,
    make: made('clean_action'),
  },
  pause_action: {
    role: 'action',
    fields: { threads: required(THREAD_NAMES) },
    json: json({ action: 'pause' }),
    keyword: 'PAUSE',
    operator: null,
    make: made('pause_action'),
  },
  access_action: {
    role: 'action',
    fields: {},
    json: json({ action: 'access' }),
    keyword: 'ACCESS',
    operator: null,
    make: made('access_action'),
  },
  echo_action: {
    role: 'action',
    fields: { echo: required(STRING_VALUE) },
    json: json({ action: 'echo' }),
    keyword: 'ECHO',
    operator: null,
    make: made('echo_action'),
  },
  wait_action: {
    role: 'action',
    fields: { ms: WAIT_MS, fail: OPTIONAL_BOOLEAN, failBefore: nullable('instant') },
    json: json({ action: 'wait' }),
    keyword: 'WAIT',
    operator: null,
    make: made('wait_action'),
  },
  if_action: {
    role: 'action',
    fields: { conditions: at('do', required(nonEmpty('if_condition'))), else: nullable('write') },
    json: json({ action: 'if' }),
    keyword: 'IF',
    operator: null,
    make: made('if_action'),
  },

  // The parts
  if_condition: {
    role: 'action_part',
    fields: { if: one('select'), then: one('write') },
    json: json({}),
    keyword: 'THEN',
    operator: null,
    make: made('if_condition'),
  },
  task_def: {
    role: 'action_part',
    fields: {
      name: required(NAME),
      conf: one('json_object'),
      parent: OPTIONAL_WHOLE,
      thread: OPTIONAL_STRING,
      seq: OPTIONAL_STRING,
      auto: OPTIONAL_BOOLEAN,
      archive: OPTIONAL_BOOLEAN,
      open: OPTIONAL_BOOLEAN,
      desc: OPTIONAL_STRING,
      priority: OPTIONAL_WHOLE,
      timeout: OPTIONAL_WHOLE,
      refId: OPTIONAL_WHOLE,
    },
    json: json({}),
    keyword: 'TASK',
    operator: null,
    make: made('task_def'),
  },
  task_id: {
    role: 'action_part',
    fields: { id: at(null, WHOLE) },
    json: json({ plain: 'number' }),
    keyword: null,
    operator: null,
    make: made('task_id'),
  },
  task_ref: {
    role: 'action_part',
    fields: { ref: required(WHOLE) },
    json: json({ type: 'ref' }),
    keyword: 'REF',
    operator: null,
    make: made('task_ref'),
  },
  json_object: {
    role: 'action_part',
    fields: { members: at(null, list('json_member')) },
    json: json({}),
    keyword: null,
    operator: null,
    make: made('json_object'),
  },
  json_member: {
    role: 'action_part',
    fields: { key: at(null, FIELD_NAME), value: at(null, one('json_value')) },
    json: json({}),
    keyword: null,
    operator: null,
    make: made('json_member'),
  },
  json_array: {
    role: 'action_part',
    fields: { items: at(null, list('json_value')) },
    json: json({ plain: 'array' }),
    keyword: null,
    operator: null,
    make: made('json_array'),
  },
} as const satisfies { readonly [K in NodeKind]?: KindSpec<K> };
