import { describe, expect, it } from 'vitest';
import { FETCH_CLAUSES, type FetchClause } from '../../src/ast/kinds-fetch.js';
import { parse } from '../../src/syntax/index.js';
import { RESERVED_WORDS } from '../../src/syntax/words.js';
import { documentAccepts } from '../../grammar/system-grammar.js';
import { W } from '../../grammar/action-grammar.js';

/**
 * The FETCH types written field by field (FETCH_CLAUSES, src/ast/kinds-fetch.ts): the parser
 * rule (src/syntax/fetch-rules.ts) reads them and the diagrams' grammar
 * (grammar/action-grammar.ts) draws them by the table, so a new such type is its table entry
 * alone (docs/trial-kind.md). test/grammar/agreement.test.ts holds the two to each other on
 * random statements of every kind; here, each type's every clause.
 */

const TABLE_TYPES = Object.entries(FETCH_CLAUSES).filter((e): e is [string, readonly FetchClause[]] => e[1] !== null);

/** A clause's text and the value the parser reads from it. */
function written(c: FetchClause): [text: string, value: unknown] {
  if (c.form === 'spec') return [`${c.word} 'bob'`, { kind: 'spec_name', name: 'bob' }];
  if (c.form === 'whole') return [`${c.word} 12`, '12'];
  return [`${c.word} 'note'`, 'note'];
}

describe('FETCH types written field by field', () => {
  it('are every type but those with a field that is not a clause (their syntax is their own)', () => {
    const own = Object.entries(FETCH_CLAUSES)
      .filter(([, clauses]) => clauses === null)
      .map(([type]) => type);
    // Expressions and paging (records, multirecords, pseudorecords, tasks, users), a required
    // database and a write's records (logs), one ON clause for three fields (posts).
    expect(own).toEqual(['records', 'multirecords', 'pseudorecords', 'tasks', 'users', 'logs', 'posts']);
    // (The others are read by the table: a new one needs no edit here.)
    expect(TABLE_TYPES.map(([type]) => type)).toEqual(expect.arrayContaining(['crons', 'follows', 'notifications', 'user_subscriptions']));
  });

  it("each clause's word is a bare word (the parser reads it as one) and a word of the diagrams' grammar", () => {
    for (const [type, clauses] of TABLE_TYPES) {
      for (const c of clauses) {
        expect(RESERVED_WORDS, `${type}.${c.key}`).not.toContain(c.word);
        expect(W[c.word], `${type}.${c.key}`).toBeDefined();
      }
    }
  });

  it('reads every clause of each type, COUNT where a flag is COUNT; the grammar accepts the same texts', () => {
    for (const [type, clauses] of TABLE_TYPES) {
      const counted = clauses.some((c) => c.form === 'flag' && c.word === 'COUNT');
      const parts: string[] = [];
      const expected: Record<string, unknown> = { kind: `fetch_${type}` };
      const flags = clauses.filter((c) => c.form === 'flag' && c.word !== 'COUNT');
      for (const c of clauses) {
        if (c.form === 'flag') expected[c.key] = c.word === 'COUNT';
        else if (c.orBefore) expected[c.key] = null;
        else {
          const [text, value] = written(c);
          parts.push(text);
          expected[c.key] = value;
        }
      }
      if (flags.length > 0) parts.push(`OPTIONS (${flags.map((c) => `${c.word} = FALSE`).join(', ')})`);
      const text = `FETCH ${counted ? 'COUNT ' : ''}${type.toUpperCase()} ${parts.join(' ')}`.trim();
      expect(parse(text), text).toEqual(expected);
      expect(documentAccepts(text), text).toBe(true);
    }
  });

  it('reads a clause written instead of the one before it alone, and refuses the two together, as the grammar does', () => {
    expect(parse("FETCH USER_SUBSCRIPTIONS USER 'bob'")).toEqual({ kind: 'fetch_user_subscriptions', team: null, user: { kind: 'spec_name', name: 'bob' } });
    expect(documentAccepts("FETCH USER_SUBSCRIPTIONS USER 'bob'")).toBe(true);
    const both = "FETCH USER_SUBSCRIPTIONS TEAM 'ops' USER 'bob'";
    expect(() => parse(both)).toThrow(/unexpected name USER: expected the end of the statement/);
    expect(documentAccepts(both)).toBe(false);
  });

  it('refuses COUNT before a type without a count, in the parser and the grammar', () => {
    expect(() => parse('FETCH COUNT PREFS')).toThrow(/FETCH PREFS has no count/);
    expect(documentAccepts('FETCH COUNT PREFS')).toBe(false);
    expect(documentAccepts('FETCH COUNT KEYS')).toBe(true);
  });
});
