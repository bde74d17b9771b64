import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { DsqError } from '../diagnostic/diagnostic.js';
import { decodeUtf8 } from '../diagnostic/utf8.js';
import type { Io } from './command.js';

/**
 * What happened to standard output: `closed` once a write failed (nothing more is written),
 * `error` the first failure that was not EPIPE (a reader that went away, as `head` does, is
 * not an error: the run ends quietly, as `cat` does).
 */
export const outputState: { closed: boolean; error: NodeJS.ErrnoException | null } = { closed: false, error: null };

export const processIo: Io = {
  stdout: (text) => {
    if (!outputState.closed) process.stdout.write(text);
  },
  stderr: (text) => void process.stderr.write(text),
  readStdin: async () => {
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    } catch (err) {
      throw new FileError(`cannot read standard input: ${reasonOf(err)}`);
    }
    return Buffer.concat(chunks);
  },
  cwd: process.cwd(),
};

/**
 * A file that cannot be read or written (or standard input that cannot be decoded): `message`
 * is what to print, one line naming the file (with a code frame for bad UTF-8).
 */
export class FileError extends Error {
  override readonly name = 'FileError';
}

/** Why a file operation failed, in words: `no such file`, `permission denied`, ... */
export function reasonOf(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EISDIR':
      return 'it is a directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EDQUOT':
      return 'disk quota exceeded';
    case 'EROFS':
      return 'read-only file system';
    case 'ENOTDIR':
      return 'a part of the path is not a directory';
    case 'ELOOP':
      return 'too many levels of symbolic links';
    case 'EMFILE':
    case 'ENFILE':
      return 'too many open files';
    case 'EIO':
      return 'input/output error';
    default:
      return code ?? (err instanceof Error ? err.message : String(err));
  }
}

/**
 * The text of input bytes, strictly UTF-8: bad bytes are a `DsqError` (code `input/invalid-utf8`)
 * with the line and column of the first bad byte.
 */
export function textOf(input: string | Uint8Array): string {
  return typeof input === 'string' ? input : decodeUtf8(input);
}

/**
 * A file's text (strict UTF-8). A file that cannot be read is a `FileError` naming it as
 * `shown`; bytes that are not UTF-8 are a `DsqError` with the line and column.
 */
export async function readTextFile(path: string, shown: string): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
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
    const text = name === '<stdin>' ? textOf(await io.readStdin()) : await readTextFile(resolve(io.cwd, name), name);
    return { text, name };
  } catch (err) {
    if (err instanceof DsqError) throw new FileError(err.format(name));
    throw err;
  }
}
