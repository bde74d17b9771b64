import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

/**
 * `dsq compile` reads the nearest dsq.config.json for its warnings and for typing parameters by
 * the schema. A configuration or schema it cannot use is one warning, never silence: the output
 * would otherwise change meaning (a parameter typed without its field) without a word.
 */
const dir = mkdtempSync(join(tmpdir(), 'dsq-compile-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function compileWith(config: string, files: Record<string, string> = {}) {
  const folder = mkdtempSync(join(dir, 'p-'));
  writeFileSync(join(folder, 'dsq.config.json'), config);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  writeFileSync(join(folder, 'q.dsq'), 'select a from t\n');
  return runCli(['compile', join(folder, 'q.dsq')], { cwd: folder });
}

describe('dsq compile and a configuration it cannot use', () => {
  it('a schema file that does not exist: a warning naming it, the JSON still printed', async () => {
    const r = await compileWith('{ "schema": "missing.json" }');
    expect(r.code).toBe(0);
    expect(r.out).toContain('"$col": "a"');
    expect(r.err).toMatch(/^dsq compile: warning: cannot read the schema file missing\.json: .*named by dsq\.config\.json.*compiled without it\n$/);
  });

  it('a schema that is not valid JSON: a warning', async () => {
    const r = await compileWith('{ "schema": "bad.json" }', { 'bad.json': '{ "databases": ' });
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^dsq compile: warning: the schema file bad\.json is not valid/);
  });

  it('a configuration that is not valid JSON: a warning', async () => {
    const r = await compileWith('{ "schema": ');
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^dsq compile: warning: the dsq\.config\.json for this file cannot be used \(.+\); compiled without/);
  });

  it('a good configuration: no warning', async () => {
    const r = await compileWith('{ "indent": 2 }');
    expect(r).toMatchObject({ code: 0, err: '' });
  });
});
