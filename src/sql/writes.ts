import type { InsertAction, RecordData, ReplaceAction, SetAction } from '../ast/data-actions.js';
import { isDelimited } from '../ast/data-actions.js';
import type { Node } from '../ast/nodes.js';
import type { SchemaField } from '../schema/index.js';
import { fieldOf, type DatabaseInfo } from './catalog.js';
import { SqlError } from './errors.js';
import { expr } from './expressions.js';
import { delimitedRows } from './delimited.js';
import { givenOf } from './records.js';
import { keysEqual, keyText, moveSteps, nextIdSql, show, tableColumns, type CountName, type WritePlan, type WriteStep } from './plan.js';
import { databaseOfSpec, type Translation } from './name-resolution.js';
import { columnType, fieldValueType } from './types.js';
import { cellSql, givenSql, readValue } from './values.js';

/**
 * INSERT, REPLACE and SET as plans (plan.ts), per the spec's Behaviour list 1-3: the records go
 * into a staging table (`dsq new`: each field's value, its default or NULL when not given, and
 * whether it was given), checks run on it (keys twice in the action, keys without value, an
 * existing key for INSERT with `fail`, fields that may not be null), then set-wise UPDATE,
 * DELETE, moves to the trash and INSERT. `now` is the literal of `insert_at` and `update_at`.
 */
const STAGE = 'dsq new';
const ORD = 'dsq ord';
const given = (name: string) => `dsq given ${name}`;

interface Staged {
  readonly steps: WriteStep[];
  /** `EXISTS` a record of the table with the key of staged row `n` (over table alias `t`). */
  readonly dup: string;
}

/** A record to stage: the SQL of each field it gives, and its tags (null: not given). */
export interface StageRow {
  readonly values: ReadonlyMap<SchemaField, string>;
  readonly tags: readonly string[] | null;
}

/** Reads record objects: each field once (by name or label, value or expression), values fitting their fields. */
function objectRows(t: Translation, info: DatabaseInfo, records: readonly RecordData[]): StageRow[] {
  return records.map((r, i) => {
    if (r.file !== null) throw new SqlError('run/unavailable', `record ${i + 1} has a file: files are not available in a local run`, r);
    const values = new Map<SchemaField, string>();
    const seen = (f: SchemaField, at: Node) => {
      if (values.has(f))
        throw new SqlError('run/field-twice', `record ${i + 1} gives the field "${f.name}" twice (by value and by expression, or by name and label)`, at);
    };
    for (const v of r.values) {
      const f = fieldOf(info, v.field, v);
      seen(f, v);
      const lit = givenSql(t.dialect, f, givenOf(v));
      if (!lit.ok) throw new SqlError('run/bad-value', `record ${i + 1}: ${lit.problem}`, v);
      values.set(f, lit.sql);
    }
    for (const x of r.expressions) {
      const f = fieldOf(info, x.field, x);
      seen(f, x);
      values.set(f, `CAST(${expr({ t, scope: null, inlining: new Set(), depth: 0 }, x.e).sql} AS ${t.dialect.type(columnType(fieldValueType(f.type)))})`);
    }
    return { values, tags: r.tags };
  });
}

/** The staging table of a write's records, and the checks on it. */
function stage(t: Translation, info: DatabaseInfo, records: readonly StageRow[], node: Node): Staged {
  const fields = info.database.fields;
  const rows = records.map((r, i) => {
    const cells = fields.flatMap((f) => {
      const v = r.values.get(f);
      return [v ?? defaultSql(t, f), v !== undefined ? 'TRUE' : 'FALSE'];
    });
    const tags = r.tags === null ? ['NULL', 'FALSE'] : [cellSql(t.dialect, 'text_list', r.tags), 'TRUE'];
    return `(${[String(i + 1), ...cells, ...tags].join(', ')})`;
  });
  const cols = [
    `${t.q(ORD)} ${t.dialect.type('bigint')}`,
    ...fields.flatMap((f) => [`${t.q(f.name)} ${t.dialect.type(columnType(fieldValueType(f.type)))}`, `${t.q(given(f.name))} BOOLEAN`]),
    `${t.q('tags')} ${t.dialect.type('text_list')}`,
    `${t.q(given('tags'))} BOOLEAN`,
  ];
  const steps: WriteStep[] = [{ kind: 'exec', sql: `CREATE TEMPORARY TABLE ${t.q(STAGE)} (${cols.join(', ')})` }];
  if (rows.length > 0) steps.push({ kind: 'exec', sql: `INSERT INTO ${t.q(STAGE)} VALUES ${rows.join(', ')}` });
  const n = t.q('n');
  if (info.keys.length > 0) {
    const keys = info.keys.map((k) => `${n}.${t.q(k.name)}`);
    steps.push({
      kind: 'check',
      code: 'run/key-missing',
      node,
      sql: `SELECT ${n}.${t.q(ORD)} FROM ${t.q(STAGE)} AS ${n} WHERE ${keys.map((k) => `${k} IS NULL`).join(' OR ')} ORDER BY 1 LIMIT 1`,
      fail: (row) => `record ${show(row[0])} has no value for a key field of "${info.entry.path}" (${info.keys.map((k) => k.name).join(', ')})`,
    });
    steps.push({
      kind: 'check',
      code: 'run/duplicate-in-action',
      node,
      sql: `SELECT ${keys.join(', ')} FROM ${t.q(STAGE)} AS ${n} GROUP BY ${keys.join(', ')} HAVING COUNT(*) > 1 LIMIT 1`,
      fail: (row) => `two records of the action have the key ${keyText(info, row)}`,
    });
  }
  const dup = info.keys.length > 0 ? `EXISTS (SELECT 1 FROM ${t.q(info.table)} AS ${t.q('t')} WHERE ${keysEqual(t, info, 't', 'n')})` : 'FALSE';
  return { steps, dup };
}

/** A field's default (`def`, read as the field's type), or NULL. */
function defaultSql(t: Translation, f: SchemaField): string {
  if (f.def === undefined) return 'NULL';
  const r = readValue(f, { kind: 'string', text: f.def }, true);
  if (!r.ok) throw new SqlError('run/bad-default', `the default of the field "${f.name}" does not fit its type: ${r.problem}`);
  return cellSql(t.dialect, fieldValueType(f.type), r.cell, f.type);
}

/** Fields that may not be null get a value in every record written whole (`whole`), and wherever one is given. */
function requiredCheck(t: Translation, info: DatabaseInfo, whole: string, node: Node): WriteStep[] {
  const n = t.q('n');
  return info.database.fields
    .filter((f) => !f.nul)
    .map((f) => ({
      kind: 'check' as const,
      code: 'run/null-field',
      node,
      sql: `SELECT ${n}.${t.q(ORD)} FROM ${t.q(STAGE)} AS ${n} WHERE ${n}.${t.q(f.name)} IS NULL AND (${whole} OR ${n}.${t.q(given(f.name))}) ORDER BY 1 LIMIT 1`,
      fail: (row: readonly unknown[]) =>
        `record ${show(row[0])} gives the field "${f.name}" no value: it may not be null${f.def === undefined ? ' and has no default' : ''}`,
    }));
}

/** Inserts the staged records matching `where`, with new record ids in record order. */
function insertStep(t: Translation, info: DatabaseInfo, now: string, where: string): WriteStep {
  const n = t.q('n');
  const cols = tableColumns(info)
    .map((c) => t.q(c))
    .join(', ');
  const values = [
    `${nextIdSql(t, info)} + ROW_NUMBER() OVER (ORDER BY ${n}.${t.q(ORD)})`,
    `CAST(${info.id} AS ${t.dialect.type('bigint')})`,
    'NULL',
    now,
    'NULL',
    `${n}.${t.q('tags')}`,
    ...info.database.fields.map((f) => `${n}.${t.q(f.name)}`),
  ];
  return {
    kind: 'exec',
    sql: `INSERT INTO ${t.q(info.table)} (${cols}) SELECT ${values.join(', ')} FROM ${t.q(STAGE)} AS ${n} WHERE ${where}`,
    count: 'inserted',
  };
}

/** Updates the records with a staged key: only the given fields (`partial`, tags added) or every field (tags replaced). */
function updateStep(t: Translation, info: DatabaseInfo, now: string, partial: boolean): WriteStep {
  const n = t.q('n');
  const a = t.q('t');
  const sets = info.database.fields.map((f) =>
    partial
      ? `${t.q(f.name)} = CASE WHEN ${n}.${t.q(given(f.name))} THEN ${n}.${t.q(f.name)} ELSE ${a}.${t.q(f.name)} END`
      : `${t.q(f.name)} = ${n}.${t.q(f.name)}`,
  );
  const tags = partial
    ? `CASE WHEN ${n}.${t.q(given('tags'))} THEN ${t.dialect.tagsAdd(`${a}.${t.q('tags')}`, `${n}.${t.q('tags')}`)} ELSE ${a}.${t.q('tags')} END`
    : `${n}.${t.q('tags')}`;
  return {
    kind: 'exec',
    sql: `UPDATE ${t.q(info.table)} AS ${a} SET ${[...sets, `${t.q('tags')} = ${tags}`, `${t.q('update_at')} = ${now}`].join(', ')} FROM ${t.q(STAGE)} AS ${n} WHERE ${info.keys.length > 0 ? keysEqual(t, info, 't', 'n') : 'FALSE'}`,
    count: 'updated',
  };
}

/** Removes the records matching `where` (over alias `a`) per on_remove / on_duplicate: to the trash, or deleted. */
function removeSteps(t: Translation, info: DatabaseInfo, how: 'delete' | 'trash', where: string, node: Node): WriteStep[] {
  if (how === 'trash') {
    if (info.trash === null)
      throw new SqlError('run/no-trash', `the database "${info.entry.path}" has no trash feature, so nothing can be moved to its trash`, node);
    return moveSteps(t, info, info.table, info.trash, where, 'trashed');
  }
  return [{ kind: 'exec', sql: `DELETE FROM ${t.q(info.table)} AS ${t.q('a')} WHERE ${where}`, count: 'deleted' }];
}

const noOp = (node: Node): WriteStep => ({ kind: 'no-op', code: 'run/no-op', message: 'the action changed nothing and fail_no_op is true', node });

/** `EXISTS` a staged record with the key of table row `a`. */
function stagedKey(t: Translation, info: DatabaseInfo): string {
  return info.keys.length > 0 ? `EXISTS (SELECT 1 FROM ${t.q(STAGE)} AS ${t.q('n')} WHERE ${keysEqual(t, info, 'a', 'n')})` : 'FALSE';
}

export function recordsWritePlan(t: Translation, action: InsertAction | ReplaceAction | SetAction, now: string): WritePlan {
  const info = databaseOfSpec(t, action.database, action);
  const rows = isDelimited(action.records) ? delimitedRows(t, info, action.records) : objectRows(t, info, action.records);
  const staged = stage(t, info, rows, action);
  const steps = [...staged.steps];
  const counts: CountName[] = ['inserted', 'updated'];
  if (action.kind === 'insert_action') {
    if (action.onDuplicate !== 'update') {
      steps.push({
        kind: 'check',
        code: 'run/duplicate-key',
        node: action,
        sql: `SELECT ${t.q('n')}.${t.q(ORD)}, ${t.q('t')}.${t.q('record_id')} FROM ${t.q(STAGE)} AS ${t.q('n')} JOIN ${t.q(info.table)} AS ${t.q('t')} ON ${info.keys.length > 0 ? keysEqual(t, info, 't', 'n') : 'FALSE'} ORDER BY 1 LIMIT 1`,
        fail: (row) => `record ${show(row[0])} has the key of the existing record ${show(row[1])}, and on_duplicate is fail`,
      });
    }
    steps.push(...requiredCheck(t, info, `NOT ${staged.dup}`, action));
    if (action.onDuplicate === 'update') steps.push(updateStep(t, info, now, true));
    steps.push(insertStep(t, info, now, `NOT ${staged.dup}`));
  } else {
    const onDuplicate = action.onDuplicate ?? 'update';
    steps.push(...requiredCheck(t, info, 'TRUE', action));
    counts.push('deleted', 'trashed');
    if (action.kind === 'set_action') {
      const onRemove = action.onRemove ?? (info.trash !== null ? 'trash' : 'delete');
      if (onDuplicate === 'update') {
        steps.push(
          ...removeSteps(t, info, onRemove, `NOT ${stagedKey(t, info)}`, action),
          updateStep(t, info, now, false),
          insertStep(t, info, now, `NOT ${staged.dup}`),
        );
      } else {
        if (onDuplicate === 'trash' && info.trash === null) removeSteps(t, info, 'trash', 'TRUE', action);
        steps.push(...removeSteps(t, info, onRemove, 'TRUE', action), insertStep(t, info, now, 'TRUE'));
      }
    } else if (onDuplicate === 'update') {
      steps.push(updateStep(t, info, now, false), insertStep(t, info, now, `NOT ${staged.dup}`));
    } else {
      steps.push(...removeSteps(t, info, onDuplicate, stagedKey(t, info), action), insertStep(t, info, now, 'TRUE'));
    }
  }
  steps.push({ kind: 'exec', sql: `DROP TABLE ${t.q(STAGE)}` });
  if (action.failNoOp === true) steps.push(noOp(action));
  return { steps, counts };
}
