import { FileError, flushStdout, outputState, processIo, reasonOf } from './io.js';
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
  // (Standard output and error are written by processIo, which makes Node's streams only when it must.)
  process.on('uncaughtException', (err) => {
    if (outputState.closed && isStreamError(err)) return;
    processIo.stderr(`${name}: internal error: ${oneLine(err)}\n`);
    process.exit(2);
  });
  let code: number;
  try {
    code = await main(argv, processIo);
  } catch (err) {
    processIo.stderr(err instanceof FileError ? `${name}: ${err.message}\n` : `${name}: internal error: ${oneLine(err)}\n`);
    code = 2;
  }
  await flushStdout();
  if (outputState.error !== null) {
    processIo.stderr(`${name}: cannot write the output: ${reasonOf(outputState.error)}\n`);
    return 2;
  }
  return code;
}

function isStreamError(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED' || code === 'ERR_STREAM_WRITE_AFTER_END';
}

function oneLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.split('\n')[0] as string;
}
