import type { DateTimeKind } from '../ast/datetime.js';
import { INT64_MAX, INT64_MIN } from '../ast/numbers.js';
import { fieldCategory } from '../schema/typemap.js';
import { formatDateTime, SqlError, type ResultType } from '../sql/index.js';
import { csvField } from '../sql/csv.js';
import type { EngineValue } from './engine.js';

/**
 * Engine values as the service writes them: whole numbers exact (every digit of 64 bits, never
 * through a JS number), floats in their shortest form, decimals as their exact text, datetimes as
 * ISO text (choices.ts, "Datetimes"), NULL as null. `Out` is that value tree; `jsonText` writes it.
 */
export class ExactNumber {
  constructor(readonly text: string) {}
  toJSON(): string {
    return this.text;
  }
}

export type Out = null | boolean | string | ExactNumber | readonly Out[] | { readonly [key: string]: Out };

const DATETIME_KIND: Readonly<Partial<Record<ResultType['value'], DateTimeKind>>> = {
  datetime: 'datetime',
  localdatetime: 'localdatetime',
  localdate: 'localdate',
  localtime: 'localtime',
};

/** A value of a result column, as output. `useStrings`: every value as a JSON string (the SELECT action's option). */
export function outValue(v: EngineValue, type: ResultType, useStrings = false): Out {
  const out = plain(v, type);
  if (!useStrings || out === null || typeof out === 'string') return out;
  if (out instanceof ExactNumber) return out.text;
  if (typeof out === 'boolean') return String(out);
  return jsonText(out);
}

function plain(v: EngineValue, type: ResultType): Out {
  if (v === null) return null;
  if (typeof v === 'bigint') {
    if (v < INT64_MIN || v > INT64_MAX)
      throw new SqlError('run/out-of-range', `the whole number ${v} is outside the signed 64-bit range (the spec's range): a sum or product grew past it`);
    return new ExactNumber(v.toString());
  }
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new SqlError('run/out-of-range', `a float result is ${v}, outside the 64-bit float range JSON can write`);
    if (type.value === 'integer' && Number.isInteger(v)) return new ExactNumber(BigInt(v).toString());
    return new ExactNumber(Object.is(v, -0) ? '0' : String(v));
  }
  if (typeof v === 'boolean' || typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map((x: EngineValue) => plain(x, { value: 'text', name: 'utf8text' }));
  if ('decimal' in v) return new ExactNumber(v.decimal.replace(/^(-?)0+(?=\d)/, '$1'));
  if ('ms' in v) {
    const fallback: DateTimeKind = v.kind === 'date' ? 'localdate' : v.kind === 'time' ? 'localtime' : 'localdatetime';
    return formatDateTime(DATETIME_KIND[type.value] ?? fallback, v.ms);
  }
  return String(v);
}

/** JSON text of an output value: exact numbers as written, the rest as JSON.stringify writes it. */
export function jsonText(out: Out): string {
  if (out === null) return 'null';
  if (out instanceof ExactNumber) return out.text;
  if (typeof out === 'string' || typeof out === 'boolean') return JSON.stringify(out);
  if (Array.isArray(out)) return `[${out.map(jsonText).join(',')}]`;
  return `{${Object.entries(out as Record<string, Out>)
    .map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`)
    .join(',')}}`;
}

/** A response as JSON text: objects and arrays of rows one per line, so a diff reads row by row. */
export function responseJson(out: Out): string {
  if (Array.isArray(out)) return out.length === 0 ? '[]' : `[\n${out.map((x) => `  ${responseJson(x).split('\n').join('\n  ')}`).join(',\n')}\n]`;
  if (out !== null && typeof out === 'object' && !(out instanceof ExactNumber)) {
    const entries = Object.entries(out as Record<string, Out>);
    return `{\n${entries.map(([k, v]) => `  ${JSON.stringify(k)}: ${k === 'rows' || k === 'records' ? rowsJson(v) : jsonText(v)}`).join(',\n')}\n}`;
  }
  return jsonText(out);
}

function rowsJson(v: Out): string {
  if (!Array.isArray(v) || v.length === 0) return jsonText(v);
  return `[\n${(v as Out[]).map((r) => `    ${jsonText(r)}`).join(',\n')}\n  ]`;
}

/** The text of a value in a table or CSV cell. */
export function cellText(out: Out): string {
  if (out === null) return '';
  if (out instanceof ExactNumber) return out.text;
  if (typeof out === 'string') return out;
  return jsonText(out);
}

/** Rows as a text table: a header line, a rule, the rows; numbers to the right. */
export function tableText(names: readonly string[], rows: readonly (readonly Out[])[]): string {
  const cells = rows.map((r) => r.map((c) => (c === null ? 'NULL' : cellText(c).replace(/\r?\n/g, '\\n'))));
  const right = names.map((_, i) => rows.length > 0 && rows.every((r) => r[i] === null || r[i] instanceof ExactNumber));
  const widths = names.map((n, i) => Math.max(n.length, ...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: readonly string[]) =>
    r
      .map((c, i) => (right[i] ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number)))
      .join(' | ')
      .trimEnd();
  return [line(names), widths.map((w) => '-'.repeat(w)).join('-+-'), ...cells.map(line), `(${rows.length} row${rows.length === 1 ? '' : 's'})`].join('\n');
}

/** Rows as CSV: a header line, then one line per row (NULL as an empty field). */
export function csvText(names: readonly string[], rows: readonly (readonly Out[])[]): string {
  return [names.map((n) => csvField(n)).join(','), ...rows.map((r) => r.map((c) => csvField(cellText(c))).join(','))].join('\n');
}

/** A value for JS callers (`openLocal`): whole numbers of 64-bit types as bigint, others as number; datetimes as ISO text. */
export function jsValue(out: Out, type: ResultType): unknown {
  if (out instanceof ExactNumber) {
    if (type.value === 'integer' && (fieldCategory(type.name) === 'bigint' || type.name === 'int(8)')) return BigInt(out.text);
    return Number(out.text);
  }
  return out;
}
