import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import config, { SLOW_TESTS } from '../vitest.config.js';

const ROOT = join(import.meta.dirname, '..');

/** The two vitest projects (vitest.config.ts): `npm test` runs both, `--project fast` the quick part. */
describe('the fast and slow test projects', () => {
  it('every file the slow project names exists (a renamed file would move to fast unseen)', () => {
    expect(SLOW_TESTS.filter((f) => !existsSync(join(ROOT, f)))).toEqual([]);
  });

  it('fast takes every test file but the slow ones, slow takes exactly those', () => {
    const projects = (config.test?.projects ?? []) as { test: { name: string; include: string[]; exclude?: string[] } }[];
    const byName = Object.fromEntries(projects.map((p) => [p.test.name, p.test]));
    expect(Object.keys(byName).sort()).toEqual(['fast', 'slow']);
    expect(byName.fast?.include).toEqual(['test/**/*.test.ts']);
    expect(byName.fast?.exclude).toEqual(expect.arrayContaining(SLOW_TESTS));
    expect(byName.slow?.include).toEqual(SLOW_TESTS);
  });

  it('npm test runs every project: no --project filter in the script', async () => {
    const pkg = (await import('../package.json', { with: { type: 'json' } })).default as { scripts: Record<string, string> };
    expect(pkg.scripts.test).toMatch(/vitest run$/);
  });
});
