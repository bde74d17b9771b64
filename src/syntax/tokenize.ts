import type { IToken, TokenType } from 'chevrotain';
import { LineIndex, type Diagnostic } from '../diagnostic/index.js';
import type { Comment } from './lexer.js';
import { scan, tokenOf, TOKEN_TYPES, type Scanned } from './scanner.js';
import * as T from './tokens.js';

export interface LexResult {
  readonly tokens: IToken[];
  readonly comments: Comment[];
  readonly diagnostics: Diagnostic[];
}

/**
 * Tokens of a whole text as objects (the parser's scanner reads them: scanner.ts), its
 * comments, and lexical errors. An unterminated string or quoted name is reported once and read
 * to the end of the input, so the parser does not add follow-on errors for it.
 */
export function lex(text: string, lines: LineIndex): LexResult {
  const scanned = scan(text, lines);
  const tokens: IToken[] = [];
  for (let i = 0; i < scanned.count; i++) tokens.push(tokenOf(scanned, i));
  return { tokens, comments: scanned.comments, diagnostics: scanned.diagnostics };
}

/** What a token is, for tools (editors, highlighters): coarser than the parser's token types. */
export type TokenCategory =
  | 'keyword'
  /** A contextual word (`DATE`, `COLUMN`, `SYSTEM_TABLE`, ...): a name except before `(` or a string. */
  | 'contextual'
  | 'name'
  | 'quoted-name'
  | 'string'
  | 'number'
  | 'operator'
  | 'punctuation'
  | 'comment';

/** One token of dsq text as plain data: `[start, end)` are 0-based UTF-16 offsets. */
export interface SourceToken {
  readonly category: TokenCategory;
  /**
   * The token's type: a keyword or contextual word in upper case (`SELECT`, `SYSTEM_TABLE`), else
   * `Identifier`, `QuotedIdentifier`, `StringLiteral`, `NumberLiteral`, `LineComment`,
   * `BlockComment`, or an operator or punctuation name (`LParen`, `Comma`, `Dot`, `Star`, ...).
   */
  readonly type: string;
  readonly image: string;
  readonly start: number;
  readonly end: number;
  /** True for an unterminated string, quoted name or block comment (read to the end of the text). */
  readonly unterminated?: boolean;
}

const KEYWORD_TYPES: ReadonlySet<TokenType> = new Set(T.KEYWORDS);
const CONTEXTUAL_TYPES: ReadonlySet<TokenType> = new Set(T.CONTEXTUAL_WORDS);
const PUNCTUATION: ReadonlySet<TokenType> = new Set([T.LParen, T.RParen, T.LBracket, T.RBracket, T.Comma, T.Semicolon, T.Dot, T.At, T.Colon]);

function categoryOf(type: TokenType): TokenCategory {
  if (KEYWORD_TYPES.has(type)) return 'keyword';
  if (CONTEXTUAL_TYPES.has(type)) return 'contextual';
  if (type === T.Identifier) return 'name';
  if (type === T.QuotedIdentifier) return 'quoted-name';
  if (type === T.StringLiteral) return 'string';
  if (type === T.NumberLiteral) return 'number';
  if (PUNCTUATION.has(type)) return 'punctuation';
  return 'operator';
}

/**
 * Every token of a text, comments included, in source order: what editors need to colour
 * text and to tell where the cursor stands while the text does not parse. Never throws;
 * characters the lexer rejects are left out.
 */
export function tokenize(text: string): SourceToken[] {
  return sourceTokens(scan(text, new LineIndex(text)));
}

/** Every token of a scanned text, comments included, in source order (tokenize, from a scan already made). */
export function sourceTokens(scanned: Scanned): SourceToken[] {
  const text = scanned.text;
  const out: SourceToken[] = [];
  const unclosed = new Set<number>();
  for (const d of scanned.diagnostics) if (d.code === 'syntax/unterminated' && d.span) unclosed.add(d.span.start);
  for (let i = 0; i < scanned.count; i++) {
    const start = scanned.starts[i] as number;
    const end = scanned.ends[i] as number;
    const type = TOKEN_TYPES[scanned.types[i] as number] as TokenType;
    const unterminated = unclosed.has(start);
    out.push({ category: categoryOf(type), type: type.name, image: text.slice(start, end), start, end, ...(unterminated ? { unterminated } : {}) });
  }
  for (const c of scanned.comments) {
    out.push({ category: 'comment', type: c.kind === 'line' ? 'LineComment' : 'BlockComment', image: c.text, start: c.span.start, end: c.span.end });
  }
  // An unterminated block comment is not a token the parser sees: it runs to the end of the text.
  for (const d of scanned.diagnostics) {
    if (d.code === 'syntax/unterminated' && d.span && text.startsWith('/*', d.span.start)) {
      out.push({ category: 'comment', type: 'BlockComment', image: text.slice(d.span.start), start: d.span.start, end: text.length, unterminated: true });
    }
  }
  out.sort((a, b) => a.start - b.start);
  return out;
}

/** The reserved keywords, upper case (grammar/reference.md, Lexical). */
export const KEYWORD_NAMES: readonly string[] = T.KEYWORDS.map((t) => t.name);

/** The contextual words, upper case: names except where they start their own form. */
export const CONTEXTUAL_WORD_NAMES: readonly string[] = T.CONTEXTUAL_WORDS.map((t) => t.name);
