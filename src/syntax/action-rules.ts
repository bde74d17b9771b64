import {
  fieldKey, foldName,
  type DataAction, type FetchAction, type FieldExpr, type FieldLiteral, type FieldValue, type FileRef, type KeySpec, type OnDuplicate, type OnRemove,
  type RecordData, type RecordsSpecifier, type WallType,
} from '../ast/actions.js';
import type { Expr, OrderTerm, Param, Select, SingularSpec, Specifier, WholeOrParam } from '../ast/nodes.js';
import { orderTerm } from '../ast/make.js';
import { BooleanNode, FieldExprNode, FieldValueNode, FileRefNode, NullNode, NumberNode, RecordNode, SpecAllNode, SpecArrayNode, SpecKeyNode, SpecNameNode, SpecWhereNode, StringNode } from '../ast/objects.js';
import { ExpressionRules } from './expression-rules.js';
import { stringValue } from './literals.js';
import { MISSING, idx, type Rule } from './parser-base.js';
import * as T from './tokens.js';

/** The words that start a data action (bare words, not reserved: a column may be called `update`). */
export const ACTION_WORDS = ['FETCH', 'INSERT', 'REPLACE', 'SET', 'UPDATE', 'DELETE', 'TRASH', 'RESTORE', 'DISPOSE'] as const;
const ACTION_WORD_SET: ReadonlySet<string> = new Set(ACTION_WORDS);
const IDENTIFIER = idx(T.Identifier);
const LPAREN = idx(T.LParen);
const WHERE = idx(T.Where);
const SELECT = idx(T.Select);
const STRING = idx(T.StringLiteral);
const NUMBER = idx(T.NumberLiteral);

const FETCH_WORDS: Readonly<Record<string, FetchAction['kind']>> = {
  RECORDS: 'fetch_records',
  MULTIRECORDS: 'fetch_multirecords',
  PSEUDORECORDS: 'fetch_pseudorecords',
  TASKS: 'fetch_tasks',
  USERS: 'fetch_users',
  CRONS: 'fetch_crons',
  FOLLOWS: 'fetch_follows',
  KEYS: 'fetch_keys',
  LOGS: 'fetch_logs',
  NOTIFICATIONS: 'fetch_notifications',
  POSTS: 'fetch_posts',
  PREFS: 'fetch_prefs',
  PREF_DEFS: 'fetch_pref_defs',
  USER_SUBSCRIPTIONS: 'fetch_user_subscriptions',
  SEQS: 'fetch_seqs',
};
const FETCH_WORD_LIST = Object.keys(FETCH_WORDS).join(', ').replace(/, ([^,]*)$/, ' or $1');

/** The fetch types without expressions (the spec's table: users, walls, preferences, ...). */
type OtherFetch = Exclude<FetchAction['kind'], 'fetch_records' | 'fetch_multirecords' | 'fetch_pseudorecords' | 'fetch_tasks' | 'fetch_users'>;
const OTHER_FETCH: ReadonlySet<string> = new Set<OtherFetch>(['fetch_crons', 'fetch_follows', 'fetch_keys', 'fetch_logs', 'fetch_notifications', 'fetch_posts', 'fetch_prefs', 'fetch_pref_defs', 'fetch_user_subscriptions', 'fetch_seqs']);

/** The OPTIONS each action takes (the spec's booleans without a clause of their own). */
const OPTION_NAMES: { readonly [K in DataAction['kind']]: readonly string[] } = {
  fetch_records: ['CHILDREN', 'COUNT'],
  fetch_multirecords: ['CHILDREN', 'COUNT'],
  fetch_pseudorecords: ['COUNT'],
  fetch_tasks: ['COUNT'],
  fetch_users: [],
  fetch_crons: [],
  fetch_follows: ['COUNT'],
  fetch_keys: ['COUNT'],
  fetch_logs: [],
  fetch_notifications: ['SEEN'],
  fetch_posts: ['FOLLOWING', 'THREADS', 'CHILDREN', 'RECORDS'],
  fetch_prefs: [],
  fetch_pref_defs: [],
  fetch_user_subscriptions: [],
  fetch_seqs: [],
  insert_action: ['FAIL_NO_OP'],
  replace_action: ['FAIL_NO_OP'],
  set_action: ['FAIL_NO_OP'],
  update_action: ['FAIL_NO_OP'],
  delete_action: ['FAIL_NO_OP'],
  trash_action: ['FAIL_NO_OP'],
  restore_action: ['FAIL_NO_OP'],
  dispose_action: ['FAIL_NO_OP'],
};

type Options = Record<string, boolean>;

/** A value of INSERT's VALUES or UPDATE's SET: a literal, an expression, tags or a file. */
type Cell =
  | { readonly kind: 'literal'; readonly value: FieldLiteral }
  | { readonly kind: 'expr'; readonly e: Expr }
  | { readonly kind: 'tags'; readonly tags: string[] }
  | { readonly kind: 'file'; readonly file: FileRef };

/**
 * The data actions as text (grammar/reference.md, "Data actions"): FETCH (records,
 * multirecords, pseudorecords, tasks, users), INSERT, REPLACE, SET, UPDATE, DELETE, TRASH,
 * RESTORE, DISPOSE. SQL habits an action cannot hold (UPDATE ... FROM, RETURNING, DELETE ...
 * USING, LIMIT or ORDER BY on a write, INSERT ... SELECT) are errors with a hint.
 */
export abstract class ActionRules extends ExpressionRules {
  /** True when the next token starts a data action. */
  protected atActionWord(): boolean {
    return this.t1() === IDENTIFIER && ACTION_WORD_SET.has(this.image(this.pos).toUpperCase());
  }

  /** A bare word (case-insensitive) next? */
  protected atWord(word: string, k = 1): boolean {
    return this.tk(k) === IDENTIFIER && this.image(this.pos + k - 1).toUpperCase() === word;
  }

  /** Read the bare word if it is next: its index, or MISSING. */
  protected optionalWord(word: string): number {
    return this.atWord(word) ? this.next() : MISSING;
  }

  protected expectWord(word: string, what = word): number {
    if (this.atWord(word)) return this.next();
    const found = this.pos;
    const foundText = this.pos < this.end ? `'${this.image(found)}'` : 'the end of the input';
    this.syntaxError(`expected ${what} after '${this.image(this.last())}', found ${foundText}`);
    return found < this.end ? found : MISSING;
  }

  /** `FETCH ...`, `INSERT ...`, ... (the caller saw an action word). */
  protected *dataAction(): Rule<DataAction> {
    const start = this.pos;
    const word = this.image(start).toUpperCase();
    this.pos++;
    let action: DataAction;
    switch (word) {
      case 'FETCH':
        action = (yield this.fetch(start)) as DataAction;
        break;
      case 'INSERT':
      case 'REPLACE':
      case 'SET':
        action = (yield this.recordsWrite(word, start)) as DataAction;
        break;
      case 'UPDATE':
        action = (yield this.update(start)) as DataAction;
        break;
      default:
        action = (yield this.remove(word, start)) as DataAction;
    }
    this.returning();
    if (this.pos < this.end) this.notAllInputParsed('statement');
    return this.mark(action, start);
  }

  // -------------------------------------------------------------------------------------
  // FETCH

  private *fetch(start: number): Rule<FetchAction> {
    let count: boolean | null = this.optionalWord('COUNT') !== MISSING ? true : null;
    const typeToken = this.pos;
    const kind = this.t1() === IDENTIFIER ? FETCH_WORDS[this.image(typeToken).toUpperCase()] : undefined;
    if (kind === undefined) {
      this.syntaxError(`expected ${FETCH_WORD_LIST} after '${this.image(this.last())}', found ${this.pos < this.end ? `'${this.image(typeToken)}'` : 'the end of the input'}`);
      return this.emptyFetch();
    }
    this.pos++;
    if (OTHER_FETCH.has(kind)) return (yield* this.otherFetch(kind as OtherFetch, count, start, typeToken)) as FetchAction;
    if (kind === 'fetch_users') {
      if (count !== null) this.report('syntax/fetch-count', 'FETCH USERS has no count', start, typeToken, 'leave COUNT out');
      const users = this.atPaging() || this.pos >= this.end ? null : ((yield this.specifier()) as Specifier);
      const paging = yield* this.paging();
      this.options(kind, {});
      return { kind, users, ...paging };
    }
    let fields: string[] | null = null;
    let attributes: string[] | null = null;
    if (kind === 'fetch_records') {
      if (this.optionalWord('FIELDS') !== MISSING) fields = this.nameList();
      if (this.optionalWord('ATTRIBUTES') !== MISSING) attributes = this.nameList();
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
      case 'fetch_records':
        return { kind, database: database as Specifier, records, fields, attributes, where, ...paging, children, count };
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
            this.syntaxError(`expected GROUP, DATABASE or USER after 'ON' (the wall of the posts), found ${this.pos < this.end ? `'${this.image(this.pos)}'` : 'the end of the input'}`);
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
    const order: OrderTerm[] = [];
    if (this.optional(T.Order) !== MISSING) {
      this.expect(T.By);
      do {
        const termStart = this.pos;
        const e = (yield this.expression(0)) as Expr;
        const dir = this.optional(T.Desc) !== MISSING ? 'desc' : (this.optional(T.Asc), 'asc');
        order.push(this.mark(orderTerm(e, dir), termStart));
      } while (this.optional(T.Comma) !== MISSING);
    }
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
  private wholeNumber(what: string): string {
    const negative = this.optional(T.Minus) !== MISSING;
    const token = this.expect(T.NumberLiteral);
    if (token === MISSING) return '0';
    const text = this.wholeNumberText(token, negative, what);
    if (negative && (what === 'LIMIT' || what === 'OFFSET')) this.report('syntax/negative-limit', `${what} must be at least 0, found ${text}`, token);
    return text;
  }

  private stringText(what: string): string {
    const token = this.expect(T.StringLiteral);
    const text = token === MISSING ? '?' : stringValue(this.image(token));
    if (text === '') this.report('syntax/empty-string', `${what} takes a non-empty string ('' is NULL)`, token);
    return text;
  }

  /** `'(' [name {, name}] ')'`: field or attribute names. */
  private nameList(): string[] {
    this.expect(T.LParen);
    const names: string[] = [];
    if (!this.at(T.RParen)) {
      do names.push(this.fieldName(this.expect(T.Name)));
      while (this.optional(T.Comma) !== MISSING);
    }
    this.expect(T.RParen);
    return names;
  }

  private fieldName(token: number): string {
    const name = foldName(this.nameOf(token));
    if (name === '' && token !== MISSING) this.report('syntax/empty-name', 'a field name cannot be empty or only white space', token);
    return name;
  }

  /**
   * A database (or databases) specifier: a path (`shop.orders`, the name), an id, a 'name',
   * ALL, `[...]`, or `(WHERE e)`.
   */
  private *database(): Generator<Rule<unknown>, Specifier, unknown> {
    const start = this.pos;
    if (this.atName() && !this.atWord('RECORDS')) {
      this.pos++;
      return this.mark(new SpecNameNode(this.pathText(start)), start);
    }
    if (this.at(T.LParen) && this.tk(2) === WHERE) {
      this.pos++;
      this.enter(start);
      const spec = (yield this.specifier()) as Specifier;
      this.expect(T.RParen);
      this.leave();
      return spec;
    }
    if (this.at(T.Where)) {
      this.report('syntax/database-where', 'a database chosen by a WHERE specifier is written in parentheses here', start, start, 'write FROM (WHERE ...)');
    }
    return (yield this.specifier()) as Specifier;
  }

  /** A records specifier: the specifier forms, plus `KEY(field = value, ...)` anywhere a singular one stands. */
  private *recordsSpecifier(): Generator<Rule<unknown>, RecordsSpecifier, unknown> {
    const start = this.pos;
    if (this.atWord('KEY') && this.tk(2) === LPAREN) return this.keySpecifier();
    if (this.at(T.LBracket)) {
      this.pos++;
      const items: SingularSpec[] = [];
      if (!this.at(T.RBracket)) {
        do {
          if (this.atWord('KEY') && this.tk(2) === LPAREN) items.push(this.keySpecifier());
          else {
            const itemStart = this.pos;
            if (this.at(T.All) || this.at(T.LBracket)) {
              this.noViableAlt('singularSpecifier');
              this.pos++;
            }
            const item = (yield this.specifier()) as Specifier;
            if (item.kind !== 'spec_all' && item.kind !== 'spec_array') items.push(item);
            else this.report('syntax/specifier-item', 'an array specifier holds ids, names, WHERE and KEY specifiers', itemStart, this.last());
          }
        } while (this.optional(T.Comma) !== MISSING);
      }
      this.expect(T.RBracket);
      return this.mark(new SpecArrayNode(items), start);
    }
    return (yield this.specifier()) as Specifier;
  }

  /** `KEY(field = value {, field = value})`. */
  private keySpecifier(): KeySpec {
    const start = this.next();
    this.expect(T.LParen);
    const key: FieldValue[] = [];
    do {
      const nameToken = this.expect(T.Name);
      const field = this.fieldName(nameToken);
      this.expect(T.Equals);
      const value = this.at(T.Colon) ? (this.paramValue() ?? new NullNode()) : this.literal('a key value');
      key.push(this.mark(new FieldValueNode(field, value), nameToken));
    } while (this.optional(T.Comma) !== MISSING);
    this.expect(T.RParen);
    return this.mark(new SpecKeyNode(key), start);
  }

  /** A parameter `:name` where a value is written (KEY, LIMIT, OFFSET, ROWS): its node (a bad name is reported, NULL then). */
  protected paramValue(): Param | null {
    const p = this.param(this.next(), false);
    return p.kind === 'param' ? p : null;
  }

  /** A literal field value: NULL, TRUE, FALSE, a number (with its sign), a string. */
  private literal(what: string): FieldLiteral {
    const start = this.pos;
    if (this.optional(T.Null) !== MISSING) return this.mark(new NullNode(), start);
    if (this.optional(T.True) !== MISSING) return this.mark(new BooleanNode(true), start);
    if (this.optional(T.False) !== MISSING) return this.mark(new BooleanNode(false), start);
    if (this.at(T.StringLiteral)) {
      const text = stringValue(this.image(this.next()));
      return this.mark(text === '' ? new NullNode() : new StringNode(text), start);
    }
    if (this.at(T.NumberLiteral) || (this.at(T.Minus) && this.tk(2) === NUMBER)) {
      const negative = this.optional(T.Minus) !== MISSING;
      return this.mark(new NumberNode(this.numberText(this.next(), negative)), start);
    }
    this.syntaxError(`expected ${what} (NULL, TRUE, FALSE, a number or a string) after '${this.image(this.last())}', found ${this.pos < this.end ? `'${this.image(start)}'` : 'the end of the input'}`);
    return new NullNode();
  }

  // -------------------------------------------------------------------------------------
  // OPTIONS, RETURNING

  /** `[OPTIONS (NAME = TRUE|FALSE {, ...})]`: the names `kind` takes; `given` holds values set by other forms. */
  private options(kind: DataAction['kind'], given: Options): Options {
    const out: Options = {};
    for (const [k, v] of Object.entries(given)) if (v !== undefined) out[k] = v;
    if (this.optional(T.Options) === MISSING) return out;
    const allowed = OPTION_NAMES[kind];
    this.expect(T.LParen);
    if (!this.at(T.RParen)) {
      do {
        const name = this.expect(T.Name);
        this.expect(T.Equals);
        const value = this.optional(T.True) !== MISSING ? true : this.optional(T.False) !== MISSING ? false : undefined;
        if (value === undefined) this.noViableAlt('actionOption');
        const word = this.image(name).toUpperCase();
        if (!allowed.includes(word)) {
          const list = allowed.length === 0 ? 'no options' : `the options ${allowed.join(', ')}`;
          this.report('syntax/unknown-option', `unknown option ${this.image(name)}: this action takes ${list}`, name);
        } else if (out[word] !== undefined) {
          const how = word === 'COUNT' && given['COUNT'] !== undefined ? ' (FETCH COUNT already sets it)' : '';
          this.report('syntax/duplicate-option', `option ${word} is given twice${how}`, name);
        } else if (value !== undefined) out[word] = value;
      } while (this.optional(T.Comma) !== MISSING);
    }
    this.expect(T.RParen);
    return out;
  }

  /** `RETURNING ...` after a write: an error (actions return no rows), read to the end. */
  private returning(): void {
    const token = this.optionalWord('RETURNING');
    if (token === MISSING) return;
    while (this.pos < this.end) this.pos++;
    this.report('syntax/returning', 'RETURNING is not in the data actions: a write returns no rows', token, this.last(), 'FETCH RECORDS the changed records in a second statement');
  }

  // -------------------------------------------------------------------------------------
  // INSERT, REPLACE, SET

  private *recordsWrite(word: 'INSERT' | 'REPLACE' | 'SET', start: number): Rule<DataAction> {
    const into = this.expectWord('INTO', `INTO (${word} INTO database ...)`);
    void into;
    const database = yield* this.database();
    const records: RecordData[] = [];
    if (this.at(T.LParen)) {
      // `(a, b) VALUES (1, 2), (3, 4)`
      this.next();
      const columns: number[] = [];
      do columns.push(this.expect(T.Name));
      while (this.optional(T.Comma) !== MISSING);
      this.expect(T.RParen);
      const names = columns.map((c) => this.fieldName(c));
      if (this.at(T.Select) || (this.at(T.LParen) && this.tk(2) === SELECT)) this.insertSelect(word);
      else {
        this.expectWord('VALUES', 'VALUES');
        do {
          const rowStart = this.expect(T.LParen);
          const cells: Cell[] = [];
          if (!this.at(T.RParen)) {
            do cells.push(yield* this.cell(names[cells.length] ?? ''));
            while (this.optional(T.Comma) !== MISSING);
          }
          this.expect(T.RParen);
          if (cells.length !== names.length) {
            this.report('syntax/values-count', `a row of VALUES has ${cells.length} value${cells.length === 1 ? '' : 's'} for ${names.length} field${names.length === 1 ? '' : 's'}`, rowStart, this.last());
          }
          records.push(this.mark(this.record(names.slice(0, cells.length), cells, columns, false), rowStart));
        } while (this.optional(T.Comma) !== MISSING);
      }
    } else if (this.atWord('RECORDS')) {
      // `RECORDS (a = 1, b = 2), (c = 3)` or `RECORDS NONE`
      this.next();
      if (this.optionalWord('NONE') === MISSING) {
        do {
          const recordStart = this.expect(T.LParen);
          const names: string[] = [];
          const tokens: number[] = [];
          const cells: Cell[] = [];
          if (!this.at(T.RParen)) {
            do {
              const nameToken = this.expect(T.Name);
              tokens.push(nameToken);
              names.push(this.fieldName(nameToken));
              this.expect(T.Equals);
              cells.push(yield* this.cell(names[names.length - 1] as string));
            } while (this.optional(T.Comma) !== MISSING);
          }
          this.expect(T.RParen);
          records.push(this.mark(this.record(names, cells, tokens, true), recordStart));
        } while (this.optional(T.Comma) !== MISSING);
      }
    } else if (this.at(T.Select)) {
      this.insertSelect(word);
    } else if (this.atWord('VALUES')) {
      this.report('syntax/insert-columns', `${word} needs the field names: the record objects are keyed by field`, this.pos, this.pos, `write ${word} INTO db (field, ...) VALUES (...)`);
      this.pos = this.end;
    } else {
      this.syntaxError(`expected '(' field names ')' VALUES ... or RECORDS (...) after '${this.image(this.last())}', found ${this.pos < this.end ? `'${this.image(this.pos)}'` : 'the end of the input'}`);
    }
    let onDuplicate: OnDuplicate | null = null;
    let onRemove: OnRemove | null = null;
    const allowedDuplicate: readonly OnDuplicate[] = word === 'INSERT' ? ['fail', 'update'] : ['update', 'delete', 'trash'];
    while (this.at(T.On)) {
      const on = this.next();
      if (this.optionalWord('DUPLICATE') !== MISSING) {
        if (this.atWord('KEY') && this.atWord('UPDATE', 2)) {
          this.report('syntax/on-duplicate-key', 'ON DUPLICATE KEY UPDATE is MySQL: the action updates the duplicate with the fields of the record', on, this.pos + 1, 'write ON DUPLICATE UPDATE (the values come from VALUES)');
          this.pos = this.end;
          break;
        }
        const value = this.onValue(allowedDuplicate, `ON DUPLICATE of ${word}`);
        if (onDuplicate !== null) this.report('syntax/duplicate-option', 'ON DUPLICATE is given twice', on, this.last());
        onDuplicate = value;
      } else if (word === 'SET' && this.optionalWord('REMOVE') !== MISSING) {
        const value = this.onValue(['delete', 'trash'], 'ON REMOVE of SET') as OnRemove | null;
        if (onRemove !== null) this.report('syntax/duplicate-option', 'ON REMOVE is given twice', on, this.last());
        onRemove = value;
      } else if (this.atWord('CONFLICT')) {
        this.report('syntax/on-conflict', 'ON CONFLICT is PostgreSQL: a duplicate key is handled by ON DUPLICATE', on, this.pos, `write ON DUPLICATE ${allowedDuplicate.map((d) => d.toUpperCase()).join(' or ')}`);
        this.pos = this.end;
        break;
      } else {
        this.syntaxError(`expected DUPLICATE${word === 'SET' ? ' or REMOVE' : ''} after 'ON', found ${this.pos < this.end ? `'${this.image(this.pos)}'` : 'the end of the input'}`);
        break;
      }
    }
    const options = this.options(word === 'INSERT' ? 'insert_action' : word === 'REPLACE' ? 'replace_action' : 'set_action', {});
    const failNoOp = options['FAIL_NO_OP'] ?? null;
    if (word === 'INSERT') return { kind: 'insert_action', database, records, onDuplicate: onDuplicate as 'fail' | 'update' | null, failNoOp };
    if (word === 'REPLACE') return { kind: 'replace_action', database, records, onDuplicate: onDuplicate as 'update' | 'delete' | 'trash' | null, failNoOp };
    void start;
    return { kind: 'set_action', database, records, onDuplicate: onDuplicate as 'update' | 'delete' | 'trash' | null, onRemove, failNoOp };
  }

  private onValue<V extends string>(allowed: readonly V[], what: string): V | null {
    const token = this.pos;
    const word = this.t1() === IDENTIFIER ? this.image(token).toLowerCase() : '';
    if (allowed.includes(word as V)) {
      this.pos++;
      return word as V;
    }
    this.syntaxError(`expected ${allowed.map((a) => a.toUpperCase()).join(', ').replace(/, ([^,]*)$/, ' or $1')} after '${this.image(this.last())}' (${what}), found ${this.pos < this.end ? `'${this.image(token)}'` : 'the end of the input'}`);
    return null;
  }

  private insertSelect(word: string): void {
    const token = this.pos;
    this.pos = this.end;
    this.report('syntax/insert-select', `${word} ... SELECT is not in the data actions: records are written as values`, token, this.last(), 'FETCH or SELECT the rows, then write them with VALUES (...)');
  }

  /** One value of VALUES or RECORDS: tags (`['a', 'b']`) and a file (`'id'`, `TEXT '...'`, `BASE64 '...'`) for the fields so named. */
  private *cell(field: string): Generator<Rule<unknown>, Cell, unknown> {
    const lower = field.toLowerCase();
    if (lower === 'tags' && (this.at(T.LBracket) || this.at(T.Null))) {
      if (this.optional(T.Null) !== MISSING) return { kind: 'tags', tags: [] };
      this.next();
      const tags: string[] = [];
      if (!this.at(T.RBracket)) {
        do tags.push(this.stringText('a tag'));
        while (this.optional(T.Comma) !== MISSING);
      }
      this.expect(T.RBracket);
      return { kind: 'tags', tags };
    }
    if (lower === 'file') {
      const start = this.pos;
      if (this.at(T.StringLiteral)) return { kind: 'file', file: this.mark(new FileRefNode('object', this.stringText('FILE')), start) };
      for (const form of ['text', 'base64'] as const) {
        if (this.atWord(form.toUpperCase()) && this.tk(2) === STRING) {
          this.pos++;
          const token = this.next();
          return { kind: 'file', file: this.mark(new FileRefNode(form, stringValue(this.image(token))), start) };
        }
      }
    }
    return yield* this.valueCell();
  }

  /** A literal (TRUE, FALSE, NULL, a number, a string) or an expression. */
  private *valueCell(): Generator<Rule<unknown>, Cell, unknown> {
    const start = this.pos;
    if (this.at(T.True) || this.at(T.False)) return { kind: 'literal', value: this.literal('a value') };
    // A literal in parentheses is an expression: `(5)` goes to "expressions".
    const parenthesized = this.typeOf(start) === LPAREN;
    const e = (yield this.expression(0)) as Expr;
    if (!parenthesized && (e.kind === 'null' || e.kind === 'number' || e.kind === 'string')) return { kind: 'literal', value: e };
    return { kind: 'expr', e };
  }

  /** A record from field names and values: literals to the object, expressions to `expressions`. */
  private record(names: readonly string[], cells: readonly Cell[], tokens: readonly number[], contiguous: boolean): RecordData {
    const values: FieldValue[] = [];
    const expressions: FieldExpr[] = [];
    let file: FileRef | null = null;
    let tags: string[] | null = null;
    const seen = new Set<string>();
    cells.forEach((cell, i) => {
      // A row longer than the column list (reported): its extra values have no field.
      if (i >= names.length || i >= tokens.length) return;
      const field = names[i] as string;
      const token = tokens[i] as number;
      const key = fieldKey(field);
      if (seen.has(key)) this.report('syntax/field-twice', `the field ${field} is given twice in one record`, token, token);
      seen.add(key);
      if (key === 'expressions') this.report('syntax/reserved-field', 'no field can be called "expressions" in a record: the record object uses that key', token);
      switch (cell.kind) {
        case 'literal':
          if (key === 'file' || key === 'tags') this.reportSpecialField(key, token);
          values.push(this.markAt(new FieldValueNode(field, cell.value), token, cell.value, contiguous));
          break;
        case 'expr':
          if (key === 'file' || key === 'tags') this.reportSpecialField(key, token);
          expressions.push(this.markAt(new FieldExprNode(field, cell.e), token, cell.e, contiguous));
          break;
        case 'tags':
          tags = cell.tags;
          break;
        case 'file':
          file = cell.file;
          break;
      }
    });
    return new RecordNode(values, expressions, file, tags);
  }

  private reportSpecialField(key: 'file' | 'tags', token: number): void {
    const hint = key === 'tags' ? "write the tags as an array of strings: ['a', 'b']" : "write the file as an object id ('...'), TEXT '...' or BASE64 '...'";
    this.report('syntax/record-property', `${key} in a record is its ${key === 'tags' ? 'tag list' : 'binary object'}, not a field`, token, token, hint);
  }

  /** A field value or expression spans its name (where written) to the end of its value. */
  private markAt<N extends FieldValue | FieldExpr>(node: N, token: number, value: object, contiguous = true): N {
    const spans = this.state.spans;
    if (spans === null) return node;
    const valueSpan = spans.get(value as never);
    const from = token === MISSING ? 0 : (this.starts[token] as number);
    const to = valueSpan ? valueSpan.end : token === MISSING ? 0 : (this.ends[token] as number);
    // In VALUES the name and the value are apart: the value's span alone.
    const start = contiguous || valueSpan === undefined ? from : valueSpan.start;
    spans.record(node, start, Math.max(to, start));
    return node;
  }

  // -------------------------------------------------------------------------------------
  // UPDATE

  private *update(start: number): Rule<DataAction> {
    const database = yield* this.database();
    const fields: FieldValue[] = [];
    const expressions: FieldExpr[] = [];
    let file: string | null = null;
    if (this.optionalWord('SET') !== MISSING) {
      {
        do {
          const nameToken = this.expect(T.Name);
          const field = this.fieldName(nameToken);
          this.expect(T.Equals);
          const cell = yield* this.valueCell();
          if (cell.kind === 'literal') fields.push(this.markAt(new FieldValueNode(field, cell.value), nameToken, cell.value));
          else if (cell.kind === 'expr') expressions.push(this.markAt(new FieldExprNode(field, cell.e), nameToken, cell.e));
        } while (this.optional(T.Comma) !== MISSING);
      }
    }
    if (this.optionalWord('FILE') !== MISSING) file = this.stringText('FILE');
    if (this.at(T.From)) {
      const token = this.next();
      this.report('syntax/update-from', 'UPDATE ... FROM is not in the update action: it changes the records of one database', token, token, 'move the other table into a subquery in WHERE or in the SET expression');
      this.pos = this.end;
    }
    const records = yield* this.writeRecords();
    this.writeHabits('UPDATE');
    const options = this.options('update_action', {});
    void start;
    return { kind: 'update_action', database, records, fields, expressions, file, failNoOp: options['FAIL_NO_OP'] ?? null };
  }

  /** `[RECORDS spec | WHERE e]` of a write; neither is every record (ALL). */
  private *writeRecords(): Generator<Rule<unknown>, RecordsSpecifier, unknown> {
    const start = this.pos;
    let records: RecordsSpecifier | null = null;
    if (this.optionalWord('RECORDS') !== MISSING) records = yield* this.recordsSpecifier();
    if (this.at(T.Where)) {
      const whereStart = this.next();
      const e = (yield this.expression(0)) as Expr;
      if (records !== null) {
        this.report('syntax/two-record-specifiers', 'a write takes one records specifier: RECORDS or WHERE, not both', start, this.last(), 'combine them: RECORDS [..., WHERE ...] selects the records either names');
      }
      records = this.mark(new SpecWhereNode(e), whereStart);
    }
    return records ?? new SpecAllNode();
  }

  /** LIMIT, ORDER BY, USING after a write: errors with the action's way. */
  private writeHabits(word: string): void {
    const token = this.pos;
    if (this.at(T.Limit) || this.at(T.Order)) {
      const order = this.at(T.Order);
      this.pos = this.end;
      this.report('syntax/write-limit', `${this.image(token).toUpperCase()}${order ? ' BY' : ''} is not in the ${word} action: it acts on every record its specifier selects`, token, this.last(), 'select exactly the records: RECORDS [id, ...] or a narrower WHERE');
    } else if (this.at(T.Using)) {
      this.pos = this.end;
      this.report('syntax/delete-using', `${word} ... USING is not in the data actions: they act on one database`, token, this.last(), 'put the other table in a subquery: WHERE EXISTS (SELECT ...) or WHERE x IN (SELECT ...)');
    }
  }

  // -------------------------------------------------------------------------------------
  // DELETE, TRASH, RESTORE, DISPOSE

  private *remove(word: string, start: number): Rule<DataAction> {
    this.optional(T.From);
    const database = yield* this.database();
    if (this.at(T.Using)) this.writeHabits(word);
    const records = yield* this.writeRecords();
    this.writeHabits(word);
    const options = this.options('delete_action', {});
    const failNoOp = options['FAIL_NO_OP'] ?? null;
    void start;
    const kind = word === 'DELETE' ? 'delete_action' : word === 'TRASH' ? 'trash_action' : word === 'RESTORE' ? 'restore_action' : 'dispose_action';
    return { kind, database, records, failNoOp };
  }
}
