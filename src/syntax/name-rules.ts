import type { Expr, Specifier } from '../ast/index.js';
import { AliasNode, ColumnNode, DatabaseColumnNode, DatetimeNode, SpecAllNode, SpecArrayNode, SpecIdNode, SpecNameNode, SpecWhereNode, SystemColumnNode } from '../ast/objects.js';
import { stringValue } from './literals.js';
import { NodeHelpers } from './node-helpers.js';
import { idx, IS_NAME, MISSING, type Rule } from './parser-base.js';
import * as T from './tokens.js';
import { isSqlValueWord } from './words.js';
import { ALIAS_WORD, COLUMN_WORD, DATABASE_COLUMN_WORD, DATETIME, DATETIME_WORDS, LPAREN, MINUS, NUMBER, QUOTED, SEPARATORS, SPECIFIER_START, STRING, SYSTEM_COLUMN_WORD } from './expression-tables.js';

const IDENTIFIER = idx(T.Identifier);

/**
 * The parser's rules for names (src/syntax): the forms a contextual word starts (`DATE '...'`,
 * `COLUMN(...)`, `ALIAS(...)`, `SYSTEM_COLUMN(...)`, `DATABASE_COLUMN(...)`), column paths, and
 * database and field specifiers. The expression rules (expression-frames.ts, expression-rules.ts) extend it; a
 * specifier's `WHERE e` reads its expression through them.
 */
export abstract class NameRules extends NodeHelpers {
  /** An expression whose operators bind at least `minPrec` (expression-rules.ts). */
  abstract expression(minPrec: number): Rule<Expr>;

  /**
   * The form a contextual word starts, told by the tokens after it (`DATE '...'`,
   * `COLUMN(...)`, ...): the node, 'database_column' (a sub-rule), or null when the word is a
   * plain name here (a column or a call).
   */
  protected contextualForm(start: number): Expr | 'database_column' | null {
    const type = this.t1();
    const second = this.tk(2);
    const third = this.tk(3);
    const kind = DATETIME_WORDS[type];
    if (kind !== undefined) {
      if (type === DATETIME && second === LPAREN && (third === MINUS || third === NUMBER)) {
        this.pos += 2;
        const negative = this.optional(T.Minus) !== MISSING;
        const n = this.expect(T.NumberLiteral);
        this.expect(T.RParen);
        return this.mark(new DatetimeNode('ms', this.wholeNumberText(n, negative, 'DATETIME(milliseconds)')), start);
      }
      if (second === STRING || second === QUOTED) {
        this.pos += 2;
        return this.datetime(kind, this.pos - 1, start);
      }
      return null;
    }
    if (second !== LPAREN) return null;
    const thirdIsName = IS_NAME[third] === true;
    switch (type) {
      case COLUMN_WORD: {
        if (!(thirdIsName || third === STRING)) return null;
        this.pos += 2;
        let path: string;
        if (this.at(T.StringLiteral)) {
          const s = this.next();
          path = stringValue(this.image(s));
          if (path === '') this.report('syntax/empty-path', "a column path cannot be empty ('')", s);
        } else {
          path = this.pathText(this.next());
        }
        this.expect(T.RParen);
        return this.mark(new ColumnNode(path), start);
      }
      case ALIAS_WORD: {
        if (!thirdIsName) return null;
        this.pos += 2;
        const name = this.next();
        this.expect(T.RParen);
        return this.mark(new AliasNode(this.nameOf(name)), start);
      }
      case SYSTEM_COLUMN_WORD: {
        if (!thirdIsName) return null;
        this.pos += 2;
        const table = this.next();
        this.expect(T.Comma);
        const column = this.expect(T.Name);
        this.expect(T.RParen);
        return this.mark(new SystemColumnNode(this.nameOf(table), this.nameOf(column)), start);
      }
      case DATABASE_COLUMN_WORD:
        return SPECIFIER_START[third] === true ? 'database_column' : null;
      default:
        return null;
    }
  }

  /** `DATABASE_COLUMN ( specifier , name , specifier )` (the caller saw its first three tokens). */
  protected *databaseColumn(start: number): Rule<Expr> {
    this.pos++;
    this.enter(this.next());
    const database = (yield this.specifier()) as Specifier;
    this.expect(T.Comma);
    const table = this.expect(T.Name);
    this.expect(T.Comma);
    const column = (yield this.specifier()) as Specifier;
    this.expect(T.RParen);
    this.leave();
    return this.mark(new DatabaseColumnNode(database, this.nameOf(table), column), start);
  }

  // -------------------------------------------------------------------------------------
  // Paths

  /** A column (or alias) reference whose path starts with the name `first` (read). */
  protected columnFrom(first: number): Expr {
    if (SEPARATORS[this.t1()] === undefined) {
      const name = this.nameOf(first);
      if (this.types[first] === IDENTIFIER && isSqlValueWord(name)) {
        const word = name.toUpperCase();
        this.report(
          'syntax/sql-value-word',
          `${word} is not in the spec's expressions: a select object has no current date or time`,
          first,
          first,
          `give the value as a parameter (:today) or a literal (DATE '2024-01-31'); a column of that name is written quoted: "${name}"`,
        );
      }
      return this.nameRef(name, true, first);
    }
    return this.nameRef(this.pathText(first), false, first);
  }

  /** The text of a path whose first name is `first` (read): `{ (.|@|:) name }` joined as written. */
  protected pathText(first: number): string {
    let text = this.nameOf(first);
    for (;;) {
      const separator = SEPARATORS[this.t1()];
      if (separator === undefined) return text;
      this.pos++;
      text += separator + this.nameOf(this.expect(T.Name));
    }
  }

  // -------------------------------------------------------------------------------------
  // Specifiers

  /** A database or field specifier: an id, a 'name', WHERE e, ALL, or [ ... ] of the first three. */
  protected *specifier(): Rule<Specifier> {
    const start = this.pos;
    if (this.at(T.All)) {
      this.pos++;
      return this.mark(new SpecAllNode(), start);
    }
    if (this.at(T.LBracket)) {
      this.pos++;
      const items: Extract<Specifier, { kind: 'spec_id' | 'spec_name' | 'spec_where' }>[] = [];
      if (SPECIFIER_START[this.t1()] === true && !this.at(T.All) && !this.at(T.LBracket)) {
        do items.push(yield* this.singularSpecifier('singularSpecifier'));
        while (this.optional(T.Comma) !== MISSING);
      }
      this.expect(T.RBracket);
      return this.mark(new SpecArrayNode(items), start);
    }
    return yield* this.singularSpecifier('specifier');
  }

  /** An id, a 'name' or WHERE e; `ruleName` names what was expected when it is none of these. */
  private *singularSpecifier(ruleName: string): Generator<Rule<unknown>, Extract<Specifier, { kind: 'spec_id' | 'spec_name' | 'spec_where' }>, unknown> {
    const start = this.pos;
    if (this.at(T.NumberLiteral) || this.at(T.Minus)) {
      const negative = this.optional(T.Minus) !== MISSING;
      const n = this.expect(T.NumberLiteral);
      return this.mark(new SpecIdNode(this.wholeNumberText(n, negative, 'an id')), start);
    }
    if (this.at(T.StringLiteral)) {
      const s = this.next();
      const name = stringValue(this.image(s));
      if (name === '') this.report('syntax/empty-name', "a name specifier cannot be empty ('')", s);
      return this.mark(new SpecNameNode(name), start);
    }
    if (this.at(T.Where)) {
      this.pos++;
      const where = (yield this.expression(0)) as Expr;
      return this.mark(new SpecWhereNode(where), start);
    }
    this.noViableAlt(ruleName);
    return new SpecIdNode('0');
  }
}
