import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { builtCheckout } from '../helpers/spawn-cli.js';

/**
 * Special files where dsq reads (issue 31): a `*.dsq` link to /dev/zero in a walked folder, a
 * config whose schema is /dev/zero, a dsq.config.json that is a named pipe, a directory named
 * x.dsq, a file over the limit. Each command runs as a real process with a kill timer: it must
 * end by itself with one clear line (the file, what is wrong, what to do) and its exit code; a
 * hang shows as `killed` with what was printed, never as a stuck test run.
 */

const KILL_AFTER_MS = 20_000;
const STACK = /\n\s+at .+[:(]\d+:\d+|node:internal|internal error/;
const LIMIT = 64 * 1024 * 1024;

interface Run {
  readonly code: number | null;
  readonly out: string;
  readonly err: string;
  readonly killed: boolean;
}

/**
 * Runs `dsq ARGS` in `cwd`; stdin is text, or a file descriptor to read from. `onStderr` sees
 * stderr as it comes (to answer a prompt). Killed after KILL_AFTER_MS.
 */
function dsq(
  args: readonly string[],
  cwd: string,
  options: { stdin?: string | number; onStderr?: (err: string) => void; uid?: number; gid?: number } = {},
): Promise<Run> {
  const bin = join(builtCheckout(), 'bin', 'dsq.js');
  const child = spawn(process.execPath, [bin, ...args], {
    cwd,
    ...(options.uid !== undefined ? { uid: options.uid, gid: options.gid ?? options.uid } : {}),
    stdio: [typeof options.stdin === 'number' ? options.stdin : 'pipe', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  let out = '';
  let err = '';
  let killed = false;
  const timer = setTimeout(() => {
    killed = true;
    child.kill('SIGKILL');
  }, KILL_AFTER_MS);
  child.stdout?.setEncoding('utf8').on('data', (t: string) => (out += t));
  child.stderr?.setEncoding('utf8').on('data', (t: string) => {
    err += t;
    options.onStderr?.(err);
  });
  child.stdin?.on('error', () => undefined);
  child.stdin?.end(typeof options.stdin === 'string' ? options.stdin : '');
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err, killed });
    });
  });
}

const mkfifo = (path: string) => {
  const made = spawnSync('mkfifo', [path]);
  if (made.status !== 0) throw new Error(`mkfifo ${path} failed: ${String(made.stderr)}`);
};
/** A sparse file one MiB over the limit: no disk space, no time to write. */
const overLimit = (path: string) => {
  closeSync(openSync(path, 'w'));
  truncateSync(path, LIMIT + 1024 * 1024);
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dsq-special-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});
const at = (...parts: string[]) => join(dir, ...parts);

const UGLY = 'select a from t\n';
const NICE = 'SELECT a FROM t\n';
const NAMED = '-- name: Foo\nSELECT a FROM t\n';
const SCHEMA = '{ "groups": [] }\n';
const NOT_REGULAR = (kind: string) => `it is ${kind}, not a regular file (dsq reads a pipe or a device only when it is named on the command line)`;
const DEVICE = NOT_REGULAR('a character device');
const PIPE = NOT_REGULAR('a named pipe (FIFO)');
const TOO_BIG = 'it is 65 MiB, more than 64 MiB, the most dsq reads from one file or input: split it into smaller files';
const STREAM_TOO_BIG = 'it gives more than 64 MiB, the most dsq reads from one file or input: split it into smaller files';

/** What every run must be: it ended by itself, no stack trace, the exit code expected. */
function ended(r: Run, code: number, what: string): void {
  expect(r.killed, `${what}: hung (killed after ${KILL_AFTER_MS} ms); stderr: ${r.err}`).toBe(false);
  expect(r.err, what).not.toMatch(STACK);
  expect(r.code, `${what}: ${r.err}`).toBe(code);
}

describe('a walked folder with a link to /dev/zero, a named pipe, a directory named x.dsq and a file over the limit', () => {
  beforeEach(() => {
    mkdirSync(at('q', 'd.dsq'), { recursive: true });
    writeFileSync(at('q', 'a.dsq'), NAMED);
    symlinkSync('/dev/zero', at('q', 'z.dsq'));
    mkfifo(at('q', 'f.dsq'));
    overLimit(at('q', 'big.dsq'));
    writeFileSync(at('schema.json'), SCHEMA);
  });

  // (The walk lists no named pipe at all: f.dsq is passed over, never opened. The link is listed.)
  const problems = [`cannot read ${join('q', 'big.dsq')}: ${TOO_BIG}`, `cannot read ${join('q', 'z.dsq')}: ${DEVICE}`];

  it('fmt, fmt --check, fmt --write, lint, lint --fix: one line each, the other files done, exit 2', async () => {
    const runs = await Promise.all(
      [
        ['fmt', 'q'],
        ['fmt', '--check', 'q'],
        ['fmt', '--write', 'q'],
        ['lint', 'q'],
        ['lint', '--fix', 'q'],
        ['lint', 'q/*.dsq'],
      ].map((args) => dsq(args, dir)),
    );
    for (const [i, r] of runs.entries()) {
      const command = i < 3 ? 'fmt' : 'lint';
      ended(r, 2, `run ${i}`);
      const lines = r.err.split('\n').filter((l) => l.startsWith(`dsq ${command}: `));
      expect(lines.map((l) => l.slice(`dsq ${command}: `.length)).sort(), `run ${i}`).toEqual(problems);
    }
    expect(runs[0]?.out).toBe(NAMED);
    expect(runs[3]?.out).toBe('no problems in the files read; 2 inputs could not be read or written\n');
    expect(readFileSync(at('q', 'a.dsq'), 'utf8')).toBe(NAMED);
  });

  it('a glob passes over the named pipe too (tinyglobby lists no pipe): never opened', async () => {
    const r = await dsq(['lint', 'q/f*.dsq'], dir);
    ended(r, 2, 'lint q/f*.dsq');
    expect(r.err).toBe('dsq lint: no files match q/f*.dsq\n');
  });

  it('gen: the first file it cannot read is the error, nothing is written, exit 2', async () => {
    const r = await dsq(['gen', 'q', '--schema', 'schema.json', '--out', 'out.ts'], dir);
    ended(r, 2, 'gen');
    expect(r.err).toBe(`dsq gen: cannot read q/big.dsq: ${TOO_BIG}\n`);
    expect(() => readFileSync(at('out.ts'))).toThrow();
  });

  it('named on the command line: /dev/zero through a link is read to the limit, then refused; a file over the limit before a byte is read', async () => {
    const runs = await Promise.all([
      dsq(['compile', 'q/z.dsq'], dir),
      dsq(['fmt', 'q/z.dsq'], dir),
      dsq(['lint', 'q/z.dsq'], dir),
      dsq(['compile', 'q/big.dsq'], dir),
      dsq(['fmt', 'q/big.dsq'], dir),
      dsq(['compile', 'q/d.dsq'], dir),
    ]);
    for (const r of runs) ended(r, 2, r.err);
    expect(runs[0]?.err).toBe(`dsq compile: cannot read q/z.dsq: ${STREAM_TOO_BIG}\n`);
    expect(runs[1]?.err).toBe(`dsq fmt: cannot read q/z.dsq: ${STREAM_TOO_BIG}\n`);
    expect(runs[2]?.err).toBe(`dsq lint: cannot read q/z.dsq: ${STREAM_TOO_BIG}\n`);
    expect(runs[3]?.err).toBe(`dsq compile: cannot read q/big.dsq: ${TOO_BIG}\n`);
    expect(runs[4]?.err).toBe(`dsq fmt: cannot read q/big.dsq: ${TOO_BIG}\n`);
    expect(runs[5]?.err).toBe('dsq compile: cannot read q/d.dsq: it is a directory\n');
  });

  it('a named pipe named on the command line is read, and a wait for its writer is said on stderr', async () => {
    mkfifo(at('p'));
    let wrote = false;
    const r = await dsq(['compile', 'p'], dir, {
      onStderr: (err) => {
        if (wrote || !err.includes('waiting for a program to write to the named pipe p')) return;
        wrote = true;
        writeFileSync(at('p'), UGLY);
      },
    });
    ended(r, 0, 'compile p');
    expect(wrote).toBe(true);
    expect(r.err).toBe('dsq: waiting for a program to write to the named pipe p (Ctrl-C to stop)\n');
    expect(r.out).toBe('{ "columns": [{ "e": { "$col": "a" } }], "from": "t" }\n');
  });
});

describe('dsq.config.json and the schema it names', () => {
  const cases: [string, (path: string) => void, string][] = [
    ['a link to /dev/zero', (p) => symlinkSync('/dev/zero', p), DEVICE],
    ['a named pipe', mkfifo, PIPE],
    ['a directory', (p) => mkdirSync(p), 'it is a directory'],
    ['over the limit', overLimit, TOO_BIG],
  ];

  it.each(cases)('a config that is %s: fmt, lint and gen say so (exit 2), compile goes on (it reads the config best effort)', async (_name, make, reason) => {
    writeFileSync(at('a.dsq'), NAMED);
    make(at('dsq.config.json'));
    const [fmt, lint, gen, compile] = await Promise.all([
      dsq(['fmt', 'a.dsq'], dir),
      dsq(['lint', 'a.dsq'], dir),
      dsq(['gen', 'a.dsq', '--out', 'out.ts'], dir),
      dsq(['compile', 'a.dsq'], dir),
    ]);
    const line = `${at('dsq.config.json')}: error: cannot read the config file: ${reason}\n`;
    // (gen reads the config for its "gen" and "schema": the config's problem, not "give --schema", since issue 27.)
    for (const r of [fmt, lint, gen]) {
      ended(r, 2, r.err);
      expect(r.err).toBe(line);
    }
    // compile reads the config only for its warnings, best effort: it compiles.
    ended(compile, 0, 'compile');
    expect(compile.out).toContain('"from": "t"');
  });

  it.each(cases)('a config whose schema is %s: lint and gen say so (exit 2), fmt and compile go on', async (_name, make, reason) => {
    writeFileSync(at('a.dsq'), NAMED);
    writeFileSync(at('dsq.config.json'), '{ "schema": "s.json" }\n');
    make(at('s.json'));
    const [lint, gen, fmt, compile] = await Promise.all([
      dsq(['lint', 'a.dsq'], dir),
      dsq(['gen', 'a.dsq', '--out', 'out.ts'], dir),
      dsq(['fmt', 'a.dsq'], dir),
      dsq(['compile', 'a.dsq'], dir),
    ]);
    ended(lint, 2, 'lint');
    expect(lint.err).toContain(`${at('dsq.config.json')}:1:13: error: cannot read the schema file ${at('s.json')}: ${reason} at /schema`);
    ended(gen, 2, 'gen');
    expect(gen.err).toBe(`dsq gen: cannot read ${at('s.json')}: ${reason}\n`);
    ended(fmt, 0, 'fmt');
    expect(fmt.out).toBe(NAMED);
    ended(compile, 0, 'compile');
  });

  it('--schema and --params-file named on the command line: a pipe is read, /dev/zero refused at the limit', async () => {
    writeFileSync(at('a.dsq'), 'SELECT a FROM t WHERE b = :b\n');
    symlinkSync('/dev/zero', at('zero'));
    const runs = await Promise.all([
      dsq(['lint', '--schema', 'zero', 'a.dsq'], dir),
      dsq(['compile', '--schema', 'zero', 'a.dsq'], dir),
      dsq(['compile', '--params-file', 'zero', 'a.dsq'], dir),
      dsq(['gen', 'a.dsq', '--schema', 'zero', '--out', 'out.ts'], dir),
    ]);
    for (const r of runs) {
      ended(r, 2, r.err);
      expect(r.err).toContain(STREAM_TOO_BIG);
    }
    expect(runs[0]?.err).toContain('cannot read the schema file zero: it gives more than 64 MiB');
    // Process substitution (a pipe as /dev/fd/N), as a shell user writes it.
    const bin = join(builtCheckout(), 'bin', 'dsq.js');
    const shell = `"${process.execPath}" "${bin}" compile --params-file <(echo '{ "b": 7 }') --schema <(echo '${SCHEMA.trim()}') a.dsq`;
    const fromPipe = spawnSync('bash', ['-c', shell], {
      cwd: dir,
      encoding: 'utf8',
      timeout: KILL_AFTER_MS,
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    expect(fromPipe.stderr).toBe('');
    expect(fromPipe.status).toBe(0);
    expect(fromPipe.stdout).toContain('7');
  });
});

describe('standard input', () => {
  it('is read to the limit: /dev/zero as stdin ends with one line, exit 2', async () => {
    const zero = openSync('/dev/zero', 'r');
    try {
      const runs = await Promise.all([['fmt', '-'], ['compile'], ['lint', '-'], ['decompile']].map((args) => dsq(args, dir, { stdin: zero })));
      for (const [i, r] of runs.entries()) {
        ended(r, 2, String(i));
        expect(r.err).toMatch(new RegExp(`^dsq [a-z]+: cannot read standard input: ${STREAM_TOO_BIG}\\n$`));
      }
    } finally {
      closeSync(zero);
    }
  });
});

describe('link loops in a walked folder', () => {
  it('each file is done once, under the first name found; a link to itself is passed over', async () => {
    mkdirSync(at('loop', 'sub'), { recursive: true });
    writeFileSync(at('loop', 'sub', 'a.dsq'), UGLY);
    symlinkSync('..', at('loop', 'sub', 'up'));
    symlinkSync(join('..', 'loop'), at('loop', 'sub', 'again'));
    symlinkSync('self.dsq', at('loop', 'self.dsq'));
    symlinkSync('a.dsq', at('loop', 'sub', 'b.dsq'));
    const listed = await runCli(['lint', '--format', 'json', 'loop'], { cwd: dir });
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.out).files.map((f: { file: string }) => f.file)).toEqual([join('loop', 'sub', 'a.dsq')]);
    const written = await runCli(['fmt', '--write', 'loop', 'loop/sub/b.dsq'], { cwd: dir });
    expect(written).toEqual({ code: 0, out: `${join('loop', 'sub', 'a.dsq')}\n`, err: '' });
    expect(readFileSync(at('loop', 'sub', 'a.dsq'), 'utf8')).toBe(NICE);
  });
});

describe('files the user may not read (real permissions)', () => {
  // As root, the run is done as the user nobody (root reads everything); otherwise as the current user.
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? { uid: 65534, gid: 65534 } : {};

  it('a config or a schema that cannot be read: one line naming it, exit 2; compile goes on', async () => {
    chmodSync(dir, 0o755);
    mkdirSync(at('c'));
    mkdirSync(at('s'));
    for (const d of ['c', 's']) writeFileSync(at(d, 'a.dsq'), UGLY);
    writeFileSync(at('c', 'dsq.config.json'), '{}');
    writeFileSync(at('s', 'dsq.config.json'), '{ "schema": "schema.json" }');
    writeFileSync(at('s', 'schema.json'), SCHEMA);
    chmodSync(at('c', 'dsq.config.json'), 0o000);
    chmodSync(at('s', 'schema.json'), 0o000);
    const [fmt, lint, compile] = await Promise.all([
      dsq(['fmt', 'c/a.dsq'], dir, user),
      dsq(['lint', 's/a.dsq'], dir, user),
      dsq(['compile', 's/a.dsq'], dir, user),
    ]);
    ended(fmt, 2, 'fmt');
    expect(fmt.err).toBe(`${at('c', 'dsq.config.json')}: error: cannot read the config file: permission denied\n`);
    ended(lint, 2, 'lint');
    expect(lint.err).toContain(`cannot read the schema file ${at('s', 'schema.json')}: permission denied at /schema`);
    ended(compile, 0, 'compile');
  });
});
