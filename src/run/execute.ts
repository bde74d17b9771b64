import { DsqError } from '../diagnostic/diagnostic.js';
import {
  childRecordsSql,
  SqlError,
  Translation,
  type Catalog,
  type CountName,
  type FetchSql,
  type SelectColumn,
  type SqlStatement,
  type WritePlan,
} from '../sql/index.js';
import { ExactNumber, outValue, type Out } from './encode.js';
import type { Engine, EngineValue } from './engine.js';

/**
 * Runs translated statements on an engine and shapes the answers as the service does: the
 * SELECT response (`header` of name and type, then `rows`), records for FETCH (`children` by
 * child database name), counts for writes. A write runs in one transaction: a failed check or
 * engine error rolls it back, so nothing changed.
 */
export type Response =
  | {
      readonly kind: 'select';
      readonly header: readonly { readonly name: string; readonly type: string }[];
      readonly rows: readonly (readonly Out[])[];
      readonly columns: readonly SelectColumn[];
      readonly query: string | null;
      /** Whether the rows come in an order (ORDER BY), and which of them tie on every term (see `tieGroups`). */
      readonly ordered: boolean;
      readonly ties: readonly number[] | null;
    }
  | { readonly kind: 'records'; readonly records: readonly Readonly<Record<string, Out>>[]; readonly ordered: boolean; readonly ties: readonly number[] | null }
  | { readonly kind: 'count'; readonly count: ExactNumber }
  | { readonly kind: 'write'; readonly counts: Readonly<Partial<Record<CountName, number>>> };

/** The response as the JSON the service sends. */
export function responseOut(r: Response): Out {
  switch (r.kind) {
    case 'select':
      return { ...(r.query !== null ? { query: r.query } : {}), header: r.header.map((h) => ({ name: h.name, type: h.type })), rows: r.rows };
    case 'records':
      return r.records;
    case 'count':
      return { count: r.count };
    case 'write':
      return Object.fromEntries(Object.entries(r.counts).map(([k, v]) => [k, new ExactNumber(String(v))]));
  }
}

/** An engine error as dsq's own: the engine's first line, with what ran. */
async function guarded<T>(what: () => Promise<T>): Promise<T> {
  try {
    return await what();
  } catch (err) {
    if (err instanceof DsqError) throw err;
    const message = ((err as Error).message ?? String(err)).split('\n')[0] ?? 'engine error';
    throw new SqlError('run/engine-error', `the engine failed: ${message}`);
  }
}

export async function execute(engine: Engine, catalog: Catalog, s: SqlStatement, readOnly: boolean): Promise<Response> {
  switch (s.kind) {
    case 'select': {
      const rows = await guarded(() => engine.query(s.sql));
      return {
        kind: 'select',
        header: s.columns.map((c) => ({ name: c.name, type: c.type.name })),
        rows: rows.map((r) => s.columns.map((c, i) => outValue(r[i] ?? null, c.type, s.options.useStrings))),
        columns: s.columns,
        query: s.options.echo ? s.sql : null,
        ordered: s.ordered,
        ties: tieGroups(rows, s.keys),
      };
    }
    case 'fetch':
      return fetch(engine, catalog, s.fetch);
    case 'none':
      return s.fetch.count ? { kind: 'count', count: new ExactNumber('0') } : { kind: 'records', records: [], ordered: false, ties: null };
    case 'write':
      if (readOnly) throw new SqlError('run/read-only', 'the data is open read-only (--read-only): writes are refused');
      return { kind: 'write', counts: await write(engine, s.plan) };
  }
}

function record(columns: readonly SelectColumn[], row: readonly EngineValue[], from = 0): Record<string, Out> {
  const out: Record<string, Out> = {};
  for (let i = from; i < columns.length; i++) {
    const c = columns[i] as SelectColumn;
    const v = outValue(row[i] ?? null, c.type);
    // An attribute the record lacks (tags of an untagged record) is left out; fields are always there.
    if (v === null && c.name === 'tags') continue;
    out[c.name] = v;
  }
  return out;
}

async function fetch(engine: Engine, catalog: Catalog, f: FetchSql): Promise<Response> {
  const rows = await guarded(() => engine.query(f.sql));
  if (f.count) return { kind: 'count', count: new ExactNumber(String(rows[0]?.[0] ?? 0)) };
  const records = rows.map((r) => record(f.columns, r));
  const ties = tieGroups(rows, f.keys ?? null);
  const idAt = f.columns.findIndex((c) => c.name === 'record_id');
  const dbAt = f.columns.findIndex((c) => c.name === 'database_id');
  // Children, level by level: each parent's records get their child databases' records.
  let level = f.parents.flatMap((info) => {
    const mine = rows.map((r, i) => ({ r, i })).filter(({ r }) => BigInt(r[dbAt] as bigint) === BigInt(info.id));
    return [{ info, parents: mine.map(({ r, i }) => ({ id: r[idAt] as bigint, out: records[i] as Record<string, Out> })) }];
  });
  const t = new Translation(catalog, engine.dialect);
  while (level.length > 0) {
    const next: typeof level = [];
    for (const { info, parents } of level) {
      if (parents.length === 0) continue;
      const byId = new Map(parents.map((p) => [p.id, p.out] as const));
      for (const child of info.children) {
        const c = childRecordsSql(t, child, [...byId.keys()], f.attributes);
        const childRows = await guarded(() => engine.query(c.sql));
        const found: { id: bigint; out: Record<string, Out> }[] = [];
        const cid = c.columns.findIndex((x) => x.name === 'record_id');
        for (const r of childRows) {
          const parent = byId.get(r[0] as bigint);
          if (!parent) continue;
          const out = record(c.columns, r, 1);
          const children = (parent['children'] ??= {}) as Record<string, Out[]>;
          (children[child.database.name] ??= []).push(out);
          found.push({ id: r[cid] as bigint, out });
        }
        if (child.children.length > 0) next.push({ info: child, parents: found });
      }
    }
    level = next;
  }
  return { kind: 'records', records, ordered: f.ordered, ties };
}

/**
 * Which rows tie on every ORDER BY term (the values of `keys`): consecutive rows with equal keys
 * share a group number, from 1. Null without keys.
 */
function tieGroups(rows: readonly (readonly EngineValue[])[], keys: readonly number[] | null): number[] | null {
  if (keys === null) return null;
  let group = 0;
  let last: string | null = null;
  return rows.map((r) => {
    const key = keys
      .map((i) => {
        const v = r[i] ?? null;
        return typeof v === 'bigint' ? `${v}n` : JSON.stringify(v);
      })
      .join(',');
    if (key !== last) group++;
    last = key;
    return group;
  });
}

async function write(engine: Engine, plan: WritePlan): Promise<Partial<Record<CountName, number>>> {
  const counts: Partial<Record<CountName, number>> = Object.fromEntries(plan.counts.map((c) => [c, 0]));
  await guarded(() => engine.exec('BEGIN TRANSACTION'));
  try {
    for (const step of plan.steps) {
      if (step.kind === 'exec') {
        const n = await guarded(() => engine.exec(step.sql));
        if (step.count !== undefined) counts[step.count] = (counts[step.count] ?? 0) + n;
      } else if (step.kind === 'check') {
        const rows = await guarded(() => engine.query(step.sql));
        if (rows.length > 0) throw new SqlError(step.code, step.fail((rows[0] as EngineValue[]).map(plainValue)), step.node);
      } else if (Object.values(counts).every((n) => n === 0)) {
        throw new SqlError(step.code, step.message, step.node);
      }
    }
    await guarded(() => engine.exec('COMMIT'));
  } catch (err) {
    await engine.exec('ROLLBACK').catch(() => undefined);
    throw err;
  }
  return counts;
}

function plainValue(v: EngineValue): unknown {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
  return 'decimal' in v ? v.decimal : (v as { ms: number }).ms;
}
