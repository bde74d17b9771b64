import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands.js';
import { fixText } from '../../src/lint/lint.js';
import { runCli } from '../helpers/cli.js';
import { runs } from '../helpers/runs.js';

/**
 * Help and first steps (issue 27): `dsq help COMMAND`, "did you mean" for a misspelt command
 * or option, balanced quotes in the unknown-option message, --params-file's unused values said
 * once, `lint --fix` on a file with a syntax error, `lint --fix` changing only what the fixes
 * change.
 */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dsq-first-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const put = (path: string, text: string) => {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
};
const run = (args: string[], stdin?: string) => runCli(args, { cwd: dir, ...(stdin !== undefined ? { stdin } : {}) });

describe('help', () => {
  it('dsq help COMMAND prints the help of that command, for every command', async () => {
    for (const c of COMMANDS) expect(await run(['help', c.name]), c.name).toEqual(await run([c.name, '--help']));
    expect((await run(['help'])).out).toContain('Run `dsq <command> --help` (or `dsq help <command>`) for the options of a command.');
  });

  it('a misspelt command: "did you mean", exit 2', async () => {
    const r = await run(['frmt', 'q.dsq']);
    expect(r.code).toBe(2);
    expect(r.err.split('\n')[0]).toBe('dsq: unknown command "frmt" (did you mean `dsq fmt`?)');
    expect((await run(['help', 'lnt'])).err.split('\n')[0]).toBe('dsq: unknown command "lnt" (did you mean `dsq help lint`?)');
    expect((await run(['xyzzy'])).err.split('\n')[0]).toBe('dsq: unknown command "xyzzy"');
  });

  it('an unknown option: the closest options, how to pass a file starting with "-", and every quote closed', async () => {
    const r = await run(['fmt', '--chek', 'q.dsq']);
    expect(r).toEqual({
      code: 2,
      out: '',
      err: 'dsq fmt: unknown option --chek (did you mean --check?); a file whose name starts with "-" goes after "--": -- --chek\nRun `dsq fmt --help` for usage.\n',
    });
    // As the message says: after "--", a name starting with "-" is a file.
    put('-odd.dsq', 'select 1');
    expect(await run(['fmt', '--', '-odd.dsq'])).toEqual({ code: 0, out: 'SELECT 1\n', err: '' });
    for (const args of [
      ['lint', '-z'],
      ['compile', '--out-dirr', 'x'],
      ['gen', '--watcH'],
      ['fmt', '--width'],
    ]) {
      const line = (await run(args)).err.split('\n')[0] as string;
      expect((line.match(/"/g) ?? []).length % 2, line).toBe(0);
      expect((line.match(/'/g) ?? []).length % 2, line).toBe(0);
    }
  });
});

describe('--params-file: its unused values in one warning', () => {
  it('says every unused key at once, each with its place and closest parameter', async () => {
    put('q.dsq', 'SELECT a FROM t WHERE region = :region LIMIT :n');
    put('p.json', '{\n  "region": "EU",\n  "regoin": "US",\n  "n": 1,\n  "extra": 2\n}');
    const r = await run(['compile', 'q.dsq', '--params-file', 'p.json', '--indent', '0']);
    expect(r.code).toBe(0);
    const warnings = r.err.split('\n').filter((l) => l.includes('warning'));
    expect(warnings).toEqual([
      'q.dsq: warning: 2 values of p.json are not used, the input has no such parameters: regoin (3:3) (did you mean :region?), extra (5:3) (its parameters: :region, :n)',
    ]);
  });
});

describe('lint --fix', () => {
  it('on a file with a syntax error: says the file was left unwritten', async () => {
    put('bad.dsq', 'SELECT a FROM t WHERE b = NULL;\nSELECT FROM\n');
    const r = await run(['lint', '--fix', 'bad.dsq']);
    expect(r.code).toBe(1);
    expect(r.err).toBe('dsq lint: bad.dsq has syntax errors: --fix left it unwritten (fix them, then run dsq lint --fix again)\n');
    expect(readFileSync(join(dir, 'bad.dsq'), 'utf8')).toBe('SELECT a FROM t WHERE b = NULL;\nSELECT FROM\n');
  });

  it("property: changes only what the fixes change (layout and case elsewhere as written), as the editor's fix-all does", async () => {
    const word = (w: string) => fc.constantFrom(w, w.toLowerCase(), w.charAt(0) + w.slice(1).toLowerCase());
    const space = fc.constantFrom(' ', '  ', '\n', ' \n  ', '\t');
    const arb = fc
      .tuple(
        word('SELECT'),
        space,
        word('FROM'),
        space,
        word('WHERE'),
        space,
        fc.constantFrom('=', '<>', '!='),
        space,
        word('NULL'),
        space,
        word('AND'),
        space,
        fc.constantFrom('-- note\n', '/* c */ ', ''),
      )
      .map(
        ([sel, s1, from, s2, where, s3, op, s4, nul, s5, and, s6, comment]) =>
          `${sel}  a ,b${s1}${from} t${s2}${where} x ${op}${s4}${nul}${s5}${and}${s6}${comment}y=1${s3}\n`,
      );
    await fc.assert(
      fc.asyncProperty(arb, async (text) => {
        put('q.dsq', text);
        const r = await run(['lint', '--fix', 'q.dsq']);
        expect(r.code, r.out + r.err).toBe(0);
        const fixed = readFileSync(join(dir, 'q.dsq'), 'utf8');
        // The fix of null-comparison: the operator becomes IS / IS NOT; nothing else moves.
        expect(fixed).toBe(text.replace(/ (=|<>|!=)(\s+)(null)/i, (_m, op: string, s: string, n: string) => ` ${op === '=' ? 'IS' : 'IS NOT'}${s}${n}`));
        // The language server's fix-all runs the same code.
        expect(fixText(text).text).toBe(fixed);
      }),
      { numRuns: runs(60) },
    );
  });

  it('keywords the fixes write follow "keywordCase"; --reformat formats the fixed file too', async () => {
    put('dsq.config.json', '{ "keywordCase": "lower" }');
    put('q.dsq', 'select a  from t where b = null\n');
    expect((await run(['lint', '--fix', 'q.dsq'])).code).toBe(0);
    expect(readFileSync(join(dir, 'q.dsq'), 'utf8')).toBe('select a  from t where b is null\n');
    put('r.dsq', 'select a  from t where b = null\n');
    expect((await run(['lint', '--fix', '--reformat', 'r.dsq'])).code).toBe(0);
    expect(readFileSync(join(dir, 'r.dsq'), 'utf8')).toBe('select a from t where b is null\n');
    expect((await run(['lint', '--reformat', 'r.dsq'])).code).toBe(2);
  });
});
