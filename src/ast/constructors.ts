import { KINDS } from './kinds.js';
import { NULL } from './make.js';
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
  Node,
  NumberLit,
  OrderTerm,
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
import { checkedCopy } from './checked.js';

/**
 * The AST constructors of the public API (`dsq/ast`), one per node kind: the kind table's
 * (kinds.ts). Each is named for the node it makes (`columnRef`, `functionCall`, `tableSource`),
 * never with a name `dsq` gives to something else (test/api.test.ts). When a node's own fields
 * are valid and its children are checked nodes (made by these constructors, the parser, the JSON
 * reader, the builder or `fromAst`), what comes back is checked (src/ast/checked.ts): frozen,
 * with its own frozen copy of each list given, and the builder takes it as syntax. They do not
 * throw: a node with a bad part (`num('1 OR 1 = 1')`, a hand-built child) comes back as built,
 * not checked, and the builder refuses it as syntax (`fromAst` says what is wrong with it). (The
 * parser and the JSON reader use make.ts.)
 */

/** The node, checked and frozen (a copy) when it is valid; else as it is. */
const t = <T extends Node>(node: T): T => checkedCopy(node) ?? node;

export { NULL };

// Literals
export const num = (value: string | number | bigint): NumberLit => t(KINDS.number.make(value));
export const str = (value: string): StringLit => t(KINDS.string.make(value));
/** An instant: epoch milliseconds (`form` 'ms', whole-number text) or ISO text (`form` 'iso'). */
export const dateTimeLit = (form: 'ms' | 'iso', value: string): DateTimeLit => t(KINDS.datetime.make(form, value));
export const localDateTimeLit = (value: string): LocalDateTimeLit => t(KINDS.localdatetime.make(value));
export const localDateLit = (value: string): LocalDateLit => t(KINDS.localdate.make(value));
export const localTimeLit = (value: string): LocalTimeLit => t(KINDS.localtime.make(value));

// Columns and aliases
export const columnRef = (path: string): ColumnRef => t(KINDS.column.make(path));
export const systemColumnRef = (table: string, column: string): SystemColumn => t(KINDS.system_column.make(table, column));
export const databaseColumnRef = (database: Specifier, table: string, column: Specifier): DatabaseColumn =>
  t(KINDS.database_column.make(database, table, column));
export const alias = (name: string): AliasRef => t(KINDS.alias.make(name));

// Operators and forms
export const binary = (op: BinaryOp, e1: Expr, e2: Expr): Binary => t(KINDS.binary.make(op, e1, e2));
export const unary = (op: UnaryOp, e: Expr): Unary => t(KINDS.unary.make(op, e));
export const between = (e: Expr, min: Expr, max: Expr): Between => t(KINDS.between.make(e, min, max));
export const caseExpr = (base: Expr | null, cases: readonly WhenClause[], otherwise: Expr | null): Case => t(KINDS.case.make(base, cases, otherwise));
export const when = (condition: Expr, then: Expr): WhenClause => t(KINDS.when.make(condition, then));
export const collate = (e: Expr, collation: string): Collate => t(KINDS.collate.make(e, collation));
export const countRows = (): CountRows => t(KINDS.count_rows.make());
export const existsExpr = (select: Select): Exists => t(KINDS.exists.make(select));
export const functionCall = (name: string, args: readonly Expr[]): FunctionCall => t(KINDS.function.make(name, args));
export const inList = (e: Expr, values: readonly Expr[]): InList => t(KINDS.in.make(e, values));
export const inSelect = (e: Expr, select: Select): InSelect => t(KINDS.in_select.make(e, select));
export const subquery = (select: Select): SubqueryExpr => t(KINDS.subquery.make(select));

// Specifiers
export const specAll = (): AllSpec => t(KINDS.spec_all.make());
export const specId = (id: string | number | bigint): IdSpec => t(KINDS.spec_id.make(id));
export const specName = (name: string): NameSpec => t(KINDS.spec_name.make(name));
export const specWhere = (where: Expr): WhereSpec => t(KINDS.spec_where.make(where));
export const specArray = (items: readonly (IdSpec | NameSpec | WhereSpec)[]): ArraySpec => t(KINDS.spec_array.make(items));

// The select object and sources
export const resultColumn = (e: Expr, aliasName: string | null = null): ResultColumn => t(KINDS.result_column.make(e, aliasName));
export const orderTerm = (e: Expr, order: 'asc' | 'desc' = 'asc'): OrderTerm => t(KINDS.order_term.make(e, order));
export const tableSource = (name: string, aliasName: string | null = null): TableSource => t(KINDS.table.make(name, aliasName));
export const systemTableSource = (name: string, aliasName: string | null = null): SystemTableSource => t(KINDS.table_system.make(name, aliasName));
export const databaseTableSource = (database: Specifier, name: string, aliasName: string | null = null): DatabaseTableSource =>
  t(KINDS.table_database.make(database, name, aliasName));
export const join = (op: JoinOp, s1: Source, s2: Source): JoinSource => t(KINDS.join.make(op, s1, s2));
export const selectSource = (select: Select): SelectSource => t(KINDS.select_source.make(select));
/** A select object with the spec's defaults for every part not given. */
export const select = (parts: Partial<Omit<Select, 'kind'>> = {}): Select => t(KINDS.select.make(parts));

// Actions
export const selectAction = (sel: Select, options: { rows?: string | null; useStrings?: boolean | null; echo?: boolean | null } = {}): SelectAction =>
  t(KINDS.select_action.make(sel, options));
