import { stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Ignore } from 'ignore';
import { ConfigError } from '../config/index.js';
import { readFileBytes, type UnreadableFileError } from '../config/read-file.js';
import { decodeUtf8 } from '../diagnostic/utf8.js';
import { DsqError } from '../diagnostic/diagnostic.js';
import type { CommandContext } from './command.js';
import type { Configs } from './config-flags.js';
import { FileError, reasonOf } from './io.js';

/** The ignore-file matcher, imported on first use: a command given one file (dsq compile FILE) never loads it. */
let ignoreModule: Promise<() => Ignore> | undefined;
async function newIgnore(): Promise<Ignore> {
  ignoreModule ??= import('ignore').then((m) => m.default);
  return (await ignoreModule)();
}

/**
 * Which files a folder walk or a glob passes over, with git's own rules (the `ignore` package):
 *
 * - `.gitignore` and `.dsqignore` in every folder from the top of the project (the nearest
 *   folder above with a `.git`; without one, the current folder, or the folder walked when it
 *   is outside it) down to the file, each for the paths below its folder; a deeper file's
 *   patterns come later, so `!keep.dsq` there takes a file back, unless a folder above it is
 *   ignored (as in git, a file in an ignored folder is never taken back);
 * - `--ignore-path FILE` (repeatable) instead of those: each file's patterns for the paths
 *   below its folder;
 * - `"ignore"` of the dsq.config.json files that apply to the file (patterns relative to each
 *   config's folder), whatever the flags say.
 *
 * A file named on the command line is never ignored: it is read as asked.
 */

export const IGNORE_FLAG_OPTIONS = {
  'ignore-path': { type: 'string', multiple: true },
} as const;

export const IGNORE_FLAG_HELP = `  --ignore-path FILE        gitignore patterns to pass over in walks and globs, instead of
                            .gitignore and .dsqignore (repeatable)`;

/** The ignore files read in each folder by default. */
export const IGNORE_FILES = ['.gitignore', '.dsqignore'] as const;

interface Level {
  /** The folder the patterns are relative to. */
  readonly base: string;
  readonly rules: Ignore;
}

export class IgnoreRules {
  private readonly explicit: Promise<Level[]> | null;
  private readonly folderLevels = new Map<string, Promise<Level[]>>();
  private readonly tops = new Map<string, Promise<string | null>>();
  private readonly configLevels = new WeakMap<object, Level>();

  constructor(
    private readonly cwd: string,
    values: CommandContext['values'],
    private readonly configs: Configs,
  ) {
    const paths = values['ignore-path'];
    const list = Array.isArray(paths) ? paths.map(String) : typeof paths === 'string' ? [paths] : [];
    this.explicit = list.length === 0 ? null : Promise.all(list.map((p) => this.readNamed(resolve(cwd, p), p)));
    this.explicit?.catch(() => undefined);
  }

  /** Reads the --ignore-path files now: one that cannot be read stops the command before any file is touched. */
  async ready(): Promise<void> {
    await this.explicit;
  }

  /** Whether a file found by a walk of `root` or by a glob (root: the current folder) is passed over. */
  async ignored(path: string, root: string): Promise<boolean> {
    const levels = [...(await this.fileLevels(path, root)), ...(await this.fromConfig(dirname(path)))];
    if (levels.length === 0) return false;
    // A folder that is ignored keeps everything under it out, whatever a deeper file says.
    const top = levels.reduce((t, l) => (l.base.length < t.length ? l.base : t), dirname(path));
    for (let dir = dirname(path); dir.length > top.length && dir !== dirname(dir); dir = dirname(dir)) {
      if (verdict(levels, dir, true)) return true;
    }
    return verdict(levels, path, false);
  }

  /** The ignore files' levels that apply to the file, outermost first. */
  private async fileLevels(path: string, root: string): Promise<Level[]> {
    if (this.explicit !== null) return this.explicit;
    const dir = dirname(path);
    const top = (await this.gitTop(dir)) ?? (inside(root, this.cwd) ? this.cwd : root);
    if (!inside(dir, top)) return [];
    const chain: string[] = [];
    for (let d = dir; ; d = dirname(d)) {
      chain.push(d);
      if (d === top || d === dirname(d)) break;
    }
    const levels = await Promise.all(chain.reverse().map((d) => this.folder(d)));
    return levels.flat();
  }

  /** The `.gitignore` and `.dsqignore` of one folder. */
  private folder(dir: string): Promise<Level[]> {
    let found = this.folderLevels.get(dir);
    if (!found) {
      found = Promise.all(IGNORE_FILES.map((name) => this.readFound(join(dir, name)))).then((ls) => ls.flatMap((l) => (l === null ? [] : [l])));
      this.folderLevels.set(dir, found);
    }
    return found;
  }

  /** The nearest folder at or above `dir` holding `.git`, or null. */
  private gitTop(dir: string): Promise<string | null> {
    let found = this.tops.get(dir);
    if (!found) {
      found = stat(join(dir, '.git')).then(
        () => dir,
        () => (dirname(dir) === dir ? null : this.gitTop(dirname(dir))),
      );
      this.tops.set(dir, found);
    }
    return found;
  }

  private async fromConfig(dir: string): Promise<Level[]> {
    let config;
    try {
      config = await this.configs.forDir(dir);
    } catch (err) {
      // A config with errors is reported when the file's settings are read (once, with its place): no patterns from it here.
      if (err instanceof ConfigError) return [];
      throw err;
    }
    const levels: Level[] = [];
    for (const patterns of config.ignore ?? []) {
      let level = this.configLevels.get(patterns);
      if (!level) {
        level = { base: patterns.base, rules: (await newIgnore()).add([...patterns.patterns]) };
        this.configLevels.set(patterns, level);
      }
      levels.push(level);
    }
    return levels;
  }

  /** An ignore file found in a folder: none when it does not exist. */
  private async readFound(path: string): Promise<Level | null> {
    let bytes: Buffer;
    try {
      bytes = await readFileBytes(path);
    } catch (err) {
      const code = (err as UnreadableFileError).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      throw new FileError(`cannot read ${relative(this.cwd, path) || path}: ${reasonOf(err)}`);
    }
    return { base: dirname(path), rules: (await newIgnore()).add(textOf(bytes, path)) };
  }

  /** A file given to --ignore-path: it must be there. */
  private async readNamed(path: string, shown: string): Promise<Level> {
    let bytes: Buffer;
    try {
      bytes = await readFileBytes(path, { named: true });
    } catch (err) {
      throw new FileError(`cannot read the ignore file ${shown}: ${reasonOf(err)}`);
    }
    return { base: dirname(path), rules: (await newIgnore()).add(textOf(bytes, shown)) };
  }
}

function textOf(bytes: Buffer, shown: string): string {
  try {
    return decodeUtf8(bytes);
  } catch (err) {
    if (err instanceof DsqError) throw new FileError(err.format(shown));
    throw err;
  }
}

/** `path` is `dir` or below it. */
function inside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * Ignored by the levels that hold the path (those whose folder is above it), outermost first:
 * the last level whose patterns decide wins (ignored, or taken back by a `!` pattern).
 */
function verdict(levels: readonly Level[], path: string, isDir: boolean): boolean {
  let ignored = false;
  for (const level of levels) {
    const rel = relative(level.base, path);
    if (rel === '' || !inside(path, level.base)) continue;
    const test = level.rules.test(`${rel.split(sep).join('/')}${isDir ? '/' : ''}`);
    if (test.ignored) ignored = true;
    else if (test.unignored) ignored = false;
  }
  return ignored;
}
