import { CHILD_KEYS, descendants, transform, visit, type Expr, type Node, type Select, type Statement } from '../ast/index.js';
import { DsqError } from '../diagnostic/index.js';
import { parse, parseExpression } from '../syntax/index.js';
import { IDENT, isQueryLike } from './brand.js';
import { Expression } from './expression.js';
import { queryFromAst, type SelectQuery } from './query.js';
import type { UntypedDatabase, UntypedFields } from './typing.js';
import { toExpr, toName } from './values.js';

/**
 * Tagged templates: `` dsq`SELECT * FROM orders WHERE amount > ${min}` `` returns a query
 * builder (a `SelectQuery`, to extend or to end with `.toAst()`, `.toJson()`, `.toText()`);
 * `` dsq.expr`amount > ${min}` `` returns an expression builder.
 *
 * An interpolated value is never text: the static parts are joined with placeholders (a
 * quoted identifier holding NUL characters, which no static part may contain), parsed once
 * per call site (cached by the template strings array), and each placeholder is then replaced
 * in the AST by the value as a node. So a string is always one string literal, whatever it
 * contains. Values: anything the builder takes as a value (numbers, bigints, strings, null,
 * Dates, expressions, AST expression nodes, queries as scalar subqueries); after `IN`, an
 * array is the value list and a query is `IN (SELECT ...)`; after `EXISTS` a query; in FROM a
 * query is a subquery source. Identifiers (tables, columns, aliases) only through `ident()`.
 */

/** An identifier to interpolate into a template: a table, column or alias name (never parsed). */
export interface Ident {
  readonly [IDENT]: true;
  readonly name: string;
}

export function ident(name: string): Ident {
  return Object.freeze({ [IDENT]: true as const, name: toName(name, 'ident()') });
}

const isIdent = (v: unknown): v is Ident => typeof v === 'object' && v !== null && (v as Record<symbol, unknown>)[IDENT] === true;

const marker = (i: number) => `\u0000dsq${i}\u0000`;
const MARKER_RE = /\u0000dsq(\d+)\u0000/g;
const EXACT_RE = /^\u0000dsq(\d+)\u0000$/;

interface Compiled {
  readonly ast: Node;
  /** Placeholders written as `IN ("…")` and `EXISTS (SELECT "…")`. */
  readonly inIndexes: ReadonlySet<number>;
  readonly existsIndexes: ReadonlySet<number>;
}

const statementCache = new WeakMap<TemplateStringsArray, Compiled>();
const expressionCache = new WeakMap<TemplateStringsArray, Compiled>();

function templateError(message: string): DsqError {
  return new DsqError([{ code: 'builder/template', severity: 'error', message }]);
}

function compile(strings: TemplateStringsArray, asExpression: boolean): Compiled {
  const cache = asExpression ? expressionCache : statementCache;
  const hit = cache.get(strings);
  if (hit) return hit;
  const inIndexes = new Set<number>();
  const existsIndexes = new Set<number>();
  let text = '';
  strings.forEach((part, i) => {
    if (part === undefined) throw templateError(`template part ${i} has an invalid escape sequence`);
    if (part.includes('\u0000')) throw templateError('a dsq template may not contain NUL characters');
    text += part;
    if (i === strings.length - 1) return;
    if (/\bIN\s*$/i.test(part)) {
      inIndexes.add(i);
      text += `(${quoted(i)})`;
    } else if (/\bEXISTS\s*$/i.test(part)) {
      existsIndexes.add(i);
      text += `(SELECT ${quoted(i)})`;
    } else text += quoted(i);
  });
  let ast: Node;
  try {
    ast = asExpression ? parseExpression(text) : parse(text);
  } catch (err) {
    // Show the template with visible placeholders (same length, so spans stay right).
    if (err instanceof DsqError) throw new DsqError(err.diagnostics, text.replace(/\u0000/g, '\u2400'));
    throw err;
  }
  checkPlacement(ast);
  const compiled: Compiled = { ast, inIndexes, existsIndexes };
  cache.set(strings, compiled);
  return compiled;
}

const quoted = (i: number) => `"${marker(i)}"`;

function exactIndex(text: string): number | null {
  const m = EXACT_RE.exec(text);
  return m ? Number(m[1]) : null;
}

function substitute<T extends Node>(compiled: Compiled, values: readonly unknown[]): T {
  const used = new Set<number>();
  /** Columns made from ident() values: in ORDER BY, GROUP BY and HAVING they may name an alias. */
  const identColumns = new Set<Node>();
  const take = (i: number): unknown => {
    used.add(i);
    return values[i];
  };
  const what = (i: number) => `interpolated value ${i}`;

  // Pass 1: IN lists and EXISTS, whose placeholders were wrapped at compile time.
  const structural = transform(compiled.ast, (node): Node => {
    if (node.kind === 'in' && node.values.length === 1 && node.values[0]?.kind === 'column') {
      const i = exactIndex(node.values[0].path);
      if (i === null || !compiled.inIndexes.has(i)) return node;
      const v = take(i);
      if (isQueryLike(v)) return { kind: 'in_select', e: node.e, select: v.toSelectAst() };
      if (Array.isArray(v)) return { kind: 'in', e: node.e, values: v.map((item, k) => toExpr(item, `${what(i)}[${k}]`)) };
      return { kind: 'in', e: node.e, values: [valueExpr(v, i)] };
    }
    if (node.kind === 'exists') {
      const i = existsPlaceholder(node.select);
      if (i === null || !compiled.existsIndexes.has(i)) return node;
      const v = take(i);
      if (!isQueryLike(v)) throw new TypeError(`${what(i)} follows EXISTS, so it must be a query`);
      return { kind: 'exists', select: v.toSelectAst() };
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
        if (i !== null && isQueryLike(values[i])) return { kind: 'select_source', select: (take(i) as SelectQuery).toSelectAst() };
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
    if (!used.has(i)) throw templateError(`${what(i)} is not used (is it inside a comment?)`);
  }
  return (identColumns.size === 0 ? result : resolveAliases(result, identColumns)) as T;

  function valueExpr(v: unknown, i: number): Expr {
    if (isIdent(v)) {
      const column: Expr = { kind: 'column', path: v.name };
      identColumns.add(column);
      return column;
    }
    if (Array.isArray(v)) throw new TypeError(`${what(i)} is an array: an array interpolates only as an IN list (x IN \${array})`);
    return toExpr(v, what(i));
  }
}

/** Where a placeholder may stand: in a column path, a table name or path, or an alias. */
const PLACEABLE: Partial<Record<Node['kind'], readonly string[]>> = {
  column: ['path'],
  table: ['table', 'alias'],
  table_system: ['table', 'alias'],
  table_database: ['table', 'alias'],
  result_column: ['alias'],
};

/**
 * Rejects, once per template, placeholders that stand where no value can go: inside a quoted
 * string or name, in a function name, a collation, a system column or a specifier.
 */
function checkPlacement(ast: Node): void {
  for (const node of descendants(ast)) {
    const children = CHILD_KEYS[node.kind] as readonly string[];
    const allowed = PLACEABLE[node.kind] ?? [];
    for (const [key, value] of Object.entries(node)) {
      if (typeof value !== 'string' || children.includes(key) || allowed.includes(key)) continue;
      const m = /\u0000dsq(\d+)\u0000/.exec(value);
      if (m) {
        throw templateError(
          `interpolated value ${m[1]} stands where a value cannot go (inside a quoted string or name, or in a function name, collation, system column or specifier); interpolate whole values, and names with ident()`,
        );
      }
    }
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
    const swap = <N extends Node>(n: N): N =>
      transform(n, (x) => (targets.has(x) && x.kind === 'column' ? { kind: 'alias', name: x.path } : x));
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
      throw new TypeError(`interpolated value ${i} stands in ${where}, where only ident(name) may go (a value is never turned into a name)`);
    }
    return v.name;
  });
}

/** `` dsq`SELECT ...` ``: a query builder; `` dsq.expr`...` ``: an expression builder. */
export const dsq = Object.assign(
  (strings: TemplateStringsArray, ...values: unknown[]): SelectQuery<UntypedDatabase, UntypedFields, Record<string, unknown>> =>
    queryFromAst(substitute<Statement>(compile(strings, false), values)),
  {
    expr: <T = unknown>(strings: TemplateStringsArray, ...values: unknown[]): Expression<T> =>
      new Expression<T>(substitute<Expr>(compile(strings, true), values)),
  },
);
