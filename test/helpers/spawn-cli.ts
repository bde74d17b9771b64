import { spawn, type StdioOptions } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { buildSync } from 'esbuild';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
let checkout: string | null = null;

/**
 * A copy of the package as a fresh clone has it: bin/, src/, node_modules/ and package.json,
 * but no dist/. bin/dsq.js then runs the sources through tsx, so a spawned `dsq` is the code
 * under test (never a stale build), and the fallback itself is exercised. Readable by everyone
 * (tests run it as another user too).
 */
export function sourceCheckout(): string {
  if (checkout !== null) return checkout;
  const dir = mkdtempSync(join(tmpdir(), 'dsq-checkout-'));
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'bin'));
  copyFileSync(join(ROOT, 'bin', 'dsq.js'), join(dir, 'bin', 'dsq.js'));
  copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  symlinkSync(join(ROOT, 'src'), join(dir, 'src'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  checkout = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

let built: string | null = null;

/**
 * The same checkout with dist/cli.js built from the sources by esbuild (one bundle, a fraction
 * of a second): spawned processes then start in milliseconds instead of compiling through tsx.
 */
export function builtCheckout(): string {
  if (built !== null) return built;
  const dir = mkdtempSync(join(tmpdir(), 'dsq-built-'));
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'bin'));
  copyFileSync(join(ROOT, 'bin', 'dsq.js'), join(dir, 'bin', 'dsq.js'));
  copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  // As an installed package finds its peers (dsq run's engine) in the node_modules around it.
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  buildSync({
    entryPoints: [join(ROOT, 'src', 'cli', 'process.ts')],
    outfile: join(dir, 'dist', 'cli.js'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'silent',
    // Bundled CommonJS dependencies (picomatch) call require().
    banner: { js: "import { createRequire as __dsqRequire } from 'node:module'; const require = __dsqRequire(import.meta.url);" },
  });
  built = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
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
