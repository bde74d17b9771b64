import type { SourceToken } from '../syntax/tokenize.js';
import { pathEndingAt } from './completion-tokens.js';
import { isName, type StatementShape, type TextShape } from './structure.js';

/**
 * The database a data statement (FETCH, INSERT/REPLACE/SET, UPDATE, DELETE/TRASH/RESTORE/
 * DISPOSE) reads or writes, found in its tokens (so also while the text does not parse), for
 * completion (completion-actions.ts) and hover.
 */

/** The words that start a statement. */
export const STATEMENT_WORDS: readonly string[] = [
  'SELECT', 'FETCH', 'INSERT', 'REPLACE', 'SET', 'UPDATE', 'DELETE', 'TRASH', 'RESTORE', 'DISPOSE',
  // DOWNLOAD, the task and thread actions, the system actions (src/syntax/system-rules.ts)
  'DOWNLOAD', 'RUN', 'CONCLUDE', 'CANCEL', 'CLEAN', 'PAUSE', 'ACCESS', 'ECHO', 'WAIT', 'IF',
  // the administrative actions (src/syntax/admin-rules.ts)
  'SCHEMA', 'ALTER', 'DROP',
];
const ACTION_WORDS: ReadonlySet<string> = new Set(STATEMENT_WORDS.filter((w) => w !== 'SELECT'));

/** The words a data action's database follows (besides UPDATE). */
const DATABASE_AFTER: ReadonlySet<string> = new Set(['INTO', 'FROM', 'DATABASE']);

/** A word's upper case (never a quoted name's). */
export const upper = (t: SourceToken | undefined): string => (t === undefined || t.category === 'quoted-name' ? '' : t.image.toUpperCase());

/** True when the statement is a data action (its first word). */
export function isActionStatement(shape: TextShape, statement: StatementShape): boolean {
  return ACTION_WORDS.has(upper(shape.code[statement.first]));
}

/** Where the database path of a data statement starts (after INTO, UPDATE, FROM, outside parentheses), or -1. */
export function databaseStart(code: readonly SourceToken[], statement: StatementShape): number {
  if (upper(code[statement.first]) === 'UPDATE') return statement.first + 1;
  let depth = 0;
  for (let i = statement.first + 1; i <= statement.last; i++) {
    const t = code[i] as SourceToken;
    if (t.type === 'LParen') depth++;
    else if (t.type === 'RParen') depth--;
    else if (depth === 0 && DATABASE_AFTER.has(upper(t))) return i + 1;
  }
  return -1;
}

/** The database path of a data statement (`shop.orders`) and its first and last tokens, or null. */
export function actionTarget(code: readonly SourceToken[], statement: StatementShape): { path: string; first: number; last: number } | null {
  const first = databaseStart(code, statement);
  if (first < 0 || !isName(code[first])) return null;
  let last = first;
  while (last + 2 <= statement.last && code[last + 1]?.type === 'Dot' && isName(code[last + 2])) last += 2;
  return { path: pathEndingAt(code, last, statement), first, last };
}
