import { readFileSync } from 'node:fs';
import {
  cellSql,
  decimalShape,
  fieldSqlType,
  fieldValueType,
  readValue,
  tableColumns,
  type DatabaseInfo,
  type Translation,
  type ValueType,
} from '../sql/index.js';
import { CsvError, parseCsv } from '../sql/csv.js';
import type { Engine } from './engine.js';
import { headerTargets, type DataFile } from './load.js';

/**
 * A CSV data file read by the engine itself (DuckDB's `read_csv`), so 100,000 rows load in a
 * fraction of a second: every column is read as text, each value is checked in SQL against the
 * forms written here and cast to its type, and one INSERT fills the table. The forms are a
 * subset of what load.ts's reader takes (whole numbers of up to 18 digits,
 * `2024-01-31T10:30:00.000Z`, `true`/`false`, ...), each read to the value that reader reads.
 *
 * Anything else — a value in another form (` 5`, `1e3`, a week date), a line the engine does not
 * parse as strict RFC 4180, a field that may not be null left empty, a key or `record_id` given
 * twice — and `null` is returned with nothing loaded: load.ts's reader then loads the file,
 * reading the other forms, or names the file, the line and the field of the first problem.
 */
// Years 0001 to 9999 (what ISO text with 4 digits writes; year 0 is left to load.ts's reader).
const DATE = '(000[1-9]|00[1-9][0-9]|0[1-9][0-9]{2}|[1-9][0-9]{3})-[0-9]{2}-[0-9]{2}';
const TIME = '([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]{1,3})?';
const OFFSET = '(Z|[+-](0[0-9]|1[0-8]):[0-5][0-9])';
// A JSON array of strings without escapes or control characters: what JSON.parse and the engine read alike.
const JSON_SPACE = '[ \\t\\n\\r]*';
const JSON_STRING = '"[^"\\\\\\x00-\\x1f]*"';
const TAGS = `\\[${JSON_SPACE}(${JSON_STRING}${JSON_SPACE}(,${JSON_SPACE}${JSON_STRING}${JSON_SPACE})*)?\\]`;

/**
 * The SQL of a column's value from its text `v`, or NULL when the text is not in a form read
 * here. The forms are checked by regular expressions (the engine's casts take more: spaces,
 * `+`, `1e3`, `24:00`) and a cast that fails (a 31st of February, a whole number past 64 bits)
 * gives NULL too. Instants are cast without their offset, which is then subtracted: the
 * engine's cast of text to TIMESTAMP does not apply one.
 */
function valueSql(t: Translation, v: string, type: ValueType, fieldType: string): string {
  const re = (pattern: string) => `regexp_full_match(${v}, ${t.dialect.string(pattern)})`;
  const when = (pattern: string, sql: string) => `CASE WHEN ${re(pattern)} THEN ${sql} END`;
  switch (type) {
    case 'integer':
      return when('-?[0-9]+', `TRY_CAST(${v} AS BIGINT)`);
    case 'float':
      return `CASE WHEN length(${v}) < 32 AND ${re('-?[0-9]+(\\.[0-9]+)?')} THEN TRY_CAST(${v} AS DOUBLE) END`;
    case 'decimal': {
      const { precision, scale } = decimalShape(fieldType);
      const whole = precision - scale > 0 ? `(0|[1-9][0-9]{0,${precision - scale - 1}})` : '0';
      return when(`-?${whole}${scale > 0 ? `(\\.[0-9]{1,${scale}})?` : ''}`, `TRY_CAST(${v} AS ${fieldSqlType(t.dialect, fieldType)})`);
    }
    case 'boolean':
      return `CASE ${v} WHEN 'true' THEN TRUE WHEN 'false' THEN FALSE END`;
    case 'datetime': {
      // ISO text (no offset: UTC), else epoch milliseconds.
      const sign = `substr(${v}, -6, 1)`;
      const offset = `CASE WHEN ${sign} IN ('+', '-') THEN (CASE ${sign} WHEN '-' THEN -1 ELSE 1 END) * (CAST(substr(${v}, -5, 2) AS BIGINT) * 60 + CAST(substr(${v}, -2, 2) AS BIGINT)) ELSE 0 END`;
      const local = `CASE WHEN right(${v}, 1) = 'Z' THEN left(${v}, -1) WHEN ${sign} IN ('+', '-') THEN left(${v}, -6) ELSE ${v} END`;
      return `CASE WHEN ${re(`${DATE}T${TIME}${OFFSET}?`)} THEN TRY_CAST(${local} AS TIMESTAMP) - to_minutes(${offset}) WHEN ${re('-?[0-9]{1,15}')} THEN make_timestamp(CAST(${v} AS BIGINT) * 1000) END`;
    }
    case 'localdatetime':
      return when(`${DATE}T${TIME}`, `TRY_CAST(${v} AS TIMESTAMP)`);
    case 'localdate':
      return when(DATE, `TRY_CAST(${v} AS DATE)`);
    case 'localtime':
      return when(TIME, `TRY_CAST(${v} AS TIME)`);
    case 'text_list':
      return when(TAGS, `TRY_CAST(from_json(${v}, '["VARCHAR"]') AS VARCHAR[])`);
    default:
      return v;
  }
}

/**
 * Whether the engine reads the file's records as load.ts's reader does, checked in one pass over
 * its bytes: no CR but at a line's end (the reader keeps one inside a line as text, the engine
 * ends the line there); no quote but one that opens a field, closes it (before a comma or the
 * line's end) or is doubled inside it (the engine takes a stray quote in an unquoted field as
 * text, the reader refuses it); every record but a blank line has as many fields as the header
 * (the engine drops a comma at the end of a line with one field too many).
 */
function recordsAsReaderReads(bytes: Buffer, start: number, fields: number): boolean {
  const [CR, LF, QUOTE, COMMA] = [13, 10, 34, 44];
  let count = 1;
  let blank = true;
  let fieldStart = true;
  const n = bytes.length;
  for (let i = start; i < n; i++) {
    const b = bytes[i] as number;
    if (b === QUOTE) {
      if (!fieldStart) return false;
      // The quoted field, to its closing quote (a doubled quote is one quote of the text).
      let close = bytes.indexOf(QUOTE, i + 1);
      while (close >= 0 && bytes[close + 1] === QUOTE) close = bytes.indexOf(QUOTE, close + 2);
      if (close < 0) return false;
      for (let j = bytes.indexOf(CR, i + 1); j >= 0 && j < close; j = bytes.indexOf(CR, j + 1)) if (bytes[j + 1] !== LF) return false;
      const after = bytes[close + 1];
      if (after !== undefined && after !== COMMA && after !== LF && after !== CR) return false;
      i = close;
      fieldStart = false;
      blank = false;
    } else if (b === COMMA) {
      count++;
      fieldStart = true;
      blank = false;
    } else if (b === LF) {
      if (!blank && count !== fields) return false;
      count = 1;
      blank = true;
      fieldStart = true;
    } else if (b === CR) {
      if (bytes[i + 1] !== LF) return false;
    } else {
      fieldStart = false;
      blank = false;
    }
  }
  return blank || count === fields;
}

/** The header line's column names (the file's first line), or null when it is not a plain one. */
function header(bytes: Buffer, start: number): string[] | null {
  const nl = bytes.indexOf(10, start);
  const line = bytes.toString('utf8', start, nl < 0 ? bytes.length : nl).replace(/\r$/, '');
  // A blank first line, a header over several lines: the reader's to read.
  if (line === '') return null;
  if (!line.includes('"')) return line.split(',');
  try {
    const [head] = parseCsv(line);
    return head === undefined ? null : [...head.fields];
  } catch (err) {
    if (err instanceof CsvError) return null;
    throw err;
  }
}

/** Loads a CSV file into `table` through the engine: the largest `record_id` loaded, or null when load.ts's reader is to load it. */
export async function engineCsv(
  engine: Engine,
  t: Translation,
  info: DatabaseInfo,
  table: string,
  file: DataFile,
  now: number,
  idsAfter: bigint,
): Promise<bigint | null> {
  const bytes = readFileSync(file.path);
  if (bytes.length === 0) return idsAfter;
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const names = header(bytes, start);
  if (names === null || !recordsAsReaderReads(bytes, start, names.length)) return null;
  // Unknown columns and columns given twice are errors here as there.
  const targets = headerTargets(info, names, file.path, 1);
  const columns = targets.map((_, i) => t.q(`c${i + 1}`));
  const at = new Map(targets.map((x, i) => [x.kind === 'field' ? x.field.name : x.name, columns[i] as string] as const));
  const ord = t.q('dsq line');
  const bad = `error('dsq: not a form read here')`;
  // A value in a form read here, else an error that leaves the load to load.ts's reader.
  const value = (name: string, type: ValueType, fieldType = ''): string | null => {
    const v = at.get(name);
    return v === undefined ? null : `CASE WHEN ${v} IS NULL THEN NULL ELSE COALESCE(${valueSql(t, v, type, fieldType)}, ${bad}) END`;
  };
  const id = (name: string): string | null => {
    const v = at.get(name);
    return v === undefined
      ? null
      : `CASE WHEN ${v} IS NULL THEN NULL WHEN regexp_full_match(${v}, '[0-9]{1,18}') AND CAST(${v} AS BIGINT) > 0 THEN CAST(${v} AS BIGINT) ELSE ${bad} END`;
  };
  const after = `CAST(${idsAfter} AS BIGINT)`;
  const rid = id('record_id');
  const db = at.get('database_id');
  const insertAt = value('insert_at', 'datetime');
  const now_ = cellSql(t.dialect, 'datetime', now);
  const list = [
    // Records without a record_id get the next ids in file order, past the largest given.
    rid === null
      ? `${after} + ${ord}`
      : `COALESCE(${rid}, greatest(${after}, COALESCE(max(${rid}) OVER (), 0)) + sum(CASE WHEN ${at.get('record_id')} IS NULL THEN 1 ELSE 0 END) OVER (ORDER BY ${ord} ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW))`,
    db === undefined ? `CAST(${info.id} AS BIGINT)` : `CASE WHEN ${db} IS NULL OR ${db} = '${info.id}' THEN CAST(${info.id} AS BIGINT) ELSE ${bad} END`,
    id('parent_id') ?? 'NULL',
    insertAt === null ? now_ : `COALESCE(${insertAt}, ${now_})`,
    value('update_at', 'datetime') ?? 'NULL',
    value('tags', 'text_list') ?? 'NULL',
    ...info.database.fields.map((f) => {
      const type = fieldValueType(f.type);
      const sql = value(f.name, type, f.type);
      if (sql !== null) return sql;
      const def = f.def !== undefined ? readValue(f, { kind: 'string', text: f.def }, true) : null;
      return def?.ok === true ? cellSql(t.dialect, type, def.cell, f.type) : 'NULL';
    }),
  ];
  const read = `read_csv(${t.dialect.string(file.path)}, columns = {${columns.map((c) => `${t.dialect.string(c.slice(1, -1))}: 'VARCHAR'`).join(', ')}}, header = true, auto_detect = false, delim = ',', quote = '"', escape = '"', strict_mode = true, null_padding = false)`;
  // load.ts's reader skips blank lines: of a one-column file, also a line holding only "".
  const blank = columns.length === 1 ? ` WHERE ${columns[0]} IS NOT NULL` : '';
  // row_number() OVER () streams in file order (DuckDB's streaming window): the line order of the records.
  const rows = `(SELECT *, row_number() OVER () AS ${ord} FROM ${read}${blank})`;
  const target = t.q(table);
  try {
    // The table's NOT NULL constraints check the fields that may not be null; one statement, so all rows or none.
    await engine.exec(
      `INSERT INTO ${target} (${tableColumns(info)
        .map((c) => t.q(c))
        .join(', ')}) SELECT ${list.join(', ')} FROM ${rows} AS ${t.q('dsq rows')}`,
    );
  } catch {
    return null;
  }
  const twice = [[t.q('record_id')], ...(info.keys.length > 0 ? [info.keys.map((k) => t.q(k.name))] : [])].map(
    (cols) => `SELECT 1 FROM ${target} GROUP BY ${cols.join(', ')} HAVING count(*) > 1`,
  );
  if ((await engine.query(`${twice.join(' UNION ALL ')} LIMIT 1`)).length > 0) {
    await engine.exec(`DELETE FROM ${target}`);
    return null;
  }
  const [max] = await engine.query(`SELECT COALESCE(max(${t.q('record_id')}), ${after}) FROM ${target}`);
  return BigInt(max?.[0] as bigint);
}
