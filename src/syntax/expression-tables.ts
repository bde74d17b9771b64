import type { TokenType } from 'chevrotain';
import { NULL, type BinaryOp, type Expr, type UnaryOp, type WhenClause } from '../ast/index.js';
import { OPERATORS, type Operator } from '../ast/operators.js';
import { MISSING, idx } from './parser-state.js';
import * as T from './tokens.js';

/**
 * The tables the expression rules (expression-rules.ts, name-rules.ts) read, by token type index:
 * what a token starts in prefix and infix position, the separators of paths, the starts of
 * specifiers and datetime literals; and the frame the expression loop keeps per construct.
 */

/** What a token starts in prefix position (by token type index). */
export const P_DONE = -1,
  P_NOT = 1,
  P_MINUS = 2,
  P_TILDE = 3,
  P_NUMBER = 4,
  P_STRING = 5,
  P_NULL = 6,
  P_LPAREN = 7,
  P_EXISTS = 8,
  P_CASE = 9,
  P_BOOLEAN = 10,
  P_NAME = 11,
  P_CONTEXTUAL = 12,
  P_PARAM = 13;
export const PREFIX: number[] = [];
PREFIX[idx(T.Not)] = P_NOT;
PREFIX[idx(T.Minus)] = P_MINUS;
PREFIX[idx(T.Tilde)] = P_TILDE;
PREFIX[idx(T.NumberLiteral)] = P_NUMBER;
PREFIX[idx(T.StringLiteral)] = P_STRING;
PREFIX[idx(T.Null)] = P_NULL;
PREFIX[idx(T.LParen)] = P_LPAREN;
PREFIX[idx(T.Exists)] = P_EXISTS;
PREFIX[idx(T.Case)] = P_CASE;
PREFIX[idx(T.True)] = P_BOOLEAN;
PREFIX[idx(T.False)] = P_BOOLEAN;
PREFIX[idx(T.Identifier)] = P_NAME;
PREFIX[idx(T.QuotedIdentifier)] = P_NAME;
for (const word of T.CONTEXTUAL_WORDS) PREFIX[idx(word)] = P_CONTEXTUAL;
PREFIX[idx(T.Colon)] = P_PARAM;

/** Whether a token of type `type` can start an expression. */
export function startsExpression(type: number): boolean {
  return PREFIX[type] !== undefined;
}

/** The AST operator of each binary operator token. */
export const BINARY_TOKEN_OPS: ReadonlyMap<TokenType, BinaryOp> = new Map<TokenType, BinaryOp>([
  [T.Or, 'or'],
  [T.And, 'and'],
  [T.Equals, '='],
  [T.NotEquals, '!='],
  [T.Less, '<'],
  [T.LessEquals, '<='],
  [T.Greater, '>'],
  [T.GreaterEquals, '>='],
  [T.Pipe, '|'],
  [T.Ampersand, '&'],
  [T.ShiftLeft, '<<'],
  [T.ShiftRight, '>>'],
  [T.Plus, '+'],
  [T.Minus, '-'],
  [T.Star, '*'],
  [T.Slash, '/'],
  [T.Percent, '%'],
]);

/**
 * What a token is in infix position, the level it binds at and the least level of its right
 * operand (by token type index; the levels are src/ast/operators.ts's).
 */
export const I_BINARY = 1,
  I_IS = 2,
  I_LIKE = 3,
  I_BETWEEN = 4,
  I_IN = 5,
  I_NOT = 6,
  I_COLLATE = 7;
export const INFIX: number[] = [];
export const INFIX_PREC: number[] = [];
export const INFIX_RIGHT: number[] = [];
export const INFIX_OP: BinaryOp[] = [];
function infix(type: TokenType, kind: number, operator: Operator, op?: BinaryOp): void {
  INFIX[idx(type)] = kind;
  INFIX_PREC[idx(type)] = operator.level;
  if (operator.right !== null) INFIX_RIGHT[idx(type)] = operator.right;
  if (op !== undefined) INFIX_OP[idx(type)] = op;
}
for (const [type, op] of BINARY_TOKEN_OPS) infix(type, I_BINARY, OPERATORS.binary[op], op);
infix(T.Is, I_IS, OPERATORS.binary.is);
infix(T.Like, I_LIKE, OPERATORS.binary.like, 'like');
infix(T.Regexp, I_LIKE, OPERATORS.binary.regexp, 'regexp');
infix(T.Between, I_BETWEEN, OPERATORS.between);
infix(T.In, I_IN, OPERATORS.in);
infix(T.Collate, I_COLLATE, OPERATORS.collate);
// NOT in infix position: `x NOT LIKE y`, `x NOT BETWEEN ...`, `x NOT IN (...)`, at the level of what follows it.
INFIX[idx(T.Not)] = I_NOT;

/** The least level of the right operand of the infix operator whose token type index is `type` (0 for a token that is none). */
export function infixRight(type: number): number {
  return INFIX_RIGHT[type] ?? 0;
}

/**
 * The level an infix operator starting with `next` binds at (`after` is the token after it,
 * for NOT LIKE / NOT BETWEEN / NOT IN); -1 when `next` starts no infix operator.
 */
export function infixPrec(next: number, after: number): number {
  const kind = INFIX[next];
  if (kind === undefined) return -1;
  if (kind !== I_NOT) return INFIX_PREC[next] as number;
  const then = INFIX[after];
  return then === I_LIKE || then === I_BETWEEN || then === I_IN ? (INFIX_PREC[after] as number) : -1;
}

/** The tokens a parameter name can be: a word (identifier, contextual word or keyword). */
export const PARAM_NAME_TOKEN: boolean[] = [];
for (const type of [T.Identifier, ...T.CONTEXTUAL_WORDS, ...T.KEYWORDS]) PARAM_NAME_TOKEN[idx(type)] = true;
export const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const SEPARATORS: string[] = [];
SEPARATORS[idx(T.Dot)] = '.';
SEPARATORS[idx(T.At)] = '@';
SEPARATORS[idx(T.Colon)] = ':';

/** The tokens a specifier starts with: [-]number, 'name', WHERE, ALL, [. */
export const SPECIFIER_START: boolean[] = [];
for (const type of [T.Minus, T.NumberLiteral, T.StringLiteral, T.Where, T.All, T.LBracket]) SPECIFIER_START[idx(type)] = true;

/** The literal each datetime word starts (`DATE '...'`), by token type index. */
export const DATETIME_WORDS: ('datetime' | 'localdate' | 'localtime' | 'localdatetime')[] = [];
DATETIME_WORDS[idx(T.DatetimeWord)] = 'datetime';
DATETIME_WORDS[idx(T.DateWord)] = 'localdate';
DATETIME_WORDS[idx(T.TimeWord)] = 'localtime';
DATETIME_WORDS[idx(T.TimestampWord)] = 'localdatetime';

export const DATETIME = idx(T.DatetimeWord),
  LPAREN = idx(T.LParen),
  MINUS = idx(T.Minus),
  NUMBER = idx(T.NumberLiteral);
export const STRING = idx(T.StringLiteral),
  QUOTED = idx(T.QuotedIdentifier);
export const COLUMN_WORD = idx(T.ColumnWord),
  ALIAS_WORD = idx(T.AliasWord),
  SYSTEM_COLUMN_WORD = idx(T.SystemColumnWord),
  DATABASE_COLUMN_WORD = idx(T.DatabaseColumnWord);

/** The lists of a frame that has none (frozen: a frame that forgot to make its own list fails loudly). */
export const NO_ITEMS = Object.freeze([]) as unknown as Expr[];
export const NO_ARMS = Object.freeze([]) as unknown as WhenClause[];

// Frame kinds: the constructs in progress on the expression stack.
export const F_PREFIX = 1,
  F_PAREN = 2,
  F_BINARY = 3,
  F_IS = 4,
  F_LIKE = 5,
  F_BETWEEN = 6,
  F_IN = 7,
  F_CALL = 8,
  F_CASE = 9;
// CASE phases: what the expression just read is.
export const CASE_BASE = 0,
  CASE_WHEN = 1,
  CASE_THEN = 2,
  CASE_ELSE = 3;

/**
 * One construct in progress. Frames are pooled (`frames`, `frameCount`), so every field is
 * always present and reset on push.
 */
export class Frame {
  kind = 0;
  /** Start token and minimum precedence of the expression this construct is part of: restored when it completes. */
  start = MISSING;
  minPrec = 0;
  /** The left operand (binary operators, IS, LIKE, BETWEEN, IN) or the CASE base. */
  left: Expr | null = null;
  /** BETWEEN: the lower bound; CASE: the WHEN condition. */
  second: Expr = NULL;
  op: BinaryOp | UnaryOp = 'and';
  /** NOT LIKE, NOT BETWEEN, NOT IN, IS NOT. */
  not = false;
  /** The called name; the WHEN token of the current CASE arm. */
  token = MISSING;
  distinct = MISSING;
  star = MISSING;
  /** Call arguments, IN values (a new list per construct: it goes into the node). */
  items: Expr[] = NO_ITEMS;
  arms: WhenClause[] = NO_ARMS;
  /** BETWEEN: 0 before AND, 1 after; CASE: what was read last; call: the number of syntax errors before it. */
  phase = 0;
  otherwise: Expr | null = null;

  /** Drop the nodes it holds: on pop, and at the end of a parse for frames it left (the pool outlives the parse). */
  release(): void {
    this.left = null;
    this.second = NULL;
    this.items = NO_ITEMS;
    this.arms = NO_ARMS;
    this.otherwise = null;
  }
}
