import { chmod, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';

/**
 * The files a command (`dsq fmt`, `dsq lint`) reads for its arguments: a file as given; a directory walked for `*.dsq`
 * (skipping node_modules and dot-directories); a glob (`*`, `**`, `?`, `[...]`, `{a,b}`) matched
 * against the files under its static prefix. Paths are shown as the user wrote them.
 */
export class FileArgumentError extends Error {
  override readonly name = 'FileArgumentError';
}

const GLOB_CHARS = /[*?[{]/;
const SKIP_DIRS = new Set(['node_modules']);

/** A glob as a regular expression over `/`-separated relative paths. */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        const slash = glob[i + 2] === '/';
        re += slash ? '(?:.*/)?' : '.*';
        i += slash ? 2 : 1;
      } else re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const close = glob.indexOf(']', i + 1);
      if (close < 0) re += '\\[';
      else {
        const body = glob.slice(i + 1, close).replace(/^!/, '^').replace(/\\/g, '\\\\');
        re += `[${body}]`;
        i = close;
      }
    } else if (c === '{') {
      const close = glob.indexOf('}', i + 1);
      if (close < 0) re += '\\{';
      else {
        re += `(?:${glob.slice(i + 1, close).split(',').map(escape).join('|')})`;
        i = close;
      }
    } else re += escape(c);
  }
  return new RegExp(`^${re}$`);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Every file under `dir` (relative paths with `/`), sorted, walked without recursion. */
async function walk(dir: string, onlyDsq: boolean): Promise<string[]> {
  const out: string[] = [];
  const stack = [''];
  while (stack.length > 0) {
    const rel = stack.pop() as string;
    const entries = await readdir(join(dir, rel), { withFileTypes: true });
    for (const e of entries) {
      const path = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name) && !e.name.startsWith('.')) stack.push(path);
      } else if (e.isFile() && (!onlyDsq || e.name.endsWith('.dsq'))) out.push(path);
    }
  }
  return out.sort();
}

/** Expands the arguments to files: `{ path, shown }`, de-duplicated, in argument order. */
export async function findFiles(args: readonly string[], cwd: string): Promise<{ path: string; shown: string }[]> {
  const out: { path: string; shown: string }[] = [];
  const seen = new Set<string>();
  const add = (shown: string) => {
    const path = resolve(cwd, shown);
    if (seen.has(path)) return;
    seen.add(path);
    out.push({ path, shown });
  };
  for (const arg of args) {
    if (GLOB_CHARS.test(arg)) {
      const normalized = arg.split(sep).join('/');
      const parts = normalized.split('/');
      const firstGlob = parts.findIndex((p) => GLOB_CHARS.test(p));
      const base = parts.slice(0, firstGlob).join('/');
      const pattern = globToRegExp(parts.slice(firstGlob).join('/'));
      const baseDir = resolve(cwd, base || '.');
      let files: string[];
      try {
        files = await walk(baseDir, false);
      } catch {
        throw new FileArgumentError(`no files match ${arg}`);
      }
      const matched = files.filter((f) => pattern.test(f));
      if (matched.length === 0) throw new FileArgumentError(`no files match ${arg}`);
      for (const f of matched) add(base ? `${base}/${f}` : f);
      continue;
    }
    let info;
    try {
      info = await stat(resolve(cwd, arg));
    } catch {
      throw new FileArgumentError(`${arg}: no such file or directory`);
    }
    if (info.isDirectory()) {
      const found = await walk(resolve(cwd, arg), true);
      if (found.length === 0) throw new FileArgumentError(`no .dsq files in ${arg}`);
      for (const f of found) add(join(arg, f));
    } else add(arg);
  }
  return out;
}

/**
 * Replace a file's text atomically: write a temporary file in the same directory (with the
 * original's mode), then rename it over the original. A reader sees the old text or the new,
 * never a half-written file; on failure the temporary file is removed.
 */
export async function writeFileAtomically(path: string, text: string): Promise<void> {
  const { mode } = await stat(path);
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now().toString(36)}.dsq.tmp`);
  try {
    await writeFile(temp, text, { encoding: 'utf8', mode });
    await chmod(temp, mode);
    await rename(temp, path);
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    throw err;
  }
}
