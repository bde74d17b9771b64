import type { IToken, TokenType } from 'chevrotain';
import type { Node } from '../ast/index.js';
import { freezeWithLists } from '../ast/checked.js';
import { LIST_KEYS } from '../ast/fields.js';
import { NODE_KINDS, kindTable } from '../ast/kinds.js';
import { markPlaceholder } from '../ast/placeholders.js';
import { LineIndex, type Diagnostic, type Span } from '../diagnostic/index.js';
import { ruleOf, type Problem } from '../spec/check.js';
import {
  END_OF_STATEMENT,
  nextStatement,
  earlyExitMessage,
  expectedMessage,
  mismatchMessage,
  noViableAltMessage,
  notAllInputParsedMessage,
  type SyntaxMessage,
} from './error-messages.js';
import { tokenOf, type Scanned } from './scanner.js';
import type { SourceSpans } from './source-spans.js';
import { EOF, tokenInstance, tokenMatches } from './token-type.js';
import type { Frame } from './expression-tables.js';
import * as T from './tokens.js';

/**
 * The state of the dsq parser, and the machinery every rule uses: the token cursor, the rule
 * driver, error reporting with recovery, nesting depth and node spans. The rules are generator
 * functions over this one state (`p`), in modules by what they read: node-helpers.ts,
 * name-rules.ts, expression-frames.ts and expression-rules.ts (names, paths, specifiers,
 * expressions), action-parts.ts, fetch-rules.ts, write-rules.ts, admin-rules.ts,
 * action-rules.ts, struct-rules.ts and system-rules.ts (the actions), source-rules.ts (FROM)
 * and parser.ts (statements, SELECT), in that order, each importing only those before it. The
 * rules lower modules call back into (an expression, a SELECT) go through the table of rule-table.ts, filled once by parser.ts,
 * so the modules import each other without a cycle.
 *
 * Nesting costs no JavaScript stack. Expressions are read by an operator-precedence loop over
 * an explicit stack of frames (expression-frames.ts); the rules that nest statements (SELECT,
 * sources, specifiers) are generator functions run by `drive`, a loop over an explicit stack
 * of suspended rules: a rule asks for a sub-rule by yielding it and is resumed with its result.
 * So how deep input may nest is a choice (`maxDepth`), not the size of the call stack.
 *
 * Tokens are indexes into the scanner's arrays (scanner.ts), not objects: a token's type is
 * `types[i]` (a TOKEN_TYPES index), its text `text.slice(starts[i], ends[i])`, made only where
 * the text is wanted. MISSING (-1) stands for a token the input lacks (single-token insertion).
 */

/** A rule in progress: it yields the sub-rules it needs and returns its node. */
export interface Rule<T> extends Generator<Rule<unknown>, T, unknown> {}

/**
 * Run a sub-rule and take its result, typed: `const e = yield* call(expression(p, 0))`.
 *
 * Near the top of the nesting (the first INLINE_DEPTH levels of sub-rules: every sub-rule of
 * most statements), the sub-rule runs at once, in a `drive` of its own inside this one, and
 * `yield*` gets its result without suspending the rule that asked: no trip through the outer
 * `drive`'s loop, no resumption. Deeper, the sub-rule is yielded to `drive`, which resumes the
 * rule with its result (an iterator of two steps, not a generator function: a generator
 * object per call cost the parse about 2% more). So the JavaScript stack a parse uses stays
 * bounded by INLINE_DEPTH, whatever the input's nesting.
 */
export function call<T>(rule: Rule<T>): Iterable<Rule<unknown>, T, unknown> {
  const p = driving;
  if (p !== null && p.inlineBudget > 0) {
    p.inlineBudget--;
    const value = p.drive(rule);
    // (An error thrown inside ends the parse: `begin` resets the budget.)
    p.inlineBudget++;
    DONE.value = value;
    return DONE as Iterable<Rule<unknown>, T, unknown>;
  }
  return new SubRule(rule);
}

/** How many sub-rules `call` runs inside one another on the JavaScript stack before yielding them to `drive`. */
const INLINE_DEPTH = 8;

/** The parser state whose `drive` runs (set by `begin`): `call` runs sub-rules in it. */
let driving: ParserState | null = null;

/**
 * The result of a sub-rule `call` ran at once: an iterator whose first step is its end, with the
 * value (one object, reused: `yield*` reads it before anything else runs).
 */
const DONE = {
  value: undefined as unknown,
  done: true as const,
  [Symbol.iterator]() {
    return this;
  },
  next() {
    return this;
  },
};

class SubRule<T> implements Iterator<Rule<unknown>, T, unknown> {
  constructor(private rule: Rule<T> | null) {}

  [Symbol.iterator](): this {
    return this;
  }

  next(value: unknown): IteratorResult<Rule<unknown>, T> {
    const rule = this.rule;
    if (rule === null) return { value: value as T, done: true };
    this.rule = null;
    return { value: rule as Rule<unknown>, done: false };
  }
}

/** A token the input lacks, inserted by error recovery: it has no text and no place. */
export const MISSING = -1;

/** Thrown when the input nests deeper than `maxDepth`, at token `index`. */
export class NestingTooDeep extends Error {
  constructor(
    readonly index: number,
    readonly limit: number,
  ) {
    super(`nesting deeper than ${limit} levels`);
  }
}

/** A syntax error: its message, what it says was expected, and the index of the offending token (`end` of the input for its end). */
export interface SyntaxProblem extends SyntaxMessage {
  readonly index: number;
}

export interface AliasScope {
  /**
   * The result columns' aliases, as written (a list: a Set per SELECT cost the parse 1%), and
   * a Set of them, made when a long list is first searched (`isAlias`).
   */
  readonly aliases: string[];
  lookup: Set<string> | null;
  active: boolean;
}

/** Whether `name` is one of the scope's aliases (searched in the list when short; a Set of a long one, so an ORDER BY of many names stays linear). */
export function isAlias(scope: AliasScope, name: string): boolean {
  const aliases = scope.aliases;
  if (aliases.length <= 16) return aliases.includes(name);
  scope.lookup ??= new Set(aliases);
  return scope.lookup.has(name);
}

/** Per-parse state, given to `begin`. */
export interface ParseState {
  /** Where node spans go; null when the caller does not want them (parse(): faster, less GC). */
  spans: SourceSpans | null;
  lines: LineIndex;
  diagnostics: Diagnostic[];
  maxDepth: number;
  /** Where the spec's per-node rules (src/spec/check.ts `ruleOf`), run on each node as it is marked, put the problems they find; null to skip them. */
  problems: Problem[] | null;
  /**
   * Freeze each node as it is marked (src/ast/checked.ts): every parse whose trees its caller
   * receives. False only for the formatter's own reading (parse.ts `parseInPieces`), whose trees
   * never leave it: a frozen tree is what makes a parsed statement safe to hand out.
   */
  seal: boolean;
}

/** The token type index of a token type. */
export const idx = (type: TokenType): number => type.tokenTypeIdx as number;

/** The type index past the last token. */
export const END = idx(EOF);

/** Token type index → whether the type belongs to a category (a lookup on hot paths). */
function membership(category: TokenType): boolean[] {
  const table: boolean[] = [];
  for (const type of T.ALL_TOKENS) {
    table[idx(type)] = tokenMatches(tokenInstance(type, '', 0), category);
  }
  return table;
}

/** Names: identifiers, quoted identifiers, contextual words. */
export const IS_NAME = membership(T.Name);

const NAME = idx(T.Name);
const LPAREN = idx(T.LParen);
const RPAREN = idx(T.RParen);
/**
 * The keywords that start a clause of a select or a join: never deleted to recover from an error
 * (`SELECT a. FROM t x` is not the column a.t aliased x: the FROM clause stays a clause).
 */
const CLAUSE_KEYWORDS: readonly boolean[] = (() => {
  const out: boolean[] = [];
  for (const type of [T.Select, T.From, T.Where, T.Group, T.Having, T.Order, T.Limit, T.Offset, T.Options, T.Join, T.Inner, T.Left, T.Cross, T.On, T.Using])
    out[idx(type)] = true;
  return out;
})();
const SEMICOLON = idx(T.Semicolon);

/** What marking a node of a kind does: the spec's rule it runs (src/spec/check.ts) and the lists it freezes (src/ast/checked.ts). */
interface Marking {
  readonly rule: ((node: never, out: Problem[]) => void) | undefined;
  readonly lists: readonly string[];
}
/** Marking by kind: one lookup a node (each node of a parse is marked). */
const MARKING = kindTable(NODE_KINDS.map((kind) => [kind, { rule: ruleOf(kind), lists: LIST_KEYS[kind] } satisfies Marking] as const));

const NO_SCAN: Scanned = {
  text: '',
  count: 0,
  types: new Uint8Array(0),
  starts: new Int32Array(0),
  ends: new Int32Array(0),
  comments: [],
  diagnostics: [],
};

/** The state between parses: it holds nothing of the last one (its spans, its text). */
const NO_STATE: ParseState = { spans: null, lines: new LineIndex(''), diagnostics: [], maxDepth: 0, problems: null, seal: true };

/**
 * The cursor over one input's tokens (`from..end` of the scanner's arrays), the per-parse
 * state, and the helpers every rule uses. Errors are collected, never thrown (except
 * NestingTooDeep): a rule that meets an unexpected token reports it and carries on as if the
 * expected token were there (or skips the unexpected one when the expected token follows it),
 * so one run reports every error it can tell apart and always ends.
 */
export class ParserState {
  text = '';
  types: Uint8Array = NO_SCAN.types;
  starts: Int32Array = NO_SCAN.starts;
  ends: Int32Array = NO_SCAN.ends;
  private scanned: Scanned = NO_SCAN;
  /** Index of the next token. */
  pos = 0;
  from = 0;
  end = 0;
  state: ParseState = NO_STATE;
  depth = 0;
  scopes: AliasScope[] = [];
  /** The syntax errors of the current input, in the order found. */
  errors: SyntaxProblem[] = [];
  /** The stack of constructs an expression is reading (expression-frames.ts; reused: frames past frameCount are free). */
  frames: Frame[] = [];
  frameCount = 0;
  /** The suspended rules of `drive`, innermost last (kept between runs: no allocation per parse). */
  private readonly rules: Rule<unknown>[] = [];
  /** How many more sub-rules `call` may run inside one another (INLINE_DEPTH at the start of a run). */
  inlineBudget = 0;

  /** Prepare for a new input: the scanned tokens `from..to`. */
  begin(scanned: Scanned, from: number, to: number, state: ParseState): void {
    this.scanned = scanned;
    this.text = scanned.text;
    this.types = scanned.types;
    this.starts = scanned.starts;
    this.ends = scanned.ends;
    this.pos = from;
    this.from = from;
    this.end = to;
    this.state = state;
    this.depth = 0;
    this.scopes = [];
    this.errors = [];
    this.rules.length = 0;
    this.frameCount = 0;
    this.inlineBudget = INLINE_DEPTH;
    driving = this;
  }

  /**
   * Let go of the input and of every node made from it: the one shared parser would keep them
   * alive until the next parse (the last tree, its spans and its text, however large). The
   * syntax errors stay: the caller reads them after.
   */
  finish(): void {
    this.scanned = NO_SCAN;
    this.text = '';
    this.types = NO_SCAN.types;
    this.starts = NO_SCAN.starts;
    this.ends = NO_SCAN.ends;
    this.state = NO_STATE;
    this.scopes = [];
    this.rules.length = 0;
    // Popped frames hold nothing (expression-frames.ts `pop`): only those a stopped parse left.
    for (let i = 0; i < this.frameCount; i++) (this.frames[i] as Frame).release();
    this.frameCount = 0;
    this.inlineBudget = 0;
    driving = null;
    DONE.value = undefined;
  }

  /** Run a rule to its end: a loop over the stack of suspended rules, so nesting costs no call stack. */
  drive<R>(rule: Rule<R>): R {
    const rules = this.rules;
    rules.push(rule as Rule<unknown>);
    const bottom = rules.length - 1;
    let value: unknown;
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

  // -------------------------------------------------------------------------------------
  // The cursor

  /** The type of the next token (END at the end). */
  t1(): number {
    return this.pos < this.end ? (this.types[this.pos] as number) : END;
  }

  /** The type of the k-th next token (k >= 1). */
  tk(k: number): number {
    const i = this.pos + k - 1;
    return i < this.end ? (this.types[i] as number) : END;
  }

  /** The index of the last token read (MISSING before the first). */
  last(): number {
    return this.pos > this.from ? this.pos - 1 : MISSING;
  }

  at(type: TokenType): boolean {
    return this.pos < this.end && this.types[this.pos] === type.tokenTypeIdx;
  }

  atName(): boolean {
    return this.pos < this.end && IS_NAME[this.types[this.pos] as number] === true;
  }

  /** Read the next token (the caller has checked what it is): its index. */
  next(): number {
    return this.pos++;
  }

  /** Read a token of `type` if it is next: its index, or MISSING. */
  optional(type: TokenType): number {
    if (this.pos < this.end && this.types[this.pos] === type.tokenTypeIdx) return this.pos++;
    return MISSING;
  }

  /** Read a token of `type` (or of the category Name), or report it missing and recover: its index, or MISSING. */
  expect(type: TokenType): number {
    const t = this.t1();
    const want = type.tokenTypeIdx as number;
    if (t === want || (want === NAME && IS_NAME[t] === true)) return this.pos++;
    this.syntaxError(mismatchMessage(type, this.token(this.pos), this.token(this.last())));
    // Single-token deletion: the expected token is right after an unexpected one (not a clause's keyword).
    const after = this.tk(2);
    if (this.pos < this.end && CLAUSE_KEYWORDS[t] !== true && (after === want || (want === NAME && IS_NAME[after] === true))) {
      this.pos += 2;
      return this.pos - 1;
    }
    // Single-token insertion: go on as if it were there.
    return MISSING;
  }

  /** After an error inside parentheses: skip to the ')' that closes them (not read), so the error has no echoes. */
  skipToCloseParen(): void {
    let depth = 0;
    for (; this.pos < this.end; this.pos++) {
      const t = this.t1();
      if (t === LPAREN) depth++;
      else if (t === RPAREN && depth-- === 0) return;
    }
  }

  // -------------------------------------------------------------------------------------
  // Token text

  /** The text of a token ('' for MISSING). */
  image(i: number): string {
    return i === MISSING ? '' : this.text.slice(this.starts[i], this.ends[i]);
  }

  /** A token as an object (for messages and hints): END for the end of the input, MISSING too. */
  token(i: number): IToken {
    // The ';' that ends this statement, or the first word of the next one where the text is split
    // without ';' (parse.ts): the end, named as it is written.
    if (i === this.end && this.end < this.scanned.count) return tokenInstance(EOF, this.image(i), this.starts[i] as number);
    return tokenOf(this.scanned, i, this.end);
  }

  /** The statement ends at a ';' (not at the end of the input). */
  private atStatementEnd(): boolean {
    return this.end < this.scanned.count && this.types[this.end] === SEMICOLON;
  }

  typeOf(i: number): number {
    return i === MISSING || i >= this.end ? END : (this.types[i] as number);
  }

  // -------------------------------------------------------------------------------------
  // Errors

  /** A syntax error at the next token: its message and what was expected (error-messages.ts). */
  syntaxError({ message, expected, hint }: SyntaxMessage): void {
    this.errors.push({ message, expected, index: Math.min(this.pos, this.end), ...(hint ? { hint } : {}) });
  }

  /**
   * `expected <what> after '<last token>', found '<next token>'` (the end of the input when
   * there is none), with `note` after the previous token when given.
   */
  expectedError(what: string, note = ''): void {
    this.syntaxError(expectedMessage(what, ` after '${this.image(this.last())}'${note}, found ${this.foundText()}`));
  }

  /** The next token as a message names it: quoted, or `the end of the input`. */
  foundText(): string {
    if (this.pos < this.end) return `'${this.image(this.pos)}'`;
    if (this.end >= this.scanned.count) return 'the end of the input';
    return this.atStatementEnd() ? END_OF_STATEMENT : nextStatement(this.image(this.end));
  }

  /**
   * None of a rule's forms starts with the next token: `expected <what the rule expects> after
   * <previous>, found <next>` (error-messages.ts). `twoTokens` when the next token may start a form
   * and the one after it decided (`'(' then the end of the input`).
   */
  noViableAlt(ruleName: string, twoTokens = false): void {
    const actual = twoTokens ? [this.token(this.pos), this.token(this.pos + 1)] : [this.token(this.pos)];
    this.syntaxError(noViableAltMessage(actual, this.token(this.last()), ruleName));
  }

  /** A required repetition has no first element (`CASE` without `WHEN`). */
  earlyExit(ruleName: string): void {
    this.syntaxError(earlyExitMessage([this.token(this.pos)], this.token(this.last()), ruleName));
  }

  /** Tokens are left after a complete statement or expression. */
  notAllInputParsed(ruleName: string): void {
    this.syntaxError(notAllInputParsedMessage(this.token(this.pos), ruleName));
  }

  /**
   * A problem the syntax allows but the language does not (a number out of range, TRUE, a
   * join condition...), from token `start` to token `end`. Not reported where a syntax error
   * was just reported: a problem found in what recovery made of the input is an echo of that error.
   * `expected`: what the message says was expected, when it says so.
   */
  report(code: string, message: string, start: number, end: number = start, hint?: string, expected?: string): void {
    if (start === MISSING) return;
    const lastError = this.errors[this.errors.length - 1];
    if (lastError !== undefined && this.pos - 1 <= lastError.index + 1) return;
    this.state.diagnostics.push({
      code,
      severity: 'error',
      message,
      span: this.spanOf(start, end),
      ...(expected ? { expected } : {}),
      ...(hint ? { hint } : {}),
    });
  }

  // -------------------------------------------------------------------------------------
  // Nesting

  /** One level deeper (a parenthesis, call, CASE, subquery, prefix operator...), at token `i`. */
  enter(i: number): void {
    if (++this.depth > this.state.maxDepth) throw new NestingTooDeep(i, this.state.maxDepth);
  }

  leave(): void {
    this.depth--;
  }

  // -------------------------------------------------------------------------------------
  // Spans and nodes

  /** The span from token `start` to token `end` (MISSING ones give way to the other). */
  spanOf(start: number, end: number): Span {
    const from = start === MISSING ? 0 : (this.starts[start] as number);
    const to = end === MISSING || end < start ? this.endOf(start) : this.endOf(end);
    return this.state.lines.span(from, Math.max(from, to));
  }

  private endOf(i: number): number {
    return i === MISSING ? 0 : (this.ends[i] as number);
  }

  /**
   * A finished node: the spec's per-node rules see it (while it is still in the CPU's cache,
   * instead of a walk over the finished tree), and it is frozen with its lists, so that a tree
   * the parse returns cannot be changed (src/ast/checked.ts). Every node the parser returns
   * goes through here (most through `mark`); nothing changes a node after it.
   */
  checkAndFreeze<N extends Node>(node: N): N {
    const marking = MARKING[node.kind] as Marking;
    const problems = this.state.problems;
    if (marking.rule !== undefined && problems !== null) marking.rule(node as never, problems);
    return this.state.seal ? freezeWithLists(node, marking.lists) : node;
  }

  /**
   * Tokens `open` and `close` (a `(` and its `)`) are parentheses around an expression: recorded
   * with the spans (the formatter places comments by them). Call in the order of the `)`s.
   */
  group(open: number, close: number): void {
    const spans = this.state.spans;
    if (spans === null) return;
    spans.recordGroupOpen(this.starts[open] as number);
    spans.recordGroupClose(this.starts[close] as number);
  }

  /**
   * Seal the node, record its span (from token `start` to the last token read) and return it.
   * A node of which no token was read (recovery: `start` missing, or nothing read since it) is
   * zero-width where it was expected (`gapOffset`).
   */
  mark<N extends Node>(node: N, start: number): N {
    this.checkAndFreeze(node);
    const spans = this.state.spans;
    if (spans !== null) {
      if (start === MISSING || this.pos <= start) {
        const at = this.gapOffset();
        spans.record(node, at, at);
      } else {
        const from = this.starts[start] as number;
        const to = this.ends[this.pos - 1] as number;
        spans.record(node, from, Math.max(to, from));
      }
    }
    return node;
  }

  /**
   * A stand-in for a part the input lacks (error recovery: an expression, a name, a value...):
   * sealed, known as a placeholder (src/ast/placeholders.ts `isPlaceholder`: the validator refuses it), its span zero-width where the part was expected.
   */
  placeholder<N extends Node>(node: N): N {
    this.checkAndFreeze(node);
    const at = this.gapOffset();
    markPlaceholder(node, this.state.lines.span(at, at));
    this.state.spans?.record(node, at, at);
    return node;
  }

  /**
   * Where a part the input lacks was expected: where the next token starts (the unexpected one),
   * or at the end of the input right after the last token read.
   */
  gapOffset(): number {
    if (this.pos < this.end) return this.starts[this.pos] as number;
    const last = Math.min(this.pos, this.end) - 1;
    if (last >= this.from) return this.ends[last] as number;
    return this.end > this.from ? (this.starts[this.from] as number) : 0;
  }
}
