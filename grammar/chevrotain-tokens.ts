import { createToken, createTokenInstance, Lexer, type IToken, type TokenType } from 'chevrotain';
import { LineIndex } from '../src/diagnostic/index.js';
import { characterDiagnostic, numberRunOnDiagnostic, unterminatedDiagnostic } from '../src/syntax/lexer.js';
import { NOT_APPLICABLE, SKIPPED } from '../src/syntax/token-type.js';
import * as S from '../src/syntax/tokens.js';
import { lex, type LexResult } from '../src/syntax/tokenize.js';
import { bareNameStartHints } from '../src/syntax/words.js';

/**
 * The tokens of src/syntax/tokens.ts as Chevrotain token types, for the grammar tool only: the
 * Chevrotain grammar (grammar-rules.ts, action-grammar.ts) and a Chevrotain lexer made from the
 * token patterns. dsq itself never loads Chevrotain (src/syntax/token-type.ts makes its token
 * types in the same shape); each type here is a twin of one there, with the same name, label,
 * pattern, categories, longer_alt and group, numbered by Chevrotain.
 */

const twins = new Map<TokenType, TokenType>();
/** dsq's token type of each twin, by the twin's Chevrotain index. */
const originals: TokenType[] = [];

function twinOf(type: TokenType): TokenType {
  const known = twins.get(type);
  if (known !== undefined) return known;
  const pattern = type.PATTERN === NOT_APPLICABLE ? Lexer.NA : type.PATTERN;
  const twin = createToken({
    name: type.name,
    pattern,
    categories: ((type.CATEGORIES ?? []) as TokenType[]).map(twinOf),
    ...(type.LABEL !== undefined ? { label: type.LABEL } : {}),
    ...(type.LONGER_ALT !== undefined ? { longer_alt: twinOf(type.LONGER_ALT as TokenType) } : {}),
    ...(type.GROUP !== undefined ? { group: type.GROUP === SKIPPED ? Lexer.SKIPPED : type.GROUP } : {}),
    ...(type.LINE_BREAKS !== undefined ? { line_breaks: type.LINE_BREAKS } : {}),
    // A custom matcher (the bare name's, words.ts) tells Chevrotain's optimiser where it can start.
    ...(typeof pattern === 'object' && !(pattern instanceof RegExp) ? { start_chars_hint: bareNameStartHints() } : {}),
  });
  twins.set(type, twin);
  originals[twin.tokenTypeIdx as number] = type;
  return twin;
}

type Twins<M> = {
  // (A function has a `name` too, so it would pass for a TokenType: left out first.)
  readonly [K in keyof M as M[K] extends (...args: never[]) => unknown
    ? never
    : M[K] extends TokenType | readonly TokenType[]
      ? K
      : never]: M[K] extends readonly TokenType[] ? readonly TokenType[] : TokenType;
};

const isTokenType = (value: unknown): value is TokenType => typeof value === 'object' && value !== null && 'tokenTypeIdx' in value;

/** The twin of every token type (and list of token types) tokens.ts exports, by the same name. */
export const T = Object.fromEntries(
  Object.entries(S).flatMap(([name, value]): [string, TokenType | TokenType[]][] => {
    if (isTokenType(value)) return [[name, twinOf(value)]];
    if (Array.isArray(value) && value.every(isTokenType)) return [[name, value.map(twinOf)]];
    return [];
  }),
) as unknown as Twins<typeof S>;

/** dsq's token type index of a token of the twins (the precedence tables of src/syntax are by it). */
export function dsqIndex(token: IToken): number {
  return originals[token.tokenTypeIdx]?.tokenTypeIdx ?? -1;
}

/** The tokens of a text as the grammar reads them: the parser's scanner's (tokenize.ts `lex`), typed by their twins. */
export function grammarTokens(text: string): IToken[] {
  return lex(text, new LineIndex(text)).tokens.map((t) => createTokenInstance(twinOf(t.tokenType), t.image, t.startOffset, NaN, NaN, NaN, NaN, NaN));
}

const UNTERMINATED = new Set([T.UnterminatedString, T.UnterminatedQuotedIdentifier, T.UnterminatedComment]);

let patternLexer: Lexer | undefined;

/**
 * The tokens of a text read by a Chevrotain lexer made from the token patterns of tokens.ts
 * (words read as identifiers, then typed by tokens.ts `wordType`), with dsq's token types,
 * comments and errors: the reference test/syntax/scanner.test.ts holds the parser's scanner to.
 */
export function lexByPatterns(text: string): LexResult {
  const lines = new LineIndex(text);
  patternLexer ??= new Lexer(
    T.ALL_TOKENS.filter((t) => !S.isWordType(originals[t.tokenTypeIdx as number] as TokenType)),
    { ensureOptimizations: true, positionTracking: 'onlyOffset' },
  );
  const result = patternLexer.tokenize(text);
  const diagnostics = result.errors.map((e) => characterDiagnostic(text, e.offset, e.length, lines));
  const tokens: IToken[] = [];
  for (const token of result.tokens) {
    const end = token.startOffset + token.image.length;
    if (token.tokenType === T.NumberLiteral) {
      const runOn = numberRunOnDiagnostic(text, token.startOffset, end, lines);
      if (runOn) diagnostics.push(runOn);
    }
    if (UNTERMINATED.has(token.tokenType)) {
      const type = token.tokenType;
      const what =
        type === T.UnterminatedString
          ? "string: missing the closing '"
          : type === T.UnterminatedComment
            ? 'comment: missing the closing */'
            : 'quoted name: missing the closing "';
      diagnostics.push(unterminatedDiagnostic(what, lines.span(token.startOffset, end)));
      if (type === T.UnterminatedComment) continue;
      // Read on as a string or name to the end of the input.
      tokens.push(
        createTokenInstance(type === T.UnterminatedString ? S.StringLiteral : S.QuotedIdentifier, token.image, token.startOffset, NaN, NaN, NaN, NaN, NaN),
      );
      continue;
    }
    const original = originals[token.tokenTypeIdx] as TokenType;
    const type = original === S.Identifier ? (S.wordType(token.image) ?? original) : original;
    tokens.push(createTokenInstance(type, token.image, token.startOffset, NaN, NaN, NaN, NaN, NaN));
  }
  diagnostics.sort((a, b) => (a.span?.start ?? 0) - (b.span?.start ?? 0));
  const comments = (result.groups['comments'] ?? []).map((token) => ({
    kind: token.tokenType === T.LineComment ? ('line' as const) : ('block' as const),
    text: token.image,
    span: lines.span(token.startOffset, token.startOffset + token.image.length),
  }));
  return { tokens, comments, diagnostics };
}
