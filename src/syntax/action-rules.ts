import type { DataAction } from '../ast/actions.js';
import { KINDS, STATEMENT_WORDS } from '../ast/kinds.js';
import { idx, type Rule } from './parser-base.js';
import * as T from './tokens.js';
import { WriteRules } from './write-rules.js';

/** The words that start a data action (bare words, not reserved: a column may be called `update`): the statement words of the kind table but SELECT. */
export const ACTION_WORDS: readonly string[] = STATEMENT_WORDS.filter((w) => w !== KINDS.select.keyword);
const ACTION_WORD_SET: ReadonlySet<string> = new Set(ACTION_WORDS);
const IDENTIFIER = idx(T.Identifier);

/**
 * The data actions as text (grammar/reference.md, "Data actions"): FETCH (fetch-rules.ts),
 * INSERT, REPLACE, SET, UPDATE, DELETE, TRASH, RESTORE, DISPOSE (write-rules.ts), from the parts
 * they share (action-parts.ts). SQL habits an action cannot hold (UPDATE ... FROM, RETURNING,
 * DELETE ... USING, LIMIT or ORDER BY on a write, INSERT ... SELECT) are errors with a hint.
 */
export abstract class ActionRules extends WriteRules {
  /** True when the next token starts a data action. */
  protected atActionWord(): boolean {
    return this.t1() === IDENTIFIER && ACTION_WORD_SET.has(this.image(this.pos).toUpperCase());
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
}
