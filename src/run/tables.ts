import { mkdirSync, renameSync, rmSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DsqError } from '../diagnostic/diagnostic.js';
import {
  cellSql,
  createTableSql,
  fieldSqlType,
  readValue,
  STORED_ATTRIBUTES,
  tableColumns,
  Translation,
  type Catalog,
  type DatabaseInfo,
} from '../sql/index.js';
import { csvField } from '../sql/csv.js';
import { cellText, jsonText, outValue } from './encode.js';
import type { Engine, EngineColumn, EngineValue } from './engine.js';
import { engineCsv } from './engine-csv.js';
import { engineJsonl } from './engine-jsonl.js';
import { dataError, dataFile, engineColumns, readRows, type DataFile, type DataFormat } from './load.js';

/**
 * The engine's tables of a schema: created empty, filled from a data directory (CSV and JSONL
 * read and checked here, Parquet read by the engine), and written back (`save`) in the formats
 * they were read from, the whole directory at once or not at all.
 */
export interface LoadOptions {
  readonly dir: string | null;
  readonly now: number;
  /** Parquet files as views, read where they lie (no load): writes are refused. */
  readonly readOnly: boolean;
}

/** The format of the file each table was loaded from (by engine table name): what `saveTables` writes it back as. */
export type TableFormats = ReadonlyMap<string, DataFormat>;

export async function createTables(engine: Engine, catalog: Catalog, options: LoadOptions): Promise<TableFormats> {
  const t = new Translation(catalog, engine.dialect);
  const formats = new Map<string, DataFormat>();
  for (const info of catalog.databases) {
    const records = options.dir !== null ? dataFile(options.dir, info, false) : null;
    const trash = options.dir !== null && info.trash !== null ? dataFile(options.dir, info, true) : null;
    if (trash !== null && info.trash === null) throw dataError(trash.path, 0, `"${info.entry.path}" has no trash feature, so no trash table`);
    let last = 0n;
    for (const [table, file] of [[info.table, records], ...(info.trash !== null ? [[info.trash, trash] as const] : [])] as const) {
      if (file !== null) formats.set(table, file.format);
      if (file !== null && file.format === 'parquet') {
        await parquetTable(engine, t, info, table, file, options);
      } else {
        await engine.exec(createTableSql(t, info, table));
        const viaEngine = file === null || !engine.readsFiles ? null : file.format === 'csv' ? engineCsv : engineJsonl;
        const loaded = file !== null && viaEngine !== null ? await viaEngine(engine, t, info, table, file, options.now, last) : null;
        if (loaded !== null) last = loaded;
        else if (file !== null) {
          const rows = readRows(file, info, options.now, last);
          const at = tableColumns(info).indexOf('record_id');
          for (const r of rows) if ((r[at] as bigint) > last) last = r[at] as bigint;
          await engine.append(table, engineColumns(info), rows);
        }
      }
    }
    if (info.trash !== null && (records !== null || trash !== null)) {
      const both = await engine.query(
        `SELECT ${t.q('record_id')} FROM ${t.q(info.table)} INTERSECT SELECT ${t.q('record_id')} FROM ${t.q(info.trash)} LIMIT 1`,
      );
      if (both.length > 0)
        throw dataError(
          trash?.path ?? records?.path ?? '',
          0,
          `record_id ${String(both[0]?.[0])} is both in the records and in the trash of "${info.entry.path}"`,
        );
    }
  }
  return formats;
}

const q = (t: Translation, s: string) => t.q(s);

/** A Parquet file as a table (loaded) or a view (read-only), its columns mapped to the fields and attributes, values cast to the fields' types. */
async function parquetTable(engine: Engine, t: Translation, info: DatabaseInfo, table: string, file: DataFile, options: LoadOptions): Promise<void> {
  if (!engine.readsFiles) throw dataError(file.path, 0, `the ${engine.name} engine cannot read Parquet files: use duckdb, or CSV or JSONL data`);
  const source = `read_parquet(${t.dialect.string(file.path)})`;
  let described;
  try {
    described = await engine.query(`DESCRIBE SELECT * FROM ${source}`);
  } catch (err) {
    throw dataError(file.path, 0, (err as Error).message.split('\n')[0] ?? 'cannot read the file');
  }
  const present = new Map<string, string>();
  for (const row of described) {
    const name = String(row[0]);
    const lower = name.toLowerCase();
    const attr = STORED_ATTRIBUTES.find((a) => a.name === lower);
    const field = attr ? null : info.database.fields.find((f) => f.name.toLowerCase() === lower || f.label.toLowerCase() === lower);
    if (!attr && !field) throw dataError(file.path, 0, `the column "${name}" is neither a field of "${info.entry.path}" nor a record attribute`);
    present.set(attr ? attr.name : (field?.name as string), name);
  }
  const cols = engineColumnsSql(t, info, present, options.now);
  const select = `SELECT ${cols.join(', ')} FROM ${source}`;
  try {
    if (options.readOnly) await engine.exec(`CREATE VIEW ${q(t, table)} AS ${select}`);
    else {
      await engine.exec(createTableSql(t, info, table));
      await engine.exec(`INSERT INTO ${q(t, table)} ${select}`);
    }
  } catch (err) {
    throw dataError(file.path, 0, (err as Error).message.split('\n')[0] ?? 'cannot load the file');
  }
}

function engineColumnsSql(t: Translation, info: DatabaseInfo, present: ReadonlyMap<string, string>, now: number): string[] {
  const types = new Map(engineColumns(info).map((c) => [c.name, c.type] as const));
  return tableColumns(info).map((name) => {
    const from = present.get(name);
    const type = types.get(name) as Parameters<typeof cellSql>[1];
    const field = info.database.fields.find((f) => f.name === name);
    const sqlType = field ? fieldSqlType(t.dialect, field.type) : null;
    if (from !== undefined && name !== 'database_id')
      return `CAST(${q(t, from)} AS ${sqlType ?? t.dialect.type(type === 'integer' ? 'bigint' : type === 'text_list' ? 'text_list' : type === 'datetime' ? 'timestamp' : 'text')}) AS ${q(t, name)}`;
    if (name === 'record_id') return `CAST(row_number() OVER () AS BIGINT) AS ${q(t, name)}`;
    if (name === 'database_id') return `CAST(${info.id} AS BIGINT) AS ${q(t, name)}`;
    if (name === 'insert_at') return `${cellSql(t.dialect, 'datetime', now)} AS ${q(t, name)}`;
    if (field?.def !== undefined) {
      const r = readValue(field, { kind: 'string', text: field.def }, true);
      if (r.ok) return `${cellSql(t.dialect, type, r.cell, field.type)} AS ${q(t, name)}`;
    }
    return `NULL AS ${q(t, name)}`;
  });
}

/**
 * Writes every table under `dir` (and the schema beside them) in the format it was loaded from
 * (`formats`: CSV, JSONL or Parquet; CSV for a table that had no file), into a new folder first,
 * which then takes the place of `dir`. An empty table gets no file (a missing file is an empty table).
 */
export async function saveTables(engine: Engine, catalog: Catalog, dir: string, schemaText: string, formats: TableFormats = new Map()): Promise<void> {
  const target = resolve(dir);
  const temp = `${target}.dsq-saving-${process.pid}`;
  rmSync(temp, { recursive: true, force: true });
  try {
    mkdirSync(temp, { recursive: true });
    writeFileSync(join(temp, 'schema.json'), schemaText);
    const t = new Translation(catalog, engine.dialect);
    for (const info of catalog.databases) {
      for (const [table, trash] of [[info.table, false], ...(info.trash ? [[info.trash, true] as const] : [])] as const) {
        const columns = engineColumns(info).filter((c) => c.name !== 'database_id' && (c.name !== 'parent_id' || info.parent !== null));
        const select = `SELECT ${columns.map((c) => t.q(c.name)).join(', ')} FROM ${t.q(table)} ORDER BY ${t.q('record_id')}`;
        const format = formats.get(table) ?? 'csv';
        const file = join(temp, ...info.entry.groups, `${info.file}${trash ? '@trash' : ''}.${format}`);
        if (format === 'parquet') {
          if ((await engine.query(`SELECT 1 FROM ${t.q(table)} LIMIT 1`)).length === 0) continue;
          mkdirSync(dirname(file), { recursive: true });
          await engine.exec(`COPY (${select}) TO ${t.dialect.string(file)} (FORMAT parquet)`);
          continue;
        }
        const rows = await engine.query(select);
        if (rows.length === 0) continue;
        mkdirSync(dirname(file), { recursive: true });
        const out = (row: readonly EngineValue[]) => row.map((v, i) => outValue(v, { value: (columns[i] as EngineColumn).type, name: '' }));
        const lines =
          format === 'jsonl'
            ? rows.map((row) => jsonText(Object.fromEntries(out(row).map((v, i) => [(columns[i] as EngineColumn).name, v]))))
            : [
                columns.map((c) => csvField(c.name)).join(','),
                ...rows.map((row) =>
                  out(row)
                    .map((v) => csvField(cellText(v)))
                    .join(','),
                ),
              ];
        writeFileSync(file, `${lines.join('\n')}\n`);
      }
    }
    const old = `${target}.dsq-old-${process.pid}`;
    if (existsSync(target)) {
      if (readdirSync(target).length > 0 && !existsSync(join(target, 'schema.json'))) {
        throw new DsqError([
          { code: 'run/save-target', severity: 'error', message: `${dir} holds files and is not a data directory (no schema.json): not replaced` },
        ]);
      }
      renameSync(target, old);
    }
    renameSync(temp, target);
    rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
