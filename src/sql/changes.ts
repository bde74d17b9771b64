import type { RemoveAction, UpdateAction } from '../ast/data-actions.js';
import { KINDS } from '../ast/kinds.js';
import type { SchemaField } from '../schema/index.js';
import { fieldOf, type DatabaseInfo } from './catalog.js';
import { SqlError } from './errors.js';
import { expr, type ExprContext } from './expressions.js';
import { keysEqual, keyText, moveSteps, show, type CountName, type WritePlan, type WriteStep } from './plan.js';
import { givenOf, recordsCondition } from './records.js';
import { databaseOfSpec, tableSource, type SelectScope, type Translation } from './name-resolution.js';
import { columnType, fieldValueType } from './types.js';
import { givenSql } from './values.js';

/**
 * UPDATE, DELETE, TRASH, RESTORE and DISPOSE as plans, per the spec's Behaviour list 4-7 and its
 * Errors table: a field named twice fails UPDATE; TRASH, RESTORE and DISPOSE need the trash
 * feature; RESTORE fails on a key held by a record of the database; `fail_no_op` fails an action
 * that matched nothing (and UPDATE with no values).
 */
function scopeOf(t: Translation, info: DatabaseInfo, trash: boolean, node: RemoveAction | UpdateAction): { cx: ExprContext; alias: string; from: string } {
  const { source, sql } = tableSource(t, info, trash, null, info.database.name, node);
  const scope: SelectScope = { sources: [source], aliases: new Map(), parent: null };
  return { cx: { t, scope, inlining: new Set(), depth: 0 }, alias: source.sqlAlias, from: sql };
}

const noOp = (node: UpdateAction | RemoveAction, what: string): WriteStep => ({
  kind: 'no-op',
  code: 'run/no-op',
  message: `${what} and fail_no_op is true`,
  node,
});

export function updatePlan(t: Translation, action: UpdateAction, now: string): WritePlan {
  const info = databaseOfSpec(t, action.database, action);
  if (action.file !== null)
    throw new SqlError('run/unavailable', 'UPDATE with a file needs the file feature and a file store: files are not available in a local run', action);
  const { cx, alias } = scopeOf(t, info, false, action);
  const seen = new Map<SchemaField, string>();
  const once = (f: SchemaField, at: UpdateAction['fields'][number] | UpdateAction['expressions'][number]) => {
    if (seen.has(f))
      throw new SqlError('run/field-twice', `UPDATE names the field "${f.name}" more than once (in fields and expressions, or by name and label)`, at);
  };
  for (const v of action.fields) {
    const f = fieldOf(info, v.field, v);
    once(f, v);
    if (v.value.kind === 'null' && !f.nul) throw new SqlError('run/null-field', `the field "${f.name}" may not be null`, v);
    const lit = givenSql(t.dialect, f, givenOf(v));
    if (!lit.ok) throw new SqlError('run/bad-value', lit.problem, v);
    seen.set(f, lit.sql);
  }
  for (const x of action.expressions) {
    const f = fieldOf(info, x.field, x);
    once(f, x);
    seen.set(f, `CAST(${expr(cx, x.e).sql} AS ${t.dialect.type(columnType(fieldValueType(f.type)))})`);
  }
  const counts: CountName[] = ['updated'];
  if (seen.size === 0) return { steps: action.failNoOp === true ? [noOp(action, 'UPDATE gives no values')] : [], counts };
  const where = recordsCondition(cx, cx.scope?.sources[0] as never, action.records);
  const sets = [...seen].map(([f, sql]) => `${t.q(f.name)} = ${sql}`);
  const steps: WriteStep[] = [
    {
      kind: 'exec',
      sql: `UPDATE ${t.q(info.table)} AS ${t.q(alias)} SET ${[...sets, `${t.q('update_at')} = ${now}`].join(', ')} WHERE ${where}`,
      count: 'updated',
    },
  ];
  if (action.failNoOp === true) steps.push(noOp(action, 'UPDATE matched no record'));
  return { steps, counts };
}

const COUNT: Readonly<Record<RemoveAction['kind'], CountName>> = {
  delete_action: 'deleted',
  trash_action: 'trashed',
  restore_action: 'restored',
  dispose_action: 'disposed',
};

export function removePlan(t: Translation, action: RemoveAction): WritePlan {
  const info = databaseOfSpec(t, action.database, action);
  const count = COUNT[action.kind];
  if (action.kind !== 'delete_action' && info.trash === null) {
    throw new SqlError('run/no-trash', `${KINDS[action.kind].keyword} needs the trash feature, which the database "${info.entry.path}" does not have`, action);
  }
  const fromTrash = action.kind === 'restore_action' || action.kind === 'dispose_action';
  const { cx, alias } = scopeOf(t, info, fromTrash, action);
  const where = recordsCondition(cx, cx.scope?.sources[0] as never, action.records);
  const table = fromTrash ? (info.trash as string) : info.table;
  const steps: WriteStep[] = [];
  const selected = `SELECT ${t.q(alias)}.${t.q('record_id')} FROM ${t.q(table)} AS ${t.q(alias)} WHERE ${where}`;
  const byId = `${t.q('a')}.${t.q('record_id')} IN (${selected})`;
  switch (action.kind) {
    case 'delete_action':
    case 'dispose_action':
      steps.push({ kind: 'exec', sql: `DELETE FROM ${t.q(table)} AS ${t.q('a')} WHERE ${byId}`, count });
      break;
    case 'trash_action':
      steps.push(...moveSteps(t, info, info.table, info.trash as string, byId, 'trashed'));
      break;
    case 'restore_action': {
      if (info.keys.length > 0) {
        const keys = info.keys.map((k) => `${t.q('a')}.${t.q(k.name)}`).join(', ');
        steps.push({
          kind: 'check',
          code: 'run/restore-duplicate',
          node: action,
          sql: `SELECT ${keys}, ${t.q('r')}.${t.q('record_id')} FROM ${t.q(table)} AS ${t.q('a')} JOIN ${t.q(info.table)} AS ${t.q('r')} ON ${keysEqual(t, info, 'a', 'r')} WHERE ${byId} LIMIT 1`,
          fail: (row) => `RESTORE would give the key ${keyText(info, row)} to a second record: the record ${show(row[info.keys.length])} holds it`,
        });
        steps.push({
          kind: 'check',
          code: 'run/restore-duplicate',
          node: action,
          sql: `SELECT ${keys} FROM ${t.q(table)} AS ${t.q('a')} WHERE ${byId} GROUP BY ${keys} HAVING COUNT(*) > 1 LIMIT 1`,
          fail: (row) => `RESTORE would restore two records with the key ${keyText(info, row)}`,
        });
      }
      steps.push(...moveSteps(t, info, table, info.table, byId, 'restored'));
      break;
    }
  }
  if (action.failNoOp === true) steps.push(noOp(action, `${KINDS[action.kind].keyword} matched no record`));
  return { steps, counts: [count] };
}
