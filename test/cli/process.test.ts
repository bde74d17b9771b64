import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands.js';
import { sourceCheckout, spawnCli } from '../helpers/spawn-cli.js';

/**
 * The CLI as a process (bin/dsq.js, run from the sources as a fresh clone does): what happens
 * when the output goes away or cannot be written, and with real file permissions.
 */
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dsq-process-'));
  chmodSync(dir, 0o777);
  // Big enough that the output outlives a pipe's buffer (64 KB): the reader is gone mid-write.
  const lines: string[] = [];
  for (let i = 0; i < 1500; i++) lines.push(`select a, b, c from t where x = ${i} and y in (1, 2, 3);`);
  writeFileSync(join(dir, 'big.dsq'), `${lines.join('\n')}\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const EXAMPLES = join(import.meta.dirname, '..', '..', 'examples');
/** One run of each command that writes to stdout. */
const RUNS: Record<string, string[]> = {
  compile: ['compile', join(EXAMPLES, 'top-customers.dsq')],
  decompile: ['decompile', join(EXAMPLES, 'report-batch.json')],
  fmt: ['fmt', join(EXAMPLES, 'top-customers.dsq')],
  normalize: ['normalize', join(EXAMPLES, 'revenue-by-region.select.json')],
  lint: ['lint', join(EXAMPLES, 'top-customers.dsq')],
  check: ['check', join(EXAMPLES, 'top-customers.dsq')],
  types: ['types', join(EXAMPLES, 'shop.schema.json')],
  run: ['run', join(EXAMPLES, 'shop-data', 'queries', 'revenue-by-region.dsq'), '--data', join(EXAMPLES, 'shop-data')],
  sql: ['sql', join(EXAMPLES, 'shop-data', 'queries', 'revenue-by-region.dsq'), '--schema', join(EXAMPLES, 'shop-data', 'schema.json')],
  // gen writes its module, not standard output: its help.
  gen: ['gen', '--help'],
  // The language server writes only in answer to a client (test/lsp/stdio.test.ts); unasked, its help.
  lsp: ['lsp', '--help'],
};
const STACK = /\n\s+at .+[:(]\d+:\d+|node:internal|Error: write/;

describe('output errors (issue 9)', () => {
  it('covers every command', () => {
    expect(Object.keys(RUNS).sort()).toEqual(COMMANDS.map((c) => c.name).sort());
  });

  it('a reader that goes away (| head -1: EPIPE) ends the output quietly, exit as usual', async () => {
    const runs = await Promise.all(
      [
        ['compile', 'big.dsq'],
        ['fmt', 'big.dsq'],
      ].map((args) => spawnCli(args, { cwd: dir, stdout: 'close-early' })),
    );
    for (const [i, r] of runs.entries()) {
      expect(r.err, String(i)).toBe('');
      expect(r.signal).toBe(null);
      expect([0, 1]).toContain(r.code);
      expect(r.out.length).toBeGreaterThan(0);
    }
  });

  it.runIf(existsSync('/dev/full'))('any other write error (> /dev/full: ENOSPC) is one line and exit 2, for every command and for --help', async () => {
    const full = openSync('/dev/full', 'w');
    try {
      const runs = await Promise.all([...Object.values(RUNS), ['--help'], ['fmt', '--help']].map((args) => spawnCli(args, { cwd: dir, stdout: full })));
      for (const [i, r] of runs.entries()) {
        const name = [...Object.keys(RUNS), 'dsq', 'fmt'][i] as string;
        const prefix = name === 'dsq' ? 'dsq' : `dsq ${name}`;
        expect(r.err, name).toBe(`${prefix}: cannot write the output: no space left on the device\n`);
        expect(r.code, name).toBe(2);
      }
    } finally {
      closeSync(full);
    }
  });

  it('runs from the sources when no build can be written (a read-only checkout), and says so plainly when it cannot', async () => {
    const r = await spawnCli(['compile', '-'], { stdin: 'select a from t', fromSources: true });
    expect(r).toMatchObject({ code: 0, err: '', out: '{ "columns": [{ "e": { "$col": "a" } }], "from": "t" }\n' });
    const bare = mkdtempSync(join(tmpdir(), 'dsq-bare-'));
    try {
      writeFileSync(join(bare, 'dsq.js'), readFileSync(join(sourceCheckout(), 'bin', 'dsq.js')));
      const { spawnSync } = await import('node:child_process');
      const alone = spawnSync(process.execPath, [join(bare, 'dsq.js'), 'compile'], { encoding: 'utf8' });
      expect(alone.status).toBe(2);
      expect(alone.stderr).toBe('dsq: the build (dist/) is missing: run `npm install` and `npm run build` in the dsq folder\n');
      expect(alone.stderr).not.toMatch(STACK);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});

describe('real permissions (issue 9)', () => {
  // As root, the run is done as the user nobody; otherwise as the current user.
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? { uid: 65534, gid: 65534 } : {};

  it('a file the user cannot write is never replaced, though the folder is writable; one they cannot read does not stop the run', async () => {
    const work = mkdtempSync(join(tmpdir(), 'dsq-perm-'));
    chmodSync(work, 0o777);
    try {
      const ugly = 'select a,b from t\n';
      const nice = 'SELECT a, b FROM t\n';
      for (const f of ['theirs.dsq', 'secret.dsq', 'mine.dsq']) writeFileSync(join(work, f), ugly);
      chmodSync(join(work, 'theirs.dsq'), 0o444);
      chmodSync(join(work, 'secret.dsq'), 0o000);
      if (asRoot) {
        // Owned by root: nobody may read theirs.dsq but not write it, and may not read secret.dsq.
        chmodSync(join(work, 'theirs.dsq'), 0o644);
        chmodSync(join(work, 'secret.dsq'), 0o600);
        chownSync(join(work, 'mine.dsq'), 65534, 65534);
      }
      const before = statSync(join(work, 'theirs.dsq'));
      const r = await spawnCli(['fmt', '--write', 'theirs.dsq', 'secret.dsq', 'mine.dsq'], { cwd: work, ...user });
      expect(r.code).toBe(2);
      expect(r.out).toBe('mine.dsq\n');
      expect(r.err.split('\n').sort()).toEqual(
        ['', 'dsq fmt: cannot read secret.dsq: permission denied', 'dsq fmt: cannot write theirs.dsq: permission denied'].sort(),
      );
      expect(readFileSync(join(work, 'mine.dsq'), 'utf8')).toBe(nice);
      chmodSync(join(work, 'secret.dsq'), 0o600);
      expect(readFileSync(join(work, 'theirs.dsq'), 'utf8')).toBe(ugly);
      expect(readFileSync(join(work, 'secret.dsq'), 'utf8')).toBe(ugly);
      const after = statSync(join(work, 'theirs.dsq'));
      expect([after.ino, after.uid, after.mode]).toEqual([before.ino, before.uid, before.mode]);

      const fixed = await spawnCli(['lint', '--fix', 'theirs.dsq', 'mine.dsq'], { cwd: work, ...user, stdin: '' });
      expect(fixed.err).not.toMatch(STACK);

      // A file the user may write in a folder they may not create files in: written in place.
      mkdirSync(join(work, 'locked'));
      writeFileSync(join(work, 'locked', 'q.dsq'), ugly);
      if (asRoot) chownSync(join(work, 'locked', 'q.dsq'), 65534, 65534);
      chmodSync(join(work, 'locked'), 0o555);
      const locked = await spawnCli(['fmt', '--write', 'locked/q.dsq'], { cwd: work, ...user });
      chmodSync(join(work, 'locked'), 0o755);
      expect(locked).toMatchObject({ code: 0, out: 'locked/q.dsq\n', err: '' });
      expect(readFileSync(join(work, 'locked', 'q.dsq'), 'utf8')).toBe(nice);
      expect(readdirSync(join(work, 'locked'))).toEqual(['q.dsq']);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
