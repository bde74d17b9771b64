import { STATEMENT_WORDS } from '../ast/kinds.js';
import type { Expr, OrderTerm, ResultColumn, Select, SelectAction, Source, Statement, WholeOrParam } from '../ast/index.js';
import { NullNode, ResultColumnNode, SelectActionNode, SelectNode } from '../ast/objects.js';
import { startsExpression } from './expression-tables.js';
import { fieldKey } from './field-spans.js';
import * as T from './tokens.js';
import { call, MISSING, idx, type AliasScope, type ParserState, type Rule } from './parser-state.js';
import { paramValue } from './action-parts.js';
import { atActionWord, dataAction } from './action-rules.js';
import { expression, orderByTerms } from './expression-rules.js';
import { columnPosition, wholeNumberText } from './node-helpers.js';
import { alias, source } from './source-rules.js';
import { atSystemWord, systemAction } from './system-rules.js';
import { RULES } from './rule-table.js';

export { NestingTooDeep, type ParseState } from './parser-state.js';

interface ActionOptions {
  rows: WholeOrParam | null;
  useStrings: boolean | null;
  echo: boolean | null;
}

/**
 * The dsq parser: a hand-written recursive-descent parser building the AST (src/ast) directly,
 * over the token arrays of its own scanner (scanner.ts). One state, reused
 * (`p.begin(scanned, from, to, state)`, then `p.drive(statement(p))`: parser-state.ts). This
 * file holds the statement and SELECT rules, the last of the rule modules, each importing only
 * those before it: node helpers (node-helpers.ts), names and specifiers (name-rules.ts),
 * expressions (expression-frames.ts, expression-rules.ts), data actions (action-parts.ts,
 * fetch-rules.ts, write-rules.ts, admin-rules.ts, action-rules.ts), the struct actions
 * (struct-rules.ts), DOWNLOAD, the task and system actions (system-rules.ts) and sources
 * (source-rules.ts); it fills the table of the calls back up (rule-table.ts). Rules that contain
 * statements or expressions are generators run by `drive`, so subqueries nest without using
 * the call stack.
 *
 * grammar/grammar-rules.ts describes the same language as a Chevrotain grammar, for the syntax
 * diagrams; test/grammar checks that the two accept the same texts.
 */
// -------------------------------------------------------------------------------------
// Statements

/** `select [OPTIONS ( option {, option} )]`, and nothing after it. */
export function* statement(p: ParserState): Rule<Statement> {
  const start = p.pos;
  if (atActionWord(p)) {
    p.depth = 0;
    return yield* call(dataAction(p));
  }
  if (atSystemWord(p)) {
    p.depth = 0;
    return yield* call(systemAction(p));
  }
  // The statement's own SELECT is not a nesting level: it enters at depth 0.
  p.depth = -1;
  const sel = yield* call(select(p));
  let action: SelectAction | null = null;
  if (p.optional(T.Options) !== MISSING) {
    p.expect(T.LParen);
    const options: ActionOptions = { rows: null, useStrings: null, echo: null };
    let rows: readonly [number, number] | null = null;
    if (p.at(T.Identifier)) {
      do rows = actionOption(p, options) ?? rows;
      while (p.optional(T.Comma) !== MISSING);
    }
    p.expect(T.RParen);
    action = new SelectActionNode(sel, options.rows, options.useStrings, options.echo);
    // `ROWS = n` has its own span: the spec check places a bad value there.
    if (rows !== null && p.state.spans !== null) {
      const [from, to] = rows;
      p.state.spans.record(fieldKey(action, 'rows'), p.starts[from] as number, p.ends[to] as number);
    }
  }
  if (p.pos < p.end) p.notAllInputParsed('statement');
  return p.mark(action ?? sel, start);
}

/** `ROWS = n`, `USE_STRINGS = TRUE|FALSE`, `ECHO = TRUE|FALSE`, into `options`; for ROWS its first and last token. */
function actionOption(p: ParserState, options: ActionOptions): readonly [number, number] | undefined {
  const name = p.expect(T.Identifier);
  p.expect(T.Equals);
  const written = p.image(name);
  const word = written.toUpperCase();
  const key = word === 'ROWS' ? 'rows' : word === 'USE_STRINGS' ? 'useStrings' : word === 'ECHO' ? 'echo' : null;
  if (key === null)
    p.report('syntax/unknown-option', `unknown option ${written}: expected ROWS, USE_STRINGS or ECHO`, name, name, undefined, 'ROWS, USE_STRINGS or ECHO');
  let value: WholeOrParam | boolean;
  if (p.at(T.Colon)) {
    // `ROWS = :n`: a parameter bound to a whole number.
    const paramNode = paramValue(p);
    if (key !== 'rows' && key !== null) p.report('syntax/option-value', `${word} takes TRUE or FALSE`, p.last());
    value = paramNode ?? '0';
  } else if (p.at(T.NumberLiteral) || (p.at(T.Minus) && p.tk(2) === NUMBER)) {
    const negative = p.optional(T.Minus) !== MISSING;
    const n = p.next();
    if (key !== 'rows' && key !== null) p.report('syntax/option-value', `${word} takes TRUE or FALSE`, n);
    value = wholeNumberText(p, n, negative, 'ROWS');
  } else if (p.optional(T.True) !== MISSING) {
    value = true;
  } else if (p.optional(T.False) !== MISSING) {
    value = false;
  } else {
    p.noViableAlt('actionOption', p.at(T.Minus));
    return undefined;
  }
  if (key === 'rows' && typeof value === 'boolean') p.report('syntax/option-value', 'ROWS takes a whole number', p.last());
  if (key === null) return undefined;
  if (options[key] !== null) p.report('syntax/duplicate-option', `option ${word} is given twice`, name);
  (options as unknown as Record<string, unknown>)[key] = value;
  return key === 'rows' && name !== MISSING ? [name, p.last()] : undefined;
}

/** `SELECT [DISTINCT] (* | column {, column}) [FROM ...] [WHERE ...] [GROUP BY ...] [HAVING ...] [ORDER BY ...] [LIMIT ...] [OFFSET ...]`. */
export function* select(p: ParserState): Rule<Select> {
  const start = p.pos;
  p.enter(start);
  const scopeDepth = p.scopes.length;
  const scope: AliasScope = { aliases: [], lookup: null, active: false };
  p.scopes.push(scope);
  if (p.expect(T.Select) === MISSING) {
    // No SELECT (`EXISTS OFFSET 1`): a placeholder select, the clauses left to the statement they follow.
    p.scopes.length = scopeDepth;
    p.leave();
    const column = p.placeholder(new ResultColumnNode(p.placeholder(new NullNode()), null));
    return p.placeholder(new SelectNode(false, [column], null, null, [], null, [], null, null));
  }
  const distinct = p.optional(T.Distinct) !== MISSING;
  let columns: 'all' | ResultColumn[] = 'all';
  /** How each result column is written (for the hint of `ORDER BY 2`). */
  const written: string[] = [];
  if (p.optional(T.Star) === MISSING) {
    if (startsExpression(p.t1())) {
      const list: ResultColumn[] = [];
      do {
        // A result column, `expression [[AS] name]` (here, not a rule of its own: a generator per column cost 1.5% of a parse).
        const columnStart = p.pos;
        const e = yield* call(expression(p, 0));
        const rc = p.mark(new ResultColumnNode(e, alias(p)), columnStart);
        list.push(rc);
        written.push(columnText(p, rc, columnStart));
        if (rc.alias !== null) scope.aliases.push(rc.alias);
      } while (p.optional(T.Comma) !== MISSING);
      columns = list;
    } else {
      p.noViableAlt('select');
      // A placeholder column, not `*`: a star would look like input.
      columns = [p.placeholder(new ResultColumnNode(p.placeholder(new NullNode()), null))];
    }
  }
  let from: Source | null = null;
  let where: Expr | null = null;
  const group: Expr[] = [];
  let having: Expr | null = null;
  const order: OrderTerm[] = [];
  let limit: Expr | null = null;
  let offset: Expr | null = null;
  // (Recovery of a statement's select: tokens no clause reads are skipped to a clause that may follow.)
  const top = start === p.from;
  if (top) skipToClause(p, 0);
  if (p.optional(T.From) !== MISSING) from = yield* call(source(p));
  if (top) skipToClause(p, 1);
  if (p.optional(T.Where) !== MISSING) where = yield* call(expression(p, 0));
  if (top) skipToClause(p, 2);
  scope.active = true;
  if (p.optional(T.Group) !== MISSING) {
    p.expect(T.By);
    do {
      const itemStart = p.pos;
      const e = yield* call(expression(p, 0));
      columnPosition(p, e, itemStart, 'GROUP BY', written);
      group.push(e);
    } while (p.optional(T.Comma) !== MISSING);
  }
  if (top) skipToClause(p, 3);
  if (p.optional(T.Having) !== MISSING) having = yield* call(expression(p, 0));
  if (top) skipToClause(p, 4);
  if (p.optional(T.Order) !== MISSING) order.push(...(yield* orderByTerms(p, written)));
  if (top) skipToClause(p, 5);
  scope.active = false;
  if (p.optional(T.Limit) !== MISSING) {
    limit = yield* call(expression(p, 0));
    const comma = p.optional(T.Comma);
    if (comma !== MISSING) {
      yield expression(p, 0);
      p.report('syntax/limit-comma', 'LIMIT takes one expression: dsq has no LIMIT offset, count', comma, p.last(), 'write LIMIT count OFFSET offset');
    }
  }
  if (top) skipToClause(p, 6);
  if (p.optional(T.Offset) !== MISSING) offset = yield* call(expression(p, 0));
  if (top) skipToClause(p, 7);
  p.scopes.length = scopeDepth;
  p.leave();
  return p.mark(new SelectNode(distinct, columns, from, where, group, having, order, limit, offset), start);
}

/**
 * How a result column that started at token `start` is referred to: its alias as written
 * (`total`, `"order"`), else its expression's text when short (`price`, `a + b`), else ''.
 */
function columnText(p: ParserState, rc: ResultColumn, start: number): string {
  const last = p.last();
  if (last === MISSING || last < start) return '';
  if (rc.alias !== null) return p.image(last);
  const text = p.text.slice(p.starts[start], p.ends[last]);
  return text.length <= 40 && !/[\r\n]/.test(text) ? text : '';
}

const NUMBER = idx(T.NumberLiteral);
const OPEN = [idx(T.LParen), idx(T.LBracket)];
const CLOSE = [idx(T.RParen), idx(T.RBracket)];
/** A statement's select clauses' keywords in their order (OPTIONS, the statement's, after them). */
const CLAUSE_ORDER = [T.From, T.Where, T.Group, T.Having, T.Order, T.Limit, T.Offset, T.Options].map(idx);

/**
 * Recovery of a statement's select: tokens no clause reads (`SELECT a WHERE x NOT ORDER BY a`)
 * before a keyword of a clause that may still follow (outside parentheses; `next`: the first in
 * CLAUSE_ORDER that may) are reported, as at the end of the statement, and skipped: that clause
 * is read, not lost. Nothing is skipped when no such keyword follows.
 */
function skipToClause(p: ParserState, next: number): void {
  if (p.pos >= p.end || CLAUSE_ORDER.includes(p.t1())) return;
  let depth = 0;
  for (let i = p.pos; i < p.end; i++) {
    const t = p.types[i] as number;
    if (OPEN.includes(t)) depth++;
    else if (CLOSE.includes(t) && --depth < 0) return;
    // (Not past a statement written after this one without `;`: it is kept, nextStatementStart.)
    else if (depth === 0 && startsStatementAt(p, i)) return;
    else if (depth === 0 && CLAUSE_ORDER.indexOf(t) >= next) {
      p.notAllInputParsed('statement');
      p.pos = i;
      return;
    }
  }
}

const SELECT = idx(T.Select);
const IDENTIFIER = idx(T.Identifier);
const STATEMENT_WORD_SET: ReadonlySet<string> = new Set(STATEMENT_WORDS);
/** Statement words that are also a clause of another statement, often first on its line. */
export const CLAUSE_TOO: ReadonlySet<string> = new Set(['SET', 'DROP']);

/** True when token `i` may start a statement written without `;` before it: SELECT, or a statement word first on its line. */
function startsStatementAt(p: ParserState, i: number): boolean {
  const t = p.types[i] as number;
  if (t === SELECT) return true;
  return t === IDENTIFIER && i > p.from && STATEMENT_WORD_SET.has(p.image(i).toUpperCase()) && /[\r\n]/.test(p.text.slice(p.ends[i - 1], p.starts[i]));
}

/**
 * Recovery of a statement with a syntax error: the first token at or after `from` (where the
 * error was found) and outside parentheses where a statement written without `;` before it
 * starts (`SELECT a FROM t ORDER BY` then `SELECT b FROM u` on the next line), or -1. The parse
 * ends the broken statement there and reads the rest as statements of their own (parse.ts):
 * what the user wrote after a missing `;` is not lost.
 */
export function nextStatementStart(p: ParserState, from: number): number {
  let depth = 0;
  for (let i = p.from; i < p.end; i++) {
    const t = p.types[i] as number;
    if (OPEN.includes(t)) depth++;
    else if (CLOSE.includes(t)) depth = Math.max(0, depth - 1);
    // SET and DROP right before the error are as likely a clause of this statement (`UPDATE t`, then
    // `SET` on the next line; `ALTER DATABASE d`, then `DROP FIELDS`): no split there.
    else if (depth === 0 && i > p.from && i >= from && startsStatementAt(p, i) && !(i === from && CLAUSE_TOO.has(p.image(i).toUpperCase()))) return i;
  }
  return -1;
}

/**
 * The tokens outside parentheses, after the statement's first, that start a line with a
 * statement word (or are a SELECT): where a statement written without `;` before it may start
 * although the parser read on past it (`UPDATE t SET a =` then `DELETE FROM u ...` on the next
 * line reads DELETE as a value; parse.ts splits there when the text before is unfinished).
 */
export function lineStatementStarts(p: ParserState): number[] {
  const out: number[] = [];
  let depth = 0;
  for (let i = p.from + 1; i < p.end; i++) {
    const t = p.types[i] as number;
    if (OPEN.includes(t)) depth++;
    else if (CLOSE.includes(t)) depth = Math.max(0, depth - 1);
    else if (depth === 0 && startsStatementAt(p, i)) out.push(i);
  }
  return out;
}

// The rules the modules before this one call back into (rule-table.ts): filled here, once.
RULES.expression = expression;
RULES.select = select;
