import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Select } from '../../src/ast/index.js';
import { LineIndex } from '../../src/diagnostic/index.js';
import { lex } from '../../src/syntax/tokenize.js';
import { parse, parseDocument } from '../../src/syntax/index.js';
import * as T from '../../src/syntax/tokens.js';
import { isBareNameSyntax } from '../../src/syntax/words.js';
import { runs } from '../helpers/runs.js';

const columns = (text: string) => ((parse(text) as Select).columns as unknown as { e: { path?: string } }[]).map((c) => c.e.path);
const firstError = (text: string) => parseDocument(text).diagnostics.find((d) => d.severity === 'error');

/** What the lexer makes of a whole text: the images of its tokens. */
const tokens = (text: string) => lex(text, new LineIndex(text));

describe('bare names: Unicode ID_Start (or _), then ID_Continue (or $)', () => {
  it('letters of any script, marks, digits after the first character, _ and $', () => {
    expect(columns('SELECT été, 日本, ǅx, 𝒳1, e\u0301t, _a$1, Ωmega_2 FROM t')).toEqual(['été', '日本', 'ǅx', '𝒳1', 'e\u0301t', '_a$1', 'Ωmega_2']);
  });

  it('not a name: a digit, $, a mark or an emoji first; symbols anywhere', () => {
    expect(firstError('SELECT $a FROM t')?.message).toBe('unexpected character "$"');
    expect(firstError('SELECT \u0301a FROM t')?.message).toMatch(/^unexpected character/);
    expect(firstError('SELECT a😀 FROM t')?.message).toBe('unexpected character "😀"');
    expect(firstError('SELECT a€b FROM t')?.message).toBe('unexpected character "€"');
  });

  it('"U+2028/U+2029 and other Unicode line or format separators inside an unquoted name": line and space separators are white space', () => {
    const separators = ['\u2028', '\u2029', '\u0085', '\u00A0', '\u1680', '\u2000', '\u2005', '\u200A', '\u202F', '\u205F', '\u3000', '\uFEFF'];
    for (const sep of separators) {
      expect(parse(`SELECT a${sep}FROM${sep}t`), `U+${sep.charCodeAt(0).toString(16)}`).toEqual(parse('SELECT a FROM t'));
    }
  });

  it('format characters (zero-width, joiners, bidi controls, soft hyphen) are errors that name the code point', () => {
    const formats: [string, string][] = [
      ['\u200B', 'U+200B'],
      ['\u200C', 'U+200C'],
      ['\u200D', 'U+200D'],
      ['\u200E', 'U+200E'],
      ['\u202E', 'U+202E'],
      ['\u2060', 'U+2060'],
      ['\u00AD', 'U+00AD'],
      ['\u0007', 'U+0007'],
    ];
    for (const [ch, code] of formats) {
      const d = firstError(`SELECT a${ch}b FROM t`);
      expect(d?.message, code).toBe(`unexpected character ${code} (an invisible or control character)`);
      expect(d?.hint).toContain('quote a name that must hold it');
      // Quoted, any character is part of a name.
      expect(columns(`SELECT "a${ch}b" FROM t`)).toEqual([`a${ch}b`]);
    }
  });

  it('the lexer reads a text as one name exactly when words.ts says it is one (2,000 runs)', () => {
    const unit = fc.oneof(
      fc.constantFrom('a', 'Z', '_', '$', '0', 'é', '\u0301', '日', '𝒳', '😀', '\u2028', '\u00A0', '\u200D', '\u200B', '-', '.', ' ', 'ǅ', 'Ⅻ', '٣'),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
    );
    fc.assert(
      fc.property(fc.string({ unit, minLength: 1, maxLength: 6 }), (text) => {
        const { tokens: found, diagnostics } = tokens(text);
        const one = diagnostics.length === 0 && found.length === 1 && found[0]?.image === text;
        const word =
          one && (found[0]?.tokenType === T.Identifier || T.KEYWORDS.includes(found[0]!.tokenType) || T.CONTEXTUAL_WORDS.includes(found[0]!.tokenType));
        expect(word, JSON.stringify(text)).toBe(isBareNameSyntax(text));
      }),
      { numRuns: runs(2000) },
    );
  });
});
