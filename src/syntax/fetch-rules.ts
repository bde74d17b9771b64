import type { FetchAction, RecordsSpecifier, WallType } from '../ast/data-actions.js';
import type { OrderTerm, Select, Specifier, WholeOrParam } from '../ast/nodes.js';
import { compareNumbers } from '../ast/numbers.js';
import { FETCH_KINDS, KINDS, fetchWord } from '../ast/kinds.js';
import { FETCH_CLAUSES, type FetchClause, type FetchType } from '../ast/kinds-fetch.js';
import type { Options } from './action-parts.js';
import { expectedMessage } from './error-messages.js';
import * as T from './tokens.js';
import { call, MISSING, idx, type ParserState, type Rule } from './parser-state.js';
import { RULES } from './rule-table.js';
import { database, nameList, optionalWord, options, paramValue, propertySpan, recordsSpecifier, stringText, writeRecords } from './action-parts.js';
import { expression, orderByTerms } from './expression-rules.js';
import { specifier } from './name-rules.js';
import { wholeNumberText } from './node-helpers.js';

const IDENTIFIER = idx(T.Identifier);

/** A FETCH kind's spec fetch type (`fetch_pref_defs`: `pref_defs`). */
const fetchTypeOf = (kind: FetchAction['kind']): FetchType => KINDS[kind].json.fetch as FetchType;

/** `FETCH <word>`: each FETCH kind's word is its spec fetch type in upper case (the kind table). */
const FETCH_WORDS: Readonly<Record<string, FetchAction['kind']>> = Object.fromEntries(FETCH_KINDS.map((k) => [fetchWord(k), k]));
const FETCH_WORD_LIST = Object.keys(FETCH_WORDS)
  .join(', ')
  .replace(/, ([^,]*)$/, ' or $1');

/** The fetch types with expressions (a WHERE, paging): read by `fetch`; every other is `otherFetch`'s. */
type ExpressionFetch = 'fetch_records' | 'fetch_multirecords' | 'fetch_pseudorecords' | 'fetch_tasks' | 'fetch_users';
type OtherFetch = Exclude<FetchAction['kind'], ExpressionFetch>;
const EXPRESSION_FETCH: ReadonlySet<string> = new Set<ExpressionFetch>([
  'fetch_records',
  'fetch_multirecords',
  'fetch_pseudorecords',
  'fetch_tasks',
  'fetch_users',
]);

/**
 * FETCH (grammar/reference.md, "Data actions"): records, multirecords, pseudorecords, tasks,
 * users, and the fetch types without expressions (crons, follows, keys, logs, notifications,
 * posts, preferences, subscriptions, sequences), with their paging (ORDER BY, LIMIT, OFFSET).
 */

export function* fetch(p: ParserState, start: number): Rule<FetchAction> {
  let count: boolean | null = optionalWord(p, 'COUNT') !== MISSING ? true : null;
  const typeToken = p.pos;
  const kind = p.t1() === IDENTIFIER ? FETCH_WORDS[p.image(typeToken).toUpperCase()] : undefined;
  if (kind === undefined) {
    p.expectedError(FETCH_WORD_LIST);
    return emptyFetch(p);
  }
  p.pos++;
  if (!EXPRESSION_FETCH.has(kind)) return yield* otherFetch(p, kind as OtherFetch, count, start, typeToken);
  if (kind === 'fetch_users') {
    if (count !== null) p.report('syntax/fetch-count', 'FETCH USERS has no count', start, typeToken, 'leave COUNT out');
    const users = atPaging(p) || p.pos >= p.end ? null : yield* call(specifier(p));
    const pagingParts = yield* paging(p);
    options(p, kind, {});
    return { kind, users, ...pagingParts };
  }
  let fields: string[] | null = null;
  let attributes: string[] | null = null;
  const fieldTokens: number[] = [];
  const attributeTokens: number[] = [];
  if (kind === 'fetch_records') {
    if (optionalWord(p, 'FIELDS') !== MISSING) fields = nameList(p, fieldTokens);
    if (optionalWord(p, 'ATTRIBUTES') !== MISSING) attributes = nameList(p, attributeTokens);
  }
  let db: Specifier | null = null;
  let sel: Select | null = null;
  let from: string | null = null;
  let user: Specifier | null = null;
  let text: string | null = null;
  if (kind === 'fetch_tasks') {
    if (p.optional(T.From) !== MISSING) from = wholeNumber(p, 'a task id (FROM)');
    if (optionalWord(p, 'USER') !== MISSING) user = yield* call(specifier(p));
    if (optionalWord(p, 'TEXT') !== MISSING) text = stringText(p, 'TEXT');
  } else {
    p.expect(T.From);
    if (kind === 'fetch_pseudorecords') {
      p.expect(T.LParen);
      p.enter(p.last());
      sel = yield* call(RULES.select(p));
      p.expect(T.RParen);
      p.leave();
    } else db = yield* database(p);
  }
  let records: RecordsSpecifier | null = null;
  if (kind === 'fetch_records' && optionalWord(p, 'RECORDS') !== MISSING) records = yield* recordsSpecifier(p);
  const where = p.optional(T.Where) !== MISSING ? yield* call(expression(p, 0)) : null;
  const pagingParts = yield* paging(p);
  const opts = options(p, kind, { COUNT: count ?? undefined } as Options);
  if (opts['COUNT'] !== undefined) count = opts['COUNT'];
  const children = opts['CHILDREN'] ?? null;
  switch (kind) {
    case 'fetch_records': {
      const node: FetchAction = { kind, database: db as Specifier, records, fields, attributes, where, ...pagingParts, children, count };
      fieldTokens.forEach((token, i) => propertySpan(p, node, `fields/${i}`, token));
      attributeTokens.forEach((token, i) => propertySpan(p, node, `attributes/${i}`, token));
      return node;
    }
    case 'fetch_multirecords':
      return { kind, databases: db as Specifier, where, ...pagingParts, children, count };
    case 'fetch_pseudorecords':
      return { kind, select: sel as Select, where, ...pagingParts, count };
    default:
      return { kind: 'fetch_tasks', from, user, text, where, ...pagingParts, count };
  }
}

/**
 * The fetch types without expressions. Those written field by field (the kind table's
 * FETCH_CLAUSES: CRONS, PREF_DEFS, SEQS, FOLLOWS, KEYS, PREFS, NOTIFICATIONS,
 * USER_SUBSCRIPTIONS, ...) are `clauseFetch`'s. Two have syntax of their own: `FETCH LOGS FROM
 * database (RECORDS records | WHERE expr)` (a required database, then a write's records), and
 * `FETCH POSTS [ON wall] [POST id] [OPTIONS (FOLLOWING, THREADS, CHILDREN, RECORDS = bool)]`
 * (wall: GROUP spec | DATABASE database [RECORD records] | USER spec: one clause for three
 * fields).
 */
function* otherFetch(
  p: ParserState,
  kind: OtherFetch,
  count: boolean | null,
  start: number,
  typeToken: number,
): Generator<Rule<unknown>, FetchAction, unknown> {
  const clauses = FETCH_CLAUSES[fetchTypeOf(kind)];
  if (clauses !== null) return yield* clauseFetch(p, kind, clauses, count, start, typeToken);
  if (count !== null) p.report('syntax/fetch-count', `FETCH ${p.image(typeToken).toUpperCase()} has no count`, start, typeToken, 'leave COUNT out');
  switch (kind) {
    case 'fetch_logs': {
      p.expect(T.From);
      const db = yield* database(p);
      const records = yield* writeRecords(p);
      options(p, kind, {});
      return { kind, database: db, records };
    }
    case 'fetch_posts': {
      let wallType: WallType | null = null;
      let wall: Specifier | null = null;
      let wallRecord: RecordsSpecifier | null = null;
      if (p.optional(T.On) !== MISSING) {
        if (p.optional(T.Group) !== MISSING) {
          wallType = 'group';
          wall = yield* call(specifier(p));
        } else if (optionalWord(p, 'DATABASE') !== MISSING) {
          wall = yield* database(p);
          if (optionalWord(p, 'RECORD') !== MISSING) {
            wallType = 'record';
            wallRecord = yield* recordsSpecifier(p);
          } else wallType = 'database';
        } else if (optionalWord(p, 'USER') !== MISSING) {
          wallType = 'user';
          wall = yield* call(specifier(p));
        } else {
          p.syntaxError(expectedMessage('GROUP, DATABASE or USER', ` after 'ON' (the wall of the posts), found ${p.foundText()}`));
        }
      }
      const post = optionalWord(p, 'POST') !== MISSING ? wholeNumber(p, 'a post id (POST)') : null;
      const opts = options(p, kind, {});
      return {
        kind,
        wallType,
        wall,
        wallRecord,
        post,
        following: opts['FOLLOWING'] ?? null,
        threads: opts['THREADS'] ?? null,
        children: opts['CHILDREN'] ?? null,
        records: opts['RECORDS'] ?? null,
      };
    }
    default:
      // A FETCH type with a field that is not a clause (FETCH_CLAUSES) needs its case here.
      throw new Error(`internal error: FETCH ${fetchTypeOf(kind)} has no clauses in the kind table and no case in fetch-rules.ts`);
  }
}

/**
 * A FETCH type written field by field (FETCH_CLAUSES, src/ast/kinds-fetch.ts): `FETCH [COUNT]
 * TYPE`, each clause if its word is next (`USER spec`, `TYPE 'text'`, `POST n`; one written
 * instead of the one before it is not read after it), then `OPTIONS (...)` for the flags.
 */
function* clauseFetch(
  p: ParserState,
  kind: OtherFetch,
  clauses: readonly FetchClause[],
  count: boolean | null,
  start: number,
  typeToken: number,
): Generator<Rule<unknown>, FetchAction, unknown> {
  const word = p.image(typeToken).toUpperCase();
  const counted = clauses.some((c) => c.form === 'flag' && c.word === 'COUNT');
  if (count !== null && !counted) p.report('syntax/fetch-count', `FETCH ${word} has no count`, start, typeToken, 'leave COUNT out');
  const values: Record<string, unknown> = {};
  let read = false;
  for (const c of clauses) {
    if (c.form === 'flag' || (c.orBefore && read)) continue;
    read = optionalWord(p, c.word) !== MISSING;
    if (!read) continue;
    if (c.form === 'spec') values[c.key] = yield* call(specifier(p));
    else if (c.form === 'whole') values[c.key] = wholeNumber(p, `a whole number (${c.word})`);
    else values[c.key] = stringText(p, c.word);
  }
  const opts = options(p, kind, counted ? ({ COUNT: count ?? undefined } as Options) : {});
  const node: Record<string, unknown> = { kind };
  for (const c of clauses) node[c.key] = (c.form === 'flag' ? opts[c.word] : values[c.key]) ?? null;
  return node as FetchAction;
}
function emptyFetch(p: ParserState): FetchAction {
  return { kind: 'fetch_users', users: null, order: [], limit: null, offset: null };
}

function atPaging(p: ParserState): boolean {
  return p.at(T.Order) || p.at(T.Limit) || p.at(T.Offset) || p.at(T.Options);
}

/** `[ORDER BY term {, term}] [LIMIT n] [OFFSET n]`. */
function* paging(p: ParserState): Generator<Rule<unknown>, { order: OrderTerm[]; limit: WholeOrParam | null; offset: WholeOrParam | null }, unknown> {
  const order = p.optional(T.Order) !== MISSING ? yield* orderByTerms(p, null) : [];
  const limit = p.optional(T.Limit) !== MISSING ? wholeOrParam(p, 'LIMIT') : null;
  const offset = p.optional(T.Offset) !== MISSING ? wholeOrParam(p, 'OFFSET') : null;
  return { order, limit, offset };
}

/** A FETCH's LIMIT or OFFSET: a whole number literal, or a parameter `:n` bound to one. */
function wholeOrParam(p: ParserState, what: string): WholeOrParam {
  if (p.at(T.Colon)) return paramValue(p) ?? '0';
  return wholeNumber(p, what);
}

/** A whole number literal (a FETCH's LIMIT, OFFSET, a task id): not an expression. */
export function wholeNumber(p: ParserState, what: string): string {
  const negative = p.optional(T.Minus) !== MISSING;
  const token = p.expect(T.NumberLiteral);
  if (token === MISSING) return '0';
  const text = wholeNumberText(p, token, negative, what);
  // (-0 is 0: at least 0, as the spec check says of JSON's "limit": -0.)
  if (negative && compareNumbers(text, '0') < 0 && (what === 'LIMIT' || what === 'OFFSET'))
    p.report('syntax/negative-limit', `${what} must be at least 0, found ${text}`, token - 1, token);
  return text;
}
