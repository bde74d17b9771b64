import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { format } from '../../src/print/index.js';
import { runCli } from '../helpers/cli.js';
import { spawnCli } from '../helpers/spawn-cli.js';
import { runs } from '../helpers/runs.js';

/**
 * The terminal (issue 27): colour on a terminal (severity, rule id, the code frame's caret),
 * off when piped, NO_COLOR / FORCE_COLOR, --color / --no-color; `fmt --diff`; --function-case,
 * --use-tabs and --keyword-case preserve.
 */
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dsq-terminal-'));
  writeFileSync(join(dir, 'q.dsq'), 'SELECT a FROM t WHERE b = NULL AND c IN ()\n');
  writeFileSync(join(dir, 'bad.dsq'), 'SELECT a FROM\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ESC = '\u001b[';
const tty = { stdout: true, stderr: true };
const inProcess = (args: string[], io: { env?: Record<string, string>; isTTY?: { stdout: boolean; stderr: boolean } } = {}) => {
  // runCli's Io, with a terminal or an environment.
  return import('../../src/cli/main.js').then(async ({ main }) => {
    let out = '';
    let err = '';
    const code = await main(args, { stdout: (t) => void (out += t), stderr: (t) => void (err += t), readStdin: async () => '', cwd: dir, ...io });
    return { code, out, err };
  });
};

describe('colour', () => {
  it('on a terminal: the severity in its colour, the rule id dim, the summary bold; the same text underneath', async () => {
    const plain = await runCli(['lint', 'q.dsq'], { cwd: dir });
    const coloured = await inProcess(['lint', 'q.dsq'], { isTTY: tty, env: {} });
    expect(coloured.out).not.toBe(plain.out);
    expect(coloured.out).toContain(`${ESC}31merror${ESC}39m`);
    expect(coloured.out).toContain(`${ESC}33mwarning${ESC}39m`);
    expect(coloured.out).toContain(`${ESC}2m(null-comparison)${ESC}22m`);
    expect(coloured.out.replace(/\u001b\[\d+m/g, '')).toBe(plain.out);
  });

  it("the code frame's caret is red on a terminal's stderr", async () => {
    const r = await inProcess(['compile', 'bad.dsq'], { isTTY: tty, env: {} });
    expect(r.err).toMatch(new RegExp(`\\|\\s+${ESC.replace('[', '\\[')}31m\\^+`));
  });

  it('off when piped; NO_COLOR turns it off, FORCE_COLOR on; --color and --no-color decide', async () => {
    expect((await inProcess(['lint', 'q.dsq'], { isTTY: { stdout: false, stderr: false }, env: {} })).out).not.toContain(ESC);
    expect((await inProcess(['lint', 'q.dsq'], { isTTY: tty, env: { NO_COLOR: '1' } })).out).not.toContain(ESC);
    expect((await inProcess(['lint', 'q.dsq'], { isTTY: tty, env: { TERM: 'dumb' } })).out).not.toContain(ESC);
    expect((await inProcess(['lint', 'q.dsq'], { env: { FORCE_COLOR: '1' } })).out).toContain(ESC);
    expect((await inProcess(['lint', 'q.dsq'], { env: { FORCE_COLOR: '0' }, isTTY: tty })).out).not.toContain(ESC);
    expect((await inProcess(['lint', '--color', 'q.dsq'], { env: { NO_COLOR: '1' } })).out).toContain(ESC);
    expect((await inProcess(['lint', '--no-color', 'q.dsq'], { env: { FORCE_COLOR: '1' }, isTTY: tty })).out).not.toContain(ESC);
    expect((await inProcess(['lint', '--color', '--no-color', 'q.dsq'])).code).toBe(2);
  });

  it('as a process: piped, no colour; FORCE_COLOR=1 colours it', async () => {
    const [piped, forced] = await Promise.all([spawnCli(['lint', 'q.dsq'], { cwd: dir }), spawnCliWithEnv(['lint', 'q.dsq'], { FORCE_COLOR: '1' })]);
    expect(piped.out).not.toContain(ESC);
    expect(forced.out).toContain(`${ESC}31merror${ESC}39m`);
  });
});

/** spawnCli with extra environment variables. */
async function spawnCliWithEnv(args: string[], env: Record<string, string>) {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    return await spawnCli(args, { cwd: dir });
  } finally {
    for (const k of Object.keys(env)) if (saved[k] === undefined) delete process.env[k];
  }
}

/** Applies a unified diff to a text (the test's own reading of the format). */
function applyDiff(text: string, diff: string): string {
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  const out: string[] = [];
  let at = 0;
  let finalNewline = text.endsWith('\n');
  const rows = diff.split('\n');
  for (let i = 2; i < rows.length; i++) {
    const head = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@$/.exec(rows[i] as string);
    if (!head) continue;
    const start = Number(head[1]) - (head[2] === '0' ? 0 : 1);
    while (at < start) out.push(lines[at++] as string);
    for (i++; i < rows.length && !(rows[i] as string).startsWith('@@') && rows[i] !== ''; i++) {
      const row = rows[i] as string;
      if (row.startsWith(' ')) out.push(lines[at++] as string);
      else if (row.startsWith('-')) at++;
      else if (row.startsWith('+')) {
        out.push(row.slice(1));
        finalNewline = true;
      } else if (row === '\\ No newline at end of file' && (rows[i - 1] as string).startsWith('+')) finalNewline = false;
    }
    i--;
  }
  while (at < lines.length) out.push(lines[at++] as string);
  return out.join('\n') + (finalNewline ? '\n' : '');
}

describe('fmt --diff', () => {
  it('prints a unified diff of what --write would change, exit 1; nothing and exit 0 for a formatted file', async () => {
    writeFileSync(join(dir, 'u.dsq'), 'select a,b from t;\nSELECT 1\n');
    const r = await runCli(['fmt', '--diff', 'u.dsq'], { cwd: dir });
    expect(r).toEqual({
      code: 1,
      out: '--- a/u.dsq\n+++ b/u.dsq\n@@ -1,2 +1,3 @@\n-select a,b from t;\n+SELECT a, b FROM t;\n+\n SELECT 1\n',
      err: '1 file not formatted; run dsq fmt --write\n',
    });
    writeFileSync(join(dir, 'ok.dsq'), 'SELECT 1\n');
    expect(await runCli(['fmt', '--diff', 'ok.dsq'], { cwd: dir })).toEqual({ code: 0, out: '', err: '' });
    expect((await runCli(['fmt', '--diff', '--write', 'ok.dsq'], { cwd: dir })).code).toBe(2);
    const coloured = await inProcess(['fmt', '--diff', 'u.dsq'], { isTTY: tty, env: {} });
    expect(coloured.out).toContain(`${ESC}32m+SELECT a, b FROM t;${ESC}39m`);
  });

  it('property: the diff applied to the file gives what --write writes', async () => {
    const statements = [
      'select a,b from t',
      'SELECT  *  FROM t WHERE x=1 /* c */',
      'select count(*) from t group by a having count(*)>1',
      'SELECT 1',
      '/* only a comment */',
      'select a from t where b in (1,2,3) order by a asc',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...statements), { minLength: 1, maxLength: 8 }),
        fc.constantFrom(';\n', ';\n\n', ';  \n'),
        fc.boolean(),
        async (parts, sep, newline) => {
          const text = parts.join(sep) + (newline ? '\n' : '');
          writeFileSync(join(dir, 'p.dsq'), text);
          const r = await runCli(['fmt', '--diff', 'p.dsq'], { cwd: dir });
          expect(applyDiff(text, r.out)).toBe(format(text));
        },
      ),
      { numRuns: runs(80) },
    );
  });
});

describe('layout flags from sql-formatter', () => {
  it('--function-case, --use-tabs and --keyword-case preserve (each keyword as written)', async () => {
    const text = 'select Count(x), sum(y) FROM t where a = 1 AND b = 2 and c = 3\n';
    expect((await runCli(['fmt', '--function-case', 'lower', '-'], { stdin: text })).out).toBe(
      'SELECT count(x), sum(y) FROM t WHERE a = 1 AND b = 2 AND c = 3\n',
    );
    expect((await runCli(['fmt', '--keyword-case', 'preserve', '--function-case', 'preserve', '-'], { stdin: text })).out).toBe(text);
    expect((await runCli(['fmt', '--use-tabs', '--width', '20', '-'], { stdin: text })).out).toContain('\n\ta = 1\n\tAND b = 2\n');
    expect((await runCli(['fmt', '--function-case', 'title', '-'], { stdin: text })).code).toBe(2);
    // The same from dsq.config.json.
    writeFileSync(join(dir, 'dsq.config.json'), '{ "functionCase": "lower", "useTabs": true, "width": 20 }');
    expect((await runCli(['fmt', '-'], { stdin: text, cwd: dir })).out).toContain('\tcount(x), sum(y)\n');
    rmSync(join(dir, 'dsq.config.json'));
  });
});
