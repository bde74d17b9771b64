import type { FetchMultirecords, FetchRecords, FetchTasks, FetchUsers } from '../../ast/actions.js';
import type { Rule } from '../rule-api.js';

const WORD = { fetch_records: 'RECORDS', fetch_multirecords: 'MULTIRECORDS', fetch_tasks: 'TASKS', fetch_users: 'USERS' } as const;

/**
 * FETCH RECORDS, MULTIRECORDS, TASKS or USERS without LIMIT: the service returns at most 1,000
 * records (the spec: "The default limit of 1,000 is enforced for processing cost; a larger
 * explicit limit is permitted"). PSEUDORECORDS is left alone: the spec gives its limit no default.
 */
export const fetchWithoutLimit: Rule = {
  meta: {
    id: 'fetch-without-limit',
    severity: 'info',
    docs: { description: 'Reports FETCH RECORDS, MULTIRECORDS, TASKS and USERS without LIMIT: the service returns at most 1,000 records (its default limit).' },
    fixable: false,
  },
  create(context) {
    const check = (node: FetchRecords | FetchMultirecords | FetchTasks | FetchUsers) => {
      if (node.limit !== null) return;
      context.report({
        node,
        message: `FETCH ${WORD[node.kind]} without LIMIT returns at most 1,000 records (the spec: "The default limit of 1,000 is enforced for processing cost; a larger explicit limit is permitted").`,
        hint: 'Write LIMIT n (with OFFSET to page) to say how many records are meant.',
      });
    };
    return { fetch_records: check, fetch_multirecords: check, fetch_tasks: check, fetch_users: check };
  },
};
