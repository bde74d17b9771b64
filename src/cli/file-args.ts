import { resolve } from 'node:path';
import { UsageError, type CommandContext } from './command.js';
import type { Configs } from './config-flags.js';
import { findFiles, GlobSyntaxError, type FoundFile } from './files.js';
import { IGNORE_FLAG_HELP, IGNORE_FLAG_OPTIONS, IgnoreRules } from './ignore-rules.js';

/** The flags of the commands that take files, folders and globs (fmt, lint, check, gen). */
export const FILE_FLAG_OPTIONS = {
  ...IGNORE_FLAG_OPTIONS,
  'no-error-on-unmatched-pattern': { type: 'boolean' },
} as const;

export const FILE_FLAG_HELP = `${IGNORE_FLAG_HELP}
  --no-error-on-unmatched-pattern
                            a folder or glob that gives no file is not an error`;

export interface Inputs {
  readonly files: readonly FoundFile[];
  /** One line per argument that gave no file (not those that matched nothing, with --no-error-on-unmatched-pattern). */
  readonly problems: readonly string[];
  /** What the walks and globs pass over (also for --stdin-filepath). */
  readonly ignore: IgnoreRules;
}

/**
 * The files of a command's arguments (src/cli/files.ts), with the ignore files and the
 * configs' `"ignore"` applied to walks and globs (src/cli/ignore-rules.ts). Bad glob syntax
 * is a usage error.
 */
export async function findInputs(args: readonly string[], ctx: Pick<CommandContext, 'values' | 'io'>, configs: Configs): Promise<Inputs> {
  const ignore = new IgnoreRules(ctx.io.cwd, ctx.values, configs);
  await ignore.ready();
  let found;
  try {
    found = await findFiles(args, ctx.io.cwd, { ignored: (path, root) => ignore.ignored(path, root) });
  } catch (err) {
    if (err instanceof GlobSyntaxError) throw new UsageError(err.message);
    throw err;
  }
  const quiet = ctx.values['no-error-on-unmatched-pattern'] === true;
  return { files: found.files, problems: quiet ? found.problems.filter((p) => !found.unmatched.has(p)) : found.problems, ignore };
}

/**
 * Why a file is not for a command that reads dsq text, or null: a `.json` file is spec JSON,
 * which other commands read.
 */
export function notDsqText(shown: string): string | null {
  if (!/\.json$/i.test(shown)) return null;
  return `${shown} is JSON, not dsq text: \`dsq normalize ${shown}\` checks and prints spec JSON, \`dsq decompile ${shown}\` turns it into dsq text`;
}

/**
 * `--stdin-filepath PATH`: standard input stands for the file PATH (its settings, ignore files
 * and name in messages). Null without the flag; with it, `-` may be given or not, files not.
 */
export function stdinFilepath({ positionals, values, io }: CommandContext): { path: string; shown: string } | null {
  const given = values['stdin-filepath'];
  if (given === undefined) return null;
  if (typeof given !== 'string' || given === '') throw new UsageError('--stdin-filepath takes the path the text on standard input stands for');
  if (positionals.some((p) => p !== '-')) throw new UsageError('--stdin-filepath reads standard input: give no files with it');
  return { path: resolve(io.cwd, given), shown: given };
}
