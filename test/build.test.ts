import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The package as it is built: tsup (with type files) into a temporary folder, then every entry
 * loaded by a plain Node process in both formats. Two bugs lived on main without this: the
 * type build failed (TS4023) and every CommonJS entry threw a SyntaxError on load.
 */
const root = resolve(import.meta.dirname, '..');
const ENTRIES = ['index', 'ast', 'lint', 'json', 'prettier'] as const;
let out: string;

beforeAll(() => {
  // Inside node_modules, so the runtime dependencies the build leaves external resolve.
  out = mkdtempSync(join(root, 'node_modules', '.dsq-build-'));
  execFileSync(process.execPath, [join(root, 'node_modules/tsup/dist/cli-default.js'), '--out-dir', out, '--silent'], { cwd: root, stdio: 'pipe' });
}, 240_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

function keys(code: string): string[] {
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: out, encoding: 'utf8' })) as string[];
}

describe('the built package', () => {
  it.each(ENTRIES)('%s loads as ESM and as CommonJS, with the same names, and has type files for both', (entry) => {
    const esm = keys(`const m = await import(${JSON.stringify(join(out, `${entry}.js`))}); console.log(JSON.stringify(Object.keys(m).sort()))`);
    const cjs = keys(
      `import { createRequire } from 'node:module'; const m = createRequire(import.meta.url)(${JSON.stringify(join(out, `${entry}.cjs`))}); console.log(JSON.stringify(Object.keys(m).filter((k) => k !== '__esModule').sort()))`,
    );
    expect(esm.length).toBeGreaterThan(0);
    expect(cjs).toEqual(esm);
    expect(existsSync(join(out, `${entry}.d.ts`))).toBe(true);
    expect(existsSync(join(out, `${entry}.d.cts`))).toBe(true);
  });

  it('the built CLI compiles a query', () => {
    // (What bin/dsq.js does with dist/cli.js.)
    const run = `const cli = await import(${JSON.stringify(join(out, 'cli.js'))}); process.exitCode = await cli.runProcess(['compile', '-']);`;
    const json = execFileSync(process.execPath, ['--input-type=module', '-e', run], { cwd: root, input: 'SELECT a FROM t WHERE b = 1', encoding: 'utf8' });
    expect(Object.keys(JSON.parse(json) as object)).toEqual(['columns', 'from', 'where']);
  });
});
