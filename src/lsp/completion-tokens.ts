import type { SourceToken } from '../syntax/tokenize.js';
import { isName, isSeparator, nameOf, tokenBefore, type StatementSpan, type TextModel } from './text-model.js';

/** What the tokens around the cursor say (completion.ts): strings and comments, a form's arguments, paths, whether an expression may start. */

/** After these keywords an expression may start. */
const EXPRESSION_AFTER: ReadonlySet<string> = new Set([
  'SELECT',
  'DISTINCT',
  'WHERE',
  'BY',
  'HAVING',
  'LIMIT',
  'OFFSET',
  'AND',
  'OR',
  'NOT',
  'IS',
  'LIKE',
  'REGEXP',
  'BETWEEN',
  'WHEN',
  'THEN',
  'ELSE',
  'CASE',
  'Comma',
  'LParen',
  'LBracket',
  'ON',
]);

/** True inside a comment, a string or a quoted name (nothing to complete there). */
export function insideTextToken(model: TextModel, offset: number): boolean {
  const all = model.all;
  const i = tokenBefore(all, offset);
  const t = all[i];
  if (t === undefined) return false;
  const runsOn = t.type === 'LineComment' || t.unterminated === true;
  if (!(offset < t.end || (runsOn && offset === t.end))) return false;
  return t.category === 'comment' || t.category === 'string' || (t.category === 'quoted-name' && offset < t.end);
}

/** Which argument of a form's parentheses token `p` ends in (0 before the first comma). */
export function argumentIndex(code: readonly SourceToken[], paren: number, p: number): number {
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

export function insideBrackets(code: readonly SourceToken[], paren: number, p: number): boolean {
  let depth = 0;
  for (let i = paren + 1; i <= p; i++) {
    const t = code[i] as SourceToken;
    if (t.type === 'LBracket') depth++;
    else if (t.type === 'RBracket') depth--;
  }
  return depth > 0;
}

/** The dotted path whose last name is token `last` (`sales.orders` for `sales . orders`). */
export function pathEndingAt(code: readonly SourceToken[], last: number, statement: StatementSpan): string {
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
export function startsExpression(code: readonly SourceToken[], p: number): boolean {
  const prev = code[p] as SourceToken;
  if (prev.type === 'Star') {
    // `SELECT *` ends the column list; `a *` expects an operand.
    const before = code[p - 1];
    return !(before?.type === 'SELECT' || before?.type === 'DISTINCT');
  }
  if (EXPRESSION_AFTER.has(prev.type)) return true;
  return prev.category === 'operator';
}
