import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dsq-fix-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('dsq lint --fix (issue 10)', () => {
  it('fixes WHERE b <> NULL AND d != NULL in one run and reports nothing fixable left', async () => {
    await writeFile(join(dir, 'q.dsq'), 'SELECT a FROM t WHERE b <> NULL AND d != NULL\n');
    const r = await runCli(['lint', '--fix', 'q.dsq'], { cwd: dir });
    expect(r.out).not.toContain('fixable');
    expect(await readFile(join(dir, 'q.dsq'), 'utf8')).toBe('SELECT a FROM t WHERE b IS NOT NULL AND d IS NOT NULL\n');
    const again = await runCli(['lint', 'q.dsq'], { cwd: dir });
    expect(again.out).toBe('no problems\n');
  });

  it('says what is left after the fixes', async () => {
    await writeFile(join(dir, 'q.dsq'), 'SELECT a FROM t WHERE b = NULL AND c < NULL\n');
    const r = await runCli(['lint', '--fix-dry-run', 'q.dsq'], { cwd: dir });
    expect(r.out).toContain('SELECT a FROM t WHERE b IS NULL AND c < NULL');
    expect(r.err + r.out).toContain('(null-comparison)');
    expect(r.err + r.out).not.toContain('fixable');
  });
});
