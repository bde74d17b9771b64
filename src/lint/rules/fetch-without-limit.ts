import type { FetchMultirecords, FetchRecords, FetchTasks, FetchUsers, RecordsSpecifier } from '../../ast/data-actions.js';
import type { Rule } from '../rule-api.js';

const WORD = { fetch_records: 'RECORDS', fetch_multirecords: 'MULTIRECORDS', fetch_tasks: 'TASKS', fetch_users: 'USERS' } as const;

/** The spec's default limit ("Limits": 1,000 for fetch records, multirecords, tasks, users). */
const DEFAULT_LIMIT = 1000;

type Limited = FetchRecords | FetchMultirecords | FetchTasks | FetchUsers;

/**
 * True when the specifier selects at most DEFAULT_LIMIT elements by itself: a singular one (an
 * id, a name, a key: one element) or an array of at most that many singular ones. `ALL`, a
 * WHERE specifier and an array holding one select any number.
 */
function fewEnough(spec: RecordsSpecifier | null): boolean {
  if (spec === null) return false;
  const one = (s: RecordsSpecifier) => s.kind === 'spec_id' || s.kind === 'spec_name' || s.kind === 'spec_key';
  if (spec.kind === 'spec_array') return spec.items.length <= DEFAULT_LIMIT && spec.items.every(one);
  return one(spec);
}

/**
 * True when the default limit cannot cut the answer short: with `count` true the action returns
 * only `{"count": n}` (the spec: "Every fetch type with a count property returns, when count is
 * true, only an object with count"), and a specifier of single records or users (`RECORDS 7`,
 * `RECORDS KEY(id = 1)`, `FETCH USERS 'bob'`) selects fewer than the limit anyway.
 */
function returnsFew(node: Limited): boolean {
  switch (node.kind) {
    case 'fetch_records':
      return node.count === true || fewEnough(node.records);
    case 'fetch_multirecords':
    case 'fetch_tasks':
      return node.count === true;
    case 'fetch_users':
      return fewEnough(node.users);
  }
}

/**
 * FETCH RECORDS, MULTIRECORDS, TASKS or USERS without LIMIT: the service returns at most 1,000
 * records (the spec: "The default limit of 1,000 is enforced for processing cost; a larger
 * explicit limit is permitted"). Not reported where the limit cannot matter: a count (FETCH
 * COUNT ...) and single records or users (`returnsFew`). PSEUDORECORDS is left alone: the spec
 * gives its limit no default.
 */
export const fetchWithoutLimit: Rule = {
  meta: {
    id: 'fetch-without-limit',
    severity: 'info',
    docs: { description: 'Reports FETCH RECORDS, MULTIRECORDS, TASKS and USERS without LIMIT: the service returns at most 1,000 records (its default limit).' },
    fixable: false,
  },
  create(context) {
    const check = (node: Limited) => {
      if (node.limit !== null || returnsFew(node)) return;
      context.report({
        node,
        message: `FETCH ${WORD[node.kind]} without LIMIT returns at most 1,000 records (the spec: "The default limit of 1,000 is enforced for processing cost; a larger explicit limit is permitted").`,
        hint: 'Write LIMIT n (with OFFSET to page) to say how many records are meant.',
      });
    };
    return { fetch_records: check, fetch_multirecords: check, fetch_tasks: check, fetch_users: check };
  },
};
