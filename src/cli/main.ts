import { parseArgs } from 'node:util';
import { COMMANDS } from './commands.js';
import { UsageError, type Command, type Io } from './command.js';
import { suggest } from '../diagnostic/suggest.js';
import { COLOR_FLAG_OPTIONS, colorFor, paintReport } from './color.js';
import { FileError, processIo } from './io.js';

/** The options every command takes besides its own. */
export const GLOBAL_OPTIONS = { help: { type: 'boolean', short: 'h' }, ...COLOR_FLAG_OPTIONS } as const;

function overview(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length), 4);
  return [
    'Usage: dsq <command> [options]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run `dsq <command> --help` (or `dsq help <command>`) for the options of a command.',
    '',
  ].join('\n');
}

/** The CLI: returns the exit code (0 success, 1 bad input or findings, 2 usage error). */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h') {
    io.stdout(overview());
    return name === undefined ? 2 : 0;
  }
  if (name === 'help') {
    // `dsq help COMMAND` is `dsq COMMAND --help`.
    if (rest.length === 0) {
      io.stdout(overview());
      return 0;
    }
    const asked = COMMANDS.find((c) => c.name === rest[0]);
    if (asked === undefined || rest.length > 1) return unknownCommand(rest.length > 1 ? rest.join(' ') : (rest[0] as string), io, 'help ');
    io.stdout(helpOf(await asked.load()));
    return 0;
  }
  if (name === '--version' || name === '-v') {
    io.stdout('dsq 0.1.0\n');
    return 0;
  }
  const entry = COMMANDS.find((c) => c.name === name);
  if (!entry) return unknownCommand(name, io, '');
  let options: NonNullable<Command['options']> = GLOBAL_OPTIONS;
  try {
    const command = await entry.load();
    options = { ...command.options, ...GLOBAL_OPTIONS };
    const { values, positionals } = parseArgs({ args: [...rest], options, allowPositionals: true, strict: true });
    if (values.help) {
      io.stdout(helpOf(command));
      return 0;
    }
    if (values.color === true && values['no-color'] === true) throw new UsageError('give --color or --no-color, not both');
    // Problems on stderr in colour on a terminal (severity, rule id, the code frame's caret).
    const out: Io = colorFor(values, io, 'stderr') ? { ...io, stderr: (text) => io.stderr(paintReport(text)) } : io;
    return await command.run({ positionals, values, io: out });
  } catch (err) {
    if (err instanceof Error && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS')) {
      io.stderr(`dsq ${name}: ${optionMessage(err, Object.keys(options))}\nRun \`dsq ${name} --help\` for usage.\n`);
      return 2;
    }
    if (err instanceof UsageError) {
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

function helpOf(command: Command): string {
  return command.help.endsWith('\n') ? command.help : `${command.help}\n`;
}

/** A command that does not exist: the closest ones, and the list. */
function unknownCommand(name: string, io: Io, prefix: string): number {
  const near = suggest(
    name,
    COMMANDS.map((c) => c.name),
  );
  const hint = near.length === 0 ? '' : ` (did you mean \`dsq ${prefix}${near.join(`\` or \`dsq ${prefix}`)}\`?)`;
  io.stderr(`dsq: unknown command "${name}"${hint}\n\n${overview()}`);
  return 2;
}

/**
 * parseArgs's message about an option, in dsq's words: an unknown option with the closest
 * ones, and how to pass a file whose name starts with "-" (Node's own message leaves a quote
 * open).
 */
function optionMessage(err: Error, known: readonly string[]): string {
  const unknown = /^Unknown option '(-{1,2})([^']*)'/.exec(err.message);
  if (unknown) {
    const [, dashes, option] = unknown as unknown as [string, string, string];
    const near = dashes === '--' ? suggest(option, known).map((o) => `--${o}`) : [];
    const hint = near.length === 0 ? '' : ` (did you mean ${near.join(' or ')}?)`;
    return `unknown option ${dashes}${option}${hint}; a file whose name starts with "-" goes after "--": -- ${dashes}${option}`;
  }
  return err.message.replace(/'/g, '"');
}
