import { fstatSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import { DsqError } from '../diagnostic/diagnostic.js';
import { decodeUtf8 } from '../diagnostic/utf8.js';
import type { Io } from './command.js';
import { MAX_READ_BYTES, overLimit, readFileBytes, reasonOf } from '../config/read-file.js';

export { reasonOf };

/**
 * What happened to standard output: `closed` once a write failed (nothing more is written),
 * `error` the first failure that was not EPIPE (a reader that went away, as `head` does, is
 * not an error: the run ends quietly, as `cat` does).
 */
export const outputState: { closed: boolean; error: NodeJS.ErrnoException | null } = { closed: false, error: null };

/**
 * Standard output and error are written with `writeSync` on their file descriptors, as Node's own
 * streams write to a file, a pipe or a terminal on Linux and macOS (synchronously), without
 * making those streams: `process.stdout` loads Node's stream and net modules, about a twentieth
 * of `node -e 0`'s start-up, on every run. A descriptor that will not take the text at once
 * (EAGAIN: one its parent left non-blocking) is handed, from then on, to the stream, which waits.
 */
const streamed = { 1: false, 2: false };

function writeTo(fd: 1 | 2, text: string): void {
  let rest: string | Buffer = text;
  if (!streamed[fd]) {
    const bytes = Buffer.from(text);
    let done = 0;
    try {
      while (done < bytes.length) done += writeSync(fd, bytes, done);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
      // The bytes not written (a part write may end inside a character: not decoded again).
      rest = bytes.subarray(done);
      streamed[fd] = true;
      if (fd === 1) process.stdout.on('error', onOutputError);
      else process.stderr.on('error', () => undefined);
    }
  }
  (fd === 1 ? process.stdout : process.stderr).write(rest);
}

/** Records a failed write to standard output (`outputState`). */
export function onOutputError(err: NodeJS.ErrnoException): void {
  outputState.closed = true;
  if (err.code !== 'EPIPE' && err.code !== 'ERR_STREAM_DESTROYED' && outputState.error === null) outputState.error = err;
}

/** Waits until what was written to standard output has gone out (or failed): only the stream may hold some back. */
export function flushStdout(): Promise<void> {
  if (!streamed[1] || outputState.closed || process.stdout.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    process.stdout.write('', () => resolve());
  });
}

/**
 * Whether a descriptor is a terminal: only a character device can be, so a pipe or a file is
 * answered without Node's tty module (which loads its net module); else its `isatty` (from
 * Node 20.16, or the stream's `isTTY`). The stat is a BigInt one: Node's `realpathSync` reads
 * the numbers the last plain stat left behind and, when they say pipe, stops resolving links
 * (so `require` of a linked dependency then failed when stdout was a pipe).
 */
function isTerminal(fd: 1 | 2): boolean {
  try {
    if (!fstatSync(fd, { bigint: true }).isCharacterDevice()) return false;
  } catch {
    return false;
  }
  const tty = process.getBuiltinModule?.('node:tty') as typeof import('node:tty') | undefined;
  return tty !== undefined ? tty.isatty(fd) : (fd === 1 ? process.stdout : process.stderr).isTTY === true;
}

const terminals: { 1?: boolean; 2?: boolean } = {};

export const processIo: Io = {
  stdout: (text) => {
    if (outputState.closed) return;
    try {
      writeTo(1, text);
    } catch (err) {
      onOutputError(err as NodeJS.ErrnoException);
    }
  },
  stderr: (text) => {
    try {
      writeTo(2, text);
    } catch {
      // A closed stderr is ignored.
    }
  },
  // Bounded as files are (src/config/read-file.ts): `dsq fmt - < /dev/zero` ends with one line.
  readStdin: async () => {
    const chunks: Buffer[] = [];
    let total = 0;
    try {
      for await (const chunk of process.stdin) {
        chunks.push(chunk as Buffer);
        total += (chunk as Buffer).length;
        if (total > MAX_READ_BYTES) {
          process.stdin.destroy();
          throw overLimit(MAX_READ_BYTES);
        }
      }
    } catch (err) {
      throw new FileError(`cannot read standard input: ${reasonOf(err)}`);
    }
    return Buffer.concat(chunks);
  },
  cwd: process.cwd(),
  env: process.env,
  isTTY: {
    get stdout() {
      terminals[1] ??= isTerminal(1);
      return terminals[1];
    },
    get stderr() {
      terminals[2] ??= isTerminal(2);
      return terminals[2];
    },
  },
};

/**
 * A file that cannot be read or written (or standard input that cannot be decoded): `message`
 * is what to print, one line naming the file (with a code frame for bad UTF-8).
 */
export class FileError extends Error {
  override readonly name = 'FileError';
}

/**
 * The text of input bytes, strictly UTF-8: bad bytes are a `DsqError` (code `input/invalid-utf8`)
 * with the line and column of the first bad byte.
 */
export function textOf(input: string | Uint8Array): string {
  return typeof input === 'string' ? input : decodeUtf8(input);
}

/**
 * A file's text (strict UTF-8), read by the one reader of files (src/config/read-file.ts):
 * regular files only and at most 64 MiB, unless `named` (the `Io` of the command the user named
 * the file to, on the command line): then a pipe or device is read too, and a wait for a named
 * pipe's writer is said on its stderr. A file that cannot be read is a `FileError` naming it as
 * `shown` and saying why; bytes that are not UTF-8 are a `DsqError` with the line and column.
 */
export async function readTextFile(path: string, shown: string, named: Io | null = null): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await readFileBytes(
      path,
      named === null ? {} : { named: true, onWait: () => named.stderr(`dsq: waiting for a program to write to the named pipe ${shown} (Ctrl-C to stop)\n`) },
    );
  } catch (err) {
    throw new FileError(`cannot read ${shown}: ${reasonOf(err)}`);
  }
  return decodeUtf8(bytes);
}

/**
 * Read FILE, or standard input for `-` or no file. Returns the text and the name to show in
 * messages. A file that cannot be read is a `FileError`, one that is not UTF-8 a `FileError`
 * holding the diagnostic with its code frame (the CLI prints either, exit 1).
 */
export async function readInput(io: Io, file: string | undefined): Promise<{ text: string; name: string }> {
  const name = file === undefined || file === '-' ? '<stdin>' : file;
  try {
    const text = name === '<stdin>' ? textOf(await io.readStdin()) : await readTextFile(resolve(io.cwd, name), name, io);
    return { text, name };
  } catch (err) {
    if (err instanceof DsqError) throw new FileError(err.format(name));
    throw err;
  }
}
