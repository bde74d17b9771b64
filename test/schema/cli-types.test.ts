import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Io } from '../../src/cli/command.js';
import { main } from '../../src/cli/main.js';

const FIXTURES = join(import.meta.dirname, '..', 'builder', 'fixtures');

function bufferIo(stdin = ''): Io & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    stdout: (t: string) => void (io.out += t),
    stderr: (t: string) => void (io.err += t),
    readStdin: async () => stdin,
    cwd: FIXTURES,
  };
  return io;
}

describe('dsq types', () => {
  it('writes the checked-in fixture types exactly (the type tests compile against them)', async () => {
    const io = bufferIo();
    expect(await main(['types', 'shop.schema.json'], io)).toBe(0);
    expect(io.out).toBe(readFileSync(join(FIXTURES, 'shop.schema.ts'), 'utf8'));
    expect(io.err).toBe('');
  });

  it('wrote examples/shop.schema.ts (used by the README tour)', async () => {
    const io = { ...bufferIo(), cwd: join(FIXTURES, '..', '..', '..', 'examples') };
    let out = '';
    expect(await main(['types', 'shop.schema.json'], { ...io, stdout: (t: string) => void (out += t) })).toBe(0);
    expect(out).toBe(readFileSync(join(FIXTURES, '..', '..', '..', 'examples', 'shop.schema.ts'), 'utf8'));
  });

  it('reads standard input and takes --name', async () => {
    const io = bufferIo('[{"name":"t","fields":[{"name":"a","type":"int(4)","nul":true},{"name":"b c","type":"utf8text"}]}]');
    expect(await main(['types', '--name', 'Db'], io)).toBe(0);
    expect(io.out).toContain('export type Db = {');
    expect(io.out).toContain('    a: number | null;');
    expect(io.out).toContain('    "b c": string;');
    expect(io.out).toContain('export type DbLabels = {');
  });

  it('keys a database found in two groups by its group path, dropping nothing', async () => {
    const db = { name: 'x', fields: [{ name: 'a', type: 'int' }] };
    const io = bufferIo(JSON.stringify({ groups: [{ name: 'g1', databases: [db] }, { name: 'g2', databases: [db] }] }));
    expect(await main(['types'], io)).toBe(0);
    expect(io.out).toContain('"g1.x": {');
    expect(io.out).toContain('"g2.x": {');
  });

  it('reports a bad schema with file, pointer and message, exit 1', async () => {
    const io = bufferIo('{"name":"t","fields":[{"name":"a"}]}');
    expect(await main(['types', '-'], io)).toBe(1);
    expect(io.err).toContain('error: field "a" of database "t" has no "type" (a non-empty string is required) at /fields/0');
    expect(io.out).toBe('');
  });

  it('is listed in dsq --help and has its own help', async () => {
    const io = bufferIo();
    expect(await main(['--help'], io)).toBe(0);
    expect(io.out).toMatch(/types\s+write TypeScript types/);
    const help = bufferIo();
    expect(await main(['types', '--help'], help)).toBe(0);
    expect(help.out).toContain('Usage: dsq types [options] [SCHEMA.json|-]');
    expect(help.out).toContain('int(8), long -> bigint');
  });

  it('rejects usage errors with exit 2', async () => {
    const io = bufferIo();
    expect(await main(['types', 'a.json', 'b.json'], io)).toBe(2);
    expect(await main(['types', '--name', '1x'], io)).toBe(2);
    expect(io.err).toContain('--name must be a TypeScript identifier');
  });
});
