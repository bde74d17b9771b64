import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import config, { MOCK_TESTS, SLOW_TESTS } from '../vitest.config.js';

const ROOT = join(import.meta.dirname, '..');

type Project = { test: { name: string; include: string[]; exclude?: string[]; isolate?: boolean } };
const projects = (config.test?.projects ?? []) as Project[];
const byName = Object.fromEntries(projects.map((p) => [p.test.name, p.test]));

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [relative(ROOT, join(dir, e.name))] : [],
  );
}

/**
 * The vitest projects (vitest.config.ts): `npm test` runs them all, `--project fast` the quick
 * part. `fast` keeps a worker's modules from one file to the next; `mocks` and `slow` give each
 * file modules of its own.
 */
describe('the fast, mocks and slow test projects', () => {
  it('every file the slow and mocks projects name exists (a renamed file would move to fast unseen)', () => {
    expect([...SLOW_TESTS, ...MOCK_TESTS].filter((f) => !existsSync(join(ROOT, f)))).toEqual([]);
  });

  it('fast takes every test file but the slow and mocking ones, slow and mocks take exactly those', () => {
    expect(Object.keys(byName).sort()).toEqual(['fast', 'mocks', 'slow']);
    expect(byName.fast?.include).toEqual(['test/**/*.test.ts']);
    expect(byName.fast?.exclude).toEqual(expect.arrayContaining([...SLOW_TESTS, ...MOCK_TESTS]));
    expect(byName.slow?.include).toEqual(SLOW_TESTS);
    expect(byName.mocks?.include).toEqual(MOCK_TESTS);
  });

  it('only fast shares modules between files; every file that replaces a module (vi.mock) is in mocks, which does not', () => {
    expect(byName.fast?.isolate).toBe(false);
    expect(byName.mocks?.isolate).not.toBe(false);
    expect(byName.slow?.isolate).not.toBe(false);
    expect(config.test?.isolate).not.toBe(false);
    const mocking = testFiles(join(ROOT, 'test')).filter((f) => /\bvi\s*\.\s*(?:do)?[mM]ock\s*\(/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(mocking.filter((f) => !SLOW_TESTS.includes(f)).sort()).toEqual([...MOCK_TESTS].sort());
  });

  it('npm test runs every project: no --project filter in the script', async () => {
    const pkg = (await import('../package.json', { with: { type: 'json' } })).default as { scripts: Record<string, string> };
    expect(pkg.scripts.test).toMatch(/vitest run$/);
  });
});
