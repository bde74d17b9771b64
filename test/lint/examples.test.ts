import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fromJson } from '../../src/json/index.js';
import { lint, lintStatements } from '../../src/lint/lint.js';
import { print } from '../../src/print/index.js';

const DIR = fileURLToPath(new URL('../../examples/', import.meta.url));
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.dsq') || f.endsWith('.json')).sort();

/**
 * The mistakes the examples really hold (reported to their authors, not edited here):
 * file → the rule ids found. Every other example must lint clean.
 */
const KNOWN: Record<string, readonly string[]> = {
  // COUNT(COUNT(*)): an aggregate nested in an aggregate.
  'top-customers.action.select.json': ['misplaced-aggregate'],
};

describe('examples/ lint clean', () => {
  it('there are examples', () => {
    expect(FILES.length).toBeGreaterThan(0);
  });
  for (const file of FILES) {
    const text = readFileSync(DIR + file, 'utf8');
    if (file.endsWith('.dsq')) {
      it(file, () => {
        expect(lint(text).diagnostics.map((d) => `${d.span.line}:${d.span.column} ${d.code}: ${d.message}`)).toEqual([]);
      });
      continue;
    }
    // JSON examples: those the JSON reader accepts are linted as ASTs and as printed text.
    it(file, () => {
      let statement;
      try {
        statement = fromJson(text);
      } catch {
        expect(file.startsWith('bad-')).toBe(true); // only the examples meant to be rejected may fail to read
        return;
      }
      const expected = KNOWN[file] ?? [];
      expect(lintStatements([statement]).diagnostics.map((d) => d.code)).toEqual(expected);
      expect(lint(print(statement)).diagnostics.map((d) => d.code)).toEqual(expected);
    });
  }
});
