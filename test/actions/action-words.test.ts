import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DataAction } from '../../src/ast/data-actions.js';
import { print } from '../../src/print/index.js';
import { parse, parseDocument } from '../../src/syntax/index.js';
import { arbWrite } from '../fixtures/action-arbitraries.js';
import { runs } from '../helpers/runs.js';
import { documentAccepts } from '../../grammar/system-grammar.js';

/**
 * The word after a write's action word (issue 31): `DELETE shop.orders WHERE id = 1` compiled
 * although the grammar has FROM. The grammar (grammar/reference.md, the Chevrotain grammar of
 * the diagrams), the docs and the parser agree: DELETE, TRASH, RESTORE and DISPOSE take FROM,
 * INSERT, REPLACE and SET take INTO, and leaving the word out is one error whose hint writes it.
 */

const reference = readFileSync(new URL('../../grammar/reference.md', import.meta.url), 'utf8');

const WORD_AFTER: Partial<Record<DataAction['kind'], readonly [string, 'FROM' | 'INTO']>> = {
  delete_action: ['DELETE', 'FROM'],
  trash_action: ['TRASH', 'FROM'],
  restore_action: ['RESTORE', 'FROM'],
  dispose_action: ['DISPOSE', 'FROM'],
  insert_action: ['INSERT', 'INTO'],
  replace_action: ['REPLACE', 'INTO'],
  set_action: ['SET', 'INTO'],
};

describe('a write without the FROM or INTO of its grammar is one error with the form as hint', () => {
  it.each([
    ['DELETE shop.orders WHERE id = 1', 'DELETE', 'FROM', "'shop'", 'write DELETE FROM shop.orders ...'],
    ['TRASH shop.orders RECORDS 7', 'TRASH', 'FROM', "'shop'", 'write TRASH FROM shop.orders ...'],
    ['restore shop.orders@trash', 'restore', 'FROM', "'shop'", 'write RESTORE FROM shop.orders@trash ...'],
    ['DISPOSE 12 RECORDS ALL', 'DISPOSE', 'FROM', "'12'", 'write DISPOSE FROM database ...'],
    ['DELETE WHERE a = 1', 'DELETE', 'FROM', "'WHERE'", 'write DELETE FROM database ...'],
    ['INSERT shop.orders (id) VALUES (1)', 'INSERT', 'INTO', "'shop'", 'write INSERT INTO shop.orders ...'],
    ['REPLACE "my db".x RECORDS (a = 1)', 'REPLACE', 'INTO', `'"my db"'`, 'write REPLACE INTO "my db".x ...'],
    ['SET shop.prices RECORDS (a = 1)', 'SET', 'INTO', "'shop'", 'write SET INTO shop.prices ...'],
  ])('%s', (text, written, keyword, found, hint) => {
    const diagnostics = parseDocument(text).diagnostics;
    expect(diagnostics).toHaveLength(1);
    const upper = written.toUpperCase();
    expect(diagnostics[0]).toMatchObject({
      code: 'syntax/unexpected-token',
      message: `expected ${keyword} (${upper} ${keyword} database ...) after '${written}', found ${found}`,
      expected: `${keyword} (${upper} ${keyword} database ...)`,
      hint,
      span: { line: 1, column: written.length + 2 },
    });
  });

  it('every write printed without that word is the error, and with it parses back (property)', () => {
    fc.assert(
      fc.property(arbWrite, (action) => {
        const words = WORD_AFTER[action.kind];
        if (words === undefined) return; // UPDATE has no word after it
        const [word, keyword] = words;
        const text = print(action, { width: 1000 });
        expect(text.startsWith(`${word} ${keyword} `), text).toBe(true);
        expect(parse(text)).toEqual(action);
        const without = `${word} ${text.slice(word.length + keyword.length + 2)}`;
        const errors = parseDocument(without).diagnostics.filter((d) => d.severity === 'error');
        expect(
          errors.map((d) => d.message),
          without,
        ).toEqual([expect.stringMatching(new RegExp(`^expected ${keyword} \\(${word} ${keyword} database \\.\\.\\.\\) after '${word}', found `))]);
        expect(errors[0]?.hint).toMatch(new RegExp(`^write ${word} ${keyword} `));
      }),
      { numRuns: runs(400) },
    );
  });

  it('the grammar of the reference and of the diagrams says the same', () => {
    expect(reference).toContain('remove      := (DELETE | TRASH | RESTORE | DISPOSE) FROM database');
    expect(reference).toContain('insert      := (INSERT | REPLACE | SET) INTO database');
    // The diagrams' grammar, run as a recognizer: the word is required there too.
    for (const [written, keyword] of Object.values(WORD_AFTER)) {
      const rest = keyword === 'FROM' ? 'shop.orders WHERE id = 1' : 'shop.orders (id) VALUES (1)';
      expect(documentAccepts(`${written} ${keyword} ${rest}`)).toBe(true);
      expect(documentAccepts(`${written} ${rest}`)).toBe(false);
    }
  });
});
