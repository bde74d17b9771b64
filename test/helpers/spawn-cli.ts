import { execFileSync, spawn, type StdioOptions } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
let checkout: string | null = null;

/** A copy of the package as a clone has it: bin/, src/, node_modules/ and package.json; no dist/. */
function clone(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'bin'));
  for (const file of ['dsq.js', 'build-cli.cjs', 'package.json']) copyFileSync(join(ROOT, 'bin', file), join(dir, 'bin', file));
  copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  symlinkSync(join(ROOT, 'src'), join(dir, 'src'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * A clone whose build cannot be written (dist is a file, as in a read-only folder): bin/dsq.js
 * then runs the sources through tsx, so a spawned `dsq` is the code under test and that
 * fallback itself is exercised. Readable by everyone (tests run it as another user too).
 */
export function sourceCheckout(): string {
  if (checkout !== null) return checkout;
  const dir = clone('dsq-checkout-');
  writeFileSync(join(dir, 'dist'), 'not a folder: the build cannot be written here\n');
  checkout = dir;
  return dir;
}

let built: string | null = null;

/**
 * A clone with its CLI built from the sources (bin/build-cli.cjs, as its first run would):
 * spawned processes then start in milliseconds instead of compiling through tsx.
 */
export function builtCheckout(): string {
  if (built !== null) return built;
  const dir = clone('dsq-built-');
  execFileSync(process.execPath, [
    '--input-type=module',
    '-e',
    `await (await import(${JSON.stringify(join(dir, 'bin', 'build-cli.cjs'))})).buildCli(${JSON.stringify(dir)});`,
  ]);
  chmodSync(join(dir, 'dist'), 0o755);
  built = dir;
  return dir;
}

export interface SpawnResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly out: string;
  readonly err: string;
}

export interface SpawnOptions {
  readonly cwd?: string;
  readonly stdin?: string | Buffer;
  /** stdout: 'pipe' (collected), a file descriptor, or 'close-early' (the reader goes away after the first chunk, as `| head -1` does). */
  readonly stdout?: 'pipe' | number | 'close-early';
  readonly uid?: number;
  readonly gid?: number;
  /** Run through tsx from the sources (as a fresh clone does) rather than a bundle built for the tests. */
  readonly fromSources?: boolean;
}

/** Runs `node bin/dsq.js ARGS` of the source checkout as a process. */
export function spawnCli(args: readonly string[], options: SpawnOptions = {}): Promise<SpawnResult> {
  const bin = join(options.fromSources ? sourceCheckout() : builtCheckout(), 'bin', 'dsq.js');
  const stdout = options.stdout ?? 'pipe';
  const stdio: StdioOptions = ['pipe', typeof stdout === 'number' ? stdout : 'pipe', 'pipe'];
  const child = spawn(process.execPath, [bin, ...args], {
    cwd: options.cwd ?? ROOT,
    stdio,
    ...(options.uid !== undefined ? { uid: options.uid } : {}),
    ...(options.gid !== undefined ? { gid: options.gid } : {}),
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  let out = '';
  let err = '';
  child.stderr?.setEncoding('utf8').on('data', (t: string) => (err += t));
  if (child.stdout) {
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (t: string) => {
      out += t;
      if (stdout === 'close-early') child.stdout?.destroy();
    });
  }
  child.stdin?.on('error', () => undefined);
  child.stdin?.end(options.stdin ?? '');
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, out, err }));
  });
}
