import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

/**
 * What folder walks and globs pass over (issue 27): .gitignore and .dsqignore (git's rules,
 * through the ignore package), --ignore-path, "ignore" in dsq.config.json; a file named on
 * the command line is always read; --no-error-on-unmatched-pattern; --stdin-filepath.
 */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dsq-ignore-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const put = (path: string, text: string) => {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
};
const run = (args: string[], stdin?: string) => runCli(args, { cwd: dir, ...(stdin !== undefined ? { stdin } : {}) });
const UGLY = 'select a from t\n';
/** The files `fmt --check` lists (every file here is unformatted). */
const listed = async (args: string[]) => (await run(['fmt', '--check', ...args])).out.split('\n').filter(Boolean).sort();

describe('ignore files in walks and globs', () => {
  beforeEach(() => {
    for (const f of ['q.dsq', 'legacy/old.dsq', 'legacy/keep.dsq', 'fixtures/a.dsq', 'src/b.dsq', 'src/gen/c.dsq']) put(f, UGLY);
  });

  it('nothing ignored without ignore files', async () => {
    expect(await listed(['.'])).toEqual(['fixtures/a.dsq', 'legacy/keep.dsq', 'legacy/old.dsq', 'q.dsq', 'src/b.dsq', 'src/gen/c.dsq']);
  });

  it('.dsqignore and .gitignore, with negation, folder patterns and anchoring, in a walk and in a glob', async () => {
    put('.dsqignore', 'legacy/*\n!legacy/keep.dsq\n/fixtures/\n');
    put('.gitignore', 'gen/\n');
    const expected = ['legacy/keep.dsq', 'q.dsq', 'src/b.dsq'];
    expect(await listed(['.'])).toEqual(expected);
    expect(await listed(['**/*.dsq'])).toEqual(expected);
    // lint and check pass over the same files.
    const lint = await run(['lint', '--format', 'json', '.']);
    expect((JSON.parse(lint.out) as { files: { file: string }[] }).files.map((f) => f.file).sort()).toEqual(expected);
  });

  it('an ignore file in a folder applies below it; a file in an ignored folder cannot be taken back', async () => {
    put('src/.dsqignore', 'b.dsq\n');
    put('.dsqignore', 'legacy/\n');
    put('legacy/.dsqignore', '!old.dsq\n');
    expect(await listed(['.'])).toEqual(['fixtures/a.dsq', 'q.dsq', 'src/gen/c.dsq']);
  });

  it('the .gitignore files of a git checkout apply from its top, also when a folder below is walked', async () => {
    mkdirSync(join(dir, '.git'));
    put('.gitignore', 'gen/\n');
    expect(await runCli(['fmt', '--check', 'b.dsq', 'gen'], { cwd: join(dir, 'src') })).toMatchObject({
      err: expect.stringContaining('every one of the 1 .dsq files in gen is ignored'),
    });
  });

  it('a file named on the command line is read whatever the ignore files say', async () => {
    put('.dsqignore', 'legacy/\n');
    expect(await listed(['legacy/old.dsq'])).toEqual(['legacy/old.dsq']);
  });

  it('--ignore-path FILE replaces .gitignore and .dsqignore (patterns relative to its folder)', async () => {
    put('.dsqignore', 'q.dsq\n');
    put('conf/ignores', '/src/\n');
    // (.dsqignore is not read; /src/ is the src beside conf/ignores, which has none.)
    expect(await listed(['.', '--ignore-path', 'conf/ignores'])).toEqual([
      'fixtures/a.dsq',
      'legacy/keep.dsq',
      'legacy/old.dsq',
      'q.dsq',
      'src/b.dsq',
      'src/gen/c.dsq',
    ]);
    put('ignores', 'src/\nfixtures\n');
    expect(await listed(['.', '--ignore-path', 'ignores'])).toEqual(['legacy/keep.dsq', 'legacy/old.dsq', 'q.dsq']);
    const missing = await run(['fmt', '--check', '.', '--ignore-path', 'nope']);
    expect(missing.code).toBe(2);
    expect(missing.err).toBe('dsq fmt: cannot read the ignore file nope: no such file\n');
  });

  it('"ignore" in dsq.config.json (relative to the config), with the ignore files', async () => {
    put('dsq.config.json', '{ "ignore": ["legacy/", "fixtures/**"] }');
    put('.dsqignore', 'src/gen/\n');
    expect(await listed(['.'])).toEqual(['q.dsq', 'src/b.dsq']);
    // A config lower down adds its own, relative to its folder.
    put('src/dsq.config.json', '{ "ignore": ["b.dsq"] }');
    expect(await listed(['.'])).toEqual(['q.dsq']);
  });

  it('a folder or glob with every file ignored is said so; --no-error-on-unmatched-pattern makes it no error', async () => {
    put('.dsqignore', 'legacy/\n');
    const r = await run(['fmt', '--check', 'legacy', 'nothing/*.dsq', 'q.dsq']);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      'dsq fmt: every one of the 2 .dsq files in legacy is ignored (.gitignore, .dsqignore, --ignore-path or "ignore" in dsq.config.json)\n',
    );
    expect(r.err).toContain('dsq fmt: no files match nothing/*.dsq\n');
    const quiet = await run(['fmt', '--check', 'legacy', 'nothing/*.dsq', 'q.dsq', '--no-error-on-unmatched-pattern']);
    expect(quiet).toEqual({ code: 1, out: 'q.dsq\n', err: '1 file not formatted; run dsq fmt --write\n' });
    // A missing file stays an error: it was named.
    expect((await run(['lint', 'missing.dsq', '--no-error-on-unmatched-pattern'])).code).toBe(2);
    expect((await run(['lint', 'nothing/*.dsq', '--no-error-on-unmatched-pattern'])).code).toBe(0);
  });
});

describe('--stdin-filepath', () => {
  it('fmt and lint follow the path: its config and overrides, its name in messages', async () => {
    put('dsq.config.json', '{ "keywordCase": "lower", "overrides": [{ "files": "legacy/**", "keywordCase": "upper", "rules": { "empty-in-list": "off" } }] }');
    expect((await run(['fmt', '--stdin-filepath', 'q.dsq'], 'SELECT a FROM t')).out).toBe('select a from t\n');
    expect((await run(['fmt', '--stdin-filepath', 'legacy/q.dsq'], 'select a from t')).out).toBe('SELECT a FROM t\n');
    const bad = await run(['fmt', '--stdin-filepath', 'sub/x.dsq'], 'SELECT FROM');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^sub\/x\.dsq:1:8: error: /);
    const lint = await run(['lint', '--stdin-filepath', 'src/q.dsq'], 'SELECT a FROM t WHERE b IN ()');
    expect(lint.out).toMatch(/^src\/q\.dsq:1:23: warning: .*\(empty-in-list\)\n/);
    expect((await run(['lint', '--stdin-filepath', 'legacy/q.dsq'], 'SELECT a FROM t WHERE b IN ()')).out).toBe('no problems\n');
  });

  it('an ignored path: fmt gives the text back as it is, lint says it is not linted', async () => {
    put('.dsqignore', 'vendor/\n');
    expect(await run(['fmt', '--stdin-filepath', 'vendor/x.dsq'], 'select   a from t')).toEqual({ code: 0, out: 'select   a from t', err: '' });
    const lint = await run(['lint', '--stdin-filepath', 'vendor/x.dsq'], 'SELECT a FROM t WHERE b = NULL');
    expect(lint).toEqual({
      code: 0,
      out: 'no problems\n',
      err: 'dsq lint: vendor/x.dsq is ignored (.gitignore, .dsqignore, --ignore-path or "ignore" in dsq.config.json): not linted\n',
    });
  });

  it('takes no files beside it', async () => {
    expect((await run(['fmt', '--stdin-filepath', 'q.dsq', 'other.dsq'], '')).code).toBe(2);
  });
});

describe('.json files given to fmt, lint and check', () => {
  it('say which command reads spec JSON instead of a parse error', async () => {
    put('q.select.json', '{"from": "t"}');
    for (const command of ['fmt', 'lint', 'check']) {
      const r = await run([command, 'q.select.json']);
      expect(r.code, command).toBe(2);
      expect(r.err, command).toContain(
        `dsq ${command}: q.select.json is JSON, not dsq text: \`dsq normalize q.select.json\` checks and prints spec JSON, \`dsq decompile q.select.json\` turns it into dsq text\n`,
      );
    }
  });
});
