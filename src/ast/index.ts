/**
 * `dsq/ast`: the syntax tree. Node types, the plain node constructors (named for the node they
 * make, apart from the builder's `col`/`fn`/`table` in `dsq`), the kind lists and the walker. Names are listed one by one:
 * what is not here (the kind table, operator levels, the spec's JSON vocabulary, number and
 * datetime checks) is how dsq works inside, and its modules import it from the file that holds it.
 */
export type {
  AliasRef, AllSpec, ArraySpec, Between, Binary, BinaryOp, Case, Collate, ColumnRef, CountRows, DatabaseColumn,
  DatabaseTableSource, DateTimeLit, Exists, Expr, ExprKind, FunctionCall, IdSpec, InList, InSelect, JoinOp, JoinSource,
  LocalDateLit, LocalDateTimeLit, LocalTimeLit, NameSpec, Node, NodeKind, NodeOfKind, NullLit, NumberLit, OrderTerm, Param,
  Query, ResultColumn, Select, SelectAction, SelectSource, SingularSpec, Source, Specifier, Statement, StringLit,
  SubqueryExpr, SystemColumn, SystemTableSource, TableSource, Unary, UnaryOp, WhenClause, WhereSpec, WholeOrParam,
} from './nodes.js';
export { BINARY_OPS, JOIN_OPS, UNARY_OPS } from './nodes.js';
// Data actions (FETCH, INSERT, UPDATE, ...): their nodes and kind lists.
export type {
  ActionPart, BooleanLit, DataAction, DataActionKind, DeleteAction, DisposeAction, FetchAction, FetchMultirecords,
  FetchPseudorecords, FetchRecords, FetchTasks, FetchUsers, FetchCrons, FetchFollows, FetchKeys, FetchLogs, FetchNotifications, FetchPosts, FetchPrefs, FetchPrefDefs, FetchUserSubscriptions, FetchSeqs, WallType, FieldExpr, FieldLiteral, FieldValue, FileRef, InsertAction,
  KeySpec, OnDuplicate, OnRemove, RecordData, RecordsSpecifier, RecordsWrite, RemoveAction, ReplaceAction, RestoreAction,
  SetAction, TrashAction, UpdateAction,
} from './data-actions.js';
export { RECORDS_WRITE_KINDS, REMOVE_KINDS } from './data-actions.js';
// DOWNLOAD, the task and thread actions, the system actions (RUN, CONCLUDE, IF, ...): their nodes.
export type {
  AccessAction, CancelAction, CleanAction, ConcludeAction, DownloadPost, DownloadRecord, EchoAction, IfAction, IfCondition, JsonArrayData, JsonData,
  JsonMemberData, JsonObjectData, PauseAction, RunAction, SystemAction, SystemActionKind, SystemPart, TaskAction, TaskDef, TaskId, TaskRef, TaskReference,
  WaitAction, WriteAction,
} from './system-actions.js';
export type { DateTimeKind } from './datetime.js';
export type { Spans } from './spans.js';
// The kinds, from the one kind table.
export { DATA_ACTION_KINDS, FETCH_KINDS, NODE_KINDS, EXPR_KINDS, STATEMENT_KINDS, SYSTEM_ACTION_KINDS, isDataAction, isExpr, isSystemAction } from './kinds.js';
// Constructors: one per kind that a tree is built from by hand, named for the node they make
// (`columnRef`, `functionCall`, `tableSource`, ...): no name here is also a name in `dsq`.
export {
  alias, between, binary, caseExpr, collate, columnRef, countRows, databaseColumnRef, databaseTableSource, dateTimeLit, existsExpr,
  functionCall, inList, inSelect, join, localDateLit, localDateTimeLit, localTimeLit, NULL, num, orderTerm, resultColumn, select,
  selectAction, selectSource, specAll, specArray, specId, specName, specWhere, str, subquery, systemColumnRef, systemTableSource,
  tableSource, unary, when,
} from './constructors.js';
// The walker.
export { BREAK, children, descendants, transform, visit, visitInParallel } from './walk.js';
export type { EnterFn, EnterResult, KindVisitor, LeaveFn, LeaveResult, VisitInfo, Visitor } from './walk.js';
