import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineIndex } from '../../src/diagnostic/index.js';
import { lex } from '../../src/syntax/lexer.js';
import { scan, TOKEN_TYPES } from '../../src/syntax/scanner.js';
import { runs } from '../helpers/runs.js';

/**
 * The parser reads tokens from its own scanner (scanner.ts: typed arrays, no token objects);
 * editors and tools read them from the Chevrotain lexer of tokens.ts (lexer.ts `lex`). Both must
 * read every text alike: the same tokens, comments and errors.
 */
function same(text: string): void {
  const lines = new LineIndex(text);
  const lexed = lex(text, lines);
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
  ' ', '  ', '\t', '\n', '\r\n', '\u00A0', '\u2028', '\u3000', '\uFEFF', '\u200B', '\u0085',
  'a', 'Z', '_', '$', 'x1', 'é', 'ß', '日本', 'ǅ', '\u0301', '𝔸', '\u{1F600}', '\uD800', '\u200C', '\u200D',
  'select', 'SELECT', 'Select', 'and', 'OR', 'date', 'DATETIME', 'column', 'system_table', 'ı', 'ſ',
  '0', '7', '12', '.', '.5', '5.', '1e3', '1E', 'e', '1e+', '1e-7', '..',
  "'", "''", "'it''s'", '"', '""', '"a""b"',
  '-', '--', '-- c\n', '/', '/*', '*/', '/* c */', '*',
  '|', '||', ':', '::', '=', '==', '!', '!=', '<', '<>', '<=', '<<', '>', '>=', '>>',
  '+', '%', '&', '~', '(', ')', '[', ']', ',', ';', '@',
  '#', '`', '?', '{', '}', '\\', '^', '€', '\u0000', '\u0007',
];

describe('the parser\'s scanner reads what the lexer reads', () => {
  it('random texts of every kind of piece', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }), (pieces) => same(pieces.join(''))), { numRuns: runs(5000) });
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
