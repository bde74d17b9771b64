import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fromJson } from '../../src/json/index.js';
import { lint, lintStatements } from '../../src/lint/lint.js';
import { print } from '../../src/print/index.js';

const DIR = fileURLToPath(new URL('../../examples/', import.meta.url));
/** The query files, and the select JSON examples (`*.select.json`; the other JSON files are compiled twins of the .dsq files, or a schema). */
const FILES = readdirSync(DIR)
  .filter((f) => f.endsWith('.dsq') || f.endsWith('.select.json'))
  .sort();

describe('examples/ lint clean', () => {
  it('there are examples', () => {
    expect(FILES.length).toBeGreaterThan(0);
  });
  for (const file of FILES) {
    const text = readFileSync(DIR + file, 'utf8');
    if (file.endsWith('.dsq')) {
      it(file, () => {
        // Infos are advice (the spec's default limit, a permanent DELETE), not problems.
        const found = lint(text).diagnostics.filter((d) => d.severity !== 'info');
        expect(
          found.map((d) => d.code),
          found.map((d) => `${d.span.line}:${d.span.column} ${d.message}`).join('\n'),
        ).toEqual([]);
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
      const problems = (ds: readonly { code: string; severity: string }[]) => ds.filter((d) => d.severity !== 'info').map((d) => d.code);
      expect(problems(lintStatements([statement]).diagnostics)).toEqual([]);
      expect(problems(lint(print(statement)).diagnostics)).toEqual([]);
    });
  }
});
