import type { FetchAction, RecordsSpecifier, WallType } from '../ast/actions.js';
import type { Expr, OrderTerm, Select, Specifier, WholeOrParam } from '../ast/nodes.js';
import { compareNumbers } from '../ast/numbers.js';
import { FETCH_KINDS, fetchWord } from '../ast/kinds.js';
import { ActionParts, type Options } from './action-parts.js';
import { expectedMessage } from './messages.js';
import { MISSING, idx, type Rule } from './parser-base.js';
import * as T from './tokens.js';

const IDENTIFIER = idx(T.Identifier);

/** `FETCH <word>`: each FETCH kind's word is its spec fetch type in upper case (the kind table). */
const FETCH_WORDS: Readonly<Record<string, FetchAction['kind']>> = Object.fromEntries(FETCH_KINDS.map((k) => [fetchWord(k), k]));
const FETCH_WORD_LIST = Object.keys(FETCH_WORDS).join(', ').replace(/, ([^,]*)$/, ' or $1');

/** The fetch types with expressions (a WHERE, paging): read by `fetch`; every other is `otherFetch`'s. */
type ExpressionFetch = 'fetch_records' | 'fetch_multirecords' | 'fetch_pseudorecords' | 'fetch_tasks' | 'fetch_users';
type OtherFetch = Exclude<FetchAction['kind'], ExpressionFetch>;
const EXPRESSION_FETCH: ReadonlySet<string> = new Set<ExpressionFetch>(['fetch_records', 'fetch_multirecords', 'fetch_pseudorecords', 'fetch_tasks', 'fetch_users']);

/**
 * FETCH (grammar/reference.md, "Data actions"): records, multirecords, pseudorecords, tasks,
 * users, and the fetch types without expressions (crons, follows, keys, logs, notifications,
 * posts, preferences, subscriptions, sequences), with their paging (ORDER BY, LIMIT, OFFSET).
 */
export abstract class FetchRules extends ActionParts {
  protected *fetch(start: number): Rule<FetchAction> {
    let count: boolean | null = this.optionalWord('COUNT') !== MISSING ? true : null;
    const typeToken = this.pos;
    const kind = this.t1() === IDENTIFIER ? FETCH_WORDS[this.image(typeToken).toUpperCase()] : undefined;
    if (kind === undefined) {
      this.expectedError(FETCH_WORD_LIST);
      return this.emptyFetch();
    }
    this.pos++;
    if (!EXPRESSION_FETCH.has(kind)) return (yield* this.otherFetch(kind as OtherFetch, count, start, typeToken)) as FetchAction;
    if (kind === 'fetch_users') {
      if (count !== null) this.report('syntax/fetch-count', 'FETCH USERS has no count', start, typeToken, 'leave COUNT out');
      const users = this.atPaging() || this.pos >= this.end ? null : ((yield this.specifier()) as Specifier);
      const paging = yield* this.paging();
      this.options(kind, {});
      return { kind, users, ...paging };
    }
    let fields: string[] | null = null;
    let attributes: string[] | null = null;
    const fieldTokens: number[] = [];
    const attributeTokens: number[] = [];
    if (kind === 'fetch_records') {
      if (this.optionalWord('FIELDS') !== MISSING) fields = this.nameList(fieldTokens);
      if (this.optionalWord('ATTRIBUTES') !== MISSING) attributes = this.nameList(attributeTokens);
    }
    let database: Specifier | null = null;
    let select: Select | null = null;
    let from: string | null = null;
    let user: Specifier | null = null;
    let text: string | null = null;
    if (kind === 'fetch_tasks') {
      if (this.optional(T.From) !== MISSING) from = this.wholeNumber('a task id (FROM)');
      if (this.optionalWord('USER') !== MISSING) user = (yield this.specifier()) as Specifier;
      if (this.optionalWord('TEXT') !== MISSING) text = this.stringText('TEXT');
    } else {
      this.expect(T.From);
      if (kind === 'fetch_pseudorecords') {
        this.expect(T.LParen);
        this.enter(this.last());
        select = (yield this.select()) as Select;
        this.expect(T.RParen);
        this.leave();
      } else database = (yield* this.database()) as Specifier;
    }
    let records: RecordsSpecifier | null = null;
    if (kind === 'fetch_records' && this.optionalWord('RECORDS') !== MISSING) records = (yield* this.recordsSpecifier()) as RecordsSpecifier;
    const where = this.optional(T.Where) !== MISSING ? ((yield this.expression(0)) as Expr) : null;
    const paging = yield* this.paging();
    const options = this.options(kind, { COUNT: count ?? undefined } as Options);
    if (options['COUNT'] !== undefined) count = options['COUNT'];
    const children = options['CHILDREN'] ?? null;
    switch (kind) {
      case 'fetch_records': {
        const node: FetchAction = { kind, database: database as Specifier, records, fields, attributes, where, ...paging, children, count };
        fieldTokens.forEach((token, i) => this.propertySpan(node, `fields/${i}`, token));
        attributeTokens.forEach((token, i) => this.propertySpan(node, `attributes/${i}`, token));
        return node;
      }
      case 'fetch_multirecords':
        return { kind, databases: database as Specifier, where, ...paging, children, count };
      case 'fetch_pseudorecords':
        return { kind, select: select as Select, where, ...paging, count };
      default:
        return { kind: 'fetch_tasks', from, user, text, where, ...paging, count };
    }
  }

  /**
   * The fetch types without expressions: `FETCH CRONS`, `FETCH PREF_DEFS`, `FETCH SEQS`,
   * `FETCH [COUNT] FOLLOWS|KEYS [USER spec]`, `FETCH PREFS [USER spec]`, `FETCH LOGS FROM
   * database (RECORDS records | WHERE expr)`, `FETCH NOTIFICATIONS [USER spec] [TYPE 'type']
   * [OPTIONS (SEEN = bool)]`, `FETCH POSTS [ON wall] [POST id] [OPTIONS (FOLLOWING, THREADS,
   * CHILDREN, RECORDS = bool)]` (wall: GROUP spec | DATABASE database [RECORD records] | USER
   * spec), `FETCH USER_SUBSCRIPTIONS [TEAM spec | USER spec]`.
   */
  private *otherFetch(kind: OtherFetch, count: boolean | null, start: number, typeToken: number): Generator<Rule<unknown>, FetchAction, unknown> {
    const word = this.image(typeToken).toUpperCase();
    const counted = kind === 'fetch_follows' || kind === 'fetch_keys';
    if (count !== null && !counted) this.report('syntax/fetch-count', `FETCH ${word} has no count`, start, typeToken, 'leave COUNT out');
    const self = this;
    function* user(): Generator<Rule<unknown>, Specifier | null, unknown> {
      return self.optionalWord('USER') !== MISSING ? ((yield self.specifier()) as Specifier) : null;
    }
    switch (kind) {
      case 'fetch_crons':
      case 'fetch_pref_defs':
      case 'fetch_seqs':
        this.options(kind, {});
        return { kind };
      case 'fetch_follows':
      case 'fetch_keys': {
        const u = yield* user();
        const options = this.options(kind, { COUNT: count ?? undefined } as Options);
        return { kind, user: u, count: options['COUNT'] ?? null };
      }
      case 'fetch_prefs': {
        const u = yield* user();
        this.options(kind, {});
        return { kind, user: u };
      }
      case 'fetch_logs': {
        this.expect(T.From);
        const database = yield* this.database();
        const records = yield* this.writeRecords();
        this.options(kind, {});
        return { kind, database, records };
      }
      case 'fetch_notifications': {
        const u = yield* user();
        const type = this.optionalWord('TYPE') !== MISSING ? this.stringText('TYPE') : null;
        const options = this.options(kind, {});
        return { kind, user: u, type, seen: options['SEEN'] ?? null };
      }
      case 'fetch_posts': {
        let wallType: WallType | null = null;
        let wall: Specifier | null = null;
        let wallRecord: RecordsSpecifier | null = null;
        if (this.optional(T.On) !== MISSING) {
          if (this.optional(T.Group) !== MISSING) {
            wallType = 'group';
            wall = (yield this.specifier()) as Specifier;
          } else if (this.optionalWord('DATABASE') !== MISSING) {
            wall = yield* this.database();
            if (this.optionalWord('RECORD') !== MISSING) {
              wallType = 'record';
              wallRecord = yield* this.recordsSpecifier();
            } else wallType = 'database';
          } else if (this.optionalWord('USER') !== MISSING) {
            wallType = 'user';
            wall = (yield this.specifier()) as Specifier;
          } else {
            this.syntaxError(expectedMessage('GROUP, DATABASE or USER', ` after 'ON' (the wall of the posts), found ${this.foundText()}`));
          }
        }
        const post = this.optionalWord('POST') !== MISSING ? this.wholeNumber('a post id (POST)') : null;
        const options = this.options(kind, {});
        return {
          kind, wallType, wall, wallRecord, post,
          following: options['FOLLOWING'] ?? null, threads: options['THREADS'] ?? null, children: options['CHILDREN'] ?? null, records: options['RECORDS'] ?? null,
        };
      }
      case 'fetch_user_subscriptions': {
        let team: Specifier | null = null;
        let u: Specifier | null = null;
        if (this.optionalWord('TEAM') !== MISSING) team = (yield this.specifier()) as Specifier;
        else u = yield* user();
        this.options(kind, {});
        return { kind, team, user: u };
      }
    }
  }

  private emptyFetch(): FetchAction {
    return { kind: 'fetch_users', users: null, order: [], limit: null, offset: null };
  }

  private atPaging(): boolean {
    return this.at(T.Order) || this.at(T.Limit) || this.at(T.Offset) || this.at(T.Options);
  }

  /** `[ORDER BY term {, term}] [LIMIT n] [OFFSET n]`. */
  private *paging(): Generator<Rule<unknown>, { order: OrderTerm[]; limit: WholeOrParam | null; offset: WholeOrParam | null }, unknown> {
    const order = this.optional(T.Order) !== MISSING ? ((yield* this.orderByTerms(null)) as OrderTerm[]) : [];
    const limit = this.optional(T.Limit) !== MISSING ? this.wholeOrParam('LIMIT') : null;
    const offset = this.optional(T.Offset) !== MISSING ? this.wholeOrParam('OFFSET') : null;
    return { order, limit, offset };
  }

  /** A FETCH's LIMIT or OFFSET: a whole number literal, or a parameter `:n` bound to one. */
  private wholeOrParam(what: string): WholeOrParam {
    if (this.at(T.Colon)) return this.paramValue() ?? '0';
    return this.wholeNumber(what);
  }

  /** A whole number literal (a FETCH's LIMIT, OFFSET, a task id): not an expression. */
  protected wholeNumber(what: string): string {
    const negative = this.optional(T.Minus) !== MISSING;
    const token = this.expect(T.NumberLiteral);
    if (token === MISSING) return '0';
    const text = this.wholeNumberText(token, negative, what);
    // (-0 is 0: at least 0, as the spec check says of JSON's "limit": -0.)
    if (negative && compareNumbers(text, '0') < 0 && (what === 'LIMIT' || what === 'OFFSET')) this.report('syntax/negative-limit', `${what} must be at least 0, found ${text}`, token - 1, token);
    return text;
  }
}
