/**
 * `dsq`: the library. Every public name is listed here by name (docs/api.md says what each is;
 * test/api.test.ts holds the two to each other). Three more entry points hold the other
 * vocabularies, and `dsq` does not repeat them: `dsq/ast` (node types, the plain node
 * constructors, the walker), `dsq/lint` (the linter, its reports and the types a rule is written
 * with) and `dsq/json` (the spec JSON reader and writer). No name means two things across the
 * entry points: `col`, `fn` and `table` are the builder's; the AST constructors have their own names.
 *
 * Tools of this repository (CLI, language server, Prettier plugin, playground) import what they
 * need from the module that holds it, not from here: what is not listed is not public.
 */

// Text → AST: the parser (every diagnostic, spans, comments), and the tokens editors colour.
export {
  parse,
  parseResult,
  parseStatements,
  parseStatementsResult,
  parseExpression,
  parseExpressionResult,
  parseDocument,
  parseExpressionDocument,
  type ParseOptions,
  type ParsedDocument,
  type Comment,
} from './syntax/parse.js';
export { tokenize, type SourceToken, type TokenCategory } from './syntax/tokenize.js';

// Text → JSON: compile, with `:name` parameters bound; prepared queries (what `dsq gen` writes uses).
export { compile, compileResult, compileToAst, compileToAstResult, type CompileOptions } from './params/compile.js';
export { bindParams, type BindOptions, type ParamValues } from './params/bind.js';
export { paramNames } from './ast/param-names.js';
export { prepareQuery, type Action, type Cardinality, type ParamSpec, type ResultOf } from './params/prepare.js';
export type { ParamType } from './schema/param-types.js';

// AST → text: the printer and formatter; JSON → text. (JSON ↔ AST, the spec JSON reader and writer, is `dsq/json`.)
export { print } from './print/print.js';
export { format, formatResult, printDocument } from './print/format.js';
export { decompile, decompileResult, type DecompileOptions } from './print/decompile.js';
export type { PrintOptions } from './print/options.js';

// The AST types these functions take and give (every node type, and the constructors, are in `dsq/ast`).
export type { Node, NodeKind, Statement, Select, SelectAction, Expr } from './ast/nodes.js';
export type { DataAction } from './ast/data-actions.js';
export type { Spans } from './ast/spans.js';

// Diagnostics: the one error type, results of the no-throw entry points, code frames.
export { DsqError, formatDiagnostic, codeFrame, type Diagnostic, type Severity } from './diagnostic/diagnostic.js';
export type { Span } from './diagnostic/span.js';
export { hasErrors, valueOrThrow, type Result } from './diagnostic/result.js';

// Schema: the spec's database definitions, lookups, TypeScript types for the builder.
export type { Schema, SchemaBlob, SchemaDatabase, SchemaField, SchemaGroup } from './schema/definitions.js';
export { readSchema, readSchemaResult, schemaFromValue, schemaFromValueResult } from './schema/read.js';
export { allDatabases, findDatabase, findDatabases, findField, type DatabaseEntry } from './schema/lookup.js';
export { emitTypes, type EmitTypesOptions } from './schema/emit-types.js';

// The builder: fluent, immutable, schema-typed; the dsq`...` template. Its classes are types:
// their instances come from builder(), selectFrom(), col(), ..., never from `new`.
export { builder, selectFrom, query, queryFromJson, type QueryCreator } from './builder/create.js';
export { fromAst, type FromAstOptions } from './builder/from-ast.js';
export { dsq, ident, type Ident } from './builder/template.js';
export {
  and,
  caseOf,
  caseWhen,
  col,
  databaseColumn,
  datetime,
  exists,
  fn,
  lit,
  localDate,
  localDateTime,
  localTime,
  not,
  notExists,
  or,
  ref,
  scalar,
  spec,
  systemColumn,
  type CaseBuilder,
  type OneColumn,
  type ScalarOf,
} from './builder/functions.js';
export { databaseTable, subquerySource, systemTable, table, type SourceArg, type SourceBuilder } from './builder/sources.js';
export type { Aliased, Cmp, ColumnExpression, Expression, InQuery, Ordered, TextOperand } from './builder/expression.js';
export type { ActionOptions, RowType, SelectQuery, UntypedQuery } from './builder/query.js';
export type { CompareOp } from './builder/compare.js';
export type { ExpressionBuilder } from './builder/eb.js';
export type { SelectItem } from './builder/row.js';
export type { FieldLists } from './builder/runtime-scope.js';
export type { Db, Derived, Left, Opaque, TableName } from './builder/query-scope.js';
export type {
  AnyExpression,
  Condition,
  DateTime,
  ExprNode,
  LocalDate,
  LocalDateTime,
  LocalTime,
  Operand,
  PlainText,
  RecordAttributes,
  UntypedDatabase,
  UntypedFields,
} from './builder/typing.js';
export type { SpecArg, Value } from './builder/values.js';
export type {
  CountResult,
  FetchedRecord,
  FetchResult,
  InsertRecord,
  RecordType,
  RequiredFields,
  SetValues,
  TypedActionCreators,
  TypedFetchMultirecords,
  TypedFetchPseudorecords,
  TypedFetchRecords,
  TypedRecordsWrite,
  TypedRemove,
  TypedUpdate,
  WriteValue,
} from './builder/typed-actions.js';
export {
  recordKey,
  type ActionCreators,
  type FetchMultirecordsBuilder,
  type FetchPseudorecordsBuilder,
  type FetchRecordsBuilder,
  type FetchTasksBuilder,
  type FetchUsersBuilder,
  type FetchPlainBuilder,
  type FetchUserBuilder,
  type FetchLogsBuilder,
  type FetchNotificationsBuilder,
  type FetchPostsBuilder,
  type FetchUserSubscriptionsBuilder,
  type Helpers,
  type RecordsArg,
  type RecordsWriteBuilder,
  type RemoveBuilder,
  type UpdateBuilder,
} from './builder/action-creators.js';

// Config: dsq.config.json.
export {
  CONFIG_FILE,
  ConfigError,
  loadConfig,
  loadConfigResult,
  parseConfig,
  parseConfigResult,
  type ConfigResult,
  type DsqConfig,
  type RuleLevel,
  type RuleSetting,
} from './config/config.js';
