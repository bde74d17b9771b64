import { transform, visit, type Expr, type Node, type Query, type Select } from '../ast/index.js';
import { checkBuilt } from '../ast/checked.js';
import { validateAst } from '../ast/validate.js';
import { idents, isQueryLike, nestedSelect } from './brand.js';
import { argumentError } from './errors.js';
import { Expression } from './expression.js';
import { queryFromAst, type UntypedQuery } from './query.js';
import { compile, type Compiled } from './template-compile.js';
import { exactIndex, MARKER_RE, what } from './template-places.js';
import { denseItems, own, toExpr, toName } from './values.js';

/**
 * Tagged templates: `` dsq`SELECT * FROM orders WHERE amount > ${min}` `` returns a query
 * builder (a `SelectQuery`, to extend or to end with `.toAst()`, `.toJson()`, `.toText()`);
 * `` dsq.expr`amount > ${min}` `` returns an expression builder.
 *
 * An interpolated value is never text: the static parts are joined with placeholders (a
 * quoted identifier holding NUL characters, which no static part may contain), parsed once
 * per call site (cached by the template strings array), and each placeholder is then replaced
 * in the AST by the value as a node. So a string is always one string literal, whatever it
 * contains, and an object is never syntax unless dsq made it (see values.ts). Values: anything
 * the builder takes as a value (numbers, bigints, strings, null, Dates, expressions, AST nodes
 * dsq made, queries as scalar subqueries); after `IN`, an array is the value list and a query
 * is `IN (SELECT ...)`; after `EXISTS` a query; in FROM a query is a subquery source.
 * Identifiers (tables, columns, aliases) only through `ident()`. Errors name the value as
 * `template value N` (1-based) and show the template with `${...}` where the values stand.
 */

declare const IDENT: unique symbol;

/** An identifier to interpolate into a template: a table, column or alias name (never parsed). */
export interface Ident {
  readonly [IDENT]: true;
  readonly name: string;
}

export function ident(name: string): Ident {
  return Object.freeze(idents.add({ name: toName(name, 'argument 1 of ident()') })) as unknown as Ident;
}

const isIdent = (v: unknown): v is Ident => idents.has(v);

function substitute<T extends Node>(compiled: Compiled, values: readonly unknown[]): T {
  const used = new Set<number>();
  /** Columns made from ident() values: in ORDER BY, GROUP BY and HAVING they may name an alias. */
  const identColumns = new Set<Node>();
  const take = (i: number): unknown => {
    used.add(i);
    return values[i];
  };

  // Pass 1: IN lists and EXISTS, whose placeholders were wrapped at compile time.
  const structural = transform(compiled.ast, (node): Node => {
    if (node.kind === 'in' && node.values.length === 1 && node.values[0]?.kind === 'column') {
      const i = exactIndex(node.values[0].path);
      if (i === null || !compiled.inIndexes.has(i)) return node;
      const v = take(i);
      if (isQueryLike(v)) return { kind: 'in_select', e: node.e, select: nestedSelect(v, `${what(i)} (after IN)`) };
      if (Array.isArray(v)) {
        const items = denseItems(v, `${what(i)} (the list after IN)`, 'an array');
        return { kind: 'in', e: node.e, values: items.map((item, k) => valueItem(item, `item ${k + 1} of ${what(i)}`)) };
      }
      return { kind: 'in', e: node.e, values: [valueExpr(v, i)] };
    }
    if (node.kind === 'exists') {
      const i = existsPlaceholder(node.select);
      if (i === null || !compiled.existsIndexes.has(i)) return node;
      const v = take(i);
      if (!isQueryLike(v)) throw argumentError(`${what(i)} follows EXISTS, so it must be a query`);
      return { kind: 'exists', select: nestedSelect(v, `${what(i)} (after EXISTS)`) };
    }
    return node;
  });

  // Pass 2: every other placeholder.
  const result = transform(structural, (node): Node => {
    switch (node.kind) {
      case 'column': {
        const i = exactIndex(node.path);
        if (i !== null) return valueExpr(take(i), i);
        return node.path.includes('\u0000') ? { ...node, path: identsIn(node.path, take, 'a column path') } : node;
      }
      case 'table': {
        const i = node.alias === null ? exactIndex(node.table) : null;
        if (i !== null && isQueryLike(values[i])) return { kind: 'select_source', select: nestedSelect(take(i), `${what(i)} (in FROM)`) };
        return {
          ...node,
          table: node.table.includes('\u0000') ? identsIn(node.table, take, 'a table path') : node.table,
          alias: node.alias?.includes('\u0000') ? identsIn(node.alias, take, 'an alias') : node.alias,
        };
      }
      case 'table_system':
      case 'table_database':
        return {
          ...node,
          table: node.table.includes('\u0000') ? identsIn(node.table, take, 'a table name') : node.table,
          alias: node.alias?.includes('\u0000') ? identsIn(node.alias, take, 'an alias') : node.alias,
        };
      case 'result_column':
        return node.alias?.includes('\u0000') ? { ...node, alias: identsIn(node.alias, take, 'an alias') } : node;
      default:
        return node;
    }
  });

  for (let i = 0; i < values.length; i++) {
    if (!used.has(i)) throw compiled.where.error(i, 'builder/template', `${what(i)} is not used (is it inside a comment?)`);
  }
  const resolved = identColumns.size === 0 ? result : resolveAliases(result, identColumns);
  // The parsed parts and the values' nodes are checked; the nodes rebuilt around them are checked here.
  return (checkBuilt(resolved) ?? validateAst(resolved)) as T;

  function valueExpr(v: unknown, i: number): Expr {
    if (isIdent(v)) {
      const column: Expr = own({ kind: 'column', path: v.name });
      identColumns.add(column);
      return column;
    }
    if (Array.isArray(v)) throw argumentError(`${what(i)} is an array: an array interpolates only as an IN list (x IN \${array})`);
    return toExpr(v, what(i));
  }

  function valueItem(v: unknown, itemWhat: string): Expr {
    if (isIdent(v)) throw argumentError(`${itemWhat} is an ident(): a name cannot be an item of an IN list`);
    return toExpr(v, itemWhat);
  }
}

/**
 * The parser's alias rule for names that came from ident(): in ORDER BY, GROUP BY and HAVING
 * (not inside a nested subquery), an unqualified name equal to one of the same select's
 * result-column aliases is an alias reference, as if the name had been written in the text.
 */
function resolveAliases(root: Node, identColumns: ReadonlySet<Node>): Node {
  return transform(root, (node) => {
    if (node.kind !== 'select' || node.columns === 'all') return node;
    const aliases = new Set(node.columns.flatMap((c) => (c.alias === null ? [] : [c.alias])));
    if (aliases.size === 0) return node;
    const targets = new Set<Node>();
    const roots: Node[] = [...node.group, ...node.order, ...(node.having ? [node.having] : [])];
    for (const r of roots) {
      visit(r, {
        enter: (n) => {
          if (n.kind === 'select') return false;
          if (n.kind === 'column' && identColumns.has(n) && !n.path.includes('.') && aliases.has(n.path)) targets.add(n);
          return undefined;
        },
      });
    }
    if (targets.size === 0) return node;
    const swap = <N extends Node>(n: N): N => transform(n, (x) => (targets.has(x) && x.kind === 'column' ? { kind: 'alias', name: x.path } : x));
    return { ...node, group: node.group.map(swap), order: node.order.map(swap), having: node.having ? swap(node.having) : null };
  });
}

function existsPlaceholder(select: Select): number | null {
  if (select.columns === 'all' || select.columns.length !== 1 || select.from !== null || select.where !== null) return null;
  const e = select.columns[0]?.e;
  return e?.kind === 'column' && select.columns[0]?.alias === null ? exactIndex(e.path) : null;
}

/** Replaces placeholders inside a name or path by identifiers; anything else is an error. */
function identsIn(text: string, take: (i: number) => unknown, where: string): string {
  return text.replace(MARKER_RE, (_, digits: string) => {
    const i = Number(digits);
    const v = take(i);
    if (!isIdent(v)) {
      throw argumentError(`${what(i)} stands in ${where}, where only ident(name) may go (a value is never turned into a name)`);
    }
    return v.name;
  });
}

/** `` dsq`SELECT ...` ``: a query builder; `` dsq.expr`...` ``: an expression builder. */
export const dsq = Object.assign(
  (strings: TemplateStringsArray, ...values: unknown[]): UntypedQuery => queryFromAst(substitute<Query>(compile(strings, false), values)),
  {
    expr: <T = any>(strings: TemplateStringsArray, ...values: unknown[]): Expression<T> => new Expression<T>(substitute<Expr>(compile(strings, true), values)),
  },
);
