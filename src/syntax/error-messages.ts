import type { IToken, TokenType } from 'chevrotain';
import { suggest } from '../diagnostic/suggest.js';
import { DATA_ACTION_WORDS, STATEMENT_WORDS } from '../ast/kinds.js';
import { EOF } from './token-type.js';
import * as T from './tokens.js';
import { isAliasReservedWord } from './words.js';

/**
 * Error messages a person can act on: what was found, what was expected in a few words, and
 * after which token. Never a dump of grammar alternatives.
 */

/** The ';' that ends a statement, as a message names it where a statement's part was expected. */
export const END_OF_STATEMENT = "the end of the statement (';')";

/** Where a statement written without ';' after a broken one starts (parse.ts splits there): its first word. */
export const nextStatement = (word: string): string => `the start of the next statement (${word})`;

/** How a token is named in a message: `the end of the input`, `name total`, `AND`, `')'`. */
export function describeToken(token: IToken): string {
  const type = token.tokenType;
  if (type === EOF && token.image === ';') return END_OF_STATEMENT;
  if (type === EOF && token.image !== undefined && token.image !== '') return nextStatement(token.image);
  if (type === EOF || token.image === undefined || token.image === '') return 'the end of the input';
  if (type === T.StringLiteral) return `string ${clip(token.image)}`;
  if (type === T.NumberLiteral) return `number ${clip(token.image)}`;
  if (type === T.QuotedIdentifier) return `name ${clip(token.image)}`;
  // A word of common SQL the dialect does not have (words.ts): named as the keyword it is.
  if (type === T.Identifier) return isAliasReservedWord(token.image) ? token.image.toUpperCase() : `name ${clip(token.image)}`;
  if (T.CONTEXTUAL_WORDS.includes(type)) return `name ${clip(token.image)}`;
  if (T.KEYWORDS.includes(type)) return token.image.toUpperCase();
  return `'${token.image}'`;
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function after(previous: IToken | undefined): string {
  if (!previous || previous.tokenType === EOF || previous.image === undefined) return '';
  return ` after ${describeToken(previous)}`;
}

/** What each rule expects, in words, when none of its forms matches. */
const RULE_EXPECTS: Readonly<Record<string, string>> = {
  statement: 'SELECT',
  select: 'an expression',
  expression: 'an expression',
  primary: 'an expression',
  infix: 'an operator',
  caseExpression: 'WHEN',
  source: 'a table or (SELECT ...)',
  sourcePrimary: 'a table or (SELECT ...)',
  joinOperator: 'JOIN',
  specifier: "a specifier (an id, 'name', WHERE expression, ALL or [...])",
  singularSpecifier: "a specifier (an id, 'name' or WHERE expression)",
  actionOption: 'an option (ROWS = n, USE_STRINGS = TRUE|FALSE, ECHO = TRUE|FALSE)',
  optionValue: 'TRUE or FALSE',
  datetimeLiteral: "a datetime literal such as DATE '2024-01-31'",
  resultColumn: 'an expression',
  orderTerm: 'an expression',
  standaloneExpression: 'an expression',
};

export function expectsOf(ruleName: string): string {
  return RULE_EXPECTS[ruleName] ?? 'a valid continuation';
}

function tokenLabel(type: TokenType): string {
  if (type === EOF) return 'the end of the input';
  if (type === T.Identifier) return 'a name';
  if (type === T.Name) return 'a name';
  if (type === T.StringLiteral) return "a string ('...')";
  if (type === T.NumberLiteral) return 'a number';
  const label = type.LABEL ?? type.name;
  return label;
}

/**
 * A syntax error's message and what it says was expected (a diagnostic's `expected`): the
 * message is `expected <expected> after <previous>, found <next>` or `unexpected <next>:
 * expected <expected>`, so the two always agree.
 */
export interface SyntaxMessage {
  readonly message: string;
  readonly expected: string;
  /** The dialect's way, when the rule that found the error knows it better than `hintFor`. */
  readonly hint?: string;
}

/** `after <previous>, found <next>`, or the message's own wording after `expected <what>`. */
export function expectedMessage(expected: string, rest: string): SyntaxMessage {
  return { message: `expected ${expected}${rest}`, expected };
}

/** A token of `expected` type was not there (Chevrotain's MismatchedTokenException). */
export function mismatchMessage(expected: TokenType, actual: IToken, previous: IToken | undefined): SyntaxMessage {
  return expectedMessage(tokenLabel(expected), `${after(previous)}, found ${describeToken(actual)}`);
}

/**
 * A call's argument is followed by neither ',' nor ')' (`CAST(x AS INT)`, `EXTRACT(YEAR FROM d)`):
 * the message, with a hint for SQL's special call forms, named by the function `fn`.
 */
export function callArgumentMessage(fn: string, actual: IToken, previous: IToken | undefined): SyntaxMessage {
  const hint = callFormHint(fn, actual);
  return { ...expectedMessage("',' or ')'", `${after(previous)}, found ${describeToken(actual)}`), ...(hint ? { hint } : {}) };
}

/** SQL's call forms with words among the arguments, which a select object's function (name, args) cannot hold. */
export function callFormHint(fn: string, found: IToken): string | undefined {
  const name = fn.toUpperCase();
  const word = upper(found);
  if (name === 'CAST' || name === 'TRY_CAST' || name === 'SAFE_CAST' || (name === 'CONVERT' && word === 'USING')) {
    return `dsq has no ${name}(x AS type): the select object has no casts; the service infers column types`;
  }
  const form = SPECIAL_CALL_FORMS[name];
  const commas = "a function's arguments are expressions separated by commas";
  if (form) return `dsq has no ${form} form: ${commas}`;
  if (T.KEYWORDS.includes(found.tokenType) || ['FOR', 'USING', 'SEPARATOR', 'FORMAT'].includes(word)) {
    return `${commas}; SQL's call forms with words among the arguments (CAST(x AS t), EXTRACT(f FROM x)) are not in dsq`;
  }
  return undefined;
}

const SPECIAL_CALL_FORMS: Readonly<Record<string, string>> = {
  EXTRACT: 'EXTRACT(field FROM x)',
  SUBSTRING: 'SUBSTRING(x FROM start FOR length)',
  SUBSTR: 'SUBSTRING(x FROM start FOR length)',
  TRIM: 'TRIM([BOTH | LEADING | TRAILING] c FROM x)',
  POSITION: 'POSITION(a IN b)',
  OVERLAY: 'OVERLAY(x PLACING y FROM start)',
  GROUP_CONCAT: 'GROUP_CONCAT(x ORDER BY ... SEPARATOR s)',
  STRING_AGG: 'STRING_AGG(x, s ORDER BY ...)',
  ARRAY_AGG: 'ARRAY_AGG(x ORDER BY ...)',
};

/** Tokens are left after a complete statement or expression (NotAllInputParsedException). */
export function notAllInputParsedMessage(firstRedundant: IToken, ruleName: string): SyntaxMessage {
  // One expression (`parseExpression`, `dsq compile --expr`) ends only at the end of the input:
  // a ';' there separates nothing.
  if (ruleName === 'standaloneExpression') {
    const semicolon = firstRedundant.tokenType === T.Semicolon;
    const expected = 'the end of the input';
    return {
      message: `unexpected ${describeToken(firstRedundant)}: expected ${expected} after the expression${semicolon ? " (the input is one expression; ';' separates statements, not expressions)" : ''}`,
      expected,
    };
  }
  const expected = STATEMENT_END_EXPECTED;
  return { message: `unexpected ${describeToken(firstRedundant)}: expected ${expected}`, expected };
}

/** None of a rule's forms starts with the next token(s) (NoViableAltException). */
export function noViableAltMessage(actual: readonly IToken[], previous: IToken | undefined, ruleName: string): SyntaxMessage {
  return expectedMessage(expectsOf(ruleName), `${after(previous)}, found ${foundTokens(actual)}`);
}

/** A required repetition has no first element (EarlyExitException). */
export function earlyExitMessage(actual: readonly IToken[], previous: IToken | undefined, ruleName: string): SyntaxMessage {
  const found = actual[0];
  return expectedMessage(expectsOf(ruleName), `${after(previous)}, found ${found ? describeToken(found) : 'the end of the input'}`);
}

/** The lookahead that matched no form: `'('`, or `'(' then the end of the input`. */
function foundTokens(actual: readonly IToken[]): string {
  const shown: string[] = [];
  for (const token of actual) {
    shown.push(describeToken(token));
    if (token.tokenType === EOF || token.image === undefined || token.image === '') break;
  }
  if (shown.length === 0) return 'the end of the input';
  // Chevrotain gives the whole lookahead. After an opening token the problem is the next one
  // (`(` then the end of the input); otherwise it is the first.
  const first = actual[0] as IToken;
  const opens = [T.LParen, T.LBracket, T.Minus, T.Tilde, T.Not].includes(first.tokenType);
  return opens ? shown.slice(0, 2).join(' then ') : (shown[0] as string);
}

const upper = (t: IToken | undefined) => (t && typeof t.image === 'string' ? t.image.toUpperCase() : '');

/**
 * A hint naming the dialect's way for an SQL habit it does not have, judged from the
 * offending token and the two before it.
 */
export function hintFor(
  token: IToken,
  previous: IToken | undefined,
  next: IToken | undefined,
  /** The token before `previous`. */
  before?: IToken,
  /** What the error says was expected. */
  expected?: string,
  /** The first token of the statement. */
  first?: IToken,
): string | undefined {
  const word = upper(token);
  const prev = upper(previous);
  // A set operation after a query (`... FROM shop.orders UNION SELECT ...`, `UNION ALL`): its own
  // hint, before any guess from the tokens around it (`orders ... did you mean ORDER?`).
  if (SET_OPERATIONS.includes(word)) return setOperationHint(word);
  const own = sqlFormHint(token, previous, next, before, expected, first);
  if (own) return own;
  if (T.KEYWORDS.includes(token.tokenType) && next?.tokenType === T.LParen && token.tokenType !== T.Exists && token.tokenType !== T.In) {
    return `${word} is a keyword; a function of that name is written quoted: "${word}"(...)`;
  }
  const namePosition = previous !== undefined && [T.Dot, T.At, T.Colon, T.As].includes(previous.tokenType);
  if (T.KEYWORDS.includes(token.tokenType) && namePosition) {
    return `${word} is a keyword; a name spelled like it is written quoted: "${token.image}"`;
  }
  if (token.tokenType === T.Comma && previous?.tokenType === T.Star) {
    return "'*' stands for all columns and takes no others: list the columns instead";
  }
  if (token.tokenType === T.DoublePipe) {
    return "dsq has no '||' string concatenation ('|' is bitwise OR); call a function for it, or build the text outside the query";
  }
  if (token.tokenType === T.DoubleColon) return "dsq has no '::' casts; the service infers column types";
  if (token.tokenType === T.DoubleEquals) return "use '=' for equality";
  if (token.tokenType === T.Bang) return "use NOT for negation and '!=' (or '<>') for inequality";
  if (word === 'ILIKE' || prev === 'ILIKE') return 'dsq has no ILIKE; use LIKE (case follows the collation: e COLLATE name) or REGEXP';
  if (token.tokenType === T.Identifier && (word === 'SEMI' || word === 'ANTI') && previous?.tokenType === T.Left) {
    return `dsq has no ${word.toLowerCase()} joins: write WHERE ${word === 'ANTI' ? 'NOT ' : ''}EXISTS (SELECT ...) instead`;
  }
  if (token.tokenType === T.Identifier && word === 'APPLY' && previous?.tokenType === T.Cross) {
    return 'dsq has no CROSS APPLY: join a subquery source (a source cannot refer to the sources before it)';
  }
  if (SET_OPERATIONS.includes(prev)) return setOperationHint(prev);
  if (word === 'WITH' && (!previous || previous.tokenType === T.Semicolon)) {
    return 'dsq has no WITH (common table expressions); use a subquery in FROM: FROM (SELECT ...)';
  }
  if (token.tokenType === T.Star && previous?.tokenType === T.Dot) {
    return 'a select object has no table.* columns: write SELECT * for all columns, or list the columns';
  }
  if (prev === 'TOP' || word === 'TOP') return 'dsq has no TOP n; write LIMIT n after the other clauses';
  if (word === 'NULLS' && previous !== undefined) {
    return 'dsq has no NULLS FIRST / NULLS LAST; order by an extra expression such as x IS NULL';
  }
  if (word === 'FETCH' || (word === 'FIRST' && prev === 'FETCH')) return 'write LIMIT n instead of FETCH FIRST n ROWS';
  if (token.tokenType === T.QuotedIdentifier) {
    return `double quotes make a name; a text literal uses single quotes: '${token.image.slice(1, -1).replace(/'/g, "''")}'`;
  }
  if (token.tokenType === T.On || token.tokenType === T.Using) {
    return 'a join in the select object carries no condition: write the condition in WHERE';
  }
  if (word === '`' || token.image?.startsWith('`')) return 'quote names with double quotes: "name"';
  if (token.tokenType === T.Identifier && isAliasReservedWord(token.image)) {
    const alias = `for an alias of that name quote it: "${token.image.replace(/"/g, '""')}"`;
    const own = SQL_WORD_HINTS[word];
    return own ? `${own} (${alias})` : `${word} is an SQL keyword and is never read as a bare alias; ${alias}`;
  }
  return undefined;
}

/** SQL's set operations, which a select object (one query) cannot hold. */
const SET_OPERATIONS: readonly string[] = ['UNION', 'INTERSECT', 'EXCEPT', 'MINUS'];

function setOperationHint(word: string): string {
  return `dsq has no ${word}: a select object is one query; write separate statements separated by ';'`;
}

const COMPARISONS: readonly TokenType[] = [T.Equals, T.NotEquals, T.Less, T.LessEquals, T.Greater, T.GreaterEquals];
/** The words that start a write (the statement words but SELECT and FETCH). */
const WRITE_WORDS = DATA_ACTION_WORDS.filter((w) => w !== 'FETCH');
const IS_NAME_TYPE = (type: TokenType) => type === T.Identifier || type === T.QuotedIdentifier || T.CONTEXTUAL_WORDS.includes(type);
const CLAUSES = ['FROM', 'WHERE', 'GROUP', 'HAVING', 'ORDER', 'LIMIT', 'OFFSET'];
const STATEMENT_END_EXPECTED = "the end of the statement (';' or the end of the input)";

/** Whether token `b` starts right where token `a` ends (no space or comment between). */
function touching(a: IToken | undefined, b: IToken | undefined): boolean {
  return a !== undefined && b !== undefined && typeof a.image === 'string' && a.startOffset + a.image.length === b.startOffset;
}

/** Hints for SQL forms that the token and its neighbours give away (quantified comparisons, IS DISTINCT FROM, ...). */
function sqlFormHint(
  token: IToken,
  previous: IToken | undefined,
  next: IToken | undefined,
  before: IToken | undefined,
  expected: string | undefined,
  first: IToken | undefined,
): string | undefined {
  const type = token.tokenType;
  const word = upper(token);
  const prev = upper(previous);
  const quantified =
    'dsq has no quantified comparisons (> ALL, = ANY, SOME): compare with a scalar subquery such as (SELECT MAX(y) FROM u), or use IN (SELECT ...) or EXISTS';
  if (type === T.All && next?.tokenType === T.LParen && previous !== undefined && COMPARISONS.includes(previous.tokenType)) return quantified;
  if (type === T.Select && previous?.tokenType === T.LParen && ['ANY', 'SOME'].includes(upper(before))) return quantified;
  if (type === T.All && previous?.tokenType === T.Select) return 'SELECT ALL is what SELECT does: leave ALL out';
  if (type === T.All && previous?.tokenType === T.Limit) return 'LIMIT ALL is no limit: leave LIMIT out';
  if (type === T.All && previous?.tokenType === T.LParen) return 'ALL is what an aggregate does without DISTINCT: leave it out';
  if (type === T.On && previous?.tokenType === T.Distinct) return 'dsq has no DISTINCT ON (...): SELECT DISTINCT applies to all result columns';
  if (type === T.Distinct && (previous?.tokenType === T.Is || (previous?.tokenType === T.Not && before?.tokenType === T.Is))) {
    return 'dsq has no IS [NOT] DISTINCT FROM: compare with = or != and test NULLs with IS NULL';
  }
  if (type === T.Greater && previous?.tokenType === T.LessEquals && touching(previous, token)) {
    return 'dsq has no <=> (NULL-safe equality): compare with = and test NULLs with IS NULL';
  }
  if (type === T.StringLiteral && prev === 'INTERVAL') return "dsq has no INTERVAL values: the spec's expressions have no datetime arithmetic";
  if (type === T.StringLiteral && previous?.tokenType === T.Identifier && ['X', 'N', 'E', 'B', 'U'].includes(prev) && touching(previous, token)) {
    return `dsq has no ${prev}'...' strings: a string is '...' (any Unicode text, '' for a quote; no backslash escapes)`;
  }
  if ((word === 'ROWS' || word === 'ROW') && previous?.tokenType === T.NumberLiteral) return `dsq has no ${word} after OFFSET or LIMIT: write OFFSET n`;
  if (type === T.Plus && expected !== undefined && expected.startsWith('an expression')) return "dsq has no unary '+': leave it out";
  if (previous?.tokenType === T.StringLiteral && previous.image.endsWith("\\'") && touching(previous, token)) {
    return "dsq strings have no backslash escapes: '...\\' ended the string; a quote inside a string is written twice ('O''Brien')";
  }
  const atEnd = type === EOF || token.image === undefined || token.image === '';
  if (previous?.tokenType === T.Comma && expected?.startsWith('an expression') && (CLAUSES.includes(word) || type === T.RParen || atEnd)) {
    return "remove the ',' after the last item: a list takes none after it";
  }
  if (type === T.Identifier && (expected === STATEMENT_END_EXPECTED || expected === 'SELECT')) {
    const [close] = suggest(token.image, expected === 'SELECT' ? STATEMENT_WORDS : [...CLAUSES, 'OPTIONS', 'JOIN', 'LEFT', 'INNER', 'CROSS'], 1);
    if (close) return `did you mean ${close}?`;
  }
  const pathSegment = before !== undefined && [T.Dot, T.At, T.Colon].includes(before.tokenType);
  if (expected === STATEMENT_END_EXPECTED && previous?.tokenType === T.Identifier && !pathSegment && first?.tokenType === T.Select) {
    // SELECT a FORM t: FORM was taken for an alias of a (not `shop.orders`: a path's segment is no alias).
    const [close] = suggest(previous.image, CLAUSES, 1);
    if (close) return `${previous.image} was read as an alias: did you mean ${close}?`;
  }
  if (type === T.StringLiteral && previous?.tokenType === T.StringLiteral && !touching(previous, token)) {
    return "adjacent strings are not joined into one: write one string ('ab')";
  }
  if (type === T.At && expected?.startsWith('an expression'))
    return 'a parameter is written with its name: :id (given its value when the statement is compiled)';
  if (type === T.From && previous?.tokenType === T.Select) return 'write the result columns (or *) between SELECT and FROM';
  const action = upper(first);
  if (
    WRITE_WORDS.includes(action) &&
    (type === T.As || type === T.Identifier) &&
    previous !== undefined &&
    IS_NAME_TYPE(previous.tokenType) &&
    ['UPDATE', 'FROM', 'INTO'].includes(upper(before))
  ) {
    return `the database of ${action} takes no alias: name its fields without a table (WHERE a = 1)`;
  }
  if (action === 'UPDATE' && type === T.Dot && expected === "'='") return 'SET names fields of the database, without a table: SET a = 1';
  if (CLAUSES.includes(word) && expected === STATEMENT_END_EXPECTED && first?.tokenType === T.Select) {
    return 'a SELECT takes its clauses once each, in this order: FROM, WHERE, GROUP BY, HAVING, ORDER BY, LIMIT, OFFSET';
  }
  if (type === T.Star && next?.tokenType === T.Slash && touching(token, next)) {
    return 'block comments do not nest: the comment ended at the first */, so this */ closes nothing';
  }
  return undefined;
}

/** What to write instead of a word of common SQL the dialect does not have (words.ts ALIAS_RESERVED_WORDS). */
const SQL_WORD_HINTS: Readonly<Record<string, string>> = {
  OVER: 'dsq has no window functions: the select object cannot express OVER (...)',
  WINDOW: 'dsq has no window functions: the select object cannot express WINDOW',
  QUALIFY: 'dsq has no QUALIFY: filter with WHERE or HAVING',
  FILTER: 'dsq has no aggregate FILTER: aggregate a CASE WHEN ... THEN x END instead',
  WITHIN: 'dsq has no WITHIN GROUP (ordered-set aggregates)',
  FOR: 'dsq has no locking clauses (FOR UPDATE, FOR SHARE): a select object only reads',
  INTO: 'a select object has no INTO: it only reads',
  RETURNING: 'RETURNING belongs to write statements; a select object only reads',
  TABLESAMPLE: 'dsq has no TABLESAMPLE',
  PIVOT: 'dsq has no PIVOT: aggregate CASE WHEN ... expressions instead',
  UNPIVOT: 'dsq has no UNPIVOT',
  WITH: 'dsq has no table hints or WITH clauses',
  ESCAPE: "dsq's LIKE has no ESCAPE clause; REGEXP can match any character literally",
  ILIKE: 'dsq has no ILIKE; use LIKE (case follows the collation: e COLLATE name) or REGEXP',
  RLIKE: 'write REGEXP',
  SIMILAR: 'dsq has no SIMILAR TO; write REGEXP',
  GLOB: 'dsq has no GLOB; write LIKE or REGEXP',
  DIV: "dsq has no DIV; write '/' (and FLOOR(...) for whole division)",
  MOD: "write '%' for the remainder",
  XOR: 'dsq has no XOR; write (a OR b) AND NOT (a AND b)',
};
