import type { TokenType } from 'chevrotain';
import { createToken, NOT_APPLICABLE, SKIPPED } from './token-type.js';
import { CONTEXTUAL_WORDS as CONTEXTUAL_WORD_LIST, RESERVED_WORDS, WHITE_SPACE_SOURCE, matchBareName } from './words.js';

/**
 * The tokens of the dsq text dialect (grammar/reference.md, "Lexical"), made by token-type.ts
 * in the shape of Chevrotain's token types (Chevrotain itself is loaded only by the grammar
 * tool: grammar/chevrotain-tokens.ts). The parser's scanner (scanner.ts) reads the text; the
 * patterns here describe the tokens (syntax diagrams, the TextMate grammar) and a Chevrotain
 * lexer made from them is the reference test/syntax/scanner.test.ts holds the scanner to.
 *
 * Keywords are case-insensitive and reserved; each has `longer_alt` to the identifier so
 * `selection` stays a name. Contextual words (`DATE`, `COLUMN`, ...) are their own token
 * types in the `Identifier` category: the parser treats them as names everywhere except in
 * the one position that gives them meaning (`DATE '...'`, `COLUMN(`); their `ContextualWord`
 * category keeps them apart from plain names so an expression starting with a plain name is
 * told apart with one token of lookahead.
 */

/** A name: an identifier, a contextual word or a quoted identifier. */
export const Name = createToken({ name: 'Name', pattern: NOT_APPLICABLE, label: 'a name' });
/** A name that is not a contextual word: an identifier or a quoted identifier. */
export const PlainName = createToken({ name: 'PlainName', pattern: NOT_APPLICABLE, label: 'a name', categories: [Name] });
/** The contextual words (`DATE`, `COLUMN`, ...): names, except where they start their own form. */
export const ContextualWord = createToken({ name: 'ContextualWord', pattern: NOT_APPLICABLE, label: 'a name', categories: [Name] });

// Identifiers: a Unicode ID_Start character or `_`, then ID_Continue characters or `$`
// (words.ts: the one rule, also read by the printer's quoting and checked against grammar/reference.md).
export const Identifier = createToken({
  name: 'Identifier',
  pattern: { exec: matchBareName },
  line_breaks: false,
  categories: [PlainName],
});

export const QuotedIdentifier = createToken({ name: 'QuotedIdentifier', pattern: /"[^"]*(?:""[^"]*)*"/, line_breaks: true, categories: [PlainName] });
export const UnterminatedQuotedIdentifier = createToken({ name: 'UnterminatedQuotedIdentifier', pattern: /"[^"]*/, line_breaks: true });
export const StringLiteral = createToken({ name: 'StringLiteral', pattern: /'[^']*(?:''[^']*)*'/, line_breaks: true });
export const UnterminatedString = createToken({ name: 'UnterminatedString', pattern: /'[^']*/, line_breaks: true });
export const NumberLiteral = createToken({
  name: 'NumberLiteral',
  pattern: /(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?/,
});

// White space: ASCII and Unicode (no-break space, U+2028 line and U+2029 paragraph separators, ...).
export const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: new RegExp(WHITE_SPACE_SOURCE), group: SKIPPED, line_breaks: true });
export const LineComment = createToken({ name: 'LineComment', pattern: /--[^\r\n]*/, group: 'comments' });
export const BlockComment = createToken({ name: 'BlockComment', pattern: /\/\*[^*]*\*+(?:[^/*][^*]*\*+)*\//, group: 'comments', line_breaks: true });
export const UnterminatedComment = createToken({ name: 'UnterminatedComment', pattern: /\/\*[\s\S]*/, line_breaks: true });

// The patterns of keywords and contextual words describe them (syntax diagrams, the TextMate
// grammar); the lexer itself reads every word as an Identifier, and `wordType` (used by lex()
// in lexer.ts) gives a word its keyword type: one regular expression per word instead of one
// per candidate keyword and then the identifier's (`longer_alt`), with the same result.
function keyword(name: string): TokenType {
  return createToken({ name, pattern: new RegExp(name, 'i'), longer_alt: Identifier, label: name });
}
function contextual(name: string): TokenType {
  return createToken({ name, pattern: new RegExp(name, 'i'), longer_alt: Identifier, categories: [ContextualWord], label: name });
}

export const Select = keyword('SELECT');
export const Distinct = keyword('DISTINCT');
export const From = keyword('FROM');
export const Where = keyword('WHERE');
export const Group = keyword('GROUP');
export const By = keyword('BY');
export const Having = keyword('HAVING');
export const Order = keyword('ORDER');
export const Asc = keyword('ASC');
export const Desc = keyword('DESC');
export const Limit = keyword('LIMIT');
export const Offset = keyword('OFFSET');
export const As = keyword('AS');
export const Join = keyword('JOIN');
export const Inner = keyword('INNER');
export const Left = keyword('LEFT');
export const Outer = keyword('OUTER');
export const Cross = keyword('CROSS');
export const On = keyword('ON');
export const Using = keyword('USING');
export const Is = keyword('IS');
export const Null = keyword('NULL');
export const Like = keyword('LIKE');
export const Regexp = keyword('REGEXP');
export const Between = keyword('BETWEEN');
export const In = keyword('IN');
export const Exists = keyword('EXISTS');
export const Case = keyword('CASE');
export const When = keyword('WHEN');
export const Then = keyword('THEN');
export const Else = keyword('ELSE');
export const End = keyword('END');
export const Collate = keyword('COLLATE');
export const Options = keyword('OPTIONS');
export const True = keyword('TRUE');
export const False = keyword('FALSE');
export const All = keyword('ALL');
export const Not = keyword('NOT');

// Contextual words (names everywhere else). Longer names first: SYSTEM_COLUMN before ... is
// not needed (whole-word patterns with longer_alt), but DATETIME must precede DATE.
export const DatetimeWord = contextual('DATETIME');
export const TimestampWord = contextual('TIMESTAMP');
export const DateWord = contextual('DATE');
export const TimeWord = contextual('TIME');
export const ColumnWord = contextual('COLUMN');
export const AliasWord = contextual('ALIAS');
export const SystemColumnWord = contextual('SYSTEM_COLUMN');
export const DatabaseColumnWord = contextual('DATABASE_COLUMN');
export const SystemTableWord = contextual('SYSTEM_TABLE');
export const DatabaseTableWord = contextual('DATABASE_TABLE');
export const TableWord = contextual('TABLE');

// Binary operators share a category; the parser maps each to its AST operator and level.
export const BinaryOperator = createToken({ name: 'BinaryOperator', pattern: NOT_APPLICABLE });
function operator(name: string, pattern: RegExp, label: string, binary = true): TokenType {
  return createToken({ name, pattern, label, categories: binary ? [BinaryOperator] : [] });
}
// Logical operators are keywords in the operator category.
export const And = createToken({ name: 'AND', pattern: /AND/i, longer_alt: Identifier, label: 'AND', categories: [BinaryOperator] });
export const Or = createToken({ name: 'OR', pattern: /OR/i, longer_alt: Identifier, label: 'OR', categories: [BinaryOperator] });

export const DoublePipe = operator('DoublePipe', /\|\|/, "'||'", false);
export const DoubleColon = operator('DoubleColon', /::/, "'::'", false);
export const DoubleEquals = operator('DoubleEquals', /==/, "'=='", false);
export const NotEquals = operator('NotEquals', /!=|<>/, "'!='");
export const LessEquals = operator('LessEquals', /<=/, "'<='");
export const GreaterEquals = operator('GreaterEquals', />=/, "'>='");
export const ShiftLeft = operator('ShiftLeft', /<</, "'<<'");
export const ShiftRight = operator('ShiftRight', />>/, "'>>'");
export const Equals = operator('Equals', /=/, "'='");
export const Less = operator('Less', /</, "'<'");
export const Greater = operator('Greater', />/, "'>'");
export const Plus = operator('Plus', /\+/, "'+'");
export const Minus = operator('Minus', /-/, "'-'");
export const Star = operator('Star', /\*/, "'*'");
export const Slash = operator('Slash', /\//, "'/'");
export const Percent = operator('Percent', /%/, "'%'");
export const Ampersand = operator('Ampersand', /&/, "'&'");
export const Pipe = operator('Pipe', /\|/, "'|'");
export const Tilde = operator('Tilde', /~/, "'~'", false);
export const Bang = operator('Bang', /!/, "'!'", false);

export const LParen = createToken({ name: 'LParen', pattern: /\(/, label: "'('" });
export const RParen = createToken({ name: 'RParen', pattern: /\)/, label: "')'" });
export const LBracket = createToken({ name: 'LBracket', pattern: /\[/, label: "'['" });
export const RBracket = createToken({ name: 'RBracket', pattern: /]/, label: "']'" });
export const Comma = createToken({ name: 'Comma', pattern: /,/, label: "','" });
export const Semicolon = createToken({ name: 'Semicolon', pattern: /;/, label: "';'" });
export const Dot = createToken({ name: 'Dot', pattern: /\./, label: "'.'" });
export const At = createToken({ name: 'At', pattern: /@/, label: "'@'" });
export const Colon = createToken({ name: 'Colon', pattern: /:/, label: "':'" });

const WORD_TOKENS: ReadonlyMap<string, TokenType> = new Map(
  [
    Select,
    Distinct,
    From,
    Where,
    Group,
    By,
    Having,
    Order,
    Asc,
    Desc,
    Limit,
    Offset,
    As,
    Join,
    Inner,
    Left,
    Outer,
    Cross,
    On,
    Using,
    And,
    Or,
    Not,
    Is,
    Null,
    Like,
    Regexp,
    Between,
    In,
    Exists,
    Case,
    When,
    Then,
    Else,
    End,
    Collate,
    Options,
    True,
    False,
    All,
    DatetimeWord,
    TimestampWord,
    DateWord,
    TimeWord,
    ColumnWord,
    AliasWord,
    SystemColumnWord,
    DatabaseColumnWord,
    SystemTableWord,
    DatabaseTableWord,
    TableWord,
  ].map((t) => [t.name, t]),
);

/** The token of each word of a list in words.ts; a word without a token (or a token without a word) fails at load. */
function tokensOf(words: readonly string[]): TokenType[] {
  return words.map((w) => {
    const t = WORD_TOKENS.get(w);
    if (t === undefined) throw new Error(`tokens.ts: no token for the word ${w} of words.ts`);
    return t;
  });
}

/** The keyword tokens: exactly words.ts RESERVED_WORDS (the list the printer's quoting reads). */
export const KEYWORDS: readonly TokenType[] = tokensOf(RESERVED_WORDS);

/** The contextual-word tokens: exactly words.ts CONTEXTUAL_WORDS. */
export const CONTEXTUAL_WORDS: readonly TokenType[] = tokensOf(CONTEXTUAL_WORD_LIST);

if (KEYWORDS.length + CONTEXTUAL_WORDS.length !== WORD_TOKENS.size) throw new Error('tokens.ts: a word token is in no list of words.ts');

/** Keyword and contextual-word types by their upper-case spelling. */
const WORD_TYPES: ReadonlyMap<string, TokenType> = new Map([...KEYWORDS, ...CONTEXTUAL_WORDS].map((t) => [t.name, t]));
/** The same, also by the lower-case spelling (the two usual ones: no case conversion needed). */
const WORD_SPELLINGS: ReadonlyMap<string, TokenType> = new Map(
  [...WORD_TYPES].flatMap(([w, t]) => [
    [w, t],
    [w.toLowerCase(), t],
  ]),
);
const LONGEST_WORD = Math.max(...[...WORD_TYPES.keys()].map((w) => w.length));

/** The keyword or contextual-word type of a word the lexer read as an Identifier, if it is one. */
export function wordType(image: string): TokenType | undefined {
  const exact = WORD_SPELLINGS.get(image);
  if (exact !== undefined || image.length > LONGEST_WORD) return exact;
  // Only a word of ASCII letters in both cases needs converting (ı and ſ upper-case to I and S,
  // but spell no keyword); most words are in one case, where the exact lookup decided.
  let lower = false;
  let upper = false;
  for (let i = 0; i < image.length; i++) {
    const c = image.charCodeAt(i);
    if (c > 127) return undefined;
    if (c >= 97 && c <= 122) lower = true;
    else if (c >= 65 && c <= 90) upper = true;
  }
  return lower && upper ? WORD_TYPES.get(image.toUpperCase()) : undefined;
}

function wordOf(t: TokenType): string {
  return (t.PATTERN as RegExp).source;
}

/** Every token type, in lexing order (the first match wins among patterns of equal start). */
export const ALL_TOKENS: readonly TokenType[] = [
  WhiteSpace,
  LineComment,
  BlockComment,
  UnterminatedComment,
  StringLiteral,
  UnterminatedString,
  QuotedIdentifier,
  UnterminatedQuotedIdentifier,
  NumberLiteral,
  // Longer words first, so `INNER` is not read as `IN` with a longer identifier after it.
  ...[...KEYWORDS, ...CONTEXTUAL_WORDS].sort((a, b) => wordOf(b).length - wordOf(a).length),
  Identifier,
  Name,
  PlainName,
  ContextualWord,
  BinaryOperator,
  DoublePipe,
  DoubleColon,
  DoubleEquals,
  NotEquals,
  LessEquals,
  GreaterEquals,
  ShiftLeft,
  ShiftRight,
  Equals,
  Less,
  Greater,
  Plus,
  Minus,
  Star,
  Slash,
  Percent,
  Ampersand,
  Pipe,
  Tilde,
  Bang,
  LParen,
  RParen,
  LBracket,
  RBracket,
  Comma,
  Semicolon,
  Dot,
  At,
  Colon,
];

/** Whether a token type is a keyword or contextual word (the scanner reads those as words, see `wordType`). */
export function isWordType(type: TokenType): boolean {
  return WORD_TYPES.get(type.name) === type;
}
