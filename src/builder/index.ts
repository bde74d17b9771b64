export { Expression, Aliased, Ordered, type ColumnExpression, type InQuery, type TextOperand, type Cmp } from './expression.js';
export {
  col,
  ref,
  lit,
  systemColumn,
  databaseColumn,
  spec,
  and,
  or,
  not,
  exists,
  notExists,
  scalar,
  datetime,
  localDateTime,
  localDate,
  localTime,
  fn,
  caseWhen,
  caseOf,
  CaseBuilder,
  type ScalarOf,
  type OneColumn,
} from './functions.js';
export { SourceBuilder, table, systemTable, databaseTable, subquerySource, type SourceArg } from './sources.js';
export { SelectQuery, type ActionOptions, type UntypedQuery, type RowType } from './query.js';
export { COMPARE_OPS, type CompareOp } from './compare.js';
export type { ExpressionBuilder } from './eb.js';
export type { SelectItem } from './row.js';
export type { FieldLists } from './runtime-scope.js';
export type { Db, Left, Derived, Opaque, TableName } from './query-scope.js';
export { builder, selectFrom, query, queryFromJson, type QueryCreator } from './create.js';
export { fromAst, type FromAstOptions } from './from-ast.js';
export type {
  Operand,
  Condition,
  AnyExpression,
  ExprNode,
  UntypedDatabase,
  UntypedFields,
  DateTime,
  LocalDate,
  LocalTime,
  LocalDateTime,
  PlainText,
  RecordAttributes,
} from './typing.js';
export type { Value, SpecArg } from './values.js';
export { dsq, ident, type Ident } from './template.js';
// The data actions (issue 16) start from builder(): db.fetchRecords(...), db.insertInto(...), ...
export {
  recordKey,
  type FetchRecordsBuilder,
  type FetchMultirecordsBuilder,
  type FetchPseudorecordsBuilder,
  type FetchTasksBuilder,
  type FetchUsersBuilder,
  type RecordsWriteBuilder,
  type UpdateBuilder,
  type RemoveBuilder,
  type ActionCreators,
  type RecordsArg,
  type Helpers,
  type DelimitedArg,
  type FetchPlainBuilder,
  type FetchUserBuilder,
  type FetchLogsBuilder,
  type FetchNotificationsBuilder,
  type FetchPostsBuilder,
  type FetchUserSubscriptionsBuilder,
} from './action-creators.js';
// The data actions over a schema (builder<Schema>(SchemaFields)): typed records, checked writes.
export type {
  TypedActionCreators,
  TypedFetchRecords,
  TypedFetchMultirecords,
  TypedFetchPseudorecords,
  TypedRecordsWrite,
  TypedUpdate,
  TypedRemove,
  FetchedRecord,
  RecordType,
  FetchResult,
  CountResult,
  InsertRecord,
  SetValues,
  WriteValue,
  WriteExpression,
  RequiredFields,
  FileArg,
  AttributeName,
  DatabaseName,
} from './typed-actions.js';
