import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  breakParent,
  concat,
  conditional,
  fill,
  flatWidth,
  group,
  hanging,
  hardline,
  indent,
  isHard,
  line,
  lineStart,
  lineSuffix,
  softline,
  verbatim,
  type Doc,
} from '../../src/print/doc/doc.js';
import { render } from '../../src/print/doc/render.js';
import { runs } from '../helpers/runs.js';

/**
 * What each doc constructor records of its parts (doc.ts `measure`): `hard`, whether it holds a
 * hard break, and `width`, the columns it prints flat. The renderer trusts both without a walk
 * (a group of a known width that fits is written flat, its parts never checked), so they must be
 * what rendering gives: between `[` and `]` (no trimming, no skipped white space at a line's
 * start), at a width everything fits in.
 */
describe('doc width and hardness', () => {
  const wide = { width: 1_000_000_000, indent: 2 };
  const bracketed = (d: Doc) => render(group(['[', d, ']']), wide);

  const leaf = fc.constantFrom<Doc>('a', 'bb', 'AND ', ' ', '', verbatim('v  '), verbatim("'x'"), line, softline, hardline, lineStart);
  const arbDoc: fc.Arbitrary<Doc> = fc.letrec<{ doc: Doc }>((tie) => ({
    doc: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('doc'), { maxLength: 4 }).map((parts) => concat(parts)),
      fc.array(tie('doc'), { maxLength: 4 }).map((parts) => group(parts)),
      tie('doc').map((d) => group(d)),
      fc.array(tie('doc'), { maxLength: 4 }).map((parts) => indent(parts)),
      tie('doc').map((d) => indent(d)),
      fc.array(tie('doc'), { minLength: 2, maxLength: 4 }).map((parts) => hanging(parts, 1)),
      fc.array(tie('doc'), { minLength: 1, maxLength: 3 }).map((states) => conditional(states)),
      fc.array(tie('doc'), { maxLength: 5 }).chain((parts) => fc.nat({ max: parts.length }).map((start) => fill(parts, start))),
    ),
  })).doc;

  it('a doc without a hard break prints flat in exactly its width', () => {
    fc.assert(
      fc.property(arbDoc, (d) => {
        fc.pre(!isHard(d));
        const text = bracketed(d);
        expect(text).not.toContain('\n');
        expect(text.length).toBe(flatWidth(d) + 2);
      }),
      { numRuns: runs(500) },
    );
  });

  it('a doc with a hard break has no flat width and breaks its line', () => {
    fc.assert(
      fc.property(arbDoc, (d) => {
        fc.pre(isHard(d));
        expect(flatWidth(d)).toBeNaN();
        expect(bracketed(d)).toContain('\n');
      }),
      { numRuns: runs(500) },
    );
  });

  it('a break parent makes its group hard; a line suffix or a line break in text leaves the width to a walk', () => {
    expect(group(['a', breakParent]).hard).toBe(true);
    expect(isHard(concat(['a', breakParent]))).toBe(true);
    expect(flatWidth(group(['a', lineSuffix(' -- c')]))).toBeNaN();
    expect(isHard(group(['a', lineSuffix(' -- c')]))).toBe(false);
    expect(flatWidth(group(['a', verbatim('x\ny')]))).toBeNaN();
    expect(flatWidth(group(['a', 'x\ny']))).toBeNaN();
    expect(isHard(group(['a', 'x\ny']))).toBe(false);
    expect(flatWidth(conditional([group(['ab', line, 'c']), hardline]))).toBe(4);
    expect(flatWidth(fill(['a', line, 'bb', line, 'ccc'], 2))).toBe(6);
  });
});
