import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DsqError } from '../../src/diagnostic/index.js';
import { parse, parseDocument, parseExpression } from '../../src/syntax/index.js';
import { runs } from '../helpers/runs.js';
import { CONTEXTUAL_WORDS, RESERVED_WORDS } from '../../src/syntax/words.js';

/** Text built from the dialect's own pieces (and a few strangers), so it gets far into the grammar. */
const PIECES = [
  // Every keyword, reserved or contextual (src/syntax/words.ts).
  ...RESERVED_WORDS,
  ...CONTEXTUAL_WORDS,
  'COUNT',
  'SUM',
  'ROWS',
  'ECHO',
  'a',
  't.b',
  'x',
  '"q n"',
  '""',
  "'s'",
  "''",
  "'2024-02-30'",
  "'10:30'",
  '1',
  '-7',
  '3.5',
  '.5',
  '1e999',
  '9223372036854775808',
  '(',
  ')',
  '[',
  ']',
  ',',
  ';',
  '.',
  '@',
  ':',
  '=',
  '<>',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  '+',
  '-',
  '*',
  '/',
  '%',
  '&',
  '|',
  '<<',
  '>>',
  '~',
  '||',
  '::',
  '==',
  '!',
  '--c\n',
  '/* c */',
  '/*',
  "'",
  '"',
  '#',
  '`',
  '\n',
  '\u00e9t\u00e9',
];
const arbSoup = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((parts) => parts.join(' '));
const arbNearStatement = fc.tuple(arbSoup, arbSoup).map(([a, b]) => `SELECT ${a} FROM t WHERE ${b}`);

describe('any input gets diagnostics, never a crash', () => {
  it('parseDocument never throws; spans lie inside the text', () => {
    fc.assert(
      fc.property(fc.oneof(arbSoup, arbNearStatement, fc.string()), (text) => {
        const doc = parseDocument(text);
        for (const d of doc.diagnostics) {
          expect(d.span).toBeDefined();
          expect(d.span!.start).toBeGreaterThanOrEqual(0);
          expect(d.span!.end).toBeLessThanOrEqual(text.length);
          expect(d.message.length).toBeGreaterThan(0);
          expect(d.message).not.toMatch(/undefined|\[object|NaN/);
        }
      }),
      { numRuns: runs(2000) },
    );
  });

  it('parse and parseExpression throw nothing but DsqError, and succeed exactly when parseDocument has no error', () => {
    fc.assert(
      fc.property(fc.oneof(arbSoup, arbNearStatement), (text) => {
        const doc = parseDocument(text);
        const errors = doc.diagnostics.filter((d) => d.severity === 'error');
        let thrown: unknown = null;
        try {
          parse(text);
        } catch (err) {
          thrown = err;
        }
        if (thrown !== null) expect(thrown).toBeInstanceOf(DsqError);
        if (errors.length > 0) expect(thrown).not.toBeNull();
        if (errors.length === 0 && doc.statements.length === 1) expect(thrown).toBeNull();
        try {
          parseExpression(text);
        } catch (err) {
          expect(err).toBeInstanceOf(DsqError);
        }
      }),
      { numRuns: runs(2000) },
    );
  });
});
