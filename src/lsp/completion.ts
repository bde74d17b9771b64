import {
  CompletionItemKind, InsertTextFormat, type CompletionItem, type Range,
} from 'vscode-languageserver/node';
import { allDatabases } from '../schema/lookup.js';
import { DATABASE_TABLES } from '../lint/schema-paths.js';
import { FUNCTIONS } from '../lint/functions.js';
import type { Schema } from '../schema/definitions.js';
import type { SourceToken } from '../syntax/tokenize.js';
import { EXPRESSION_FORMS, EXPRESSION_KEYWORDS, SOURCE_FORMS, STATEMENT_OPTIONS } from './keywords.js';
import { frameSources, qualifies, writeName, writePath, type ResolvedSource } from './scope.js';
import {
  clauseAt, frameAt, isName, isSeparator, isWord, nameOf, statementAt, tokenBefore, visibleFrames,
  type Clause, type Frame, type StatementShape, type TextShape,
} from './structure.js';
import { functionSignature } from './hover.js';

export interface CompletionContext {
  readonly schema: Schema | null;
  readonly keywordCase: 'upper' | 'lower' | 'preserve';
  /** Whether the client takes snippets (`$1` placeholders). */
  readonly snippets: boolean;
  /** System table names known from the open documents (the spec does not list them). */
  readonly systemTables: readonly string[];
  /** Offset → LSP position, for text edits. */
  readonly positionAt: (offset: number) => Range['start'];
}

/** The order items are shown in: the likeliest first. */
const SORT = { field: '1', alias: '2', database: '2', keyword: '4', function: '3', form: '5' } as const;

/** The clauses after each one, in the order a select takes them. */
const CLAUSE_ORDER: readonly Clause[] = ['columns', 'from', 'where', 'group', 'having', 'order', 'limit', 'offset', 'options'];
const CLAUSE_WORDS: Readonly<Record<Clause, string>> = {
  columns: 'SELECT', from: 'FROM', where: 'WHERE', group: 'GROUP BY', having: 'HAVING', order: 'ORDER BY', limit: 'LIMIT', offset: 'OFFSET', options: 'OPTIONS',
};

/** After these keywords an expression may start. */
const EXPRESSION_AFTER: ReadonlySet<string> = new Set([
  'SELECT', 'DISTINCT', 'WHERE', 'BY', 'HAVING', 'LIMIT', 'OFFSET', 'AND', 'OR', 'NOT', 'IS', 'LIKE', 'REGEXP', 'BETWEEN',
  'WHEN', 'THEN', 'ELSE', 'CASE', 'Comma', 'LParen', 'LBracket',
]);

/** Where an aggregate is a mistake (misplaced-aggregate): not offered there. */
const NO_AGGREGATES: ReadonlySet<Clause> = new Set(['where', 'group']);

/**
 * Completion at an offset, by scope, from the token stream (so it works while the text does not
 * parse): keywords and functions where an expression may start, databases after FROM and JOIN,
 * the fields of the sources in scope, result aliases where the dialect reads them, system tables
 * inside SYSTEM_TABLE(.
 */
export function complete(shape: TextShape, offset: number, ctx: CompletionContext): CompletionItem[] {
  if (insideTextToken(shape, offset)) return [];
  const code = shape.code;
  const before = tokenBefore(code, offset);
  const touching = before >= 0 && (code[before] as SourceToken).end >= offset ? (code[before] as SourceToken) : null;
  // The word being typed (replaced by the item), if the cursor is in or right after one.
  const word = touching && isWord(touching) && touching.category !== 'quoted-name' ? touching : null;
  if (touching && !word && (touching.category === 'number' || touching.category === 'quoted-name')) return [];
  const prevIndex = word ? before - 1 : before;
  const statement = statementAt(shape, offset);
  const p = prevIndex >= statement.first ? prevIndex : -1;
  const range: Range = word
    ? { start: ctx.positionAt(word.start), end: ctx.positionAt(Math.max(word.end, offset)) }
    : { start: ctx.positionAt(offset), end: ctx.positionAt(offset) };
  const out = new Items(ctx, range);
  const frame = frameAt(shape, statement, offset);
  if (p < 0 || frame === null || p < frame.open) {
    out.keyword('SELECT');
    return out.items;
  }
  const prev = code[p] as SourceToken;
  const clause = clauseAt(frame, p);

  // Inside the parentheses of a form: SYSTEM_TABLE(, DATABASE_TABLE(, COLUMN(, ALIAS(, OPTIONS (.
  const paren = openParen(code, statement, frame, p);
  if (paren >= 0) {
    const form = code[paren - 1];
    const argument = argumentIndex(code, paren, p);
    if (form?.type === 'SYSTEM_TABLE' || (form?.type === 'SYSTEM_COLUMN' && argument === 0)) {
      if (argument === 0 && (p === paren || prev.type === 'Comma')) for (const name of ctx.systemTables) out.add(name, writeName(name), CompletionItemKind.Class, 'system table', SORT.database);
      return out.items;
    }
    if (form?.type === 'SYSTEM_COLUMN') return out.items;
    if (form?.type === 'DATABASE_TABLE' || form?.type === 'DATABASE_COLUMN') {
      if (argument === 1) {
        if (prev.type === 'Comma') for (const t of DATABASE_TABLES) out.add(t, t, CompletionItemKind.Class, 'database table', SORT.database);
        return out.items;
      }
      if (argument === 0 && (p === paren || prev.type === 'LBracket' || (prev.type === 'Comma' && insideBrackets(code, paren, p)))) {
        databaseSpecifiers(out, ctx);
        return out.items;
      }
      if (argument === 2 && prev.type === 'Comma' && form.type === 'DATABASE_COLUMN') return out.items;
    }
    if (form?.type === 'ALIAS' && p === paren) {
      for (const r of frame.results) out.add(r.alias, writeName(r.alias), CompletionItemKind.Variable, 'result alias', SORT.alias);
      return out.items;
    }
    if (form?.type === 'COLUMN' && p === paren) {
      fields(out, shape, frame, ctx.schema, clause);
      return out.items;
    }
    if (form?.type === 'OPTIONS') {
      if (p === paren || prev.type === 'Comma') for (const o of STATEMENT_OPTIONS) out.add(o.name, `${o.name} = `, CompletionItemKind.Property, o.detail, SORT.keyword);
      else if (prev.type === 'Equals' && (code[p - 1]?.image.toUpperCase() === 'USE_STRINGS' || code[p - 1]?.image.toUpperCase() === 'ECHO')) {
        out.keyword('TRUE');
        out.keyword('FALSE');
      }
      return out.items;
    }
  }

  // A qualified name being written: `o.` in an expression, `sales.` in FROM.
  if (prev.type === 'Dot' && isName(code[p - 1])) {
    const qualifier = pathEndingAt(code, p - 1, statement);
    if (clause === 'from') childDatabases(out, ctx, qualifier);
    else qualifiedFields(out, shape, frame, ctx.schema, qualifier);
    return out.items;
  }
  if (prev.type === 'At' && clause === 'from') {
    for (const t of DATABASE_TABLES) out.add(t, t, CompletionItemKind.Class, 'database table', SORT.database);
    return out.items;
  }
  if (isSeparator(prev)) return out.items;

  if (clause === 'from') {
    fromClause(out, shape, frame, prev, p, ctx);
    return out.items;
  }
  if (clause === 'options') {
    if (prev.type === 'OPTIONS') out.add('(', '(', CompletionItemKind.Keyword, 'OPTIONS (ROWS = n, USE_STRINGS = TRUE|FALSE, ECHO = TRUE|FALSE)', SORT.keyword);
    return out.items;
  }
  if (prev.type === 'AS') return out.items;
  if (startsExpression(code, p)) {
    if (prev.type === 'IS') {
      out.keyword('NOT');
      out.keyword('NULL');
      return out.items;
    }
    if (prev.type === 'SELECT') out.keyword('DISTINCT');
    expressionStart(out, shape, frame, clause, ctx);
    return out.items;
  }
  afterExpression(out, shape, frame, clause, p);
  return out.items;
}

/** True inside a comment, a string or a quoted name (nothing to complete there). */
function insideTextToken(shape: TextShape, offset: number): boolean {
  const all = shape.all;
  const i = tokenBefore(all, offset);
  const t = all[i];
  if (t === undefined) return false;
  const runsOn = t.type === 'LineComment' || t.unterminated === true;
  if (!(offset < t.end || (runsOn && offset === t.end))) return false;
  return t.category === 'comment' || t.category === 'string' || (t.category === 'quoted-name' && offset < t.end);
}

/** The innermost `(` open at token `p` within the frame, or -1. */
function openParen(code: readonly SourceToken[], statement: StatementShape, frame: Frame, p: number): number {
  const stack: number[] = [];
  const from = Math.max(statement.first, frame.clauses[0]?.at ?? frame.open);
  for (let i = from; i <= p; i++) {
    const t = code[i] as SourceToken;
    if (t.type === 'LParen') stack.push(i);
    else if (t.type === 'RParen') stack.pop();
  }
  return stack[stack.length - 1] ?? -1;
}

/** Which argument of a form's parentheses token `p` ends in (0 before the first comma). */
function argumentIndex(code: readonly SourceToken[], paren: number, p: number): number {
  let depth = 0;
  let argument = 0;
  for (let i = paren + 1; i <= p; i++) {
    const t = code[i] as SourceToken;
    if (t.type === 'LParen' || t.type === 'LBracket') depth++;
    else if (t.type === 'RParen' || t.type === 'RBracket') depth--;
    else if (t.type === 'Comma' && depth === 0) argument++;
  }
  return argument;
}

function insideBrackets(code: readonly SourceToken[], paren: number, p: number): boolean {
  let depth = 0;
  for (let i = paren + 1; i <= p; i++) {
    const t = code[i] as SourceToken;
    if (t.type === 'LBracket') depth++;
    else if (t.type === 'RBracket') depth--;
  }
  return depth > 0;
}

/** The dotted path whose last name is token `last` (`sales.orders` for `sales . orders`). */
function pathEndingAt(code: readonly SourceToken[], last: number, statement: StatementShape): string {
  let first = last;
  while (first - 2 >= statement.first && isSeparator(code[first - 1]) && isName(code[first - 2])) first -= 2;
  let path = '';
  for (let i = first; i <= last; i++) {
    const t = code[i] as SourceToken;
    path += isName(t) ? nameOf(t) : t.image;
  }
  return path;
}

/** Whether an expression may start after token `p`. */
function startsExpression(code: readonly SourceToken[], p: number): boolean {
  const prev = code[p] as SourceToken;
  if (prev.type === 'Star') {
    // `SELECT *` ends the column list; `a *` expects an operand.
    const before = code[p - 1];
    return !(before?.type === 'SELECT' || before?.type === 'DISTINCT');
  }
  if (EXPRESSION_AFTER.has(prev.type)) return true;
  return prev.category === 'operator';
}

function fromClause(out: Items, shape: TextShape, frame: Frame, prev: SourceToken, p: number, ctx: CompletionContext): void {
  const code = shape.code;
  const sourceStart = prev.type === 'FROM' || prev.type === 'JOIN' || prev.type === 'Comma' || prev.type === 'LParen';
  if (sourceStart) {
    databases(out, ctx);
    for (const f of SOURCE_FORMS) out.form(f, 'source form');
    if (prev.type === 'LParen') out.keyword('SELECT');
    return;
  }
  if (prev.type === 'AS') return;
  if (prev.type === 'LEFT') {
    out.keyword('JOIN');
    out.keyword('OUTER JOIN');
    return;
  }
  if (prev.type === 'INNER' || prev.type === 'CROSS' || prev.type === 'OUTER') {
    out.keyword('JOIN');
    return;
  }
  // After a source: its alias, a join, or the next clause.
  const source = frame.sources.find((s) => s.last === p || s.aliasAt === p);
  if (source && source.aliasAt < 0 && source.kind !== 'subquery') out.keyword('AS');
  for (const j of ['JOIN', 'INNER JOIN', 'LEFT JOIN', 'LEFT OUTER JOIN', 'CROSS JOIN']) out.keyword(j);
  nextClauses(out, frame, 'from');
  void code;
}

function afterExpression(out: Items, shape: TextShape, frame: Frame, clause: Clause, p: number): void {
  const code = shape.code;
  if (insideCase(code, frame, p)) for (const k of ['WHEN', 'THEN', 'ELSE', 'END']) out.keyword(k);
  for (const k of ['AND', 'OR', 'NOT', 'IS', 'LIKE', 'REGEXP', 'BETWEEN', 'IN', 'COLLATE']) out.keyword(k);
  if (clause === 'columns') out.keyword('AS');
  if (clause === 'order') {
    out.keyword('ASC');
    out.keyword('DESC');
  }
  nextClauses(out, frame, clause);
}

/** The clause keywords that may follow the current clause. */
function nextClauses(out: Items, frame: Frame, clause: Clause): void {
  const from = CLAUSE_ORDER.indexOf(clause);
  for (const c of CLAUSE_ORDER.slice(from + 1)) {
    if (c === 'options' && frame.depth > 0) continue;
    out.keyword(CLAUSE_WORDS[c]);
  }
}

function insideCase(code: readonly SourceToken[], frame: Frame, p: number): boolean {
  let open = 0;
  for (let i = frame.open; i <= p; i++) {
    const t = code[i] as SourceToken;
    if (t.type === 'CASE') open++;
    else if (t.type === 'END' && open > 0) open--;
  }
  return open > 0;
}

function expressionStart(out: Items, shape: TextShape, frame: Frame, clause: Clause, ctx: CompletionContext): void {
  fields(out, shape, frame, ctx.schema, clause);
  // Result aliases: read as alias references in GROUP BY, HAVING and ORDER BY; elsewhere through ALIAS().
  if (clause === 'group' || clause === 'having' || clause === 'order') {
    for (const r of frame.results) out.add(r.alias, writeName(r.alias), CompletionItemKind.Variable, 'result alias', SORT.alias);
  } else if (clause === 'where') {
    for (const r of frame.results) out.add(`ALIAS(${r.alias})`, `${out.kw('ALIAS')}(${writeName(r.alias)})`, CompletionItemKind.Variable, 'result alias (explicit in WHERE)', SORT.alias);
  }
  for (const f of FUNCTIONS.values()) {
    if (f.aggregate && NO_AGGREGATES.has(clause)) continue;
    // COUNT_DISTINCT and the like are written COUNT(DISTINCT ...): COUNT's entry says so.
    if (f.name.endsWith('_DISTINCT')) continue;
    out.fn(f.name, functionSignature(f), f.aggregate);
  }
  for (const k of EXPRESSION_KEYWORDS) out.keyword(k);
  for (const f of EXPRESSION_FORMS) out.form(f, 'expression form');
}

/** The fields of the sources in scope: unqualified when one source has the name, qualified by alias where needed. */
function fields(out: Items, shape: TextShape, frame: Frame, schema: Schema | null, _clause: Clause): void {
  const frames = visibleFrames(frame);
  frames.forEach((f, depth) => {
    const sources = frameSources(shape, f, schema);
    const count = new Map<string, number>();
    for (const s of sources) for (const c of s.columns ?? []) count.set(c.name.toLowerCase(), (count.get(c.name.toLowerCase()) ?? 0) + 1);
    for (const s of sources) {
      for (const c of s.columns ?? []) {
        // Outer selects' columns are qualified (they are reached from a subquery); inner ones only when ambiguous.
        const ambiguous = (count.get(c.name.toLowerCase()) ?? 0) > 1;
        const qualify = (depth > 0 || ambiguous) && s.qualifier !== null;
        const text = qualify ? `${writePath(s.qualifier as string)}.${writeName(c.name)}` : writeName(c.name);
        out.add(text, text, CompletionItemKind.Field, fieldDetail(s, c), c.attribute ? '1z' : SORT.field, fieldDoc(c));
      }
    }
  });
}

function qualifiedFields(out: Items, shape: TextShape, frame: Frame, schema: Schema | null, qualifier: string): void {
  for (const f of visibleFrames(frame)) {
    const sources = frameSources(shape, f, schema).filter((s) => qualifies(s, qualifier));
    if (sources.length === 0) continue;
    for (const s of sources) for (const c of s.columns ?? []) out.add(c.name, writeName(c.name), CompletionItemKind.Field, fieldDetail(s, c), c.attribute ? '1z' : SORT.field, fieldDoc(c));
    return;
  }
}

function fieldDetail(s: ResolvedSource, c: { field: { type: string; nul: boolean } | null; database: { path: string } | null; attribute: boolean }): string {
  if (c.attribute) return 'record attribute';
  if (!c.field) return s.ref.kind === 'subquery' ? 'subquery column' : 'column';
  return `${c.field.type}${c.field.nul ? ', nullable' : ''} · ${c.database?.path ?? ''}`;
}

function fieldDoc(c: { field: { label: string; name: string; key: boolean } | null }): string | undefined {
  if (!c.field) return undefined;
  const parts = [];
  if (c.field.label !== c.field.name) parts.push(`label "${c.field.label}"`);
  if (c.field.key) parts.push('key field');
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** The schema's databases, by the shortest path that names each one alone. */
function databases(out: Items, ctx: CompletionContext): void {
  if (!ctx.schema) return;
  const entries = allDatabases(ctx.schema);
  const byPath = new Map<string, number>();
  for (const e of entries) byPath.set(e.path.toLowerCase(), (byPath.get(e.path.toLowerCase()) ?? 0) + 1);
  for (const e of entries) {
    const unique = byPath.get(e.path.toLowerCase()) === 1;
    const path = unique ? e.path : [...e.groups, e.path].join('.');
    const group = e.groups.length > 0 ? ` (${e.groups.join('.')})` : '';
    out.add(path, writePath(path), CompletionItemKind.Class, `${e.database.label}${group}`, SORT.database, `${e.database.fields.length} fields`);
  }
}

/** After `qualifier.` in FROM: what continues the path (child databases, the databases of a group). */
function childDatabases(out: Items, ctx: CompletionContext, qualifier: string): void {
  if (!ctx.schema) return;
  const wanted = qualifier.toLowerCase().split('.');
  for (const e of allDatabases(ctx.schema)) {
    const full = [...e.groups, ...e.path.split('.')];
    // Every place in the full path where the qualifier's segments stand just before more segments.
    for (let at = 0; at + wanted.length < full.length; at++) {
      if (!wanted.every((w, k) => full[at + k]?.toLowerCase() === w)) continue;
      const rest = full.slice(at + wanted.length).join('.');
      out.add(rest, writePath(rest), CompletionItemKind.Class, e.database.label, SORT.database);
    }
  }
}

/** In a specifier: database names as strings, ALL, WHERE. */
function databaseSpecifiers(out: Items, ctx: CompletionContext): void {
  if (ctx.schema) {
    for (const e of allDatabases(ctx.schema)) {
      const text = `'${e.database.name.replaceAll("'", "''")}'`;
      out.add(text, text, CompletionItemKind.Class, e.database.label, SORT.database);
    }
  }
  out.keyword('ALL');
  out.keyword('WHERE');
}

/** The list being built: no duplicates, keywords in the configured case. */
class Items {
  readonly items: CompletionItem[] = [];
  private readonly seen = new Set<string>();
  constructor(
    private readonly ctx: CompletionContext,
    private readonly range: Range,
  ) {}

  kw(word: string): string {
    return this.ctx.keywordCase === 'lower' ? word.toLowerCase() : word;
  }

  add(label: string, insert: string, kind: CompletionItemKind, detail: string, sort: string, doc?: string, snippet?: string): void {
    const key = `${kind}:${label}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const useSnippet = snippet !== undefined && this.ctx.snippets;
    this.items.push({
      label,
      kind,
      detail,
      sortText: `${sort}${label.toLowerCase()}`,
      filterText: label,
      textEdit: { range: this.range, newText: useSnippet ? snippet : insert },
      ...(useSnippet ? { insertTextFormat: InsertTextFormat.Snippet } : {}),
      ...(doc !== undefined ? { documentation: doc } : {}),
    });
  }

  keyword(word: string): void {
    const text = this.kw(word);
    this.add(text, text, CompletionItemKind.Keyword, 'keyword', SORT.keyword);
  }

  fn(name: string, signature: string, aggregate: boolean): void {
    const text = this.kw(name);
    this.add(text, `${text}(`, CompletionItemKind.Function, `${signature}${aggregate ? ' · aggregate' : ''}`, SORT.function, undefined, `${text}($1)`);
  }

  form(f: { label: string; insert: string; snippet: string }, detail: string): void {
    const label = this.kw(f.label);
    const re = (s: string) => (this.ctx.keywordCase === 'lower' ? s.replace(f.label, label) : s);
    this.add(label, re(f.insert), CompletionItemKind.Keyword, detail, SORT.form, undefined, re(f.snippet));
  }
}
