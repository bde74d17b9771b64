import type { Node } from '../ast/nodes.js';
import type { DatabaseInfo } from './catalog.js';
import { STORED_ATTRIBUTES } from './catalog.js';
import type { Translation } from './name-resolution.js';
import { fieldSqlType } from './types.js';

/**
 * A write action as the steps a runner takes in one transaction: statements whose changed-row
 * counts add up to the response (`inserted`, `deleted`, ...), and checks that fail the action
 * (nothing changed) when their query returns a row. Each check's message is made from that row.
 */
export type CountName = 'inserted' | 'updated' | 'deleted' | 'trashed' | 'restored' | 'disposed';

export type WriteStep =
  | { readonly kind: 'exec'; readonly sql: string; readonly count?: CountName }
  | { readonly kind: 'check'; readonly sql: string; readonly code: string; readonly fail: (row: readonly unknown[]) => string; readonly node: Node | null }
  /** Fails when the action changed nothing (`fail_no_op`). */
  | { readonly kind: 'no-op'; readonly code: string; readonly message: string; readonly node: Node | null };

export interface WritePlan {
  readonly steps: readonly WriteStep[];
  /** The counts the response has, zero or not. */
  readonly counts: readonly CountName[];
}

/** The record table's columns in table order: the attributes, then the fields. */
export function tableColumns(info: DatabaseInfo): string[] {
  return [...STORED_ATTRIBUTES.map((a) => a.name), ...info.database.fields.map((f) => f.name)];
}

/** `CREATE TABLE` of a database's record table (and its trash table: the same columns). */
export function createTableSql(t: Translation, info: DatabaseInfo, table: string): string {
  const attrs = STORED_ATTRIBUTES.map(
    (a) =>
      `${t.q(a.name)} ${t.dialect.type(a.type.value === 'integer' ? 'bigint' : a.type.value === 'datetime' ? 'timestamp' : a.type.value === 'text_list' ? 'text_list' : 'text')}${a.name === 'record_id' || a.name === 'database_id' || a.name === 'insert_at' ? ' NOT NULL' : ''}`,
  );
  const fields = info.database.fields.map((f) => `${t.q(f.name)} ${fieldTypeSql(t, f.type)}${f.nul ? '' : ' NOT NULL'}`);
  return `CREATE TABLE ${t.q(table)} (${[...attrs, ...fields].join(', ')})`;
}

const fieldTypeSql = (t: Translation, type: string) => fieldSqlType(t.dialect, type);

/** The next record ids: past every id of the record table and of the trash table (ids are never reused while a record holds one). */
export function nextIdSql(t: Translation, info: DatabaseInfo): string {
  const ids = [info.table, ...(info.trash ? [info.trash] : [])].map((tb) => `SELECT ${t.q('record_id')} FROM ${t.q(tb)}`).join(' UNION ALL ');
  return `(SELECT COALESCE(MAX(${t.q('record_id')}), 0) FROM (${ids}) AS ${t.q('dsq ids')})`;
}

/** `t.k1 = n.k1 AND t.k2 = n.k2`: the key fields of two rows equal. */
export function keysEqual(t: Translation, info: DatabaseInfo, a: string, b: string): string {
  return info.keys.map((k) => `${t.q(a)}.${t.q(k.name)} = ${t.q(b)}.${t.q(k.name)}`).join(' AND ');
}

/** A key as the message shows it: `(id = 7)`. */
export function keyText(info: DatabaseInfo, row: readonly unknown[], from = 0): string {
  return `(${info.keys.map((k, i) => `${k.name} = ${show(row[from + i])}`).join(', ')})`;
}

export function show(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (v === null || v === undefined) return 'NULL';
  return String(v);
}

/** Moves the rows of `from` matching `where` (over alias `a`) to `to`, and counts them under `count`. */
export function moveSteps(t: Translation, info: DatabaseInfo, from: string, to: string, where: string, count: CountName): WriteStep[] {
  const cols = tableColumns(info)
    .map((c) => t.q(c))
    .join(', ');
  return [
    { kind: 'exec', sql: `INSERT INTO ${t.q(to)} (${cols}) SELECT ${cols} FROM ${t.q(from)} AS ${t.q('a')} WHERE ${where}`, count },
    // Record ids are unique across the record and trash tables, so what now is in both is what moved.
    { kind: 'exec', sql: `DELETE FROM ${t.q(from)} WHERE ${t.q('record_id')} IN (SELECT ${t.q('record_id')} FROM ${t.q(to)})` },
  ];
}
