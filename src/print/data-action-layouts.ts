import type { ActionPart, DataActionKind, FetchAction } from '../ast/data-actions.js';
import { concat, verbatim, type Doc } from './doc/doc.js';
import { branch, leaf, list, type LayoutFn } from './engine.js';
import { quoteString } from './names.js';
import { PLAIN } from './action-layout.js';
import { FETCH_KINDS } from '../ast/kinds.js';
import { fetchLogs, fetchMultirecords, fetchPosts, fetchPseudorecords, fetchRecords, fetchTasks, fetchUsers, fieldFetch } from './fetch-layouts.js';
import { ADMIN_LAYOUTS } from './admin-layouts.js';
import { delimitedRecords, fieldDoc, record, recordsWrite, remove, update } from './write-layouts.js';

/**
 * How the data actions print (grammar/reference.md, "Data actions"): each property in the one
 * text form the parser reads back to the same node. Clauses go on one line when the statement
 * fits, else one per line, as for SELECT.
 */

/** Layouts of the data actions and their parts. */
export const ACTION_LAYOUTS = {
  boolean: (n, _c, env) => leaf(env.options.kw(n.value ? 'TRUE' : 'FALSE')),
  field_value: (n, ctx) => branch({ children: [n.value], ctx: PLAIN, build: ([v]) => fieldDoc(n, v as Doc, ctx) }),
  field_expr: (n, ctx) => branch({ children: [n.e], ctx: PLAIN, build: ([e]) => fieldDoc(n, e as Doc, ctx) }),
  spec_key: (n, _c, env) => branch({ children: n.key, ctx: PLAIN, build: (docs) => list(`${env.options.kw('KEY')}(`, docs, ')') }),
  // `FILE 'id'` where the form is always written (delimited records: ctx.fileKeyword), else `'id'`.
  file_ref: (n, ctx, env) =>
    leaf(
      n.form === 'object' && ctx.fileKeyword !== true
        ? verbatim(quoteString(n.value))
        : concat([env.options.kw(n.form === 'object' ? 'FILE' : n.form.toUpperCase()), ' ', verbatim(quoteString(n.value))]),
    ),
  record,
  delimited_records: delimitedRecords,
  // Every FETCH field by field (fieldFetch), but those with expressions, FROM or a wall.
  ...(Object.fromEntries(FETCH_KINDS.map((k) => [k, fieldFetch])) as { readonly [K in FetchAction['kind']]: LayoutFn<K> }),
  fetch_records: fetchRecords,
  fetch_multirecords: fetchMultirecords,
  fetch_pseudorecords: fetchPseudorecords,
  fetch_tasks: fetchTasks,
  fetch_users: fetchUsers,
  fetch_logs: fetchLogs,
  fetch_posts: fetchPosts,
  insert_action: recordsWrite('INSERT'),
  replace_action: recordsWrite('REPLACE'),
  set_action: recordsWrite('SET'),
  update_action: update,
  delete_action: remove('DELETE'),
  trash_action: remove('TRASH'),
  restore_action: remove('RESTORE'),
  dispose_action: remove('DISPOSE'),
  ...ADMIN_LAYOUTS,
} satisfies { readonly [K in DataActionKind | ActionPart['kind']]: LayoutFn<K> };
