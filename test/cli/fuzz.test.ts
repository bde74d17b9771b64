import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands.js';
import { parseDocument } from '../../src/syntax/index.js';
import { runCli } from '../helpers/cli.js';
import { runs } from '../helpers/runs.js';

/**
 * Fuzzing the CLI in-process (issue 9): random bytes, invalid UTF-8 and token-level mutations
 * of the examples, through every command and its file-writing modes. Whatever the input: no
 * stack trace and no internal error, an exit code of 0, 1 or 2, and a file is only ever
 * rewritten from valid UTF-8 into valid UTF-8: by `fmt --write` only when it succeeded, by
 * `lint --fix` only when the text has no syntax error (it writes the fixes it made and exits 1
 * when findings are left: docs/lint.md).
 */
const EXAMPLES = join(import.meta.dirname, '..', '..', 'examples');
const DSQ = readdirSync(EXAMPLES)
  .filter((f) => f.endsWith('.dsq'))
  .sort()
  .map((f) => readFileSync(join(EXAMPLES, f), 'utf8'));
const JSONS = readdirSync(EXAMPLES)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => readFileSync(join(EXAMPLES, f), 'utf8'));

/**
 * When a run may rewrite its file: `success` only when it exits 0, `parses` whenever the text
 * has no syntax error (whatever findings are left).
 */
type Writes = 'success' | 'parses';

/** Each command's runs: FILE stands for the input file, `-` reads it from standard input. */
const RUNS: Record<string, { args: string[]; writes?: Writes }[]> = {
  compile: [{ args: ['compile', 'FILE'] }, { args: ['compile', '--expr', '-'] }, { args: ['compile', '--form', 'full', '-'] }],
  decompile: [{ args: ['decompile', 'FILE'] }, { args: ['decompile', '--expr', '-'] }],
  normalize: [{ args: ['normalize', 'FILE'] }, { args: ['normalize', '--expr', '--form', 'full', '-'] }],
  types: [{ args: ['types', 'FILE'] }],
  // --check: writes nothing (the module it would write is never there, so a clean run exits 1).
  gen: [{ args: ['gen', 'FILE', '--schema', join(EXAMPLES, 'shop.schema.json'), '--out', 'out.ts', '--check'] }],
  fmt: [{ args: ['fmt', 'FILE'] }, { args: ['fmt', '--check', 'FILE'] }, { args: ['fmt', '-'] }, { args: ['fmt', '--write', 'FILE'], writes: 'success' }],
  lint: [
    { args: ['lint', 'FILE'] },
    { args: ['lint', '--format', 'sarif', '-'] },
    { args: ['lint', '--fix-dry-run', 'FILE'] },
    { args: ['lint', '--fix', 'FILE'], writes: 'parses' },
  ],
  check: [{ args: ['check', 'FILE'] }, { args: ['check', '--format', 'junit', 'FILE'] }, { args: ['check', '--write', 'FILE'], writes: 'parses' }],
  // The server itself reads LSP messages, not files: test/lsp/robust.test.ts fuzzes what it does with text.
  lsp: [{ args: ['lsp'] }, { args: ['lsp', 'FILE'] }],
  // On the sample data of examples/shop-data (a write changes only the copy in memory).
  run: [{ args: ['run', 'FILE', '--data', join(EXAMPLES, 'shop-data')] }],
  sql: [{ args: ['sql', '-', '--schema', join(EXAMPLES, 'shop-data', 'schema.json')] }],
};

const STACK = /\n\s+at .+[:(]\d+:\d+|internal error|node:internal|\[object Object\]/;
const strict = new TextDecoder('utf-8', { fatal: true });

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dsq-fuzz-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let serial = 0;
/** Runs every command on the bytes and checks the promises. */
async function everyCommand(bytes: Uint8Array): Promise<void> {
  for (const [name, runs] of Object.entries(RUNS)) {
    for (const run of runs) {
      const file = `in${serial++}.${name === 'compile' || name === 'fmt' || name === 'lint' || name === 'check' || name === 'gen' || name === 'run' ? 'dsq' : 'json'}`;
      writeFileSync(join(dir, file), bytes);
      // Removed even when a check below fails: a file left behind would fail every later run
      // (and the shrunk counterexample) with 'in<n>.dsq', hiding the failure itself.
      try {
        await checkRun(run, file, bytes);
      } finally {
        rmSync(join(dir, file), { force: true });
      }
    }
  }
  expect(readdirSync(dir)).toEqual([]);
}

/** One command on one file: the promises of everyCommand. */
async function checkRun(run: { args: string[]; writes?: Writes }, file: string, bytes: Uint8Array): Promise<void> {
  const args = run.args.map((a) => (a === 'FILE' ? file : a));
  const r = await runCli(args, { cwd: dir, stdin: bytes });
  const what = `dsq ${args.join(' ')} on ${JSON.stringify(Buffer.from(bytes).toString('latin1').slice(0, 200))}`;
  expect([0, 1, 2], `${what}: exit ${r.code}\n${r.err}`).toContain(r.code);
  expect(r.err, what).not.toMatch(STACK);
  expect(r.out, what).not.toMatch(STACK);
  const after = readFileSync(join(dir, file));
  if (after.equals(Buffer.from(bytes))) return;
  expect(run.writes, `${what}: the file changed (exit ${r.code})`).toBeDefined();
  // Rewritten: only text that was UTF-8 (no byte lost to a U+FFFD), into UTF-8.
  expect(() => strict.decode(bytes), `${what}: rewrote a file that is not UTF-8`).not.toThrow();
  expect(() => strict.decode(after), what).not.toThrow();
  if (run.writes === 'success') expect(r.code, `${what}: the file changed, but the run failed`).toBe(0);
  else
    expect(
      parseDocument(strict.decode(bytes)).diagnostics.filter((d) => d.severity === 'error'),
      `${what}: rewrote a file with syntax errors`,
    ).toEqual([]);
}

// Token-level mutations: the text cut into tokens, then tokens dropped, doubled, swapped or
// replaced with ones that often break a parser, a printer or a reader.
const TOKEN = /\s+|--[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^']|'')*'|"(?:[^"\\]|\\.)*"|[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|./g;
const tokens = (text: string) => text.match(TOKEN) ?? [];
const NASTY = [
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  ';',
  '.',
  ':',
  '@',
  "'",
  '"',
  '--',
  '/*',
  '*/',
  '\\',
  '$',
  '?',
  '`',
  '\n',
  '\r',
  '\t',
  '\u0000',
  '\ufeff',
  '\u2028',
  'SELECT',
  'FROM',
  'WHERE',
  'AND',
  'OR',
  'NOT',
  'IN',
  'BETWEEN',
  'LIKE',
  'IS',
  'NULL',
  'CASE',
  'WHEN',
  'END',
  'OPTIONS',
  'ROWS',
  'DATETIME',
  'DATE',
  'ALIAS',
  'COLUMN',
  'TABLE',
  'DATABASE_COLUMN',
  'SYSTEM_TABLE',
  'COUNT',
  '*',
  '-',
  '~',
  '=',
  '<>',
  '||',
  '::',
  '1e400',
  '1e-400',
  '9223372036854775808',
  '-0',
  '0.5',
  "''",
  '""',
  "'x",
  '"x',
  'null',
  'true',
  'undefined',
  '"$col"',
  '"$and"',
  '"type"',
  '[]',
  '{}',
  'é',
  '😀',
  '\ud800',
];

const arbMutated = (corpus: readonly string[]) =>
  fc
    .tuple(
      fc.constantFrom(...corpus),
      fc.array(fc.tuple(fc.constantFrom('drop', 'double', 'swap', 'replace', 'insert'), fc.nat(), fc.constantFrom(...NASTY)), { minLength: 1, maxLength: 4 }),
    )
    .map(([text, edits]) => {
      const t = tokens(text);
      for (const [op, at, token] of edits) {
        if (t.length === 0) break;
        const i = at % t.length;
        if (op === 'drop') t.splice(i, 1);
        else if (op === 'double') t.splice(i, 0, t[i] as string);
        else if (op === 'swap' && i + 1 < t.length) [t[i], t[i + 1]] = [t[i + 1] as string, t[i] as string];
        else if (op === 'replace') t[i] = token;
        else t.splice(i, 0, token);
      }
      return new TextEncoder().encode(t.join(''));
    });

/** Valid text with bytes that are not UTF-8 put in (a Latin-1 letter, a cut sequence, a lone continuation byte). */
const arbInvalidUtf8 = fc
  .tuple(
    fc.constantFrom(...DSQ, ...JSONS),
    fc.nat(),
    fc.constantFrom([0xfc], [0xe9], [0xff], [0xc3], [0xe2, 0x82], [0x80], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xc0, 0xaf]),
  )
  .map(([text, at, bad]) => {
    const bytes = Buffer.from(text, 'utf8');
    // Inserted between characters (never inside a multi-byte one), so only `bad` is invalid.
    let i = at % (bytes.length + 1);
    while (i < bytes.length && ((bytes[i] as number) & 0xc0) === 0x80) i++;
    return new Uint8Array(Buffer.concat([bytes.subarray(0, i), Buffer.from(bad), bytes.subarray(i)]));
  });

describe('fuzzing every CLI command in-process (issue 9)', () => {
  it('covers every command of the command table', () => {
    expect(Object.keys(RUNS).sort()).toEqual(COMMANDS.map((c) => c.name).sort());
  });

  it('random bytes', async () => {
    await fc.assert(fc.asyncProperty(fc.uint8Array({ maxLength: 120 }), everyCommand), { numRuns: runs(25) });
  });

  it('invalid UTF-8 in the examples: an error, and never a file written', async () => {
    await fc.assert(fc.asyncProperty(arbInvalidUtf8, everyCommand), { numRuns: runs(15) });
  });

  it('token-level mutations of the .dsq examples', async () => {
    await fc.assert(fc.asyncProperty(arbMutated(DSQ), everyCommand), { numRuns: runs(40) });
  });

  it('token-level mutations of the JSON examples', async () => {
    await fc.assert(fc.asyncProperty(arbMutated(JSONS), everyCommand), { numRuns: runs(25) });
  });
});
