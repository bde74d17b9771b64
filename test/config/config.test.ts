import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadConfigResult, parseConfigResult } from '../../src/config/index.js';
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
    const top = join(dir, 'dsq.config.json');
    expect(fromFile).toEqual({ width: 100, keywordCase: 'lower', indent: 4, schema: join(dir, 'schema.json'), configPath: top, configPaths: [top] });
    expect(await loadConfig(join(dir, 'a'))).toEqual(fromFile);
    // A nearer config is merged over the one above it (issue 27): its settings win, the others stay.
    const near = join(dir, 'a', 'dsq.config.json');
    await writeFile(near, JSON.stringify({ width: 90, rules: { 'no-select-star': 'off', other: ['warning', { max: 3 }] } }));
    expect(await loadConfig(join(dir, 'a', 'b', 'q.dsq'))).toEqual({
      width: 90,
      keywordCase: 'lower',
      indent: 4,
      schema: join(dir, 'schema.json'),
      rules: { 'no-select-star': 'off', other: ['warning', { max: 3 }] },
      configPath: near,
      configPaths: [near, top],
    });
    // "root": true stops the search there.
    await writeFile(near, JSON.stringify({ root: true, width: 90 }));
    expect(await loadConfig(join(dir, 'a', 'b', 'q.dsq'))).toEqual({ root: true, width: 90, configPath: near, configPaths: [near] });
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
    expect(await loadConfig(dir)).toEqual({ width: 100, indent: 4, configPath: file, configPaths: [file] });
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

describe('parseConfigResult and loadConfigResult: every problem of the file at once, with line:col, never thrown', () => {
  const where = (ds: readonly { code: string; span?: { line: number; column: number }; pointer?: string }[]) =>
    ds.map((d) => [d.code, d.span ? `${d.span.line}:${d.span.column}` : null, d.pointer ?? null]);

  it('JSON problems (read by the one JSON reader, strict) and bad settings together, in one pass', () => {
    const text = [
      '{',
      '  "width": 1e400,',
      '  "indent": 99,',
      '  "Indent": 2,',
      '  "keywordCase": "title",',
      '  "colour": true,',
      '  "rules": { "a": "loud", "b": ["warning", { "max": 3 }], },',
      '}',
    ].join('\n');
    const r = parseConfigResult(text, '/p/dsq.config.json');
    expect(r.value).toBeUndefined();
    expect(where(r.diagnostics)).toEqual([
      ['json/number-range', '2:12', '/width'],
      ['json/duplicate-key', '4:3', '/Indent'],
      ['json/syntax', '7:57', '/rules'],
      ['json/syntax', '7:60', ''],
      ['config/invalid', '3:13', '/indent'],
      ['config/invalid', '5:18', '/keywordCase'],
      ['config/invalid', '6:3', '/colour'],
      ['config/invalid', '7:19', '/rules/a'],
    ]);
    // The number is named as written, not as what JSON.parse would make of it.
    expect(r.diagnostics[0]?.message).toMatch(/^1e400 is a whole number outside the signed 64-bit range/);
    expect(r.diagnostics[2]?.message).toBe('a trailing comma before "}" is not allowed in strict JSON');
    expect(r.diagnostics[4]?.expected).toBe('a whole number from 0 to 16');
  });

  it('a valid file gives its settings, rule options as plain data (numbers, nested values, "" kept)', () => {
    const r = parseConfigResult('{ "rules": { "x": ["error", { "max": 3, "names": ["a", ""], "deep": { "n": -1.5 } }] } }', '/p/dsq.config.json');
    expect(r).toEqual({
      value: { configPath: '/p/dsq.config.json', rules: { x: ['error', { max: 3, names: ['a', ''], deep: { n: -1.5 } }] } },
      diagnostics: [],
    });
  });

  it('broken JSON: the problem that stops reading, placed', () => {
    expect(where(parseConfigResult('{\n  "width": 100\n  "indent": 2\n}', 'c.json').diagnostics)).toEqual([['json/syntax', '3:3', '']]);
  });

  it('loadConfigResult: no file gives {}; an unreadable one and bad UTF-8 are diagnostics, not exceptions', async () => {
    const none = await loadConfigResult(join(dir, 'nowhere'));
    expect(none.diagnostics).toEqual([]);
    await mkdir(join(dir, 'a', CONFIG_DIR), { recursive: true });
    const unreadable = await loadConfigResult(join(dir, 'a'));
    expect(unreadable.value).toBeUndefined();
    expect(unreadable.path).toBe(join(dir, 'a', CONFIG_DIR));
    expect(unreadable.diagnostics.map((d) => d.code)).toEqual(['config/unreadable']);
    await writeFile(join(dir, 'dsq.config.json'), Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d]));
    const latin1 = await loadConfigResult(dir);
    expect(where(latin1.diagnostics)).toEqual([['input/invalid-utf8', '1:3', null]]);
    await writeFile(join(dir, 'dsq.config.json'), '{ "width": 100, "width": 90, "indent": "x" }');
    const bad = await loadConfigResult(dir);
    expect(bad.source).toBe('{ "width": 100, "width": 90, "indent": "x" }');
    expect(where(bad.diagnostics)).toEqual([
      ['json/duplicate-key', '1:17', '/width'],
      ['config/invalid', '1:40', '/indent'],
    ]);
    // loadConfig throws the same, all of them.
    const thrown = (await loadConfig(dir).catch((e: unknown) => e)) as ConfigError;
    expect(thrown.diagnostics).toEqual(bad.diagnostics);
  });
});

const CONFIG_DIR = 'dsq.config.json';
