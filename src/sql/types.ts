import { fieldCategory } from '../schema/typemap.js';
import type { ColumnType, Dialect } from './dialect.js';

/**
 * The types values have in a local run: what the translator infers of an expression (to divide
 * whole numbers as whole numbers, to check SUM against 64 bits, to name a result column's type)
 * and what the output encoder writes each value as.
 */
export type ValueType =
  | 'integer'
  | 'float'
  | 'decimal'
  | 'boolean'
  | 'text'
  | 'datetime'
  | 'localdatetime'
  | 'localdate'
  | 'localtime'
  | 'text_list'
  | 'null'
  | 'unknown';

/** A result column: its name, its type as the header says it, and the value type its cells are written as. */
export interface ResultType {
  readonly value: ValueType;
  /** The header's type name: a field's type as the schema writes it, else the value type's name. */
  readonly name: string;
}

/** The header's type names of expression results (spec/run-choices.ts, "Result column names and types"). */
export const TYPE_NAMES: Readonly<Record<ValueType, string>> = {
  integer: 'int(8)',
  float: 'double',
  decimal: 'decimal',
  boolean: 'bool',
  text: 'utf8text',
  datetime: 'datetime',
  localdatetime: 'localdatetime',
  localdate: 'localdate',
  localtime: 'localtime',
  text_list: 'tags',
  null: 'null',
  unknown: 'unknown',
};

export const typeOf = (value: ValueType): ResultType => ({ value, name: TYPE_NAMES[value] });

/** Precision and scale of `decimal(p,s)` (DuckDB's widest is 38 digits); the defaults for a bare `decimal`. */
export function decimalShape(type: string): { precision: number; scale: number } {
  const m = /\(\s*(\d+)\s*(?:,\s*(\d+)\s*)?\)/.exec(type);
  const precision = Math.min(38, Math.max(1, m ? Number(m[1]) : 38));
  const scale = Math.min(precision, m?.[2] !== undefined ? Number(m[2]) : m ? 0 : 10);
  return { precision, scale };
}

/** The value type a field of the schema holds, from its type name (src/schema's `fieldCategory`). */
export function fieldValueType(type: string): ValueType {
  const category = fieldCategory(type);
  switch (category) {
    case 'integer':
    case 'bigint':
      return 'integer';
    case 'float':
      return 'float';
    case 'decimal':
      return 'decimal';
    case 'boolean':
      return 'boolean';
    case 'string':
      return 'text';
    case 'datetime': {
      const base = type
        .trim()
        .toLowerCase()
        .replace(/\s*\(.*$/, '');
      if (base === 'date' || base === 'localdate' || base === 'ld') return 'localdate';
      if (base === 'time' || base === 'localtime' || base === 'lt') return 'localtime';
      if (base === 'localdatetime' || base === 'ldt') return 'localdatetime';
      return 'datetime';
    }
    case 'unknown':
      // Blobs and unknown type names are kept as the text they were given as.
      return 'text';
  }
}

/** The engine column type of a value type. */
export function columnType(value: ValueType): ColumnType {
  switch (value) {
    case 'integer':
      return 'bigint';
    case 'float':
      return 'double';
    case 'decimal':
      return 'decimal';
    case 'boolean':
      return 'boolean';
    case 'datetime':
    case 'localdatetime':
      return 'timestamp';
    case 'localdate':
      return 'date';
    case 'localtime':
      return 'time';
    case 'text_list':
      return 'text_list';
    case 'text':
    case 'null':
    case 'unknown':
      return 'text';
  }
}

/** The SQL type of a field's engine column. */
export function fieldSqlType(dialect: Dialect, type: string): string {
  const value = fieldValueType(type);
  if (value === 'decimal') {
    const { precision, scale } = decimalShape(type);
    return dialect.type('decimal', precision, scale);
  }
  return dialect.type(columnType(value));
}

/** Whole numbers and decimals: kept exact by arithmetic (a float operand makes a float). */
export const isExactNumber = (t: ValueType): boolean => t === 'integer' || t === 'decimal';
export const isNumeric = (t: ValueType): boolean => t === 'integer' || t === 'decimal' || t === 'float';

/** The type of `a op b` for an arithmetic operator. */
export function arithmeticType(a: ValueType, b: ValueType): ValueType {
  if (a === 'null') return b === 'null' ? 'integer' : b;
  if (b === 'null') return a;
  if (a === 'float' || b === 'float') return 'float';
  if (a === 'decimal' || b === 'decimal') return 'decimal';
  if (a === 'integer' && b === 'integer') return 'integer';
  return 'unknown';
}
