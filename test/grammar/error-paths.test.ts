import { readFileSync } from 'node:fs';
import type { IRecognitionException, IToken } from 'chevrotain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grammarTokens } from '../../grammar/chevrotain-tokens.js';
import { DsqGrammar } from '../../grammar/grammar-rules.js';
import { grammarRules } from '../../grammar/productions.js';
import { LineIndex } from '../../src/diagnostic/index.js';
import { lex } from '../../src/syntax/tokenize.js';
import { runs } from '../helpers/runs.js';

/**
 * grammar/grammar-rules.ts raises Chevrotain's no-viable-alternative error with the expected
 * paths of its message worked out once per alternation: the errors must be Chevrotain's own.
 * A grammar that raises them by Chevrotain's method reads the same texts beside it.
 */
type Raise = (this: DsqGrammar, occurrence: number, errMsgTypes: string | undefined) => never;
const chevrotains = (Object.getPrototypeOf(DsqGrammar.prototype) as { raiseNoAltException: Raise }).raiseNoAltException;

class ChevrotainsErrors extends DsqGrammar {
  override raiseNoAltException(occurrence: number, errMsgTypes: string | undefined): never {
    return chevrotains.call(this, occurrence, errMsgTypes);
  }
}

const identity = readFileSync(new URL('../fixtures/identity.dsq', import.meta.url), 'utf8')
  .split(';\n')
  .map((s) => s.trim())
  .filter((s) => s !== '');

const TOKENS = ['(', ')', ',', '.', '=', '*', 'SELECT', 'FROM', 'WHERE', 'BY', 'AND', 'NOT', 'IN', 'AS', 'JOIN', 'ON', 'x', "'s'", '1'];

function errors(grammar: DsqGrammar, text: string): unknown[] {
  grammar.input = grammarTokens(text);
  grammar.statement();
  return grammar.errors.map((e: IRecognitionException) => ({
    name: e.name,
    message: e.message,
    token: (e.token as IToken).startOffset,
    previous: (e as { previousToken?: IToken }).previousToken?.startOffset,
    rules: e.context.ruleStack,
    occurrences: e.context.ruleOccurrenceStack,
  }));
}

describe("the grammar's errors", () => {
  it("are Chevrotain's own: the identity corpus with a token deleted or inserted", () => {
    const plain = new ChevrotainsErrors();
    let noViableAlt = 0;
    fc.assert(
      fc.property(fc.constantFrom(...identity), fc.nat(), fc.option(fc.constantFrom(...TOKENS)), (text, at, token) => {
        const words = lex(text, new LineIndex(text)).tokens.map((t) => t.image);
        words.splice(at % words.length, token === null ? 1 : 0, ...(token === null ? [] : [token]));
        const mutated = words.join(' ');
        const mine = errors(grammarRules(), mutated);
        expect(mine, mutated).toEqual(errors(plain, mutated));
        if (mine.some((e) => (e as { name: string }).name === 'NoViableAltException')) noViableAlt += 1;
      }),
      { numRuns: runs(60) },
    );
    // The property compared errors of the kind in question.
    expect(noViableAlt).toBeGreaterThan(0);
  });
});
