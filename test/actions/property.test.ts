import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTree } from '../../src/spec/check.js';
import { fromJson, toJson } from '../../src/json/index.js';
import { format, print } from '../../src/print/index.js';
import { DsqError } from '../../src/diagnostic/index.js';
import { parse, parseDocument, parseStatements } from '../../src/syntax/index.js';
import { arbAction } from '../fixtures/action-arbitraries.js';
import { runs } from '../helpers/runs.js';

/** The round trips of issue 16, over every kind of data action and (issue 29) of DOWNLOAD, task and system action (test/fixtures/action-arbitraries.ts). */
describe('data actions: round-trip properties', () => {
  it('the arbitraries make valid trees (the spec check finds nothing)', () => {
    fc.assert(
      fc.property(arbAction, (a) => {
        expect(checkTree(a)).toEqual([]);
      }),
      { numRuns: runs(500) },
    );
  });

  it('text: parse(print(action)) is the action (2,000 runs)', () => {
    fc.assert(
      fc.property(arbAction, (a) => {
        expect(parse(print(a))).toEqual(a);
      }),
      { numRuns: runs(2000) },
    );
  });

  it('JSON: fromJson(toJson(action)) is the action, short and full forms (2,000 runs)', () => {
    fc.assert(
      fc.property(arbAction, (a) => {
        expect(fromJson(toJson(a))).toEqual(a);
        expect(fromJson(toJson(a, { form: 'full', indent: 2 }))).toEqual(a);
      }),
      { numRuns: runs(2000) },
    );
  });

  it('decompile: the printed text compiles to the same JSON, and fmt is idempotent (500 runs)', () => {
    fc.assert(
      fc.property(arbAction, (a) => {
        const json = toJson(a);
        const text = print(fromJson(json));
        expect(toJson(parse(text))).toBe(json);
        expect(format(format(text))).toBe(format(text));
      }),
      { numRuns: runs(500) },
    );
  });
});

describe('data actions: no crash on any mangled text', () => {
  const TEXTS = [
    "FETCH COUNT RECORDS FIELDS (id, status) ATTRIBUTES () FROM shop.orders RECORDS [1, KEY(a = 'x', b = -2), WHERE x > 1] WHERE y = 2 ORDER BY z DESC LIMIT 5 OFFSET 1 OPTIONS (CHILDREN = FALSE)",
    "FETCH MULTIRECORDS FROM (WHERE name LIKE 'o%') WHERE a = 1; FETCH PSEUDORECORDS FROM (SELECT a FROM t) LIMIT 1; FETCH TASKS FROM 5 USER 'bob' TEXT 'x'; FETCH USERS ['a', 2]",
    "INSERT INTO t (a, tags, file) VALUES (1, ['x'], TEXT 'hi'), (x + 1, [], 'obj') ON DUPLICATE UPDATE OPTIONS (FAIL_NO_OP = TRUE)",
    'SET INTO t RECORDS (a = 1, b = TRUE), (c = (5)) ON DUPLICATE TRASH ON REMOVE DELETE; REPLACE INTO t RECORDS NONE',
    "UPDATE t SET a = 1, b = c * 2 FILE 'obj' WHERE id = 7 OPTIONS (FAIL_NO_OP = FALSE); DELETE FROM t RECORDS ALL; TRASH FROM t WHERE a; RESTORE FROM t RECORDS 1; DISPOSE FROM t",
  ];
  const PIECES = [
    '(',
    ')',
    '[',
    ']',
    ',',
    '=',
    ';',
    "'s'",
    '1',
    '-',
    'NULL',
    'TRUE',
    'KEY',
    'RECORDS',
    'VALUES',
    'WHERE',
    'ON',
    'DUPLICATE',
    'SET',
    'FROM',
    'INTO',
    'OPTIONS',
    'COUNT',
    'FETCH',
    'UPDATE',
    'tags',
    'file',
    'TEXT',
    'x',
    'LIMIT',
    'RETURNING',
    'USING',
    'SELECT',
  ];
  it('parseDocument never throws; parse throws only DsqError (2,000 runs)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TEXTS),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom('delete', 'insert', 'swap'), fc.constantFrom(...PIECES)), { maxLength: 5 }),
        (text, edits) => {
          const words = text.split(/(?=[ (),;[\]])|(?<=[ (),;[\]])/).filter((w) => w.trim() !== '');
          for (const [at, kind, piece] of edits) {
            const i = at % Math.max(1, words.length);
            if (kind === 'delete') words.splice(i, 1);
            else if (kind === 'insert') words.splice(i, 0, piece);
            else if (i + 1 < words.length) [words[i], words[i + 1]] = [words[i + 1] as string, words[i] as string];
          }
          const mangled = words.join(' ');
          parseDocument(mangled);
          try {
            parseStatements(mangled);
          } catch (e) {
            expect(e).toBeInstanceOf(DsqError);
          }
        },
      ),
      { numRuns: runs(2000) },
    );
  });
});
