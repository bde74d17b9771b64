import type { Io } from '../../src/cli/command.js';
import { main } from '../../src/cli/main.js';

export interface CliRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** Runs the dsq CLI in-process with buffered output: what a shell would see, without a process. */
export async function runCli(argv: readonly string[], options: { stdin?: string | Uint8Array; cwd?: string } = {}): Promise<CliRun> {
  let out = '';
  let err = '';
  const io: Io = {
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    readStdin: async () => options.stdin ?? '',
    cwd: options.cwd ?? process.cwd(),
  };
  const code = await main(argv, io);
  return { code, out, err };
}
