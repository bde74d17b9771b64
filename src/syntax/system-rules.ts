import type { TokenType } from 'chevrotain';
import type { DateTimeLit, Expr, Select, Specifier } from '../ast/nodes.js';
import { DATA_ACTION_KINDS, KINDS, SYSTEM_ACTION_KINDS } from '../ast/kinds.js';
import { kindFits } from '../ast/fields.js';
import {
  UNSHOWN_ACTIONS, type IfCondition, type JsonData, type SystemAction, type TaskDef, type TaskReference, type WriteAction,
} from '../ast/system-actions.js';
import { ActionRules } from './action-rules.js';
import { expectedMessage } from './messages.js';
import { MISSING, idx, type Rule } from './parser-base.js';
import * as T from './tokens.js';

const IDENTIFIER = idx(T.Identifier);
const NUMBER = idx(T.NumberLiteral);

/** The words that start DOWNLOAD, a task or thread action or a system action (bare words, not reserved), and those the spec does not show. */
export const SYSTEM_WORDS: readonly string[] = [...new Set(SYSTEM_ACTION_KINDS.map((k) => KINDS[k].keyword as string))];
const UNSHOWN_WORDS: ReadonlySet<string> = new Set(Object.keys(UNSHOWN_ACTIONS).map((w) => w.toUpperCase()));
const SYSTEM_WORD_SET: ReadonlySet<string> = new Set([...SYSTEM_WORDS, ...UNSHOWN_WORDS]);
/** The words of the writes an IF runs (the spec: "Only write actions"): the kinds of the role `write`. */
const WRITE_WORDS: ReadonlySet<string> = new Set(DATA_ACTION_KINDS.filter((k) => kindFits(k, 'write')).map((k) => KINDS[k].keyword as string));
const WRITE_LIST = [...WRITE_WORDS].join(', ').replace(/, ([^,]*)$/, ' or $1');

/**
 * DOWNLOAD, the task and thread actions and the system actions as text (grammar/reference.md,
 * "Task, thread and system actions"): `DOWNLOAD RECORD records FROM database [VERSION n]`,
 * `DOWNLOAD POST n`, `RUN task {, task}`, `CONCLUDE TASK n [DELAY ms]`, `CANCEL TASKS ref {, ref}`,
 * `CLEAN TASKS ...`, `PAUSE THREADS 'name' {, 'name'}`, `ACCESS`, `ECHO 'text'`,
 * `WAIT [ms] [FAIL BEFORE instant]`, and `IF (SELECT ...) THEN write {ELSE IF ...} [ELSE write]`
 * whose writes are read by the write rules. A task's `conf` is a JSON object written
 * `(key = value, ...)` with `[...]` arrays. DESTROY, RESUME, SYNC and VIEW are errors in the
 * spec's words: it does not show what they are.
 */
export abstract class SystemRules extends ActionRules {
  /** True when the next token starts one of these actions. */
  protected atSystemWord(): boolean {
    return this.t1() === IDENTIFIER && SYSTEM_WORD_SET.has(this.image(this.pos).toUpperCase());
  }

  /** `DOWNLOAD ...`, `RUN ...`, `IF ...`, ... (the caller saw the word), and nothing after it. */
  protected *systemAction(): Rule<SystemAction> {
    const start = this.pos;
    const word = this.image(start).toUpperCase();
    this.pos++;
    let node: SystemAction;
    switch (word) {
      case 'DOWNLOAD':
        node = yield* this.download();
        break;
      case 'RUN': {
        const tasks: (TaskDef | TaskReference)[] = [];
        do tasks.push(yield* this.task(true));
        while (this.optional(T.Comma) !== MISSING);
        node = { kind: 'run_action', tasks };
        break;
      }
      case 'CONCLUDE': {
        this.expectWord('TASK');
        const task = this.wholeNumber('a task id (TASK)');
        let delay: string | null = null;
        const delayWord = this.optionalWord('DELAY');
        if (delayWord !== MISSING) delay = this.numberValue();
        node = { kind: 'conclude_action', task, delay };
        // `DELAY n` has its own span: a delay out of range is placed there.
        if (delayWord !== MISSING) this.propertySpan(node, 'delay', delayWord, this.last());
        break;
      }
      case 'CANCEL':
      case 'CLEAN': {
        this.expectWord('TASKS');
        const tasks: TaskReference[] = [];
        do tasks.push((yield* this.task(false)) as TaskReference);
        while (this.optional(T.Comma) !== MISSING);
        const kind = word === 'CANCEL' ? 'cancel_action' : 'clean_action';
        node = { kind, tasks, ignore: this.options(kind, {})['IGNORE'] ?? null };
        break;
      }
      case 'PAUSE': {
        this.expectWord('THREADS');
        const threads: string[] = [];
        do threads.push(this.stringText('a thread name'));
        while (this.optional(T.Comma) !== MISSING);
        node = { kind: 'pause_action', threads };
        break;
      }
      case 'ACCESS':
        node = { kind: 'access_action' };
        break;
      case 'ECHO':
        node = { kind: 'echo_action', echo: this.stringText('ECHO') };
        break;
      case 'WAIT': {
        const msStart = this.pos;
        const ms = this.at(T.NumberLiteral) || (this.at(T.Minus) && this.tk(2) === NUMBER) ? this.numberValue() : null;
        const msEnd = this.last();
        let failBefore: DateTimeLit | null = null;
        if (this.optionalWord('FAIL') !== MISSING) {
          this.expectWord('BEFORE');
          const eStart = this.pos;
          const e = (yield this.expression(0)) as Expr;
          if (e.kind === 'datetime') failBefore = e;
          else this.report('syntax/instant', "FAIL BEFORE takes an instant: DATETIME '...' (datetime text) or DATETIME(n) (epoch milliseconds)", eStart, this.last());
        }
        node = { kind: 'wait_action', ms, fail: this.options('wait_action', {})['FAIL'] ?? null, failBefore };
        if (ms !== null) this.propertySpan(node, 'ms', msStart, msEnd);
        break;
      }
      case 'IF':
        node = yield* this.ifAction();
        break;
      case 'STRUCT':
        node = yield* this.structAction();
        break;
      default: {
        // DESTROY, RESUME, SYNC, VIEW: the spec does not show them.
        const spec = UNSHOWN_ACTIONS[word.toLowerCase()] as string;
        this.pos = this.end;
        this.report('syntax/unshown-action', `${word} cannot be written: ${spec}`, start, start, 'dsq writes no guess of what the spec does not show');
        return this.mark({ kind: 'access_action' }, start);
      }
    }
    if (this.pos < this.end) this.notAllInputParsed('statement');
    return this.mark(node, start);
  }

  /** `STRUCT ...` after the word STRUCT (struct-rules.ts). */
  protected abstract structAction(): Generator<Rule<unknown>, SystemAction, unknown>;

  /** `RECORD records FROM database [VERSION n]` or `POST n`. */
  private *download(): Generator<Rule<unknown>, SystemAction, unknown> {
    if (this.optionalWord('POST') !== MISSING) return { kind: 'download_post', post: this.wholeNumber('a post id (POST)') };
    this.expectWord('RECORD', 'RECORD or POST');
    const record = yield* this.recordsSpecifier();
    this.expect(T.From);
    const database: Specifier = yield* this.database();
    const version = this.optionalWord('VERSION') !== MISSING ? this.wholeNumber('a version (VERSION)') : null;
    return { kind: 'download_record', database, record, version };
  }

  /** A task reference (`7`, `REF 12`), or where `definitions` a task definition too (`TASK 'name' CONF (...) ...`). */
  private *task(definitions: boolean): Generator<Rule<unknown>, TaskDef | TaskReference, unknown> {
    const start = this.pos;
    if (this.atWord('TASK')) {
      if (!definitions) {
        this.report('syntax/task-definition', 'a task definition stands only in RUN: this action takes task references', start, start, 'write a task id (7) or REF n (every task with that ref_id)');
      }
      return yield* this.taskDef();
    }
    if (this.optionalWord('REF') !== MISSING) return this.mark({ kind: 'task_ref', ref: this.wholeNumber('a ref_id (REF)') }, start);
    if (!(this.at(T.NumberLiteral) || (this.at(T.Minus) && this.tk(2) === NUMBER))) {
      this.syntaxError(expectedMessage(definitions ? "a task id, REF n or TASK 'name' CONF (...)" : 'a task id or REF n', ` after '${this.image(this.last())}', found ${this.foundText()}`));
      return { kind: 'task_id', id: '0' };
    }
    return this.mark({ kind: 'task_id', id: this.wholeNumber('a task id') }, start);
  }

  /**
   * `TASK 'name' CONF (key = value, ...) [PARENT n] [THREAD 'name'] [SEQ 'name'] [DESC 'text']
   * [PRIORITY n] [TIMEOUT ms] [REF_ID n] [OPTIONS (AUTO = bool, ARCHIVE = bool, OPEN = bool)]`.
   */
  private *taskDef(): Generator<Rule<unknown>, TaskDef, unknown> {
    const start = this.next();
    const name = this.stringText('TASK (the task name)');
    this.expectWord('CONF', 'CONF (key = value, ...) (the task\'s conf: a JSON object)');
    let conf: JsonData = { kind: 'json_object', members: [] };
    if (this.at(T.LParen)) conf = (yield this.jsonValue()) as JsonData;
    else this.expectedError("'(' (a JSON object: (key = value, ...))");
    const whole = (word: string) => (this.optionalWord(word) !== MISSING ? this.wholeNumber(word) : null);
    const text = (word: string, token?: TokenType) => ((token !== undefined ? this.optional(token) : this.optionalWord(word)) !== MISSING ? this.stringText(word) : null);
    const parent = whole('PARENT');
    const thread = text('THREAD');
    const seq = text('SEQ');
    const desc = text('DESC', T.Desc);
    const priority = whole('PRIORITY');
    const timeout = whole('TIMEOUT');
    const refId = whole('REF_ID');
    const options = this.options('task_def', {});
    const node: TaskDef = {
      kind: 'task_def', name, conf: conf as TaskDef['conf'], parent, thread, seq,
      auto: options['AUTO'] ?? null, archive: options['ARCHIVE'] ?? null, open: options['OPEN'] ?? null, desc, priority, timeout, refId,
    };
    return this.mark(node, start);
  }

  /** `IF (SELECT ...) THEN write {ELSE IF (SELECT ...) THEN write} [ELSE write]`. */
  private *ifAction(): Generator<Rule<unknown>, SystemAction, unknown> {
    const conditions: IfCondition[] = [];
    let more = true;
    while (more) {
      const start = this.pos;
      this.expect(T.LParen);
      const select = (yield this.select()) as Select;
      this.expect(T.RParen);
      this.expect(T.Then);
      const then = yield* this.writeAction();
      conditions.push(this.mark({ kind: 'if_condition', if: select, then }, start));
      more = this.at(T.Else) && this.atWord('IF', 2);
      if (more) this.pos += 2;
    }
    const otherwise = this.optional(T.Else) !== MISSING ? yield* this.writeAction() : null;
    return { kind: 'if_action', conditions, else: otherwise };
  }

  /** The write of THEN or ELSE (the spec: "Only write actions"). */
  private *writeAction(): Generator<Rule<unknown>, WriteAction, unknown> {
    const token = this.pos;
    const word = this.t1() === IDENTIFIER ? this.image(token).toUpperCase() : '';
    if (!WRITE_WORDS.has(word)) {
      if (token >= this.end) {
        this.syntaxError(expectedMessage(`a write action (${WRITE_LIST})`, ` after '${this.image(this.last())}', found the end of the input`));
        return { kind: 'delete_action', database: { kind: 'spec_all' }, records: { kind: 'spec_all' }, failNoOp: null };
      }
      const what = this.atActionWord() || this.atSystemWord() ? `${word} is not a write` : `found ${this.foundText()}`;
      this.report('syntax/if-not-write', `an IF runs only write actions (the spec: "Only write actions"): ${WRITE_LIST}; ${what}`, token, token);
      this.pos = this.end;
      return { kind: 'delete_action', database: { kind: 'spec_all' }, records: { kind: 'spec_all' }, failNoOp: null };
    }
    return (yield this.actionBody()) as WriteAction;
  }

  /** A number (milliseconds: DELAY, WAIT), with its sign: exact text (its range is the spec check's). */
  private numberValue(): string {
    const negative = this.optional(T.Minus) !== MISSING;
    const token = this.expect(T.NumberLiteral);
    return token === MISSING ? '0' : this.numberText(token, negative);
  }
}
