import { isDataAction, descendants, transform, visit, type Expr, type Node, type Query, type Select } from '../ast/index.js';
import { KINDS } from '../ast/kinds.js';
import { trustBuilt } from '../ast/trust.js';
import { validateAst } from '../ast/validate.js';
import { DsqError, LineIndex, type Diagnostic, type Span } from '../diagnostic/index.js';
import { parse, parseExpression, tokenize } from '../syntax/index.js';
import { idents, isQueryLike, nestedSelect } from './brand.js';
import { argumentError } from './errors.js';
import { Expression } from './expression.js';
import { queryFromAst, type UntypedQuery } from './query.js';
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

const marker = (i: number) => `\u0000dsq${i}\u0000`;
const MARKER_RE = /\u0000dsq(\d+)\u0000/g;
const EXACT_RE = /^\u0000dsq(\d+)\u0000$/;
/** How a value's place is shown in messages and code frames. */
const SHOWN = '${...}';

interface Compiled {
  readonly ast: Node;
  /** Placeholders written as `IN ("…")` and `EXISTS (SELECT "…")`. */
  readonly inIndexes: ReadonlySet<number>;
  readonly existsIndexes: ReadonlySet<number>;
  readonly where: Places;
}

/** Per call site: the compiled template, or the error its static text always makes (a misplaced value). */
const statementCache = new WeakMap<TemplateStringsArray, Compiled | DsqError>();
const expressionCache = new WeakMap<TemplateStringsArray, Compiled | DsqError>();

const what = (i: number) => `template value ${i + 1}`;

function compile(strings: TemplateStringsArray, asExpression: boolean): Compiled {
  const cache = asExpression ? expressionCache : statementCache;
  const hit = cache.get(strings);
  if (hit instanceof DsqError) throw new DsqError(hit.diagnostics, hit.source);
  if (hit) return hit;
  try {
    const compiled = compileText(strings, asExpression);
    cache.set(strings, compiled);
    return compiled;
  } catch (err) {
    // (Whatever the values, this text fails the same way: the next call throws at once.)
    if (err instanceof DsqError) cache.set(strings, err);
    throw err;
  }
}

function compileText(strings: TemplateStringsArray, asExpression: boolean): Compiled {
  const inIndexes = new Set<number>();
  const existsIndexes = new Set<number>();
  const inserts: Insert[] = [];
  let text = '';
  strings.forEach((part, i) => {
    if (part === undefined) throw new DsqError([{ code: 'builder/template', severity: 'error', message: `template part ${i + 1} has an invalid escape sequence` }]);
    if (part.includes('\u0000')) throw new DsqError([{ code: 'builder/template', severity: 'error', message: 'a dsq template may not contain NUL characters' }]);
    text += part;
    if (i === strings.length - 1) return;
    const start = text.length;
    if (/\bIN\s*$/i.test(part)) {
      inIndexes.add(i);
      text += '(';
    } else if (/\bEXISTS\s*$/i.test(part)) {
      existsIndexes.add(i);
      text += '(SELECT ';
    }
    const name = text.length;
    text += quoted(i);
    const nameEnd = text.length;
    if (inIndexes.has(i) || existsIndexes.has(i)) text += ')';
    inserts.push({ start, end: text.length, name, nameEnd });
  });
  const where = new Places(strings, inserts);
  checkTokens(text, inserts, where);
  let ast: Node;
  try {
    ast = asExpression ? parseExpression(text) : parse(text);
  } catch (err) {
    if (err instanceof DsqError) throw where.parseError(err);
    throw err;
  }
  if (isDataAction(ast)) {
    throw new DsqError([{ code: 'builder/template', severity: 'error', message: `dsq\`...\` builds a query (SELECT); a data action (${ast.kind}) is built with db.fetchRecords(...), db.insertInto(...), db.updateTable(...), db.deleteFrom(...)` }]);
  }
  checkPlacement(ast, where);
  return { ast, inIndexes, existsIndexes, where };
}

const quoted = (i: number) => `"${marker(i)}"`;

function exactIndex(text: string): number | null {
  const m = EXACT_RE.exec(text);
  return m ? Number(m[1]) : null;
}

/** Where a value's placeholder stands in the parsed text: the whole insert, and its quoted name. */
interface Insert {
  readonly start: number;
  readonly end: number;
  readonly name: number;
  readonly nameEnd: number;
}

/**
 * Each placeholder must be a token of its own (a quoted name): one that a string, a quoted
 * name or a comment of the static text swallows is a value where no value can stand. The
 * lexer says so before the parser would stumble over the pieces.
 */
function checkTokens(text: string, inserts: readonly Insert[], where: Places): void {
  const tokens = tokenize(text);
  let k = 0;
  for (let i = 0; i < inserts.length; i++) {
    const ins = inserts[i] as Insert;
    while (k < tokens.length && (tokens[k]?.end ?? 0) <= ins.name) k++;
    const token = tokens[k];
    if (token === undefined || token.start > ins.name) continue; // (a character the lexer rejects: the parser reports it)
    if (token.start === ins.name && token.end === ins.nameEnd && token.category === 'quoted-name') continue;
    const [place, hint] =
      token.category === 'comment'
        ? ['inside a comment', 'a value in a comment would not be used: move it out of the comment, or leave it out']
        : token.category === 'string'
          ? ['inside a quoted string', DATETIME_WORD.test(text.slice(0, token.start)) ? DATETIME_WAY : `interpolate the whole value, without quotes: a = ${SHOWN}`]
          : ['inside a quoted name', `interpolate the whole value, without quotes: a = ${SHOWN}; a name goes in through \${ident(name)}`];
    throw where.error(i, 'builder/template', `a value (${SHOWN}) cannot stand ${place} (${what(i)})`, hint);
  }
}

/**
 * Where the values stand: maps the parsed text (with placeholders) to the template as the user
 * sees it (with `${...}`), for messages, code frames and hints.
 */
class Places {
  /** The template as written, with `${...}` for each value. */
  readonly shown: string;
  private readonly lines: LineIndex;

  constructor(
    private readonly strings: readonly string[],
    private readonly inserts: readonly Insert[],
  ) {
    this.shown = strings.join(SHOWN);
    this.lines = new LineIndex(this.shown);
  }

  /** The value whose placeholder a parsed-text offset falls in, if any. */
  valueAt(offset: number): number | null {
    for (let i = 0; i < this.inserts.length; i++) {
      const ins = this.inserts[i] as Insert;
      if (offset >= ins.start && offset < ins.end) return i;
    }
    return null;
  }

  /** A parsed-text offset in the shown template (inside a placeholder: its start, or its end). */
  private shownOffset(offset: number, atEnd: boolean): number {
    let shift = 0;
    for (const ins of this.inserts) {
      if (offset <= ins.start) break;
      if (offset < ins.end) return ins.start + shift + (atEnd ? SHOWN.length : 0);
      shift += SHOWN.length - (ins.end - ins.start);
    }
    return offset + shift;
  }

  span(start: number, end: number): Span {
    return this.lines.span(this.shownOffset(start, false), Math.max(this.shownOffset(start, false), this.shownOffset(end, true)));
  }

  /** The span of value i in the shown template. */
  valueSpan(i: number): Span {
    const ins = this.inserts[i] as Insert;
    return this.span(ins.start, ins.end);
  }

  error(i: number, code: string, message: string, hint?: string): DsqError {
    return new DsqError([{ code, severity: 'error', message, span: this.valueSpan(i), ...(hint ? { hint } : {}) }], this.shown);
  }

  /**
   * A parse error of the joined text, told in the template's terms: a value where the text
   * needs something else is "a value (${...}) cannot stand here", with the builder's way to
   * say it; the placeholder text never shows.
   */
  parseError(err: DsqError): DsqError {
    const seen = new Set<number>();
    const out: Diagnostic[] = [];
    for (const d of err.diagnostics) {
      // The value the error is at: where its span starts, else the one the parser says it found.
      const found = /(?:found|unexpected) [^,:]*\u0000dsq(\d+)\u0000/.exec(d.message);
      const i = (d.span ? this.valueAt(d.span.start) : null) ?? (found ? Number(found[1]) : null);
      const span = d.span ? this.span(d.span.start, d.span.end) : undefined;
      if (i === null) {
        out.push({ ...d, message: hidePlaceholders(d.message), ...(d.hint ? { hint: hidePlaceholders(d.hint) } : {}), ...(span ? { span } : {}) });
        continue;
      }
      if (seen.has(i)) continue;
      seen.add(i);
      const message = `a value (${SHOWN}) cannot stand here (${what(i)})${expectation(d.message)}`;
      out.push({ code: 'builder/template', severity: 'error', message, span: this.valueSpan(i), hint: builderWay(this.strings[i] ?? '') });
    }
    return new DsqError(out, this.shown);
  }
}

/** What the parser expected where a value stood (`: expected a string in single quotes after DATE`), or nothing. */
function expectation(message: string): string {
  const m = /\bexpected (.*?)(?:, found .*)?$/s.exec(message);
  return m ? `: the text needs ${hidePlaceholders(m[1] as string)}` : '';
}

function hidePlaceholders(text: string): string {
  return text
    .replace(/(?:the )?(?:double-quoted )?name "\u0000dsq\d+\u0000"/g, `a value (${SHOWN})`)
    .replace(/"?\u0000dsq\d+\u0000"?/g, SHOWN);
}

/** A datetime keyword just before (`DATE '...'`, `DATE ${...}`): the value goes in as a builder datetime. */
const DATETIME_WORD = /\b(?:DATE|TIME|TIMESTAMP|DATETIME)\s*$/i;
const DATETIME_WAY =
  'interpolate a datetime built by the builder instead of the keyword form: ${localDate(d)}, ${localTime(t)}, ${localDateTime(dt)} or ${datetime(x)}';

/** The builder's way to say what the text around a misplaced value needs. */
function builderWay(before: string): string {
  if (DATETIME_WORD.test(before)) return DATETIME_WAY;
  if (/\bOPTIONS\s*\([^)]*$/i.test(before)) return 'set SELECT action options on the query instead: dsq`SELECT ...`.options({ rows, useStrings, echo })';
  if (/\b(?:DATABASE_TABLE|DATABASE_COLUMN)\s*\([^)]*$/i.test(before) || /\[[^\]]*$/.test(before)) {
    return 'a specifier is not a value: build the part with databaseTable(spec, table), databaseColumn(spec, table, spec) or spec.id(n) / spec.name(s), and interpolate that';
  }
  if (/\bORDER\s+BY\b/i.test(before)) return "an order direction is not a value: use .orderBy(term, 'asc' | 'desc') on the query";
  return `interpolate whole values where an expression can stand (a = ${SHOWN}), and names through \${ident(name)}`;
}

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
  // The parsed parts and the values' nodes are trusted; the nodes rebuilt around them are checked here.
  return (trustBuilt(resolved) ? resolved : validateAst(resolved)) as T;

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

/** Where a placeholder may stand: in a column path, a table name or path, or an alias. */
const PLACEABLE: Partial<Record<Node['kind'], readonly string[]>> = {
  column: ['path'],
  table: ['table', 'alias'],
  table_system: ['table', 'alias'],
  table_database: ['table', 'alias'],
  result_column: ['alias'],
};

/** What a misplaced value stands in, and the builder's way to say it. */
const MISPLACED: Partial<Record<Node['kind'], readonly [string, string]>> = {
  string: ['inside a quoted string', `interpolate the whole value, without quotes: a = ${SHOWN}`],
  function: ['in a function name', 'call a function by a computed name with fn(name, ...args)'],
  collate: ['in a collation', 'collate by a computed name with .collate(name) on a builder expression'],
  system_column: ['in SYSTEM_COLUMN(...)', 'build it with systemColumn(table, column) and interpolate that'],
  database_column: ['in DATABASE_COLUMN(...)', 'build it with databaseColumn(spec, table, spec) and interpolate that'],
  alias: ['in ALIAS(...)', 'refer to an alias by a computed name with ref(name), or interpolate ${ident(name)}'],
  spec_name: ['in a specifier', 'build the specifier with spec.name(s), spec.id(n) or spec.where(cond), in databaseTable()/databaseColumn()'],
  spec_id: ['in a specifier', 'build the specifier with spec.name(s), spec.id(n) or spec.where(cond), in databaseTable()/databaseColumn()'],
};

/** Function-like forms whose parts are names and specifiers, never values. */
const NAME_FORMS: ReadonlySet<string> = new Set(['DATABASE_COLUMN', 'SYSTEM_COLUMN', 'DATABASE_TABLE', 'SYSTEM_TABLE', 'COLUMN', 'ALIAS']);

/**
 * Rejects, once per template, placeholders that stand where no value can go: inside a quoted
 * string or name, in a function name, a collation, a system or database column, an alias
 * reference or a specifier.
 */
function checkPlacement(ast: Node, where: Places): void {
  for (const node of descendants(ast)) {
    const children = KINDS[node.kind].children as readonly string[];
    const allowed = PLACEABLE[node.kind] ?? [];
    for (const [key, value] of Object.entries(node)) {
      if (typeof value !== 'string' || children.includes(key) || allowed.includes(key)) continue;
      const m = /\u0000dsq(\d+)\u0000/.exec(value);
      if (m) {
        const i = Number(m[1]);
        const [place, hint] = MISPLACED[node.kind] ?? ['here', 'interpolate whole values, and names with ${ident(name)}'];
        throw where.error(i, 'builder/template', `a value (${SHOWN}) cannot stand ${place} (${what(i)})`, hint);
      }
    }
    // DATABASE_COLUMN(${v}, t, c) does not parse as the special form, so it reads as a call of
    // a function of that name: a value there would silently become a function argument.
    if (node.kind === 'function' && NAME_FORMS.has(node.name.toUpperCase())) {
      for (const arg of node.args) {
        const i = arg.kind === 'column' ? exactIndex(arg.path) : null;
        if (i === null) continue;
        const [, hint] = MISPLACED[node.name.toUpperCase() === 'SYSTEM_COLUMN' ? 'system_column' : 'database_column'] as readonly [string, string];
        throw where.error(
          i,
          'builder/template',
          `a value (${SHOWN}) cannot stand in ${node.name.toUpperCase()}(...) (${what(i)}): its parts are names and specifiers, not values`,
          node.name.toUpperCase().endsWith('TABLE') ? 'build the source with databaseTable(spec, table) or systemTable(name), and interpolate that' : hint,
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
      throw argumentError(`${what(i)} stands in ${where}, where only ident(name) may go (a value is never turned into a name)`);
    }
    return v.name;
  });
}

/** `` dsq`SELECT ...` ``: a query builder; `` dsq.expr`...` ``: an expression builder. */
export const dsq = Object.assign(
  (strings: TemplateStringsArray, ...values: unknown[]): UntypedQuery =>
    queryFromAst(substitute<Query>(compile(strings, false), values)),
  {
    expr: <T = any>(strings: TemplateStringsArray, ...values: unknown[]): Expression<T> =>
      new Expression<T>(substitute<Expr>(compile(strings, true), values)),
  },
);
