import type { BooleanLit, DelimitedRecords, FieldExpr, FieldValue, FileRef, KeySpec, RecordData } from './data-actions.js';
import type {
  AliasRef,
  AllSpec,
  ArraySpec,
  Between,
  Binary,
  BinaryOp,
  Case,
  Collate,
  ColumnRef,
  CountRows,
  DatabaseColumn,
  DatabaseTableSource,
  DateTimeLit,
  Exists,
  Expr,
  FunctionCall,
  IdSpec,
  InList,
  InSelect,
  JoinOp,
  JoinSource,
  LocalDateLit,
  LocalDateTimeLit,
  LocalTimeLit,
  NameSpec,
  NullLit,
  NumberLit,
  OrderTerm,
  Param,
  ResultColumn,
  Select,
  SelectAction,
  SelectSource,
  Source,
  Specifier,
  StringLit,
  SubqueryExpr,
  SystemColumn,
  SystemTableSource,
  TableSource,
  Unary,
  UnaryOp,
  WhenClause,
  WhereSpec,
} from './nodes.js';

/**
 * The node objects' constructors, one per kind with fixed fields (the kind table's `make` calls
 * them; the data actions, built from parts, stay object literals). Their objects are plain:
 * prototype Object.prototype, the kind and the fields as own enumerable properties in the
 * interface's order, exactly what an object literal gives (JSON, `Object.keys`, spreads and deep
 * equality cannot tell them apart). A constructor per kind gives every node of a kind one hidden
 * class from the start, which the parser's hot paths rely on.
 */

type Fields = Record<string, unknown>;
type Made<A extends unknown[], N> = new (...args: A) => N;

/**
 * Two objects of each constructor, one as made and one frozen (as the parser leaves its nodes),
 * kept for the life of the module. V8 holds the hidden classes (maps) an object gets as its
 * fields are added and as it is frozen only weakly: once every node of a kind is garbage (a
 * parsed tree dropped), it drops the map and deoptimizes the parser code compiled for it.
 * Measured: 114 such deoptimizations in one scaling run, and the parse 1.8x slower, until one
 * object per kind kept the maps alive.
 */
const KEEP_MAPS: object[] = [];

/** `f` as the constructor of plain objects (a function's `prototype` would otherwise be their prototype). */
function plain<A extends unknown[], N>(f: (this: Fields, ...args: A) => void): Made<A, N> {
  f.prototype = Object.prototype;
  const made = f as unknown as Made<A, N>;
  KEEP_MAPS.push(new (f as unknown as new () => object)(), Object.freeze(new (f as unknown as new () => object)()));
  return made;
}

export const NullNode = plain<[], NullLit>(function () {
  this.kind = 'null';
});
export const NumberNode = plain<[value: string], NumberLit>(function (value) {
  this.kind = 'number';
  this.value = value;
});
export const StringNode = plain<[value: string], StringLit>(function (value) {
  this.kind = 'string';
  this.value = value;
});
export const DatetimeNode = plain<[form: 'ms' | 'iso', value: string], DateTimeLit>(function (form, value) {
  this.kind = 'datetime';
  this.form = form;
  this.value = value;
});
export const LocaldatetimeNode = plain<[value: string], LocalDateTimeLit>(function (value) {
  this.kind = 'localdatetime';
  this.value = value;
});
export const LocaldateNode = plain<[value: string], LocalDateLit>(function (value) {
  this.kind = 'localdate';
  this.value = value;
});
export const LocaltimeNode = plain<[value: string], LocalTimeLit>(function (value) {
  this.kind = 'localtime';
  this.value = value;
});
export const ColumnNode = plain<[path: string], ColumnRef>(function (path) {
  this.kind = 'column';
  this.path = path;
});
export const SystemColumnNode = plain<[table: string, column: string], SystemColumn>(function (table, column) {
  this.kind = 'system_column';
  this.table = table;
  this.column = column;
});
export const DatabaseColumnNode = plain<[database: Specifier, table: string, column: Specifier], DatabaseColumn>(function (database, table, column) {
  this.kind = 'database_column';
  this.database = database;
  this.table = table;
  this.column = column;
});
export const AliasNode = plain<[name: string], AliasRef>(function (name) {
  this.kind = 'alias';
  this.name = name;
});
export const BetweenNode = plain<[e: Expr, min: Expr, max: Expr], Between>(function (e, min, max) {
  this.kind = 'between';
  this.e = e;
  this.min = min;
  this.max = max;
});
export const BinaryNode = plain<[op: BinaryOp, e1: Expr, e2: Expr], Binary>(function (op, e1, e2) {
  this.kind = 'binary';
  this.op = op;
  this.e1 = e1;
  this.e2 = e2;
});
export const CaseNode = plain<[base: Expr | null, cases: readonly WhenClause[], otherwise: Expr | null], Case>(function (base, cases, otherwise) {
  this.kind = 'case';
  this.base = base;
  this.cases = cases;
  this.else = otherwise;
});
export const WhenNode = plain<[when: Expr, then: Expr], WhenClause>(function (when, then) {
  this.kind = 'when';
  this.when = when;
  this.then = then;
});
export const CollateNode = plain<[e: Expr, collation: string], Collate>(function (e, collation) {
  this.kind = 'collate';
  this.e = e;
  this.collation = collation;
});
export const CountRowsNode = plain<[], CountRows>(function () {
  this.kind = 'count_rows';
});
export const ExistsNode = plain<[select: Select], Exists>(function (select) {
  this.kind = 'exists';
  this.select = select;
});
export const FunctionNode = plain<[name: string, args: readonly Expr[]], FunctionCall>(function (name, args) {
  this.kind = 'function';
  this.name = name;
  this.args = args;
});
export const InNode = plain<[e: Expr, values: readonly Expr[]], InList>(function (e, values) {
  this.kind = 'in';
  this.e = e;
  this.values = values;
});
export const InSelectNode = plain<[e: Expr, select: Select], InSelect>(function (e, select) {
  this.kind = 'in_select';
  this.e = e;
  this.select = select;
});
export const ParamNode = plain<[name: string, list: boolean], Param>(function (name, list) {
  this.kind = 'param';
  this.name = name;
  this.list = list;
});
export const SubqueryNode = plain<[select: Select], SubqueryExpr>(function (select) {
  this.kind = 'subquery';
  this.select = select;
});
export const UnaryNode = plain<[op: UnaryOp, e: Expr], Unary>(function (op, e) {
  this.kind = 'unary';
  this.op = op;
  this.e = e;
});
export const SpecAllNode = plain<[], AllSpec>(function () {
  this.kind = 'spec_all';
});
export const SpecIdNode = plain<[id: string], IdSpec>(function (id) {
  this.kind = 'spec_id';
  this.id = id;
});
export const SpecNameNode = plain<[name: string], NameSpec>(function (name) {
  this.kind = 'spec_name';
  this.name = name;
});
export const SpecWhereNode = plain<[where: Expr], WhereSpec>(function (where) {
  this.kind = 'spec_where';
  this.where = where;
});
export const SpecArrayNode = plain<[items: ArraySpec['items']], ArraySpec>(function (items) {
  this.kind = 'spec_array';
  this.items = items;
});
export const ResultColumnNode = plain<[e: Expr, alias: string | null], ResultColumn>(function (e, alias) {
  this.kind = 'result_column';
  this.e = e;
  this.alias = alias;
});
export const OrderTermNode = plain<[e: Expr, order: 'asc' | 'desc'], OrderTerm>(function (e, order) {
  this.kind = 'order_term';
  this.e = e;
  this.order = order;
});
export const TableNode = plain<[table: string, alias: string | null], TableSource>(function (table, alias) {
  this.kind = 'table';
  this.table = table;
  this.alias = alias;
});
export const TableSystemNode = plain<[table: string, alias: string | null], SystemTableSource>(function (table, alias) {
  this.kind = 'table_system';
  this.table = table;
  this.alias = alias;
});
export const TableDatabaseNode = plain<[database: Specifier, table: string, alias: string | null], DatabaseTableSource>(function (database, table, alias) {
  this.kind = 'table_database';
  this.database = database;
  this.table = table;
  this.alias = alias;
});
export const JoinNode = plain<[op: JoinOp, s1: Source, s2: Source], JoinSource>(function (op, s1, s2) {
  this.kind = 'join';
  this.op = op;
  this.s1 = s1;
  this.s2 = s2;
});
export const SelectSourceNode = plain<[select: Select], SelectSource>(function (select) {
  this.kind = 'select_source';
  this.select = select;
});
export const SelectNode = plain<
  [
    distinct: boolean,
    columns: Select['columns'],
    from: Source | null,
    where: Expr | null,
    group: readonly Expr[],
    having: Expr | null,
    order: readonly OrderTerm[],
    limit: Select['limit'],
    offset: Select['offset'],
  ],
  Select
>(function (distinct, columns, from, where, group, having, order, limit, offset) {
  this.kind = 'select';
  this.distinct = distinct;
  this.columns = columns;
  this.from = from;
  this.where = where;
  this.group = group;
  this.having = having;
  this.order = order;
  this.limit = limit;
  this.offset = offset;
});
export const SelectActionNode = plain<
  [select: Select, rows: SelectAction['rows'], useStrings: SelectAction['useStrings'], echo: SelectAction['echo']],
  SelectAction
>(function (select, rows, useStrings, echo) {
  this.kind = 'select_action';
  this.select = select;
  this.rows = rows;
  this.useStrings = useStrings;
  this.echo = echo;
});
export const BooleanNode = plain<[value: boolean], BooleanLit>(function (value) {
  this.kind = 'boolean';
  this.value = value;
});
export const FieldValueNode = plain<[field: string, value: FieldValue['value']], FieldValue>(function (field, value) {
  this.kind = 'field_value';
  this.field = field;
  this.value = value;
});
export const FieldExprNode = plain<[field: string, e: Expr], FieldExpr>(function (field, e) {
  this.kind = 'field_expr';
  this.field = field;
  this.e = e;
});
export const SpecKeyNode = plain<[key: readonly FieldValue[]], KeySpec>(function (key) {
  this.kind = 'spec_key';
  this.key = key;
});
export const FileRefNode = plain<[form: FileRef['form'], value: string], FileRef>(function (form, value) {
  this.kind = 'file_ref';
  this.form = form;
  this.value = value;
});
export const DelimitedRecordsNode = plain<
  [format: DelimitedRecords['format'], file: FileRef, delimiter: string | null, quote: string | null],
  DelimitedRecords
>(function (format, file, delimiter, quote) {
  this.kind = 'delimited_records';
  this.format = format;
  this.file = file;
  this.delimiter = delimiter;
  this.quote = quote;
});
export const RecordNode = plain<
  [values: readonly FieldValue[], expressions: readonly FieldExpr[], file: FileRef | null, tags: readonly string[] | null],
  RecordData
>(function (values, expressions, file, tags) {
  this.kind = 'record';
  this.values = values;
  this.expressions = expressions;
  this.file = file;
  this.tags = tags;
});
