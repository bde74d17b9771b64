import { SqlError } from './errors.js';

/**
 * The per-dialect table: everything the translator writes that differs between the engines it
 * targets (DuckDB, PostgreSQL as PGlite runs it). Every name and every value the user wrote goes
 * into SQL through `ident` and `string` here (quoted, escaped), never by plain concatenation.
 * The choices where the spec is silent are in spec/run-choices.ts; each entry here says how a dialect
 * makes one of them hold.
 */
export type DialectName = 'duckdb' | 'postgres';

export const DIALECT_NAMES: readonly DialectName[] = ['duckdb', 'postgres'];

/** The column types the engine tables use (the field types map onto these: types.ts). */
export type ColumnType = 'bigint' | 'double' | 'decimal' | 'boolean' | 'text' | 'timestamp' | 'date' | 'time' | 'text_list';

export interface Dialect {
  readonly name: DialectName;
  /** Statements run once when a session opens (before any table exists). */
  readonly setup: readonly string[];
  /** A quoted identifier: `"a""b"`. */
  ident(name: string): string;
  /** A text literal: `'it''s'`, with no escape syntax (backslashes stand for themselves). */
  string(value: string): string;
  /** The SQL type of an engine column. `decimal` with precision and scale. */
  type(type: ColumnType, precision?: number, scale?: number): string;
  /** `a REGEXP b`: true when the pattern matches anywhere in the text. */
  regexp(text: string, pattern: string): string;
  /** Division, as floats (also of whole numbers: choices.ts); NULL for a zero divisor. */
  divide(a: string, b: string): string;
  /** `%`, sign of the dividend; NULL for a zero divisor (`float`: an operand is a float). */
  modulo(a: string, b: string, float: boolean): string;
  /** TRUNCATE(x, d) for a float x (`exact`: an integer or decimal x, kept in its type). */
  truncate(x: string, digits: string, exact: boolean): string;
  /** POW(a, b), a float. */
  pow(a: string, b: string): string;
  /** The BIT_XOR aggregate's name. */
  readonly bitXorAggregate: string;
  /** Tags `b` added to tags `a`: those of `b` that `a` lacks, after `a` (INSERT on_duplicate update). */
  tagsAdd(a: string, b: string): string;
}

const quoteIdent = (name: string): string => {
  if (name.includes('\0')) throw new SqlError('sql/nul-in-name', `the name ${JSON.stringify(name)} holds a NUL character, which no SQL name can`);
  return `"${name.replace(/"/g, '""')}"`;
};

const plainString = (value: string): string => `'${value.replace(/'/g, "''")}'`;

export const DUCKDB: Dialect = {
  name: 'duckdb',
  setup: ["SET TimeZone = 'UTC'"],
  ident: quoteIdent,
  // DuckDB text may hold NUL: written as chr(0), so the literal itself never does.
  string: (value) => (value.includes('\0') ? `(${value.split('\0').map(plainString).join(' || chr(0) || ')})` : plainString(value)),
  type(type, precision = 18, scale = 3) {
    switch (type) {
      case 'bigint':
        return 'BIGINT';
      case 'double':
        return 'DOUBLE';
      case 'decimal':
        return `DECIMAL(${precision}, ${scale})`;
      case 'boolean':
        return 'BOOLEAN';
      case 'text':
        return 'VARCHAR';
      case 'timestamp':
        return 'TIMESTAMP';
      case 'date':
        return 'DATE';
      case 'time':
        return 'TIME';
      case 'text_list':
        return 'VARCHAR[]';
    }
  },
  regexp: (text, pattern) => `regexp_matches(${text}, ${pattern})`,
  divide: (a, b) => `(CAST(${a} AS DOUBLE) / NULLIF(CAST(${b} AS DOUBLE), 0))`,
  modulo: (a, b) => `(${a} % NULLIF(${b}, 0))`,
  truncate: (x, d) => `trunc(${x}, CAST(${d} AS INTEGER))`,
  pow: (a, b) => `pow(CAST(${a} AS DOUBLE), CAST(${b} AS DOUBLE))`,
  bitXorAggregate: 'bit_xor',
  tagsAdd: (a, b) =>
    `list_concat(COALESCE(${a}, CAST([] AS VARCHAR[])), list_filter(COALESCE(${b}, CAST([] AS VARCHAR[])), lambda dsq_tag: NOT list_contains(COALESCE(${a}, CAST([] AS VARCHAR[])), dsq_tag)))`,
};

export const POSTGRES: Dialect = {
  name: 'postgres',
  setup: ["SET TimeZone = 'UTC'"],
  ident: quoteIdent,
  string(value) {
    if (value.includes('\0')) throw new SqlError('sql/nul-in-text', 'PostgreSQL text cannot hold a NUL character (U+0000); the duckdb engine can');
    return plainString(value);
  },
  type(type, precision = 18, scale = 3) {
    switch (type) {
      case 'bigint':
        return 'BIGINT';
      case 'double':
        return 'DOUBLE PRECISION';
      case 'decimal':
        return `NUMERIC(${precision}, ${scale})`;
      case 'boolean':
        return 'BOOLEAN';
      case 'text':
        return 'TEXT';
      case 'timestamp':
        return 'TIMESTAMP(3)';
      case 'date':
        return 'DATE';
      case 'time':
        return 'TIME(3)';
      case 'text_list':
        return 'TEXT[]';
    }
  },
  regexp: (text, pattern) => `(${text} ~ ${pattern})`,
  divide: (a, b) => `(CAST(${a} AS DOUBLE PRECISION) / NULLIF(CAST(${b} AS DOUBLE PRECISION), 0))`,
  // PostgreSQL has no % of floats: through numeric, and back.
  modulo: (a, b, float) => (float ? `CAST(mod(CAST(${a} AS NUMERIC), NULLIF(CAST(${b} AS NUMERIC), 0)) AS DOUBLE PRECISION)` : `(${a} % NULLIF(${b}, 0))`),
  // PostgreSQL truncates digits of numeric only: a float goes through numeric and back.
  truncate: (x, d, exact) => (exact ? `trunc(${x}, CAST(${d} AS INTEGER))` : `CAST(trunc(CAST(${x} AS NUMERIC), CAST(${d} AS INTEGER)) AS DOUBLE PRECISION)`),
  pow: (a, b) => `power(CAST(${a} AS DOUBLE PRECISION), CAST(${b} AS DOUBLE PRECISION))`,
  bitXorAggregate: 'bit_xor',
  tagsAdd: (a, b) =>
    `(COALESCE(${a}, CAST(ARRAY[] AS TEXT[])) || ARRAY(SELECT dsq_tag FROM unnest(${b}) AS dsq_tag WHERE NOT dsq_tag = ANY(COALESCE(${a}, CAST(ARRAY[] AS TEXT[])))))`,
};

export const DIALECTS: Readonly<Record<DialectName, Dialect>> = { duckdb: DUCKDB, postgres: POSTGRES };

/** The dialect of a name, or a usage error naming the ones there are. */
export function dialectOf(name: string): Dialect {
  const d = (DIALECTS as Record<string, Dialect | undefined>)[name.toLowerCase()];
  if (d === undefined) throw new SqlError('sql/unknown-dialect', `unknown dialect ${JSON.stringify(name)}: expected one of ${DIALECT_NAMES.join(', ')}`);
  return d;
}
