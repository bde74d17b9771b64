import { describe, expect, it } from 'vitest';
import {
  commentVerbatim,
  concat,
  conditional,
  fill,
  group,
  hangingComment,
  hardline,
  indent,
  line,
  lineSuffix,
  verbatim,
  type Doc,
} from '../../src/print/doc/doc.js';
import { render } from '../../src/print/doc/render.js';
import { format } from '../../src/print/format.js';
import { logicChain } from '../../bench/corpus.js';
import { commentRandomly } from './comment-facts.js';

/**
 * The renderer joins its text in chunks on the way (render.ts `newline`, every few thousand
 * pieces): a long doc renders as the same doc cut short does, line for line, whatever stands at
 * a chunk's end (a hanging comment goes back to the line before, a `--` suffix, trailing space).
 */
describe('render of long docs', () => {
  /** `n` lines of `x<i>  ` (trailing spaces the renderer trims), then what `tail` gives. */
  const lines = (n: number, tail: readonly Doc[]): Doc => {
    const parts: Doc[] = [];
    for (let i = 0; i < n; i++) parts.push(`x${i}`, '  ', hardline);
    return concat([...parts, ...tail]);
  };
  const expected = (n: number, last: string): string => `${Array.from({ length: n }, (_, i) => `x${i}`).join('\n')}${last}`;

  // What follows the lines, and the renderer's text for it after a line of its own.
  const tails: readonly (readonly Doc[])[] = [
    [hangingComment('-- c'), 'y'],
    ['a', lineSuffix(' -- s'), verbatim('v  '), hardline, 'b'],
    [hardline, hangingComment('/* c */'), '  ', hardline, 'z'],
  ];
  it.each([1000, 1365, 2046, 2047, 2048, 2049, 3000, 4095, 4096, 4097])('after %i lines, every tail prints as after one line', (n) => {
    for (const tail of tails) {
      const one = render(lines(1, tail), { width: 80, indent: 2 });
      expect(one.startsWith('x0')).toBe(true);
      expect(render(lines(n, tail), { width: 80, indent: 2 })).toBe(expected(n, one.slice(2)));
    }
  });

  it('a hanging comment goes back to the line before', () => {
    expect(render(lines(3000, [hangingComment('-- c'), 'y']), { width: 80, indent: 2 })).toBe(`${expected(3000, ' -- c')}\ny`);
  });

  it('a long chain of groups breaks as a short one does', () => {
    const chain = (n: number) =>
      group(Array.from({ length: n }, (_, i) => (i === 0 ? `c${i} = ${i}` : concat([line, 'AND ', group([`c${i}`, indent([line, `= ${i}`])])]))));
    const long = render(chain(20_000), { width: 20, indent: 2 }).split('\n');
    const short = render(chain(200), { width: 20, indent: 2 }).split('\n');
    expect(long.slice(0, short.length - 1)).toEqual(short.slice(0, -1));
    expect(long).toHaveLength(20_000);
  });

  // The renderer writes a group found to fit flat straight out (render.ts `flat`); a group in
  // a flat parent is not found to fit: after a line break inside a string, a fill in it still
  // breaks where its line is full.
  it('a fill in a flat group after a string of two lines breaks where its line is full', () => {
    const list = group(['(', fill(['aaaa,', line, 'bbbb,', line, 'cccc']), ')']);
    const doc = group(['x', line, verbatim("'a\nbbbb'"), line, list]);
    expect(render(doc, { width: 12, indent: 2 })).toBe("x 'a\nbbbb' (aaaa,\nbbbb, cccc)");
    // Found to fit, as a group or a conditional's first layout: flat, comments kept in order.
    const flatOnes = group(['SELECT', indent([line, group(['a', line, '= ', verbatim("'b'"), line, commentVerbatim('/* c */', false), line, 'b'])])]);
    expect(render(flatOnes, { width: 80, indent: 2 })).toBe("SELECT a = 'b' /* c */ b");
    expect(render(conditional([group(['x IN ', list]), 'never']), { width: 80, indent: 2 })).toBe('x IN (aaaa, bbbb, cccc)');
  });

  it('format of a long AND chain with comments is stable and keeps every comment', () => {
    const text = commentRandomly(logicChain(3000), 7, 0.1);
    const once = format(text, { width: 40 });
    expect(format(once, { width: 40 })).toBe(once);
    const comments = text.match(/\/\*[\s\S]*?\*\/|--[^\n]*/g) ?? [];
    for (const c of comments) expect(once).toContain(c.split('\n')[0]);
  });
});
