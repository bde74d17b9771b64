import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { format } from '../../src/print/index.js';
import { spawnCli } from '../helpers/spawn-cli.js';

/**
 * Standard output that its parent left non-blocking (a pipe opened with O_NONBLOCK, as some
 * editors and process managers leave one): the CLI writes with `writeSync` until the pipe is
 * full (EAGAIN), then hands the bytes not yet written to Node's stream, which waits for the
 * reader (src/cli/io.ts). Every byte arrives, in order, and no character is split or repeated
 * where a part write ended inside it.
 */
let dir: string;
let text: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dsq-nonblocking-'));
  // Far more than a pipe holds (64 KB), with two- and three-byte characters everywhere, so the
  // write that fills the pipe ends inside a character more often than not.
  const lines: string[] = [];
  for (let i = 0; i < 3000; i++) lines.push(`SELECT 'café €${i}' AS "prix €", b FROM t WHERE x = ${i}; -- déjà vu ${'é'.repeat(i % 7)}`);
  text = `${lines.join('\n')}\n`;
  writeFileSync(join(dir, 'big.dsq'), text);
  execFileSync('mkfifo', [join(dir, 'out')]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Reads a non-blocking descriptor to its end, waiting `delay` ms first so the writer fills the pipe. */
function readAllLater(fd: number, delay: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const buffer = Buffer.alloc(16 * 1024);
  return new Promise((resolve, reject) => {
    const step = () => {
      for (;;) {
        let n: number;
        try {
          n = readSync(fd, buffer, 0, buffer.length, null);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'EAGAIN') return void setTimeout(step, 5);
          return reject(err);
        }
        if (n === 0) return resolve(Buffer.concat(chunks));
        chunks.push(Buffer.from(buffer.subarray(0, n)));
      }
    };
    setTimeout(step, delay);
  });
}

describe('standard output left non-blocking (EAGAIN)', () => {
  it('fmt writes every byte of its output, in order, through a full non-blocking pipe', async () => {
    const path = join(dir, 'out');
    const reader = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const writer = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
    try {
      const run = spawnCli(['fmt', join(dir, 'big.dsq')], { stdout: writer });
      // The child starts with its stdout blocking (libuv resets it); opening the same pipe end as
      // a socket here makes it non-blocking again (the flag belongs to the pipe end both hold),
      // long before the child has parsed its input. Destroying the socket closes this process's copy.
      new Socket({ fd: writer, readable: false, writable: true }).destroy();
      const [bytes, result] = await Promise.all([readAllLater(reader, 400), run]);
      expect(result.err).toBe('');
      expect(result.code).toBe(0);
      const expected = format(text);
      expect(Buffer.byteLength(expected)).toBeGreaterThan(3 * 64 * 1024);
      expect(bytes.length).toBe(Buffer.byteLength(expected));
      expect(bytes.toString('utf8')).toBe(expected);
    } finally {
      closeSync(reader);
    }
  });
});
