import type { SchemaField } from './definitions.js';
import { fieldCategory } from './typemap.js';

/**
 * The types a parameter can have: what `-- @param name TYPE` may say, what inference finds,
 * what `--param name=TEXT` is converted by, and what the generated functions take.
 *
 * | type | value | TypeScript (dsq gen) |
 * |---|---|---|
 * | `string` | a string literal | `string` |
 * | `integer` | a whole number (signed 64-bit) | `number \| bigint` |
 * | `number` | any number (float64, or whole) | `number \| bigint` |
 * | `datetime` | an instant: ISO text or epoch milliseconds | `Date \| string` |
 * | `localdate`, `localtime`, `localdatetime` | local date/time text | `string` |
 */
export const PARAM_TYPES = ['string', 'integer', 'number', 'datetime', 'localdate', 'localtime', 'localdatetime'] as const;
export type ParamType = (typeof PARAM_TYPES)[number];

/** Other spellings accepted in `-- @param` (as the schema's type names spell them). */
const ALIASES: ReadonlyMap<string, ParamType> = new Map([
  ['text', 'string'],
  ['str', 'string'],
  ['int', 'integer'],
  ['bigint', 'integer'],
  ['long', 'integer'],
  ['float', 'number'],
  ['double', 'number'],
  ['decimal', 'number'],
  ['date', 'localdate'],
  ['time', 'localtime'],
  ['timestamp', 'localdatetime'],
  ['instant', 'datetime'],
]);

/** A type name as written in `-- @param` (`integer`, `int`, `date`...), or null when unknown. */
export function paramTypeOf(name: string): ParamType | null {
  const t = name.trim().toLowerCase();
  return (PARAM_TYPES as readonly string[]).includes(t) ? (t as ParamType) : (ALIASES.get(t) ?? null);
}

/** The parameter type a field's values have, or null when the schema's type name says nothing usable. */
export function paramTypeOfField(field: SchemaField): ParamType | null {
  const category = fieldCategory(field.type);
  switch (category) {
    case 'integer':
    case 'bigint':
    case 'boolean': // compared with 1 or 0: the expressions have no boolean literal
      return 'integer';
    case 'float':
    case 'decimal':
      return 'number';
    case 'string':
      return 'string';
    case 'datetime': {
      const base = field.type
        .trim()
        .toLowerCase()
        .replace(/\s*\(.*$/, '');
      if (base === 'date' || base === 'localdate' || base === 'ld') return 'localdate';
      if (base === 'time' || base === 'localtime' || base === 'lt') return 'localtime';
      if (base === 'timestamp' || base === 'localdatetime' || base === 'ldt') return 'localdatetime';
      return 'datetime';
    }
    case 'unknown':
      return null;
  }
}

/** The TypeScript type of a parameter's value in generated code (a list: an array of it). */
export function tsParamType(type: ParamType, list: boolean): string {
  const base = type === 'integer' || type === 'number' ? 'number | bigint' : type === 'datetime' ? 'Date | string' : 'string';
  return list ? (base.includes('|') ? `readonly (${base})[]` : `readonly ${base}[]`) : base;
}
