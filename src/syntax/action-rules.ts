import type { DataAction } from '../ast/actions.js';
import { DATA_ACTION_WORDS } from '../ast/kinds.js';
import { idx, type Rule } from './parser-base.js';
import * as T from './tokens.js';
import { AdminRules } from './admin-rules.js';

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
export abstract class ActionRules extends AdminRules {
  /** True when the next token starts a data action. */
  protected atActionWord(): boolean {
    return this.t1() === IDENTIFIER && ACTION_WORD_SET.has(this.image(this.pos).toUpperCase());
  }

  /** `FETCH ...`, `INSERT ...`, ... (the caller saw an action word). */
  protected *dataAction(): Rule<DataAction> {
    const action = (yield this.actionBody()) as DataAction;
    if (this.pos < this.end) this.notAllInputParsed('statement');
    return action;
  }

  /** A data action, where more may follow (IF's THEN and ELSE: system-rules.ts). */
  protected *actionBody(): Rule<DataAction> {
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
      case 'SCHEMA':
      case 'CREATE':
      case 'DROP':
      case 'ALTER':
        action = (yield this.adminAction(word, start)) as DataAction;
        break;
      default:
        action = (yield this.remove(word, start)) as DataAction;
    }
    this.returning();
    return this.mark(action, start);
  }
}
