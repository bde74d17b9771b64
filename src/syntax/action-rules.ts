import type { DataAction } from '../ast/data-actions.js';
import { DATA_ACTION_WORDS } from '../ast/kinds.js';
import * as T from './tokens.js';
import { call, idx, type ParserState, type Rule } from './parser-state.js';
import { returning } from './action-parts.js';
import { adminAction } from './admin-rules.js';
import { fetch } from './fetch-rules.js';
import { recordsWrite, remove, update } from './write-rules.js';

/** The words that start a data action (bare words, not reserved: a column may be called `update`): the statement words of the kind table but SELECT. */
export const ACTION_WORDS: readonly string[] = DATA_ACTION_WORDS;
const ACTION_WORD_SET: ReadonlySet<string> = new Set(ACTION_WORDS);
const IDENTIFIER = idx(T.Identifier);

/**
 * The data actions as text (grammar/reference.md, "Data actions"): FETCH (fetch-rules.ts),
 * INSERT, REPLACE, SET, UPDATE, DELETE, TRASH, RESTORE, DISPOSE (write-rules.ts), from the parts
 * they share (action-parts.ts). SQL habits an action cannot hold (UPDATE ... FROM, RETURNING,
 * DELETE ... USING, LIMIT or ORDER BY on a write, INSERT ... SELECT) are errors with a hint.
 */

/** True when the next token starts a data action. */
export function atActionWord(p: ParserState): boolean {
  return p.t1() === IDENTIFIER && ACTION_WORD_SET.has(p.image(p.pos).toUpperCase());
}

/** `FETCH ...`, `INSERT ...`, ... (the caller saw an action word). */
export function* dataAction(p: ParserState): Rule<DataAction> {
  const action = yield* call(actionBody(p));
  if (p.pos < p.end) p.notAllInputParsed('statement');
  return action;
}

/** A data action, where more may follow (IF's THEN and ELSE: system-rules.ts). */
export function* actionBody(p: ParserState): Rule<DataAction> {
  const start = p.pos;
  const word = p.image(start).toUpperCase();
  p.pos++;
  let action: DataAction;
  switch (word) {
    case 'FETCH':
      action = yield* call(fetch(p, start));
      break;
    case 'INSERT':
    case 'REPLACE':
    case 'SET':
      action = yield* call(recordsWrite(p, word, start));
      break;
    case 'UPDATE':
      action = yield* call(update(p, start));
      break;
    case 'SCHEMA':
    case 'CREATE':
    case 'DROP':
    case 'ALTER':
      action = yield* call(adminAction(p, word, start));
      break;
    default:
      action = yield* call(remove(p, word, start));
  }
  returning(p);
  return p.mark(action, start);
}
