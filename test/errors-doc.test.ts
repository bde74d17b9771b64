import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compiled, ok, syntax, where } from '../examples/errors-as-data.js';

/**
 * docs/errors.md: its TypeScript block is examples/errors-as-data.ts (type-checked by tsc),
 * imported here and checked against what its comments say.
 */
const ROOT = join(import.meta.dirname, '..');
const DOC = readFileSync(join(ROOT, 'docs', 'errors.md'), 'utf8');
const EXAMPLE = readFileSync(join(ROOT, 'examples', 'errors-as-data.ts'), 'utf8');

describe('docs/errors.md', () => {
  it('has one TypeScript block, the example file as it is', () => {
    const blocks = [...DOC.matchAll(/^```([a-z]*)\n([\s\S]*?)^```$/gm)];
    expect(blocks.map((b) => b[1])).toEqual(['ts']);
    expect(blocks[0]?.[2]).toBe(EXAMPLE);
  });

  it('the example does what its comments say', () => {
    const comments = EXAMPLE.split('\n');
    const after = (marker: string, count: number) => {
      const i = comments.findIndex((l) => l.includes(marker));
      return comments.slice(i + 1, i + 1 + count).map((l) => l.replace(/^\/\/ /, ''));
    };
    // biome-ignore-start lint/suspicious/noDuplicateTestHooks: `after` here is the doc's text after a line, not vitest's hook
    expect(where).toEqual(after('export const where', 6));
    expect(ok).toEqual({ value: after('export const ok', 1)[0]?.replace(/^ok\.value: /, ''), diagnostics: [] });
    expect(syntax).toEqual(JSON.parse(after('export const syntax', 1)[0] as string));
    // biome-ignore-end lint/suspicious/noDuplicateTestHooks: -
    const shown = compiled('SELECT FROM t WHERE');
    expect(shown.split('\n').filter((l) => l.startsWith('query.dsq:'))).toEqual([
      'query.dsq:1:8: error: expected an expression after SELECT, found FROM',
      'query.dsq:1:20: error: expected an expression after WHERE, found the end of the input',
    ]);
  });

  it('names every no-throw entry point the package exports', async () => {
    const api = { ...(await import('../src/index.js')), ...(await import('../src/json/index.js')), ...(await import('../src/lint/index.js')) };
    const named = [...DOC.matchAll(/`([a-zA-Z]+Result)`/g)].map((m) => m[1] as string).filter((n) => n !== 'Result');
    expect(named.length).toBeGreaterThan(15);
    for (const name of named) expect(typeof (api as Record<string, unknown>)[name], name).toBe('function');
    const exported = Object.keys(api).filter((k) => k.endsWith('Result') && typeof (api as Record<string, unknown>)[k] === 'function');
    for (const name of exported) expect(named, `${name} is in docs/errors.md`).toContain(name);
  });
});
