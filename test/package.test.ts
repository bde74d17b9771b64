import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import tsup from '../tsup.config.js';

const ROOT = join(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  license: string;
  files: string[];
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies: Record<string, string>;
  exports: Record<string, { import: { default: string }; require: { default: string } }>;
};
const options = typeof tsup === 'function' ? (tsup as (flags: object) => unknown)({}) : tsup;
const config = (Array.isArray(options) ? options[0] : options) as { entry: Record<string, string>; noExternal?: (string | RegExp)[]; onSuccess?: unknown };
const bundled = new Set((config.noExternal ?? []).map(String));

/** The packages the library's sources import (not node: built-ins). */
function importedPackages(): Set<string> {
  const out = new Set<string>();
  const stack = [join(ROOT, 'src')];
  while (stack.length > 0) {
    const dir = stack.pop() as string;
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) stack.push(path);
      else if (name.endsWith('.ts')) {
        // Static imports and import() of a package (a module loaded on first use, as picomatch is).
        for (const m of readFileSync(path, 'utf8').matchAll(/^(?:import|export)\s[^;]*?from\s+'([^.'][^']*)'|\bimport\('([^.'][^']*)'\)/gm)) {
          const spec = (m[1] ?? m[2]) as string;
          if (spec.startsWith('node:')) continue;
          out.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string));
        }
      }
    }
  }
  return out;
}

describe('the published package (issue 9)', () => {
  it('runs nothing on install: no prepare/install scripts; the build runs before pack and publish', () => {
    for (const hook of ['prepare', 'preinstall', 'install', 'postinstall']) expect(pkg.scripts[hook], hook).toBeUndefined();
    expect(pkg.scripts.prepack).toBe('tsup');
  });

  it('each imported package is either a runtime dependency (left external) or bundled (a devDependency), never both', () => {
    const imported = importedPackages();
    expect(imported).toContain('chevrotain');
    for (const name of imported) {
      // A peer dependency (prettier, for dsq/prettier) is external too: the user's own copy.
      const dependency = name in pkg.dependencies || name in (pkg.peerDependencies ?? {});
      const isBundled = bundled.has(name);
      expect(dependency !== isBundled, `${name}: dependency ${dependency}, bundled ${isBundled}`).toBe(true);
      if (isBundled) expect(pkg.devDependencies[name], name).toBeDefined();
    }
    // Nothing is a runtime dependency that the library does not import.
    for (const name of Object.keys(pkg.dependencies)) expect(imported, name).toContain(name);
  });

  it('builds and exports the entries it names (dsq, dsq/ast, dsq/lint, dsq/json, dsq/prettier, dsq/run), then the CLI bin/dsq.js loads', () => {
    expect(config.entry).toEqual({
      index: 'src/index.ts',
      ast: 'src/ast/index.ts',
      lint: 'src/lint/index.ts',
      json: 'src/json/index.ts',
      prettier: 'src/prettier/index.ts',
      run: 'src/run/index.ts',
    });
    // The CLI: bin/build-cli.cjs, after the library (the build a checkout makes on its first run).
    expect(typeof config.onSuccess).toBe('function');
    expect(readFileSync(join(ROOT, 'tsup.config.ts'), 'utf8')).toContain("('./bin/build-cli.cjs')");
    expect(pkg.exports['./prettier']?.import.default).toBe('./dist/prettier.js');
    expect(pkg.exports['./prettier']?.require.default).toBe('./dist/prettier.cjs');
    expect(pkg.exports['.']?.import.default).toBe('./dist/index.js');
    expect(pkg.exports['./ast']?.import.default).toBe('./dist/ast.js');
    expect(pkg.exports['./ast']?.require.default).toBe('./dist/ast.cjs');
    for (const sub of ['lint', 'json', 'run']) {
      expect(pkg.exports[`./${sub}`]?.import.default).toBe(`./dist/${sub}.js`);
      expect(pkg.exports[`./${sub}`]?.require.default).toBe(`./dist/${sub}.cjs`);
    }
    expect(readFileSync(join(ROOT, 'bin', 'dsq.js'), 'utf8')).toContain("join(root, 'dist', 'cli', 'current.json')");
  });

  it('has the MIT LICENSE it declares', () => {
    expect(pkg.license).toBe('MIT');
    expect(pkg.files).toContain('LICENSE');
    const license = readFileSync(join(ROOT, 'LICENSE'), 'utf8');
    expect(license.split('\n')[0]).toBe('MIT License');
    expect(license).toContain('Permission is hereby granted, free of charge');
    expect(license).toContain('THE SOFTWARE IS PROVIDED "AS IS"');
  });
});
