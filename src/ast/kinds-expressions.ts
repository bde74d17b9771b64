import type {
  AliasRef,
  Between,
  Binary,
  BinaryOp,
  Case,
  Collate,
  ColumnRef,
  CountRows,
  DatabaseColumn,
  DateTimeLit,
  Exists,
  Expr,
  FunctionCall,
  InList,
  InSelect,
  LocalDateLit,
  LocalDateTimeLit,
  LocalTimeLit,
  NodeKind,
  NullLit,
  NumberLit,
  Param,
  Select,
  Specifier,
  StringLit,
  SubqueryExpr,
  SystemColumn,
  Unary,
  UnaryOp,
  WhenClause,
} from './nodes.js';
import { BINARY_OPS, UNARY_OPS } from './nodes.js';
import { OPERATORS } from './operators.js';
import {
  AliasNode,
  BetweenNode,
  BinaryNode,
  CaseNode,
  CollateNode,
  ColumnNode,
  CountRowsNode,
  DatabaseColumnNode,
  DatetimeNode,
  ExistsNode,
  FunctionNode,
  InNode,
  InSelectNode,
  LocaldateNode,
  LocaldatetimeNode,
  LocaltimeNode,
  NullNode,
  NumberNode,
  ParamNode,
  StringNode,
  SubqueryNode,
  SystemColumnNode,
  UnaryNode,
  WhenNode,
} from './objects.js';
import {
  BINARY_OP,
  BOOLEAN,
  DATETIME_VALUE,
  E,
  NAME,
  NUMBER,
  PARAM_NAME,
  STRING_VALUE,
  UNARY_OP,
  at,
  list,
  localText,
  nonEmpty,
  nullable,
  one,
  oneOf,
} from './field-checks.js';
import { json, type CallForm, type CallValue, type KindSpec } from './kind-spec.js';

const BINARY_KEYS = BINARY_OPS.map((op) => `$${op}`);
const UNARY_KEYS = UNARY_OPS.map((op) => `$${op}`);

/** The kind table's expressions (src/ast/kinds.ts): literals, names, operators and forms. */
export const EXPRESSION_KINDS = {
  // Literals
  null: {
    role: 'expr',
    fields: {},
    json: json({ type: 'null', plain: 'null' }),
    keyword: 'NULL',
    operator: null,
    make: (): NullLit => new NullNode(),
  },
  number: {
    role: 'expr',
    fields: { value: NUMBER },
    json: json({ type: 'number', plain: 'number' }),
    keyword: null,
    operator: null,
    make: (value: string | number | bigint): NumberLit => new NumberNode(String(value)),
  },
  string: {
    role: 'expr',
    fields: { value: STRING_VALUE },
    json: json({ type: 'string', plain: 'string' }),
    keyword: null,
    operator: null,
    make: (value: string): StringLit => new StringNode(value),
  },
  datetime: {
    role: 'expr',
    fields: { form: at(null, oneOf(['ms', 'iso'])), value: DATETIME_VALUE },
    json: json({ type: 'datetime', typeAliases: ['dt'], shorthand: ['$dt'] }),
    keyword: 'DATETIME',
    operator: null,
    make: (form: 'ms' | 'iso', value: string): DateTimeLit => new DatetimeNode(form, value),
  },
  localdatetime: {
    role: 'expr',
    fields: { value: localText('localdatetime') },
    json: json({ type: 'localdatetime', typeAliases: ['ldt'], shorthand: ['$ldt'] }),
    keyword: 'TIMESTAMP',
    operator: null,
    make: (value: string): LocalDateTimeLit => new LocaldatetimeNode(value),
  },
  localdate: {
    role: 'expr',
    fields: { value: localText('localdate') },
    json: json({ type: 'localdate', typeAliases: ['ld'], shorthand: ['$ld'] }),
    keyword: 'DATE',
    operator: null,
    make: (value: string): LocalDateLit => new LocaldateNode(value),
  },
  localtime: {
    role: 'expr',
    fields: { value: localText('localtime') },
    json: json({ type: 'localtime', typeAliases: ['lt'], shorthand: ['$lt'] }),
    keyword: 'TIME',
    operator: null,
    make: (value: string): LocalTimeLit => new LocaltimeNode(value),
  },

  // Columns and aliases
  column: {
    role: 'expr',
    fields: { path: at(null, NAME) },
    json: json({ shorthand: ['$col'] }),
    keyword: 'COLUMN',
    operator: null,
    make: (path: string): ColumnRef => new ColumnNode(path),
  },
  system_column: {
    role: 'expr',
    fields: { table: NAME, column: NAME },
    // `{"type": "column", "table": ..., "column": ...}`: a column without "database".
    json: json({ type: 'column' }),
    keyword: 'SYSTEM_COLUMN',
    operator: null,
    make: (table: string, column: string): SystemColumn => new SystemColumnNode(table, column),
    call: { args: ['table', 'column'], description: 'A column of a system table: a system parameter, by table and column name.' },
  },
  database_column: {
    role: 'expr',
    fields: { database: one('spec'), table: NAME, column: one('spec') },
    // `{"type": "column", "database": ..., "table": ..., "column": ...}`.
    json: json({ type: 'column' }),
    keyword: 'DATABASE_COLUMN',
    operator: null,
    make: (database: Specifier, table: string, column: Specifier): DatabaseColumn => new DatabaseColumnNode(database, table, column),
    call: {
      args: ['database', 'table', 'column'],
      description: "A column of a database's table: the database by specifier, the table by name, the column by name ('amount') or id (3).",
    },
  },
  alias: {
    role: 'expr',
    fields: { name: at('value', NAME) },
    json: json({ type: 'alias', shorthand: ['$alias'] }),
    keyword: 'ALIAS',
    operator: null,
    make: (name: string): AliasRef => new AliasNode(name),
  },

  // Operators and forms
  between: {
    role: 'expr',
    fields: { e: E, min: E, max: E },
    json: json({ type: 'between', shorthand: ['$between'] }),
    keyword: null,
    operator: () => OPERATORS.between,
    make: (e: Expr, min: Expr, max: Expr): Between => new BetweenNode(e, min, max),
  },
  binary: {
    role: 'expr',
    fields: { op: BINARY_OP, e1: E, e2: E },
    json: json({ type: 'binary', shorthand: BINARY_KEYS }),
    keyword: null,
    operator: (node: Binary) => OPERATORS.binary[node.op],
    make: (op: BinaryOp, e1: Expr, e2: Expr): Binary => new BinaryNode(op, e1, e2),
  },
  case: {
    role: 'expr',
    fields: { base: nullable('expr'), cases: nonEmpty('when'), else: nullable('expr') },
    json: json({ type: 'case' }),
    keyword: 'CASE',
    operator: null,
    make: (base: Expr | null, cases: readonly WhenClause[], otherwise: Expr | null): Case => new CaseNode(base, cases, otherwise),
  },
  when: {
    role: 'when',
    fields: { when: E, then: E },
    // `{"when": ..., "then": ...}`, in a case's "cases".
    json: json({}),
    keyword: 'WHEN',
    operator: null,
    make: (condition: Expr, then: Expr): WhenClause => new WhenNode(condition, then),
  },
  collate: {
    role: 'expr',
    fields: { e: E, collation: NAME },
    json: json({ type: 'collate' }),
    keyword: null,
    operator: () => OPERATORS.collate,
    make: (e: Expr, collation: string): Collate => new CollateNode(e, collation),
  },
  count_rows: {
    role: 'expr',
    fields: {},
    json: json({ type: 'count_rows' }),
    keyword: 'COUNT',
    operator: null,
    make: (): CountRows => new CountRowsNode(),
  },
  exists: {
    role: 'expr',
    fields: { select: one('select') },
    json: json({ type: 'exists', shorthand: ['$exists'] }),
    keyword: 'EXISTS',
    operator: null,
    make: (select: Select): Exists => new ExistsNode(select),
  },
  function: {
    role: 'expr',
    fields: { name: at('function', NAME), args: list('expr') },
    json: json({ type: 'function', shorthand: ['$$'] }),
    keyword: null,
    operator: null,
    make: (name: string, args: readonly Expr[]): FunctionCall => new FunctionNode(name, args),
  },
  in: {
    role: 'expr',
    fields: { e: E, values: list('expr') },
    json: json({ type: 'in', shorthand: ['$in'] }),
    keyword: null,
    operator: () => OPERATORS.in,
    make: (e: Expr, values: readonly Expr[]): InList => new InNode(e, values),
  },
  in_select: {
    role: 'expr',
    fields: { e: E, select: one('select') },
    json: json({ type: 'in_select', shorthand: ['$in'] }),
    keyword: null,
    operator: () => OPERATORS.in,
    make: (e: Expr, select: Select): InSelect => new InSelectNode(e, select),
  },
  param: {
    role: 'expr',
    fields: { name: at(null, PARAM_NAME), list: at(null, BOOLEAN) },
    // `:name` in dsq text: bound to a literal before JSON is written (src/params); the spec's
    // JSON has no parameters, so it has no spelling.
    json: json({}),
    keyword: null,
    operator: null,
    make: (name: string, list = false): Param => new ParamNode(name, list),
  },
  subquery: {
    role: 'expr',
    fields: { select: one('select') },
    json: json({ type: 'select', shorthand: ['$select'] }),
    keyword: null,
    operator: null,
    make: (select: Select): SubqueryExpr => new SubqueryNode(select),
  },
  unary: {
    role: 'expr',
    fields: { op: UNARY_OP, e: E },
    json: json({ type: 'unary', shorthand: UNARY_KEYS }),
    keyword: null,
    operator: (node: Unary) => OPERATORS.unary[node.op],
    make: (op: UnaryOp, e: Expr): Unary => new UnaryNode(op, e),
  },
} as const satisfies { readonly [K in NodeKind]?: KindSpec<K> };

type ExpressionEntries = typeof EXPRESSION_KINDS;

/** The kinds written `KEYWORD(a, b)`: their entry has a `call` (kind-spec.ts `CallForm`). */
export type CallKind = { [K in keyof ExpressionEntries]: ExpressionEntries[K] extends { readonly call: CallForm } ? K : never }[keyof ExpressionEntries];

/**
 * The expression calls: kinds written `KEYWORD(e, ...)` over expressions, whose entry's `call`
 * says what they give (`value`): read, printed, typed and run from the entry alone.
 */
export type ExprCallKind = {
  [K in keyof ExpressionEntries]: ExpressionEntries[K] extends { readonly call: { readonly value: CallValue } } ? K : never;
}[keyof ExpressionEntries];

/** An expression call's form: its keyword, its fields in written order, and what it gives. */
export interface ExprCall {
  readonly kind: ExprCallKind;
  readonly keyword: string;
  readonly args: readonly string[];
  readonly value: CallValue;
  readonly make: (...args: readonly Expr[]) => Expr;
}

/** The tables derived from the entries with a `call` (callTables): what the parser, printer, typing, SQL and language server read. */
export interface CallTables {
  /** The call form of each kind that has one, by kind (a dictionary without a prototype). */
  readonly CALL_FORMS: { readonly [kind: string]: (CallForm & { readonly keyword: string }) | undefined };
  /** The expression calls, in the table's order. */
  readonly EXPR_CALLS: readonly ExprCall[];
  /** The expression call of a kind, or undefined (by kind: a dictionary without a prototype). */
  readonly EXPR_CALL_OF: { readonly [kind: string]: ExprCall | undefined };
  /** The expression call a word (upper case) writes, or undefined. */
  readonly EXPR_CALL_BY_KEYWORD: ReadonlyMap<string, ExprCall>;
}

/**
 * The call tables of some expression entries. A function of the entries, so that a test can
 * derive them for a table with an entry made for it (test/helpers/test-call-kind.ts: a call
 * kind whose `sql` is null, as no kind of the table has today).
 */
export function callTables(entries: {
  readonly [kind: string]: { readonly keyword: string | null; readonly make: unknown; readonly call?: CallForm };
}): CallTables {
  const dictionary = <V>(pairs: readonly (readonly [string, V])[]): { readonly [key: string]: V | undefined } =>
    Object.assign(Object.create(null) as object, Object.fromEntries(pairs));
  const calls = Object.entries(entries).flatMap(([kind, entry]) =>
    entry.call === undefined ? [] : [[kind, { ...entry.call, keyword: entry.keyword as string }] as const],
  );
  const exprCalls = calls.flatMap(([kind, call]): ExprCall[] =>
    call.value === undefined
      ? []
      : [{ kind: kind as ExprCallKind, keyword: call.keyword, args: call.args, value: call.value, make: entries[kind]?.make as ExprCall['make'] }],
  );
  return {
    CALL_FORMS: dictionary(calls),
    EXPR_CALLS: exprCalls,
    EXPR_CALL_OF: dictionary(exprCalls.map((c) => [c.kind, c] as const)),
    EXPR_CALL_BY_KEYWORD: new Map(exprCalls.map((c) => [c.keyword, c])),
  };
}

const CALL_TABLES = callTables(EXPRESSION_KINDS);
/** The call form of each kind that has one, by kind (a dictionary without a prototype). */
export const CALL_FORMS = CALL_TABLES.CALL_FORMS;
/** The expression calls, in the table's order. */
export const EXPR_CALLS = CALL_TABLES.EXPR_CALLS;
/** The expression call of a kind, or undefined (by kind: a dictionary without a prototype). */
export const EXPR_CALL_OF = CALL_TABLES.EXPR_CALL_OF;
/** The expression call a word (upper case) writes, or undefined. */
export const EXPR_CALL_BY_KEYWORD = CALL_TABLES.EXPR_CALL_BY_KEYWORD;
