import type { Select, Statement } from '../ast/nodes.js';
import type { Schema } from '../schema/index.js';
import { assertValidTree } from '../spec/check.js';
import { KINDS, isSystemAction } from '../ast/kinds.js';
import { SqlError } from './errors.js';
import { catalogOf } from './catalog.js';
import { CHOICES, type ChoiceId } from '../spec/run-choices.js';
import { dialectOf, DIALECTS, type Dialect, type DialectName } from './dialect.js';
import { dateTimeSql } from './expressions.js';
import { fetchMultirecordsSql, fetchPseudorecordsSql, fetchRecordsSql, type FetchSql } from './fetch.js';
import { resourceFetchSql, type ResourceFetchSql } from './fetch-resources.js';
import { removePlan, updatePlan } from './changes.js';
import type { WritePlan } from './plan.js';
import { Translation } from './name-resolution.js';
import { selectSql, type SelectColumn } from './select.js';
import { recordsWritePlan } from './writes.js';
import { isAdminAction } from '../ast/kinds-admin.js';

/**
 * `toSql(statement, { schema, dialect })`: a dsq statement (a select object, a SELECT action, a
 * FETCH of records, multirecords or pseudorecords, a write) as SQL for one engine, with no
 * engine. Names are resolved against the schema (case-insensitively, labels too) and written
 * quoted and canonical; values are literals through the dialect table (dialect.ts).
 */
export interface ToSqlOptions {
  readonly schema: Schema;
  /** `duckdb` (the default) or `postgres`. */
  readonly dialect?: DialectName | Dialect;
  /** The time writes stamp on `insert_at` and `update_at` (default: now). */
  readonly now?: Date | number;
  /** The ORDER BY terms' values come back too (`keys`), so rows that tie on them are known (`dsq run --expect`). */
  readonly tieKeys?: boolean;
}

/** What the SELECT action's options ask of the response. */
export interface SelectOptions {
  readonly rows: string | null;
  readonly useStrings: boolean;
  readonly echo: boolean;
}

export type SqlStatement =
  | {
      readonly kind: 'select';
      readonly sql: string;
      readonly columns: readonly SelectColumn[];
      /** Whether the select has ORDER BY (else its rows come in any order). */
      readonly ordered: boolean;
      /** The row's columns holding the ORDER BY terms' values (`tieKeys`; those past `columns` are not output), or null. */
      readonly keys: readonly number[] | null;
      readonly options: SelectOptions;
      readonly notes: readonly ChoiceId[];
    }
  | { readonly kind: 'fetch'; readonly fetch: FetchSql; readonly notes: readonly ChoiceId[] }
  /** A fetch of resources a local run has none of (fetch-resources.ts): an empty array, or `{"count": 0}`. */
  | { readonly kind: 'none'; readonly fetch: ResourceFetchSql; readonly notes: readonly ChoiceId[] }
  | { readonly kind: 'write'; readonly action: string; readonly plan: WritePlan; readonly notes: readonly ChoiceId[] };

export function toSql(statement: Statement, options: ToSqlOptions): SqlStatement {
  const dialect = typeof options.dialect === 'object' ? options.dialect : dialectOf(options.dialect ?? 'duckdb');
  assertValidTree(statement);
  const t = new Translation(catalogOf(options.schema), dialect);
  const notes = () => [...t.notes];
  const nowMs = options.now === undefined ? Date.now() : typeof options.now === 'number' ? options.now : options.now.getTime();
  const now = () => dateTimeSql(t, 'datetime', nowMs).sql;
  if (isSystemAction(statement)) {
    // DOWNLOAD, the task and thread actions, the system actions: the server's own, no SQL of a table.
    throw new SqlError(
      'run/unavailable',
      `${KINDS[statement.kind].keyword} is the server's (the "${KINDS[statement.kind].json.action}" action): it has no SQL and no local run`,
      statement,
    );
  }
  switch (statement.kind) {
    case 'select':
    case 'select_action': {
      const select: Select = statement.kind === 'select' ? statement : statement.select;
      const s = selectSql(t, select, null, false, options.tieKeys === true);
      const opts: SelectOptions =
        statement.kind === 'select_action'
          ? { rows: typeof statement.rows === 'string' ? statement.rows : null, useStrings: statement.useStrings === true, echo: statement.echo === true }
          : { rows: null, useStrings: false, echo: false };
      return { kind: 'select', sql: s.sql, columns: s.columns, ordered: select.order.length > 0, keys: s.keys, options: opts, notes: notes() };
    }
    case 'fetch_records':
      return { kind: 'fetch', fetch: fetchRecordsSql(t, statement), notes: notes() };
    case 'fetch_multirecords':
      return { kind: 'fetch', fetch: fetchMultirecordsSql(t, statement), notes: notes() };
    case 'fetch_pseudorecords':
      return { kind: 'fetch', fetch: fetchPseudorecordsSql(t, statement, options.tieKeys === true), notes: notes() };
    case 'insert_action':
    case 'replace_action':
    case 'set_action':
      return { kind: 'write', action: statement.kind.replace('_action', ''), plan: recordsWritePlan(t, statement, now()), notes: notes() };
    case 'update_action':
      return { kind: 'write', action: 'update', plan: updatePlan(t, statement, now()), notes: notes() };
    case 'delete_action':
    case 'trash_action':
    case 'restore_action':
    case 'dispose_action':
      return { kind: 'write', action: statement.kind.replace('_action', ''), plan: removePlan(t, statement), notes: notes() };
    default:
      if (isAdminAction(statement)) {
        throw new SqlError(
          'run/admin-action',
          `${KINDS[statement.kind].keyword} is an administrative action: it changes the data structures on the server, and has no SQL in a local run`,
          statement,
        );
      }
      // The other fetch types: resources a local run has none of.
      t.notes.add('otherFetches');
      return { kind: 'none', fetch: resourceFetchSql(t, statement), notes: notes() };
  }
}

/** The SQL of a translated statement as text: one statement per line, `;` after each (checks marked `-- check:`). */
export function sqlText(s: SqlStatement): string {
  switch (s.kind) {
    case 'select':
      return `${s.sql};`;
    case 'fetch':
      return `${s.fetch.sql};`;
    case 'none':
      return `-- a local run has no ${s.fetch.what}: ${s.fetch.count ? '{"count": 0}' : 'an empty array'}, with no SQL`;
    case 'write':
      return [
        'BEGIN TRANSACTION;',
        ...s.plan.steps.map((step) =>
          step.kind === 'exec'
            ? `${step.sql};`
            : step.kind === 'check'
              ? `-- check: no row may come back\n${step.sql};`
              : '-- fail_no_op: nothing changed is an error',
        ),
        'COMMIT;',
      ].join('\n');
  }
}

/** The warnings of the surprising choices a statement relies on (spec/run-choices.ts). */
export function noteText(id: ChoiceId): string {
  return (CHOICES[id] as { warn?: string }).warn ?? CHOICES[id].choice;
}

export { DIALECTS };
