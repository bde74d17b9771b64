import type { JoinOp, Source, TableSource } from '../ast/index.js';
import { JoinNode, SelectSourceNode, TableDatabaseNode, TableNode, TableSystemNode } from '../ast/objects.js';
import { stringValue } from './literals.js';
import * as T from './tokens.js';
import { isAliasReservedWord, isUnsupportedJoinWord } from './words.js';
import { call, IS_NAME, MISSING, idx, type ParserState, type Rule } from './parser-state.js';
import { RULES } from './rule-table.js';
import { expression } from './expression-rules.js';
import { pathText, specifier } from './name-rules.js';
import { nameOf } from './node-helpers.js';

/**
 * The FROM rules of the dsq parser: sources (table paths, TABLE('...'), SYSTEM_TABLE(...),
 * DATABASE_TABLE(...), subqueries, parenthesized sources), the joins the select object holds
 * (and those it does not, reported with the dialect's way), and aliases, which result columns
 * (parser.ts) share. A source is a generator run by `drive` (parser-state.ts), so subqueries in
 * FROM nest without using the call stack.
 */

/**
 * `[[AS] name]` after a result column or a table. A word that is a keyword in common SQL
 * (words.ts) is never a bare alias: it is left for the error it makes where it stands
 * (`SELECT a UNION SELECT b`, `a RIGHT JOIN b`); after AS it is an error saying how to quote it.
 */
export function alias(p: ParserState): string | null {
  if (p.optional(T.As) !== MISSING) return aliasOf(p, p.expect(T.Name));
  if (p.atName() && !aliasReservedAt(p, p.pos)) return aliasOf(p, p.next());
  return null;
}

/** True when token `i` is a bare word that may not be an alias (words.ts ALIAS_RESERVED_WORDS). */
export function aliasReservedAt(p: ParserState, i: number): boolean {
  return p.typeOf(i) === IDENTIFIER && isAliasReservedWord(p.image(i));
}

/** An alias name; a reserved word (after AS) is an error that says how to write it. */
function aliasOf(p: ParserState, i: number): string {
  if (aliasReservedAt(p, i)) {
    const written = p.image(i);
    p.report(
      'syntax/reserved-alias',
      `${written.toUpperCase()} is an SQL keyword and is never read as an alias`,
      i,
      i,
      `for an alias of that name quote it: AS "${written.replace(/"/g, '""')}"`,
    );
  }
  return nameOf(p, i);
}

/** `source_primary { (, | join_operator) source_primary [ON e | USING (...)] }`, left-associative. */
export function* source(p: ParserState): Rule<Source> {
  const start = p.pos;
  // No `??` around `yield`: tsup's CommonJS chunks turn `a ?? b` into a helper call with an arrow,
  // where `yield` is a syntax error.
  const table = tableSource(p);
  let left = table !== undefined && table !== null ? table : yield* call(sourcePrimary(p));
  for (;;) {
    let op: JoinOp;
    if (p.optional(T.Comma) !== MISSING) op = 'cross';
    else if (p.at(T.Join) || p.at(T.Inner) || p.at(T.Cross) || p.at(T.Left)) op = joinOperator(p);
    // A bare word continues the FROM list only when it starts a join the select object lacks
    // (`a RIGHT JOIN b`); `FROM a right` alone is an alias attempt, reported as such.
    else if (p.at(T.Outer) || (joinWordAt(p, p.pos) && unsupportedJoinAhead(p))) op = unsupportedJoin(p);
    else return left;
    const rightTable = tableSource(p);
    const right = rightTable !== undefined && rightTable !== null ? rightTable : yield* call(sourcePrimary(p));
    const on = p.optional(T.On);
    if (on !== MISSING) {
      yield expression(p, 0);
      joinConditionError(p, on);
    } else {
      const using = p.optional(T.Using);
      if (using !== MISSING) {
        p.expect(T.LParen);
        do p.expect(T.Name);
        while (p.optional(T.Comma) !== MISSING);
        p.expect(T.RParen);
        joinConditionError(p, using);
      }
    }
    left = p.mark(new JoinNode(op, left, right), start);
  }
}

function joinConditionError(p: ParserState, i: number): void {
  p.report(
    'syntax/join-condition',
    `JOIN ... ${p.image(i).toUpperCase()} is not supported: the select object's join carries no condition`,
    i,
    p.last(),
    'put the join condition in WHERE',
  );
}

/** `JOIN | INNER JOIN | CROSS JOIN | LEFT [OUTER] JOIN` (the caller saw the first word). */
function joinOperator(p: ParserState): JoinOp {
  const word = p.types[p.next()];
  if (word === JOIN) return 'join';
  if (word === INNER) {
    p.expect(T.Join);
    return 'inner';
  }
  if (word === CROSS) {
    p.expect(T.Join);
    return 'cross';
  }
  const outer = p.optional(T.Outer);
  p.expect(T.Join);
  return outer !== MISSING ? 'left_outer' : 'left';
}

/**
 * `RIGHT [OUTER] JOIN`, `FULL JOIN`, `NATURAL [LEFT] JOIN`, `OUTER JOIN`, `OUTER APPLY`, ...:
 * joins the select object cannot hold (the caller saw the first word). Read whole, so the
 * rest parses on, and reported once, with the dialect's way as a hint.
 */
function unsupportedJoin(p: ParserState): JoinOp {
  const first = p.next();
  const words: string[] = [p.image(first).toUpperCase()];
  for (;;) {
    const type = p.t1();
    if (type === IDENTIFIER ? !joinWordAt(p, p.pos) : !(type === OUTER || type === INNER || type === LEFT || type === CROSS)) break;
    words.push(p.image(p.next()).toUpperCase());
  }
  const join = p.optional(T.Join);
  const written = [...words, ...(join !== MISSING ? ['JOIN'] : [])].join(' ');
  const { message, hint } = unsupportedJoinMessage(words, written);
  p.report('syntax/unsupported-join', message, first, p.last(), hint);
  return 'join';
}

/**
 * True when the next tokens are an unsupported join: join words (and OUTER, INNER, LEFT,
 * CROSS) up to JOIN or APPLY, or STRAIGHT_JOIN.
 */
function unsupportedJoinAhead(p: ParserState): boolean {
  for (let k = 1; k <= 4; k++) {
    const type = p.tk(k);
    if (type === JOIN) return k > 1;
    if (type === IDENTIFIER) {
      const word = p.image(p.pos + k - 1).toUpperCase();
      if (word === 'STRAIGHT_JOIN' || (word === 'APPLY' && k > 1)) return true;
      if (!isUnsupportedJoinWord(word)) return false;
    } else if (!(type === OUTER || type === INNER || type === LEFT || type === CROSS)) return false;
  }
  return false;
}

/** True when token `i` is a bare word of words.ts UNSUPPORTED_JOIN_WORDS. */
function joinWordAt(p: ParserState, i: number): boolean {
  return p.typeOf(i) === IDENTIFIER && isUnsupportedJoinWord(p.image(i));
}

/** `LATERAL` followed by a source (not a table named lateral). */
function lateralAt(p: ParserState): boolean {
  if (p.t1() !== IDENTIFIER || p.image(p.pos).toUpperCase() !== 'LATERAL') return false;
  const next = p.tk(2);
  return next === LPAREN || next === IDENTIFIER || next === QUOTED || CONTEXTUAL[next] === true;
}

/** `[[AS] name]` after a table. */
function sourceAlias(p: ParserState): string | null {
  return alias(p);
}

/** A table named by its path (`orders`, `sales.orders@trash`), the common source, read without a sub-rule; else undefined. */
function tableSource(p: ParserState): Source | undefined {
  const start = p.pos;
  if (IS_NAME[p.t1()] !== true || p.tk(2) === LPAREN || lateralAt(p)) return undefined;
  p.pos++;
  const path = pathText(p, start);
  return p.mark(table(path, sourceAlias(p)), start);
}

/** One source: a table path, TABLE('...'), SYSTEM_TABLE(name), DATABASE_TABLE(spec, name), (SELECT ...), ( source ). */
function* sourcePrimary(p: ParserState): Rule<Source> {
  const start = p.pos;
  if (lateralAt(p)) {
    // `LATERAL (SELECT ...)`, `LATERAL f(x)`: the word, then the source it qualifies.
    p.pos++;
    p.enter(start);
    const inner = yield* call(sourcePrimary(p));
    p.leave();
    p.report(
      'syntax/unsupported-join',
      'LATERAL is not in the select object: a source cannot refer to the sources before it',
      start,
      start,
      'join the subquery without LATERAL and put the correlation in WHERE',
    );
    return inner;
  }
  const first = p.t1();
  const second = p.tk(2);
  if (second === LPAREN && IS_NAME[first] === true) {
    switch (first) {
      case TABLE_WORD: {
        p.pos += 2;
        const path = p.expect(T.StringLiteral);
        p.expect(T.RParen);
        const name = sourceAlias(p);
        const text = path === MISSING ? '' : stringValue(p.image(path));
        if (text === '' && path !== MISSING) p.report('syntax/empty-path', "a table path cannot be empty ('')", path);
        return p.mark(table(text, name), start);
      }
      case SYSTEM_TABLE_WORD: {
        p.pos += 2;
        const token = p.expect(T.Name);
        p.expect(T.RParen);
        const name = sourceAlias(p);
        return p.mark(new TableSystemNode(nameOf(p, token), name), start);
      }
      case DATABASE_TABLE_WORD: {
        p.pos++;
        p.enter(p.next());
        const database = yield* call(specifier(p));
        p.expect(T.Comma);
        const token = p.expect(T.Name);
        p.expect(T.RParen);
        p.leave();
        const name = sourceAlias(p);
        return p.mark(new TableDatabaseNode(database, nameOf(p, token), name), start);
      }
    }
  }
  if (first === LPAREN) {
    if (second === SELECT) {
      p.pos++;
      const sel = yield* call(RULES.select(p));
      p.expect(T.RParen);
      const asToken = p.optional(T.As);
      if (asToken !== MISSING || p.atName()) {
        const token = p.expect(T.Name);
        p.report(
          'syntax/subquery-alias',
          `a subquery source has no alias in the select object, found ${asToken !== MISSING ? 'AS ' : ''}${p.image(token)}`,
          asToken !== MISSING ? asToken : token,
          token,
          "remove the alias and refer to the subquery's columns by their names",
        );
      }
      return p.mark(new SelectSourceNode(sel), start);
    }
    if (second === LPAREN || IS_NAME[second] === true) {
      p.enter(p.next());
      const inner = yield* call(source(p));
      p.expect(T.RParen);
      p.leave();
      return inner;
    }
    p.noViableAlt('sourcePrimary', true);
    return p.placeholder(table('?', null));
  }
  if (IS_NAME[first] === true) {
    p.pos++;
    const path = pathText(p, start);
    return p.mark(table(path, sourceAlias(p)), start);
  }
  p.noViableAlt('sourcePrimary');
  return p.placeholder(table('?', null));
}

/** A table source (the shape of src/ast/make.ts `table`). */
function table(name: string, alias: string | null): TableSource {
  return new TableNode(name, alias);
}

const IDENTIFIER = idx(T.Identifier),
  QUOTED = idx(T.QuotedIdentifier),
  LPAREN = idx(T.LParen);
const SELECT = idx(T.Select),
  JOIN = idx(T.Join),
  INNER = idx(T.Inner),
  CROSS = idx(T.Cross),
  LEFT = idx(T.Left),
  OUTER = idx(T.Outer);
const TABLE_WORD = idx(T.TableWord),
  SYSTEM_TABLE_WORD = idx(T.SystemTableWord),
  DATABASE_TABLE_WORD = idx(T.DatabaseTableWord);
const CONTEXTUAL: boolean[] = [];
for (const word of T.CONTEXTUAL_WORDS) CONTEXTUAL[idx(word)] = true;

const SELECT_JOINS = 'JOIN, INNER JOIN, CROSS JOIN (or a comma), LEFT JOIN and LEFT OUTER JOIN';

/** What to say about a join the select object lacks, from its words (upper case, before JOIN). */
function unsupportedJoinMessage(words: readonly string[], written: string): { message: string; hint: string } {
  const message = `${written} is not a join of the select object: its joins are ${SELECT_JOINS}`;
  const has = (w: string) => words.includes(w);
  if (has('RIGHT')) return { message, hint: 'swap the two sources and write LEFT JOIN: b LEFT JOIN a' };
  if (has('FULL'))
    return { message, hint: 'a full outer join cannot be expressed; combine a LEFT JOIN with a second statement for the rows only on the right' };
  if (has('NATURAL')) return { message, hint: 'write JOIN and put the equality of the shared columns in WHERE' };
  if (has('APPLY')) return { message, hint: 'join a subquery source instead: a source cannot refer to the sources before it' };
  if (has('SEMI') || has('ANTI')) return { message, hint: `write WHERE ${has('ANTI') ? 'NOT ' : ''}EXISTS (SELECT ...) instead` };
  if (has('STRAIGHT_JOIN')) return { message, hint: 'write JOIN' };
  if (words[0] === 'OUTER')
    return {
      message: `${written} needs LEFT: the select object's outer join is LEFT OUTER JOIN`,
      hint: 'write LEFT OUTER JOIN (RIGHT and FULL outer joins are not in the select object)',
    };
  return { message, hint: `write one of ${SELECT_JOINS}` };
}
