import { createTokenInstance, type IToken } from 'chevrotain';
import type { Diagnostic, LineIndex, Span } from '../diagnostic/index.js';
import * as T from './tokens.js';

/** A comment of the source, kept beside the tree for the formatter. */
export interface Comment {
  readonly kind: 'line' | 'block';
  /** The full comment text, including `--` or the `/* *\/` delimiters. */
  readonly text: string;
  readonly span: Span;
}

export interface LexResult {
  readonly tokens: IToken[];
  readonly comments: Comment[];
  readonly diagnostics: Diagnostic[];
}

export function tokenSpan(token: IToken): Span {
  return {
    start: token.startOffset,
    end: (token.endOffset ?? token.startOffset) + 1,
    line: token.startLine ?? 1,
    column: token.startColumn ?? 1,
    endLine: token.endLine ?? token.startLine ?? 1,
    endColumn: (token.endColumn ?? 0) + 1,
  };
}

const CHARACTER_HINTS: Readonly<Record<string, string>> = {
  '`': 'quote names with double quotes: "name"',
  '?': 'dsq has no query parameters; use the builder (dsq`...` template) to put values into a query',
  $: 'dsq has no query parameters; use the builder (dsq`...` template) to put values into a query',
  '#': "comments are written -- like this or /* like this */",
  '{': 'dsq text is SQL-like; to read JSON select objects use `dsq print`',
};

/**
 * Tokens of a whole text (the one reused lexer), its comments, and lexical errors. An
 * unterminated string or quoted name is reported once and read to the end of the input, so
 * the parser does not add follow-on errors for it.
 */
export function lex(text: string, lines: LineIndex): LexResult {
  const result = T.dsqLexer.tokenize(text);
  const diagnostics: Diagnostic[] = [];
  for (const error of result.errors) {
    const ch = text.charAt(error.offset);
    const hint = CHARACTER_HINTS[ch];
    diagnostics.push({
      code: 'syntax/unexpected-character',
      severity: 'error',
      message: `unexpected character ${JSON.stringify(text.slice(error.offset, error.offset + Math.min(error.length, 20)))}`,
      span: lines.span(error.offset, error.offset + Math.max(1, error.length)),
      ...(hint ? { hint } : {}),
    });
  }
  let tokens = result.tokens;
  if (tokens.some(isUnterminated)) {
    tokens = [];
    for (const token of result.tokens) {
      if (!isUnterminated(token)) {
        tokens.push(token);
        continue;
      }
      const type = token.tokenType;
      const what = type === T.UnterminatedString ? "string: missing the closing '" : type === T.UnterminatedComment ? 'comment: missing the closing */' : 'quoted name: missing the closing "';
      diagnostics.push({ code: 'syntax/unterminated', severity: 'error', message: `unterminated ${what}`, span: tokenSpan(token) });
      if (type === T.UnterminatedComment) continue;
      const closed = type === T.UnterminatedString ? T.StringLiteral : T.QuotedIdentifier;
      const quote = type === T.UnterminatedString ? "'" : '"';
      tokens.push(
        createTokenInstance(
          closed,
          token.image + quote,
          token.startOffset,
          token.endOffset ?? token.startOffset,
          token.startLine ?? 1,
          token.endLine ?? 1,
          token.startColumn ?? 1,
          token.endColumn ?? 1,
        ),
      );
    }
  }
  const comments: Comment[] = (result.groups['comments'] ?? []).map((token) => ({
    kind: token.tokenType === T.LineComment ? 'line' : 'block',
    text: token.image,
    span: tokenSpan(token),
  }));
  return { tokens, comments, diagnostics };
}

function isUnterminated(token: IToken): boolean {
  const type = token.tokenType;
  return type === T.UnterminatedString || type === T.UnterminatedQuotedIdentifier || type === T.UnterminatedComment;
}
