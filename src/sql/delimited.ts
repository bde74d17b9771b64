import type { DelimitedRecords } from '../ast/data-actions.js';
import type { SchemaField } from '../schema/index.js';
import { fieldOf, type DatabaseInfo } from './catalog.js';
import { CsvError, parseCsv } from './csv.js';
import { SqlError } from './errors.js';
import type { Translation } from './name-resolution.js';
import { fieldValueType } from './types.js';
import { cellSql, readValue } from './values.js';
import type { StageRow } from './writes.js';

/**
 * The records of INSERT, REPLACE and SET given as delimiter-separated data (the spec's
 * "Records": `type` csv, tsv or dsv, the data as a binary object, `delimiter`, `quote`), read
 * as RFC 4180 with that delimiter (csv: a comma, tsv: a tab) and quote (`"`). The spec shows no
 * more of the format; a local run chooses (spec/run-choices.ts, "Delimited records"): the first line
 * names the columns, fields by name or label (any case), each once; an empty field is NULL; a
 * value is read as a data file's text is (`5` for a whole number, `true`, ISO datetimes). The
 * data is the text or base64 object's content; an uploaded object is not available (no store).
 */
const DEFAULT_DELIMITER = { csv: ',', tsv: '\t' } as const;

export function delimitedRows(t: Translation, info: DatabaseInfo, d: DelimitedRecords): StageRow[] {
  const fail = (message: string) => new SqlError('run/bad-records', message, d);
  if (d.file.form === 'object')
    throw new SqlError(
      'run/unavailable',
      `the records are in the uploaded object "${d.file.value}": a local run has no object store, so give the data as a text or base64 object`,
      d,
    );
  let text = d.file.value;
  if (d.file.form === 'base64') {
    const compact = text.replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1)
      throw fail("the records' base64 object is not base64 (RFC 4648: A-Z, a-z, 0-9, +, /, = at the end)");
    text = Buffer.from(compact, 'base64').toString('utf8');
  }
  const delimiter = d.delimiter ?? (d.format === 'dsv' ? null : DEFAULT_DELIMITER[d.format]);
  if (delimiter === null) throw fail('dsv records need a delimiter');
  const quote = d.quote ?? '"';
  for (const [what, s] of [
    ['delimiter', delimiter],
    ['quote', quote],
  ] as const) {
    if (s === '' || /[\r\n]/.test(s)) throw fail(`the ${what} of delimited records must be one or more characters, no line break (got ${JSON.stringify(s)})`);
  }
  if (delimiter === quote) throw fail(`the delimiter and the quote of delimited records are the same (${JSON.stringify(quote)})`);
  let records;
  try {
    records = parseCsv(text, delimiter, quote);
  } catch (err) {
    if (err instanceof CsvError) throw fail(`the delimited records, line ${err.line}: ${err.message.replace(/^line \d+: /, '')}`);
    throw err;
  }
  const [head, ...body] = records;
  if (head === undefined) return [];
  const columns: SchemaField[] = [];
  for (const name of head.fields) {
    const f = fieldOf(info, name.trim(), d);
    if (columns.includes(f)) throw fail(`the first line of the delimited records names the field "${f.name}" twice (by name and label?)`);
    columns.push(f);
  }
  return body.map((r) => {
    if (r.fields.length !== columns.length)
      throw fail(`the delimited records, line ${r.line}: ${r.fields.length} fields, but the first line names ${columns.length}`);
    const values = new Map<SchemaField, string>();
    r.fields.forEach((text, i) => {
      const f = columns[i] as SchemaField;
      const read = readValue(f, text === '' ? { kind: 'null' } : { kind: 'string', text }, true);
      if (!read.ok) throw new SqlError('run/bad-value', `the delimited records, line ${r.line}: ${read.problem}`, d);
      values.set(f, cellSql(t.dialect, fieldValueType(f.type), read.cell, f.type));
    });
    return { values, tags: null };
  });
}
