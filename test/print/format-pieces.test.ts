import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInPieces } from '../../src/print/format.js';
import { isChecked } from '../../src/ast/checked.js';
import { print, printDocument } from '../../src/print/index.js';
import { parseDocument, parseInPieces, type ParsedDocument } from '../../src/syntax/parse.js';
import { arbAction } from '../fixtures/action-arbitraries.js';
import { makeArbitraries } from '../fixtures/arbitraries.js';
import { commentRandomly } from './comment-facts.js';
import { runs } from '../helpers/runs.js';

// The formatter reads a text a run of statements at a time (parseInPieces): a piece ends after a
// `;` with no comment between the statements on either side of it, once it holds enough tokens.
// Whatever the size of the pieces, the output, the diagnostics and the comments are those of the
// whole text read at once (one piece: a size larger than the text).
const WHOLE = Number.MAX_SAFE_INTEGER;

function sameAsWhole(text: string, width = 80): void {
  const whole = formatInPieces(text, { width }, WHOLE);
  // One piece is the text parsed whole and printed, as printDocument does.
  const document = parseDocument(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  expect(whole.value).toBe(whole.value === undefined ? undefined : printDocument(document, { width }));
  for (const size of [1, 2, 7, 40]) {
    const pieces = formatInPieces(text, { width }, size);
    expect(pieces.value).toBe(whole.value);
    expect(pieces.diagnostics).toEqual(whole.diagnostics);
  }
}

describe('format in pieces', () => {
  const small = makeArbitraries({ maxDepth: 3, maxItems: 3 });

  it('random statements of every kind with comments at random boundaries: the same output for pieces of any size', () => {
    fc.assert(
      fc.property(
        // Every statement kind: SELECT, FETCH, the writes, admin and system actions.
        fc.array(fc.oneof(small.statement, arbAction), { minLength: 2, maxLength: 6 }),
        fc.integer({ min: 20, max: 120 }),
        fc.integer(),
        fc.constantFrom(';\n', ';', ';\n\n\n', ' ; ', ';;\n', ';\n-- between\n', '; /* after */\n', ';\r\n'),
        fc.double({ min: 0, max: 0.6, noNaN: true }),
        (statements, width, seed, sep, density) => {
          const base = statements.map((s) => print(s, { width })).join(sep);
          sameAsWhole(density === 0 ? base : commentRandomly(base, seed, density), width);
        },
      ),
      { numRuns: runs(150) },
    );
  });

  it('keeps the edges of a text: comments before the first statement and after the last, a final ;, blank lines, keyword case', () => {
    const texts = [
      '-- head\n\nSELECT a FROM t;\nSELECT b FROM u;\n\n-- tail\n',
      'SELECT a FROM t; -- after a\nSELECT b FROM u; -- after b',
      'SELECT a FROM t;\n\n\nSELECT b\n\nFROM u;;;\nSELECT c FROM v;',
      'select a from t;\nSELECT b FROM u where x = 1;\nselect c from v',
      'SELECT a FROM (t -- inside\n);\nSELECT b FROM u',
      '\ufeffSELECT a FROM t;\r\nSELECT b FROM u;\r\n',
      "INSERT INTO shop.orders FROM CSV FILE 'obj-7f3a' ON DUPLICATE UPDATE;\nUPDATE shop.orders SET note = 'a;b' WHERE status = 'paid';\n" +
        'DELETE FROM shop.sales RECORDS [KEY(order_id = 101, line = 1)];\nFETCH COUNT RECORDS FROM shop.sales RECORDS [101, 102]',

      '/* only a comment */',
      '',
    ];
    for (const text of texts) {
      if (text.includes('SELECT') || text.includes('FETCH')) expect(formatInPieces(text, {}, 1).value).toBeDefined();
      sameAsWhole(text);
      for (const size of [1, 3])
        expect(formatInPieces(text, { keywordCase: 'preserve' }, size)).toEqual(formatInPieces(text, { keywordCase: 'preserve' }, WHOLE));
    }
  });

  it('reports every error of every piece, in source order, and formats nothing', () => {
    const text = 'SELECT a FROM t;\nSELECT FROM;\nSELECT b FROM u;\nSELECT c FROM v WHERE;\nSELECT "unterminated';
    const whole = formatInPieces(text, {}, WHOLE);
    expect(whole.value).toBeUndefined();
    expect(whole.diagnostics.filter((d) => d.severity === 'error').length).toBeGreaterThanOrEqual(3);
    for (const size of [1, 2, 5]) expect(formatInPieces(text, {}, size)).toEqual(whole);
    expect(whole.diagnostics).toEqual(parseDocument(text).diagnostics);
  });

  it('splits only where no comment lies between two statements, and each piece holds the comments up to the next', () => {
    const text = 'SELECT a FROM t; -- c1\nSELECT b FROM u;\n-- c2\nSELECT c FROM v;\nSELECT d FROM w /* c3 */;\nSELECT e FROM x;\nSELECT f FROM y';
    const pieces: ParsedDocument[] = [];
    parseInPieces(text, (p) => pieces.push(p), {}, 1);
    expect(pieces.map((p) => p.statements.length)).toEqual([3, 2, 1]);
    expect(pieces.map((p) => p.comments.map((c) => c.text))).toEqual([['-- c1', '-- c2'], ['/* c3 */'], []]);
    expect(pieces.flatMap((p) => p.statements.map((s) => s.span))).toEqual(parseDocument(text).statements.map((s) => s.span));
  });

  it("leaves the pieces' trees unfrozen and unchecked (the formatter's own), while parseDocument's stay sealed", () => {
    const text = 'SELECT a, b FROM t WHERE a IN (1, 2) ORDER BY b; SELECT COUNT(*) FROM u';
    const pieces: ParsedDocument[] = [];
    // printDocument given such a piece checks its trees first, and prints what format prints
    // (while parseInPieces' callback runs: a piece's span table serves only then).
    const printed: string[] = [];
    parseInPieces(text, (p) => {
      pieces.push(p);
      printed.push(printDocument(p));
    });
    const own = pieces.flatMap((p) => p.statements.map((s) => s.node));
    const sealed = parseDocument(text).statements.map((s) => s.node);
    expect(own.map((n) => [Object.isFrozen(n), isChecked(n)])).toEqual([
      [false, false],
      [false, false],
    ]);
    expect(sealed.map((n) => [Object.isFrozen(n), isChecked(n)])).toEqual([
      [true, true],
      [true, true],
    ]);
    expect(printed).toEqual([formatInPieces(text, {}).value]);
  });
});
