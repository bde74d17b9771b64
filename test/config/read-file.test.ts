import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfigResult } from '../../src/config/config.js';
import { MAX_READ_BYTES, readFileBytes, UnreadableFileError } from '../../src/config/read-file.js';
import { SettingsStore } from '../../src/lsp/settings.js';
import { runCli } from '../helpers/cli.js';

/**
 * The one reader of files (src/config/read-file.ts, issue 31): regular files only unless the
 * user named the file, at most MAX_READ_BYTES, no open that waits unless a named pipe was named
 * (and then the wait is told). A test that hangs here is a failure: each has a short timeout.
 */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dsq-read-file-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});
const at = (...parts: string[]) => join(dir, ...parts);
const mkfifo = (path: string) => {
  const made = spawnSync('mkfifo', [path]);
  if (made.status !== 0) throw new Error(`mkfifo ${path} failed: ${String(made.stderr)}`);
};
const sparse = (path: string, size: number) => {
  closeSync(openSync(path, 'w'));
  truncateSync(path, size);
};
const reasonOf = (p: Promise<unknown>) =>
  p.then(
    () => 'read',
    (err: unknown) => (err instanceof UnreadableFileError ? `${err.code ?? '-'}: ${err.reason}` : `not an UnreadableFileError: ${String(err)}`),
  );

const PIPE = 'it is a named pipe (FIFO), not a regular file (dsq reads a pipe or a device only when it is named on the command line)';
const DEVICE = 'it is a character device, not a regular file (dsq reads a pipe or a device only when it is named on the command line)';

describe('readFileBytes', () => {
  it('a regular file, also through a link, up to exactly the limit', async () => {
    writeFileSync(at('a'), 'abc');
    symlinkSync(at('a'), at('link'));
    expect((await readFileBytes(at('link'), { limit: 3 })).toString()).toBe('abc');
    expect(await reasonOf(readFileBytes(at('a'), { limit: 2 }))).toBe(
      'EFBIG: it is 3 bytes, more than 2 bytes, the most dsq reads from one file or input: split it into smaller files',
    );
    expect((await readFileBytes(at('a'), { limit: 0 }).catch(() => null)) === null).toBe(true);
    writeFileSync(at('empty'), '');
    expect((await readFileBytes(at('empty'), { limit: 0 })).length).toBe(0);
    expect(MAX_READ_BYTES).toBe(64 * 1024 * 1024);
    sparse(at('big'), MAX_READ_BYTES + 1);
    expect(await reasonOf(readFileBytes(at('big'), { named: true }))).toBe(
      'EFBIG: it is 67,108,865 bytes, more than 64 MiB, the most dsq reads from one file or input: split it into smaller files',
    );
  });

  it('found (not named): a device, a pipe, a socket, a directory are refused without being opened', { timeout: 10_000 }, async () => {
    symlinkSync('/dev/zero', at('zero'));
    mkfifo(at('fifo'));
    mkdirSync(at('dir'));
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(at('sock'), resolve));
    try {
      expect(await reasonOf(readFileBytes(at('zero')))).toBe(`-: ${DEVICE}`);
      expect(await reasonOf(readFileBytes(at('fifo')))).toBe(`-: ${PIPE}`);
      expect(await reasonOf(readFileBytes(at('dir')))).toBe('EISDIR: it is a directory');
      expect(await reasonOf(readFileBytes(at('sock')))).toBe('-: it is a socket, not a file');
      expect(await reasonOf(readFileBytes(at('sock'), { named: true }))).toBe('-: it is a socket, not a file');
      expect(await reasonOf(readFileBytes(at('dir'), { named: true }))).toBe('EISDIR: it is a directory');
      expect(await reasonOf(readFileBytes(at('missing')))).toBe('ENOENT: no such file');
      symlinkSync('loop', at('loop'));
      expect(await reasonOf(readFileBytes(at('loop')))).toBe('ELOOP: too many levels of symbolic links');
    } finally {
      server.close();
    }
  });

  it('named: a device is read to the limit and refused as soon as it gives more', { timeout: 10_000 }, async () => {
    expect(await reasonOf(readFileBytes('/dev/zero', { named: true, limit: 100_000 }))).toBe(
      'EFBIG: it gives more than 100,000 bytes, the most dsq reads from one file or input: split it into smaller files',
    );
    expect((await readFileBytes('/dev/null', { named: true })).length).toBe(0);
  });

  it('named: a pipe is waited for, and the wait is told; then read to its end', { timeout: 10_000 }, async () => {
    mkfifo(at('fifo'));
    let told = 0;
    let writing: Promise<void> | null = null;
    const read = readFileBytes(at('fifo'), {
      named: true,
      onWait: () => {
        told++;
        writing = writeFile(at('fifo'), 'from the writer');
      },
    });
    expect((await read).toString()).toBe('from the writer');
    await writing;
    expect(told).toBe(1);
    // A writer already there: no wait told, and a pipe over the limit is refused.
    let told2 = 0;
    const over = readFileBytes(at('fifo'), {
      named: true,
      limit: 4,
      onWait: () => told2++,
    });
    await writeFile(at('fifo'), 'more than four');
    expect(await reasonOf(over)).toBe('EFBIG: it gives more than 4 bytes, the most dsq reads from one file or input: split it into smaller files');
    expect(told2).toBeLessThanOrEqual(1);
  });
});

describe('dsq.config.json and its schema, as the CLI and the language server read them', () => {
  it('loadConfigResult: a config that is a pipe, a link to /dev/zero or over the limit is a config/unreadable diagnostic', { timeout: 10_000 }, async () => {
    const made: [string, (p: string) => void, string][] = [
      ['fifo', mkfifo, PIPE],
      ['zero', (p) => symlinkSync('/dev/zero', p), DEVICE],
      [
        'big',
        (p) => sparse(p, MAX_READ_BYTES + 1),
        'it is 67,108,865 bytes, more than 64 MiB, the most dsq reads from one file or input: split it into smaller files',
      ],
    ];
    for (const [name, make, reason] of made) {
      mkdirSync(at(name));
      make(at(name, 'dsq.config.json'));
      const r = await loadConfigResult(at(name));
      expect(r.value, name).toBeUndefined();
      expect(r.diagnostics, name).toEqual([
        {
          code: 'config/unreadable',
          severity: 'error',
          message: `cannot read the config file: ${reason}`,
        },
      ]);
    }
  });

  it('the language server: a bad config or schema file is a problem reported for the documents, never a hang', { timeout: 10_000 }, async () => {
    mkdirSync(at('c'));
    mkfifo(at('c', 'dsq.config.json'));
    mkdirSync(at('s'));
    writeFileSync(at('s', 'dsq.config.json'), '{ "schema": "/dev/zero" }');
    mkdirSync(at('u'));
    writeFileSync(at('u', 'dsq.config.json'), '{ "schema": "schema.json" }');
    writeFileSync(at('u', 'schema.json'), Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d]));
    const store = new SettingsStore();
    const [c, s, u] = await Promise.all([store.get(at('c', 'a.dsq'), null), store.get(at('s', 'a.dsq'), null), store.get(at('u', 'a.dsq'), null)]);
    expect(c.problems.map((p) => p.diagnostics[0]?.message)).toEqual([`cannot read the config file: ${PIPE}`]);
    expect(s.problems.map((p) => p.summary)).toEqual([`cannot read the schema file: ${DEVICE}`]);
    expect(s.schema).toBe(null);
    // Bad UTF-8 in the schema: an error at its line and column, as the CLI reports it (it was decoded loosely, U+FFFD for the byte).
    expect(u.problems.map((p) => [p.diagnostics[0]?.code, p.diagnostics[0]?.span?.line, p.diagnostics[0]?.span?.column])).toEqual([
      ['input/invalid-utf8', 1, 3],
    ]);
  });
});

/**
 * The class: any special file in any place dsq reads without being told the file's name, for
 * every command that reads there. Each run must end (in-process: a blocking open would stall
 * this test past its timeout) with an exit code that says so and a line naming the file; the
 * regular file beside it is still done.
 */
describe('the class, every case: special files where dsq finds files', () => {
  type Kind = 'device' | 'fifo' | 'directory' | 'over the limit' | 'dangling link' | 'link loop' | 'not UTF-8';
  type Place = 'walked .dsq' | 'dsq.config.json' | 'config schema';
  const KINDS: readonly Kind[] = ['device', 'fifo', 'directory', 'over the limit', 'dangling link', 'link loop', 'not UTF-8'];
  const PLACES: readonly Place[] = ['walked .dsq', 'dsq.config.json', 'config schema'];
  const COMMANDS = [['fmt'], ['fmt', '--check'], ['fmt', '--write'], ['lint'], ['lint', '--fix'], ['gen'], ['lsp']] as const;

  const make = (kind: Kind, path: string) => {
    switch (kind) {
      case 'device':
        return symlinkSync('/dev/zero', path);
      case 'fifo':
        return mkfifo(path);
      case 'directory':
        return mkdirSync(path);
      case 'over the limit':
        return sparse(path, MAX_READ_BYTES + 1);
      case 'dangling link':
        return symlinkSync(join(dir, 'nowhere'), path);
      case 'link loop':
        return symlinkSync(path, path);
      case 'not UTF-8':
        return writeFileSync(path, Buffer.from([0x7b, 0xff, 0x7d]));
    }
  };

  // Every kind in every place for every command (147 cases, a few seconds): the space is small enough to cover whole.
  const cases = KINDS.flatMap((kind) => PLACES.flatMap((place) => COMMANDS.map((command) => [kind, place, command] as const)));

  it('every command ends, says which file, and still does the good one', { timeout: 120_000 }, async () => {
    expect(cases).toHaveLength(147);
    for (const [kind, place, command] of cases) {
      await (async () => {
        rmSync(at('w'), { recursive: true, force: true });
        mkdirSync(at('w', 'q'), { recursive: true });
        writeFileSync(at('w', 'q', 'a.dsq'), '-- name: Foo\nselect a from t\n');
        writeFileSync(at('w', 'schema.json'), '{ "groups": [] }');
        const bad = place === 'walked .dsq' ? at('w', 'q', 'bad.dsq') : place === 'dsq.config.json' ? at('w', 'dsq.config.json') : at('w', 'bad.json');
        if (place === 'config schema') writeFileSync(at('w', 'dsq.config.json'), '{ "schema": "bad.json" }');
        make(kind, bad);
        const what = `${command.join(' ')} with ${place} ${kind}`;
        if (command[0] === 'lsp') {
          const settings = await new SettingsStore().get(at('w', 'q', 'a.dsq'), null);
          const expectProblem = place !== 'walked .dsq';
          expect(settings.problems.length > 0, what).toBe(expectProblem);
          if (expectProblem) expect(settings.problems[0]?.file, what).toBe(bad);
          return;
        }
        const args =
          command[0] === 'gen' ? ['gen', 'q', '--out', 'out.ts', ...(place === 'config schema' ? [] : ['--schema', 'schema.json'])] : [...command, 'q'];
        const r = await runCli(args, { cwd: at('w') });
        expect(`${r.out}${r.err}`, what).not.toMatch(/internal error|\n\s+at /);
        // What the command reads: fmt no schema (gen reads the config also with --schema: its "gen" and "ignore", since issue 27); a walk never lists a directory, a pipe, or a link to nothing.
        const reads = !(place === 'config schema' && command[0] === 'fmt');
        const listed = place !== 'walked .dsq' || !['directory', 'fifo', 'dangling link', 'link loop'].includes(kind);
        if (!reads || !listed) {
          expect(r.code, `${what}: ${r.err}`).toBe(command.join(' ') === 'fmt --check' ? 1 : 0);
          return;
        }
        // 2 for a file that cannot be read; 1 where the command reports bad bytes as an error in the input.
        expect(kind === 'not UTF-8' ? [1, 2] : [2], `${what}: ${r.err}`).toContain(r.code);
        const shown = place === 'walked .dsq' ? join('q', 'bad.dsq') : bad;
        expect(`${r.out}${r.err}`, what).toContain(shown);
        // The good file is still done by fmt and lint when the bad one is a file beside it.
        if (place === 'walked .dsq' && command[0] === 'fmt' && command[1] !== '--check')
          expect(`${r.out}`, what).toContain(command[1] === '--write' ? 'q/a.dsq' : 'SELECT a FROM t');
      })();
    }
  });
});
