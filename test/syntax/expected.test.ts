import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostic/index.js';
import { LineIndex } from '../../src/diagnostic/index.js';
import { parseDocument, parseExpressionResult } from '../../src/syntax/index.js';
import { lex } from '../../src/syntax/tokenize.js';
import { runs } from '../helpers/runs.js';

/**
 * A syntax error fills the diagnostic's `expected` with what its message says was expected
 * (`expected <that> after ..., found ...`), for every kind of parser error: a missing token
 * (Chevrotain's MismatchedToken), no form of a rule matching (NoViableAlt), a required
 * repetition without its first element (EarlyExit), tokens after the end (NotAllInputParsed),
 * and the data actions' own errors.
 */

const only = (text: string): Diagnostic => {
  const ds = parseDocument(text).diagnostics;
  expect(ds, text).toHaveLength(1);
  return ds[0] as Diagnostic;
};

describe('syntax errors say what was expected, in the message and in `expected`', () => {
  it.each([
    // a missing token
    ['SELECT a FROM t WHERE (b', "expected ')' after name b, found the end of the input", "')'"],
    ['SELECT a FROM t WHERE x BETWEEN 1 OR 2', 'expected AND after number 1, found OR', 'AND'],
    // no form of a rule matches
    ['SELECT a FROM t WHERE', 'expected an expression after WHERE, found the end of the input', 'an expression'],
    ['SELECT a FROM (', "expected a table or (SELECT ...) after FROM, found '(' then the end of the input", 'a table or (SELECT ...)'],
    // a required repetition without its first element
    ['SELECT CASE END FROM t', 'expected WHEN after CASE, found END', 'WHEN'],
    // tokens after the end
    [
      'SELECT a FROM t x y',
      "unexpected name y: expected the end of the statement (';' or the end of the input)",
      "the end of the statement (';' or the end of the input)",
    ],
    // the data actions' own
    ['FETCH POSTS ON FOO', "expected GROUP, DATABASE or USER after 'ON' (the wall of the posts), found 'FOO'", 'GROUP, DATABASE or USER'],
    ['INSERT INTO db (a) VALUES (1) ON DUPLICATE FOO', "expected FAIL or UPDATE after 'DUPLICATE' (ON DUPLICATE of INSERT), found 'FOO'", 'FAIL or UPDATE'],
    ['INSERT db (a) VALUES (1)', "expected INTO (INSERT INTO database ...) after 'INSERT', found 'db'", 'INTO (INSERT INTO database ...)'],
    ['DELETE db WHERE a = 1', "expected FROM (DELETE FROM database ...) after 'DELETE', found 'db'", 'FROM (DELETE FROM database ...)'],
    [
      'FETCH RECORDS FROM db RECORDS KEY(a = )',
      "expected a key value (NULL, TRUE, FALSE, a number or a string) after '=', found ')'",
      'a key value (NULL, TRUE, FALSE, a number or a string)',
    ],
    ['SELECT a FROM t WHERE a = :', "expected a parameter name after ':' (such as :region), found the end of the input", 'a parameter name'],
    // problems the syntax allows but the language does not, said the same way
    ['SELECT COUNT(DISTINCT) FROM t', 'expected an expression after DISTINCT in COUNT(DISTINCT ...)', 'an expression'],
    ['SELECT a FROM t OPTIONS (FOO = 1)', 'unknown option FOO: expected ROWS, USE_STRINGS or ECHO', 'ROWS, USE_STRINGS or ECHO'],
    [
      'SELECT DATE "2024-01-01" FROM t',
      'expected a string in single quotes after DATE, found the double-quoted name "2024-01-01"',
      'a string in single quotes',
    ],
    // a datetime literal's text (found by the property below, seed -939849289)
    [
      "SELECT DATE 'two' FROM t",
      '"two": expected a date starting with a 4-digit year (YYYY, YYYY-MM-DD, YYYY-DDD or YYYY-Www-D)',
      'a date starting with a 4-digit year (YYYY, YYYY-MM-DD, YYYY-DDD or YYYY-Www-D)',
    ],
  ])('%s', (text, message, expected) => {
    const d = only(text);
    expect(d.message).toBe(message);
    expect(d.expected).toBe(expected);
  });

  it('a whole input that is one expression expects the end of the input after it', () => {
    const [d] = parseExpressionResult('a b').diagnostics;
    expect(d?.message).toBe('unexpected name b: expected the end of the input after the expression');
    expect(d?.expected).toBe('the end of the input');
  });

  it('the FETCH types are listed in one order, each once', () => {
    const d = only('FETCH BOGUS');
    expect(d.expected).toBe(
      'RECORDS, MULTIRECORDS, PSEUDORECORDS, TASKS, USERS, CRONS, FOLLOWS, KEYS, LOGS, NOTIFICATIONS, POSTS, PREFS, PREF_DEFS, USER_SUBSCRIPTIONS or SEQS',
    );
    const words = (d.expected as string).split(/, | or /);
    expect(new Set(words).size).toBe(words.length);
  });
});

// Statements to break: the examples and the printer's identity corpus.
const ROOT = new URL('../../', import.meta.url);
const statementsOf = (text: string) =>
  text
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s !== '');
const CORPUS = [
  ...readdirSync(new URL('examples/', ROOT))
    .filter((f) => f.endsWith('.dsq'))
    .flatMap((f) => statementsOf(readFileSync(new URL(`examples/${f}`, ROOT), 'utf8'))),
  ...statementsOf(readFileSync(new URL('test/fixtures/identity.dsq', ROOT), 'utf8')),
];

/** Tokens to put in: punctuation, keywords, the action words and theirs, literals. */
const TOKENS = [
  '(',
  ')',
  '[',
  ']',
  ',',
  '.',
  '@',
  ':',
  '*',
  '-',
  '~',
  '=',
  '<',
  'SELECT',
  'DISTINCT',
  'FROM',
  'WHERE',
  'GROUP',
  'BY',
  'ORDER',
  'LIMIT',
  'AS',
  'JOIN',
  'LEFT',
  'ON',
  'USING',
  'AND',
  'OR',
  'NOT',
  'IS',
  'NULL',
  'LIKE',
  'BETWEEN',
  'IN',
  'EXISTS',
  'CASE',
  'WHEN',
  'THEN',
  'ELSE',
  'END',
  'COLLATE',
  'OPTIONS',
  'TRUE',
  'FALSE',
  'ALL',
  'DATE',
  'DATABASE_COLUMN',
  'TABLE',
  'FETCH',
  'RECORDS',
  'POSTS',
  'INSERT',
  'INTO',
  'VALUES',
  'SET',
  'UPDATE',
  'DELETE',
  'DUPLICATE',
  'KEY',
  'ROWS',
  'COUNT',
  'x',
  '"q"',
  "'s'",
  '1',
  '2.5',
];

type Mutation = readonly ['delete' | 'repeat' | 'insert' | 'swap' | 'replace', number, string];
const arbMutations = fc.array(
  fc.tuple(fc.constantFrom('delete' as const, 'repeat' as const, 'insert' as const, 'swap' as const, 'replace' as const), fc.nat(), fc.constantFrom(...TOKENS)),
  { minLength: 1, maxLength: 3 },
);

/** The statement's tokens as written, mutated, joined by spaces. */
function mutate(text: string, mutations: readonly Mutation[]): string {
  const words = lex(text, new LineIndex(text)).tokens.map((t) => t.image);
  for (const [kind, at, token] of mutations) {
    if (words.length === 0) break;
    const i = at % words.length;
    if (kind === 'delete') words.splice(i, 1);
    else if (kind === 'repeat') words.splice(i, 0, words[i] as string);
    else if (kind === 'insert') words.splice(i, 0, token);
    else if (kind === 'replace') words[i] = token;
    else if (i + 1 < words.length) [words[i], words[i + 1]] = [words[i + 1] as string, words[i] as string];
  }
  return words.join(' ');
}

/** `expected` is there exactly when the message says `expected`, and is what the message says. */
function agrees(d: Diagnostic, text: string): void {
  const says = /\bexpected\b/.test(d.message);
  const where = `${text}\n${d.code}: ${d.message}`;
  expect(says, `${where}\nexpected: ${d.expected}`).toBe(d.expected !== undefined);
  if (d.expected === undefined) return;
  expect(d.expected.length, where).toBeGreaterThan(0);
  expect(d.message, where).toContain(`expected ${d.expected}`);
}

describe('on broken statements', () => {
  it('the corpus is there', () => {
    expect(CORPUS.length).toBeGreaterThan(100);
  });

  it('every syntax error has `expected` exactly when its message says so, and the two agree', () => {
    let seen = 0;
    fc.assert(
      fc.property(fc.constantFrom(...CORPUS), arbMutations, (statement, mutations) => {
        const text = mutate(statement, mutations);
        for (const d of parseDocument(text).diagnostics) {
          if (!d.code.startsWith('syntax/')) continue;
          agrees(d, text);
          if (d.code === 'syntax/unexpected-token') {
            expect(d.expected, `${text}\n${d.message}`).toBeDefined();
            seen++;
          }
        }
      }),
      { numRuns: runs(1500) },
    );
    // The mutations do break statements: the property saw parser errors.
    expect(seen).toBeGreaterThan(runs(500));
  });

  it('the same for one expression', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('a + 1', 'CASE WHEN a THEN 1 ELSE 2 END', 'f(a, b) IN (1, 2)', 'x BETWEEN 1 AND 2', 'NOT (a OR b)'),
        arbMutations,
        (expr, mutations) => {
          const text = mutate(expr, mutations);
          for (const d of parseExpressionResult(text).diagnostics) if (d.code.startsWith('syntax/')) agrees(d, text);
        },
      ),
      { numRuns: runs(500) },
    );
  });
});
