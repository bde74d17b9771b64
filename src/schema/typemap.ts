/**
 * What a field's data type name means to TypeScript. The spec names types by example only
 * (`int(4)`, `utf8text`, `utf8vstring(128)`), so this reads the known families and calls the
 * rest unknown:
 *
 * | type name | category | TypeScript |
 * |---|---|---|
 * | `int(1)`, `int(2)`, `int(4)`, `int`, `tinyint`, `smallint`, `integer` | integer | `number` |
 * | `int(8)`, `long`, `bigint` | bigint | `bigint` (64-bit: beyond 2^53 a JS number is lossy) |
 * | `float`, `double`, `real`, `float(4)`, `float(8)` | float | `number` |
 * | `decimal`, `decimal(p,s)`, `numeric...` | decimal | `number` (as JSON.parse reads it; ask with use_strings for exact text) |
 * | `bool`, `boolean` | boolean | `boolean` |
 * | `*text`, `*string`, `*char`, `uuid`, `json` | string | `string` |
 * | `datetime`, `timestamp`, `dt` | datetime | `DateTime` (an instant: ISO text) |
 * | `date`, `localdate`, `ld` | datetime | `LocalDate` |
 * | `time`, `localtime`, `lt` | datetime | `LocalTime` |
 * | `localdatetime`, `ldt` | datetime | `LocalDateTime` |
 * | `blob`, `binary`, `varbinary`, `bytes` and anything else | unknown | `unknown` |
 *
 * The datetime kinds are strings in result rows (the JSON holds ISO text) marked apart from
 * plain text (`string & { readonly __dsqType: 'datetime' }`, see src/builder/typing.ts), so
 * that the typed builder compares a datetime field only with a `Date`, `datetime(...)` or
 * another datetime.
 */
export type FieldCategory = 'integer' | 'bigint' | 'float' | 'decimal' | 'boolean' | 'string' | 'datetime' | 'unknown';

export function fieldCategory(type: string): FieldCategory {
  const t = type.trim().toLowerCase();
  const base = t.replace(/\s*\(.*$/, '');
  const arg = /\(\s*(\d+)/.exec(t)?.[1];
  if (base === 'int' || base === 'uint') return arg === '8' ? 'bigint' : 'integer';
  if (['tinyint', 'smallint', 'integer', 'short', 'byte'].includes(base)) return 'integer';
  if (['long', 'bigint', 'int8', 'int64'].includes(base)) return 'bigint';
  if (['float', 'double', 'real', 'float4', 'float8'].includes(base)) return 'float';
  if (['decimal', 'numeric', 'dec'].includes(base)) return 'decimal';
  if (base === 'bool' || base === 'boolean') return 'boolean';
  if (['date', 'time', 'datetime', 'timestamp', 'localdate', 'localtime', 'localdatetime', 'ld', 'lt', 'ldt', 'dt'].includes(base)) {
    return 'datetime';
  }
  if (/(text|string|char)$/.test(base) || base === 'uuid' || base === 'json') return 'string';
  return 'unknown';
}

/** The datetime kinds: an instant, a local date, a local time, a local datetime. */
export type DatetimeType = 'DateTime' | 'LocalDate' | 'LocalTime' | 'LocalDateTime';

/** The datetime kinds' TypeScript type names, with what each holds. */
export const DATETIME_TYPES: readonly (readonly [string, string])[] = [
  ['DateTime', 'An instant (a datetime field)'],
  ['LocalDate', 'A local date'],
  ['LocalTime', 'A local time'],
  ['LocalDateTime', 'A local datetime'],
];

/** The datetime kind of a datetime type name (of a field whose category is 'datetime'). */
export function datetimeType(type: string): DatetimeType {
  const base = type
    .trim()
    .toLowerCase()
    .replace(/\s*\(.*$/, '');
  if (base === 'date' || base === 'localdate' || base === 'ld') return 'LocalDate';
  if (base === 'time' || base === 'localtime' || base === 'lt') return 'LocalTime';
  if (base === 'localdatetime' || base === 'ldt') return 'LocalDateTime';
  return 'DateTime';
}

const TS_TYPE: Record<FieldCategory, string> = {
  integer: 'number',
  bigint: 'bigint',
  float: 'number',
  decimal: 'number',
  boolean: 'boolean',
  string: 'string',
  datetime: 'string',
  unknown: 'unknown',
};

/** The TypeScript type of a field's value (without the `| null` of a nullable field). */
export function tsTypeOf(type: string): string {
  const category = fieldCategory(type);
  return category === 'datetime' ? datetimeType(type) : TS_TYPE[category];
}
