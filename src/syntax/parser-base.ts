import { createTokenInstance, EOF, tokenMatcher, type IToken, type TokenType } from 'chevrotain';
import { checkDateTimeText, checkNumber, isWholeNumber, type DateTimeKind, type Expr, type Node } from '../ast/index.js';
// The producers' constructors: the tree is marked trusted when parse() returns it (src/ast/trust.ts).
import { col, alias as aliasRef, fn } from '../ast/make.js';
import { LineIndex, type Diagnostic, type Span } from '../diagnostic/index.js';
import { tokenEnd } from './lexer.js';
import { normalizeNumber, quotedNameValue, stringValue } from './literals.js';
import { messageProvider } from './messages.js';
import type { SourceSpans } from './source-spans.js';
import * as T from './tokens.js';

/**
 * The machinery of the dsq parser: the token cursor, the rule driver, error reporting with
 * recovery, and the node-building helpers. The rules are in expression-rules.ts (expressions,
 * paths, specifiers) and parser.ts (statements, SELECT, sources).
 *
 * Nesting costs no JavaScript stack. Expressions are read by an operator-precedence loop over
 * an explicit stack of frames (expression-rules.ts); the rules that nest statements (SELECT,
 * sources, specifiers) are generator functions run by `drive`, a loop over an explicit stack
 * of suspended rules: a rule asks for a sub-rule by yielding it and is resumed with its result.
 * So how deep input may nest is a choice (`maxDepth`), not the size of the call stack.
 */

/** A rule in progress: it yields the sub-rules it needs and returns its node. */
export interface Rule<T> extends Generator<Rule<unknown>, T, unknown> {}

/** Thrown when the input nests deeper than `maxDepth`. */
export class NestingTooDeep extends Error {
  constructor(readonly token: IToken, readonly limit: number) {
    super(`nesting deeper than ${limit} levels`);
  }
}

/** A syntax error: its message and the offending token with its index (`end` of the input for its end). */
export interface SyntaxProblem {
  readonly message: string;
  readonly token: IToken;
  readonly index: number;
}

export interface AliasScope {
  readonly aliases: Set<string>;
  active: boolean;
}

/** Per-parse state, given to `begin`. */
export interface ParseState {
  /** Where node spans go; null when the caller does not want them (parse(): faster, less GC). */
  spans: SourceSpans | null;
  lines: LineIndex;
  diagnostics: Diagnostic[];
  maxDepth: number;
}

/** The token after the last one of an input. */
export const END_TOKEN: IToken = createTokenInstance(EOF, '', NaN, NaN, NaN, NaN, NaN, NaN);

const typeIndex = (type: TokenType) => type.tokenTypeIdx as number;

/** Token type index → whether the type belongs to a category (a lookup, not Chevrotain's matcher, on hot paths). */
function membership(category: TokenType): boolean[] {
  const table: boolean[] = [];
  for (const type of T.ALL_TOKENS) {
    table[typeIndex(type)] = tokenMatcher(createTokenInstance(type, '', 0, 0, 0, 0, 0, 0), category);
  }
  return table;
}

/** Names: identifiers, quoted identifiers, contextual words. */
export const IS_NAME = membership(T.Name);

/** A token standing for one the input lacks (single-token insertion), one per token type. */
const inserted = new Map<TokenType, IToken>();
function insertedToken(type: TokenType): IToken {
  let token = inserted.get(type);
  if (token === undefined) {
    token = createTokenInstance(type, '', NaN, NaN, NaN, NaN, NaN, NaN);
    token.isInsertedInRecovery = true;
    inserted.set(type, token);
  }
  return token;
}

const SMALL_INTEGER = /^(?:0|[1-9][0-9]*)$/;

/**
 * The cursor over one input's tokens (`tokens[from..end)`), the per-parse state, and the
 * helpers every rule uses. Errors are collected, never thrown (except NestingTooDeep): a rule
 * that meets an unexpected token reports it and carries on as if the expected token were there
 * (or skips the unexpected one when the expected token follows it), so one run reports every
 * error it can tell apart and always ends.
 */
export abstract class ParserBase {
  protected tokens: readonly IToken[] = [];
  /** Index of the next token. */
  protected pos = 0;
  protected from = 0;
  protected end = 0;
  protected state: ParseState = { spans: null, lines: new LineIndex(''), diagnostics: [], maxDepth: 0 };
  protected depth = 0;
  protected scopes: AliasScope[] = [];
  /** The syntax errors of the current input, in the order found. */
  errors: SyntaxProblem[] = [];
  /** The suspended rules of `drive`, innermost last (kept between runs: no allocation per parse). */
  private readonly rules: Rule<unknown>[] = [];

  /** Prepare for a new input: the tokens `tokens[from..to)`. */
  begin(tokens: readonly IToken[], from: number, to: number, state: ParseState): void {
    this.tokens = tokens;
    this.pos = from;
    this.from = from;
    this.end = to;
    this.state = state;
    this.depth = 0;
    this.scopes = [];
    this.errors = [];
    this.rules.length = 0;
  }

  /** Let go of the input (the one shared parser would keep it alive until the next parse). */
  finish(): void {
    this.tokens = [];
    this.rules.length = 0;
  }

  /** Run a rule to its end: a loop over the stack of suspended rules, so nesting costs no call stack. */
  drive<R>(rule: Rule<R>): R {
    const rules = this.rules;
    rules.push(rule as Rule<unknown>);
    const bottom = rules.length - 1;
    let value: unknown = undefined;
    for (;;) {
      const step = (rules[rules.length - 1] as Rule<unknown>).next(value);
      if (step.done === true) {
        rules.pop();
        value = step.value;
        if (rules.length === bottom) return value as R;
      } else {
        rules.push(step.value);
        value = undefined;
      }
    }
  }

  /** The index of the next token (the end of the input when all are read). */
  tokenIndex(): number {
    return this.pos;
  }

  // -------------------------------------------------------------------------------------
  // The cursor

  /** The next token (END_TOKEN at the end). */
  protected la1(): IToken {
    return this.pos < this.end ? (this.tokens[this.pos] as IToken) : END_TOKEN;
  }

  /** The k-th next token (k >= 1). */
  protected la(k: number): IToken {
    const i = this.pos + k - 1;
    return i < this.end ? (this.tokens[i] as IToken) : END_TOKEN;
  }

  /** The last token read (END_TOKEN before the first). */
  protected last(): IToken {
    return this.pos > this.from ? (this.tokens[this.pos - 1] as IToken) : END_TOKEN;
  }

  protected at(type: TokenType): boolean {
    return this.pos < this.end && (this.tokens[this.pos] as IToken).tokenType === type;
  }

  protected atName(): boolean {
    return this.pos < this.end && IS_NAME[(this.tokens[this.pos] as IToken).tokenTypeIdx] === true;
  }

  /** Read the next token (the caller has checked what it is). */
  protected next(): IToken {
    return this.tokens[this.pos++] as IToken;
  }

  /** Read a token of `type` if it is next. */
  protected optional(type: TokenType): IToken | undefined {
    if (this.pos < this.end && (this.tokens[this.pos] as IToken).tokenType === type) return this.tokens[this.pos++] as IToken;
    return undefined;
  }

  /** Read a token of `type` (or of the category `type`), or report it missing and recover. */
  protected expect(type: TokenType): IToken {
    const token = this.la1();
    if (token.tokenType === type || (type === T.Name && IS_NAME[token.tokenTypeIdx] === true)) {
      this.pos++;
      return token;
    }
    this.syntaxError(messageProvider.buildMismatchTokenMessage({ expected: type, actual: token, previous: this.last(), ruleName: '' }));
    // Single-token deletion: the expected token is right after an unexpected one.
    if (this.pos < this.end && tokenMatcher(this.la(2), type)) {
      this.pos += 2;
      return this.tokens[this.pos - 1] as IToken;
    }
    // Single-token insertion: go on as if it were there.
    return insertedToken(type);
  }

  // -------------------------------------------------------------------------------------
  // Errors

  protected syntaxError(message: string): void {
    this.errors.push({ message, token: this.la1(), index: this.pos < this.end ? this.pos : this.end });
  }

  /**
   * None of a rule's forms starts with the next token: `expected <what the rule expects> after
   * <previous>, found <next>` (messages.ts). `twoTokens` when the next token may start a form
   * and the one after it decided (`'(' then the end of the input`).
   */
  protected noViableAlt(ruleName: string, twoTokens = false): void {
    const actual = twoTokens ? [this.la1(), this.la(2)] : [this.la1()];
    this.syntaxError(messageProvider.buildNoViableAltMessage({ expectedPathsPerAlt: [], actual, previous: this.last(), ruleName }));
  }

  /** A required repetition has no first element (`CASE` without `WHEN`). */
  protected earlyExit(ruleName: string): void {
    this.syntaxError(messageProvider.buildEarlyExitMessage({ expectedIterationPaths: [], actual: [this.la1()], previous: this.last(), ruleName }));
  }

  /** Tokens are left after a complete statement or expression. */
  protected notAllInputParsed(ruleName: string): void {
    this.syntaxError(messageProvider.buildNotAllInputParsedMessage({ firstRedundant: this.la1(), ruleName }));
  }

  /**
   * A problem the syntax allows but the language does not (a number out of range, TRUE, a
   * join condition...). Not reported where a syntax error was just reported: a problem found
   * in what recovery made of the input is an echo of that error.
   */
  protected report(code: string, message: string, start: IToken, end: IToken = start, hint?: string): void {
    if (start.isInsertedInRecovery) return;
    const lastError = this.errors[this.errors.length - 1];
    if (lastError !== undefined && this.pos - 1 <= lastError.index + 1) return;
    this.state.diagnostics.push({ code, severity: 'error', message, span: this.spanOf(start, end), ...(hint ? { hint } : {}) });
  }

  protected warn(code: string, message: string, span: Span | undefined, hint?: string): void {
    this.state.diagnostics.push({ code, severity: 'warning', message, ...(span ? { span } : {}), ...(hint ? { hint } : {}) });
  }

  // -------------------------------------------------------------------------------------
  // Nesting

  /** One level deeper (a parenthesis, call, CASE, subquery, prefix operator...), at `token`. */
  protected enter(token: IToken): void {
    if (++this.depth > this.state.maxDepth) throw new NestingTooDeep(token, this.state.maxDepth);
  }

  protected leave(): void {
    this.depth--;
  }

  // -------------------------------------------------------------------------------------
  // Spans and nodes

  protected spanOf(start: IToken, end: IToken): Span {
    const from = Number.isNaN(start.startOffset) ? 0 : start.startOffset;
    const to = Number.isNaN(end.startOffset) || end.startOffset < from ? tokenEnd(start) : tokenEnd(end);
    return this.state.lines.span(from, Math.max(from, to));
  }

  /** Record the node's span (from `start` to the last token read) and return the node. */
  protected mark<N extends Node>(node: N, start: IToken): N {
    const spans = this.state.spans;
    if (spans !== null) {
      // The offsets spanOf would give (line and column are computed when the span is asked for).
      const end = this.last();
      const from = Number.isNaN(start.startOffset) ? 0 : start.startOffset;
      const to = Number.isNaN(end.startOffset) || end.startOffset < from ? tokenEnd(start) : tokenEnd(end);
      spans.record(node, from, to > from ? to : from);
    }
    return node;
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

  /** A call's node, checking `*` and DISTINCT; `complete` when its arguments were read without a syntax error. */
  protected callNode(nameToken: IToken, distinct: IToken | undefined, star: IToken | undefined, args: Expr[], start: IToken, complete: boolean): Expr {
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
      } else if (args.length === 0 && complete) {
        this.report('syntax/distinct-argument', `expected an expression after DISTINCT in ${name}(DISTINCT ...)`, distinct);
      }
      return this.mark(fn(`${name}_DISTINCT`, args), start);
    }
    return this.mark(fn(name, args), start);
  }
}
