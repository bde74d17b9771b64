import { CompletionItemKind, type CompletionItem, type Range } from 'vscode-languageserver/node';
import { DATABASE_TABLES } from '../lint/schema-paths.js';
import { FUNCTIONS } from '../lint/functions.js';
import type { SourceToken } from '../syntax/tokenize.js';
import { STATEMENT_WORDS } from '../ast/kinds.js';
import { completePlace } from './completion-place.js';
import { Items, SORT, type CompletionContext } from './completion-items.js';
import { childDatabases, databases, databaseSpecifiers, fields, qualifiedFields } from './completion-schema.js';
import { argumentIndex, insideBrackets, insideTextToken, pathEndingAt, startsExpression } from './completion-tokens.js';
import { EXPRESSION_FORMS, EXPRESSION_KEYWORDS, SOURCE_FORMS, STATEMENT_OPTIONS } from './keywords.js';
import { writeName } from './source-names.js';
import { isName, isSeparator, isWord, statementAt, tokenBefore, type TextModel } from './text-model.js';
import { formAt, insideCase, selectAt, sourceAt, type Clause, type SelectAt } from './tree-at.js';
import { functionSignature, functionSnippet } from './signature.js';
import { paramDeclarations, paramUses, startsParam } from './params.js';
import { expectedWordsAt, placeAt, type Place } from './place.js';
import type { ScopeOwner } from '../lint/scope.js';
import type { Select } from '../ast/nodes.js';

export type { CompletionContext } from './completion-items.js';

/** The clauses after each one, in the order a select takes them. */
const CLAUSE_ORDER: readonly Exclude<Clause, 'on'>[] = ['columns', 'from', 'where', 'group', 'having', 'order', 'limit', 'offset', 'options'];
const CLAUSE_WORDS: Readonly<Record<Exclude<Clause, 'on'>, string>> = {
  columns: 'SELECT',
  from: 'FROM',
  where: 'WHERE',
  group: 'GROUP BY',
  having: 'HAVING',
  order: 'ORDER BY',
  limit: 'LIMIT',
  offset: 'OFFSET',
  options: 'OPTIONS',
};

/** Where an aggregate is a mistake (misplaced-aggregate): not offered there. */
const NO_AGGREGATES: ReadonlySet<Clause> = new Set(['where', 'group', 'on']);
/** The words that may follow an expression: its operators. */
const OPERATORS = ['AND', 'OR', 'NOT', 'IS', 'LIKE', 'REGEXP', 'BETWEEN', 'IN', 'COLLATE'];
const JOINS = ['JOIN', 'INNER JOIN', 'LEFT JOIN', 'LEFT OUTER JOIN', 'CROSS JOIN'];

/**
 * Completion at an offset. In a statement other than a select, what the place expects comes
 * from the statement's tree and the kind table (place.ts, completion-place.ts): databases,
 * fields of the database in scope, record attributes, expressions. In a select (a statement or
 * a subquery of any statement), by the select's clause at the cursor, read from the statement's
 * tree (tree-at.ts; a broken statement's recovered one, so it works while the text does not
 * parse), and by the token before the cursor: keywords and functions where an expression may
 * start, databases after FROM and JOIN, the fields of the sources in scope (lint's scope
 * analysis), result aliases where the dialect reads them, system tables inside SYSTEM_TABLE(.
 */
export function complete(model: TextModel, offset: number, ctx: CompletionContext): CompletionItem[] {
  if (insideTextToken(model, offset)) return [];
  const code = model.code;
  const before = tokenBefore(code, offset);
  const touching = before >= 0 && (code[before] as SourceToken).end >= offset ? (code[before] as SourceToken) : null;
  // The word being typed (replaced by the item), if the cursor is in or right after one.
  const word = touching && isWord(touching) && touching.category !== 'quoted-name' ? touching : null;
  if (touching && !word && (touching.category === 'number' || touching.category === 'quoted-name')) return [];
  const prevIndex = word ? before - 1 : before;
  const statement = statementAt(model, offset);
  const p = prevIndex >= statement.first ? prevIndex : -1;
  const range: Range = word
    ? { start: ctx.positionAt(word.start), end: ctx.positionAt(Math.max(word.end, offset)) }
    : { start: ctx.positionAt(offset), end: ctx.positionAt(offset) };
  const out = new Items(ctx, range);
  // After `:` where a value stands: the statement's parameters (declared by -- @param, or used).
  const colonAt = word ? before - 1 : before;
  if (colonAt >= 0 && startsParam(code, colonAt) && (!word || word.start === (code[colonAt] as SourceToken).end)) {
    const declared = new Map(paramDeclarations(model, statement).map((d) => [d.name, d.type]));
    const names = [
      ...declared.keys(),
      ...paramUses(model, statement)
        .filter((u) => u.colon !== colonAt)
        .map((u) => u.name),
    ];
    for (const name of names)
      out.add(name, name, CompletionItemKind.Variable, declared.get(name) ? `parameter (${declared.get(name)})` : 'parameter', SORT.alias);
    return out.items;
  }
  const inSelect = selectAt(model, statement, offset, p >= 0 ? (code[p] as SourceToken).start : offset);
  if (p < 0) {
    for (const w of STATEMENT_WORDS) out.keyword(w);
    return out.items;
  }
  // The statement's tree with a probe name at the place (place.ts): what the place expects, the scopes it sees.
  let probed: Place | null | undefined;
  const placeHere = (): Place | null =>
    probed === undefined ? (probed = placeAt(model.text, statement.start, statement.end, word ? word.start : offset, word ? word.end : offset)) : probed;
  // (A join's ON condition is in no tree: its scope is the select's, tree-at.ts.)
  const owners = (): readonly ScopeOwner[] => placeHere()?.owners ?? (inSelect?.clause === 'on' ? [inSelect.select] : []);
  const scope: TreeScope = { owners, aliases: () => resultAliases(owners()) };
  if (code[statement.first]?.type !== 'SELECT') {
    // A statement other than a select: its tree says what the place expects.
    const place = placeHere();
    if (place === null && !STATEMENT_WORDS.includes(code[statement.first]?.image.toUpperCase() ?? '')) out.keyword('SELECT');
    // (Inside a select of the statement, where no name stands, `FROM (SELECT region |`: the select's completion.)
    if (inSelect === null || (place !== null && place.expects !== 'select')) {
      if (place !== null) completePlace(out, place, ctx);
      if (place === null) {
        const at = word ? word.start : offset;
        // After an expression (`WHERE amount |`, `SET note = a |`): its operators, as in a select.
        const probe = `${model.text.slice(0, at)}AND ${model.text.slice(at)}`;
        if (placeAt(probe, statement.start, statement.end + 4, at + 4, (word ? word.end : offset) + 4, at)?.expects === 'expression')
          for (const k of OPERATORS) out.keyword(k);
        // The words that may stand there (`ALTER FIELD f |`: SET, OBJECTS, FILES), as the parser expects them.
        for (const w of expectedWordsAt(model.text, statement.start, at)) out.keyword(w);
      }
      return out.items;
    }
  } else if (inSelect === null || (code[p] as SourceToken).start < inSelect.span.start) {
    out.keyword('SELECT');
    return out.items;
  }
  const prev = code[p] as SourceToken;
  const clause = inSelect.clause;

  // Inside the parentheses of a form: SYSTEM_TABLE(, DATABASE_TABLE(, COLUMN(, ALIAS(, OPTIONS (.
  const open = formAt(model, statement, word ? word.start : offset);
  if (open !== null) {
    const paren = open.paren;
    const form = code[paren - 1];
    const argument = argumentIndex(code, paren, p);
    if (form?.type === 'SYSTEM_TABLE' || (form?.type === 'SYSTEM_COLUMN' && argument === 0)) {
      if (argument === 0 && (p === paren || prev.type === 'Comma'))
        for (const name of ctx.systemTables) out.add(name, writeName(name), CompletionItemKind.Class, 'system table', SORT.database);
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
      for (const alias of scope.aliases()) out.add(alias, writeName(alias), CompletionItemKind.Variable, 'result alias', SORT.alias);
      return out.items;
    }
    if (form?.type === 'COLUMN' && p === paren) {
      fields(out, scope.owners(), ctx.schema);
      return out.items;
    }
    if (form?.type === 'OPTIONS') {
      if (p === paren || prev.type === 'Comma')
        for (const o of STATEMENT_OPTIONS) out.add(o.name, `${o.name} = `, CompletionItemKind.Property, o.detail, SORT.keyword);
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
    else qualifiedFields(out, scope.owners(), ctx.schema, qualifier);
    return out.items;
  }
  if (prev.type === 'At' && clause === 'from') {
    for (const t of DATABASE_TABLES) out.add(t, t, CompletionItemKind.Class, 'database table', SORT.database);
    return out.items;
  }
  if (isSeparator(prev)) return out.items;

  if (clause === 'from') {
    fromClause(out, model, inSelect, prev, p, ctx);
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
    expressionStart(out, scope, clause, ctx);
    return out.items;
  }
  afterExpression(out, model, inSelect, clause, p);
  return out.items;
}

function fromClause(out: Items, model: TextModel, inSelect: SelectAt, prev: SourceToken, p: number, ctx: CompletionContext): void {
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
  const source = sourceAt(model, inSelect, p);
  if (source && source.kind !== 'select_source' && !source.alias) out.keyword('AS');
  for (const j of JOINS) out.keyword(j);
  nextClauses(out, inSelect, 'from');
}

function afterExpression(out: Items, model: TextModel, inSelect: SelectAt, clause: Clause, p: number): void {
  if (insideCase(model, inSelect, p)) for (const k of ['WHEN', 'THEN', 'ELSE', 'END']) out.keyword(k);
  for (const k of OPERATORS) out.keyword(k);
  if (clause === 'columns') out.keyword('AS');
  if (clause === 'order') {
    out.keyword('ASC');
    out.keyword('DESC');
  }
  if (clause === 'on') for (const j of JOINS) out.keyword(j);
  nextClauses(out, inSelect, clause);
}

/** The clause keywords that may follow the current clause. */
function nextClauses(out: Items, inSelect: SelectAt, clause: Clause): void {
  const from = CLAUSE_ORDER.indexOf(clause === 'on' ? 'from' : clause);
  for (const c of CLAUSE_ORDER.slice(from + 1)) {
    if (c === 'options' && !inSelect.top) continue;
    out.keyword(CLAUSE_WORDS[c]);
  }
}

/** What completion reads of the statement's tree at the place, computed when first asked. */
interface TreeScope {
  /** The selects and actions whose scopes the place sees, the outermost first (lint's scope analysis). */
  readonly owners: () => readonly ScopeOwner[];
  /** The result aliases of the innermost select. */
  readonly aliases: () => readonly string[];
}

/** The result aliases of the innermost select among the owners, in order, each once. */
function resultAliases(owners: readonly ScopeOwner[]): string[] {
  let select: Select | undefined;
  for (const o of owners) if (o.kind === 'select') select = o;
  if (select === undefined || select.columns === 'all') return [];
  return [...new Set(select.columns.flatMap((c) => (c.alias === null ? [] : [c.alias])))];
}

function expressionStart(out: Items, scope: TreeScope, clause: Clause, ctx: CompletionContext): void {
  fields(out, scope.owners(), ctx.schema);
  // Result aliases: read as alias references in GROUP BY, HAVING and ORDER BY; elsewhere through ALIAS().
  if (clause === 'group' || clause === 'having' || clause === 'order') {
    for (const alias of scope.aliases()) out.add(alias, writeName(alias), CompletionItemKind.Variable, 'result alias', SORT.result);
  } else if (clause === 'where') {
    for (const alias of scope.aliases())
      out.add(`ALIAS(${alias})`, `${out.kw('ALIAS')}(${writeName(alias)})`, CompletionItemKind.Variable, 'result alias (explicit in WHERE)', SORT.alias);
  }
  for (const f of FUNCTIONS.values()) {
    if (f.aggregate && NO_AGGREGATES.has(clause)) continue;
    // COUNT_DISTINCT and the like are written COUNT(DISTINCT ...): COUNT's entry says so.
    if (f.name.endsWith('_DISTINCT')) continue;
    out.fn(f, functionSignature(f), functionSnippet(f, out.kw(f.name)));
  }
  for (const k of EXPRESSION_KEYWORDS) out.keyword(k);
  for (const f of EXPRESSION_FORMS) out.form(f, 'expression form');
}
