import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/lint/index.js';
import { codeActions } from '../../src/lsp/code-actions.js';
import { complete } from '../../src/lsp/completion.js';
import { formatDocument, formatRange } from '../../src/lsp/formatting.js';
import { hover } from '../../src/lsp/hover.js';
import { aliasAt } from '../../src/lsp/references.js';
import { semanticTokens } from '../../src/lsp/semantic.js';
import { textModelOf } from '../../src/lsp/text-model.js';
import { documentSymbols } from '../../src/lsp/symbols.js';
import { format, print } from '../../src/print/index.js';
import { parseDocument, parseStatements } from '../../src/syntax/index.js';
import { arbStatement } from '../fixtures/arbitraries.js';
import { arbAction } from '../fixtures/action-arbitraries.js';
import { commentRandomly } from '../print/comment-facts.js';
import { positionIn, SHOP } from './helpers.js';
import { runs } from '../helpers/runs.js';

/** Every feature of the server on text as it is while being typed: whatever the text and the position, an answer, never an exception. */

const dir = fileURLToPath(new URL('../../examples/', import.meta.url));
const EXAMPLES = readdirSync(dir)
  .filter((f) => f.endsWith('.dsq'))
  .map((f) => readFileSync(dir + f, 'utf8'));
const PIECES = [
  '(',
  ')',
  '[',
  ']',
  ',',
  ';',
  '.',
  '@',
  ':',
  "'",
  '"',
  '--',
  '/*',
  '*/',
  '\n',
  ' ',
  'SELECT',
  'FROM',
  'WHERE',
  'GROUP BY',
  'ORDER BY',
  'AS',
  'o',
  'o.',
  'SYSTEM_TABLE(',
  'DATABASE_TABLE(',
  'COLUMN(',
  'ALIAS(',
  'OPTIONS (',
  'CASE',
  'END',
  'IN',
  'EXISTS',
  'NULL',
  '=',
  '*',
  '😀',
  'é',
];

/** An example with random pieces put in and random stretches cut out. */
const text = fc
  .tuple(fc.constantFrom(...EXAMPLES), fc.array(fc.tuple(fc.nat(), fc.oneof(fc.constantFrom(...PIECES), fc.integer({ min: 1, max: 30 }))), { maxLength: 8 }))
  .map(([base, edits]) => {
    let t = base;
    for (const [at, e] of edits) {
      const i = at % (t.length + 1);
      t = typeof e === 'string' ? t.slice(0, i) + e + t.slice(i) : t.slice(0, i) + t.slice(i + e);
    }
    return t;
  });

describe('the language server on any text', () => {
  it('answers completion, hover, references, symbols, tokens, actions and formatting without throwing', () => {
    fc.assert(
      fc.property(text, fc.nat(), fc.boolean(), (t, at, withSchema) => {
        const offset = at % (t.length + 1);
        const model = textModelOf(t);
        const positionAt = (o: number) => positionIn(t, o);
        const rangeOf = (s: number, e: number) => ({ start: positionAt(s), end: positionAt(e) });
        const schema = withSchema ? SHOP : null;
        const items = complete(model, offset, { schema, keywordCase: 'upper', snippets: true, systemTables: ['users'], positionAt });
        const here = positionAt(offset);
        for (const item of items) {
          const range = (item.textEdit as { range: { start: { line: number; character: number }; end: { line: number; character: number } } }).range;
          // The edit's range holds the cursor (what clients require).
          expect(range.start.line === here.line && range.start.character <= here.character && range.end.character >= here.character, item.label).toBe(true);
        }
        hover(model, offset, { schema, rangeOf });
        const alias = aliasAt(model, offset);
        if (alias) expect(alias.uses.every((u) => u >= 0 && u < model.code.length)).toBe(true);
        documentSymbols(model, rangeOf);
        expect(semanticTokens(model, positionAt).data.length % 5).toBe(0);
        const findings = lint(t, { schema }).diagnostics;
        codeActions({ uri: 'file:///x.dsq', text: t, model, lint: { schema }, findings, keywordCase: 'lower', positionAt }, offset, offset);
        // Statements that parse are formatted; those that do not are left as written, and said to be.
        const whole = formatDocument(t, {});
        const ranged = formatRange(t, offset, offset, {});
        const broken = parseDocument(t).diagnostics.some((d) => d.severity === 'error');
        expect(whole.skipped.length > 0, 'skipped').toBe(broken);
        expect(ranged.skipped.every((line) => whole.skipped.includes(line))).toBe(true);
        const after = applyEdits(t, whole.edits);
        expect(parseDocument(after).statements.map((s) => print(s.node))).toEqual(parseDocument(t).statements.map((s) => print(s.node)));
      }),
      { numRuns: runs(300) },
    );
  });
});

/** Valid statements and data actions with comments anywhere (the shared arbitraries). */
const commented = fc
  .tuple(
    fc.array(fc.oneof(arbStatement, arbAction), { minLength: 1, maxLength: 3 }),
    fc.integer(),
    fc.double({ min: 0, max: 0.8, noNaN: true }),
    fc.integer({ min: 20, max: 120 }),
  )
  .map(([ss, seed, density, width]) => commentRandomly(ss.map((s) => print(s, { width })).join(';\n'), seed, density));

const applyEdits = (text: string, edits: readonly { start: number; end: number; text: string }[]) => {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
};

describe('the language server formatting valid text with comments', () => {
  it('formats the document as dsq fmt does; a range keeps the statements, and formatting all after it gives the same text', () => {
    fc.assert(
      fc.property(commented, fc.nat(), fc.nat(), fc.integer({ min: 20, max: 120 }), (t, a, b, width) => {
        const whole = formatDocument(t, { width });
        expect(whole.skipped).toEqual([]);
        const formatted = format(t, { width });
        expect(applyEdits(t, whole.edits)).toBe(formatted);
        const start = a % (t.length + 1);
        const ranged = formatRange(t, start, Math.min(t.length, start + (b % 200)), { width });
        expect(ranged.skipped).toEqual([]);
        const after = applyEdits(t, ranged.edits);
        expect(parseStatements(after)).toEqual(parseStatements(t));
        expect(format(after, { width })).toBe(formatted);
      }),
      { numRuns: runs(150) },
    );
  });
});
