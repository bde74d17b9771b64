import type { TokenType } from 'chevrotain';
import type { DateTimeLit, Specifier } from '../ast/nodes.js';
import { DATA_ACTION_KINDS, KINDS, SYSTEM_ACTION_KINDS } from '../ast/kinds.js';
import { kindFits } from '../ast/fields.js';
import {
  UNSHOWN_ACTIONS,
  type IfCondition,
  type JsonData,
  type SystemAction,
  type TaskDef,
  type TaskReference,
  type WriteAction,
} from '../ast/system-actions.js';
import { expectedMessage } from './error-messages.js';
import * as T from './tokens.js';
import { call, MISSING, idx, type ParserState, type Rule } from './parser-state.js';
import { RULES } from './rule-table.js';
import { atWord, database, expectWord, optionalWord, options, propertySpan, recordsSpecifier, stringText } from './action-parts.js';
import { actionBody, atActionWord } from './action-rules.js';
import { jsonValue } from './admin-rules.js';
import { expression } from './expression-rules.js';
import { wholeNumber } from './fetch-rules.js';
import { numberText } from './node-helpers.js';
import { structAction } from './struct-rules.js';

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

/** True when the next token starts one of these actions. */
export function atSystemWord(p: ParserState): boolean {
  return p.t1() === IDENTIFIER && SYSTEM_WORD_SET.has(p.image(p.pos).toUpperCase());
}

/** `DOWNLOAD ...`, `RUN ...`, `IF ...`, ... (the caller saw the word), and nothing after it. */
export function* systemAction(p: ParserState): Rule<SystemAction> {
  const start = p.pos;
  const word = p.image(start).toUpperCase();
  p.pos++;
  let node: SystemAction;
  switch (word) {
    case 'DOWNLOAD':
      node = yield* download(p);
      break;
    case 'RUN': {
      const tasks: (TaskDef | TaskReference)[] = [];
      do tasks.push(yield* task(p, true));
      while (p.optional(T.Comma) !== MISSING);
      node = { kind: 'run_action', tasks };
      break;
    }
    case 'CONCLUDE': {
      expectWord(p, 'TASK');
      const taskRef = wholeNumber(p, 'a task id (TASK)');
      let delay: string | null = null;
      const delayWord = optionalWord(p, 'DELAY');
      if (delayWord !== MISSING) delay = numberValue(p);
      node = { kind: 'conclude_action', task: taskRef, delay };
      // `DELAY n` has its own span: a delay out of range is placed there.
      if (delayWord !== MISSING) propertySpan(p, node, 'delay', delayWord, p.last());
      break;
    }
    case 'CANCEL':
    case 'CLEAN': {
      expectWord(p, 'TASKS');
      const tasks: TaskReference[] = [];
      do tasks.push((yield* task(p, false)) as TaskReference);
      while (p.optional(T.Comma) !== MISSING);
      const kind = word === 'CANCEL' ? 'cancel_action' : 'clean_action';
      node = { kind, tasks, ignore: options(p, kind, {})['IGNORE'] ?? null };
      break;
    }
    case 'PAUSE': {
      expectWord(p, 'THREADS');
      const threads: string[] = [];
      do threads.push(stringText(p, 'a thread name'));
      while (p.optional(T.Comma) !== MISSING);
      node = { kind: 'pause_action', threads };
      break;
    }
    case 'ACCESS':
      node = { kind: 'access_action' };
      break;
    case 'ECHO':
      node = { kind: 'echo_action', echo: stringText(p, 'ECHO') };
      break;
    case 'WAIT': {
      const msStart = p.pos;
      const ms = p.at(T.NumberLiteral) || (p.at(T.Minus) && p.tk(2) === NUMBER) ? numberValue(p) : null;
      const msEnd = p.last();
      let failBefore: DateTimeLit | null = null;
      if (optionalWord(p, 'FAIL') !== MISSING) {
        expectWord(p, 'BEFORE');
        const eStart = p.pos;
        const e = yield* call(expression(p, 0));
        if (e.kind === 'datetime') failBefore = e;
        else p.report('syntax/instant', "FAIL BEFORE takes an instant: DATETIME '...' (datetime text) or DATETIME(n) (epoch milliseconds)", eStart, p.last());
      }
      node = { kind: 'wait_action', ms, fail: options(p, 'wait_action', {})['FAIL'] ?? null, failBefore };
      if (ms !== null) propertySpan(p, node, 'ms', msStart, msEnd);
      break;
    }
    case 'IF':
      node = yield* ifAction(p);
      break;
    case 'STRUCT':
      node = yield* structAction(p);
      break;
    default: {
      // DESTROY, RESUME, SYNC, VIEW: the spec does not show them.
      const spec = UNSHOWN_ACTIONS[word.toLowerCase()] as string;
      p.pos = p.end;
      p.report('syntax/unshown-action', `${word} cannot be written: ${spec}`, start, start, 'dsq writes no guess of what the spec does not show');
      return p.mark({ kind: 'access_action' }, start);
    }
  }
  if (p.pos < p.end) p.notAllInputParsed('statement');
  return p.mark(node, start);
}

/** `RECORD records FROM database [VERSION n]` or `POST n`. */
function* download(p: ParserState): Generator<Rule<unknown>, SystemAction, unknown> {
  if (optionalWord(p, 'POST') !== MISSING) return { kind: 'download_post', post: wholeNumber(p, 'a post id (POST)') };
  expectWord(p, 'RECORD', 'RECORD or POST');
  const record = yield* recordsSpecifier(p);
  p.expect(T.From);
  const db: Specifier = yield* database(p);
  const version = optionalWord(p, 'VERSION') !== MISSING ? wholeNumber(p, 'a version (VERSION)') : null;
  return { kind: 'download_record', database: db, record, version };
}

/** A task reference (`7`, `REF 12`), or where `definitions` a task definition too (`TASK 'name' CONF (...) ...`). */
function* task(p: ParserState, definitions: boolean): Generator<Rule<unknown>, TaskDef | TaskReference, unknown> {
  const start = p.pos;
  if (atWord(p, 'TASK')) {
    if (!definitions) {
      p.report(
        'syntax/task-definition',
        'a task definition stands only in RUN: this action takes task references',
        start,
        start,
        'write a task id (7) or REF n (every task with that ref_id)',
      );
    }
    return yield* taskDef(p);
  }
  if (optionalWord(p, 'REF') !== MISSING) return p.mark({ kind: 'task_ref', ref: wholeNumber(p, 'a ref_id (REF)') }, start);
  if (!(p.at(T.NumberLiteral) || (p.at(T.Minus) && p.tk(2) === NUMBER))) {
    p.syntaxError(
      expectedMessage(
        definitions ? "a task id, REF n or TASK 'name' CONF (...)" : 'a task id or REF n',
        ` after '${p.image(p.last())}', found ${p.foundText()}`,
      ),
    );
    return p.placeholder({ kind: 'task_id', id: '0' });
  }
  return p.mark({ kind: 'task_id', id: wholeNumber(p, 'a task id') }, start);
}

/**
 * `TASK 'name' CONF (key = value, ...) [PARENT n] [THREAD 'name'] [SEQ 'name'] [DESC 'text']
 * [PRIORITY n] [TIMEOUT ms] [REF_ID n] [OPTIONS (AUTO = bool, ARCHIVE = bool, OPEN = bool)]`.
 */
function* taskDef(p: ParserState): Generator<Rule<unknown>, TaskDef, unknown> {
  const start = p.next();
  const name = stringText(p, 'TASK (the task name)');
  expectWord(p, 'CONF', "CONF (key = value, ...) (the task's conf: a JSON object)");
  let conf: JsonData;
  if (p.at(T.LParen)) conf = yield* call(jsonValue(p));
  else {
    p.expectedError("'(' (a JSON object: (key = value, ...))");
    conf = p.placeholder({ kind: 'json_object', members: [] });
  }
  const whole = (word: string) => (optionalWord(p, word) !== MISSING ? wholeNumber(p, word) : null);
  const text = (word: string, token?: TokenType) =>
    (token !== undefined ? p.optional(token) : optionalWord(p, word)) !== MISSING ? stringText(p, word) : null;
  const parent = whole('PARENT');
  const thread = text('THREAD');
  const seq = text('SEQ');
  const desc = text('DESC', T.Desc);
  const priority = whole('PRIORITY');
  const timeout = whole('TIMEOUT');
  const refId = whole('REF_ID');
  const opts = options(p, 'task_def', {});
  const node: TaskDef = {
    kind: 'task_def',
    name,
    conf: conf as TaskDef['conf'],
    parent,
    thread,
    seq,
    auto: opts['AUTO'] ?? null,
    archive: opts['ARCHIVE'] ?? null,
    open: opts['OPEN'] ?? null,
    desc,
    priority,
    timeout,
    refId,
  };
  return p.mark(node, start);
}

/** `IF (SELECT ...) THEN write {ELSE IF (SELECT ...) THEN write} [ELSE write]`. */
function* ifAction(p: ParserState): Generator<Rule<unknown>, SystemAction, unknown> {
  const conditions: IfCondition[] = [];
  let more = true;
  while (more) {
    const start = p.pos;
    p.expect(T.LParen);
    const sel = yield* call(RULES.select(p));
    p.expect(T.RParen);
    p.expect(T.Then);
    const then = yield* writeAction(p);
    conditions.push(p.mark({ kind: 'if_condition', if: sel, then }, start));
    more = p.at(T.Else) && atWord(p, 'IF', 2);
    if (more) p.pos += 2;
  }
  const otherwise = p.optional(T.Else) !== MISSING ? yield* writeAction(p) : null;
  return { kind: 'if_action', conditions, else: otherwise };
}

/** The write of THEN or ELSE (the spec: "Only write actions"). */
function* writeAction(p: ParserState): Generator<Rule<unknown>, WriteAction, unknown> {
  const token = p.pos;
  const word = p.t1() === IDENTIFIER ? p.image(token).toUpperCase() : '';
  if (!WRITE_WORDS.has(word)) {
    if (token >= p.end) {
      p.syntaxError(expectedMessage(`a write action (${WRITE_LIST})`, ` after '${p.image(p.last())}', found the end of the input`));
      return p.placeholder({
        kind: 'delete_action',
        database: p.placeholder({ kind: 'spec_all' }),
        records: p.placeholder({ kind: 'spec_all' }),
        failNoOp: null,
      });
    }
    const what = atActionWord(p) || atSystemWord(p) ? `${word} is not a write` : `found ${p.foundText()}`;
    p.report('syntax/if-not-write', `an IF runs only write actions (the spec: "Only write actions"): ${WRITE_LIST}; ${what}`, token, token);
    p.pos = p.end;
    return p.placeholder({
      kind: 'delete_action',
      database: p.placeholder({ kind: 'spec_all' }),
      records: p.placeholder({ kind: 'spec_all' }),
      failNoOp: null,
    });
  }
  return (yield* call(actionBody(p))) as WriteAction;
}

/** A number (milliseconds: DELAY, WAIT), with its sign: exact text (its range is the spec check's). */
function numberValue(p: ParserState): string {
  const negative = p.optional(T.Minus) !== MISSING;
  const token = p.expect(T.NumberLiteral);
  return token === MISSING ? '0' : numberText(p, token, negative);
}
