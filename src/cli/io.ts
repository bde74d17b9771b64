import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Io } from './command.js';

export const processIo: Io = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
  cwd: process.cwd(),
};

/**
 * Read FILE, or standard input for `-` or no file. Returns the text and the name to show in
 * messages. A file that cannot be read is an error that names it (the CLI prints it, exit 1).
 */
export async function readInput(io: Io, file: string | undefined): Promise<{ text: string; name: string }> {
  if (file === undefined || file === '-') return { text: await io.readStdin(), name: '<stdin>' };
  try {
    return { text: await readFile(resolve(io.cwd, file), 'utf8'), name: file };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : String((err as Error).message);
    throw new Error(`cannot read ${file}: ${reason}`);
  }
}
