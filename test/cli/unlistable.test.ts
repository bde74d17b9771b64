import { chmodSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../helpers/cli.js';

/**
 * A folder named on the command line that cannot be listed was skipped without a word (the
 * walk, tinyglobby, passes over what it cannot read): now it is one line naming it, the other
 * arguments are still processed, exit 2. Root lists any folder, so beside the real case (run as
 * another user) the listing is made to fail as the system would fail it (EACCES).
 */
const locked = new Set<string>();
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const deny = (path: unknown) => Object.assign(new Error(`EACCES: permission denied, opendir '${String(path)}'`), { code: 'EACCES' });
  return {
    ...fs,
    opendir: async (path: Parameters<typeof fs.opendir>[0], ...rest: [Parameters<typeof fs.opendir>[1]?]) => {
      if (locked.has(String(path))) throw deny(path);
      return fs.opendir(path, ...rest);
    },
  };
});

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dsq-unlistable-'));
  await mkdir(join(dir, 'open'));
  await mkdir(join(dir, 'shut'));
  await writeFile(join(dir, 'open', 'a.dsq'), 'select a from t\n');
  await writeFile(join(dir, 'shut', 'b.dsq'), 'select b from t\n');
});
afterEach(async () => {
  locked.clear();
  chmodSync(join(dir, 'shut'), 0o755);
  await rm(dir, { recursive: true, force: true });
});

const run = (args: string[]) => runCli(args, { cwd: dir });

describe('a folder that cannot be listed', () => {
  it.each([
    ['fmt', ['fmt'], 'SELECT a FROM t\n'],
    ['fmt --check', ['fmt', '--check'], ''],
    ['lint', ['lint'], 'no problems in the files read; 1 input could not be read or written\n'],
  ])('dsq %s: one line naming it, the other folder still done, exit 2', async (_name, command, out) => {
    locked.add(join(dir, 'shut'));
    const r = await run([...command, 'shut', 'open']);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`cannot list shut: permission denied`);
    expect(r.err.split('\n').filter((l) => l.includes('shut'))).toHaveLength(1);
    if (out !== '') expect(r.out).toBe(out);
  });

  it.runIf(process.getuid?.() !== 0)('(as a user: a real folder without read permission)', async () => {
    chmodSync(join(dir, 'shut'), 0o000);
    const r = await run(['fmt', 'shut', 'open']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('cannot list shut: permission denied');
    expect(r.out).toBe('SELECT a FROM t\n');
  });
});
