import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * bin/dsq.js chooses what to run: dist/cli.js when it is current, the sources (through tsx)
 * when dist/ is missing or older than src/ (a build left over from before a `git pull`), and a
 * one-line message, never a stack trace, when neither can run.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const dirs: string[] = [];
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

const OLD = new Date('2020-01-01T00:00:00Z');
const NEW = new Date('2030-01-01T00:00:00Z');

function checkout(opts: { dist?: string; distTime?: Date; sources?: string; srcTime?: Date; tsx?: boolean }): string {
  const dir = mkdtempSync(join(tmpdir(), 'dsq-bin-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'bin'));
  copyFileSync(join(ROOT, 'bin', 'dsq.js'), join(dir, 'bin', 'dsq.js'));
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  if (opts.dist !== undefined) {
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist', 'cli.js'), opts.dist);
    if (opts.distTime) utimesSync(join(dir, 'dist', 'cli.js'), opts.distTime, opts.distTime);
  }
  if (opts.sources !== undefined) {
    mkdirSync(join(dir, 'src', 'cli'), { recursive: true });
    const file = join(dir, 'src', 'cli', 'process.ts');
    writeFileSync(file, opts.sources);
    if (opts.srcTime) utimesSync(file, opts.srcTime, opts.srcTime);
  }
  if (opts.tsx) symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

const says = (word: string) =>
  `export async function runProcess(argv) { process.stdout.write(${JSON.stringify(word)} + ' ' + argv.join(',')); return 0; }\n`;

function run(dir: string) {
  return spawnSync(process.execPath, [join(dir, 'bin', 'dsq.js'), 'a', 'b'], { encoding: 'utf8', timeout: 60_000 });
}

describe('bin/dsq.js', () => {
  it('runs dist/cli.js when it is newer than every source file', () => {
    const r = run(checkout({ dist: says('dist'), distTime: NEW, sources: says('sources'), srcTime: OLD, tsx: true }));
    expect(r.stdout).toBe('dist a,b');
    expect(r.status).toBe(0);
  });

  it('runs the sources when dist/ is older than a source file', () => {
    const r = run(checkout({ dist: says('dist'), distTime: OLD, sources: says('sources'), srcTime: NEW, tsx: true }));
    expect(r.stdout).toBe('sources a,b');
  });

  it('runs the sources when there is no dist/', () => {
    const r = run(checkout({ sources: says('sources'), tsx: true }));
    expect(r.stdout).toBe('sources a,b');
  });

  it('runs dist/ in an installed package (no src/)', () => {
    const r = run(checkout({ dist: says('dist') }));
    expect(r.stdout).toBe('dist a,b');
  });

  it('falls back to an old dist/ when tsx is not installed', () => {
    const r = run(checkout({ dist: says('dist'), distTime: OLD, sources: says('sources'), srcTime: NEW }));
    expect(r.stdout).toBe('dist a,b');
  });

  it('says the build is out of date, without a stack trace, when dist/ lacks the entry point', () => {
    const r = run(checkout({ dist: 'export const other = 1;\n' }));
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('dsq: the build in dist/ is out of date: run `npm run build` in the dsq folder\n');
  });

  it('says the build is missing when there is neither dist/ nor a runnable source', () => {
    const r = run(checkout({ sources: says('sources') }));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^dsq: the build \(dist\/\) is missing/);
  });
});
