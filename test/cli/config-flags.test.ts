import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INDENT_RANGE, parseConfigResult, WIDTH_RANGE } from '../../src/config/index.js';
import { SettingsStore } from '../../src/lsp/settings.js';
import { runCli } from '../helpers/cli.js';
import { runs } from '../helpers/runs.js';

/**
 * dsq.config.json as ESLint and Prettier users expect it (issue 27): parent configs merged up
 * to "root": true, "overrides" by glob, --config FILE, --no-config, --print-config FILE, and
 * one allowed range for "width" and --width.
 */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dsq-config-flags-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const put = (path: string, text: string) => {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
};
const run = (args: string[], cwd = dir) => runCli(args, { cwd });
const WIDE = 'select alpha_column, beta_column, gamma_column from some_table where alpha_column = 1\n';

describe('config files', () => {
  it('a nearer config is merged over those above it, up to one with "root": true', async () => {
    put('dsq.config.json', '{ "keywordCase": "lower", "rules": { "empty-in-list": "off" } }');
    put('app/dsq.config.json', '{ "width": 50, "rules": { "like-without-wildcard": "off" } }');
    put('app/q.dsq', WIDE);
    expect((await run(['fmt', 'app/q.dsq'])).out).toBe('select alpha_column, beta_column, gamma_column\nfrom some_table\nwhere alpha_column = 1\n');
    put('app/l.dsq', "SELECT a FROM t WHERE b IN () AND c LIKE 'x'");
    expect((await run(['lint', 'app/l.dsq'])).out).toBe('no problems\n');
    put('app/dsq.config.json', '{ "root": true, "width": 50 }');
    expect((await run(['fmt', 'app/q.dsq'])).out).toMatch(/^SELECT alpha_column/);
    expect((await run(['lint', 'app/l.dsq'])).out).toContain('2 problems (0 errors, 2 warnings)');
  });

  it('"overrides" set rules and layout for the files their globs match (a glob without / matches a file name anywhere)', async () => {
    put(
      'dsq.config.json',
      JSON.stringify({
        overrides: [
          { files: 'legacy/**', excludedFiles: 'legacy/new.dsq', keywordCase: 'lower', rules: { 'empty-in-list': 'off' } },
          { files: '*.report.dsq', width: 50 },
        ],
      }),
    );
    const text = 'SELECT a FROM t WHERE b IN ()\n';
    for (const f of ['q.dsq', 'legacy/old.dsq', 'legacy/new.dsq', 'deep/x.report.dsq']) put(f, text);
    const lint = await run(['lint', '--format', 'json', '.']);
    const found = (JSON.parse(lint.out) as { files: { file: string; diagnostics: unknown[] }[] }).files.map((f) => [f.file, f.diagnostics.length]);
    expect(Object.fromEntries(found)).toEqual({ 'q.dsq': 1, 'legacy/old.dsq': 0, 'legacy/new.dsq': 1, 'deep/x.report.dsq': 1 });
    expect((await run(['fmt', 'legacy/old.dsq'])).out).toBe('select a from t where b in ()\n');
    expect((await run(['fmt', 'legacy/new.dsq'])).out).toBe(text);
    put('deep/y.report.dsq', WIDE);
    expect((await run(['fmt', 'deep/y.report.dsq'])).out.split('\n')[0]).toBe('SELECT alpha_column, beta_column, gamma_column');
  });

  it('an unknown rule in an override is placed in the config file, at its name', async () => {
    put('dsq.config.json', '{ "overrides": [{ "files": "*.dsq", "rules": { "no-such-rule": "off" } }] }');
    put('q.dsq', 'SELECT 1');
    const r = await run(['lint', 'q.dsq']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      new RegExp(`^${join(dir, 'dsq.config.json').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:1:48: error: .*no-such-rule.* at /overrides/0/rules/no-such-rule`),
    );
  });

  it('--config FILE reads that file alone; --no-config none; both at once is a usage error', async () => {
    put('dsq.config.json', '{ "keywordCase": "lower" }');
    put('other/wide.json', '{ "width": 100 }');
    put('q.dsq', WIDE);
    expect((await run(['fmt', 'q.dsq'])).out).toMatch(/^select /);
    expect((await run(['fmt', '--config', 'other/wide.json', 'q.dsq'])).out).toBe(
      'SELECT alpha_column, beta_column, gamma_column FROM some_table WHERE alpha_column = 1\n',
    );
    expect((await run(['fmt', '--no-config', 'q.dsq'])).out).toBe('SELECT alpha_column, beta_column, gamma_column\nFROM some_table\nWHERE alpha_column = 1\n');
    expect((await run(['lint', '--no-config', '--config', 'x.json', 'q.dsq'])).code).toBe(2);
    const missing = await run(['fmt', '--config', 'none.json', 'q.dsq']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('cannot read the config file');
    // decompile, compile, check and gen take them too.
    expect((await run(['decompile', '--no-config', '-'])).code).toBe(1);
  });

  it('--print-config FILE prints the settings for FILE: the files merged, overrides applied', async () => {
    put(
      'dsq.config.json',
      '{ "$schema": "./dsq.config.schema.json", "width": 100, "schema": "s.json", "overrides": [{ "files": "legacy/**", "rules": { "empty-in-list": "off" } }] }',
    );
    put('legacy/dsq.config.json', '{ "indent": 4 }');
    const r = await run(['lint', '--print-config', 'legacy/q.dsq']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({
      configFiles: [join(dir, 'legacy', 'dsq.config.json'), join(dir, 'dsq.config.json')],
      width: 100,
      indent: 4,
      schema: join(dir, 's.json'),
      rules: { 'empty-in-list': 'off' },
    });
    expect(JSON.parse((await run(['fmt', '--print-config', 'q.dsq'])).out)).toEqual({
      configFiles: [join(dir, 'dsq.config.json')],
      width: 100,
      schema: join(dir, 's.json'),
    });
    expect(JSON.parse((await run(['fmt', '--no-config', '--print-config', 'q.dsq'])).out)).toEqual({ configFiles: [] });
  });
});

describe('the language server', () => {
  it('formats with the same layout settings as dsq fmt, the new ones included', async () => {
    put('dsq.config.json', '{ "width": 50, "functionCase": "lower", "useTabs": true, "keywordCase": "preserve" }');
    const settings = await new SettingsStore().get(join(dir, 'q.dsq'), null);
    expect(settings.print).toEqual({ width: 50, functionCase: 'lower', useTabs: true, keywordCase: 'preserve' });
  });
});

describe('one allowed range for the width and the indentation', () => {
  it('property: "width" in the config and --width accept the same numbers (and "indent" and --indent)', async () => {
    put('q.dsq', 'SELECT 1\n');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('width', 'indent'), fc.integer({ min: -5, max: 1100 }), async (name, n) => {
        const range = name === 'width' ? WIDTH_RANGE : INDENT_RANGE;
        const config = parseConfigResult(JSON.stringify({ [name]: n }), join(dir, 'dsq.config.json')).value !== undefined;
        const flag = (await run(['fmt', '--no-config', `--${name}`, String(n), 'q.dsq'])).code === 0;
        expect(config, `${name} ${n}`).toBe(flag);
        expect(config).toBe(n >= range.min && n <= range.max);
      }),
      {
        numRuns: runs(150),
        examples: [
          ['width', 19],
          ['width', 20],
          ['width', 1000],
          ['width', 1001],
          ['indent', 16],
          ['indent', 17],
        ],
      },
    );
    const r = await run(['fmt', '--width', '10', 'q.dsq']);
    expect(r.err).toBe(`dsq fmt: --width must be a whole number from ${WIDTH_RANGE.min} to ${WIDTH_RANGE.max}; got "10"\nRun \`dsq fmt --help\` for usage.\n`);
  });
});
