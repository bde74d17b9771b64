import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fromJson } from '../../src/json/index.js';
import { lint, lintStatements } from '../../src/lint/lint.js';
import { print } from '../../src/print/index.js';

const DIR = fileURLToPath(new URL('../../examples/', import.meta.url));
/** The query files, and the select JSON examples (`*.select.json`; the other JSON files are compiled twins of the .dsq files, or a schema). */
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.dsq') || f.endsWith('.select.json')).sort();

/**
 * The mistakes the examples really hold (reported to their authors, not edited here): file →
 * the rule ids found. Every other example must lint clean.
 */
const KNOWN: Record<string, readonly string[]> = {
  // `x IN ()` is always false.
  'cross-joins.dsq': ['empty-in-list'],
  // floor(max(price) / 2): the spec's function table marks FLOOR (and CEIL) "Aggregate: yes", so MAX is nested in an aggregate.
  'distinct-aggregates.dsq': ['misplaced-aggregate'],
};

describe('examples/ lint clean', () => {
  it('there are examples', () => {
    expect(FILES.length).toBeGreaterThan(0);
  });
  for (const file of FILES) {
    const text = readFileSync(DIR + file, 'utf8');
    const expected = KNOWN[file] ?? [];
    if (file.endsWith('.dsq')) {
      it(file, () => {
        const found = lint(text).diagnostics;
        expect(found.map((d) => d.code), found.map((d) => `${d.span.line}:${d.span.column} ${d.message}`).join('\n')).toEqual(expected);
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
      expect(lintStatements([statement]).diagnostics.map((d) => d.code)).toEqual(expected);
      expect(lint(print(statement)).diagnostics.map((d) => d.code)).toEqual(expected);
    });
  }
});
