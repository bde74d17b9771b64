import { withArticle } from '../diagnostic/article.js';
import { isExpr, type Expr, type Node, type Query, type Source, type Statement } from '../ast/index.js';
import { isChecked } from '../ast/checked.js';
import { kindFits, type Role, type ValidateOptions } from '../ast/validate.js';
import { isExpressionLike, isQueryLike, sources } from './brand.js';
import { argumentError } from './errors.js';
import { Expression } from './expression.js';
import { SelectQuery, queryFromAst, type UntypedQuery } from './query.js';
import { SourceBuilder } from './sources.js';
import { checkedTree } from './values.js';

/** Options of `fromAst`: how deep a hand-built tree may be (default 1,000,000 levels). */
export type FromAstOptions = ValidateOptions;

/**
 * The one public way in for an AST tree: a statement as a query, an expression as an
 * expression, a source as a source (`.toAst()` gives the tree back). A tree dsq checked (the
 * root of what `parse`, `parseExpression` or `fromJson` returned, a node of the builder's or of
 * an earlier `fromAst`; src/ast/checked.ts: frozen, so it is still what was checked) is taken as
 * it is. Any other tree (built by hand, plain objects read from somewhere, a part of a parsed
 * tree) is checked the way the JSON reader checks JSON (its structure by src/ast/validate.ts:
 * known kinds where they may stand, required fields and their types, no cycles, a depth limit;
 * then the spec's rules by src/spec/check.ts, as for every entry point: exact number text,
 * datetime text, non-empty names, function arity, ...), and a checked copy is taken. Every
 * error is a `DsqError` with the JSON-pointer path of the offending field (`/where/e2/value`).
 */
export function fromAst(statement: Statement, options?: FromAstOptions): UntypedQuery;
export function fromAst<T = any>(expression: Expr, options?: FromAstOptions): Expression<T>;
export function fromAst(source: Source, options?: FromAstOptions): SourceBuilder;
export function fromAst(node: Statement | Expr | Source, options: FromAstOptions = {}): unknown {
  if (isQueryLike(node) || isExpressionLike(node) || sources.has(node)) return node;
  const tree = treeOf(node, 'node', options);
  if (kindFits(tree.kind, 'query')) return queryFromAst(tree as Query);
  if (isExpr(tree)) return new Expression(tree);
  if (kindFits(tree.kind, 'source')) return new SourceBuilder(tree as Source);
  throw argumentError(`fromAst() takes a statement, an expression or a source node, got ${withArticle(`"${tree.kind}"`)} node`);
}

/** `fromAst` for a statement only (the typed builder's `fromAst`). */
export function queryFromStatement(statement: unknown, options: FromAstOptions = {}): UntypedQuery {
  if (isQueryLike(statement) && statement instanceof SelectQuery) return statement as never;
  return queryFromAst(treeOf(statement, 'query', options) as Query);
}

/** The tree itself when dsq checked it (a registered root: no second check), else a checked copy. */
function treeOf(node: unknown, role: Role, options: FromAstOptions): Node {
  if (isChecked(node) && kindFits(node.kind, role)) return node;
  return checkedTree(node, role, options);
}

/** A statement that is a query; a data action is an error saying which builder makes it. */
export function asQuery(statement: Statement): Query {
  if (kindFits(statement.kind, 'query')) return statement as Query;
  throw argumentError(
    `${withArticle(`"${statement.kind}"`)} statement is a data action, not a query: build it with db.fetchRecords(...), db.insertInto(...), db.updateTable(...) or db.deleteFrom(...)`,
  );
}
