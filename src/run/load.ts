import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DsqError } from '../diagnostic/diagnostic.js';
import { didYouMean } from '../diagnostic/suggest.js';
import { readSpecJsonResult } from '../json/read-text.js';
import type { JsonValue } from '../json/value.js';
import type { SchemaField } from '../schema/index.js';
import { findField } from '../schema/index.js';
import { STORED_ATTRIBUTES, tableColumns, readValue, fieldValueType, type Cell, type DatabaseInfo, type Given, type ValueType } from '../sql/index.js';
import { parseCsv, CsvError } from '../sql/csv.js';
import type { EngineColumn } from './engine.js';

/**
 * A data directory (`--data DIR`, `openLocal({ data })`): one file per database and table,
 * `DIR/<group>/.../<database path>.{csv,jsonl,parquet}` and `<database path>@trash.<ext>` for the
 * trash table. The first row of a CSV names its columns (fields by name or label, and the
 * attributes `record_id`, `parent_id`, `insert_at`, `update_at`, `tags`); a JSONL line is a
 * record object. An empty CSV field is NULL; a value that does not fit its field is an error
 * naming the file, the line and the field; a missing file is an empty table.
 */
export const DATA_FORMATS = ['csv', 'jsonl', 'parquet'] as const;
export type DataFormat = (typeof DATA_FORMATS)[number];

export interface DataFile {
  readonly path: string;
  readonly format: DataFormat;
}

/** The data file of a table, or null when there is none (an empty table). Two files for one table are an error. */
export function dataFile(dir: string, info: DatabaseInfo, trash: boolean): DataFile | null {
  const base = join(dir, ...info.entry.groups, `${info.file}${trash ? '@trash' : ''}`);
  const found = DATA_FORMATS.filter((f) => existsSync(`${base}.${f}`));
  if (found.length > 1) throw dataError(`${base}.*`, 0, `two data files for one table: ${found.map((f) => `${base}.${f}`).join(', ')}`);
  return found.length === 1 ? { path: `${base}.${found[0]}`, format: found[0] as DataFormat } : null;
}

export function dataError(file: string, line: number, message: string): DsqError {
  return new DsqError([{ code: 'run/bad-data', severity: 'error', message: `${file}${line > 0 ? `:${line}` : ''}: ${message}` }]);
}

/** The engine columns of a record table: the attributes, then the fields, with their value types. */
export function engineColumns(info: DatabaseInfo): EngineColumn[] {
  const types = new Map<string, ValueType>([
    ...STORED_ATTRIBUTES.map((a) => [a.name, a.type.value] as const),
    ...info.database.fields.map((f) => [f.name, fieldValueType(f.type)] as const),
  ]);
  return tableColumns(info).map((name) => ({ name, type: types.get(name) as ValueType }));
}

/** What a column of a data file holds: an attribute, or a field. */
export type Target = { readonly kind: 'attribute'; readonly name: string } | { readonly kind: 'field'; readonly field: SchemaField };

/** The attribute or field a column name (a CSV header's, a JSONL member's) names, or an error with did-you-mean. */
export function target(info: DatabaseInfo, name: string, file: string, line: number): Target {
  const lower = name.trim().toLowerCase();
  if (STORED_ATTRIBUTES.some((a) => a.name === lower)) return { kind: 'attribute', name: lower };
  const field = findField(info.database, name.trim());
  if (field) return { kind: 'field', field };
  const names = [...info.database.fields.map((f) => f.name), ...STORED_ATTRIBUTES.map((a) => a.name)];
  throw dataError(file, line, `"${name}" is neither a field of "${info.entry.path}" nor a record attribute${didYouMean(name, names)}`);
}

/** The targets of a line's column names, none named twice (by name and label, or in two cases). */
export function headerTargets(info: DatabaseInfo, names: readonly string[], file: string, line: number): Target[] {
  const targets = names.map((name) => target(info, name, file, line));
  const seen = new Set<string>();
  for (const t of targets) {
    const name = t.kind === 'field' ? t.field.name : t.name;
    if (seen.has(name)) throw dataError(file, line, `the column "${name}" is given twice (by name and label?)`);
    seen.add(name);
  }
  return targets;
}

/** Reads the rows of a CSV or JSONL file as cells in engine column order, every value checked. */
export function readRows(file: DataFile, info: DatabaseInfo, now: number, idsAfter = 0n): Cell[][] {
  const text = readFileSync(file.path, 'utf8');
  const columns = tableColumns(info);
  const index = new Map(columns.map((c, i) => [c, i] as const));
  const rows: Cell[][] = [];
  const reader = new RowReader(info, file.path, now);
  if (file.format === 'csv') {
    let records;
    try {
      records = parseCsv(text);
    } catch (err) {
      if (err instanceof CsvError) throw dataError(file.path, err.line, err.message);
      throw err;
    }
    const [head, ...body] = records;
    if (head === undefined) return [];
    const targets = headerTargets(info, head.fields, file.path, head.line);
    for (const r of body) {
      if (r.fields.length !== targets.length)
        throw dataError(file.path, r.line, `${r.fields.length} fields, but the first line names ${targets.length} columns`);
      rows.push(reader.textRow(targets, r.fields, r.line, index));
    }
  } else {
    const all = text.split('\n');
    all.forEach((raw, i) => {
      if (raw.trim() === '') return;
      const read = readSpecJsonResult(raw);
      const line = i + 1;
      if (read.value === undefined || read.diagnostics.some((d) => d.severity === 'error')) {
        throw dataError(file.path, line, read.diagnostics[0]?.message ?? 'not a JSON object');
      }
      const value = read.value;
      if (value.type !== 'object') throw dataError(file.path, line, 'each line is a record object ({"field": value, ...})');
      const targets = headerTargets(
        info,
        value.members.map((m) => m.rawKey),
        file.path,
        line,
      );
      const given = value.members.map((m, k) => [targets[k] as Target, jsonGiven(m.value, file.path, line)] as const);
      rows.push(reader.row(given, line, false, index));
    });
  }
  reader.assignIds(rows, index, idsAfter);
  return rows;
}

function jsonGiven(v: JsonValue, file: string, line: number): Given | readonly string[] {
  switch (v.type) {
    case 'null':
    case 'undefined':
      return { kind: 'null' };
    case 'number':
      return { kind: 'number', text: v.text };
    case 'string':
      return { kind: 'string', text: v.value };
    case 'boolean':
      return { kind: 'boolean', value: v.value };
    case 'array':
      return v.items.map((item) => {
        if (item.type !== 'string') throw dataError(file, line, 'tags are an array of strings');
        return item.value;
      });
    case 'object':
      throw dataError(file, line, 'a field value is a JSON value, not an object');
  }
}

/** Reads one row's values into cells, and remembers record ids and keys to find duplicates. */
class RowReader {
  private readonly ids = new Map<bigint, number>();
  private readonly keys = new Map<string, number>();

  constructor(
    private readonly info: DatabaseInfo,
    private readonly file: string,
    private readonly now: number,
  ) {}

  /** A CSV row: each field's text (empty: NULL), the columns the first line named. */
  textRow(targets: readonly Target[], fields: readonly string[], line: number, index: ReadonlyMap<string, number>): Cell[] {
    const cells: Cell[] = new Array<Cell>(index.size).fill(null);
    for (let i = 0; i < targets.length; i++) {
      const text = fields[i] as string;
      if (text === '') continue;
      const t = targets[i] as Target;
      if (t.kind === 'field') {
        const r = readValue(t.field, { kind: 'string', text }, true);
        if (!r.ok) throw dataError(this.file, line, `field "${t.field.name}": ${r.problem}`);
        cells[index.get(t.field.name) as number] = r.cell;
      } else {
        cells[index.get(t.name) as number] = this.attribute(t.name, { kind: 'string', text }, line);
      }
    }
    return this.finish(cells, targets, line, index);
  }

  row(given: readonly (readonly [Target, Given | readonly string[]])[], line: number, fromText: boolean, index: ReadonlyMap<string, number>): Cell[] {
    const cells: Cell[] = new Array<Cell>(index.size).fill(null);
    for (const [t, g] of given) {
      if (t.kind === 'field') {
        if (Array.isArray(g)) throw dataError(this.file, line, `the field "${t.field.name}" takes one value, not an array`);
        const r = readValue(t.field, g as Given, fromText);
        if (!r.ok) throw dataError(this.file, line, `field "${t.field.name}": ${r.problem}`);
        cells[index.get(t.field.name) as number] = r.cell;
      } else {
        cells[index.get(t.name) as number] = this.attribute(t.name, g, line);
      }
    }
    return this.finish(
      cells,
      given.map(([t]) => t),
      line,
      index,
    );
  }

  private absent: { targets: readonly Target[]; fields: readonly SchemaField[] } | null = null;

  /** Defaults of the fields not given, the checks of a whole row, the record id and key remembered. */
  private finish(cells: Cell[], targets: readonly Target[], line: number, index: ReadonlyMap<string, number>): Cell[] {
    if (this.absent?.targets !== targets) {
      const named = new Set(targets.map((t) => (t.kind === 'field' ? t.field.name : t.name)));
      this.absent = { targets, fields: this.info.database.fields.filter((f) => !named.has(f.name)) };
    }
    for (const f of this.absent.fields) {
      if (f.def !== undefined) {
        const r = readValue(f, { kind: 'string', text: f.def }, true);
        if (r.ok) cells[index.get(f.name) as number] = r.cell;
      }
    }
    for (const f of this.info.database.fields) {
      const at = index.get(f.name) as number;
      if (cells[at] === null && !f.nul) throw dataError(this.file, line, `field "${f.name}" has no value, and it may not be null`);
    }
    if (cells[index.get('insert_at') as number] === null) cells[index.get('insert_at') as number] = this.now;
    cells[index.get('database_id') as number] = BigInt(this.info.id);
    const id = cells[index.get('record_id') as number] as bigint | null;
    if (id !== null) {
      const before = this.ids.get(id);
      if (before !== undefined) throw dataError(this.file, line, `record_id ${id} is also on line ${before}`);
      this.ids.set(id, line);
    }
    if (this.info.keys.length > 0) {
      const key =
        this.info.keys.length === 1
          ? String(cells[index.get((this.info.keys[0] as SchemaField).name) as number])
          : JSON.stringify(this.info.keys.map((k) => String(cells[index.get(k.name) as number])));
      const before = this.keys.get(key);
      if (before !== undefined) throw dataError(this.file, line, `the key (${this.info.keys.map((k) => k.name).join(', ')}) is also on line ${before}`);
      this.keys.set(key, line);
    }
    return cells;
  }

  private attribute(name: string, g: Given | readonly string[], line: number): Cell {
    const bad = (what: string) => dataError(this.file, line, `"${name}" is ${what}`);
    if (Array.isArray(g)) {
      if (name !== 'tags') throw bad('one value, not an array');
      return g as readonly string[];
    }
    const v = g as Given;
    if (v.kind === 'null') return null;
    if (name === 'tags') {
      if (v.kind !== 'string') throw bad('an array of strings');
      let parsed: unknown;
      try {
        parsed = JSON.parse(v.text);
      } catch {
        parsed = null;
      }
      if (!Array.isArray(parsed) || parsed.some((x) => typeof x !== 'string')) throw bad('a JSON array of strings (["a","b"])');
      return parsed as string[];
    }
    const text = v.kind === 'boolean' ? String(v.value) : v.text;
    if (name === 'insert_at' || name === 'update_at') {
      const r = readValue({ name, label: name, type: 'datetime', nul: true, key: false }, v, true);
      if (!r.ok) throw bad(`a datetime: ${r.problem}`);
      return r.cell;
    }
    // record_id, database_id, parent_id: whole numbers from 1.
    if (!/^\s*\d+\s*$/.test(text) || BigInt(text.trim()) < 1n || BigInt(text.trim()) > 9223372036854775807n)
      throw bad(`a whole number from 1, got ${JSON.stringify(text)}`);
    const n = BigInt(text.trim());
    if (name === 'database_id' && n !== BigInt(this.info.id))
      throw bad(`${this.info.id} for "${this.info.entry.path}" (a local run numbers the databases in schema order), got ${n}`);
    return n;
  }

  /** Records without a `record_id` get the next ones, in file order. */
  assignIds(rows: Cell[][], index: ReadonlyMap<string, number>, after: bigint): void {
    const at = index.get('record_id') as number;
    let next = after;
    for (const id of this.ids.keys()) if (id > next) next = id;
    for (const row of rows) if (row[at] === null) row[at] = ++next;
  }
}
