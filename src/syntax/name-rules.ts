import type { Expr, Specifier } from '../ast/index.js';
import {
  AliasNode,
  ColumnNode,
  DatabaseColumnNode,
  DatetimeNode,
  SpecAllNode,
  SpecArrayNode,
  SpecIdNode,
  SpecNameNode,
  SpecWhereNode,
  SystemColumnNode,
} from '../ast/objects.js';
import { stringValue } from './literals.js';
import * as T from './tokens.js';
import { isSqlValueWord } from './words.js';
import {
  ALIAS_WORD,
  COLUMN_WORD,
  DATABASE_COLUMN_WORD,
  DATETIME,
  DATETIME_WORDS,
  LPAREN,
  MINUS,
  NUMBER,
  QUOTED,
  SEPARATORS,
  SPECIFIER_START,
  STRING,
  SYSTEM_COLUMN_WORD,
} from './expression-tables.js';
import { call, idx, IS_NAME, MISSING, type ParserState, type Rule } from './parser-state.js';
import { RULES } from './rule-table.js';
import { datetime, nameOf, nameRef, wholeNumberText } from './node-helpers.js';

const IDENTIFIER = idx(T.Identifier);

/**
 * The parser's rules for names (src/syntax): the forms a contextual word starts (`DATE '...'`,
 * `COLUMN(...)`, `ALIAS(...)`, `SYSTEM_COLUMN(...)`, `DATABASE_COLUMN(...)`), column paths, and
 * database and field specifiers. The expression rules (expression-frames.ts, expression-rules.ts) come after; a
 * specifier's `WHERE e` reads its expression through them.
 */

/**
 * The form a contextual word starts, told by the tokens after it (`DATE '...'`,
 * `COLUMN(...)`, ...): the node, 'database_column' (a sub-rule), or null when the word is a
 * plain name here (a column or a call).
 */
export function contextualForm(p: ParserState, start: number): Expr | 'database_column' | null {
  const type = p.t1();
  const second = p.tk(2);
  const third = p.tk(3);
  const kind = DATETIME_WORDS[type];
  if (kind !== undefined) {
    if (type === DATETIME && second === LPAREN && (third === MINUS || third === NUMBER)) {
      p.pos += 2;
      const negative = p.optional(T.Minus) !== MISSING;
      const n = p.expect(T.NumberLiteral);
      p.expect(T.RParen);
      return p.mark(new DatetimeNode('ms', wholeNumberText(p, n, negative, 'DATETIME(milliseconds)')), start);
    }
    if (second === STRING || second === QUOTED) {
      p.pos += 2;
      return datetime(p, kind, p.pos - 1, start);
    }
    return null;
  }
  if (second !== LPAREN) return null;
  const thirdIsName = IS_NAME[third] === true;
  switch (type) {
    case COLUMN_WORD: {
      if (!(thirdIsName || third === STRING)) return null;
      p.pos += 2;
      let path: string;
      if (p.at(T.StringLiteral)) {
        const s = p.next();
        path = stringValue(p.image(s));
        if (path === '') p.report('syntax/empty-path', "a column path cannot be empty ('')", s);
      } else {
        path = pathText(p, p.next());
      }
      p.expect(T.RParen);
      return p.mark(new ColumnNode(path), start);
    }
    case ALIAS_WORD: {
      if (!thirdIsName) return null;
      p.pos += 2;
      const name = p.next();
      p.expect(T.RParen);
      return p.mark(new AliasNode(nameOf(p, name)), start);
    }
    case SYSTEM_COLUMN_WORD: {
      if (!thirdIsName) return null;
      p.pos += 2;
      const table = p.next();
      p.expect(T.Comma);
      const column = p.expect(T.Name);
      p.expect(T.RParen);
      return p.mark(new SystemColumnNode(nameOf(p, table), nameOf(p, column)), start);
    }
    case DATABASE_COLUMN_WORD:
      return SPECIFIER_START[third] === true ? 'database_column' : null;
    default:
      return null;
  }
}

/** `DATABASE_COLUMN ( specifier , name , specifier )` (the caller saw its first three tokens). */
export function* databaseColumn(p: ParserState, start: number): Rule<Expr> {
  p.pos++;
  p.enter(p.next());
  const database = yield* call(specifier(p));
  p.expect(T.Comma);
  const table = p.expect(T.Name);
  p.expect(T.Comma);
  const column = yield* call(specifier(p));
  p.expect(T.RParen);
  p.leave();
  return p.mark(new DatabaseColumnNode(database, nameOf(p, table), column), start);
}

// -------------------------------------------------------------------------------------
// Paths

/** A column (or alias) reference whose path starts with the name `first` (read). */
export function columnFrom(p: ParserState, first: number): Expr {
  if (SEPARATORS[p.t1()] === undefined) {
    const name = nameOf(p, first);
    if (p.types[first] === IDENTIFIER && isSqlValueWord(name)) {
      const word = name.toUpperCase();
      p.report(
        'syntax/sql-value-word',
        `${word} is not in the spec's expressions: a select object has no current date or time`,
        first,
        first,
        `give the value as a parameter (:today) or a literal (DATE '2024-01-31'); a column of that name is written quoted: "${name}"`,
      );
    }
    return nameRef(p, name, true, first);
  }
  return nameRef(p, pathText(p, first), false, first);
}

/** The text of a path whose first name is `first` (read): `{ (.|@|:) name }` joined as written. */
export function pathText(p: ParserState, first: number): string {
  let text = nameOf(p, first);
  for (;;) {
    const separator = SEPARATORS[p.t1()];
    if (separator === undefined) return text;
    p.pos++;
    text += separator + nameOf(p, p.expect(T.Name));
  }
}

// -------------------------------------------------------------------------------------
// Specifiers

/** A database or field specifier: an id, a 'name', WHERE e, ALL, or [ ... ] of the first three. */
export function* specifier(p: ParserState): Rule<Specifier> {
  const start = p.pos;
  if (p.at(T.All)) {
    p.pos++;
    return p.mark(new SpecAllNode(), start);
  }
  if (p.at(T.LBracket)) {
    p.pos++;
    const items: Extract<Specifier, { kind: 'spec_id' | 'spec_name' | 'spec_where' }>[] = [];
    if (SPECIFIER_START[p.t1()] === true && !p.at(T.All) && !p.at(T.LBracket)) {
      do items.push(yield* singularSpecifier(p, 'singularSpecifier'));
      while (p.optional(T.Comma) !== MISSING);
    }
    p.expect(T.RBracket);
    return p.mark(new SpecArrayNode(items), start);
  }
  return yield* singularSpecifier(p, 'specifier');
}

/** An id, a 'name' or WHERE e; `ruleName` names what was expected when it is none of these. */
function* singularSpecifier(
  p: ParserState,
  ruleName: string,
): Generator<Rule<unknown>, Extract<Specifier, { kind: 'spec_id' | 'spec_name' | 'spec_where' }>, unknown> {
  const start = p.pos;
  if (p.at(T.NumberLiteral) || p.at(T.Minus)) {
    const negative = p.optional(T.Minus) !== MISSING;
    const n = p.expect(T.NumberLiteral);
    return p.mark(new SpecIdNode(wholeNumberText(p, n, negative, 'an id')), start);
  }
  if (p.at(T.StringLiteral)) {
    const s = p.next();
    const name = stringValue(p.image(s));
    if (name === '') p.report('syntax/empty-name', "a name specifier cannot be empty ('')", s);
    return p.mark(new SpecNameNode(name), start);
  }
  if (p.at(T.Where)) {
    p.pos++;
    const where = yield* call(RULES.expression(p, 0));
    return p.mark(new SpecWhereNode(where), start);
  }
  p.noViableAlt(ruleName);
  return p.placeholder(new SpecIdNode('0'));
}
