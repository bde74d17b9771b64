import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tokenizeLine, type Grammar } from '../grammar/textmate.js';

/** The struct actions in the TextMate grammar: STRUCT and its words keywords where they stand, names left names. */
const grammar = JSON.parse(readFileSync(new URL('../../grammar/dsq.tmLanguage.json', import.meta.url), 'utf8')) as Grammar;
const keywords = (line: string) =>
  tokenizeLine(grammar, line)
    .filter((t) => t.scopes[1] === 'keyword.other.dsq')
    .map((t) => t.text.trim().replace(/\s+/g, ' '));

describe('struct actions in the TextMate grammar', () => {
  it.each([
    ["STRUCT BUFFER IMPORT INTO PIPE plant.p1 FILE 'x' CONF (a = 1) AT DATETIME '2024-01-31'", ['STRUCT BUFFER IMPORT INTO PIPE', 'FILE', 'CONF', 'AT']],
    ["STRUCT MN ALIAS 12 IN plant.mn ALIASES 'a'", ['STRUCT MN ALIAS', 'ALIASES']],
    ["STRUCT MN EDIT 12 IN plant.mn STATE 'retired'", ['STRUCT MN EDIT', 'STATE']],
    ["STRUCT EVENT CLOSE plant.events EVENTS WHERE state = 'open' AT 17", ['STRUCT EVENT CLOSE', 'EVENTS', 'WHERE', 'AT']],
    ['STRUCT CREATE PIPE p1 IN MODEL plant.press PARTITION FROM 2020 TO 2030', ['STRUCT CREATE PIPE', 'IN MODEL', 'PARTITION FROM']],
    [
      "STRUCT CREATE EVENT IN GROUP plant TYPE FILES SINGULAR 'alarm' TEAMS (ops = 'write')",
      ['STRUCT CREATE EVENT', 'GROUP', 'TYPE FILES', 'SINGULAR', 'TEAMS'],
    ],
    ['STRUCT CREATE CATEGORY c IN GROUP p GROUP_TEAMS (a = 1) DATABASE_TEAMS (b = 2)', ['STRUCT CREATE CATEGORY', 'GROUP', 'GROUP_TEAMS', 'DATABASE_TEAMS']],
  ])('%s', (line, expected) => {
    expect(keywords(line)).toEqual(expect.arrayContaining(expected));
  });
  it('the words are names elsewhere (a field called state, events or model)', () => {
    expect(keywords('SELECT state, events, model FROM t')).toEqual(['SELECT', 'FROM']);
  });
});
