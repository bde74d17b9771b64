import type { ActionPart, DataActionKind } from '../ast/actions.js';
import { concat, verbatim, type Doc } from './doc/doc.js';
import { leaf, list, type LayoutFn } from './engine.js';
import { quoteString } from './names.js';
import { PLAIN } from './action-layout.js';
import {
  bareFetch, fetchLogs, fetchMultirecords, fetchNotifications, fetchPosts, fetchPseudorecords, fetchRecords, fetchTasks, fetchUsers, fetchUserSubscriptions, userFetch,
} from './fetch-layouts.js';
import { delimitedRecords, fieldDoc, record, recordsWrite, remove, update } from './write-layouts.js';

/**
 * How the data actions print (grammar/reference.md, "Data actions"): each property in the one
 * text form the parser reads back to the same node. Clauses go on one line when the statement
 * fits, else one per line, as for SELECT.
 */

/** Layouts of the data actions and their parts. */
export const ACTION_LAYOUTS = {
  boolean: (n, _c, env) => leaf(env.options.kw(n.value ? 'TRUE' : 'FALSE')),
  field_value: (n, ctx) => ({ children: [n.value], ctx: PLAIN, build: ([v]) => fieldDoc(n, v as Doc, ctx) }),
  field_expr: (n, ctx) => ({ children: [n.e], ctx: PLAIN, build: ([e]) => fieldDoc(n, e as Doc, ctx) }),
  spec_key: (n, _c, env) => ({ children: n.key, ctx: PLAIN, build: (docs) => list(`${env.options.kw('KEY')}(`, docs, ')') }),
  // `FILE 'id'` where the form is always written (delimited records: ctx.fileKeyword), else `'id'`.
  file_ref: (n, ctx, env) =>
    leaf(n.form === 'object' && ctx.fileKeyword !== true ? verbatim(quoteString(n.value)) : concat([env.options.kw(n.form === 'object' ? 'FILE' : n.form.toUpperCase()), ' ', verbatim(quoteString(n.value))])),
  record,
  delimited_records: delimitedRecords,
  fetch_records: fetchRecords,
  fetch_multirecords: fetchMultirecords,
  fetch_pseudorecords: fetchPseudorecords,
  fetch_tasks: fetchTasks,
  fetch_users: fetchUsers,
  fetch_crons: bareFetch('CRONS'),
  fetch_follows: userFetch('FOLLOWS'),
  fetch_keys: userFetch('KEYS'),
  fetch_logs: fetchLogs,
  fetch_notifications: fetchNotifications,
  fetch_posts: fetchPosts,
  fetch_prefs: userFetch('PREFS'),
  fetch_pref_defs: bareFetch('PREF_DEFS'),
  fetch_user_subscriptions: fetchUserSubscriptions,
  fetch_seqs: bareFetch('SEQS'),
  insert_action: recordsWrite('INSERT'),
  replace_action: recordsWrite('REPLACE'),
  set_action: recordsWrite('SET'),
  update_action: update,
  delete_action: remove('DELETE'),
  trash_action: remove('TRASH'),
  restore_action: remove('RESTORE'),
  dispose_action: remove('DISPOSE'),
} satisfies { readonly [K in DataActionKind | ActionPart['kind']]: LayoutFn<K> };
