import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blankLine, blankLines, holdsBlankLine } from '../../src/print/comment-scan.js';
import { runs } from '../helpers/runs.js';

/**
 * The formatter asks of every statement whether it holds a blank line; it finds every blank
 * line of the text in one search (`blankLines`) and asks by offsets (`holdsBlankLine`). That
 * must answer as `blankLine` counts line breaks (`\r\n` one, `\r` and `\n` one each; only spaces
 * and tabs between two), for any range starting outside a `\r\n`.
 */
const piece = fc.constantFrom('\n', '\r', '\r\n', ' ', '\t', 'a', ';', '\f', '\u00a0', '--', "'");

describe('blank lines found in one search', () => {
  it('holdsBlankLine(blankLines(text), from, to) is blankLine(text, from, to)', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.nat(), fc.nat(), (pieces, a, b) => {
        const text = pieces.join('');
        let from = a % (text.length + 1);
        // A range starts at a token, never between the two characters of a `\r\n`.
        if (from > 0 && text[from - 1] === '\r' && text[from] === '\n') from--;
        const to = from + (b % (text.length - from + 1));
        expect(holdsBlankLine(blankLines(text), from, to), JSON.stringify([text, from, to])).toBe(blankLine(text, from, to));
      }),
      { numRuns: runs(20_000) },
    );
  });

  it('a text without a blank line has none to look up', () => {
    expect(blankLines('SELECT a\nFROM t\r\nWHERE b\n')).toEqual([]);
    expect(blankLines('a\n\n\nb')).toEqual([1, 3, 2, 4]);
  });
});
