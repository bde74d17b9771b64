import type {
  AliasRef, AllSpec, ArraySpec, Between, Binary, BinaryOp, Case, Collate, ColumnRef, CountRows, DatabaseColumn, DatabaseTableSource,
  DateTimeLit, Exists, Expr, ExprKind, FunctionCall, IdSpec, InList, InSelect, JoinOp, JoinSource, LocalDateLit, LocalDateTimeLit, LocalTimeLit,
  NameSpec, Param, Node, NodeKind, NodeOfKind, NullLit, NumberLit, OrderTerm, ResultColumn, Select, SelectAction, SelectSource, Source,
  Specifier, Statement, StringLit, SubqueryExpr, WholeOrParam, SystemColumn, SystemTableSource, TableSource, Unary, UnaryOp, WhenClause, WhereSpec,
} from './nodes.js';
import { BINARY_OPS, UNARY_OPS } from './nodes.js';
import {
  FETCH_TYPE, WRITE_ACTION,
  type BooleanLit, type DataAction, type FieldExpr, type FieldLiteral, type FieldValue, type FileRef, type KeySpec, type RecordData,
} from './actions.js';
import { OPERATORS, PRIMARY, type Operator } from './operators.js';
import {
  AliasNode, BetweenNode, BinaryNode, BooleanNode, CaseNode, CollateNode, ColumnNode, CountRowsNode, DatabaseColumnNode, DatetimeNode, ExistsNode, FieldExprNode, FieldValueNode, FileRefNode, FunctionNode, InNode, InSelectNode, JoinNode, LocaldateNode, LocaldatetimeNode, LocaltimeNode, NullNode, NumberNode, OrderTermNode, ParamNode, RecordNode, ResultColumnNode, SelectActionNode, SelectNode, SelectSourceNode, SpecAllNode, SpecArrayNode, SpecIdNode, SpecKeyNode, SpecNameNode, SpecWhereNode, StringNode, SubqueryNode, SystemColumnNode, TableDatabaseNode, TableNode, TableSystemNode, UnaryNode, WhenNode,
} from './objects.js';

/**
 * One declaration per node kind: everything a part of dsq needs to know about a kind, written
 * once. Each entry says
 * - `role`: where a node of the kind may stand (an expression, a source, a statement...);
 * - `children`: the properties holding child nodes, in source order (the walker visits them;
 *   the compiler checks below that no node-valued property is left out);
 * - `json`: how the spec's JSON spells it (the full form's `"type"`, the `$` shorthand keys,
 *   the plain JSON value of its short form, the `"action"` of an action), read by the JSON
 *   reader and writer (src/json);
 * - `keyword`: the word that writes it in dsq text, where one does (`DATE '...'`,
 *   `SYSTEM_TABLE(...)`), read by the parser and the printer;
 * - `operator`: the operator it is in dsq text (src/ast/operators.ts: level, operand levels,
 *   words), null for the kinds that are not operators;
 * - `make`: its constructor (plain objects, src/ast/objects.ts; no checks: validation lives at
 *   the edges).
 *
 * Every consumer that treats kinds one by one (walker, JSON reader and writer, printer, spec
 * check, validator, lint's scope, the test arbitraries) is a `Record<NodeKind, ...>` checked by
 * the compiler, so a new kind (a CAST expression; a FETCH action) does not build until every
 * part handles it. test/ast/kinds.test.ts checks the consumers' key sets.
 */

/** Where a node may stand. Statements are selects and actions. */
export type KindRole = 'expr' | 'when' | 'specifier' | 'result_column' | 'order_term' | 'source' | 'select' | 'action' | 'action_part';

/** The spec JSON's spelling of a kind. */
export interface JsonSpelling {
  /** The full form's `"type"` (null: the kind has none), and the spec's short aliases of it (`dt`, `ts`, ...). */
  readonly type: string | null;
  readonly typeAliases: readonly string[];
  /** The `$` keys of its shorthand: one, or every operator's (`$and`, `$=`, ...); `$$` is the prefix of a function's. */
  readonly shorthand: readonly string[];
  /** The plain JSON value its short form is (a number is `5`, a table `"orders"`), or null. */
  readonly plain: 'null' | 'number' | 'string' | 'boolean' | 'array' | null;
  /** The `"action"` of an action (`"select"`, `"fetch"`, `"update"`), or null. */
  readonly action: string | null;
  /** The `"fetch"` of a FETCH action (`"records"`), or null. */
  readonly fetch: string | null;
}

/** The properties of a node that hold child nodes (a node, a list of nodes, null, or `'all'`). */
export type ChildKey<N> = {
  [P in keyof N]-?: P extends 'kind' ? never : N[P] extends Node | null | 'all' | readonly Node[] ? P : Param extends N[P] ? P : never;
}[keyof N] &
  string;

export interface KindSpec<K extends NodeKind> {
  readonly role: KindRole;
  readonly children: readonly ChildKey<NodeOfKind<K>>[];
  readonly json: JsonSpelling;
  readonly keyword: string | null;
  readonly operator: ((node: NodeOfKind<K>) => Operator) | null;
  readonly make: (...args: never[]) => NodeOfKind<K>;
}

const NO_SPELLING = { type: null, typeAliases: [], shorthand: [], plain: null, action: null, fetch: null } as const;
/** A kind's spelling: what is given, the rest none (literal types kept: `KINDS.spec_all.json.type` is `'all'`). */
const json = <const S extends Partial<JsonSpelling>>(spelling: S): Omit<typeof NO_SPELLING, keyof S> & S => ({ ...NO_SPELLING, ...spelling });

/** The constructor of a data action: its parts as given (the spec's defaults are null: actions.ts). */
const action =
  <K extends DataAction['kind']>(kind: K) =>
  (parts: Omit<NodeOfKind<K>, 'kind'>): NodeOfKind<K> =>
    ({ kind, ...parts }) as NodeOfKind<K>;

const BINARY_KEYS = BINARY_OPS.map((op) => `$${op}`);
const UNARY_KEYS = UNARY_OPS.map((op) => `$${op}`);

export const KINDS = {
  // Literals
  null: {
    role: 'expr',
    children: [],
    json: json({ type: 'null', plain: 'null' }),
    keyword: 'NULL',
    operator: null,
    make: (): NullLit => new NullNode(),
  },
  number: {
    role: 'expr',
    children: [],
    json: json({ type: 'number', plain: 'number' }),
    keyword: null,
    operator: null,
    make: (value: string | number | bigint): NumberLit => new NumberNode(String(value)),
  },
  string: {
    role: 'expr',
    children: [],
    json: json({ type: 'string', plain: 'string' }),
    keyword: null,
    operator: null,
    make: (value: string): StringLit => new StringNode(value),
  },
  datetime: {
    role: 'expr',
    children: [],
    json: json({ type: 'datetime', typeAliases: ['dt'], shorthand: ['$dt'] }),
    keyword: 'DATETIME',
    operator: null,
    make: (form: 'ms' | 'iso', value: string): DateTimeLit => new DatetimeNode(form, value),
  },
  localdatetime: {
    role: 'expr',
    children: [],
    json: json({ type: 'localdatetime', typeAliases: ['ldt'], shorthand: ['$ldt'] }),
    keyword: 'TIMESTAMP',
    operator: null,
    make: (value: string): LocalDateTimeLit => new LocaldatetimeNode(value),
  },
  localdate: {
    role: 'expr',
    children: [],
    json: json({ type: 'localdate', typeAliases: ['ld'], shorthand: ['$ld'] }),
    keyword: 'DATE',
    operator: null,
    make: (value: string): LocalDateLit => new LocaldateNode(value),
  },
  localtime: {
    role: 'expr',
    children: [],
    json: json({ type: 'localtime', typeAliases: ['lt'], shorthand: ['$lt'] }),
    keyword: 'TIME',
    operator: null,
    make: (value: string): LocalTimeLit => new LocaltimeNode(value),
  },

  // Columns and aliases
  column: {
    role: 'expr',
    children: [],
    json: json({ shorthand: ['$col'] }),
    keyword: 'COLUMN',
    operator: null,
    make: (path: string): ColumnRef => new ColumnNode(path),
  },
  system_column: {
    role: 'expr',
    children: [],
    // `{"type": "column", "table": ..., "column": ...}`: a column without "database".
    json: json({ type: 'column' }),
    keyword: 'SYSTEM_COLUMN',
    operator: null,
    make: (table: string, column: string): SystemColumn => new SystemColumnNode(table, column),
  },
  database_column: {
    role: 'expr',
    children: ['database', 'column'],
    // `{"type": "column", "database": ..., "table": ..., "column": ...}`.
    json: json({ type: 'column' }),
    keyword: 'DATABASE_COLUMN',
    operator: null,
    make: (database: Specifier, table: string, column: Specifier): DatabaseColumn => new DatabaseColumnNode(database, table, column),
  },
  alias: {
    role: 'expr',
    children: [],
    json: json({ type: 'alias', shorthand: ['$alias'] }),
    keyword: 'ALIAS',
    operator: null,
    make: (name: string): AliasRef => new AliasNode(name),
  },

  // Operators and forms
  between: {
    role: 'expr',
    children: ['e', 'min', 'max'],
    json: json({ type: 'between', shorthand: ['$between'] }),
    keyword: null,
    operator: () => OPERATORS.between,
    make: (e: Expr, min: Expr, max: Expr): Between => new BetweenNode(e, min, max),
  },
  binary: {
    role: 'expr',
    children: ['e1', 'e2'],
    json: json({ type: 'binary', shorthand: BINARY_KEYS }),
    keyword: null,
    operator: (node: Binary) => OPERATORS.binary[node.op],
    make: (op: BinaryOp, e1: Expr, e2: Expr): Binary => new BinaryNode(op, e1, e2),
  },
  case: {
    role: 'expr',
    children: ['base', 'cases', 'else'],
    json: json({ type: 'case' }),
    keyword: 'CASE',
    operator: null,
    make: (base: Expr | null, cases: readonly WhenClause[], otherwise: Expr | null): Case => new CaseNode(base, cases, otherwise),
  },
  when: {
    role: 'when',
    children: ['when', 'then'],
    // `{"when": ..., "then": ...}`, in a case's "cases".
    json: json({}),
    keyword: 'WHEN',
    operator: null,
    make: (condition: Expr, then: Expr): WhenClause => new WhenNode(condition, then),
  },
  collate: {
    role: 'expr',
    children: ['e'],
    json: json({ type: 'collate' }),
    keyword: null,
    operator: () => OPERATORS.collate,
    make: (e: Expr, collation: string): Collate => new CollateNode(e, collation),
  },
  count_rows: {
    role: 'expr',
    children: [],
    json: json({ type: 'count_rows' }),
    keyword: 'COUNT',
    operator: null,
    make: (): CountRows => new CountRowsNode(),
  },
  exists: {
    role: 'expr',
    children: ['select'],
    json: json({ type: 'exists', shorthand: ['$exists'] }),
    keyword: 'EXISTS',
    operator: null,
    make: (select: Select): Exists => new ExistsNode(select),
  },
  function: {
    role: 'expr',
    children: ['args'],
    json: json({ type: 'function', shorthand: ['$$'] }),
    keyword: null,
    operator: null,
    make: (name: string, args: readonly Expr[]): FunctionCall => new FunctionNode(name, args),
  },
  in: {
    role: 'expr',
    children: ['e', 'values'],
    json: json({ type: 'in', shorthand: ['$in'] }),
    keyword: null,
    operator: () => OPERATORS.in,
    make: (e: Expr, values: readonly Expr[]): InList => new InNode(e, values),
  },
  in_select: {
    role: 'expr',
    children: ['e', 'select'],
    json: json({ type: 'in_select', shorthand: ['$in'] }),
    keyword: null,
    operator: () => OPERATORS.in,
    make: (e: Expr, select: Select): InSelect => new InSelectNode(e, select),
  },
  param: {
    role: 'expr',
    children: [],
    // `:name` in dsq text: bound to a literal before JSON is written (src/params); the spec's
    // JSON has no parameters, so it has no spelling.
    json: json({}),
    keyword: null,
    operator: null,
    make: (name: string, list = false): Param => new ParamNode(name, list),
  },
  subquery: {
    role: 'expr',
    children: ['select'],
    json: json({ type: 'select', shorthand: ['$select'] }),
    keyword: null,
    operator: null,
    make: (select: Select): SubqueryExpr => new SubqueryNode(select),
  },
  unary: {
    role: 'expr',
    children: ['e'],
    json: json({ type: 'unary', shorthand: UNARY_KEYS }),
    keyword: null,
    operator: (node: Unary) => OPERATORS.unary[node.op],
    make: (op: UnaryOp, e: Expr): Unary => new UnaryNode(op, e),
  },

  // Specifiers
  spec_all: {
    role: 'specifier',
    children: [],
    json: json({ type: 'all' }),
    keyword: 'ALL',
    operator: null,
    make: (): AllSpec => new SpecAllNode(),
  },
  spec_id: {
    role: 'specifier',
    children: [],
    json: json({ plain: 'number' }),
    keyword: null,
    operator: null,
    make: (id: string | number | bigint): IdSpec => new SpecIdNode(String(id)),
  },
  spec_name: {
    role: 'specifier',
    children: [],
    json: json({ plain: 'string' }),
    keyword: null,
    operator: null,
    make: (name: string): NameSpec => new SpecNameNode(name),
  },
  spec_where: {
    role: 'specifier',
    children: ['where'],
    json: json({ type: 'where' }),
    keyword: 'WHERE',
    operator: null,
    make: (where: Expr): WhereSpec => new SpecWhereNode(where),
  },
  spec_array: {
    role: 'specifier',
    children: ['items'],
    json: json({ plain: 'array' }),
    keyword: null,
    operator: null,
    make: (items: readonly (IdSpec | NameSpec | WhereSpec)[]): ArraySpec => new SpecArrayNode(items),
  },

  // The select object
  result_column: {
    role: 'result_column',
    children: ['e'],
    // `{"e": ..., "alias": ...}`.
    json: json({}),
    keyword: null,
    operator: null,
    make: (e: Expr, alias: string | null = null): ResultColumn => new ResultColumnNode(e, alias),
  },
  order_term: {
    role: 'order_term',
    children: ['e'],
    // `{"e": ..., "order": "asc" | "desc"}`.
    json: json({}),
    keyword: null,
    operator: null,
    make: (e: Expr, order: 'asc' | 'desc' = 'asc'): OrderTerm => new OrderTermNode(e, order),
  },
  table: {
    role: 'source',
    children: [],
    json: json({ type: 'table', plain: 'string' }),
    keyword: 'TABLE',
    operator: null,
    make: (table: string, alias: string | null = null): TableSource => new TableNode(table, alias),
  },
  table_system: {
    role: 'source',
    children: [],
    json: json({ type: 'table_system', typeAliases: ['ts'] }),
    keyword: 'SYSTEM_TABLE',
    operator: null,
    make: (table: string, alias: string | null = null): SystemTableSource => new TableSystemNode(table, alias),
  },
  table_database: {
    role: 'source',
    children: ['database'],
    json: json({ type: 'table_database', typeAliases: ['td'] }),
    keyword: 'DATABASE_TABLE',
    operator: null,
    make: (database: Specifier, table: string, alias: string | null = null): DatabaseTableSource => new TableDatabaseNode(database, table, alias),
  },
  join: {
    role: 'source',
    children: ['s1', 's2'],
    json: json({ type: 'join' }),
    keyword: 'JOIN',
    operator: null,
    make: (op: JoinOp, s1: Source, s2: Source): JoinSource => new JoinNode(op, s1, s2),
  },
  select_source: {
    role: 'source',
    children: ['select'],
    json: json({ type: 'select' }),
    keyword: null,
    operator: null,
    make: (select: Select): SelectSource => new SelectSourceNode(select),
  },
  select: {
    role: 'select',
    children: ['columns', 'from', 'where', 'group', 'having', 'order', 'limit', 'offset'],
    // The select object: `{"columns": ..., "from": ..., ...}`.
    json: json({}),
    keyword: 'SELECT',
    operator: null,
    /** A select object with the spec's defaults for every part not given. */
    make: (parts: Partial<Omit<Select, 'kind'>> = {}): Select =>
      new SelectNode(
        parts.distinct ?? false,
        parts.columns ?? 'all',
        parts.from ?? null,
        parts.where ?? null,
        parts.group ?? [],
        parts.having ?? null,
        parts.order ?? [],
        parts.limit ?? null,
        parts.offset ?? null,
      ),
  },

  // Actions
  select_action: {
    role: 'action',
    children: ['select', 'rows'],
    json: json({ action: 'select' }),
    keyword: 'OPTIONS',
    operator: null,
    make: (select: Select, options: { rows?: WholeOrParam | null; useStrings?: boolean | null; echo?: boolean | null } = {}): SelectAction =>
      new SelectActionNode(select, options.rows ?? null, options.useStrings ?? null, options.echo ?? null),
  },
  // Data actions (src/ast/actions.ts): FETCH and the writes
  fetch_records: {
    role: 'action',
    children: ['database', 'records', 'where', 'order', 'limit', 'offset'],
    json: json({ action: 'fetch', fetch: FETCH_TYPE.fetch_records }),
    keyword: 'FETCH',
    operator: null,
    make: action('fetch_records'),
  },
  fetch_multirecords: {
    role: 'action',
    children: ['databases', 'where', 'order', 'limit', 'offset'],
    json: json({ action: 'fetch', fetch: FETCH_TYPE.fetch_multirecords }),
    keyword: 'FETCH',
    operator: null,
    make: action('fetch_multirecords'),
  },
  fetch_pseudorecords: {
    role: 'action',
    children: ['select', 'where', 'order', 'limit', 'offset'],
    json: json({ action: 'fetch', fetch: FETCH_TYPE.fetch_pseudorecords }),
    keyword: 'FETCH',
    operator: null,
    make: action('fetch_pseudorecords'),
  },
  fetch_tasks: {
    role: 'action',
    children: ['user', 'where', 'order', 'limit', 'offset'],
    json: json({ action: 'fetch', fetch: FETCH_TYPE.fetch_tasks }),
    keyword: 'FETCH',
    operator: null,
    make: action('fetch_tasks'),
  },
  fetch_users: {
    role: 'action',
    children: ['users', 'order', 'limit', 'offset'],
    json: json({ action: 'fetch', fetch: FETCH_TYPE.fetch_users }),
    keyword: 'FETCH',
    operator: null,
    make: action('fetch_users'),
  },
  insert_action: {
    role: 'action',
    children: ['database', 'records'],
    json: json({ action: WRITE_ACTION.insert_action }),
    keyword: 'INSERT',
    operator: null,
    make: action('insert_action'),
  },
  replace_action: {
    role: 'action',
    children: ['database', 'records'],
    json: json({ action: WRITE_ACTION.replace_action }),
    keyword: 'REPLACE',
    operator: null,
    make: action('replace_action'),
  },
  set_action: {
    role: 'action',
    children: ['database', 'records'],
    json: json({ action: WRITE_ACTION.set_action }),
    keyword: 'SET',
    operator: null,
    make: action('set_action'),
  },
  update_action: {
    role: 'action',
    children: ['database', 'records', 'fields', 'expressions'],
    json: json({ action: WRITE_ACTION.update_action }),
    keyword: 'UPDATE',
    operator: null,
    make: action('update_action'),
  },
  delete_action: {
    role: 'action',
    children: ['database', 'records'],
    json: json({ action: WRITE_ACTION.delete_action }),
    keyword: 'DELETE',
    operator: null,
    make: action('delete_action'),
  },
  trash_action: {
    role: 'action',
    children: ['database', 'records'],
    json: json({ action: WRITE_ACTION.trash_action }),
    keyword: 'TRASH',
    operator: null,
    make: action('trash_action'),
  },
  restore_action: {
    role: 'action',
    children: ['database', 'records'],
    json: json({ action: WRITE_ACTION.restore_action }),
    keyword: 'RESTORE',
    operator: null,
    make: action('restore_action'),
  },
  dispose_action: {
    role: 'action',
    children: ['database', 'records'],
    json: json({ action: WRITE_ACTION.dispose_action }),
    keyword: 'DISPOSE',
    operator: null,
    make: action('dispose_action'),
  },

  // The parts of data actions
  boolean: {
    role: 'action_part',
    children: [],
    // A field value `true` / `false`.
    json: json({ plain: 'boolean' }),
    keyword: null,
    operator: null,
    make: (value: boolean): BooleanLit => new BooleanNode(value),
  },
  field_value: {
    role: 'action_part',
    children: ['value'],
    // `"field": value` of a record object, a key or UPDATE's `fields`.
    json: json({}),
    keyword: null,
    operator: null,
    make: (field: string, value: FieldLiteral | Param): FieldValue => new FieldValueNode(field, value),
  },
  field_expr: {
    role: 'action_part',
    children: ['e'],
    // `"field": expression` of `expressions`.
    json: json({}),
    keyword: null,
    operator: null,
    make: (field: string, e: Expr): FieldExpr => new FieldExprNode(field, e),
  },
  spec_key: {
    role: 'action_part',
    children: ['key'],
    json: json({ type: 'key' }),
    keyword: 'KEY',
    operator: null,
    make: (key: readonly FieldValue[]): KeySpec => new SpecKeyNode(key),
  },
  file_ref: {
    role: 'action_part',
    children: [],
    // An object id (a JSON string), or `{"type": "text"|"base64", "content": ...}`.
    json: json({ plain: 'string' }),
    keyword: 'FILE',
    operator: null,
    make: (form: FileRef['form'], value: string): FileRef => new FileRefNode(form, value),
  },
  record: {
    role: 'action_part',
    children: ['values', 'expressions', 'file'],
    // A record object: field values, `expressions`, `file`, `tags`.
    json: json({}),
    keyword: null,
    operator: null,
    make: (parts: Omit<RecordData, 'kind'>): RecordData => new RecordNode(parts.values, parts.expressions, parts.file, parts.tags),
  },
} as const satisfies { readonly [K in NodeKind]: KindSpec<K> };

// The compiler checks that `children` names every property holding nodes (the walker cannot
// forget a child), and that the table has exactly the node kinds (`satisfies` above).
type MissingChildren = { [K in NodeKind]: Exclude<ChildKey<NodeOfKind<K>>, (typeof KINDS)[K]['children'][number]> }[NodeKind];
const childrenComplete: [MissingChildren] extends [never] ? true : false = true;
void childrenComplete;

/** The kinds whose role is `R`. */
type KindsWithRole<R extends KindRole> = { [K in NodeKind]: (typeof KINDS)[K]['role'] extends R ? K : never }[NodeKind];
type SameKinds<A, B> = [Exclude<A, B> | Exclude<B, A>] extends [never] ? true : false;
// The roles agree with the unions of nodes.ts: an expression kind is in `Expr`, a source in `Source`...
const rolesAgree: [
  SameKinds<KindsWithRole<'expr'>, ExprKind>,
  SameKinds<KindsWithRole<'source'>, Source['kind']>,
  SameKinds<KindsWithRole<'specifier'>, Specifier['kind']>,
  SameKinds<KindsWithRole<'select' | 'action'>, Statement['kind']>,
] = [true, true, true, true];
void rolesAgree;

/** Every node kind, in the table's order. */
export const NODE_KINDS: readonly NodeKind[] = Object.keys(KINDS) as NodeKind[];

/** The kinds of a role, in the table's order. */
export function kindsOf(role: KindRole): NodeKind[] {
  return NODE_KINDS.filter((k) => KINDS[k].role === role);
}

/** The expression kinds (role `expr`). */
export const EXPR_KINDS: readonly ExprKind[] = kindsOf('expr') as ExprKind[];

const EXPR_KIND_SET: ReadonlySet<string> = new Set(EXPR_KINDS);

export function isExpr(node: Node): node is Expr {
  return EXPR_KIND_SET.has(node.kind);
}

/** The kinds that stand at the top of a document: selects and actions. */
export const STATEMENT_KINDS: readonly Statement['kind'][] = NODE_KINDS.filter((k) => KINDS[k].role === 'select' || KINDS[k].role === 'action') as Statement['kind'][];

/** The child properties of a kind (the walker's table). */
export function childKeys(kind: NodeKind): readonly string[] {
  return KINDS[kind].children;
}

/** The operator a node is in dsq text, or null for a primary (a literal, a name, a call, CASE, a subquery...). */
export function operatorOf(node: Node): Operator | null {
  const operator = KINDS[node.kind].operator as ((node: Node) => Operator) | null;
  return operator === null ? null : operator(node);
}

/** The precedence level an expression has in dsq text (src/ast/operators.ts); everything that is not an operator is primary. */
export function precedenceOf(e: Node): number {
  const operator = KINDS[e.kind].operator as ((node: Node) => Operator) | null;
  return operator === null ? PRIMARY : operator(e).level;
}
