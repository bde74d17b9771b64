import { dirname, resolve } from 'node:path';
import { ConfigError } from '../config/index.js';
import { DsqError } from '../diagnostic/diagnostic.js';
import { writeFileSafely } from './files.js';
import { FileError, readTextFile, textOf } from './io.js';
import { format, type PrintOptions } from '../print/index.js';
import { UsageError, type Command } from './command.js';
import { colorFor, paintDiff } from './color.js';
import { CONFIG_FLAG_HELP, CONFIG_FLAG_OPTIONS, Configs, PRINT_CONFIG_HELP, PRINT_CONFIG_OPTION, printConfig } from './config-flags.js';
import { unifiedDiff } from './diff.js';
import { FILE_FLAG_HELP, FILE_FLAG_OPTIONS, findInputs, notDsqText, stdinFilepath } from './file-args.js';
import { mergePrintOptions, PRINT_FLAG_HELP, PRINT_FLAG_OPTIONS, printFlags } from './print-flags.js';

const HELP = `Usage: dsq fmt [--check|--write|--diff] [options] FILE|GLOB|DIR|- ...

Formats dsq files in the one canonical layout, keeping every comment. Without a flag the
formatted text goes to stdout. Directories are walked for *.dsq (skipping node_modules,
dot-directories and what .gitignore, .dsqignore and "ignore" in dsq.config.json name); globs
(*, **, ?, [...], {a,b}) are expanded by dsq, from the current directory (from the root when
they start with /). A file that does not parse, or is not UTF-8, is never touched: its errors
go to stderr and the other files are still formatted. Only regular files of at most 64 MiB
are read, unless a pipe or device is named as FILE. Layout settings come from dsq.config.json
(the nearest, merged with those above it up to one with "root": true; its "overrides" by
glob), overridden by the flags.

Options:
  --check                   list the files that are not formatted (exit 1 if any)
  --write                   rewrite the files that are not formatted: through a temporary
                            file renamed over the old one (mode and owner kept; a symbolic
                            link's target is written, the link kept); a file with hard links
                            is written in place; a read-only file is never written, nor a
                            file another program changed since dsq read it
  --diff                    print a unified diff of what --write would change (exit 1 if any)
  --stdin-filepath PATH     format standard input as the file PATH: its config, overrides and
                            ignore files apply, and messages name it (an ignored PATH is
                            printed as it is)
${PRINT_FLAG_HELP}
${CONFIG_FLAG_HELP}
${PRINT_CONFIG_HELP}
${FILE_FLAG_HELP}
  -h, --help                show this help

Exit codes: 0 all formatted, 1 some file is not formatted (--check, --diff), 2 some file could
not be parsed, read or written (one line each; the other files are still done), or a usage
error.
`;

type Mode = 'print' | 'check' | 'write' | 'diff';

export const fmtCommand: Command = {
  name: 'fmt',
  help: HELP,
  options: {
    check: { type: 'boolean' },
    write: { type: 'boolean' },
    diff: { type: 'boolean' },
    'stdin-filepath': { type: 'string' },
    ...PRINT_FLAG_OPTIONS,
    ...CONFIG_FLAG_OPTIONS,
    ...PRINT_CONFIG_OPTION,
    ...FILE_FLAG_OPTIONS,
  },
  async run(ctx) {
    const { positionals, values, io } = ctx;
    const modes = (['check', 'write', 'diff'] as const).filter((m) => values[m] === true);
    if (modes.length > 1) throw new UsageError(`give one of --check, --write and --diff, not ${modes.map((m) => `--${m}`).join(' and ')}`);
    const mode: Mode = modes[0] ?? 'print';
    const configs = new Configs(values, io.cwd);
    if (typeof values['print-config'] === 'string') {
      io.stdout(await printConfig(values['print-config'], configs, io.cwd));
      return 0;
    }
    const stdinPath = stdinFilepath(ctx);
    if (positionals.length === 0 && stdinPath === null) throw new UsageError('give the files to format (FILE, GLOB or DIR), or - for standard input');
    const flags = printFlags(values);
    const color = colorFor(values, io, 'stdout');
    let failed = false;
    let unformatted = 0;
    const problem = (line: string) => {
      io.stderr(`dsq fmt: ${line}\n`);
      failed = true;
    };

    // A bad config file is reported once, however many files it applies to.
    const reported = new Set<string>();
    const optionsFor = async (path: string, dir: string): Promise<PrintOptions | null> => {
      try {
        return mergePrintOptions(await configs.forFile(path, dir), flags);
      } catch (err) {
        if (!(err instanceof ConfigError)) throw err;
        if (!reported.has(err.path)) io.stderr(`${err.format()}\n`);
        reported.add(err.path);
        return null;
      }
    };

    /** One text: `path` is the file to write (null for standard input), `at` the path its settings follow. */
    const handle = async (name: string, text: string, at: string, path: string | null) => {
      const options = await optionsFor(at, dirname(at));
      if (options === null) {
        failed = true;
        return;
      }
      let out: string;
      try {
        out = format(text, options);
      } catch (err) {
        if (!(err instanceof DsqError)) throw err;
        io.stderr(`${err.format(name)}\n`);
        failed = true;
        return;
      }
      const changed = out !== text;
      if (mode === 'print') io.stdout(out);
      else if (mode === 'diff') {
        if (changed) {
          unformatted++;
          const diff = unifiedDiff(text, out, name.split('\\').join('/'));
          io.stdout(color ? paintDiff(diff) : diff);
        }
      } else if (changed) {
        unformatted++;
        if (mode === 'write' && path !== null) {
          try {
            await writeFileSafely(path, out, name, { unchanged: text });
            io.stdout(`${name}\n`);
          } catch (err) {
            if (!(err instanceof FileError)) throw err;
            problem(err.message);
          }
        } else if (mode === 'write') io.stdout(out);
        else io.stdout(`${name}\n`);
      } else if (mode === 'write' && path === null) io.stdout(out);
    };

    const readStdin = async (name: string): Promise<string | null> => {
      try {
        return textOf(await io.readStdin());
      } catch (err) {
        if (!(err instanceof DsqError)) throw err;
        io.stderr(`${err.format(name)}\n`);
        failed = true;
        return null;
      }
    };

    const inputs = await findInputs(
      positionals.filter((p) => p !== '-'),
      ctx,
      configs,
    );
    if (stdinPath !== null) {
      const text = await readStdin(stdinPath.shown);
      const notDsq = notDsqText(stdinPath.shown);
      if (notDsq !== null) problem(notDsq);
      else if (text !== null) {
        // An ignored path is given back as it is (as Prettier does), so an editor or hook may pipe every file.
        if (await inputs.ignore.ignored(stdinPath.path, io.cwd)) {
          if (mode === 'print' || mode === 'write') io.stdout(text);
        } else await handle(stdinPath.shown, text, stdinPath.path, null);
      }
    } else if (positionals.includes('-')) {
      const text = await readStdin('<stdin>');
      if (text !== null) await handle('<stdin>', text, resolve(io.cwd, '<stdin>'), null);
    }
    for (const line of inputs.problems) problem(line);
    for (const file of inputs.files) {
      const notDsq = notDsqText(file.shown);
      if (notDsq !== null) {
        problem(notDsq);
        continue;
      }
      let text: string;
      try {
        text = await readTextFile(file.path, file.shown, file.named ? io : null);
      } catch (err) {
        if (err instanceof FileError) problem(err.message);
        else if (err instanceof DsqError) {
          // Not UTF-8: reported with its line and column, and never rewritten.
          io.stderr(`${err.format(file.shown)}\n`);
          failed = true;
        } else throw err;
        continue;
      }
      await handle(file.shown, text, file.path, file.path);
    }
    if ((mode === 'check' || mode === 'diff') && unformatted > 0) {
      io.stderr(`${unformatted} file${unformatted === 1 ? '' : 's'} not formatted; run dsq fmt --write\n`);
    }
    if (failed) return 2;
    return (mode === 'check' || mode === 'diff') && unformatted > 0 ? 1 : 0;
  },
};
