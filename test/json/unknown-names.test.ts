import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromJsonResult } from '../../src/json/index.js';
import { runs } from '../helpers/runs.js';

/**
 * The JSON readers' messages for a name that is none of the known ones (issue 31: `unknown
 * action the string "if"` read badly). One builder (src/json/parts.ts `unknownName`, `gotType`,
 * `quoteText`) makes every one of them: `unknown action "if"` for a string, quoted and escaped
 * as JSON writes it (a long one shortened in the middle with the message); `the action must be
 * a string, got the number 5` for any other value; `got type "x"` where a "type" names no known form.
 */

const message = (json: string, pointer: string): string => {
  const found = fromJsonResult(json).diagnostics.find((d) => d.pointer === pointer);
  if (found === undefined) throw new Error(`no diagnostic at ${pointer} for ${json}: ${JSON.stringify(fromJsonResult(json).diagnostics)}`);
  return found.message;
};

const ACTIONS =
  'dsq reads the actions select, fetch, insert, replace, set, update, delete, trash, restore, dispose, schema, create, alter, drop, download, run, conclude, cancel, clean, pause, access, echo, wait, if, struct_buffer_import, struct_mn_alias, struct_mn_edit, struct_event, struct_create';
const JOINS = 'expected one of join, left, left_outer, inner, cross';

describe('every "unknown ..." message names the value as written', () => {
  it.each([
    ['{"action":"unless"}', '/action', `unknown action "unless"; ${ACTIONS}`],
    ['{"action":5}', '/action', `the action must be a string, got the number 5; ${ACTIONS}`],
    ['{"action":"sel\\"ect\\n"}', '/action', `unknown action "sel\\"ect\\n" (did you mean "select" or "set"?); ${ACTIONS}`],
    [`{"action":"${'a'.repeat(100)}"}`, '/action', `unknown action "${'a'.repeat(39)}…(43 more characters)…${'a'.repeat(18)}"; ${ACTIONS}`],
    ['{"from":{"type":"join","op":"outer","s1":"a","s2":"b"}}', '/from/op', `unknown join op "outer"; ${JOINS}`],
    ['{"from":{"type":"join","op":5,"s1":"a","s2":"b"}}', '/from/op', `the join op must be a string, got the number 5; ${JOINS}`],
    [
      '{"where":{"type":"binary","op":"<>","e1":1,"e2":2}}',
      '/where/op',
      'unknown binary operator "<>" (write "!="); expected one of and or = != > >= < <= is like regexp + - * / % & | << >>',
    ],
    [
      '{"where":{"type":"binary","op":true,"e1":1,"e2":2}}',
      '/where/op',
      'the binary operator must be a string, got true; expected one of and or = != > >= < <= is like regexp + - * / % & | << >>',
    ],
    ['{"where":{"type":"unary","op":"!","e":1}}', '/where/op', 'unknown unary operator "!" (did you mean "-" or "~"?); expected one of not - ~'],
    ['{"where":{"type":"unary","op":[],"e":1}}', '/where/op', 'the unary operator must be a string, got an array of 0; expected one of not - ~'],
    [
      '{"action":"fetch","fetch":"recs"}',
      '/fetch',
      'unknown fetch type "recs" (did you mean "records"?); expected one of records, multirecords, pseudorecords, tasks, users, crons, follows, keys, logs, notifications, posts, prefs, pref_defs, user_subscriptions, seqs',
    ],
    [
      '{"where":{"type":"nope"}}',
      '/where/type',
      'unknown expression type "nope"; expected one of null, number, string, datetime, localdatetime, localdate, localtime, column, alias, between, binary, case, collate, count_rows, exists, function, in, in_select, select, unary',
    ],
    ['{"from":{"type":"nope"}}', '/from/type', 'unknown source type "nope"; expected one of table, table_system, table_database, join, select'],
    ['{"where":{"$nope":1}}', '/where/$nope', 'unknown shorthand operator "$nope"'],
    ['{"where":{"$no\\"pe":1}}', '/where/$no"pe', 'unknown shorthand operator "$no\\"pe"'],
    [
      '{"frm":"t"}',
      '/frm',
      'unknown property "frm" in a select object (did you mean "from"?); expected "distinct", "columns", "from", "where", "group", "having", "order", "limit", "offset"',
    ],
    [
      '{"fr\\"m\\t":"t"}',
      '/fr"m\t',
      'unknown property "fr\\"m\\t" in a select object (did you mean "from"?); expected "distinct", "columns", "from", "where", "group", "having", "order", "limit", "offset"',
    ],
    ['{"columns":{"type":"any"}}', '/columns/type', '"columns" as an object must be {"type": "all"}, got type "any"'],
    ['{"columns":{"type":5}}', '/columns/type', '"columns" as an object must be {"type": "all"}, got the number 5 as "type"'],
    [
      '{"from":{"type":"table_database","database":[{"type":"all"}],"table":"records"}}',
      '/from/database/0/type',
      'expected an id (number), a name (string) or {"type": "where", "where": ...} in an array specifier, got type "all"',
    ],
    [
      '{"action":"insert","database":"d","records":[{"file":{"type":"hex","content":"x"}}]}',
      '/records/0/file/type',
      'expected a binary object: an uploaded object id (a string), {"type": "text", "content": ...} or {"type": "base64", "content": ...}, got type "hex"',
    ],
    [
      '{"action":"insert","database":"d","records":[{"file":{"type":null,"content":"x"}}]}',
      '/records/0/file/type',
      'expected a binary object: an uploaded object id (a string), {"type": "text", "content": ...} or {"type": "base64", "content": ...}, got null as "type"',
    ],
  ])('%s', (json, pointer, expected) => {
    expect(message(json, pointer)).toBe(expected);
  });

  it('any unknown action, operator or type: the value as JSON writes it, never "the string" (property)', () => {
    const place = fc.constantFrom(
      (v: string) => [`{"action":${v}}`, '/action', 'action'] as const,
      (v: string) => [`{"from":{"type":"join","op":${v},"s1":"a","s2":"b"}}`, '/from/op', 'join op'] as const,
      (v: string) => [`{"where":{"type":"binary","op":${v},"e1":1,"e2":2}}`, '/where/op', 'binary operator'] as const,
      (v: string) => [`{"where":{"type":${v}}}`, '/where/type', 'expression type'] as const,
      (v: string) => [`{"from":{"type":${v}}}`, '/from/type', 'source type'] as const,
    );
    const known = new Set([
      'select',
      'fetch',
      'insert',
      'replace',
      'set',
      'update',
      'delete',
      'trash',
      'restore',
      'dispose',
      'join',
      'left',
      'left_outer',
      'inner',
      'cross',
      'and',
      'or',
      'is',
      'like',
      'regexp',
    ]);
    fc.assert(
      fc.property(
        fc.string({ maxLength: 60 }).filter((s) => s.trim() !== '' && !known.has(s.toLowerCase()) && !/^[-=!<>+*/%&|~]+$/.test(s)),
        place,
        (text, at) => {
          const [json, pointer, what] = at(JSON.stringify(text));
          const diagnostics = fromJsonResult(json).diagnostics;
          // An expression or source type may be one of the spellings; then there is nothing to say.
          const d = diagnostics.find((x) => x.pointer === pointer);
          if (d === undefined) return;
          expect(d.message.startsWith(`unknown ${what} ${JSON.stringify(text)}`), d.message).toBe(true);
          expect(d.message).not.toContain('the string');
        },
      ),
      { numRuns: runs(300) },
    );
  });
});
