import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Select, Statement } from '../../src/ast/index.js';
import { fromJson, toJson } from '../../src/json/index.js';
import { print } from '../../src/print/index.js';
import { isBareName, writeAlias, writeName } from '../../src/print/names.js';
import { parse, parseDocument } from '../../src/syntax/index.js';
import { KEYWORDS } from '../../src/syntax/tokens.js';
import {
  ALIAS_RESERVED_WORDS,
  RESERVED_WORDS,
  SQL_VALUE_WORDS,
  UNSUPPORTED_JOIN_WORDS,
  isAliasReservedWord,
  isSqlValueWord,
  isUnsupportedJoinWord,
} from '../../src/syntax/words.js';
import { runs } from '../helpers/runs.js';

const errors = (text: string) => parseDocument(text).diagnostics.filter((d) => d.severity === 'error');
const first = (text: string) => {
  const [d] = errors(text);
  return { code: d?.code, message: d?.message, hint: d?.hint, column: d?.span?.column };
};

/**
 * Spec, Select syntax, Sources: "join (`join`) | op (`join`, `left`, `left_outer`, `inner`,
 * `cross`), s1 (left source), s2 (right source)". A join the select object cannot hold is an
 * error, never an alias (issue 11, "Meaning silently changed").
 */
describe('"op (`join`, `left`, `left_outer`, `inner`, `cross`)": other joins are errors with a hint, never aliases', () => {
  const cases: [string, string, string][] = [
    ['SELECT * FROM a RIGHT JOIN b', 'RIGHT JOIN is not a join of the select object', 'swap the two sources and write LEFT JOIN: b LEFT JOIN a'],
    ['SELECT * FROM a right outer join b', 'RIGHT OUTER JOIN is not a join of the select object', 'swap the two sources'],
    ['SELECT * FROM a FULL JOIN b', 'FULL JOIN is not a join of the select object', 'a full outer join cannot be expressed'],
    ['SELECT * FROM a FULL OUTER JOIN b', 'FULL OUTER JOIN is not a join of the select object', 'a full outer join cannot be expressed'],
    ['SELECT * FROM a NATURAL JOIN b', 'NATURAL JOIN is not a join of the select object', 'put the equality of the shared columns in WHERE'],
    ['SELECT * FROM a NATURAL LEFT OUTER JOIN b', 'NATURAL LEFT OUTER JOIN is not a join', 'put the equality of the shared columns in WHERE'],
    ['SELECT * FROM a OUTER JOIN b', 'OUTER JOIN needs LEFT', 'write LEFT OUTER JOIN'],
    ['SELECT * FROM a OUTER APPLY f', 'OUTER APPLY is not a join of the select object', 'join a subquery source instead'],
    ['SELECT * FROM a STRAIGHT_JOIN b', 'STRAIGHT_JOIN is not a join of the select object', 'write JOIN'],
    ['SELECT * FROM a ASOF JOIN b', 'ASOF JOIN is not a join of the select object', 'write one of JOIN, INNER JOIN'],
    ['SELECT * FROM a JOIN LATERAL (SELECT 1)', 'LATERAL is not in the select object', 'without LATERAL'],
    ['SELECT * FROM a, LATERAL (SELECT 1) x', 'LATERAL is not in the select object', 'without LATERAL'],
    ['SELECT * FROM a CROSS APPLY f', 'expected JOIN after CROSS, found APPLY', 'dsq has no CROSS APPLY'],
    ['SELECT * FROM a LEFT SEMI JOIN b', 'expected JOIN after LEFT, found SEMI', 'write WHERE EXISTS (SELECT ...)'],
    ['SELECT * FROM a LEFT ANTI JOIN b', 'expected JOIN after LEFT, found ANTI', 'write WHERE NOT EXISTS (SELECT ...)'],
    ['SELECT * FROM a JOIN b USING (id)', 'JOIN ... USING is not supported', 'put the join condition in WHERE'],
    ['SELECT * FROM a JOIN b ON a.id = b.id', 'JOIN ... ON is not supported', 'put the join condition in WHERE'],
  ];
  it.each(cases)('%s', (text, message, hint) => {
    const d = first(text);
    expect(d.message).toContain(message);
    expect(d.hint).toContain(hint);
    expect(() => parse(text)).toThrow(message);
  });

  it('the whole unsupported join is one error: the rest of the statement still parses (no follow-on errors)', () => {
    expect(errors('SELECT * FROM a RIGHT OUTER JOIN b WHERE a.x = b.x ORDER BY a.x')).toHaveLength(1);
    expect(first('SELECT * FROM a RIGHT JOIN b')).toMatchObject({ code: 'syntax/unsupported-join', column: 17 });
  });

  it("the select object's own joins still read: JOIN, INNER JOIN, CROSS JOIN, a comma, LEFT [OUTER] JOIN", () => {
    const from = (text: string) => (parse(text) as Select).from;
    expect(from('SELECT * FROM a LEFT OUTER JOIN b')).toMatchObject({ kind: 'join', op: 'left_outer' });
    expect(from('SELECT * FROM a x CROSS JOIN b y, c')).toMatchObject({
      kind: 'join',
      op: 'cross',
      s1: { op: 'cross', s1: { alias: 'x' }, s2: { alias: 'y' } },
    });
  });
});

describe('"a word that is a keyword in common SQL and would change meaning if read as an alias is not accepted as a bare alias"', () => {
  it.each(ALIAS_RESERVED_WORDS.map((w) => [w]))('%s: no bare alias (with or without AS), quoted it is one', (word) => {
    for (const text of [`SELECT a ${word} FROM t`, `SELECT a AS ${word.toLowerCase()} FROM t`, `SELECT a FROM t ${word}`, `SELECT a FROM t AS ${word}`]) {
      expect(errors(text).length, text).toBeGreaterThan(0);
    }
    const quoted = parse(`SELECT a AS "${word}" FROM t "${word.toLowerCase()}"`) as Select;
    expect(quoted.columns).toMatchObject([{ alias: word }]);
    expect(quoted.from).toMatchObject({ alias: word.toLowerCase() });
  });

  it('with AS the error says how to write the alias', () => {
    expect(first('SELECT a AS right FROM t')).toEqual({
      code: 'syntax/reserved-alias',
      message: 'RIGHT is an SQL keyword and is never read as an alias',
      hint: 'for an alias of that name quote it: AS "right"',
      column: 13,
    });
  });

  it('without AS the word is an error where it stands, with what to write instead', () => {
    expect(first('SELECT a UNION SELECT b')).toMatchObject({ message: "unexpected UNION: expected the end of the statement (';' or the end of the input)" });
    expect(first('SELECT a FROM t UNION SELECT b').hint).toContain('dsq has no UNION');
    expect(first('SELECT COUNT(*) OVER (PARTITION BY a) FROM t').hint).toContain('dsq has no window functions');
    expect(first('SELECT a FROM t FOR UPDATE').hint).toContain('dsq has no locking clauses');
    expect(first('SELECT a MOD 2 FROM t').hint).toContain("write '%' for the remainder");
    expect(first('SELECT a right FROM t').hint).toBe('RIGHT is an SQL keyword and is never read as a bare alias; for an alias of that name quote it: "right"');
    // After a source, a join word without JOIN is an alias attempt, and said so.
    expect(first('SELECT * FROM a right')).toMatchObject({
      message: "unexpected RIGHT: expected the end of the statement (';' or the end of the input)",
      hint: 'RIGHT is an SQL keyword and is never read as a bare alias; for an alias of that name quote it: "right"',
    });
    expect(errors('SELECT * FROM a natural WHERE x = 1')).toHaveLength(1);
  });

  it('the words stay names everywhere else: columns, tables, functions, paths', () => {
    const s = parse('SELECT right, full.over, filter(x), mod FROM lateral, natural.window WHERE union = 1') as Select;
    expect(s.columns).toMatchObject([
      { e: { path: 'right' } },
      { e: { path: 'full.over' } },
      { e: { kind: 'function', name: 'FILTER' } },
      { e: { path: 'mod' } },
    ]);
    expect(s.from).toMatchObject({ op: 'cross', s1: { table: 'lateral' }, s2: { table: 'natural.window' } });
  });

  it('the printer quotes exactly these words as aliases (AS "right"), and nowhere else', () => {
    const s = parse('SELECT right AS "right", union AS "Union" FROM full AS "full"') as Statement;
    const text = print(s);
    expect(text).toBe('SELECT right AS "right", union AS "Union" FROM full AS "full"');
    expect(parse(text)).toEqual(s);
    expect(fromJson(toJson(s))).toEqual(s);
    for (const word of ALIAS_RESERVED_WORDS) {
      expect(writeAlias(word.toLowerCase())).toBe(`"${word.toLowerCase()}"`);
      expect(writeName(word.toLowerCase())).toBe(word.toLowerCase());
    }
  });
});

describe('one reserved-word list (src/syntax/words.ts) for the lexer, the parser and the printer', () => {
  it('the keyword tokens are exactly RESERVED_WORDS', () => {
    expect(KEYWORDS.map((t) => t.name)).toEqual([...RESERVED_WORDS]);
  });

  it('every reserved word is rejected bare as a name and printed quoted; quoted it reads as the name', () => {
    for (const word of RESERVED_WORDS) {
      for (const spelling of [word, word.toLowerCase()]) {
        expect(errors(`SELECT ${spelling} FROM t`).length + errors(`SELECT a FROM ${spelling}`).length, spelling).toBeGreaterThan(0);
        expect(isBareName(spelling)).toBe(false);
        expect(parse(`SELECT "${spelling}" FROM "${spelling}"`)).toMatchObject({ columns: [{ e: { path: spelling } }], from: { table: spelling } });
      }
    }
  });

  it('keywords compare case-insensitively in ASCII only: ſelect (long s) is a name, read and printed bare', () => {
    expect(parse('SELECT ſelect FROM t')).toMatchObject({ columns: [{ e: { path: 'ſelect' } }] });
    expect(UNSUPPORTED_JOIN_WORDS.every((w) => (ALIAS_RESERVED_WORDS as readonly string[]).includes(w))).toBe(true);
  });
});

describe('the word lists answer by their words alone (the length and first letter filter of words.ts tells no word apart wrongly)', () => {
  it('every spelling of a listed word is one, every near miss is not (any case, one letter more or less, another first letter)', () => {
    const lists: [readonly string[], (w: string) => boolean][] = [
      [ALIAS_RESERVED_WORDS, isAliasReservedWord],
      [UNSUPPORTED_JOIN_WORDS, isUnsupportedJoinWord],
      [SQL_VALUE_WORDS, isSqlValueWord],
    ];
    const arbCase = (w: string) =>
      fc
        .array(fc.boolean(), { minLength: w.length, maxLength: w.length })
        .map((up) => [...w].map((c, i) => (up[i] ? c.toUpperCase() : c.toLowerCase())).join(''));
    for (const [words, is] of lists) {
      const arbWord = fc.oneof(
        fc.constantFrom(...words).chain(arbCase),
        fc.constantFrom(...words).map((w) => w.slice(1)),
        fc.constantFrom(...words).map((w) => `${w}S`),
        fc.constantFrom(...words).map((w) => `_${w.slice(1)}`),
        fc.constantFrom(...words).map((w) => `ſ${w.slice(1)}`),
        fc.string({ maxLength: 12 }),
      );
      fc.assert(
        fc.property(arbWord, (w) => {
          expect(is(w)).toBe(/^[\x00-\x7f]*$/.test(w) && words.includes(w.toUpperCase()));
        }),
        { numRuns: runs(500) },
      );
    }
  });
});
