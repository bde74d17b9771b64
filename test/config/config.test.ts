import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.js';
import { DsqError } from '../../src/diagnostic/index.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dsq-config-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('finds the nearest dsq.config.json upward from a file or directory', async () => {
    await mkdir(join(dir, 'a', 'b'), { recursive: true });
    await writeFile(join(dir, 'dsq.config.json'), JSON.stringify({ width: 100, keywordCase: 'lower', indent: 4, schema: 'schema.json' }));
    await writeFile(join(dir, 'a', 'b', 'q.dsq'), 'SELECT 1');
    const fromFile = await loadConfig(join(dir, 'a', 'b', 'q.dsq'));
    expect(fromFile).toEqual({ width: 100, keywordCase: 'lower', indent: 4, schema: join(dir, 'schema.json'), configPath: join(dir, 'dsq.config.json') });
    expect(await loadConfig(join(dir, 'a'))).toEqual(fromFile);
    await writeFile(join(dir, 'a', 'dsq.config.json'), JSON.stringify({ rules: { 'no-select-star': 'off', other: ['warning', { max: 3 }] } }));
    expect(await loadConfig(join(dir, 'a', 'b', 'q.dsq'))).toEqual({
      rules: { 'no-select-star': 'off', other: ['warning', { max: 3 }] },
      configPath: join(dir, 'a', 'dsq.config.json'),
    });
  });

  it('gives {} when there is no config file', async () => {
    const deep = join(dir, 'x');
    await mkdir(deep);
    const config = await loadConfig(deep);
    // A config file above the temp directory would be found too; there is none on a clean machine.
    expect(config.configPath === undefined || !config.configPath.startsWith(dir)).toBe(true);
  });

  it('reports bad JSON with its line and column', async () => {
    await writeFile(join(dir, 'dsq.config.json'), '{\n  "width": 100,\n}\n');
    const err = await loadConfig(dir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect(err).toBeInstanceOf(DsqError);
    const e = err as ConfigError;
    // Read by dsq's one JSON reader in strict mode: the trailing comma itself is placed.
    expect(e.first.code).toBe('json/syntax');
    expect([e.first.span?.line, e.first.span?.column]).toEqual([2, 15]);
    expect(e.first.message).toBe('a trailing comma before "}" is not allowed in strict JSON');
    expect(e.format()).toContain(`${join(dir, 'dsq.config.json')}:2:15: error:`);
  });

  it('reports every bad setting with its JSON pointer', async () => {
    await writeFile(join(dir, 'dsq.config.json'), JSON.stringify({ width: 'wide', keywordCase: 'title', colour: true, rules: { r: 'loud' } }));
    const err = (await loadConfig(dir).catch((e: unknown) => e)) as ConfigError;
    expect(err.diagnostics.map((d) => d.pointer)).toEqual(['/width', '/keywordCase', '/colour', '/rules/r']);
    expect(err.format()).toContain('unknown setting "colour"');
  });

  it('reports a value as written, with its line and column: "width": 1e400 is not "got null" (issue 9)', async () => {
    const file = join(dir, 'dsq.config.json');
    await writeFile(file, '{\n  "width": 1e400\n}\n');
    const huge = (await loadConfig(dir).catch((e: unknown) => e)) as ConfigError;
    expect(huge).toBeInstanceOf(ConfigError);
    expect(huge.first.message).toBe('1e400 is a whole number outside the signed 64-bit range (-9223372036854775808 to 9223372036854775807)');
    expect(huge.format()).toContain(`${file}:2:12: error: 1e400 is a whole`);
    expect(huge.format()).not.toContain('null');

    await writeFile(file, '{\n  "width": 1e-400, "indent": 2.5\n}\n');
    const tiny = (await loadConfig(dir).catch((e: unknown) => e)) as ConfigError;
    expect(tiny.first.message).toMatch(/^1e-400 is outside the 64-bit floating point range/);

    await writeFile(file, '{ "width": 120.5, "indent": 1e1, "keywordCase": "Upper" }');
    const bad = (await loadConfig(dir).catch((e: unknown) => e)) as ConfigError;
    expect(bad.diagnostics.map((d) => [d.pointer, d.span?.column, d.message])).toEqual([
      ['/width', 12, '"width" must be a whole number from 20 to 1000, got the number 120.5'],
      ['/keywordCase', 49, '"keywordCase" must be "upper", "lower" or "preserve", got the string "Upper"'],
    ]);
    // 1e1 is the whole number 10: accepted as written.
    await writeFile(file, '{ "width": 1e2, "indent": 4.0 }');
    expect(await loadConfig(dir)).toEqual({ width: 100, indent: 4, configPath: file });
  });

  it('rejects a duplicate key and names a misspelt setting', async () => {
    const file = join(dir, 'dsq.config.json');
    await writeFile(file, '{ "width": 100,\n  "width": 90 }');
    const dup = (await loadConfig(dir).catch((e: unknown) => e)) as ConfigError;
    expect(dup.first.span?.line).toBe(2);
    expect(dup.first.message).toMatch(/duplicate/i);
    await writeFile(file, '{ "Width": 100 }');
    const near = (await loadConfig(dir).catch((e: unknown) => e)) as ConfigError;
    expect(near.first.message).toBe('unknown setting "Width" (expected "width")');
    expect(near.first.span?.column).toBe(3);
  });
});
