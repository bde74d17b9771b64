import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBareName, quoteName, writeName, writePath } from '../../src/print/names.js';
import { isReservedWord, isSqlValueWord, RESERVED_WORDS, SQL_VALUE_WORDS } from '../../src/syntax/words.js';
import { runs } from '../helpers/runs.js';

// isBareName, writeName and writePath find a name that prints as it is by a scan of its
// characters and a key of its length and letters (src/syntax/words.ts isPlainNameAt). They must
// agree with the rule itself, written the plain way, for every string.

/** The rule: an ASCII identifier that is no keyword nor SQL value word. */
const bare = (name: string) => /^[A-Za-z_][A-Za-z0-9_$]*$/.test(name) && !isReservedWord(name) && !isSqlValueWord(name);

/** The rule, written the plain way: each segment bare when isBareName takes it, else quoted; null for an empty segment. */
function expectedPath(path: string): string | null {
  const segments = path.split(/[.@:]/);
  if (segments.some((s) => s.length === 0)) return null;
  const separators = path.match(/[.@:]/g) ?? [];
  return segments.map((s, i) => (bare(s) ? s : quoteName(s)) + (separators[i] ?? '')).join('');
}

const WORDS = [...RESERVED_WORDS, ...SQL_VALUE_WORDS];
/** A segment: a keyword in any case, a word of a keyword's length and first letter, or anything. */
const segment = fc.oneof(
  fc.constantFrom(...WORDS).chain((w) => fc.constantFrom(w, w.toLowerCase(), w[0] + w.slice(1).toLowerCase(), `${w}x`, `${w.slice(0, -1)}q`)),
  fc.stringMatching(/^[A-Za-z_$0-9]{0,8}$/),
  fc.string({ unit: fc.constantFrom('a', 'Z', '_', '$', '1', ' ', '"', 'é', 'ſ', '-', '\u0000'), maxLength: 6 }),
);
const path = fc
  .tuple(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.array(fc.constantFrom('.', '@', ':'), { minLength: 3, maxLength: 3 }))
  .map(([segs, seps]) => segs.map((s, i) => s + (i < segs.length - 1 ? seps[i] : '')).join(''));

describe('names', () => {
  it('isBareName takes a name, and writeName writes it bare, exactly when the rule does', () => {
    fc.assert(
      fc.property(segment, (name) => {
        expect(isBareName(name)).toBe(bare(name));
        expect(writeName(name)).toBe(bare(name) ? name : quoteName(name));
      }),
      { numRuns: runs(2000) },
    );
  });

  it('writePath writes each segment as writeName does, and refuses an empty one', () => {
    fc.assert(
      fc.property(path, (p) => {
        expect(writePath(p)).toBe(expectedPath(p));
      }),
      { numRuns: runs(2000) },
    );
  });

  it('quotes keywords and SQL values in any case, and their look-alikes only when they are not names', () => {
    expect(writePath('t.select')).toBe('t."select"');
    expect(writePath('current_date')).toBe('"current_date"');
    expect(writePath('t.selecx')).toBe('t.selecx');
    expect(writeName('Select')).toBe('"Select"');
    expect(writeName('status')).toBe('status');
    expect(writeName('a$1')).toBe('a$1');
    expect(writeName('1a')).toBe('"1a"');
    expect(writeName('')).toBe('""');
    expect(writePath('')).toBeNull();
    expect(writePath('a..b')).toBeNull();
    expect(writePath('db.path@table:size')).toBe('db.path@table:size');
  });
});
