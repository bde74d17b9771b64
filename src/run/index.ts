/**
 * `dsq/run`: a local Data Service (docs/run.md). `openLocal` runs queries and actions on sample
 * data with the spec's semantics on DuckDB (or PGlite); `toSql` is the translator alone. The
 * engines are optional peer dependencies, loaded only when `openLocal` opens one.
 */
export { openLocal, type LocalService, type OpenLocalOptions, type RunInput, type RunOptions } from './local.js';
export { responseOut, type Response } from './execute.js';
export { responseJson, jsonText, ExactNumber, type Out } from './encode.js';
export { toSql, sqlText, CHOICES, DIALECT_NAMES, type SqlStatement, type ToSqlOptions, type DialectName, type Choice, type ChoiceId } from '../sql/index.js';
