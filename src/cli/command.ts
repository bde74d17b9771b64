import type { ParseArgsConfig } from 'node:util';

/** Where a command reads and writes: the process by default, buffers in tests. */
export interface Io {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** All of standard input: bytes (decoded by the command, strictly as UTF-8) or text. */
  readonly readStdin: () => Promise<string | Uint8Array>;
  readonly cwd: string;
  /** The environment (NO_COLOR, FORCE_COLOR, TERM); none in tests unless given. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Which streams are terminals (colour is on for a terminal only); neither in tests unless given. */
  readonly isTTY?: { readonly stdout: boolean; readonly stderr: boolean };
}

export interface CommandContext {
  readonly positionals: readonly string[];
  readonly values: Readonly<Record<string, string | boolean | (string | boolean)[] | undefined>>;
  readonly io: Io;
}

/**
 * One CLI command: one file in src/cli/ exporting one of these, listed (with its one-line
 * summary, imported on first use) in commands.ts.
 * Exit codes: 0 success, 1 bad input (or findings), 2 usage error; `fmt` and `lint` also 2 when
 * a file could not be read or written, and every command 2 when its output could not be written.
 */
export interface Command {
  readonly name: string;
  /** The usage line and option list for `dsq NAME --help`. */
  readonly help: string;
  readonly options: NonNullable<ParseArgsConfig['options']>;
  run(ctx: CommandContext): Promise<number>;
}

/** Thrown by a command for a usage error: printed with a pointer to --help, exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
