import { DUCKDB, POSTGRES, type Dialect, type DialectName } from '../sql/dialect.js';
import { SqlError } from '../sql/errors.js';
import type { Cell, ValueType } from '../sql/index.js';

/**
 * An SQL engine as a local run uses it. The engines are optional peer dependencies, loaded with
 * `import()` only when a run opens one (`import 'dsq'` and `import 'dsq/run'` load none), with a
 * message saying what to install when one is missing.
 *
 * Values come back normalised: whole numbers as bigint, floats as numbers, decimals as exact
 * text (`{ decimal }`), datetimes as milliseconds (`{ ms, kind }`), lists as arrays.
 */
export type EngineValue =
  | null
  | boolean
  | number
  | bigint
  | string
  | { readonly decimal: string }
  | { readonly ms: number; readonly kind: 'timestamp' | 'date' | 'time' }
  | readonly EngineValue[];

export interface EngineColumn {
  readonly name: string;
  readonly type: ValueType;
}

export interface Engine {
  readonly name: DialectName;
  readonly dialect: Dialect;
  /** Rows of a query, as arrays of values in column order. */
  query(sql: string): Promise<EngineValue[][]>;
  /** Runs a statement; the number of rows it changed. */
  exec(sql: string): Promise<number>;
  /** Appends rows to a table (the data loader). */
  append(table: string, columns: readonly EngineColumn[], rows: readonly (readonly Cell[])[]): Promise<void>;
  /** Whether the engine reads data files itself (DuckDB's `read_csv`, `read_parquet`) and writes Parquet (`COPY ... TO`). */
  readonly readsFiles: boolean;
  close(): Promise<void>;
}

export type EngineName = DialectName;

/** The npm package of each engine. */
export const ENGINE_PACKAGES: Readonly<Record<EngineName, string>> = {
  duckdb: '@duckdb/node-api',
  postgres: '@electric-sql/pglite',
};

/**
 * The engines whose package is CommonJS, loaded with `require`: `@duckdb/node-api` is 124
 * CommonJS files, and `import()` of it has Node scan each one for its exports (0.25 s of CPU,
 * a third of `dsq run`'s cold start).
 */
const COMMONJS: Readonly<Record<EngineName, boolean>> = { duckdb: true, postgres: false };

/** Loads an optional peer dependency, or says how to install it. */
export async function importEngine<T>(name: EngineName, pkg: string = ENGINE_PACKAGES[name]): Promise<T> {
  const { createRequire } = await import('node:module');
  const { pathToFileURL } = await import('node:url');
  // This module's place; in dsq's own CLI build (CommonJS bundles: bin/build-cli.cjs) there is no
  // import.meta.url, and the bin script's place (process.argv[1]) is inside the package too.
  const here = (import.meta.url as string | undefined) ?? pathToFileURL(process.argv[1] ?? `${process.cwd()}/package.json`).href;
  const load = async (from: string): Promise<T> => {
    const req = createRequire(from);
    if (COMMONJS[name]) return req(pkg) as T;
    return (from === import.meta.url ? await import(pkg) : await import(pathToFileURL(req.resolve(pkg)).href)) as T;
  };
  try {
    return await load(here);
  } catch (err) {
    if (!isNotFound(err)) throw err;
  }
  // Not beside dsq (a global or npx install): the project's own copy, found from the working folder.
  try {
    return await load(`${process.cwd()}/package.json`);
  } catch (err) {
    if (!isNotFound(err)) throw err;
  }
  throw new SqlError('run/engine-missing', `the ${name} engine needs the package ${pkg}, which is not installed`, null, `npm install --save-dev ${pkg}`);
}

function isNotFound(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}

/** Opens an engine by name (DuckDB, in memory, by default). */
export async function openEngine(name: EngineName = 'duckdb'): Promise<Engine> {
  if (name === 'duckdb') return (await import('./duckdb.js')).openDuckDb();
  if (name === 'postgres') return (await import('./postgres.js')).openPostgres();
  throw new SqlError('run/unknown-engine', `unknown engine ${JSON.stringify(name)}: expected duckdb or postgres`);
}

export { DUCKDB, POSTGRES };
