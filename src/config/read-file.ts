import { constants, type Stats } from 'node:fs';
import { lstat, open, stat, type FileHandle } from 'node:fs/promises';

/**
 * Reading a file dsq is pointed at, the one way every part of dsq reads one: the files a
 * command is given or finds by a walk or a glob, dsq.config.json, the schema a config or
 * `--schema` names, `--params-file`, the module `dsq gen` replaces, and the language server's
 * config and schema. It lives here, beside the config reader, because that is the lowest layer
 * that reads files: the CLI and the language server both import it.
 *
 * - Only a regular file is read, unless the user named the file on the command line (`named`):
 *   a `*.dsq` link to /dev/zero in a walked folder, a `dsq.config.json` that is a named pipe, a
 *   config whose `schema` is a device are refused with a reason, never opened. (The check is
 *   made again on the opened file, so a file swapped for a pipe in between is refused too; the
 *   open itself never waits, whatever the file has become.)
 * - A named pipe or device named on the command line (`dsq compile <(make-query)`,
 *   `--params-file /dev/stdin`) is read like standard input is, to its end. A named pipe that
 *   no program has opened for writing yet is waited for, as `cat` waits, but not silently:
 *   `onWait` is called when the wait lasts (the CLI then says so on stderr).
 * - At most `MAX_READ_BYTES` are read from any file or input: a longer regular file is refused
 *   before a byte is read; a pipe or device that gives more is refused as soon as it has.
 */

/** The most bytes dsq reads from one file or from standard input: 64 MiB. */
export const MAX_READ_BYTES = 64 * 1024 * 1024;

/** How long the open of a named pipe may wait for a writer before `onWait` is called. */
const WAIT_NOTICE_MS = 200;

/**
 * A file that cannot be read. `reason` says what is wrong and what to do about it, without the
 * file's name (the caller puts the name it shows in front: `cannot read x.dsq: ...`); `code` is
 * the system's error code when there was one (`ENOENT`: nothing at all is at the path), or
 * `EFBIG` over the limit, `EDANGLING` for a symbolic link to nothing.
 */
export class UnreadableFileError extends Error {
  override readonly name = 'UnreadableFileError';
  constructor(
    readonly reason: string,
    readonly code?: string,
  ) {
    super(reason);
  }
}

export interface ReadFileOptions {
  /**
   * The user named this file on the command line: a named pipe or a device is read too (within
   * the limit). Otherwise (a file found by a walk or a glob, a config file, the schema a config
   * names) only a regular file is read.
   */
  readonly named?: boolean;
  /** The most bytes read; default `MAX_READ_BYTES`. */
  readonly limit?: number;
  /** Called once when the read waits for a writer: a named pipe that no program has opened yet. */
  readonly onWait?: () => void;
}

/** The bytes of a file, read as the rules above say; an `UnreadableFileError` otherwise. */
export async function readFileBytes(path: string, options: ReadFileOptions = {}): Promise<Buffer> {
  const limit = options.limit ?? MAX_READ_BYTES;
  const named = options.named === true;
  let info: Stats;
  try {
    info = await stat(path);
  } catch (err) {
    // A link to nothing is not "no such file": something is there (a config must not be skipped for it).
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' && (await lstat(path).catch(() => null))?.isSymbolicLink()) {
      throw new UnreadableFileError('it is a symbolic link to a file that does not exist', 'EDANGLING');
    }
    throw unreadable(err);
  }
  refuseKind(info, named, limit);
  let handle: FileHandle;
  try {
    if (info.isFIFO()) handle = await openPipe(path, options.onWait);
    else handle = await open(path, constants.O_RDONLY | constants.O_NOCTTY | (info.isFile() ? constants.O_NONBLOCK : 0));
  } catch (err) {
    throw unreadable(err);
  }
  try {
    // What was opened is checked again: the file may have been replaced since it was looked at.
    const opened = await handle.stat();
    refuseKind(opened, named, limit);
    return await readAll(handle, limit, opened.isFile() ? opened.size : 0);
  } catch (err) {
    throw err instanceof UnreadableFileError ? err : unreadable(err);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** Refuses what is not to be read: a directory or socket always, a pipe or device unless named, a regular file over the limit. */
function refuseKind(info: Stats, named: boolean, limit: number): void {
  if (info.isDirectory()) throw new UnreadableFileError('it is a directory', 'EISDIR');
  if (info.isSocket()) throw new UnreadableFileError('it is a socket, not a file');
  if (info.isFile()) {
    if (info.size > limit) throw overLimit(limit, info.size);
    return;
  }
  if (!named) {
    throw new UnreadableFileError(`it is ${kindOf(info)}, not a regular file (dsq reads a pipe or a device only when it is named on the command line)`);
  }
}

function kindOf(info: Stats): string {
  if (info.isFIFO()) return 'a named pipe (FIFO)';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  return 'not a file, a directory or a link';
}

/** The limit as an error: what is wrong and what to do. `size` is the file's size when known (else: a stream gave more). */
export function overLimit(limit: number, size?: number): UnreadableFileError {
  const what = size === undefined ? `it gives more than ${bytes(limit)}` : `it is ${bytes(size)}, more than ${bytes(limit)}`;
  return new UnreadableFileError(`${what}, the most dsq reads from one file or input: split it into smaller files`, 'EFBIG');
}

/** A byte count for a message: `64 MiB` when it is a whole number of MiB, else the bytes with separators. */
function bytes(n: number): string {
  const mib = 1024 * 1024;
  return n % mib === 0 && n > 0 ? `${n / mib} MiB` : `${n.toLocaleString('en-US')} bytes`;
}

/** Opens a named pipe, waiting for a writer as `cat` does; `onWait` is told when the wait lasts. */
async function openPipe(path: string, onWait: (() => void) | undefined): Promise<FileHandle> {
  const notice = onWait === undefined ? undefined : setTimeout(onWait, WAIT_NOTICE_MS);
  try {
    return await open(path, constants.O_RDONLY | constants.O_NOCTTY);
  } finally {
    if (notice !== undefined) clearTimeout(notice);
  }
}

/** Reads to the end, or throws as soon as more than `limit` bytes came. `expected` sizes the first buffer. */
async function readAll(handle: FileHandle, limit: number, expected: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  let size = Math.min(Math.max(expected + 1, 64 * 1024), limit + 1);
  for (;;) {
    const chunk = Buffer.allocUnsafe(size);
    let filled = 0;
    while (filled < chunk.length) {
      const { bytesRead } = await handle.read(chunk, filled, chunk.length - filled, null);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    total += filled;
    chunks.push(filled === chunk.length ? chunk : chunk.subarray(0, filled));
    if (total > limit) throw overLimit(limit);
    if (filled < chunk.length) return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total);
    size = Math.min(Math.max(size, 64 * 1024), limit + 1 - total);
  }
}

/** An error of the system as an `UnreadableFileError`. */
function unreadable(err: unknown): UnreadableFileError {
  if (err instanceof UnreadableFileError) return err;
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return new UnreadableFileError(reasonOf(err), code);
}

/** Why a file operation failed, in words: `no such file`, `permission denied`, ... */
export function reasonOf(err: unknown): string {
  if (err instanceof UnreadableFileError) return err.reason;
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
    case 'ENXIO':
      return 'no such device or address';
    default:
      return code ?? (err instanceof Error ? err.message : String(err));
  }
}
