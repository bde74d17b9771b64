export { Expression, Aliased, Ordered } from './expression.js';
export {
  col, ref, lit, systemColumn, databaseColumn, spec, and, or, not, exists, notExists, scalar,
  datetime, localDateTime, localDate, localTime, fn, caseWhen, caseOf, CaseBuilder,
} from './functions.js';
export { SourceBuilder, table, systemTable, databaseTable, subquerySource, type SourceArg } from './sources.js';
export { SelectQuery, type ActionOptions } from './query.js';
export type { Scope, SelectArg, RowOf, NameOrExpr, RowType } from './row.js';
export { builder, selectFrom, query, queryFromJson, type QueryCreator } from './create.js';
export { fromAst, type FromAstOptions } from './from-ast.js';
export type { Operand, Condition, AnyExpression, UntypedDatabase, UntypedFields, ScopeOf } from './typing.js';
export type { Value, SpecArg } from './values.js';
export { dsq, ident, type Ident } from './template.js';
