import { checkNumber, toDecimal, INT64_MAX, INT64_MIN } from '../ast/numbers.js';
import type { SchemaField } from '../schema/index.js';
import { dateTimeMs, daysFromCivil, epochMs, sqlDateTimeText } from './datetimes.js';
import type { Dialect } from './dialect.js';
import { decimalShape, fieldValueType, type ValueType } from './types.js';

/**
 * A field's value, typed: what a record object, a key, UPDATE's `fields` or a data file gives a
 * field, checked against the field's type and turned into the one form the engines take. One
 * reader for all of them, so a value that a data file may hold is one a write may give.
 *
 * - integer: bigint (64-bit); float: number; decimal: exact text; boolean; text;
 * - datetime kinds: milliseconds (of UTC for an instant); tags: string[].
 */
export type Cell = null | bigint | number | string | boolean | readonly string[];

/** What was written for a field, before it is read by the field's type. */
export type Given =
  | { readonly kind: 'null' }
  | { readonly kind: 'number'; readonly text: string }
  | { readonly kind: 'string'; readonly text: string }
  | { readonly kind: 'boolean'; readonly value: boolean };

/** Why a value does not fit a field, or the value. */
export type Read = { readonly ok: true; readonly cell: Cell } | { readonly ok: false; readonly problem: string };

const fail = (problem: string): Read => ({ ok: false, problem });
const cell = (c: Cell): Read => ({ ok: true, cell: c });

const WHOLE_TEXT = /^[+-]?\d+$/;

// The common forms, read without the general path (a data file of 100,000 rows reads each value
// here): at most 18 digits is always inside 64 bits; `2024-01-31T10:30:00[.000]Z` needs no grammar.
const SHORT_WHOLE = /^-?\d{1,18}$/;
const PLAIN_FLOAT = /^-?\d{1,15}(?:\.\d{1,15})?$/;
const UTC_DATETIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{3}))?Z$/;
const PLAIN_DECIMAL = /^(-?)0*(\d{0,18})(?:\.(\d{1,18}))?$/;
const types = new Map<string, ValueType>();
const shapes = new Map<string, { precision: number; scale: number }>();

function quick(type: ValueType, given: Given, fieldType: string): Cell | undefined {
  if (given.kind === 'number' || given.kind === 'string') {
    const text = given.text;
    if (type === 'integer' && SHORT_WHOLE.test(text)) return BigInt(text);
    if (type === 'decimal') {
      const m = PLAIN_DECIMAL.exec(text);
      if (m !== null && text !== '' && text !== '-') {
        let shape = shapes.get(fieldType);
        if (shape === undefined) {
          shape = decimalShape(fieldType);
          shapes.set(fieldType, shape);
        }
        const [, sign, whole, fraction] = m as unknown as [string, string, string, string | undefined];
        if ((fraction?.length ?? 0) <= shape.scale && whole.length <= shape.precision - shape.scale) {
          return `${sign}${whole === '' ? '0' : whole}${fraction !== undefined ? `.${fraction}` : ''}`;
        }
      }
    }
    if (type === 'float' && PLAIN_FLOAT.test(text)) return Number(text);
    if (type === 'datetime' && given.kind === 'string') {
      const m = UTC_DATETIME.exec(text);
      if (m !== null) {
        const [, y, mo, d, h, mi, sec, ms] = m;
        const month = Number(mo);
        const day = Number(d);
        if (month >= 1 && month <= 12 && day >= 1 && day <= 28 && Number(h) < 24 && Number(mi) < 60 && Number(sec) < 60) {
          return daysFromCivil(Number(y), month, day) * 86_400_000 + Number(h) * 3_600_000 + Number(mi) * 60_000 + Number(sec) * 1000 + Number(ms ?? 0);
        }
      }
    }
    if (type === 'text' && given.kind === 'string') return text;
  }
  return undefined;
}

/** Reads what was given for a field of a type; `fromText`: a data file's text cell (numbers and booleans are written as text there). */
export function readValue(field: SchemaField, given: Given, fromText = false): Read {
  if (given.kind === 'null') return cell(null);
  let type = types.get(field.type);
  if (type === undefined) {
    type = fieldValueType(field.type);
    types.set(field.type, type);
  }
  const fast = quick(type, given, field.type);
  if (fast !== undefined && (fromText || given.kind !== 'string' || type === 'text' || type === 'datetime')) return cell(fast);
  const what = `the field "${field.name}" (${field.type})`;
  const text = given.kind === 'boolean' ? String(given.value) : given.text;
  const number = (): string | null => {
    if (given.kind === 'number') return given.text;
    if (fromText && given.kind === 'string') {
      const t = text.trim().replace(/^\+/, '');
      return checkNumber(t).ok ? t : null;
    }
    return null;
  };
  switch (type) {
    case 'integer': {
      const n = number();
      if (n === null) return fail(`${what} takes a whole number, got ${describe(given)}`);
      const check = checkNumber(n);
      if (!check.ok) return fail(check.reason);
      const d = toDecimal(n);
      if (d.exp < 0) return fail(`${what} takes a whole number, got ${n}`);
      const v = (d.negative ? -d.digits : d.digits) * 10n ** BigInt(d.exp);
      if (v < INT64_MIN || v > INT64_MAX) return fail(`${n} is outside the signed 64-bit range`);
      return cell(v);
    }
    case 'float': {
      const n = number();
      if (n === null) return fail(`${what} takes a number, got ${describe(given)}`);
      const check = checkNumber(n);
      if (!check.ok) return fail(check.reason);
      return cell(Number(n));
    }
    case 'decimal': {
      const n = number();
      if (n === null) return fail(`${what} takes a number, got ${describe(given)}`);
      const check = checkNumber(n);
      if (!check.ok) return fail(check.reason);
      const d = toDecimal(n);
      const { precision, scale } = decimalShape(field.type);
      if (-d.exp > scale) return fail(`${n} has more decimals than ${what} keeps (${scale}): a local run does not round what was written`);
      // Digits before the point: at most precision - scale.
      const whole = d.digits === 0n ? 0 : d.digits.toString().length + d.exp;
      if (whole > precision - scale) return fail(`${n} has more digits before the point than ${what} holds (${precision - scale})`);
      return cell(decimalText(d.negative, d.digits, d.exp));
    }
    case 'boolean':
      if (given.kind === 'boolean') return cell(given.value);
      if (fromText && /^(true|false)$/i.test(text.trim())) return cell(text.trim().toLowerCase() === 'true');
      return fail(`${what} takes true or false, got ${describe(given)}`);
    case 'datetime':
    case 'localdatetime':
    case 'localdate':
    case 'localtime': {
      if (type === 'datetime' && (given.kind === 'number' || (fromText && WHOLE_TEXT.test(text.trim())))) {
        try {
          return cell(epochMs(text.trim().replace(/^\+/, '')));
        } catch (err) {
          return fail((err as Error).message);
        }
      }
      if (given.kind !== 'string')
        return fail(`${what} takes ${type === 'datetime' ? 'ISO 8601 text or epoch milliseconds' : 'ISO 8601 text'}, got ${describe(given)}`);
      try {
        return cell(dateTimeMs(type, text));
      } catch (err) {
        return fail(`${what}: ${(err as Error).message}`);
      }
    }
    default:
      if (given.kind !== 'string') return fail(`${what} takes text, got ${describe(given)}`);
      return cell(text);
  }
}

function describe(given: Given): string {
  switch (given.kind) {
    case 'null':
      return 'null';
    case 'number':
      return `the number ${given.text}`;
    case 'boolean':
      return String(given.value);
    case 'string':
      return `the text ${JSON.stringify(given.text.length > 40 ? `${given.text.slice(0, 40)}…` : given.text)}`;
  }
}

/** Exact decimal text of digits * 10^exp (no exponent: `-12.5`, `1000`). */
export function decimalText(negative: boolean, digits: bigint, exp: number): string {
  let s = digits.toString();
  if (exp >= 0) s += '0'.repeat(exp);
  else {
    const places = -exp;
    s = s.padStart(places + 1, '0');
    s = `${s.slice(0, s.length - places)}.${s.slice(s.length - places)}`;
  }
  return negative && digits !== 0n ? `-${s}` : s;
}

/** The SQL literal of a cell of a value type (decimal: with the field's type). */
export function cellSql(dialect: Dialect, type: ValueType, value: Cell, fieldType = 'decimal'): string {
  if (value === null) return 'NULL';
  switch (type) {
    case 'integer':
      return `CAST(${String(value)} AS ${dialect.type('bigint')})`;
    case 'float': {
      const n = value as number;
      return `CAST(${dialect.string(String(n))} AS ${dialect.type('double')})`;
    }
    case 'decimal': {
      const { precision, scale } = decimalShape(fieldType);
      return `CAST(${dialect.string(String(value))} AS ${dialect.type('decimal', precision, scale)})`;
    }
    case 'boolean':
      return value ? 'TRUE' : 'FALSE';
    case 'datetime':
    case 'localdatetime':
      return `TIMESTAMP ${dialect.string(sqlDateTimeText(type, value as number))}`;
    case 'localdate':
      return `DATE ${dialect.string(sqlDateTimeText(type, value as number))}`;
    case 'localtime':
      return `TIME ${dialect.string(sqlDateTimeText(type, value as number))}`;
    case 'text_list':
      return `CAST(ARRAY[${(value as readonly string[]).map((v) => dialect.string(v)).join(', ')}] AS ${dialect.type('text_list')})`;
    default:
      return dialect.string(String(value));
  }
}

/** The SQL literal of what was given for a field, or the problem with it. */
export function givenSql(dialect: Dialect, field: SchemaField, given: Given): { ok: true; sql: string } | { ok: false; problem: string } {
  const r = readValue(field, given);
  if (!r.ok) return r;
  return { ok: true, sql: cellSql(dialect, fieldValueType(field.type), r.cell, field.type) };
}
