import { constants } from 'node:fs';
import { access, chmod, chown, open, opendir, realpath, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import { escapePath, glob, isDynamicPattern } from 'tinyglobby';
import { FileError, reasonOf } from './io.js';

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
}

export interface FileList {
  readonly files: FoundFile[];
  /** One line per argument that gave no file (missing, a directory that cannot be listed or has none, a glob matching nothing). */
  readonly problems: string[];
}

const SKIP = ['**/node_modules/**'];

/** Checks a glob's syntax (before any file is touched), as a usage error. */
function checkGlob(pattern: string): void {
  try {
    picomatch.makeRe(pattern, { debug: true });
  } catch (err) {
    const reason = String((err as Error).message).replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '');
    throw new GlobSyntaxError(`"${pattern}" is not a valid glob: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`);
  }
}

async function expand(pattern: string, cwd: string): Promise<string[]> {
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

/** Expands the arguments to files, de-duplicated, in argument order; bad glob syntax throws a `GlobSyntaxError`. */
export async function findFiles(args: readonly string[], cwd: string): Promise<FileList> {
  const files: FoundFile[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  const add = (path: string, shown: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    files.push({ path, shown });
  };
  const info = await Promise.all(args.map((arg) => statOrNull(resolve(cwd, arg))));
  args.forEach((arg, i) => {
    if (info[i] === null && isDynamicPattern(arg)) checkGlob(arg);
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
      const list = await expand(`${escapePath(dir.split(sep).join('/'))}/**/*.dsq`, cwd);
      if (list.length === 0) problems.push(`no .dsq files in ${arg}`);
      for (const f of list) add(f, join(arg, relative(dir, f)));
    } else if (found !== null) add(resolve(cwd, arg), arg);
    else if (isDynamicPattern(arg)) {
      const list = await expand(arg, cwd);
      if (list.length === 0) problems.push(`no files match ${arg}`);
      for (const f of list) add(f, isAbsolute(arg) ? f : relative(cwd, f));
    } else problems.push(`${arg}: no such file or directory`);
  }
  return { files, problems };
}

/**
 * Replace a file's text without damaging it, or throw a `FileError` (one line naming `shown`)
 * and leave it as it was:
 *
 * - a symbolic link is followed: the target is written and the link stays a link;
 * - a file with no write permission (for this user, or none at all: even root does not
 *   overwrite a read-only file) is refused;
 * - normally the text goes to a temporary file in the target's folder (same mode and owner,
 *   flushed to disk) that is then renamed over it: a reader sees the old text or the new,
 *   never half of it;
 * - a file with hard links (a rename would leave the other names with the old text), a file
 *   whose owner a new file could not keep, or one in a folder this user cannot create files
 *   in is written in place instead: the new text over the old, then truncated, after the
 *   text was first written in full to a temporary file (so a full disk fails before the file
 *   is touched); should the in-place write still fail, the old bytes are put back.
 */
export async function writeFileSafely(path: string, text: string, shown: string): Promise<void> {
  const fail = (reason: string) => new FileError(`cannot write ${shown}: ${reason}`);
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
      await rename(temp, target);
      tempWritten = false;
      return;
    }
  } catch (err) {
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
    await writeInPlace(target, data);
  } catch (err) {
    throw fail(reasonOf(err));
  }
}

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

/** Overwrites the file's bytes through the same inode (hard links and owner kept); puts the old bytes back on failure. */
async function writeInPlace(path: string, data: Buffer): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    const old = await handle.readFile();
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
