import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineIndex } from '../../src/diagnostic/index.js';
import { format, print } from '../../src/print/index.js';
import { lex } from '../../src/syntax/tokenize.js';
import { parseDocument, parseStatements } from '../../src/syntax/index.js';
import { lint } from '../../src/lint/lint.js';
import { makeArbitraries } from '../fixtures/arbitraries.js';
import { random as prng } from '../../bench/corpus.js';
import { runs } from '../helpers/runs.js';
import { formatsTo } from '../helpers/format-final.js';

const small = makeArbitraries({ maxDepth: 2, maxItems: 3 });

/** Insert comments and white space at random token boundaries of `text`. */
function decorate(text: string, seed: number): string {
  const random = prng(seed);
  const tokens = lex(text, new LineIndex(text)).tokens;
  const cuts = [0, ...tokens.map((t) => t.startOffset + t.image.length)];
  let n = 0;
  const insert = (): string => {
    const r = random();
    if (r < 0.55) return '';
    const id = n++;
    const pick = Math.floor(random() * 8);
    return [' ', '\n', '\n\n', ` /* c${id} */ `, ` -- c${id}\n`, `\n  -- c${id}\n`, `\n/* c${id}\n   more */\n`, `\n\n-- c${id}\n\n`][pick] as string;
  };
  let out = '';
  let from = 0;
  for (const cut of cuts) {
    out += text.slice(from, cut) + insert();
    from = cut;
  }
  return out + text.slice(from) + insert();
}

const arbText = fc
  .tuple(
    fc.array(small.statement, { minLength: 1, maxLength: 3 }),
    fc.integer({ min: 20, max: 120 }),
    fc.constantFrom('upper' as const, 'lower' as const),
    fc.integer(),
    fc.constantFrom(';\n', ';', ';\n\n\n', ' ; '),
  )
  .map(([statements, width, keywordCase, seed, sep]) => decorate(statements.map((s) => print(s, { width, keywordCase })).join(sep), seed));

const commentTexts = (text: string) => parseDocument(text).comments.map((c) => c.text.replace(/\r\n?/g, '\n'));

describe('format', () => {
  it('is idempotent, keeps the statements and keeps every comment in order', { timeout: 180_000 }, () => {
    fc.assert(
      fc.property(arbText, fc.integer({ min: 20, max: 120 }), (text, width) => {
        const doc = parseDocument(text);
        fc.pre(doc.diagnostics.every((d) => d.severity !== 'error'));
        const once = format(text, { width });
        expect(format(once, { width })).toBe(once);
        expect(parseStatements(once)).toEqual(parseStatements(text));
        expect(commentTexts(once)).toEqual(commentTexts(text));
        expect(once.endsWith('\n') && !once.endsWith('\n\n')).toBe(true);
      }),
      { numRuns: runs(2000) },
    );
  });

  it('lays out comments in place', () => {
    const text = [
      '-- header',
      '',
      'select a, -- first',
      '  b /* bee */ , c',
      'from t -- the table',
      'where x = 1 and /* mid */ y = 2;',
      '-- second',
      'SELECT 1;  -- one',
      '/* footer */',
    ].join('\n');
    expect(format(text)).toBe(
      [
        '-- header',
        '',
        'SELECT',
        '  a, -- first',
        '  b /* bee */,',
        '  c',
        'FROM t -- the table',
        'WHERE x = 1 AND /* mid */ y = 2;',
        '',
        '-- second',
        'SELECT 1 -- one',
        '/* footer */',
        '',
      ].join('\n'),
    );
  });

  it("keeps a comment before a statement's ; with that statement", () => {
    formatsTo('SELECT 1\n/* one */;\nSELECT 2', 'SELECT 1\n/* one */;\n\nSELECT 2\n');
  });

  it('keeps blank lines between list items', () => {
    expect(format('SELECT a,\n\n  -- group two\n  b FROM t')).toBe('SELECT\n  a,\n\n  -- group two\n  b\nFROM t\n');
  });

  // A GROUP BY number prints in parentheses of its own, where its item starts (its node starts
  // inside them): the blank line before that `(` is kept before it; one inside it is not between
  // items (it printed inside the parentheses, and not again once a comment led the number).
  it('keeps a blank line before a GROUP BY number, before its parentheses, and none inside them', () => {
    const cases: [string, string][] = [
      ['SELECT * FROM t GROUP BY c,\n\n (0), d', 'SELECT *\nFROM t\nGROUP BY\n  c,\n\n  (0),\n  d\n'],
      ['SELECT * FROM t GROUP BY c,\n\n (/* x */ 0), d', 'SELECT *\nFROM t\nGROUP BY\n  c,\n\n  (/* x */ 0),\n  d\n'],
      ['SELECT * FROM t GROUP BY c, (\n\n0), d', 'SELECT * FROM t GROUP BY c, (0), d\n'],
      ['SELECT * FROM t ORDER BY c,\n\n (0), d', 'SELECT *\nFROM t\nORDER BY\n  c,\n\n  (0),\n  d\n'],
    ];
    for (const [text, expected] of cases) {
      formatsTo(text, expected);
    }
  });

  it('fills the lines of a long IN list of plain values, one per line when they carry comments or blank lines', () => {
    const values = Array.from({ length: 30 }, (_, i) => String(i * 1000));
    expect(format(`SELECT * FROM t WHERE id IN (${values.join(', ')})`)).toBe(
      [
        'SELECT *',
        'FROM t',
        'WHERE',
        '  id IN (',
        '    0, 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000, 11000,',
        '    12000, 13000, 14000, 15000, 16000, 17000, 18000, 19000, 20000, 21000, 22000,',
        '    23000, 24000, 25000, 26000, 27000, 28000, 29000',
        '  )',
        '',
      ].join('\n'),
    );
    expect(format('SELECT * FROM t WHERE id IN (1,\n\n 2, 3)')).toBe('SELECT *\nFROM t\nWHERE\n  id IN (\n    1,\n\n    2,\n    3\n  )\n');
  });

  it('handles CRLF, a BOM, and ends with one newline', () => {
    expect(format('\uFEFFSELECT  a\r\nFROM t -- c\r\n\r\n\r\n')).toBe('SELECT a FROM t -- c\n');
    expect(format("SELECT 'a\r\nb'")).toBe("SELECT 'a\r\nb'\n");
    expect(format('-- only a comment\n')).toBe('-- only a comment\n');
  });

  it('keeps keyword case as written with preserve', () => {
    expect(format('select a From t where x is not null', { keywordCase: 'preserve' })).toBe('select a From t where x is not null\n');
    // A keyword the source did not write follows its usual case.
    expect(format('select a b from t', { keywordCase: 'preserve' })).toBe('select a as b from t\n');
    expect(format('SELECT a b FROM t', { keywordCase: 'preserve' })).toBe('SELECT a AS b FROM t\n');
  });

  it('never reformats text the parser rejects', () => {
    expect(() => format('SELECT FROM WHERE')).toThrowError(/./);
    try {
      format('SELECT a FROM t WHERE');
    } catch (err) {
      expect((err as Error).name).toBe('DsqError');
    }
  });
});

describe('format keeps what the user wrote (issue 10)', () => {
  it("keeps '' as written (the parser reads it as NULL: the tree is the same)", () => {
    expect(format("SELECT a FROM t WHERE b = ''")).toBe("SELECT a FROM t WHERE b = ''\n");
    expect(format("select '' as e, NULL from t")).toBe("SELECT '' AS e, NULL FROM t\n");
    expect(parseStatements(format("SELECT '' FROM t"))).toEqual(parseStatements('SELECT NULL FROM t'));
  });

  it('a dsq-disable empty-string comment still suppresses after formatting', () => {
    const text = "SELECT a FROM t WHERE b = /* dsq-disable empty-string */ ''";
    const formatted = format(text);
    expect(formatted).toContain("''");
    const codes = lint(formatted).diagnostics.map((d) => d.code);
    expect(codes).not.toContain('empty-string');
    expect(codes).not.toContain('suppression-comment');
  });

  it('prints a quoted name for a column with spaces, also where it is compared', () => {
    expect(format('SELECT "order total" FROM t WHERE "order total" = 1')).toBe('SELECT "order total" FROM t WHERE "order total" = 1\n');
    // Written as COLUMN('...') where the quoted form draws the parser's "looks like text"
    // warning, it stays so.
    expect(format("SELECT a FROM t WHERE COLUMN('order total') = 1")).toBe("SELECT a FROM t WHERE COLUMN('order total') = 1\n");
    expect(format('SELECT a FROM t WHERE COLUMN(a) = 1')).toBe('SELECT a FROM t WHERE a = 1\n');
  });

  it('keeps a comma between sources, whatever white space is around it; a comment there makes it CROSS JOIN', () => {
    expect(format('SELECT * FROM a ,\t\n b')).toBe('SELECT * FROM a, b\n');
    expect(format('SELECT * FROM a,b,c')).toBe('SELECT * FROM a, b, c\n');
    expect(format('SELECT * FROM a , -- c\n b')).toBe('SELECT *\nFROM\n  a\n  CROSS JOIN -- c\n  b\n');
    expect(format('SELECT * FROM a, /* c */ b CROSS JOIN c')).toBe('SELECT * FROM a CROSS JOIN /* c */ b CROSS JOIN c\n');
  });

  it('spells AS of every alias in the keyword case, the names captured by an alias as written', () => {
    const text = 'select x as y, count(*) as n from t as u group by x having n > 1 and y = 2 order by y desc';
    expect(format(text, { keywordCase: 'lower' })).toBe('select x as y, COUNT(*) as n\nfrom t as u\ngroup by x\nhaving n > 1 and y = 2\norder by y desc\n');
    expect(format(text)).toBe('SELECT x AS y, COUNT(*) AS n\nFROM t AS u\nGROUP BY x\nHAVING n > 1 AND y = 2\nORDER BY y DESC\n');
  });

  it('normalises <> to != (the README says so)', () => {
    expect(format('SELECT a FROM t WHERE b <> 1')).toBe('SELECT a FROM t WHERE b != 1\n');
  });
});
