import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { format } from '../../src/print/index.js';
import { tokenize } from '../../src/syntax/tokenize.js';
import { runs } from '../helpers/runs.js';

/**
 * The layout options people ask sql-formatter for (issue 27): `keywordCase: 'preserve'` keeps
 * each keyword as written (not the file's first spelling of it), `functionCase`, `useTabs`.
 */
const IDENTITY = readFileSync(new URL('../fixtures/identity.dsq', import.meta.url), 'utf8')
  .split(';\n')
  .map((s) => s.trim())
  .filter((s) => s !== '');

/** The text with the case of each keyword token set by `pick` (names, strings and functions untouched). */
function recase(text: string, pick: (i: number) => 'upper' | 'lower' | 'title'): string {
  let out = '';
  let at = 0;
  let k = 0;
  for (const t of tokenize(text)) {
    if (t.category !== 'keyword') continue;
    const mode = pick(k++);
    const word =
      mode === 'upper' ? t.image.toUpperCase() : mode === 'lower' ? t.image.toLowerCase() : t.image.charAt(0).toUpperCase() + t.image.slice(1).toLowerCase();
    out += text.slice(at, t.start) + word;
    at = t.end;
  }
  return out + text.slice(at);
}

const keywords = (text: string) =>
  tokenize(text)
    .filter((t) => t.category === 'keyword')
    .map((t) => t.image);

describe('keywordCase preserve', () => {
  it('keeps each keyword as it is written, not the first spelling of that keyword', () => {
    const text = 'select a FROM t where x = 1 AND y = 2 and z = 3;\nSELECT b from u';
    expect(format(text, { keywordCase: 'preserve' })).toBe('select a FROM t where x = 1 AND y = 2 and z = 3;\n\nSELECT b from u\n');
  });

  it('a keyword the formatter adds follows the usual case of the file; a dropped one is not carried over', () => {
    expect(format('select a b from t order by a asc', { keywordCase: 'preserve' })).toBe('select a as b from t order by a\n');
    expect(format('SELECT a b FROM t', { keywordCase: 'preserve' })).toBe('SELECT a AS b FROM t\n');
  });

  it('never changes a name, a function name or a string, whatever their case', () => {
    const text = 'select SELECTED, Count(x), "FROM" from t where NAME = \'Where\'';
    expect(format(text, { keywordCase: 'preserve' })).toBe('select SELECTED, COUNT(x), "FROM" from t where NAME = \'Where\'\n');
  });

  it('property: over the identity corpus with random keyword case, the output keeps every source keyword spelling in order and is otherwise the upper-case output', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...IDENTITY),
        fc.array(fc.constantFrom('upper', 'lower', 'title') as fc.Arbitrary<'upper' | 'lower' | 'title'>, { minLength: 1, maxLength: 40 }),
        (statement, modes) => {
          const text = recase(statement, (i) => modes[i % modes.length] as 'upper' | 'lower' | 'title');
          const upper = format(text);
          const kept = format(text, { keywordCase: 'preserve' });
          // Only the case of keywords differs from the default output.
          expect(kept.toUpperCase()).toBe(upper.toUpperCase());
          expect(recase(kept, () => 'upper')).toBe(recase(upper, () => 'upper'));
          // Every keyword of the output that the source has is spelled as one of the source's spellings of it, in order.
          const source = keywords(text);
          const spelled = new Set(source);
          for (const k of keywords(kept)) if (source.some((s) => s.toUpperCase() === k.toUpperCase())) expect(spelled.has(k), `${k} in ${kept}`).toBe(true);
          // And formatting again changes nothing.
          expect(format(kept, { keywordCase: 'preserve' })).toBe(kept);
        },
      ),
      { numRuns: runs(300) },
    );
  });
});

describe('functionCase', () => {
  const text = 'select Count(distinct a), sum(b), LOWER(c) from t';
  it('upper (default), lower, or each call as written', () => {
    expect(format(text)).toBe('SELECT COUNT(DISTINCT a), SUM(b), LOWER(c) FROM t\n');
    expect(format(text, { functionCase: 'lower' })).toBe('SELECT count(DISTINCT a), sum(b), lower(c) FROM t\n');
    expect(format(text, { functionCase: 'preserve' })).toBe('SELECT Count(DISTINCT a), sum(b), LOWER(c) FROM t\n');
  });

  it('a function name that needs quotes is written as it must be', () => {
    expect(format('SELECT "my fn"(a) FROM t', { functionCase: 'lower' })).toBe(format('SELECT "my fn"(a) FROM t'));
  });
});

describe('useTabs', () => {
  it('indents with a tab per level, each counting indent columns toward the width', () => {
    const text = 'select alpha, beta, gamma from t where alpha = 1 and beta = 2';
    const spaces = format(text, { width: 20, indent: 4 });
    const tabs = format(text, { width: 20, indent: 4, useTabs: true });
    expect(tabs).toBe(spaces.replace(/^( {4})+/gm, (m) => '\t'.repeat(m.length / 4)));
    expect(tabs).toContain('\n\talpha = 1\n');
  });

  it('a line break inside a string literal is data: no tab is added after it', () => {
    expect(format("select 'a\n  b' as x, a_long_name, another_long_name from t", { width: 20, useTabs: true })).toContain("'a\n  b'");
  });
});
