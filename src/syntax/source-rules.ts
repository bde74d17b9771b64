import type { JoinOp, Select, Source, Specifier, TableSource } from '../ast/index.js';
import { JoinNode, SelectSourceNode, TableDatabaseNode, TableNode, TableSystemNode } from '../ast/objects.js';
import { StructRules } from './struct-rules.js';
import { stringValue } from './literals.js';
import { IS_NAME, MISSING, idx, type Rule } from './parser-base.js';
import * as T from './tokens.js';
import { isAliasReservedWord, isUnsupportedJoinWord } from './words.js';

/**
 * The FROM rules of the dsq parser: sources (table paths, TABLE('...'), SYSTEM_TABLE(...),
 * DATABASE_TABLE(...), subqueries, parenthesized sources), the joins the select object holds
 * (and those it does not, reported with the dialect's way), and aliases, which result columns
 * (parser.ts) share. A source is a generator run by `drive` (parser-base.ts), so subqueries in
 * FROM nest without using the call stack.
 */
export abstract class SourceRules extends StructRules {
  /**
   * `[[AS] name]` after a result column or a table. A word that is a keyword in common SQL
   * (words.ts) is never a bare alias: it is left for the error it makes where it stands
   * (`SELECT a UNION SELECT b`, `a RIGHT JOIN b`); after AS it is an error saying how to quote it.
   */
  protected alias(): string | null {
    if (this.optional(T.As) !== MISSING) return this.aliasOf(this.expect(T.Name));
    if (this.atName() && !this.aliasReservedAt(this.pos)) return this.aliasOf(this.next());
    return null;
  }

  /** True when token `i` is a bare word that may not be an alias (words.ts ALIAS_RESERVED_WORDS). */
  protected aliasReservedAt(i: number): boolean {
    return this.typeOf(i) === IDENTIFIER && isAliasReservedWord(this.image(i));
  }

  /** An alias name; a reserved word (after AS) is an error that says how to write it. */
  private aliasOf(i: number): string {
    if (this.aliasReservedAt(i)) {
      const written = this.image(i);
      this.report(
        'syntax/reserved-alias',
        `${written.toUpperCase()} is an SQL keyword and is never read as an alias`,
        i,
        i,
        `for an alias of that name quote it: AS "${written.replace(/"/g, '""')}"`,
      );
    }
    return this.nameOf(i);
  }

  /** `source_primary { (, | join_operator) source_primary [ON e | USING (...)] }`, left-associative. */
  protected *source(): Rule<Source> {
    const start = this.pos;
    // No `??` around `yield`: tsup's CommonJS chunks turn `a ?? b` into a helper call with an arrow,
    // where `yield` is a syntax error.
    const table = this.tableSource();
    let left = table !== undefined && table !== null ? table : ((yield this.sourcePrimary()) as Source);
    for (;;) {
      let op: JoinOp;
      if (this.optional(T.Comma) !== MISSING) op = 'cross';
      else if (this.at(T.Join) || this.at(T.Inner) || this.at(T.Cross) || this.at(T.Left)) op = this.joinOperator();
      // A bare word continues the FROM list only when it starts a join the select object lacks
      // (`a RIGHT JOIN b`); `FROM a right` alone is an alias attempt, reported as such.
      else if (this.at(T.Outer) || (this.joinWordAt(this.pos) && this.unsupportedJoinAhead())) op = this.unsupportedJoin();
      else return left;
      const rightTable = this.tableSource();
      const right = rightTable !== undefined && rightTable !== null ? rightTable : ((yield this.sourcePrimary()) as Source);
      const on = this.optional(T.On);
      if (on !== MISSING) {
        yield this.expression(0);
        this.joinConditionError(on);
      } else {
        const using = this.optional(T.Using);
        if (using !== MISSING) {
          this.expect(T.LParen);
          do this.expect(T.Name);
          while (this.optional(T.Comma) !== MISSING);
          this.expect(T.RParen);
          this.joinConditionError(using);
        }
      }
      left = this.mark(new JoinNode(op, left, right), start);
    }
  }

  private joinConditionError(i: number): void {
    this.report(
      'syntax/join-condition',
      `JOIN ... ${this.image(i).toUpperCase()} is not supported: the select object's join carries no condition`,
      i,
      this.last(),
      'put the join condition in WHERE',
    );
  }

  /** `JOIN | INNER JOIN | CROSS JOIN | LEFT [OUTER] JOIN` (the caller saw the first word). */
  private joinOperator(): JoinOp {
    const word = this.types[this.next()];
    if (word === JOIN) return 'join';
    if (word === INNER) {
      this.expect(T.Join);
      return 'inner';
    }
    if (word === CROSS) {
      this.expect(T.Join);
      return 'cross';
    }
    const outer = this.optional(T.Outer);
    this.expect(T.Join);
    return outer !== MISSING ? 'left_outer' : 'left';
  }

  /**
   * `RIGHT [OUTER] JOIN`, `FULL JOIN`, `NATURAL [LEFT] JOIN`, `OUTER JOIN`, `OUTER APPLY`, ...:
   * joins the select object cannot hold (the caller saw the first word). Read whole, so the
   * rest parses on, and reported once, with the dialect's way as a hint.
   */
  private unsupportedJoin(): JoinOp {
    const first = this.next();
    const words: string[] = [this.image(first).toUpperCase()];
    for (;;) {
      const type = this.t1();
      if (type === IDENTIFIER ? !this.joinWordAt(this.pos) : !(type === OUTER || type === INNER || type === LEFT || type === CROSS)) break;
      words.push(this.image(this.next()).toUpperCase());
    }
    const join = this.optional(T.Join);
    const written = [...words, ...(join !== MISSING ? ['JOIN'] : [])].join(' ');
    const { message, hint } = unsupportedJoinMessage(words, written);
    this.report('syntax/unsupported-join', message, first, this.last(), hint);
    return 'join';
  }

  /**
   * True when the next tokens are an unsupported join: join words (and OUTER, INNER, LEFT,
   * CROSS) up to JOIN or APPLY, or STRAIGHT_JOIN.
   */
  private unsupportedJoinAhead(): boolean {
    for (let k = 1; k <= 4; k++) {
      const type = this.tk(k);
      if (type === JOIN) return k > 1;
      if (type === IDENTIFIER) {
        const word = this.image(this.pos + k - 1).toUpperCase();
        if (word === 'STRAIGHT_JOIN' || (word === 'APPLY' && k > 1)) return true;
        if (!isUnsupportedJoinWord(word)) return false;
      } else if (!(type === OUTER || type === INNER || type === LEFT || type === CROSS)) return false;
    }
    return false;
  }

  /** True when token `i` is a bare word of words.ts UNSUPPORTED_JOIN_WORDS. */
  private joinWordAt(i: number): boolean {
    return this.typeOf(i) === IDENTIFIER && isUnsupportedJoinWord(this.image(i));
  }

  /** `LATERAL` followed by a source (not a table named lateral). */
  private lateralAt(): boolean {
    if (this.t1() !== IDENTIFIER || this.image(this.pos).toUpperCase() !== 'LATERAL') return false;
    const next = this.tk(2);
    return next === LPAREN || next === IDENTIFIER || next === QUOTED || CONTEXTUAL[next] === true;
  }

  /** `[[AS] name]` after a table. */
  private sourceAlias(): string | null {
    return this.alias();
  }

  /** A table named by its path (`orders`, `sales.orders@trash`), the common source, read without a sub-rule; else undefined. */
  private tableSource(): Source | undefined {
    const start = this.pos;
    if (IS_NAME[this.t1()] !== true || this.tk(2) === LPAREN || this.lateralAt()) return undefined;
    this.pos++;
    const path = this.pathText(start);
    return this.mark(table(path, this.sourceAlias()), start);
  }

  /** One source: a table path, TABLE('...'), SYSTEM_TABLE(name), DATABASE_TABLE(spec, name), (SELECT ...), ( source ). */
  private *sourcePrimary(): Rule<Source> {
    const start = this.pos;
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
    const first = this.t1();
    const second = this.tk(2);
    if (second === LPAREN && IS_NAME[first] === true) {
      switch (first) {
        case TABLE_WORD: {
          this.pos += 2;
          const path = this.expect(T.StringLiteral);
          this.expect(T.RParen);
          const name = this.sourceAlias();
          const text = path === MISSING ? '' : stringValue(this.image(path));
          if (text === '' && path !== MISSING) this.report('syntax/empty-path', "a table path cannot be empty ('')", path);
          return this.mark(table(text, name), start);
        }
        case SYSTEM_TABLE_WORD: {
          this.pos += 2;
          const token = this.expect(T.Name);
          this.expect(T.RParen);
          const name = this.sourceAlias();
          return this.mark(new TableSystemNode(this.nameOf(token), name), start);
        }
        case DATABASE_TABLE_WORD: {
          this.pos++;
          this.enter(this.next());
          const database = (yield this.specifier()) as Specifier;
          this.expect(T.Comma);
          const token = this.expect(T.Name);
          this.expect(T.RParen);
          this.leave();
          const name = this.sourceAlias();
          return this.mark(new TableDatabaseNode(database, this.nameOf(token), name), start);
        }
      }
    }
    if (first === LPAREN) {
      if (second === SELECT) {
        this.pos++;
        const sel = (yield this.select()) as Select;
        this.expect(T.RParen);
        const asToken = this.optional(T.As);
        if (asToken !== MISSING || this.atName()) {
          const token = this.expect(T.Name);
          this.report(
            'syntax/subquery-alias',
            `a subquery source has no alias in the select object, found ${asToken !== MISSING ? 'AS ' : ''}${this.image(token)}`,
            asToken !== MISSING ? asToken : token,
            token,
            'remove the alias and refer to the subquery\'s columns by their names',
          );
        }
        return this.mark(new SelectSourceNode(sel), start);
      }
      if (second === LPAREN || IS_NAME[second] === true) {
        this.enter(this.next());
        const inner = (yield this.source()) as Source;
        this.expect(T.RParen);
        this.leave();
        return inner;
      }
      this.noViableAlt('sourcePrimary', true);
      return table('?', null);
    }
    if (IS_NAME[first] === true) {
      this.pos++;
      const path = this.pathText(start);
      return this.mark(table(path, this.sourceAlias()), start);
    }
    this.noViableAlt('sourcePrimary');
    return table('?', null);
  }
}

/** A table source (the shape of src/ast/make.ts `table`). */
function table(name: string, alias: string | null): TableSource {
  return new TableNode(name, alias);
}

const IDENTIFIER = idx(T.Identifier), QUOTED = idx(T.QuotedIdentifier), LPAREN = idx(T.LParen);
const SELECT = idx(T.Select), JOIN = idx(T.Join), INNER = idx(T.Inner), CROSS = idx(T.Cross), LEFT = idx(T.Left), OUTER = idx(T.Outer);
const TABLE_WORD = idx(T.TableWord), SYSTEM_TABLE_WORD = idx(T.SystemTableWord), DATABASE_TABLE_WORD = idx(T.DatabaseTableWord);
const CONTEXTUAL: boolean[] = [];
for (const word of T.CONTEXTUAL_WORDS) CONTEXTUAL[idx(word)] = true;

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
