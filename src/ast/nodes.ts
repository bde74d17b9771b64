/**
 * The dsq AST: one plain, JSON-safe, readonly node set shared by every part of dsq
 * (JSON reader and writer, parser, printer, linter, builder).
 *
 * Conventions
 * - Every node has a `kind` tag. Expression kinds are named after the spec's expression
 *   `type`, except where a name is taken twice (see `SubqueryExpr`, `SelectSource`).
 * - Absent optional parts are `null` (never `undefined`), lists are arrays (possibly empty),
 *   so two equal trees are deep-equal whatever produced them.
 * - Numbers are exact decimal text (`NumberLit.value`), never a JS number.
 * - Source locations are not stored on nodes: the parser returns them in a side table
 *   (`Spans`), so trees from text, JSON and the builder compare equal.
 * - The `$` shorthand exists only at the JSON edge (src/json); inside there is one canonical
 *   node per concept.
 */

import type { ActionPart, DataAction, KeySpec } from './data-actions.js';
import type { SystemAction, SystemPart } from './system-actions.js';

export type * from './data-actions.js';

// ---------------------------------------------------------------------------------------
// Literals

/** JSON null / SQL NULL. */
export interface NullLit {
  readonly kind: 'null';
}

/**
 * A number, as exact decimal text in JSON number syntax (`-12`, `3.5`, `1e3`, `9223372036854775807`).
 * Whole values (also `1.0`, `1e3`) lie in the signed 64-bit range; others in the float64 range.
 * Use `src/ast/numbers.ts` to validate or compare.
 */
export interface NumberLit {
  readonly kind: 'number';
  readonly value: string;
}

export interface StringLit {
  readonly kind: 'string';
  /** Never empty: the spec's JSON rules make an empty string equal to null. */
  readonly value: string;
}

/** An instant (`$dt`): epoch milliseconds (`form: 'ms'`, exact whole-number text) or an ISO string. */
export interface DateTimeLit {
  readonly kind: 'datetime';
  readonly form: 'ms' | 'iso';
  readonly value: string;
}

/** A local datetime (`$ldt`): ISO datetime text without offset. */
export interface LocalDateTimeLit {
  readonly kind: 'localdatetime';
  readonly value: string;
}

/** A local date (`$ld`): ISO date-element text. */
export interface LocalDateLit {
  readonly kind: 'localdate';
  readonly value: string;
}

/** A local time (`$lt`): ISO time-element text. */
export interface LocalTimeLit {
  readonly kind: 'localtime';
  readonly value: string;
}

// ---------------------------------------------------------------------------------------
// Columns and aliases

/** `{"$col": "path"}`: a column by its path string (`c`, `t.c`, `db.path@table.field`, `blob:attr`). */
export interface ColumnRef {
  readonly kind: 'column';
  readonly path: string;
}

/** Full form: a system parameter column (`{"type":"column","table":...,"column":...}`). */
export interface SystemColumn {
  readonly kind: 'system_column';
  readonly table: string;
  readonly column: string;
}

/**
 * Full form: a database column (parameter, attribute or field column). `column` is a name
 * specifier for parameters and attributes, and a field specifier (name or id) for fields.
 */
export interface DatabaseColumn {
  readonly kind: 'database_column';
  readonly database: Specifier;
  readonly table: string;
  readonly column: Specifier;
}

/** `{"$alias": name}`: a result-column alias or a source column name. */
export interface AliasRef {
  readonly kind: 'alias';
  readonly name: string;
}

// ---------------------------------------------------------------------------------------
// Operators

export const BINARY_OPS = ['and', 'or', '=', '!=', '>', '>=', '<', '<=', 'is', 'like', 'regexp', '+', '-', '*', '/', '%', '&', '|', '<<', '>>'] as const;
export type BinaryOp = (typeof BINARY_OPS)[number];

export const UNARY_OPS = ['not', '-', '~'] as const;
export type UnaryOp = (typeof UNARY_OPS)[number];

export interface Binary {
  readonly kind: 'binary';
  readonly op: BinaryOp;
  readonly e1: Expr;
  readonly e2: Expr;
}

export interface Unary {
  readonly kind: 'unary';
  readonly op: UnaryOp;
  readonly e: Expr;
}

export interface Between {
  readonly kind: 'between';
  readonly e: Expr;
  readonly min: Expr;
  readonly max: Expr;
}

/** One `WHEN ... THEN ...` arm of a CASE. */
export interface WhenClause {
  readonly kind: 'when';
  readonly when: Expr;
  readonly then: Expr;
}

export interface Case {
  readonly kind: 'case';
  readonly base: Expr | null;
  /** At least one arm. */
  readonly cases: readonly WhenClause[];
  readonly else: Expr | null;
}

export interface Collate {
  readonly kind: 'collate';
  readonly e: Expr;
  readonly collation: string;
}

/** `COUNT(*)`. */
export interface CountRows {
  readonly kind: 'count_rows';
}

export interface Exists {
  readonly kind: 'exists';
  readonly select: Select;
}

/** A function call; `name` as given (the parser upper-cases unquoted names). */
export interface FunctionCall {
  readonly kind: 'function';
  readonly name: string;
  readonly args: readonly Expr[];
}

/** `e IN (values...)`; an empty list is allowed and always false. */
export interface InList {
  readonly kind: 'in';
  readonly e: Expr;
  readonly values: readonly Expr[];
}

export interface InSelect {
  readonly kind: 'in_select';
  readonly e: Expr;
  readonly select: Select;
}

/** A scalar subquery (spec expression type `select`): first column of the first row. */
export interface SubqueryExpr {
  readonly kind: 'subquery';
  readonly select: Select;
}

/**
 * A named parameter `:name`: a value given when the statement is compiled (`compile(text, {
 * params })`, `dsq compile --param`, the functions `dsq gen` writes). It is always bound to a
 * literal, never to syntax (src/params/bind.ts). `list: true` is the form `IN :name`, standing
 * for the whole value list (an array binds to its items); it appears only as the one value of
 * an `in` node. JSON has no parameter form: `toJson` of a tree with one is an error.
 */
export interface Param {
  readonly kind: 'param';
  readonly name: string;
  readonly list: boolean;
}

/**
 * A place that holds exact whole-number text (OPTIONS ROWS, a FETCH's LIMIT and OFFSET) or a
 * parameter standing for it (`LIMIT :n`): binding turns the parameter into the text.
 */
export type WholeOrParam = string | Param;

export type Expr =
  | NullLit
  | NumberLit
  | StringLit
  | DateTimeLit
  | LocalDateTimeLit
  | LocalDateLit
  | LocalTimeLit
  | ColumnRef
  | SystemColumn
  | DatabaseColumn
  | AliasRef
  | Between
  | Binary
  | Case
  | Collate
  | CountRows
  | Exists
  | FunctionCall
  | InList
  | InSelect
  | Param
  | SubqueryExpr
  | Unary;

export type ExprKind = Expr['kind'];

// ---------------------------------------------------------------------------------------
// Specifiers (databases, fields)

/** `{"type":"all"}`. */
export interface AllSpec {
  readonly kind: 'spec_all';
}
/** A JSON number: an id (exact whole-number text). */
export interface IdSpec {
  readonly kind: 'spec_id';
  readonly id: string;
}
/** A JSON string: a name. */
export interface NameSpec {
  readonly kind: 'spec_name';
  readonly name: string;
}
/** `{"type":"where","where": expr}`. */
export interface WhereSpec {
  readonly kind: 'spec_where';
  readonly where: Expr;
}
/** A JSON array of singular specifiers. */
export interface ArraySpec {
  readonly kind: 'spec_array';
  /** Keys (`spec_key`) only in a records specifier (src/ast/data-actions.ts). */
  readonly items: readonly SingularSpec[];
}

/** What an array specifier holds. */
export type SingularSpec = IdSpec | NameSpec | WhereSpec | KeySpec;

export type Specifier = AllSpec | IdSpec | NameSpec | WhereSpec | ArraySpec;

// ---------------------------------------------------------------------------------------
// Select object

export interface ResultColumn {
  readonly kind: 'result_column';
  readonly e: Expr;
  readonly alias: string | null;
}

export interface OrderTerm {
  readonly kind: 'order_term';
  readonly e: Expr;
  readonly order: 'asc' | 'desc';
}

/** A table by path (`"orders"`, `{"type":"table","table":...,"alias":...}`). */
export interface TableSource {
  readonly kind: 'table';
  readonly table: string;
  readonly alias: string | null;
}

/** A system table (`table_system`, or the deprecated `ts`). */
export interface SystemTableSource {
  readonly kind: 'table_system';
  readonly table: string;
  readonly alias: string | null;
}

/** A database table (`table_database` or `td`). */
export interface DatabaseTableSource {
  readonly kind: 'table_database';
  readonly database: Specifier;
  readonly table: string;
  readonly alias: string | null;
}

export const JOIN_OPS = ['join', 'left', 'left_outer', 'inner', 'cross'] as const;
export type JoinOp = (typeof JOIN_OPS)[number];

export interface JoinSource {
  readonly kind: 'join';
  readonly op: JoinOp;
  readonly s1: Source;
  readonly s2: Source;
}

/** A subquery source (spec source type `select`). The spec gives it no alias. */
export interface SelectSource {
  readonly kind: 'select_source';
  readonly select: Select;
}

export type Source = TableSource | SystemTableSource | DatabaseTableSource | JoinSource | SelectSource;

/** The spec's select object. */
export interface Select {
  readonly kind: 'select';
  readonly distinct: boolean;
  /** `'all'` for `{"type":"all"}` and for an absent `columns` (the spec's default); otherwise at least one. */
  readonly columns: 'all' | readonly ResultColumn[];
  readonly from: Source | null;
  readonly where: Expr | null;
  readonly group: readonly Expr[];
  readonly having: Expr | null;
  readonly order: readonly OrderTerm[];
  readonly limit: Expr | null;
  readonly offset: Expr | null;
}

/** The SELECT action: `{"action":"select","select":{...},"rows":...,"use_strings":...,"echo":...}`. */
export interface SelectAction {
  readonly kind: 'select_action';
  readonly select: Select;
  /** Rows per packet: exact whole-number text, a parameter (`ROWS = :n`, bound to a whole number), or null when absent. */
  readonly rows: string | Param | null;
  readonly useStrings: boolean | null;
  readonly echo: boolean | null;
}

// ---------------------------------------------------------------------------------------

export type Node =
  | Expr
  | WhenClause
  | Specifier
  | ResultColumn
  | OrderTerm
  | Source
  | Select
  | SelectAction
  | DataAction
  | ActionPart
  | SystemAction
  | SystemPart;
export type NodeKind = Node['kind'];
export type NodeOfKind<K extends NodeKind> = Extract<Node, { kind: K }>;

/** What a `.dsq` statement or a JSON document may hold at the top. */
export type Statement = Select | SelectAction | DataAction | SystemAction;

/** A query: a select object or a SELECT action (what the select builder holds). */
export type Query = Select | SelectAction;
