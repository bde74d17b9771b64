import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineIndex } from '../../src/diagnostic/index.js';
import { lexByPatterns } from '../../grammar/chevrotain-tokens.js';
import { release, scan, TOKEN_TYPES, type Scanned } from '../../src/syntax/scanner.js';
import { runs } from '../helpers/runs.js';

/**
 * The parser reads tokens from its own scanner (scanner.ts: typed arrays, no token objects);
 * the token patterns of tokens.ts describe them (syntax diagrams, the TextMate grammar). A
 * Chevrotain lexer made from those patterns (grammar/chevrotain-tokens.ts) and the scanner must
 * read every text alike: the same tokens, comments and errors.
 */
function same(text: string): void {
  const lines = new LineIndex(text);
  const lexed = lexByPatterns(text);
  const scanned = scan(text, lines);
  const fromLexer = lexed.tokens.map((t) => `${t.tokenType.name}@${t.startOffset}:${t.image}`);
  const fromScanner: string[] = [];
  for (let i = 0; i < scanned.count; i++) {
    const start = scanned.starts[i] as number;
    fromScanner.push(`${TOKEN_TYPES[scanned.types[i] as number]?.name}@${start}:${text.slice(start, scanned.ends[i] as number)}`);
  }
  expect(fromScanner, JSON.stringify(text)).toEqual(fromLexer);
  expect(scanned.comments, JSON.stringify(text)).toEqual(lexed.comments);
  expect(scanned.diagnostics, JSON.stringify(text)).toEqual(lexed.diagnostics);
}

/** Pieces of text that exercise every token and its edges. */
const PIECES = [
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  '\u00A0',
  '\u2028',
  '\u3000',
  '\uFEFF',
  '\u200B',
  '\u0085',
  'a',
  'Z',
  '_',
  '$',
  'x1',
  'é',
  'ß',
  '日本',
  'ǅ',
  '\u0301',
  '𝔸',
  '\u{1F600}',
  '\uD800',
  '\u200C',
  '\u200D',
  'select',
  'SELECT',
  'Select',
  'and',
  'OR',
  'date',
  'DATETIME',
  'column',
  'system_table',
  'ı',
  'ſ',
  '0',
  '7',
  '12',
  '.',
  '.5',
  '5.',
  '1e3',
  '1E',
  'e',
  '1e+',
  '1e-7',
  '..',
  "'",
  "''",
  "'it''s'",
  '"',
  '""',
  '"a""b"',
  '-',
  '--',
  '-- c\n',
  '/',
  '/*',
  '*/',
  '/* c */',
  '*',
  '|',
  '||',
  ':',
  '::',
  '=',
  '==',
  '!',
  '!=',
  '<',
  '<>',
  '<=',
  '<<',
  '>',
  '>=',
  '>>',
  '+',
  '%',
  '&',
  '~',
  '(',
  ')',
  '[',
  ']',
  ',',
  ';',
  '@',
  '#',
  '`',
  '?',
  '{',
  '}',
  '\\',
  '^',
  '€',
  '\u0000',
  '\u0007',
];

describe("the parser's scanner reads what the lexer reads", () => {
  it('random texts of every kind of piece', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }), (pieces) => same(pieces.join(''))),
      { numRuns: runs(5000) },
    );
  });

  it('random strings of any characters', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), same), { numRuns: runs(3000) });
  });

  it('the identity corpus and the examples', () => {
    same(readFileSync(new URL('../fixtures/identity.dsq', import.meta.url), 'utf8'));
    for (const name of ['big-spenders-subquery.dsq', 'bit-flags.dsq']) {
      same(readFileSync(new URL(`../../examples/${name}`, import.meta.url), 'utf8'));
    }
  });
});

/** The tokens of a scan as plain values (only the first `count` of its arrays are its own). */
function tokens(s: Scanned): [number, number, number][] {
  return Array.from({ length: s.count }, (_, i) => [s.types[i] as number, s.starts[i] as number, s.ends[i] as number]);
}

describe("a scan on the spare arrays (the parse's own)", () => {
  it('reads what a fresh scan reads, whatever an earlier text left in them', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }), fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }), (before, after) => {
        const first = scan(before.join(''), new LineIndex(before.join('')), true);
        release(first);
        const text = after.join('');
        const reused = scan(text, new LineIndex(text), true);
        try {
          const fresh = scan(text, new LineIndex(text));
          expect(tokens(reused)).toEqual(tokens(fresh));
          expect(reused.comments).toEqual(fresh.comments);
          expect(reused.diagnostics).toEqual(fresh.diagnostics);
        } finally {
          release(reused);
        }
      }),
      { numRuns: runs(500) },
    );
  });

  it('are lent to one scan at a time: a second scan before release gets arrays of its own', () => {
    const outer = scan('SELECT a FROM t', new LineIndex('SELECT a FROM t'), true);
    const inner = scan('SELECT b FROM u', new LineIndex('SELECT b FROM u'), true);
    expect(inner.types).not.toBe(outer.types);
    expect(inner.starts).not.toBe(outer.starts);
    expect(text(outer)).toEqual(['SELECT', 'a', 'FROM', 't']);
    release(inner);
    release(outer);
    const next = scan('x', new LineIndex('x'), true);
    expect(next.types === outer.types || next.types === inner.types).toBe(true);
    release(next);

    function text(s: Scanned): string[] {
      return tokens(s).map(([, start, end]) => 'SELECT a FROM t'.slice(start, end));
    }
  });
});
