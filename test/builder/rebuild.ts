import type { BinaryOp, Expr, ExprKind, NodeOfKind, Select, Source, Specifier, Query as Statement } from '../../src/ast/index.js';
import { isExpr, num, type Node } from '../../src/ast/index.js';
import { FIELD_LIST } from '../../src/ast/fields.js';
import {
  caseOf,
  caseWhen,
  col,
  databaseColumn,
  databaseTable,
  datetime,
  exists,
  fn,
  fromAst,
  lit,
  localDate,
  localDateTime,
  localTime,
  query,
  ref,
  scalar,
  spec,
  subquerySource,
  systemColumn,
  systemTable,
  table,
  type Expression,
  type SelectQuery,
  type SourceBuilder,
  type SpecArg,
} from '../../src/builder/index.js';

/**
 * Rebuilds any AST through the builder's public API only: each kind by its builder constructor
 * (`EXPR`), and a kind the builder has no constructor for by its fields (`byFields`: its
 * children rebuilt, the node itself through `fromAst`). Used by the property test that the
 * builder can say everything the AST can.
 */
type Rebuild = { [K in ExprKind]?: (node: NodeOfKind<K>) => Expression<any> };

/** Number text the JS number or bigint would print exactly; otherwise the node itself is passed. */
function numberArg(text: string): number | bigint | Expr {
  if (/^-?\d+$/.test(text) && text !== '-0') return BigInt(text);
  const n = Number(text);
  return String(n) === text ? n : num(text);
}

const BINARY: Record<BinaryOp, (a: Expression<any>, b: Expression<any>) => Expression<any>> = {
  and: (a, b) => a.and(b),
  or: (a, b) => a.or(b),
  '=': (a, b) => a.eq(b),
  '!=': (a, b) => a.ne(b),
  '>': (a, b) => a.gt(b),
  '>=': (a, b) => a.gte(b),
  '<': (a, b) => a.lt(b),
  '<=': (a, b) => a.lte(b),
  is: (a, b) => a.is(b),
  like: (a, b) => a.like(b),
  regexp: (a, b) => a.regexp(b),
  '+': (a, b) => a.add(b),
  '-': (a, b) => a.sub(b),
  '*': (a, b) => a.mul(b),
  '/': (a, b) => a.div(b),
  '%': (a, b) => a.mod(b),
  '&': (a, b) => a.bitAnd(b),
  '|': (a, b) => a.bitOr(b),
  '<<': (a, b) => a.shl(b),
  '>>': (a, b) => a.shr(b),
};

const EXPR: Rebuild = {
  null: () => lit(null),
  number: (n) => lit(numberArg(n.value) as never),
  string: (n) => lit(n.value),
  datetime: (n) => (n.form === 'ms' ? datetime(BigInt(n.value)) : datetime(n.value)),
  localdatetime: (n) => localDateTime(n.value),
  localdate: (n) => localDate(n.value),
  localtime: (n) => localTime(n.value),
  column: (n) => col(n.path),
  system_column: (n) => systemColumn(n.table, n.column),
  database_column: (n) => databaseColumn(specArg(n.database), n.table, specArg(n.column)),
  alias: (n) => ref(n.name),
  between: (n) => expr(n.e).between(expr(n.min), expr(n.max)),
  binary: (n) => BINARY[n.op](expr(n.e1), expr(n.e2)),
  case: (n) => {
    const [first, ...rest] = n.cases;
    if (!first) throw new Error('a case without arms');
    let b = n.base === null ? caseWhen(expr(first.when), expr(first.then)) : caseOf(expr(n.base)).when(expr(first.when), expr(first.then));
    for (const arm of rest) b = b.when(expr(arm.when), expr(arm.then));
    return n.else === null ? b.end() : b.else(expr(n.else));
  },
  collate: (n) => expr(n.e).collate(n.collation),
  count_rows: () => fn.countAll(),
  exists: (n) => exists(rebuildSelect(n.select)),
  function: (n) => fn(n.name, ...n.args.map(expr)),
  in: (n) => expr(n.e).in(n.values.map(expr)),
  in_select: (n) => expr(n.e).in(rebuildSelect(n.select)),
  param: (n) => {
    throw new Error(`the builder makes no parameters (:${n.name}): the arbitraries never generate one`);
  },
  subquery: (n) => scalar(rebuildSelect(n.select)),
  unary: (n) => (n.op === 'not' ? expr(n.e).not() : n.op === '-' ? expr(n.e).neg() : expr(n.e).bitNot()),
};

export function expr(node: Expr): Expression<any> {
  const rebuildKind = EXPR[node.kind] as ((n: Expr) => Expression<any>) | undefined;
  return rebuildKind === undefined ? byFields(node) : rebuildKind(node);
}

/** A child of a node rebuilt by the builder: an expression or a select (others, such as specifiers, as they are). */
function rebuiltChild(child: unknown): unknown {
  if (child === null || typeof child !== 'object' || !('kind' in child)) return child;
  const node = child as Node;
  if (isExpr(node)) return expr(node).toAst();
  if (node.kind === 'select') return rebuildSelect(node).toAst();
  return node;
}

/** An expression of a kind without a builder constructor: its fields, each child rebuilt, through `fromAst`. */
export function byFields(node: Expr): Expression<any> {
  const parts: Record<string, unknown> = { kind: node.kind };
  for (const f of FIELD_LIST[node.kind]) {
    const v = (node as unknown as Record<string, unknown>)[f.key];
    parts[f.key] = f.child === null ? v : Array.isArray(v) ? v.map(rebuiltChild) : rebuiltChild(v);
  }
  return fromAst(parts as unknown as Expr);
}

function specArg(s: Specifier): SpecArg {
  switch (s.kind) {
    case 'spec_all':
      return spec.all();
    case 'spec_id':
      return /^-?\d+$/.test(s.id) ? BigInt(s.id) : s;
    case 'spec_name':
      return s.name;
    case 'spec_where':
      return expr(s.where);
    case 'spec_array':
      return s.items.map((item) => specArg(item as Specifier) as never);
  }
}

function source(s: Source): SourceBuilder {
  switch (s.kind) {
    case 'table':
      return table(s.table, s.alias ?? undefined);
    case 'table_system':
      return systemTable(s.table, s.alias ?? undefined);
    case 'table_database':
      return databaseTable(specArg(s.database), s.table, s.alias ?? undefined);
    case 'select_source':
      return subquerySource(rebuildSelect(s.select));
    case 'join': {
      const left = source(s.s1);
      const right = source(s.s2);
      const join = { join: left.join, inner: left.innerJoin, left: left.leftJoin, left_outer: left.leftOuterJoin, cross: left.crossJoin }[s.op];
      return join.call(left, right);
    }
  }
}

export function rebuildSelect(s: Select): SelectQuery {
  let q: SelectQuery<any, any, any> = query();
  if (s.distinct) q = q.distinct();
  if (s.columns !== 'all') q = q.select(...s.columns.map((c) => (c.alias === null ? expr(c.e) : expr(c.e).as(c.alias))));
  if (s.from !== null) q = q.from(source(s.from));
  if (s.where !== null) q = q.where(expr(s.where));
  if (s.group.length > 0) q = q.groupBy(...s.group.map(expr));
  if (s.having !== null) q = q.having(expr(s.having));
  for (const o of s.order) q = q.orderBy(expr(o.e), o.order);
  if (s.limit !== null) q = q.limit(expr(s.limit));
  if (s.offset !== null) q = q.offset(expr(s.offset));
  return q;
}

export function rebuild(statement: Statement): SelectQuery {
  if (statement.kind === 'select') return rebuildSelect(statement);
  return rebuildSelect(statement.select).options({
    rows: statement.rows === null ? null : BigInt(statement.rows as string),
    useStrings: statement.useStrings,
    echo: statement.echo,
  });
}
