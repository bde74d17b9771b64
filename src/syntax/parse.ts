import type { Expr, Node, Spans, Statement } from '../ast/index.js';
import { registerFrozen } from '../ast/checked.js';
import { markIncomplete } from '../ast/placeholders.js';
import { LineIndex, hasErrors, valueOrThrow, type Diagnostic, type Result, type Span } from '../diagnostic/index.js';
import { capDiagnostic } from '../diagnostic/quote.js';
import { checkTree, problemDiagnostic, type Problem } from '../spec/check.js';
import type { Comment } from './lexer.js';
import { existingFieldKey } from './field-spans.js';
import { END_OF_STATEMENT, hintFor } from './error-messages.js';
import { standaloneExpression } from './expression-rules.js';
import { CLAUSE_TOO, lineStatementStarts, nextStatementStart, statement } from './parser.js';
import { NestingTooDeep, ParserState, type Rule, type SyntaxProblem } from './parser-state.js';
import { release, scan, tokenOf, type Scanned } from './scanner.js';
import { SourceSpans } from './source-spans.js';
import * as T from './tokens.js';

export type { Comment } from './lexer.js';

export interface ParseOptions {
  /**
   * How deeply constructs may nest before the input is rejected with `nesting deeper than N
   * levels`. A level is a parenthesised expression, a function call, an IN list, a CASE, a
   * prefix operator (NOT, -, ~), a subquery's SELECT, a parenthesised source, and the
   * specifiers of DATABASE_COLUMN(...) and DATABASE_TABLE(...); chains of binary operators,
   * COLLATE and list items are not. Default DEFAULT_MAX_DEPTH (1,000), the one limit of every
   * entry point's round trip: `dsq decompile` refuses trees whose text would nest deeper.
   * Nesting costs the parser memory, not call stack, so a larger limit works too.
   */
  readonly maxDepth?: number;
}

/**
 * ParseOptions with what only dsq's own callers choose: `seal: false` leaves the trees unfrozen
 * and unregistered (parseInPieces: the formatter's reading, whose trees never leave it).
 */
interface ReadOptions extends ParseOptions {
  readonly seal?: boolean;
}

export interface ParsedDocument {
  readonly text: string;
  /** Every statement that parsed without errors, in order, with its source span. */
  readonly statements: { readonly node: Statement; readonly span: Span }[];
  /**
   * Every statement with errors that still has a tree, in order. `syntax` false: the text reads
   * as a statement but breaks a rule of the spec (a function with a wrong argument count, an
   * empty name); the tree is what the text says, so lint runs its rules on it and reports its
   * findings beside the spec errors. `syntax` true: the parser recovered from syntax errors, and
   * the tree holds stand-ins for what is missing (tools may read it for places and names, never
   * for meaning). Neither kind is checked or frozen as valid: the JSON writer, the printer and
   * the builder check such a tree again and refuse it.
   */
  readonly recovered: { readonly node: Statement; readonly span: Span; readonly syntax: boolean }[];
  /** The span of every node the parser built. */
  readonly spans: Spans;
  readonly comments: Comment[];
  /** Every error and warning, in source order. */
  readonly diagnostics: Diagnostic[];
  readonly lineIndex: LineIndex;
}

export const DEFAULT_MAX_DEPTH = 1000;

let sharedParser: ParserState | undefined;
/** The one parser state, built on first use and reused by every parse (reset by `begin`). */
export function parser(): ParserState {
  sharedParser ??= new ParserState();
  return sharedParser;
}

/** The tooling entry: every statement, span, comment and diagnostic of a text. Never throws. */
export function parseDocument(text: string, options: ParseOptions = {}): ParsedDocument {
  return parseText(text, options, true);
}

/**
 * A text scanned once, for a tool that reads it a statement at a time (the language server's
 * document model, src/lsp/text-model.ts): its tokens (kept, not the parse's spare arrays), its
 * `;`-separated stretches, each stretch's statements parsed on first asking, and the whole
 * document parsed from the same tokens. No text is scanned twice.
 */
export interface ScannedText {
  readonly text: string;
  readonly lineIndex: LineIndex;
  readonly tokens: Scanned;
  /** Token ranges [from, to) between `;`s (the `;` in none). */
  readonly stretches: readonly (readonly [from: number, to: number])[];
  /** The statements of stretch `i` as parseDocument reads them, with their token ranges, and their nodes' spans (offsets of the whole text). */
  stretch(i: number): StretchTrees;
  /** The whole document, as `parseDocument(text, options)` gives it. */
  document(): ParsedDocument;
}

export interface StretchTrees {
  /** In source order: one, or several where one was written after a syntax error without `;` before it. */
  readonly statements: readonly { readonly node: Statement; readonly from: number; readonly to: number }[];
  readonly spans: Spans;
}

/** Scan a text once for reading it a statement at a time (ScannedText). */
export function scanText(text: string, options: ParseOptions = {}): ScannedText {
  const lineIndex = new LineIndex(text);
  const tokens = scan(text, lineIndex);
  const stretches = stretchesOf(tokens);
  const parsed = new Map<number, StretchTrees>();
  let whole: ParsedDocument | undefined;
  return {
    text,
    lineIndex,
    tokens,
    stretches,
    stretch(i) {
      let trees = parsed.get(i);
      if (trees === undefined) {
        const [from, to] = stretches[i] ?? [0, 0];
        const spans = new SourceSpans(lineIndex);
        const out: Collected = { statements: [], recovered: [], diagnostics: [], ranges: [] };
        parseStretch(tokens, from, to, lineIndex, options, spans, out);
        trees = { statements: out.ranges, spans };
        parsed.set(i, trees);
      }
      return trees;
    },
    document: () => (whole ??= parseTokens(text, tokens, lineIndex, options, new SourceSpans(lineIndex))),
  };
}

/** parseText without spans (faster); with spans again when there are errors, to place them exactly. */
function parseQuick(text: string, options: ParseOptions): ParsedDocument {
  const doc = parseText(text, options, false);
  return doc.diagnostics.some((d) => d.severity === 'error') ? parseText(text, options, true) : doc;
}

/** Spans of a parse that records none (parseQuick's: they never leave it). */
const NO_SPANS: Spans = new WeakMap();

/** parseDocument, optionally without recording node spans (what parse() needs: faster). */
function parseText(text: string, options: ParseOptions, withSpans: boolean): ParsedDocument {
  const lineIndex = new LineIndex(text);
  const nodeSpans = withSpans ? new SourceSpans(lineIndex) : null;
  // The tokens are read only while the statements parse: the scanner's spare arrays serve.
  const lexed = scan(text, lineIndex, true);
  try {
    return parseTokens(text, lexed, lineIndex, options, nodeSpans);
  } finally {
    release(lexed);
  }
}

/** The first syntax error of a statement (its parser's or the lexer's within its span), or null. */
function firstSyntaxError(own: readonly Diagnostic[], lexical: readonly Diagnostic[], span: Span): Diagnostic | null {
  let first: Diagnostic | null = null;
  for (const d of own)
    if (d.severity === 'error' && !d.code.startsWith('spec/') && (first === null || (d.span?.start ?? 0) < (first.span?.start ?? 0))) first = d;
  for (const d of lexical)
    if (d.span && d.span.start >= span.start && d.span.start < span.end && (first === null || d.span.start < (first.span?.start ?? 0))) first = d;
  return first;
}

/** What parsing a stretch of tokens found: its statements (with their token ranges) and diagnostics. */
interface Collected {
  readonly statements: { node: Statement; span: Span }[];
  readonly recovered: { node: Statement; span: Span; syntax: boolean }[];
  readonly diagnostics: Diagnostic[];
  /** Each statement's tokens [from, to), in the order read (clean and recovered alike). */
  readonly ranges: { readonly node: Statement; readonly from: number; readonly to: number }[];
}

/**
 * The statements of tokens from..to of a scanned text (a stretch between `;`s), each parsed in
 * place: one, or several where one was written after a syntax error without `;` before it.
 */
function parseStretch(
  lexed: Scanned,
  from: number,
  to: number,
  lineIndex: LineIndex,
  options: ParseOptions,
  nodeSpans: SourceSpans | null,
  out: Collected,
): void {
  while (from < to) from = parseOne(lexed, from, to, lineIndex, options, nodeSpans, out);
}

/**
 * One statement from token `from`: where the next starts (`to`, or where one was written after
 * a syntax error without `;` before it: parser.ts nextStatementStart).
 */
function parseOne(
  lexed: Scanned,
  from: number,
  to: number,
  lineIndex: LineIndex,
  options: ParseOptions,
  nodeSpans: SourceSpans | null,
  out: Collected,
): number {
  let own: Diagnostic[] = [];
  const next: Next = { at: to, again: true, lines: [] };
  let node = run(lexed, from, to, lineIndex, nodeSpans, own, options, statement, next);
  if (hasErrors(own)) {
    // A statement word first on its line where the text before it is a complete statement, or an
    // unfinished one that does not expect that word (`UPDATE t SET a =` then `DELETE FROM u WHERE
    // b = 1`, read on as a value and an UPDATE ... FROM): the next statement starts there, though
    // the error was found after it or is not a syntax error. Not SET and DROP after a complete one
    // (`UPDATE t` then `SET a =`), nor a word the unfinished one expects (`ALTER DATABASE d` then
    // `DROP ...`; `IF ... THEN` then a write). Only in a statement with errors: valid text is never split.
    const at = next.lines.find((i) => i < next.at && endsBefore(lexed, from, i, lineIndex, options));
    if (at !== undefined) [next.at, next.again] = [at, true];
  }
  const end = next.at;
  if (end < to && next.again) {
    // The broken statement ends where the next starts: read again up to there (its tree and
    // errors its own), and the missing `;` reported where the next starts when no error is there.
    own = [];
    node = run(lexed, from, end, lineIndex, nodeSpans, own, options, statement);
    const at = lineIndex.position(lexed.starts[end] as number);
    const hint = `a statement starts at ${at.line}:${at.column}: end the one before it with ;`;
    const boundary = lexed.ends[end - 1] as number;
    const atBoundary = (d: Diagnostic) => d.severity === 'error' && (d.span?.start ?? 0) >= boundary;
    own = own.map((d) => (atBoundary(d) && d.hint === undefined ? { ...d, hint } : d));
    // Unless the parser met a token it could not read (which is then where the statement went
    // wrong), the missing `;` is its own error: COUNT(a, b) or FALSE inside does not say it.
    if (!own.some((d) => atBoundary(d) || d.code === 'syntax/unexpected-token')) own.push(missingSemicolon(lexed, end, lineIndex));
  }
  const span = spanOfTokens(lexed, from, end, lineIndex);
  const lexErrors = lexed.diagnostics.some((d) => d.span && d.span.start >= span.start && d.span.start < span.end);
  out.diagnostics.push(...withoutEchoes(own, lexed));
  if (node === undefined) return end;
  if (!lexErrors && !hasErrors(own)) {
    // A statement that parsed without errors is valid, and the parser froze each of its
    // nodes as it marked it: the builder may take it as syntax (src/ast/checked.ts).
    out.statements.push({ node: (options as ReadOptions).seal === false ? node : registerFrozen(node), span });
  } else {
    const syntax = lexErrors || own.some((d) => d.severity === 'error' && !d.code.startsWith('spec/'));
    // No tree of a broken statement is written or built (src/ast/placeholders.ts).
    if (syntax) markIncomplete(node, firstSyntaxError(own, lexed.diagnostics, span));
    out.recovered.push({ node, span, syntax });
  }
  out.ranges.push({ node, from, to: end });
  if (nodeSpans !== null) nodeSpans.set(node, span);
  return end;
}

/** Where run found that the next statement starts (`at`), whether to read the one before again up to there, and the statement words first on their lines. */
interface Next {
  at: number;
  again: boolean;
  lines: readonly number[];
}

/**
 * Whether the statement word at `before` starts a statement after the tokens from..before: they
 * read as a complete statement (and the word is not SET or DROP, a clause of it), or as one cut
 * short (an error at their end: `UPDATE t SET a =`) that does not name the word among what it
 * expects (`ALTER DATABASE d` expects DROP; `IF ... THEN`, a write such as UPDATE).
 */
function endsBefore(lexed: Scanned, from: number, before: number, lineIndex: LineIndex, options: ParseOptions): boolean {
  const found: Diagnostic[] = [];
  run(lexed, from, before, lineIndex, null, found, options, statement);
  const end = lexed.ends[before - 1] as number;
  const word = lexed.text.slice(lexed.starts[before], lexed.ends[before]).toUpperCase();
  if (!found.some((d) => d.severity === 'error')) return !CLAUSE_TOO.has(word);
  return found.some(
    (d) => d.severity === 'error' && d.code === 'syntax/unexpected-token' && (d.span?.start ?? 0) >= end && !new RegExp(`\\b${word}\\b`).test(d.expected ?? ''),
  );
}

/** The `;`-separated stretches of a scanned text: token ranges [from, to) (the last up to the end). */
export function stretchesOf(lexed: Scanned): [from: number, to: number][] {
  const out: [number, number][] = [];
  let from = 0;
  const types = lexed.types;
  const semicolon = T.Semicolon.tokenTypeIdx as number;
  for (let i = 0; i < lexed.count; i++) {
    if (types[i] === semicolon) {
      out.push([from, i]);
      from = i + 1;
    }
  }
  out.push([from, lexed.count]);
  return out;
}

function parseTokens(text: string, lexed: Scanned, lineIndex: LineIndex, options: ParseOptions, nodeSpans: SourceSpans | null): ParsedDocument {
  const out: Collected = { statements: [], recovered: [], diagnostics: [...lexed.diagnostics], ranges: [] };
  const { statements, recovered, diagnostics } = out;
  for (const [from, to] of stretchesOf(lexed)) parseStretch(lexed, from, to, lineIndex, options, nodeSpans, out);
  return { text, statements, recovered, spans: nodeSpans ?? NO_SPANS, comments: lexed.comments, diagnostics: sortedDiagnostics(diagnostics), lineIndex };
}

/**
 * A text parsed a run of statements at a time, for a tool that is done with each run before it
 * reads the next (the formatter): each piece goes to `onPiece` right after it parses, so its trees
 * and span table may die young, and a text of many statements never holds all its trees at once
 * (formatting 600 statements spent a fifth of its time copying the trees of the whole text
 * in garbage collection while it printed them).
 *
 * Each piece is a ParsedDocument of the whole `text` (offsets, lines and columns of the whole)
 * holding a run of consecutive statements, the comments from its start (0 for the first) to
 * where the next piece starts (the end for the last), and a span table of its own. Pieces break
 * only after a `;` with no comment between the statement before it and the one after it, once a
 * piece holds `pieceTokens` tokens: a comment between statements always stays with both of them.
 * `last` tells the text's last piece. Nothing is passed on once an error is found (a piece with
 * errors included); the text is still read to its end, and every diagnostic is returned, as
 * `parseDocument` gives them.
 *
 * The pieces' trees are the caller's alone: not frozen, and not registered as checked
 * (src/ast/checked.ts), which would cost a parse of the bench corpus 4% for trees that never
 * leave the formatter. Whatever prints them takes them as checked (format.ts), and nothing may
 * hand them out. A piece's span table serves only while `onPiece` runs: the next piece's
 * records go into its storage (SourceSpans `release`).
 */
export function parseInPieces(
  text: string,
  onPiece: (piece: ParsedDocument, last: boolean) => void,
  options: ParseOptions = {},
  pieceTokens = PIECE_TOKENS,
): Diagnostic[] {
  const lineIndex = new LineIndex(text);
  const lexed = scan(text, lineIndex, true);
  try {
    const stretches = stretchesOf(lexed);
    const { comments, starts, ends } = lexed;
    const diagnostics: Diagnostic[] = [...lexed.diagnostics];
    let failed = hasErrors(diagnostics);
    let first = 0;
    let tokens = 0;
    /** The first comment not yet passed by the search for a clean break, and the first of the next piece. */
    let gapComment = 0;
    let pieceComment = 0;
    const reading: ReadOptions = { ...options, seal: false };
    const piece = (last: number, to: number, final: boolean): void => {
      // A piece's records number about two thirds of its tokens (the bench corpus): its table is made for three quarters.
      const spans = new SourceSpans(lineIndex, (((stretches[last] as [number, number])[1] - (stretches[first] as [number, number])[0]) * 3) >> 2);
      const out: Collected = { statements: [], recovered: [], diagnostics: [], ranges: [] };
      for (let k = first; k <= last; k++) {
        const [a, b] = stretches[k] as [number, number];
        parseStretch(lexed, a, b, lineIndex, reading, spans, out);
      }
      for (const d of out.diagnostics) diagnostics.push(d);
      if (hasErrors(out.diagnostics) || out.recovered.length > 0) failed = true;
      const own = pieceComment;
      while (pieceComment < comments.length && (comments[pieceComment] as Comment).span.start < to) pieceComment++;
      if (failed) return;
      const pieceComments = own === 0 && pieceComment === comments.length ? comments : comments.slice(own, pieceComment);
      onPiece(
        { text, statements: out.statements, recovered: [], spans, comments: pieceComments, diagnostics: sortedDiagnostics(out.diagnostics), lineIndex },
        final,
      );
      spans.release();
    };
    for (let k = 0; k < stretches.length - 1; k++) {
      const [a, b] = stretches[k] as [number, number];
      tokens += b - a + 1;
      const next = b + 1;
      if (tokens < pieceTokens || a === b || next >= lexed.count || (stretches[k + 1] as [number, number])[1] === next) continue;
      // No comment between the statement's last token and the next one's first.
      const gapStart = ends[b - 1] as number;
      const gapEnd = starts[next] as number;
      while (gapComment < comments.length && (comments[gapComment] as Comment).span.start < gapStart) gapComment++;
      if (gapComment < comments.length && (comments[gapComment] as Comment).span.start < gapEnd) continue;
      piece(k, gapEnd, false);
      first = k + 1;
      tokens = 0;
    }
    piece(stretches.length - 1, text.length, true);
    return sortedDiagnostics(diagnostics);
  } finally {
    release(lexed);
  }
}

/** A document's diagnostics as it gives them: in source order (the list sorted in place), each capped (capDiagnostic). */
function sortedDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  diagnostics.sort((a, b) => (a.span?.start ?? 0) - (b.span?.start ?? 0));
  return diagnostics.map(capDiagnostic);
}

/** The tokens a piece of parseInPieces holds before it may end (a few dozen statements of the bench corpus). */
const PIECE_TOKENS = 1024;

/** The error of a statement followed by another without `;` between them: at the token where the next starts. */
function missingSemicolon(lexed: Scanned, at: number, lines: LineIndex): Diagnostic {
  const image = lexed.text.slice(lexed.starts[at], lexed.ends[at]);
  return {
    code: 'syntax/unexpected-token',
    severity: 'error',
    message: `unexpected ${image.toUpperCase()}: expected ${END_OF_STATEMENT} before the statement that starts here`,
    span: lines.span(lexed.starts[at] as number, lexed.ends[at] as number),
    expected: END_OF_STATEMENT,
    hint: 'end the statement before it with ;',
  };
}

/**
 * Every statement of a text (separated by `;`), at least one. Throws a DsqError with every
 * diagnostic found; a text without a statement is an error, as for `dsq compile` and an empty
 * JSON array for `dsq decompile` and `dsq normalize` (grammar/reference.md, Statements).
 */
export function parseStatements(text: string, options: ParseOptions = {}): Statement[] {
  return valueOrThrow(parseStatementsResult(text, options), text);
}

/** `parseStatements` without throwing: every diagnostic, and the statements when none is an error. */
export function parseStatementsResult(text: string, options: ParseOptions = {}): Result<Statement[]> {
  const doc = parseQuick(text, options);
  if (hasErrors(doc.diagnostics)) return { diagnostics: doc.diagnostics };
  if (doc.statements.length === 0) return { diagnostics: [...doc.diagnostics, noStatement(doc)] };
  return { value: doc.statements.map((s) => s.node), diagnostics: doc.diagnostics };
}

function noStatement(doc: ParsedDocument): Diagnostic {
  const end = doc.lineIndex.span(doc.text.length, doc.text.length);
  return {
    code: 'syntax/no-statement',
    severity: 'error',
    message: 'expected a statement (SELECT ...), found the end of the input',
    span: end,
    expected: 'a statement',
  };
}

/** Exactly one statement. Throws a DsqError with every diagnostic found. */
export function parse(text: string, options: ParseOptions = {}): Statement {
  return valueOrThrow(parseResult(text, options), text);
}

/** `parse` without throwing: every diagnostic, and the statement when none is an error. */
export function parseResult(text: string, options: ParseOptions = {}): Result<Statement> {
  const doc = parseQuick(text, options);
  if (hasErrors(doc.diagnostics)) return { diagnostics: doc.diagnostics };
  const [first, second] = doc.statements;
  if (!first) return { diagnostics: [...doc.diagnostics, noStatement(doc)] };
  if (second) {
    const several: Diagnostic = {
      code: 'syntax/several-statements',
      severity: 'error',
      message: `expected one statement, found ${doc.statements.length}`,
      span: second.span,
      expected: 'one statement',
      hint: 'parseStatements (or `dsq compile`) reads a file of several statements',
    };
    return { diagnostics: [...doc.diagnostics, several] };
  }
  return { value: first.node, diagnostics: doc.diagnostics };
}

/** One expression (the whole text). Throws a DsqError with every diagnostic found. */
export function parseExpression(text: string, options: ParseOptions = {}): Expr {
  return valueOrThrow(parseExpressionResult(text, options), text);
}

/** `parseExpression` without throwing: every diagnostic, and the expression when none is an error. */
export function parseExpressionResult(text: string, options: ParseOptions = {}): Result<Expr> {
  const quick = expressionOf(text, options, false);
  // Again with spans, to place the errors exactly.
  const result = hasErrors(quick.diagnostics) ? expressionOf(text, options, true) : quick;
  return result.value === undefined ? { diagnostics: result.diagnostics } : { value: result.value.expr, diagnostics: result.diagnostics };
}

/** One expression with its spans (for tools). Throws a DsqError with every diagnostic found. */
export function parseExpressionDocument(text: string, options: ParseOptions = {}): { expr: Expr; spans: Spans } {
  return valueOrThrow(expressionOf(text, options, true), text);
}

function expressionOf(text: string, options: ParseOptions, withSpans: boolean): Result<{ expr: Expr; spans: Spans }> {
  const lineIndex = new LineIndex(text);
  const spans = new SourceSpans(lineIndex);
  const lexed = scan(text, lineIndex);
  const found: Diagnostic[] = [...lexed.diagnostics];
  const expr = run(lexed, 0, lexed.count, lineIndex, withSpans ? spans : null, found, options, standaloneExpression);
  const kept = [...lexed.diagnostics, ...withoutEchoes(found.slice(lexed.diagnostics.length), lexed)];
  kept.sort((a, b) => (a.span?.start ?? 0) - (b.span?.start ?? 0));
  const diagnostics = kept.map(capDiagnostic);
  if (hasErrors(diagnostics)) return { diagnostics };
  if (!expr) {
    const end = lineIndex.span(text.length, text.length);
    return {
      diagnostics: [
        ...diagnostics,
        { code: 'syntax/no-expression', severity: 'error', message: 'expected an expression', span: end, expected: 'an expression' },
      ],
    };
  }
  // An expression that parsed without errors is valid, its nodes frozen as they were marked.
  return { value: { expr: registerFrozen(expr), spans }, diagnostics };
}

/**
 * The parser's errors without the echoes of a lexical error: inside a number run into a name
 * (`a = 0x10`: the lexer's error says it all; the parser's `unexpected name x10` would be its
 * echo), or at the token right after a character no token starts with.
 */
function withoutEchoes(found: readonly Diagnostic[], lexed: Scanned): readonly Diagnostic[] {
  if (found.length === 0 || lexed.diagnostics.length === 0) return found;
  const lexical = lexed.diagnostics.filter(
    (d) => d.code === 'syntax/invalid-number' || d.code === 'syntax/unexpected-character' || d.code === 'syntax/unterminated',
  );
  if (lexical.length === 0) return found;
  const echoes = (d: Diagnostic, r: Diagnostic): boolean => {
    if (!r.span || !d.span) return false;
    if (r.code === 'syntax/invalid-number') return d.span.start > r.span.start && d.span.start < r.span.end;
    // An unterminated string read to the end of the text, as a token the statement had no place for.
    if (r.code === 'syntax/unterminated') return d.span.start === r.span.start;
    // `2 ^ 3`: the parser never saw the '^' and trips over the 3 right after it.
    // `id = ?`: the parser found the statement ended right before the character.
    if (d.span.start <= r.span.start) return lexed.text.slice(d.span.start, r.span.start).trim() === '';
    return lexed.text.slice(r.span.end, d.span.start).trim() === '';
  };
  return found.filter((d) => d.code !== 'syntax/unexpected-token' || !lexical.some((r) => echoes(d, r)));
}

/** Run one top rule over the tokens from..to, turning every parser error into a diagnostic. */
function run<R>(
  tokens: Scanned,
  from: number,
  to: number,
  lines: LineIndex,
  spans: SourceSpans | null,
  out: Diagnostic[],
  options: ParseOptions,
  rule: (p: ParserState) => Rule<R>,
  next: Next | null = null,
): R | undefined {
  const p = parser();
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  // The problems the spec's per-node rules find, run by the parser on each node as it marks it.
  const problems: Problem[] = [];
  p.begin(tokens, from, to, { spans, lines, diagnostics: out, maxDepth, problems, seal: (options as ReadOptions).seal !== false });
  let result: R | undefined;
  try {
    result = p.drive(rule(p));
  } catch (err) {
    if (!(err instanceof NestingTooDeep)) {
      p.finish();
      throw err;
    }
    out.push({
      code: 'syntax/nesting-too-deep',
      severity: 'error',
      message: `nesting deeper than ${maxDepth} levels`,
      span:
        err.index >= 0 && err.index < to
          ? lines.span(tokens.starts[err.index] as number, tokens.ends[err.index] as number)
          : spanOfTokens(tokens, to - 1, to, lines),
      hint: 'simplify the query (a long AND/OR chain or IN list is fine; deep parentheses are not)',
    });
    p.finish();
    return undefined;
  }
  // A statement written after a syntax error without `;` before it is a statement of its own.
  const firstError = p.errors[0];
  if (next !== null && firstError !== undefined) {
    // (From the token before the error: `WHERE` then `DELETE FROM u` read DELETE as a name and tripped over FROM.)
    const at = nextStatementStart(p, firstError.index - 1);
    if (at > from) next.at = at;
  }
  // `INSERT INTO t ... SELECT ...` (reported as such, the rest skipped): the SELECT is read as a
  // statement of its own (the editor completes in it), the write ending before it as it was read.
  const insertSelect = next === null ? undefined : out.find((d) => d.code === 'syntax/insert-select');
  if (next !== null && insertSelect?.span !== undefined) {
    let at = from + 1;
    while (at < to && (tokens.starts[at] as number) < insertSelect.span.start) at++;
    if (at < next.at && tokens.types[at] === (T.Select.tokenTypeIdx as number)) [next.at, next.again] = [at, false];
  }
  // An error right after another is most often its echo (recovery resumed mid-construct): keep the first.
  // A statement that does not start right (its first token) gets one error, not a cascade.
  let lastIndex = -10;
  for (const error of p.errors) {
    const index = error.index;
    if (index <= lastIndex + 1 || lastIndex === from) continue;
    lastIndex = index;
    out.push(syntaxDiagnostic(error, tokens, from, to, lines));
  }
  // Where a statement may start on a line of its own: read by parseOne only when the statement has
  // an error (a syntax error, or a rule of the spec broken: `problems`). Valid text skips the scan.
  if (next !== null && (p.errors.length > 0 || problems.length > 0 || hasErrors(out))) next.lines = lineStatementStarts(p);
  p.finish();
  // The spec's rules every entry point shares (src/spec/check.ts), on a tree without syntax errors.
  // Each node was checked as it was made: the tree is walked (for the problems in order) only
  // when one broke a rule.
  if (result !== undefined && p.errors.length === 0 && !out.some((d) => d.severity === 'error') && problems.length > 0) {
    for (const problem of checkTree(result as Node)) {
      const field = existingFieldKey(problem.node, problem.field);
      const span = (field && spans?.get(field)) ?? spans?.get(problem.node) ?? (to > from ? spanOfTokens(tokens, from, to, lines) : undefined);
      out.push({ ...problemDiagnostic(problem), ...(span ? { span } : {}) });
    }
  }
  return result;
}

function spanOfTokens(tokens: Scanned, from: number, to: number, lines: LineIndex): Span {
  return lines.span(tokens.starts[from] as number, tokens.ends[to - 1] as number);
}

function syntaxDiagnostic(error: SyntaxProblem, tokens: Scanned, from: number, to: number, lines: LineIndex): Diagnostic {
  const index = error.index;
  let span: Span;
  if (index >= to) {
    // No token at all (an expression of only spaces and comments): the end of the text.
    const end = to > from ? (tokens.ends[to - 1] as number) : tokens.text.length;
    span = lines.span(end, end);
  } else {
    span = lines.span(tokens.starts[index] as number, tokens.ends[index] as number);
  }
  const hint =
    error.hint ??
    hintFor(
      tokenOf(tokens, index, to),
      index > from ? tokenOf(tokens, index - 1, to) : undefined,
      index + 1 < to ? tokenOf(tokens, index + 1, to) : undefined,
      index - 1 > from ? tokenOf(tokens, index - 2, to) : undefined,
      error.expected,
      tokenOf(tokens, from, to),
    );
  return {
    code: 'syntax/unexpected-token',
    severity: 'error',
    message: error.message,
    span,
    expected: error.expected,
    ...(hint ? { hint } : {}),
  };
}
