import { dirname, resolve } from 'node:path';
import { DsqError } from '../diagnostic/diagnostic.js';
import { decompileResult } from '../print/decompile.js';
import { ConfigError } from '../config/index.js';
import { UsageError, type Command } from './command.js';
import { readInput } from './io.js';
import { CONFIG_FLAG_HELP, CONFIG_FLAG_OPTIONS, Configs } from './config-flags.js';
import { mergePrintOptions, PRINT_FLAG_HELP, PRINT_FLAG_OPTIONS, printFlags } from './print-flags.js';

const HELP = `Usage: dsq decompile [FILE|-] [--expr] [layout options]

Reads spec JSON (a select object or a SELECT action, in the "$" shorthand or the full
{"type": ...} form; a JSON array of them; with --expr an expression) and prints it as
formatted dsq text. Statements of an array are separated by ";" and a blank line. Reads
standard input when FILE is "-" or absent. Layout settings come from dsq.config.json (as for
dsq fmt), overridden by the flags. Bad JSON: FILE:LINE:COL: error: message at
/json/pointer on stderr, exit 1. A file that cannot be read: one line, exit 2.

Options:
  --expr                    the input is an expression
${PRINT_FLAG_HELP}
${CONFIG_FLAG_HELP}
  -h, --help                show this help
`;

export const decompileCommand: Command = {
  name: 'decompile',
  help: HELP,
  options: { expr: { type: 'boolean' }, ...PRINT_FLAG_OPTIONS, ...CONFIG_FLAG_OPTIONS },
  async run({ positionals, values, io }) {
    if (positionals.length > 1) throw new UsageError(`give one FILE (or - for standard input); got ${positionals.length}`);
    const flags = printFlags(values);
    const file = positionals[0];
    const input = await readInput(io, file);
    let options;
    try {
      const configs = new Configs(values, io.cwd);
      const start = file === undefined || file === '-' ? io.cwd : dirname(resolve(io.cwd, file));
      options = mergePrintOptions(
        file === undefined || file === '-' ? await configs.forDir(start) : await configs.forFile(resolve(io.cwd, file), start),
        flags,
      );
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      io.stderr(`${err.format()}\n`);
      return 2;
    }
    // Every problem of the JSON at once (src/print/decompile.ts), each with its pointer and line:col.
    const result = decompileResult(input.text, { ...options, expr: values.expr === true });
    if (result.value === undefined) {
      io.stderr(`${new DsqError(result.diagnostics, input.text).format(input.name)}\n`);
      return 1;
    }
    io.stdout(result.value.length > 0 ? `${result.value}\n` : '');
    return 0;
  },
};
