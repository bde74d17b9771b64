/**
 * src/sql: dsq statements to SQL through a per-dialect table (no engine). The runner (src/run)
 * and `dsq sql` use it; `dsq/run` exports `toSql`.
 */
export { toSql, sqlText, noteText, type SqlStatement, type SelectOptions, type ToSqlOptions } from './to-sql.js';
export { DIALECTS, DIALECT_NAMES, dialectOf, type Dialect, type DialectName, type ColumnType } from './dialect.js';
export { CHOICES, choicesTable, type Choice, type ChoiceId } from '../spec/run-choices.js';
export { SqlError } from './errors.js';
export { catalogOf, STORED_ATTRIBUTES, type Catalog, type DatabaseInfo } from './catalog.js';
export { childRecordsSql, type FetchSql } from './fetch.js';
export { createTableSql, tableColumns, type CountName, type WritePlan, type WriteStep } from './plan.js';
export { Translation } from './name-resolution.js';
export type { SelectColumn } from './select.js';
export { readValue, cellSql, type Cell, type Given } from './values.js';
export { fieldValueType, fieldSqlType, decimalShape, TYPE_NAMES, type ValueType, type ResultType } from './types.js';
export { formatDateTime, daysFromCivil } from './datetimes.js';
