import { isExpr, type Expr, type Query, type Source, type Statement } from '../ast/index.js';
import { kindFits, type ValidateOptions } from '../ast/validate.js';
import { isExpressionLike, isQueryLike, sources } from './brand.js';
import { argumentError } from './errors.js';
import { Expression } from './expression.js';
import { SelectQuery, queryFromAst, type UntypedQuery } from './query.js';
import { SourceBuilder } from './sources.js';
import { checkedTree } from './values.js';

/** Options of `fromAst`: how deep a hand-built tree may be (default 1,000,000 levels). */
export type FromAstOptions = ValidateOptions;

/**
 * The one public way in for an AST dsq did not make (built by hand, or plain objects read from
 * somewhere): the tree is checked the way the JSON reader checks JSON (its structure by
 * src/ast/validate.ts: known kinds where they may stand, required fields and their types, no
 * cycles, a depth limit; then the spec's rules by src/spec/check.ts, as for every entry point:
 * exact number text, datetime text, non-empty names, function arity, ...), and a trusted copy
 * comes back inside a builder object: a
 * statement as a query, an expression as an expression, a source as a source (`.toAst()`
 * gives the checked tree). Every error is a `DsqError` with the JSON-pointer path of the
 * offending field (`/where/e2/value`). The check itself is `checkedTree` (values.ts).
 */
export function fromAst(statement: Statement, options?: FromAstOptions): UntypedQuery;
export function fromAst<T = any>(expression: Expr, options?: FromAstOptions): Expression<T>;
export function fromAst(source: Source, options?: FromAstOptions): SourceBuilder;
export function fromAst(node: Statement | Expr | Source, options: FromAstOptions = {}): unknown {
  if (isQueryLike(node) || isExpressionLike(node) || sources.has(node)) return node;
  const tree = checkedTree(node, 'node', options);
  if (kindFits(tree.kind, 'query')) return queryFromAst(tree as Query);
  if (isExpr(tree)) return new Expression(tree);
  if (kindFits(tree.kind, 'source')) return new SourceBuilder(tree as Source);
  throw argumentError(`fromAst() takes a statement, an expression or a source node, got a "${tree.kind}" node`);
}

/** `fromAst` for a statement only (the typed builder's `fromAst`). */
export function queryFromStatement(statement: unknown, options: FromAstOptions = {}): UntypedQuery {
  if (isQueryLike(statement) && statement instanceof SelectQuery) return statement as never;
  return queryFromAst(checkedTree(statement, 'query', options) as Query);
}

/** A statement that is a query; a data action is an error saying which builder makes it. */
export function asQuery(statement: Statement): Query {
  if (kindFits(statement.kind, 'query')) return statement as Query;
  throw argumentError(`a "${statement.kind}" statement is a data action, not a query: build it with db.fetchRecords(...), db.insertInto(...), db.updateTable(...) or db.deleteFrom(...)`);
}
