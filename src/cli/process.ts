import { FileError, outputState, processIo, reasonOf } from './io.js';
import { main } from './main.js';

export { main };

/**
 * Runs the CLI as the `dsq` process (bin/dsq.js) and returns the exit code. Whatever happens
 * to the output, the user sees at most one line about it, never a stack trace:
 *
 * - a reader that goes away (`dsq compile big.dsq | head -1`: EPIPE) ends the output quietly,
 *   as `cat` does, and the command finishes its work (`fmt --write` still writes every file);
 * - any other failure to write standard output (`> /dev/full`: ENOSPC, EIO) is one line on
 *   stderr and exit 2;
 * - a closed stderr is ignored; an error nobody caught is one line and exit 2.
 */
export async function runProcess(argv: readonly string[]): Promise<number> {
  const name = argv[0] && !argv[0].startsWith('-') ? `dsq ${argv[0]}` : 'dsq';
  process.stdout.on('error', onOutputError);
  process.stderr.on('error', () => undefined);
  process.on('uncaughtException', (err) => {
    if (outputState.closed && isStreamError(err)) return;
    process.stderr.write(`${name}: internal error: ${oneLine(err)}\n`);
    process.exit(2);
  });
  let code: number;
  try {
    code = await main(argv, processIo);
  } catch (err) {
    process.stderr.write(err instanceof FileError ? `${name}: ${err.message}\n` : `${name}: internal error: ${oneLine(err)}\n`);
    code = 2;
  }
  await flushStdout();
  if (outputState.error !== null) {
    process.stderr.write(`${name}: cannot write the output: ${reasonOf(outputState.error)}\n`);
    return 2;
  }
  return code;
}

function onOutputError(err: NodeJS.ErrnoException): void {
  outputState.closed = true;
  if (err.code !== 'EPIPE' && err.code !== 'ERR_STREAM_DESTROYED' && outputState.error === null) outputState.error = err;
}

function isStreamError(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED' || code === 'ERR_STREAM_WRITE_AFTER_END';
}

/** Waits until what was written to stdout has gone out (or failed). */
function flushStdout(): Promise<void> {
  if (outputState.closed || process.stdout.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    process.stdout.write('', () => resolve());
  });
}

function oneLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.split('\n')[0] as string;
}
