import type { IToken, TokenType } from 'chevrotain';

/**
 * Token types without Chevrotain: objects of the shape Chevrotain's `createToken` makes (name,
 * PATTERN, LABEL, CATEGORIES, LONGER_ALT, GROUP, LINE_BREAKS, tokenTypeIdx, categoryMatchesMap,
 * isParent), numbered here. The parser, its scanner and its messages read them; Chevrotain is
 * loaded only by the grammar tool (grammar/chevrotain-tokens.ts makes a Chevrotain twin of
 * each, for the syntax diagrams and the tests that hold the scanner to the token patterns), so
 * `dsq compile` and every `import 'dsq'` start without it.
 */

/** The pattern of a category (a token type no text matches by itself): Chevrotain's `Lexer.NA`. */
export const NOT_APPLICABLE = /NOT_APPLICABLE/;

/** The group of tokens read and dropped (white space): Chevrotain's `Lexer.SKIPPED`. */
export const SKIPPED = 'skipped';

export interface TokenConfig {
  readonly name: string;
  /** A regular expression, a custom matcher (`{ exec }`), or NOT_APPLICABLE for a category. */
  readonly pattern: TokenType['PATTERN'];
  readonly label?: string;
  readonly categories?: readonly TokenType[];
  readonly longer_alt?: TokenType;
  /** SKIPPED, or the name of the group the token is kept in apart from the others ('comments'). */
  readonly group?: string;
  readonly line_breaks?: boolean;
}

/** The index the next token type gets (1 is EOF's, as in Chevrotain). */
let nextIndex = 1;

/** A token type (Chevrotain's `createToken`, made without it): its index, and its place in its categories. */
export function createToken(config: TokenConfig): TokenType {
  const type: TokenType = {
    name: config.name,
    PATTERN: config.pattern,
    CATEGORIES: [...(config.categories ?? [])],
    tokenTypeIdx: nextIndex++,
    categoryMatches: [],
    categoryMatchesMap: {},
    isParent: false,
    ...(config.label !== undefined ? { LABEL: config.label } : {}),
    ...(config.group !== undefined ? { GROUP: config.group } : {}),
    ...(config.longer_alt !== undefined ? { LONGER_ALT: config.longer_alt } : {}),
    ...(config.line_breaks !== undefined ? { LINE_BREAKS: config.line_breaks } : {}),
  };
  // A member of a category is a member of that category's categories too.
  const seen = new Set<TokenType>();
  const pending = [...(type.CATEGORIES as TokenType[])];
  while (pending.length > 0) {
    const category = pending.pop() as TokenType;
    if (seen.has(category)) continue;
    seen.add(category);
    (category.categoryMatchesMap as Record<number, boolean>)[type.tokenTypeIdx as number] = true;
    (category.categoryMatches as number[]).push(type.tokenTypeIdx as number);
    category.isParent = true;
    pending.push(...((category.CATEGORIES ?? []) as TokenType[]));
  }
  return type;
}

/** The end of the input (Chevrotain's `EOF`). */
export const EOF = createToken({ name: 'EOF', pattern: NOT_APPLICABLE });

/** A token of `type` at `startOffset` (Chevrotain's `createTokenInstance`; lines and columns are not tracked). */
export function tokenInstance(type: TokenType, image: string, startOffset: number): IToken {
  return {
    image,
    startOffset,
    endOffset: NaN,
    startLine: NaN,
    endLine: NaN,
    startColumn: NaN,
    endColumn: NaN,
    tokenTypeIdx: type.tokenTypeIdx as number,
    tokenType: type,
  };
}

/** Whether a token is of `type`, or of a type in the category `type` (Chevrotain's `tokenMatcher`). */
export function tokenMatches(token: IToken, type: TokenType): boolean {
  return token.tokenTypeIdx === type.tokenTypeIdx || (type.isParent === true && type.categoryMatchesMap?.[token.tokenTypeIdx] === true);
}
