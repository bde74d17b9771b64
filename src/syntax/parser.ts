import type { IToken } from 'chevrotain';
import type { Expr, JoinOp, OrderTerm, ResultColumn, Select, SelectAction, Source, Specifier, Statement } from '../ast/index.js';
// The producers' constructors: the tree is marked trusted when parse() returns it (src/ast/trust.ts).
import { orderTerm, resultColumn, select as makeSelect, selectAction, table } from '../ast/make.js';
import { ActionRules } from './action-rules.js';
import { startsExpression } from './expression-rules.js';
import { fieldKey } from './field-spans.js';
import { stringValue } from './literals.js';
import { IS_NAME, type AliasScope, type Rule } from './parser-base.js';
import * as T from './tokens.js';
import { isAliasReservedWord, isUnsupportedJoinWord } from './words.js';

export { NestingTooDeep, type ParseState } from './parser-base.js';

interface ActionOptions {
  rows: string | null;
  useStrings: boolean | null;
  echo: boolean | null;
}

/**
 * The dsq parser: a hand-written recursive-descent parser building the AST (src/ast) directly,
 * over the tokens of the Chevrotain lexer (lexer.ts). One instance, reused
 * (`begin(tokens, from, to, state)`, then `drive(parser.statement())`). This file holds the
 * statement, SELECT and source rules; expressions are in expression-rules.ts, the cursor,
 * driver, errors and helpers in parser-base.ts. Rules that contain statements or expressions
 * are generators run by `drive`, so subqueries nest without using the call stack.
 *
 * grammar-rules.ts describes the same language as a Chevrotain grammar, for the syntax
 * diagrams; test/grammar checks that the two accept the same texts.
 */
export class DsqParser extends ActionRules {
  // -------------------------------------------------------------------------------------
  // Statements

  /** `select [OPTIONS ( option {, option} )]`, and nothing after it. */
  *statement(): Rule<Statement> {
    const start = this.la1();
    if (this.atActionWord()) {
      this.depth = 0;
      return (yield this.dataAction()) as Statement;
    }
    // The statement's own SELECT is not a nesting level: it enters at depth 0.
    this.depth = -1;
    const sel = (yield this.select()) as Select;
    let action: SelectAction | null = null;
    if (this.optional(T.Options)) {
      this.expect(T.LParen);
      const options: ActionOptions = { rows: null, useStrings: null, echo: null };
      let rows: readonly [IToken, IToken] | null = null;
      if (this.at(T.Identifier)) {
        do rows = this.actionOption(options) ?? rows;
        while (this.optional(T.Comma));
      }
      this.expect(T.RParen);
      action = selectAction(sel, options);
      // `ROWS = n` has its own span: the spec check places a bad value there.
      if (rows !== null && this.state.spans !== null) {
        const [from, to] = rows;
        this.state.spans.record(fieldKey(action, 'rows'), from.startOffset, to.startOffset + to.image.length);
      }
    }
    if (this.pos < this.end) this.notAllInputParsed('statement');
    return this.mark(action ?? sel, start);
  }

  /** `ROWS = n`, `USE_STRINGS = TRUE|FALSE`, `ECHO = TRUE|FALSE`, into `options`; for ROWS its first and last token. */
  private actionOption(options: ActionOptions): readonly [IToken, IToken] | undefined {
    const name = this.expect(T.Identifier);
    this.expect(T.Equals);
    const word = name.image.toUpperCase();
    const key = word === 'ROWS' ? 'rows' : word === 'USE_STRINGS' ? 'useStrings' : word === 'ECHO' ? 'echo' : null;
    if (key === null && !name.isInsertedInRecovery) {
      this.report('syntax/unknown-option', `unknown option ${name.image}: expected ROWS, USE_STRINGS or ECHO`, name);
    }
    let value: string | boolean;
    if (this.at(T.NumberLiteral) || (this.at(T.Minus) && this.la(2).tokenType === T.NumberLiteral)) {
      const negative = this.optional(T.Minus) !== undefined;
      const n = this.next();
      if (key !== 'rows' && key !== null) this.report('syntax/option-value', `${name.image.toUpperCase()} takes TRUE or FALSE`, n);
      value = this.wholeNumberText(n, negative, 'ROWS');
    } else if (this.optional(T.True)) {
      value = true;
    } else if (this.optional(T.False)) {
      value = false;
    } else {
      this.noViableAlt('actionOption', this.at(T.Minus));
      return undefined;
    }
    if (key === 'rows' && typeof value === 'boolean') this.report('syntax/option-value', 'ROWS takes a whole number', this.last());
    if (key === null) return undefined;
    if (options[key] !== null) this.report('syntax/duplicate-option', `option ${name.image.toUpperCase()} is given twice`, name);
    (options as unknown as Record<string, unknown>)[key] = value;
    return key === 'rows' ? [name, this.last()] : undefined;
  }

  /** `SELECT [DISTINCT] (* | column {, column}) [FROM ...] [WHERE ...] [GROUP BY ...] [HAVING ...] [ORDER BY ...] [LIMIT ...] [OFFSET ...]`. */
  protected *select(): Rule<Select> {
    const start = this.la1();
    this.enter(start);
    const scopeDepth = this.scopes.length;
    const scope: AliasScope = { aliases: new Set(), active: false };
    this.scopes.push(scope);
    this.expect(T.Select);
    const distinct = this.optional(T.Distinct) !== undefined;
    let columns: 'all' | ResultColumn[] = 'all';
    if (!this.optional(T.Star)) {
      if (startsExpression(this.la1())) {
        const list: ResultColumn[] = [];
        do {
          const rc = yield* this.resultColumn();
          list.push(rc);
          if (rc.alias !== null) scope.aliases.add(rc.alias);
        } while (this.optional(T.Comma));
        columns = list;
      } else {
        this.noViableAlt('select');
      }
    }
    let from: Source | null = null;
    let where: Expr | null = null;
    const group: Expr[] = [];
    let having: Expr | null = null;
    const order: OrderTerm[] = [];
    let limit: Expr | null = null;
    let offset: Expr | null = null;
    if (this.optional(T.From)) from = (yield this.source()) as Source;
    if (this.optional(T.Where)) where = (yield this.expression(0)) as Expr;
    scope.active = true;
    if (this.optional(T.Group)) {
      this.expect(T.By);
      do group.push((yield this.expression(0)) as Expr);
      while (this.optional(T.Comma));
    }
    if (this.optional(T.Having)) having = (yield this.expression(0)) as Expr;
    if (this.optional(T.Order)) {
      this.expect(T.By);
      do {
        const termStart = this.la1();
        const e = (yield this.expression(0)) as Expr;
        const dir = this.optional(T.Desc) ? 'desc' : (this.optional(T.Asc), 'asc');
        order.push(this.mark(orderTerm(e, dir), termStart));
      } while (this.optional(T.Comma));
    }
    scope.active = false;
    if (this.optional(T.Limit)) {
      limit = (yield this.expression(0)) as Expr;
      const comma = this.optional(T.Comma);
      if (comma) {
        yield this.expression(0);
        this.report('syntax/limit-comma', 'LIMIT takes one expression: dsq has no LIMIT offset, count', comma, this.last(), 'write LIMIT count OFFSET offset');
      }
    }
    if (this.optional(T.Offset)) offset = (yield this.expression(0)) as Expr;
    this.scopes.length = scopeDepth;
    this.leave();
    return this.mark(makeSelect({ distinct, columns, from, where, group, having, order, limit, offset }), start);
  }

  /** `expression [[AS] name]`. */
  private *resultColumn(): Generator<Rule<unknown>, ResultColumn, unknown> {
    const start = this.la1();
    const e = (yield this.expression(0)) as Expr;
    return this.mark(resultColumn(e, this.alias()), start);
  }

  /**
   * `[[AS] name]` after a result column or a table. A word that is a keyword in common SQL
   * (words.ts) is never a bare alias: it is left for the error it makes where it stands
   * (`SELECT a UNION SELECT b`, `a RIGHT JOIN b`); after AS it is an error saying how to quote it.
   */
  private alias(): string | null {
    if (this.optional(T.As)) return this.aliasOf(this.expect(T.Name));
    if (this.atName() && !this.aliasReservedAt(1)) return this.aliasOf(this.next());
    return null;
  }

  /** True when the token at `k` is a bare word that may not be an alias (words.ts ALIAS_RESERVED_WORDS). */
  private aliasReservedAt(k: number): boolean {
    const token = this.la(k);
    return token.tokenType === T.Identifier && isAliasReservedWord(token.image);
  }

  /** An alias name; a reserved word (after AS) is an error that says how to write it. */
  private aliasOf(token: IToken): string {
    if (token.tokenType === T.Identifier && isAliasReservedWord(token.image)) {
      const word = token.image.toUpperCase();
      this.report(
        'syntax/reserved-alias',
        `${word} is an SQL keyword and is never read as an alias`,
        token,
        token,
        `for an alias of that name quote it: AS "${token.image.replace(/"/g, '""')}"`,
      );
    }
    return this.nameOf(token);
  }

  // -------------------------------------------------------------------------------------
  // Sources

  /** `source_primary { (, | join_operator) source_primary [ON e | USING (...)] }`, left-associative. */
  private *source(): Rule<Source> {
    const start = this.la1();
    let left = this.tableSource() ?? ((yield this.sourcePrimary()) as Source);
    for (;;) {
      let op: JoinOp;
      if (this.optional(T.Comma)) op = 'cross';
      else if (this.at(T.Join) || this.at(T.Inner) || this.at(T.Cross) || this.at(T.Left)) op = this.joinOperator();
      // A bare word continues the FROM list only when it starts a join the select object lacks
      // (`a RIGHT JOIN b`); `FROM a right` alone is an alias attempt, reported as such.
      else if (this.at(T.Outer) || (this.joinWordAt(1) && this.unsupportedJoinAhead())) op = this.unsupportedJoin();
      else return left;
      const right = this.tableSource() ?? ((yield this.sourcePrimary()) as Source);
      const on = this.optional(T.On);
      if (on) {
        yield this.expression(0);
        this.joinConditionError(on);
      } else {
        const using = this.optional(T.Using);
        if (using) {
          this.expect(T.LParen);
          do this.expect(T.Name);
          while (this.optional(T.Comma));
          this.expect(T.RParen);
          this.joinConditionError(using);
        }
      }
      left = this.mark({ kind: 'join', op, s1: left, s2: right }, start);
    }
  }

  private joinConditionError(token: IToken): void {
    this.report(
      'syntax/join-condition',
      `JOIN ... ${token.image.toUpperCase()} is not supported: the select object's join carries no condition`,
      token,
      this.last(),
      'put the join condition in WHERE',
    );
  }

  /** `JOIN | INNER JOIN | CROSS JOIN | LEFT [OUTER] JOIN` (the caller saw the first word). */
  private joinOperator(): JoinOp {
    const word = this.next();
    if (word.tokenType === T.Join) return 'join';
    if (word.tokenType === T.Inner) {
      this.expect(T.Join);
      return 'inner';
    }
    if (word.tokenType === T.Cross) {
      this.expect(T.Join);
      return 'cross';
    }
    const outer = this.optional(T.Outer);
    this.expect(T.Join);
    return outer ? 'left_outer' : 'left';
  }

  /**
   * `RIGHT [OUTER] JOIN`, `FULL JOIN`, `NATURAL [LEFT] JOIN`, `OUTER JOIN`, `OUTER APPLY`, ...:
   * joins the select object cannot hold (the caller saw the first word). Read whole, so the
   * rest parses on, and reported once, with the dialect's way as a hint.
   */
  private unsupportedJoin(): JoinOp {
    const first = this.next();
    const words: IToken[] = [first];
    for (;;) {
      const next = this.la1();
      const type = next.tokenType;
      if (type === T.Identifier ? !isUnsupportedJoinWord(next.image) : !(type === T.Outer || type === T.Inner || type === T.Left || type === T.Cross)) break;
      words.push(this.next());
    }
    const join = this.optional(T.Join);
    const written = [...words, ...(join ? [join] : [])].map((t) => t.image.toUpperCase()).join(' ');
    const { message, hint } = unsupportedJoinMessage(words.map((t) => t.image.toUpperCase()), written);
    this.report('syntax/unsupported-join', message, first, this.last(), hint);
    return 'join';
  }

  /**
   * True when the next tokens are an unsupported join: join words (and OUTER, INNER, LEFT,
   * CROSS) up to JOIN or APPLY, or STRAIGHT_JOIN.
   */
  private unsupportedJoinAhead(): boolean {
    for (let k = 1; k <= 4; k++) {
      const token = this.la(k);
      if (token.tokenType === T.Join) return k > 1;
      if (token.tokenType === T.Identifier) {
        const word = token.image.toUpperCase();
        if (word === 'STRAIGHT_JOIN' || (word === 'APPLY' && k > 1)) return true;
        if (!isUnsupportedJoinWord(token.image)) return false;
      } else if (![T.Outer, T.Inner, T.Left, T.Cross].includes(token.tokenType)) return false;
    }
    return false;
  }

  /** True when the token at `k` is a bare word of words.ts UNSUPPORTED_JOIN_WORDS. */
  private joinWordAt(k: number): boolean {
    const token = this.la(k);
    return token.tokenType === T.Identifier && isUnsupportedJoinWord(token.image);
  }

  /** `LATERAL` followed by a source (not a table named lateral). */
  private lateralAt(): boolean {
    const token = this.la1();
    if (token.tokenType !== T.Identifier || token.image.toUpperCase() !== 'LATERAL') return false;
    const next = this.la(2).tokenType;
    return next === T.LParen || next === T.Identifier || next === T.QuotedIdentifier || T.CONTEXTUAL_WORDS.includes(next);
  }

  /** `[[AS] name]` after a table. */
  private sourceAlias(): string | null {
    return this.alias();
  }

  /** A table named by its path (`orders`, `sales.orders@trash`), the common source, read without a sub-rule; else undefined. */
  private tableSource(): Source | undefined {
    const start = this.la1();
    if (IS_NAME[start.tokenTypeIdx] !== true || this.la(2).tokenType === T.LParen || this.lateralAt()) return undefined;
    this.pos++;
    const path = this.pathText(start);
    const name = this.sourceAlias();
    return this.mark(table(path, name), start);
  }

  /** One source: a table path, TABLE('...'), SYSTEM_TABLE(name), DATABASE_TABLE(spec, name), (SELECT ...), ( source ). */
  private *sourcePrimary(): Rule<Source> {
    const start = this.la1();
    if (this.lateralAt()) {
      // `LATERAL (SELECT ...)`, `LATERAL f(x)`: the word, then the source it qualifies.
      this.pos++;
      this.enter(start);
      const inner = (yield this.sourcePrimary()) as Source;
      this.leave();
      this.report(
        'syntax/unsupported-join',
        'LATERAL is not in the select object: a source cannot refer to the sources before it',
        start,
        start,
        'join the subquery without LATERAL and put the correlation in WHERE',
      );
      return inner;
    }
    const second = this.la(2).tokenType;
    if (second === T.LParen && IS_NAME[start.tokenTypeIdx] === true) {
      switch (start.tokenType) {
        case T.TableWord: {
          this.pos += 2;
          const path = this.expect(T.StringLiteral);
          this.expect(T.RParen);
          const name = this.sourceAlias();
          const text = stringValue(path.image);
          if (text === '' && !path.isInsertedInRecovery) this.report('syntax/empty-path', "a table path cannot be empty ('')", path);
          return this.mark(table(text, name), start);
        }
        case T.SystemTableWord: {
          this.pos += 2;
          const token = this.expect(T.Name);
          this.expect(T.RParen);
          const name = this.sourceAlias();
          return this.mark({ kind: 'table_system', table: this.nameOf(token), alias: name }, start);
        }
        case T.DatabaseTableWord: {
          this.pos++;
          this.enter(this.next());
          const database = (yield this.specifier()) as Specifier;
          this.expect(T.Comma);
          const token = this.expect(T.Name);
          this.expect(T.RParen);
          this.leave();
          const name = this.sourceAlias();
          return this.mark({ kind: 'table_database', database, table: this.nameOf(token), alias: name }, start);
        }
      }
    }
    if (start.tokenType === T.LParen) {
      if (second === T.Select) {
        this.pos++;
        const sel = (yield this.select()) as Select;
        this.expect(T.RParen);
        const asToken = this.optional(T.As);
        if (asToken || this.atName()) {
          const token = this.expect(T.Name);
          this.report(
            'syntax/subquery-alias',
            `a subquery source has no alias in the select object, found ${asToken ? 'AS ' : ''}${token.image}`,
            asToken ?? token,
            token,
            'remove the alias and refer to the subquery\'s columns by their names',
          );
        }
        return this.mark({ kind: 'select_source', select: sel }, start);
      }
      if (second === T.LParen || IS_NAME[this.la(2).tokenTypeIdx] === true) {
        this.enter(this.next());
        const inner = (yield this.source()) as Source;
        this.expect(T.RParen);
        this.leave();
        return inner;
      }
      this.noViableAlt('sourcePrimary', true);
      return table('?');
    }
    if (IS_NAME[start.tokenTypeIdx] === true) {
      this.pos++;
      const path = this.pathText(start);
      const name = this.sourceAlias();
      return this.mark(table(path, name), start);
    }
    this.noViableAlt('sourcePrimary');
    return table('?');
  }
}

const SELECT_JOINS = 'JOIN, INNER JOIN, CROSS JOIN (or a comma), LEFT JOIN and LEFT OUTER JOIN';

/** What to say about a join the select object lacks, from its words (upper case, before JOIN). */
function unsupportedJoinMessage(words: readonly string[], written: string): { message: string; hint: string } {
  const message = `${written} is not a join of the select object: its joins are ${SELECT_JOINS}`;
  const has = (w: string) => words.includes(w);
  if (has('RIGHT')) return { message, hint: 'swap the two sources and write LEFT JOIN: b LEFT JOIN a' };
  if (has('FULL')) return { message, hint: 'a full outer join cannot be expressed; combine a LEFT JOIN with a second statement for the rows only on the right' };
  if (has('NATURAL')) return { message, hint: 'write JOIN and put the equality of the shared columns in WHERE' };
  if (has('APPLY')) return { message, hint: 'join a subquery source instead: a source cannot refer to the sources before it' };
  if (has('SEMI') || has('ANTI')) return { message, hint: `write WHERE ${has('ANTI') ? 'NOT ' : ''}EXISTS (SELECT ...) instead` };
  if (has('STRAIGHT_JOIN')) return { message, hint: 'write JOIN' };
  if (words[0] === 'OUTER') return { message: `${written} needs LEFT: the select object's outer join is LEFT OUTER JOIN`, hint: 'write LEFT OUTER JOIN (RIGHT and FULL outer joins are not in the select object)' };
  return { message, hint: `write one of ${SELECT_JOINS}` };
}
