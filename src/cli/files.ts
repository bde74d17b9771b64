import { constants } from 'node:fs';
import { access, chmod, chown, open, opendir, realpath, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { readFileBytes } from '../config/read-file.js';
import { FileError, reasonOf } from './io.js';

/** picomatch and tinyglobby, imported on first use: a command given one file (dsq compile FILE) never loads them. */
let globModules: Promise<{ picomatch: typeof import('picomatch'); tinyglobby: typeof import('tinyglobby') }> | undefined;
function globTools() {
  globModules ??= Promise.all([import('picomatch'), import('tinyglobby')]).then(([p, tinyglobby]) => ({ picomatch: p.default, tinyglobby }));
  return globModules;
}

/**
 * The files a command (`dsq fmt`, `dsq lint`) reads for its arguments: a file as given (also
 * when its name has glob characters); a directory walked for `*.dsq` (skipping node_modules
 * and dot-directories); otherwise a glob (`*`, `**`, `?`, `[...]`, `{a,b}`), expanded with
 * tinyglobby (picomatch's syntax): relative to the current directory, or from the root when it
 * starts with `/`. Paths are shown as the user wrote them.
 */

/** A glob that is not valid glob syntax (`[z-a].dsq`): a usage error. */
export class GlobSyntaxError extends Error {
  override readonly name = 'GlobSyntaxError';
}

export interface FoundFile {
  /** The absolute path. */
  readonly path: string;
  /** The path as shown in messages. */
  readonly shown: string;
  /**
   * Named as it is on the command line (not found by a walk or a glob): such a file is read
   * even when it is a pipe or a device; a found one only when it is a regular file.
   */
  readonly named: boolean;
}

export interface FileList {
  readonly files: FoundFile[];
  /** One line per argument that gave no file (missing, a directory that cannot be listed or has none, a glob matching nothing), in argument order. */
  readonly problems: string[];
  /**
   * Those of the problems that are a directory or glob giving no file (none there, or every one
   * ignored): no problem with --no-error-on-unmatched-pattern.
   */
  readonly unmatched: ReadonlySet<string>;
}

export interface FindOptions {
  /** Whether a file found by a walk of `root` or a glob (root: the current folder) is passed over (src/cli/ignore-rules.ts). */
  readonly ignored?: (path: string, root: string) => Promise<boolean>;
}

const SKIP = ['**/node_modules/**'];

/** Checks a glob's syntax (before any file is touched), as a usage error. */
function checkGlob(picomatch: typeof import('picomatch'), pattern: string): void {
  try {
    picomatch.makeRe(pattern, { debug: true });
  } catch (err) {
    const reason = String((err as Error).message).replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '');
    throw new GlobSyntaxError(`"${pattern}" is not a valid glob: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`);
  }
}

async function expand(pattern: string, cwd: string): Promise<string[]> {
  const { glob } = (await globTools()).tinyglobby;
  const found = await glob([pattern], {
    cwd,
    absolute: true,
    onlyFiles: true,
    dot: false,
    expandDirectories: false,
    // node_modules is skipped unless the pattern itself goes there.
    ignore: pattern.includes('node_modules') ? [] : SKIP,
  });
  return found.map((f) => f.split('/').join(sep)).sort();
}

async function statOrNull(path: string) {
  try {
    return await stat(path);
  } catch {
    return null;
  }
}

/** Why a directory cannot be listed, or null when it can. */
async function unlistable(dir: string): Promise<string | null> {
  try {
    const handle = await opendir(dir);
    try {
      await handle.read();
    } finally {
      await handle.close().catch(() => undefined);
    }
    return null;
  } catch (err) {
    return reasonOf(err);
  }
}

/** The real path of a file (links resolved), or the path itself when it has none (a dangling link). */
async function identity(path: string): Promise<string> {
  return realpath(path).catch(() => path);
}

/**
 * Expands the arguments to files, in argument order, each file once: de-duplicated by its real
 * path, so a link loop in a walked folder (`sub/up -> ..`) or a second name through a link
 * gives the file once, under the first name found. Bad glob syntax throws a `GlobSyntaxError`.
 */
export async function findFiles(args: readonly string[], cwd: string, options: FindOptions = {}): Promise<FileList> {
  const files: FoundFile[] = [];
  const problems: string[] = [];
  const unmatched = new Set<string>();
  const noMatch = (line: string) => {
    problems.push(line);
    unmatched.add(line);
  };
  const ignored = options.ignored;
  /** The files found that are not passed over, and how many were. */
  const kept = async (list: readonly string[], root: string): Promise<{ list: string[]; skipped: number }> => {
    if (ignored === undefined) return { list: [...list], skipped: 0 };
    const out = await Promise.all(list.map((f) => ignored(f, root)));
    const left = list.filter((_, i) => !out[i]);
    return { list: left, skipped: list.length - left.length };
  };
  const none = (what: string, skipped: number) =>
    skipped === 0 ? `no ${what}` : `every one of the ${skipped} ${what} is ignored (.gitignore, .dsqignore, --ignore-path or "ignore" in dsq.config.json)`;
  const seen = new Set<string>();
  /** Adds the files (absolute paths, with the names to show) not seen yet; their real paths are looked up together. */
  const add = async (found: readonly (readonly [path: string, shown: string])[], named: boolean) => {
    const reals = await Promise.all(found.map(([path]) => identity(path)));
    found.forEach(([path, shown], i) => {
      const real = reals[i] as string;
      if (seen.has(real)) return;
      seen.add(real);
      files.push({ path, shown, named });
    });
  };
  const info = await Promise.all(args.map((arg) => statOrNull(resolve(cwd, arg))));
  const { picomatch, tinyglobby } = await globTools();
  const { escapePath, isDynamicPattern } = tinyglobby;
  args.forEach((arg, i) => {
    if (info[i] === null && isDynamicPattern(arg)) checkGlob(picomatch, arg);
  });
  for (const [i, arg] of args.entries()) {
    const found = info[i];
    if (found?.isDirectory()) {
      const dir = resolve(cwd, arg);
      // (The walk skips a folder it cannot list without a word: the one given is checked first.)
      const unlisted = await unlistable(dir);
      if (unlisted !== null) {
        problems.push(`cannot list ${arg}: ${unlisted}`);
        continue;
      }
      const { list, skipped } = await kept(await expand(`${escapePath(dir.split(sep).join('/'))}/**/*.dsq`, cwd), dir);
      if (list.length === 0) noMatch(none(`.dsq files in ${arg}`, skipped));
      await add(
        list.map((f) => [f, join(arg, relative(dir, f))] as const),
        false,
      );
    } else if (found !== null) await add([[resolve(cwd, arg), arg]], true);
    else if (isDynamicPattern(arg)) {
      const { list, skipped } = await kept(await expand(arg, cwd), cwd);
      if (list.length === 0) noMatch(skipped === 0 ? `no files match ${arg}` : none(`files matching ${arg}`, skipped));
      await add(
        list.map((f) => [f, isAbsolute(arg) ? f : relative(cwd, f)] as const),
        false,
      );
    } else problems.push(`${arg}: no such file or directory`);
  }
  return { files, problems, unmatched };
}

/** What `writeFileSafely` is told besides the text. */
export interface WriteOptions {
  /**
   * What the file held when it was read (its text, or its bytes): the file is replaced only if
   * it still holds exactly that, so a save made meanwhile (an editor, a second dsq) is never lost.
   */
  readonly unchanged: string | Uint8Array;
  /** A seam for tests: called when the new text is ready, just before the file is checked and replaced. */
  readonly beforeReplace?: () => void | Promise<void>;
}

/**
 * Replace a file's text without damaging it, or throw a `FileError` (one line naming `shown`)
 * and leave it as it was:
 *
 * - a symbolic link is followed: the target is written and the link stays a link (as editors
 *   save through a link);
 * - a file with no write permission (for this user, or none at all: even root does not
 *   overwrite a read-only file) is refused;
 * - a file that no longer holds what was read (`unchanged`) is refused, and nothing is
 *   written: the check compares the bytes (the size first, then every byte) right before the
 *   rename or the write in place, so only a save made in that last instant could still be lost;
 * - normally the text goes to a temporary file in the target's folder (same mode and owner,
 *   flushed to disk) that is then renamed over it: a reader sees the old text or the new,
 *   never half of it;
 * - a file with hard links (a rename would leave the other names with the old text), a file
 *   whose owner a new file could not keep, or one in a folder this user cannot create files
 *   in is written in place instead: the new text over the old, then truncated, after the
 *   text was first written in full to a temporary file (so a full disk fails before the file
 *   is touched); should the in-place write still fail, the old bytes are put back.
 */
export async function writeFileSafely(path: string, text: string, shown: string, options: WriteOptions): Promise<void> {
  const fail = (reason: string) => new FileError(`cannot write ${shown}: ${reason}`);
  const expected = typeof options.unchanged === 'string' ? Buffer.from(options.unchanged, 'utf8') : Buffer.from(options.unchanged);
  let target: string;
  let info;
  try {
    target = await realpath(path);
    info = await stat(target);
  } catch (err) {
    throw fail(reasonOf(err));
  }
  if (!info.isFile()) throw fail('not a regular file');
  if ((info.mode & 0o222) === 0) throw fail('the file is read-only');
  try {
    await access(target, constants.W_OK);
  } catch (err) {
    throw fail(reasonOf(err));
  }
  const data = Buffer.from(text, 'utf8');
  const mode = info.mode & 0o7777;
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.dsq.tmp`);
  /** Refuses to go on when the file no longer holds what was read. */
  const checkUnchanged = async (now: (limit: number) => Promise<Buffer | null>) => {
    await options.beforeReplace?.();
    let current: Buffer | null;
    try {
      // At most one byte more than was read: a file that grew is changed without reading it all.
      current = await now(expected.length);
    } catch {
      current = null;
    }
    if (current === null || !current.equals(expected)) throw fail(CHANGED);
  };
  let tempWritten = false;
  try {
    const handle = await open(temp, 'wx', mode);
    try {
      tempWritten = true;
      await writeAll(handle, data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await chmod(temp, mode);
    const owned = await keepOwner(temp, info.uid, info.gid);
    if (info.nlink === 1 && owned) {
      await checkUnchanged((limit) => readFileBytes(target, { limit }));
      await rename(temp, target);
      tempWritten = false;
      return;
    }
  } catch (err) {
    if (err instanceof FileError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    // No temporary file in that folder (not writable): the file itself is, so write in place.
    if (tempWritten || (code !== 'EACCES' && code !== 'EPERM')) {
      await unlink(temp).catch(() => undefined);
      throw fail(reasonOf(err));
    }
  } finally {
    if (tempWritten) await unlink(temp).catch(() => undefined);
  }
  try {
    await writeInPlace(target, data, checkUnchanged);
  } catch (err) {
    if (err instanceof FileError) throw err;
    throw fail(reasonOf(err));
  }
}

/** Why a file is not written when it changed after dsq read it. */
const CHANGED = 'it was changed (or removed) by another program since dsq read it; nothing was written: run the command again';

async function writeAll(handle: import('node:fs/promises').FileHandle, data: Buffer): Promise<void> {
  let done = 0;
  while (done < data.length) {
    const { bytesWritten } = await handle.write(data, done, data.length - done, done);
    done += bytesWritten;
  }
}

/** Gives the new file the old one's owner and group when they differ; false when that is not allowed. */
async function keepOwner(path: string, uid: number, gid: number): Promise<boolean> {
  const now = await stat(path);
  if (now.uid === uid && now.gid === gid) return true;
  try {
    await chown(path, uid, gid);
    return true;
  } catch {
    return false;
  }
}

/**
 * Overwrites the file's bytes through the same inode (hard links and owner kept), once `check`
 * has seen that the bytes are still those that were read; puts the old bytes back on failure.
 * (Opened without waiting and checked to be a regular file: it may have been replaced.)
 */
async function writeInPlace(path: string, data: Buffer, check: (now: (limit: number) => Promise<Buffer | null>) => Promise<void>): Promise<void> {
  const handle = await open(path, constants.O_RDWR | constants.O_NONBLOCK | constants.O_NOCTTY);
  try {
    let old = Buffer.alloc(0);
    await check(async (limit) => {
      const info = await handle.stat();
      if (!info.isFile() || info.size > limit) return null;
      old = Buffer.alloc(info.size);
      let done = 0;
      while (done < old.length) {
        const { bytesRead } = await handle.read(old, done, old.length - done, done);
        if (bytesRead === 0) return null;
        done += bytesRead;
      }
      return old;
    });
    try {
      await writeAll(handle, data);
      await handle.truncate(data.length);
      await handle.sync();
    } catch (err) {
      await writeAll(handle, old)
        .then(() => handle.truncate(old.length))
        .catch(() => undefined);
      throw err;
    }
  } finally {
    await handle.close();
  }
}
