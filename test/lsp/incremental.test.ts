import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSchema } from '../../src/index.js';
import { lint, type LintOptions } from '../../src/lint/index.js';
import { IncrementalLinter, splitStatements } from '../../src/lsp/incremental.js';
import { runs } from '../helpers/runs.js';

const read = (rel: string) => readFileSync(fileURLToPath(new URL(rel, import.meta.url)), 'utf8');
const EXAMPLES = readdirSync(fileURLToPath(new URL('../../examples/', import.meta.url)))
  .filter((f) => f.endsWith('.dsq'))
  .map((f) => read(`../../examples/${f}`));
const MISTAKES = read('../lint/fixtures/all-mistakes.dsq');
const BASE = [...EXAMPLES, MISTAKES].join(';\n');
const SCHEMA = readSchema(read('../lint/fixtures/schema.json'));

/** Pieces an edit inserts: statement ends, quotes, comments, suppression comments, findings. */
const PIECES = [
  ';',
  "'",
  '"',
  '--',
  '/*',
  '*/',
  '\n',
  '\r\n',
  ' = NULL',
  "''",
  ' AS total',
  ' SELECT a, a AS x, b AS x FROM t',
  '(',
  ')',
  '-- dsq-disable-next-line null-comparison\n',
  '/* dsq-disable */',
  "LIKE 'x'",
  'SUM(COUNT(*))',
  '😀',
];

const edit = fc.oneof(fc.record({ at: fc.nat(), insert: fc.constantFrom(...PIECES) }), fc.record({ at: fc.nat(), remove: fc.integer({ min: 1, max: 40 }) }));

function apply(text: string, e: { at: number; insert?: string; remove?: number }): string {
  const at = e.at % (text.length + 1);
  return e.insert !== undefined ? text.slice(0, at) + e.insert + text.slice(at) : text.slice(0, at) + text.slice(at + (e.remove ?? 0));
}

describe('incremental linting', () => {
  it('splits a text at the semicolons the lexer sees', () => {
    expect(splitStatements('SELECT \';\' ; SELECT "a;" -- ;\n; /* ; */ SELECT 1')).toEqual([
      [0, 12],
      [12, 31],
      [31, 48],
    ]);
    expect(splitStatements("SELECT 'open")).toBeNull();
    expect(splitStatements('')).toEqual([[0, 0]]);
  });

  for (const [name, options] of [
    ['without a schema', {}],
    ['with a schema and rule options', { schema: SCHEMA, rules: { 'like-without-wildcard': 'error' } }],
  ] as [string, LintOptions][]) {
    it(`gives the whole-file lint result after any sequence of edits (${name})`, () => {
      fc.assert(
        fc.property(fc.array(edit, { minLength: 1, maxLength: 6 }), (edits) => {
          const linter = new IncrementalLinter();
          let text = BASE;
          linter.lint(text, options);
          for (const e of edits) {
            text = apply(text, e);
            const whole = lint(text, options);
            const incremental = linter.lint(text, options);
            expect(incremental.diagnostics).toEqual(whole.diagnostics);
            expect(incremental.syntaxErrors).toBe(whole.syntaxErrors);
          }
        }),
        { numRuns: runs(25) },
      );
    });
  }

  it('lints only the statements that changed', () => {
    const linter = new IncrementalLinter();
    // The same options object: a new one (new settings) empties the cache.
    const options: LintOptions = {};
    const text = Array.from({ length: 200 }, (_, i) => `SELECT a${i} FROM t WHERE b = NULL`).join(';\n');
    linter.lint(text, options);
    expect(linter.linted).toBe(200);
    const changed = text.replace('a100', 'a100x');
    const again = linter.lint(changed, options);
    expect(linter.linted).toBe(1);
    expect(again.diagnostics.length).toBe(200);
    expect(again.diagnostics).toEqual(lint(changed, {}).diagnostics);
    // A new line early in the file moves every later statement: still one statement linted.
    linter.lint(`\n${changed}`, options);
    expect(linter.linted).toBe(1);
    // A range directive reaches across statements: the whole file is linted.
    linter.lint(`/* dsq-disable null-comparison */ ${changed}`, options);
    expect(linter.linted).toBe(-1);
  });
});
