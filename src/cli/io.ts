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

/** Read FILE, or standard input for `-` or no file. Returns the text and the name to show in messages. */
export async function readInput(io: Io, file: string | undefined): Promise<{ text: string; name: string }> {
  if (file === undefined || file === '-') return { text: await io.readStdin(), name: '<stdin>' };
  return { text: await readFile(resolve(io.cwd, file), 'utf8'), name: file };
}
