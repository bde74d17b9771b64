import { parseArgs } from 'node:util';
import { COMMANDS } from './commands.js';
import { UsageError, type Io } from './command.js';
import { FileError, processIo } from './io.js';

function overview(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length), 4);
  return [
    'Usage: dsq <command> [options]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run `dsq <command> --help` for the options of a command.',
    '',
  ].join('\n');
}

/** The CLI: returns the exit code (0 success, 1 bad input or findings, 2 usage error). */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(overview());
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    io.stdout('dsq 0.1.0\n');
    return 0;
  }
  const entry = COMMANDS.find((c) => c.name === name);
  if (!entry) {
    io.stderr(`dsq: unknown command "${name}"\n\n${overview()}`);
    return 2;
  }
  try {
    const command = await entry.load();
    const { values, positionals } = parseArgs({
      args: [...rest],
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    if (values.help) {
      io.stdout(command.help.endsWith('\n') ? command.help : `${command.help}\n`);
      return 0;
    }
    return await command.run({ positionals, values, io });
  } catch (err) {
    if (err instanceof UsageError || (err instanceof Error && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))) {
      io.stderr(`dsq ${name}: ${err.message}\nRun \`dsq ${name} --help\` for usage.\n`);
      return 2;
    }
    // A config file that is not valid: its problems with line, column and pointer (exit 2, as fmt).
    // (Imported here: only a command that read a config file can have thrown one.)
    const { ConfigError } = await import('../config/index.js');
    if (err instanceof ConfigError) {
      io.stderr(`${err.format()}\n`);
      return 2;
    }
    // A file that cannot be read (exit 2: the input never arrived), or input that is not UTF-8
    // (exit 1: bad input). The message names the file.
    if (err instanceof FileError) {
      const unread = err.message.startsWith('cannot ');
      io.stderr(unread ? `dsq ${name}: ${err.message}\n` : `${err.message}\n`);
      return unread ? 2 : 1;
    }
    // Anything else is a bug in dsq: one line, never a stack trace, exit 2.
    const message = err instanceof Error ? err.message : String(err);
    io.stderr(`dsq ${name}: internal error: ${message.split('\n')[0]}\n`);
    return 2;
  }
}
