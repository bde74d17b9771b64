import { CompletionItemKind } from 'vscode-languageserver/node';
import { FUNCTIONS } from '../lint/functions.js';
import { ATTRIBUTES } from '../lint/scope.js';
import { findDatabases } from '../schema/lookup.js';
import type { SourceToken } from '../syntax/tokenize.js';
import { SORT, type CompletionContext, type Items } from './completion-items.js';
import { childDatabases, databases } from './completion-schema.js';
import { pathEndingAt, startsExpression } from './completion-tokens.js';
import { EXPRESSION_KEYWORDS } from './keywords.js';
import { writeName } from './scope.js';
import { functionSignature, functionSnippet } from './signature.js';
import { actionTarget, databaseStart, upper } from './action-target.js';
import type { StatementShape, TextShape } from './structure.js';

/**
 * Completion in the data statements (FETCH, INSERT/REPLACE/SET, UPDATE, DELETE/TRASH/RESTORE/
 * DISPOSE), outside any select of theirs (those complete as selects do): the statement words
 * where a statement starts, databases after INTO, UPDATE and FROM, and the fields of the
 * statement's database where a field name or a value may stand (SET, a column list, RECORDS (,
 * KEY(, FIELDS (, WHERE and the operators after it), with functions where a value may stand.
 * From the tokens, so it works while the text does not parse.
 */

/** Where only field names stand: in `(` ... `)` after these. */
const NAME_LISTS: ReadonlySet<string> = new Set(['KEY', 'FIELDS']);

/** Completes inside a data statement; `p` is the index of the token before the cursor. */
export function completeAction(out: Items, shape: TextShape, statement: StatementShape, p: number, ctx: CompletionContext): void {
  const code = shape.code;
  const prev = code[p] as SourceToken;
  const open = enclosingParen(code, statement, p);
  const before = open >= 0 ? upper(code[open - 1]) : '';
  const listItem = prev.type === 'LParen' || prev.type === 'Comma';
  if (open >= 0 && before === 'ATTRIBUTES' && listItem) {
    for (const a of ATTRIBUTES) out.add(a, a, CompletionItemKind.Field, 'record attribute', SORT.field);
    return;
  }
  const start = databaseStart(code, statement);
  // The database being written: after INTO, UPDATE, FROM; `sales.` goes on with its children.
  if (start >= 0 && p === start - 1) {
    databases(out, ctx);
    return;
  }
  const target = actionTarget(code, statement);
  if (prev.type === 'Dot' && start >= 0 && p > start - 1 && (target === null || p <= target.last + 1)) {
    childDatabases(out, ctx, pathEndingAt(code, p - 1, statement));
    return;
  }
  if (target === null) return;
  const names = open >= 0 && (NAME_LISTS.has(before) || open - 1 === target.last) && listItem;
  // Before the database only FETCH RECORDS' FIELDS (...) takes its field names.
  if (p <= target.last && !(names && before === 'FIELDS')) return;
  // UPDATE's `SET a = 1, |`: a field name after SET and after each comma of its list.
  const setList = (upper(prev) === 'SET' || (prev.type === 'Comma' && open < 0)) && p !== statement.first && clauseWord(code, statement, p) === 'SET';
  if (!names && !setList && !startsExpression(code, p) && prev.type !== 'Equals') return;
  for (const entry of ctx.schema ? findDatabases(ctx.schema, target.path) : []) {
    for (const f of entry.database.fields) {
      out.add(f.name, writeName(f.name), CompletionItemKind.Field, `${f.type}${f.nul ? ', nullable' : ''} · ${entry.path}`, SORT.field, f.key ? 'key field' : undefined);
    }
  }
  if (names || setList) return;
  for (const k of EXPRESSION_KEYWORDS) out.keyword(k);
  for (const f of FUNCTIONS.values()) if (!f.aggregate) out.fn(f, functionSignature(f), functionSnippet(f, out.kw(f.name)));
}

/** The clause words of the data statements that a SET list ends at. */
const CLAUSE_WORDS: ReadonlySet<string> = new Set(['SET', 'WHERE', 'RECORDS', 'VALUES', 'FILE', 'OPTIONS', 'ON']);

/** The last clause word at or before token `p` outside parentheses (`SET`, `WHERE`, ...), or ''. */
function clauseWord(code: readonly SourceToken[], statement: StatementShape, p: number): string {
  let depth = 0;
  for (let i = p; i > statement.first; i--) {
    const t = code[i] as SourceToken;
    if (t.type === 'RParen') depth++;
    else if (t.type === 'LParen') depth--;
    else if (depth === 0 && CLAUSE_WORDS.has(upper(t))) return upper(t);
  }
  return '';
}

/** The `(` around token `p` in the statement (not closed before it), or -1. */
function enclosingParen(code: readonly SourceToken[], statement: StatementShape, p: number): number {
  let depth = 0;
  for (let i = p; i >= statement.first; i--) {
    const t = code[i] as SourceToken;
    if (t.type === 'RParen' && i !== p) depth++;
    else if (t.type === 'LParen') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}
