import { DUCKDB } from '../sql/dialect.js';
import type { Cell } from '../sql/index.js';
import { importEngine, type Engine, type EngineColumn, type EngineValue } from './engine.js';

/**
 * DuckDB (`@duckdb/node-api`, in memory): the default engine. Only the parts of its API used here
 * are declared, so dsq's types never name the optional package.
 */
interface DuckModule {
  DuckDBInstance: { create(path: string, options?: Record<string, string>): Promise<DuckInstance> };
  DuckDBTimestampValue: new (micros: bigint) => { micros: bigint };
  DuckDBDateValue: new (days: number) => { days: number };
  DuckDBTimeValue: new (micros: bigint) => { micros: bigint };
  DuckDBDecimalValue: new (value: bigint, width: number, scale: number) => { value: bigint; scale: number };
  DuckDBListValue: new (items: readonly unknown[]) => { items: readonly unknown[] };
  LIST(type: unknown): unknown;
  VARCHAR: unknown;
}
interface DuckInstance {
  connect(): Promise<DuckConnection>;
  closeSync?(): void;
}
interface DuckConnection {
  runAndReadAll(sql: string): Promise<{ getRows(): unknown[][]; columnNames(): string[] }>;
  createAppender(table: string, schema?: string | null, catalog?: string | null): Promise<DuckAppender>;
  closeSync(): void;
}
interface DuckAppender {
  appendNull(): void;
  appendBigInt(v: bigint): void;
  appendDouble(v: number): void;
  appendBoolean(v: boolean): void;
  appendVarchar(v: string): void;
  appendTimestamp(v: object): void;
  appendDate(v: object): void;
  appendTime(v: object): void;
  appendList(v: readonly unknown[], type?: unknown): void;
  endRow(): void;
  flushSync(): void;
  closeSync(): void;
}

const MS_PER_DAY = 86_400_000;

function decimalText(value: bigint, scale: number): string {
  const negative = value < 0n;
  let s = (negative ? -value : value).toString();
  if (scale > 0) {
    s = s.padStart(scale + 1, '0');
    s = `${s.slice(0, s.length - scale)}.${s.slice(s.length - scale)}`;
  }
  return negative ? `-${s}` : s;
}

export async function openDuckDb(): Promise<Engine> {
  const duck = await importEngine<DuckModule>('duckdb');
  const instance = await duck.DuckDBInstance.create(':memory:', { autoinstall_known_extensions: 'false', autoload_known_extensions: 'false' });
  const con = await instance.connect();
  for (const s of DUCKDB.setup) await con.runAndReadAll(s);

  const value = (v: unknown): EngineValue => {
    if (v === null || v === undefined) return null;
    if (typeof v === 'bigint' || typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v;
    if (v instanceof duck.DuckDBTimestampValue) return { ms: Number(v.micros / 1000n), kind: 'timestamp' };
    if (v instanceof duck.DuckDBDateValue) return { ms: v.days * MS_PER_DAY, kind: 'date' };
    if (v instanceof duck.DuckDBTimeValue) return { ms: Number(v.micros / 1000n), kind: 'time' };
    if (v instanceof duck.DuckDBDecimalValue) return { decimal: decimalText(v.value, v.scale) };
    if (v instanceof duck.DuckDBListValue) return v.items.map(value);
    return String(v);
  };
  const listType = duck.LIST(duck.VARCHAR);

  return {
    name: 'duckdb',
    dialect: DUCKDB,
    readsFiles: true,
    async query(sql) {
      const r = await con.runAndReadAll(sql);
      return r.getRows().map((row) => row.map(value));
    },
    async exec(sql) {
      const r = await con.runAndReadAll(sql);
      const rows = r.getRows();
      const names = r.columnNames();
      return names.length === 1 && names[0] === 'Count' && rows.length === 1 ? Number(rows[0]?.[0]) : 0;
    },
    async append(table: string, columns: readonly EngineColumn[], rows: readonly (readonly Cell[])[]) {
      const appender = await con.createAppender(table);
      try {
        for (const row of rows) {
          for (let i = 0; i < columns.length; i++) {
            const c = row[i] ?? null;
            if (c === null) {
              appender.appendNull();
              continue;
            }
            switch ((columns[i] as EngineColumn).type) {
              case 'integer':
                appender.appendBigInt(c as bigint);
                break;
              case 'float':
                appender.appendDouble(c as number);
                break;
              case 'boolean':
                appender.appendBoolean(c as boolean);
                break;
              case 'datetime':
              case 'localdatetime':
                appender.appendTimestamp(new duck.DuckDBTimestampValue(BigInt(c as number) * 1000n));
                break;
              case 'localdate':
                appender.appendDate(new duck.DuckDBDateValue(Math.floor((c as number) / MS_PER_DAY)));
                break;
              case 'localtime':
                appender.appendTime(new duck.DuckDBTimeValue(BigInt(c as number) * 1000n));
                break;
              case 'text_list':
                appender.appendList(c as readonly string[], listType);
                break;
              default:
                appender.appendVarchar(String(c));
            }
          }
          appender.endRow();
        }
        appender.flushSync();
      } finally {
        appender.closeSync();
      }
    },
    async close() {
      con.closeSync();
      instance.closeSync?.();
    },
  };
}
