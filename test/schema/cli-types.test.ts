import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const EXAMPLES = join(import.meta.dirname, '..', '..', 'examples');
const run = (argv: string[], stdin = '') => runCli(['types', ...argv], { stdin, cwd: EXAMPLES });

describe('dsq types', () => {
  it('wrote examples/shop.schema.ts exactly (the README tour and the type tests compile against it)', async () => {
    expect(await run(['shop.schema.json'])).toEqual({ code: 0, out: readFileSync(join(EXAMPLES, 'shop.schema.ts'), 'utf8'), err: '' });
  });

  it('reads standard input and takes --name', async () => {
    const io = await run(['--name', 'Db'], '[{"name":"t","fields":[{"name":"a","type":"int(4)","nul":true},{"name":"b c","type":"utf8text"}]}]');
    expect(io.code).toBe(0);
    expect(io.out).toContain('export type Db = {');
    expect(io.out).toContain('    a: number | null;');
    expect(io.out).toContain('    "b c": string;');
    expect(io.out).toContain('export type DbLabels = {');
  });

  it('keys a database found in two groups by its group path, dropping nothing', async () => {
    const db = { name: 'x', fields: [{ name: 'a', type: 'int' }] };
    const io = await run(
      [],
      JSON.stringify({
        groups: [
          { name: 'g1', databases: [db] },
          { name: 'g2', databases: [db] },
        ],
      }),
    );
    expect(io.code).toBe(0);
    expect(io.out).toContain('"g1.x": {');
    expect(io.out).toContain('"g2.x": {');
  });

  it('reports a bad schema with file, pointer and message, exit 1', async () => {
    const io = await run(['-'], '{"name":"t","fields":[{"name":"a"}]}');
    expect(io.code).toBe(1);
    expect(io.err).toContain('error: field "a" of database "t" has no "type" (a non-empty string is required) at /fields/0');
    expect(io.out).toBe('');
  });

  it('is listed in dsq --help and has its own help', async () => {
    const io = await runCli(['--help']);
    expect(io.code).toBe(0);
    expect(io.out).toMatch(/types\s+write TypeScript types/);
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: dsq types [--name NAME] [--out FILE.ts [--check]] [SCHEMA.json|-]');
    expect(help.out).toContain('int(8), long -> bigint');
  });

  it('rejects usage errors with exit 2', async () => {
    expect((await run(['a.json', 'b.json'])).code).toBe(2);
    const io = await run(['--name', '1x']);
    expect(io.code).toBe(2);
    expect(io.err).toContain('--name must be a TypeScript identifier');
  });
});
