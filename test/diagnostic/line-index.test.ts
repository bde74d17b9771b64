import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineIndex } from '../../src/diagnostic/index.js';
import { runs } from '../helpers/runs.js';

/** Line and column of every offset, by walking the text one character at a time: \n, \r\n and a lone \r each end a line. */
function reference(text: string): { line: number; column: number }[] {
  const out: { line: number; column: number }[] = [];
  let line = 1;
  let column = 1;
  for (let i = 0; i <= text.length; i++) {
    out.push({ line, column });
    const c = text[i];
    if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) {
      line++;
      column = 1;
    } else {
      column++;
    }
  }
  return out;
}

const pieces = fc.constantFrom('a', 'bc', ' ', '\n', '\r', '\r\n', '\n\n', 'é', '\u2028', '😀');
const texts = fc.array(pieces, { maxLength: 60 }).map((p) => p.join(''));

describe('LineIndex', () => {
  it('gives every offset the line and column of a character-by-character walk (texts with and without \\r)', () => {
    fc.assert(
      fc.property(texts, fc.boolean(), (text, backwards) => {
        const index = new LineIndex(text);
        const want = reference(text);
        const offsets = want.map((_, i) => i);
        if (backwards) offsets.reverse();
        for (const offset of offsets) expect(index.position(offset), `offset ${offset} of ${JSON.stringify(text)}`).toEqual(want[offset]);
        expect(index.lineCount).toBe((want.at(-1) as { line: number }).line);
      }),
      { numRuns: runs(1500) },
    );
  });

  it('lineText drops the line break, whichever it is', () => {
    const index = new LineIndex('a\nb\r\nc\rd\n');
    expect([1, 2, 3, 4, 5].map((l) => index.lineText(l))).toEqual(['a', 'b', 'c', 'd', '']);
  });
});
