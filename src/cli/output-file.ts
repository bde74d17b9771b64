import { rename, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { readFileBytes, type UnreadableFileError } from '../config/read-file.js';
import { writeFileSafely } from './files.js';
import { FileError, reasonOf } from './io.js';

/**
 * The files dsq makes rather than edits: `dsq gen`'s module, `dsq types --out`, `dsq compile
 * --out-dir`. Written only when their text changes, never half-written, and a save made
 * meanwhile is never lost (through writeFileSafely).
 */

/** An output file as it is (null when there is none yet): a regular file only, bounded (src/config/read-file.ts). */
export async function readOutput(target: string, shown: string): Promise<Buffer | null> {
  try {
    return await readFileBytes(target);
  } catch (err) {
    if ((err as UnreadableFileError).code === 'ENOENT') return null;
    throw new FileError(`cannot read ${shown}: ${reasonOf(err)}`);
  }
}

/**
 * Writes a file dsq makes (`dsq gen`'s module, `dsq types --out`, `dsq compile --out-dir`):
 * left alone when it already holds `text`; a new one written whole to a temporary file beside
 * it, then renamed (never half a file); an existing one replaced as `writeFileSafely` does.
 * Returns whether it was written.
 */
export async function writeOutput(target: string, text: string, shown: string): Promise<boolean> {
  const current = await readOutput(target, shown);
  if (current?.equals(Buffer.from(text, 'utf8'))) return false;
  if (current !== null) {
    await writeFileSafely(target, text, shown, { unchanged: current });
    return true;
  }
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.dsq.tmp`);
  try {
    await writeFile(temp, text, { flag: 'wx' });
    await rename(temp, target);
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    throw new FileError(`cannot write ${shown}: ${reasonOf(err)}`);
  }
  return true;
}

/**
 * `--check` of a file dsq makes: null when it holds `text`, else why not (it does not exist,
 * or is out of date), to print with what to run.
 */
export async function outputProblem(target: string, text: string, shown: string): Promise<string | null> {
  const current = await readOutput(target, shown);
  if (current?.equals(Buffer.from(text, 'utf8'))) return null;
  return `${shown} ${current === null ? 'does not exist' : 'is out of date'}`;
}
