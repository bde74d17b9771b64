import { EmbeddedActionsParser, EOF, type IToken, type TokenType } from 'chevrotain';
import {
  BINARY_PREC, NULL, Prec, col, alias as aliasRef, fn, checkDateTimeText, checkNumber, isWholeNumber,
  type BinaryOp, type DateTimeKind, type Expr, type Node,
} from '../ast/index.js';
import { LineIndex, type Diagnostic, type Span } from '../diagnostic/index.js';
import { tokenEnd } from './lexer.js';
import { normalizeNumber, quotedNameValue, stringValue } from './literals.js';
import { messageProvider } from './messages.js';
import type { SourceSpans } from './source-spans.js';
import * as T from './tokens.js';

/** Thrown (outside Chevrotain's recovery) when the input nests deeper than `maxDepth`. */
export class NestingTooDeep extends Error {
  constructor(readonly token: IToken, readonly limit: number) {
    super(`nesting deeper than ${limit} levels`);
  }
}

/** The AST operator of each binary operator token; its level comes from src/ast/precedence.ts. */
export const BINARY_TOKEN_OPS: ReadonlyMap<TokenType, BinaryOp> = new Map<TokenType, BinaryOp>([
  [T.Or, 'or'], [T.And, 'and'],
  [T.Equals, '='], [T.NotEquals, '!='], [T.Less, '<'], [T.LessEquals, '<='], [T.Greater, '>'], [T.GreaterEquals, '>='],
  [T.Pipe, '|'], [T.Ampersand, '&'], [T.ShiftLeft, '<<'], [T.ShiftRight, '>>'],
  [T.Plus, '+'], [T.Minus, '-'], [T.Star, '*'], [T.Slash, '/'], [T.Percent, '%'],
]);
/** Binding power of an infix token, by token type index (-1: not infix). */
const INFIX_PREC: number[] = [];
for (const [type, op] of BINARY_TOKEN_OPS) INFIX_PREC[type.tokenTypeIdx as number] = BINARY_PREC[op];
for (const type of [T.Is, T.Like, T.Regexp, T.Between, T.In]) INFIX_PREC[type.tokenTypeIdx as number] = Prec.comparison;
INFIX_PREC[T.Collate.tokenTypeIdx as number] = Prec.collate;
const NOT_INFIX: ReadonlySet<TokenType> = new Set([T.Like, T.Regexp, T.Between, T.In]);

const SMALL_INTEGER = /^(?:0|[1-9][0-9]*)$/;

/**
 * The options of a SUBRULE call of the expression rule at a minimum precedence, built once
 * (an object and an array per call and per term otherwise, and garbage on long chains).
 */
const ARGS_AT: readonly { readonly ARGS: [number] }[] = Array.from({ length: Math.max(...Object.values(Prec)) + 2 }, (_, i) =>
  Object.freeze({ ARGS: Object.freeze([i]) as [number] }),
);
export function argsAt(minPrec: number): { ARGS: [number] } {
  return ARGS_AT[minPrec] as { ARGS: [number] };
}
/** The SUBRULE options for the right operand of each binary operator token, by token type index. */
export const RIGHT_ARGS: { ARGS: [number] }[] = [];
for (const [type, op] of BINARY_TOKEN_OPS) RIGHT_ARGS[type.tokenTypeIdx as number] = argsAt(BINARY_PREC[op] + 1);

export const PATH_SEPARATORS: ReadonlyMap<TokenType, string> = new Map([[T.Dot, '.'], [T.At, '@'], [T.Colon, ':']]);

/** The state of one expression-rule invocation. */
export interface ExprFrame {
  start: IToken;
  left: Expr;
  minPrec: number;
}

export interface AliasScope {
  readonly aliases: Set<string>;
  active: boolean;
}

/** Per-parse state, reset by `begin`. */
export interface ParseState {
  /** Where node spans go; null when the caller does not want them (parse(): faster, less GC). */
  spans: SourceSpans | null;
  lines: LineIndex;
  diagnostics: Diagnostic[];
  maxDepth: number;
}

/**
 * State and helpers of the dsq parser (the rules are in expression-rules.ts and parser.ts).
 * Helpers are called only inside ACTION or GATE, never in Chevrotain's recording phase.
 */
export abstract class ParserBase extends EmbeddedActionsParser {
  protected state: ParseState = { spans: null, lines: new LineIndex(''), diagnostics: [], maxDepth: 200 };
  protected depth = 0;
  protected scopes: AliasScope[] = [];
  /** The state of the expression-rule invocations in progress, innermost last. */
  protected frames: ExprFrame[] = [];
  /** How many of `frames` are in use (the objects are reused: no allocation per invocation). */
  protected frameCount = 0;

  constructor() {
    super(T.ALL_TOKENS as TokenType[], {
      recoveryEnabled: true,
      maxLookahead: 3,
      errorMessageProvider: messageProvider,
    });
  }

  /** Prepare for a new input (tokens of one statement). */
  begin(tokens: IToken[], state: ParseState): void {
    this.input = tokens;
    this.state = state;
    this.depth = 0;
    this.scopes = [];
    this.frames = [];
    this.frameCount = 0;
  }

  /** The next token to read (where a parse stopped when it was aborted). */
  currentToken(): IToken | undefined {
    const token = this.LA(1);
    return token.tokenType === EOF ? undefined : token;
  }

  protected frame(): ExprFrame {
    return this.frames[this.frameCount - 1] as ExprFrame;
  }

  /** Start an expression-rule invocation: its frame on top. */
  protected pushFrame(start: IToken, minPrec: number): ExprFrame {
    let frame = this.frames[this.frameCount];
    if (frame === undefined) {
      frame = { start, left: NULL, minPrec };
      this.frames.push(frame);
    } else {
      frame.start = start;
      frame.left = NULL;
      frame.minPrec = minPrec;
    }
    this.frameCount++;
    return frame;
  }

  /** End the innermost expression-rule invocation. */
  protected popFrame(): void {
    const frame = this.frames[--this.frameCount] as ExprFrame;
    frame.left = NULL;
  }

  protected spanOf(start: IToken, end: IToken): Span {
    const from = Number.isNaN(start.startOffset) ? 0 : start.startOffset;
    const to = Number.isNaN(end.startOffset) || end.startOffset < from ? tokenEnd(start) : tokenEnd(end);
    return this.state.lines.span(from, Math.max(from, to));
  }

  /** Record the node's span (from `start` to the last consumed token) and return the node. */
  protected mark<N extends Node>(node: N, start: IToken): N {
    const spans = this.state.spans;
    if (spans !== null) {
      // The offsets spanOf would give (line and column are computed when the span is asked for).
      const end = this.LA(0);
      const from = Number.isNaN(start.startOffset) ? 0 : start.startOffset;
      const to = Number.isNaN(end.startOffset) || end.startOffset < from ? tokenEnd(start) : tokenEnd(end);
      spans.record(node, from, to > from ? to : from);
    }
    return node;
  }

  protected report(code: string, message: string, start: IToken, end: IToken = start, hint?: string): void {
    if (start.isInsertedInRecovery) return;
    this.state.diagnostics.push({ code, severity: 'error', message, span: this.spanOf(start, end), ...(hint ? { hint } : {}) });
  }

  protected warn(code: string, message: string, span: Span | undefined, hint?: string): void {
    this.state.diagnostics.push({ code, severity: 'warning', message, ...(span ? { span } : {}), ...(hint ? { hint } : {}) });
  }

  protected enter(token: IToken): void {
    if (++this.depth > this.state.maxDepth) throw new NestingTooDeep(token, this.state.maxDepth);
  }

  protected nameOf(token: IToken): string {
    if (token.tokenType === T.QuotedIdentifier) {
      const value = quotedNameValue(token.image);
      if (value === '') this.report('syntax/empty-name', 'a name cannot be empty ("")', token);
      return value;
    }
    return token.image;
  }

  protected numberText(token: IToken, negative: boolean): string {
    if (token.isInsertedInRecovery) return '0';
    // Fast path: a plain integer of up to 15 digits is valid JSON number text as written.
    const image = token.image;
    if (image.length <= 15 && SMALL_INTEGER.test(image)) return negative ? `-${image}` : image;
    const text = (negative ? '-' : '') + normalizeNumber(token.image);
    const check = checkNumber(text);
    if (!check.ok) this.report('syntax/invalid-number', check.reason, token);
    return text;
  }

  protected wholeNumberText(token: IToken, negative: boolean, what: string): string {
    const text = this.numberText(token, negative);
    if (!token.isInsertedInRecovery && !isWholeNumber(text)) {
      this.report('syntax/expected-integer', `${what} must be a whole number, found ${text}`, token);
    }
    return text;
  }

  protected infixPrec(): number {
    const next = this.LA(1);
    if (next.tokenType === T.Not) return NOT_INFIX.has(this.LA(2).tokenType) ? Prec.comparison : -1;
    return INFIX_PREC[next.tokenType.tokenTypeIdx as number] ?? -1;
  }

  /** An unqualified name in ORDER BY / GROUP BY / HAVING equal to a result alias is an alias reference. */
  protected nameRef(path: string, single: boolean, start: IToken): Expr {
    const scope = this.scopes[this.scopes.length - 1];
    if (single && scope?.active && scope.aliases.has(path)) return this.mark(aliasRef(path), start);
    return this.mark(col(path), start);
  }

  protected datetime(kind: DateTimeKind, token: IToken, start: IToken): Expr {
    const text = token.tokenType === T.QuotedIdentifier ? quotedNameValue(token.image) : stringValue(token.image);
    if (token.tokenType === T.QuotedIdentifier) {
      this.report(
        'syntax/quoted-text',
        `expected a string in single quotes after ${start.image.toUpperCase()}, found the double-quoted name ${token.image}`,
        token,
        token,
        `double quotes make a name; write ${start.image.toUpperCase()} '${text.replace(/'/g, "''")}'`,
      );
    } else if (!token.isInsertedInRecovery) {
      const problem = checkDateTimeText(kind, text);
      if (problem) this.report('syntax/invalid-datetime', problem, token);
    }
    const node: Expr =
      kind === 'datetime' ? { kind: 'datetime', form: 'iso', value: text } : { kind, value: text };
    return this.mark(node, start);
  }

  protected callNode(nameToken: IToken, distinct: IToken | undefined, star: IToken | undefined, args: Expr[], start: IToken): Expr {
    const quoted = nameToken.tokenType === T.QuotedIdentifier;
    const name = quoted ? this.nameOf(nameToken) : nameToken.image.toUpperCase();
    if (star) {
      if (quoted || name !== 'COUNT' || distinct) {
        this.report('syntax/star-argument', `'*' is an argument only in COUNT(*), found ${nameToken.image}(${distinct ? 'DISTINCT ' : ''}*)`, star);
      }
      return this.mark({ kind: 'count_rows' }, start);
    }
    if (distinct) {
      if (quoted || !(name === 'COUNT' || name === 'AVG' || name === 'SUM')) {
        this.report('syntax/distinct-argument', `DISTINCT is allowed only in COUNT, AVG and SUM, found ${nameToken.image}(DISTINCT ...)`, distinct);
      } else if (args.length === 0) {
        this.report('syntax/distinct-argument', `expected an expression after DISTINCT in ${name}(DISTINCT ...)`, distinct);
      }
      return this.mark(fn(`${name}_DISTINCT`, args), start);
    }
    return this.mark(fn(name, args), start);
  }
}
