import { POSTGRES } from '../sql/dialect.js';
import { daysFromCivil } from '../sql/datetimes.js';
import { cellSql, type Cell } from '../sql/index.js';
import { importEngine, type Engine, type EngineColumn, type EngineValue } from './engine.js';

/**
 * PostgreSQL as PGlite runs it (`@electric-sql/pglite`, in memory): the second dialect, which
 * keeps the translator honest (the differential test runs every query on both). Its start is
 * slow (seconds, most of a gigabyte): it is for tests, not for everyday runs.
 */
interface PgModule {
  PGlite: { create(options?: { parsers?: Record<number, (value: string) => unknown> }): Promise<PgDb> };
}
interface PgDb {
  query(sql: string, params?: unknown[], options?: { rowMode?: 'array' }): Promise<{ rows: unknown[][]; affectedRows?: number }>;
  close(): Promise<void>;
}

// The type ids whose text is kept and read here (exact numbers, datetimes without a time zone).
const INT8 = 20;
const NUMERIC = 1700;
const TIMESTAMP = 1114;
const DATE = 1082;
const TIME = 1083;

const tag = <T>(f: (s: string) => T) => f;

function timeMs(text: string): number {
  const [h, m, s] = text.split(':');
  return Number(h) * 3_600_000 + Number(m) * 60_000 + Math.round(Number(s) * 1000);
}

function dateDays(text: string): number {
  const [y, m, d] = text.split('-').map(Number);
  return daysFromCivil(y as number, m as number, d as number);
}

export async function openPostgres(): Promise<Engine> {
  const pg = await importEngine<PgModule>('postgres');
  const db = await pg.PGlite.create({
    parsers: {
      [INT8]: tag((s) => BigInt(s)),
      [NUMERIC]: tag((s) => ({ decimal: s })),
      [TIMESTAMP]: tag((s) => {
        const [date, time] = s.split(' ');
        return { ms: dateDays(date as string) * 86_400_000 + timeMs(time ?? '00:00:00'), kind: 'timestamp' };
      }),
      [DATE]: tag((s) => ({ ms: dateDays(s) * 86_400_000, kind: 'date' })),
      [TIME]: tag((s) => ({ ms: timeMs(s), kind: 'time' })),
    },
  });
  for (const s of POSTGRES.setup) await db.query(s);
  return {
    name: 'postgres',
    dialect: POSTGRES,
    readsFiles: false,
    async query(sql) {
      const r = await db.query(sql, [], { rowMode: 'array' });
      return r.rows as EngineValue[][];
    },
    async exec(sql) {
      const r = await db.query(sql, [], { rowMode: 'array' });
      return r.affectedRows ?? 0;
    },
    async append(table: string, columns: readonly EngineColumn[], rows: readonly (readonly Cell[])[]) {
      const cols = columns.map((c) => POSTGRES.ident(c.name)).join(', ');
      for (let i = 0; i < rows.length; i += 500) {
        const values = rows
          .slice(i, i + 500)
          .map((row) => `(${columns.map((c, j) => cellSql(POSTGRES, c.type, row[j] ?? null, 'decimal(38,10)')).join(', ')})`);
        await db.query(`INSERT INTO ${POSTGRES.ident(table)} (${cols}) VALUES ${values.join(', ')}`);
      }
    },
    async close() {
      await db.close();
    },
  };
}
