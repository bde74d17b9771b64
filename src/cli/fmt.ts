import { dirname } from 'node:path';
import { ConfigError } from '../config/index.js';
import { DsqError } from '../diagnostic/diagnostic.js';
import { findFiles, GlobSyntaxError, writeFileSafely, type FileList } from './files.js';
import { FileError, readTextFile, textOf } from './io.js';
import { format, type PrintOptions } from '../print/index.js';
import { UsageError, type Command } from './command.js';
import { ConfigCache, mergePrintOptions, PRINT_FLAG_HELP, PRINT_FLAG_OPTIONS, printFlags } from './print-flags.js';

const HELP = `Usage: dsq fmt [--check|--write] [--width N] [--keyword-case upper|lower|preserve] [--indent N] FILE|GLOB|DIR|- ...

Formats dsq files in the one canonical layout, keeping every comment. Without a flag the
formatted text goes to stdout. Directories are walked for *.dsq (skipping node_modules and
dot-directories); globs (*, **, ?, [...], {a,b}) are expanded by dsq, from the current
directory (from the root when they start with /). A file that does not parse, or is not
UTF-8, is never touched: its errors go to stderr and the other files are still formatted.
Layout settings come from the nearest dsq.config.json, overridden by the flags.

Options:
  --check                   list the files that are not formatted (exit 1 if any)
  --write                   rewrite the files that are not formatted: through a temporary
                            file renamed over the old one (mode and owner kept; a symbolic
                            link's target is written, the link kept); a file with hard links
                            is written in place; a read-only file is never written
${PRINT_FLAG_HELP}
  -h, --help                show this help

Exit codes: 0 all formatted, 1 some file is not formatted (--check), 2 some file could not
be parsed, read or written (one line each; the other files are still done), or a usage error.
`;

type Mode = 'print' | 'check' | 'write';

export const fmtCommand: Command = {
  name: 'fmt',
  help: HELP,
  options: { check: { type: 'boolean' }, write: { type: 'boolean' }, ...PRINT_FLAG_OPTIONS },
  async run({ positionals, values, io }) {
    if (values.check === true && values.write === true) throw new UsageError('give --check or --write, not both');
    if (positionals.length === 0) throw new UsageError('give the files to format (FILE, GLOB or DIR), or - for standard input');
    const mode: Mode = values.check === true ? 'check' : values.write === true ? 'write' : 'print';
    const flags = printFlags(values);
    const configs = new ConfigCache();
    let failed = false;
    let unformatted = 0;
    const problem = (line: string) => {
      io.stderr(`dsq fmt: ${line}\n`);
      failed = true;
    };

    // A bad config file is reported once, however many files it applies to.
    const reported = new Set<string>();
    const optionsFor = async (dir: string): Promise<PrintOptions | null> => {
      try {
        return mergePrintOptions(await configs.get(dir), flags);
      } catch (err) {
        if (!(err instanceof ConfigError)) throw err;
        if (!reported.has(err.path)) io.stderr(`${err.format()}\n`);
        reported.add(err.path);
        return null;
      }
    };

    const handle = async (name: string, text: string, dir: string, path: string | null) => {
      const options = await optionsFor(dir);
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
      else if (changed) {
        unformatted++;
        if (mode === 'write' && path !== null) {
          try {
            await writeFileSafely(path, out, name);
            io.stdout(`${name}\n`);
          } catch (err) {
            if (!(err instanceof FileError)) throw err;
            problem(err.message);
          }
        } else if (mode === 'write') io.stdout(out);
        else io.stdout(`${name}\n`);
      } else if (mode === 'write' && path === null) io.stdout(out);
    };

    const files = positionals.filter((p) => p !== '-');
    let found: FileList;
    try {
      found = await findFiles(files, io.cwd);
    } catch (err) {
      if (err instanceof GlobSyntaxError) throw new UsageError(err.message);
      throw err;
    }
    if (positionals.includes('-')) {
      let text: string | null = null;
      try {
        text = textOf(await io.readStdin());
      } catch (err) {
        if (!(err instanceof DsqError)) throw err;
        io.stderr(`${err.format('<stdin>')}\n`);
        failed = true;
      }
      if (text !== null) await handle('<stdin>', text, io.cwd, null);
    }
    for (const line of found.problems) problem(line);
    for (const file of found.files) {
      let text: string;
      try {
        text = await readTextFile(file.path, file.shown);
      } catch (err) {
        if (err instanceof FileError) problem(err.message);
        else if (err instanceof DsqError) {
          // Not UTF-8: reported with its line and column, and never rewritten.
          io.stderr(`${err.format(file.shown)}\n`);
          failed = true;
        } else throw err;
        continue;
      }
      await handle(file.shown, text, dirname(file.path), file.path);
    }
    if (mode === 'check' && unformatted > 0) {
      io.stderr(`${unformatted} file${unformatted === 1 ? '' : 's'} not formatted; run dsq fmt --write\n`);
    }
    if (failed) return 2;
    return mode === 'check' && unformatted > 0 ? 1 : 0;
  },
};
