import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { importEngine } from '../../src/run/engine.js';

/**
 * The engines are optional peer dependencies: no module of src imports one statically (so
 * `import 'dsq'` and `import 'dsq/run'` load none), and a missing one is a message saying what
 * to install, not a module-resolution stack.
 */
const SRC = join(import.meta.dirname, '..', '..', 'src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('optional engines', () => {
  it('no module of src imports @duckdb/node-api or @electric-sql/pglite by name (only engine.ts, by import() of a variable)', () => {
    const named = files(SRC).flatMap((f) =>
      ts
        .preProcessFile(readFileSync(f, 'utf8'), true, true)
        .importedFiles.filter((i) => /^@duckdb\/|^@electric-sql\//.test(i.fileName))
        .map((i) => `${f}: ${i.fileName}`),
    );
    expect(named).toEqual([]);
    expect(readFileSync(join(SRC, 'run', 'engine.ts'), 'utf8')).toMatch(/await import\(pkg\)/);
  });

  it("DuckDB's API, which is CommonJS, is loaded with require (import() would scan its 124 files for exports at every start)", async () => {
    // require gives the module's own exports object; import() a namespace made from it.
    expect(await importEngine('duckdb')).toBe(createRequire(import.meta.url)('@duckdb/node-api'));
  });

  it('a missing engine says which package to install', async () => {
    await expect(importEngine('duckdb', '@duckdb/not-installed-here')).rejects.toThrow(
      /the duckdb engine needs the package @duckdb\/not-installed-here, which is not installed/,
    );
    const err = await importEngine('duckdb', '@duckdb/not-installed-here').catch((e: unknown) => e);
    expect((err as { diagnostics: { hint: string }[] }).diagnostics[0]?.hint).toBe('npm install --save-dev @duckdb/not-installed-here');
  });
});
