import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dsq-fmt-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const run = (argv: string[], stdin = '') => runCli(argv, { stdin, cwd: dir });

describe('dsq decompile', () => {
  it('prints a select object, a SELECT action and an array of statements as text', async () => {
    const select = { columns: [{ e: { $col: 'a' } }, { e: { $col: 'b' }, alias: 'total' }], from: 't', where: { '$=': [{ $col: 'x' }, 1] } };
    expect(await run(['decompile', '-'], JSON.stringify(select))).toEqual({ code: 0, out: 'SELECT a, b AS total FROM t WHERE x = 1\n', err: '' });
    const action = { action: 'select', select: { from: 't' }, rows: 500 };
    expect((await run(['decompile'], JSON.stringify(action))).out).toBe('SELECT * FROM t OPTIONS (ROWS = 500)\n');
    expect((await run(['decompile', '-'], JSON.stringify([select, action]))).out).toBe(
      'SELECT a, b AS total FROM t WHERE x = 1;\n\nSELECT * FROM t OPTIONS (ROWS = 500)\n',
    );
  });

  it('prints an expression with --expr, and honours the layout flags', async () => {
    expect((await run(['decompile', '--expr'], '{"$and": [{"$=": [{"$col": "a"}, 1]}, {"$col": "b"}]}')).out).toBe('a = 1 AND b\n');
    const wide = { columns: ['alpha', 'beta', 'gamma'].map((c) => ({ e: { $col: c } })), from: 't' };
    const r = await run(['decompile', '--width', '20', '--keyword-case', 'lower', '--indent', '4'], JSON.stringify(wide));
    expect(r.out).toBe('select\n    alpha,\n    beta,\n    gamma\nfrom t\n');
  });

  it('reports bad JSON with file, line, column and pointer (exit 1)', async () => {
    await writeFile(join(dir, 'q.json'), '{\n  "from": "t",\n  "where": {"$nope": 1}\n}\n');
    const r = await run(['decompile', 'q.json']);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^q\.json:3:\d+: error: .* at \/where/m);
  });

  it('reports every error of the JSON at once, each as file:line:col with its pointer (decompile and normalize)', async () => {
    await writeFile(
      join(dir, 'q.json'),
      '{\n  "from": "t", "From": "u",\n  "where": {"$and": [{"$nope": 1}, 1e999, {"$col": "a", "x": 1}]},\n  "limt": 5\n}\n',
    );
    for (const command of ['decompile', 'normalize']) {
      const r = await run([command, 'q.json']);
      expect(r.code).toBe(1);
      expect(r.out).toBe('');
      const heads = r.err.split('\n').filter((l) => l.startsWith('q.json:'));
      expect(heads.map((l) => l.replace(/: error: .* at /, ' '))).toEqual([
        'q.json:2:16 /From',
        'q.json:3:36 /where/$and/1',
        'q.json:4:3 /limt',
        'q.json:3:23 /where/$and/0/$nope',
        'q.json:3:43 /where/$and/2',
      ]);
    }
  });

  it('reads layout settings from dsq.config.json', async () => {
    await writeFile(join(dir, 'dsq.config.json'), JSON.stringify({ keywordCase: 'lower' }));
    await writeFile(join(dir, 'q.json'), '{"from": "t"}');
    expect((await run(['decompile', 'q.json'])).out).toBe('select * from t\n');
    expect((await run(['decompile', 'q.json', '--keyword-case', 'upper'])).out).toBe('SELECT * FROM t\n');
  });

  it('rejects bad flags with exit 2', async () => {
    expect((await run(['decompile', '--width', 'wide'], '{}')).code).toBe(2);
    expect((await run(['decompile', '--keyword-case', 'title'], '{}')).code).toBe(2);
  });
});

describe('dsq fmt', () => {
  const messy = 'select a,b from t -- the table\nwhere x=1';
  const tidy = 'SELECT a, b\nFROM t -- the table\nWHERE x = 1\n';

  it('formats standard input to stdout', async () => {
    expect(await run(['fmt', '-'], messy)).toEqual({ code: 0, out: tidy, err: '' });
  });

  it('--check lists unformatted files and exits 1; 0 when all are formatted', async () => {
    await mkdir(join(dir, 'q'));
    await writeFile(join(dir, 'q', 'a.dsq'), messy);
    await writeFile(join(dir, 'q', 'b.dsq'), tidy);
    const r = await run(['fmt', '--check', 'q']);
    expect(r.code).toBe(1);
    expect(r.out).toBe(`${join('q', 'a.dsq')}\n`);
    await writeFile(join(dir, 'q', 'a.dsq'), tidy);
    expect((await run(['fmt', '--check', 'q'])).code).toBe(0);
  });

  it('--write rewrites only changed files, atomically, keeping the mode', async () => {
    await writeFile(join(dir, 'a.dsq'), messy);
    await writeFile(join(dir, 'b.dsq'), tidy);
    await chmod(join(dir, 'a.dsq'), 0o640);
    const before = (await stat(join(dir, 'b.dsq'))).mtimeMs;
    const r = await run(['fmt', '--write', '*.dsq']);
    expect(r).toEqual({ code: 0, out: 'a.dsq\n', err: '' });
    expect(await readFile(join(dir, 'a.dsq'), 'utf8')).toBe(tidy);
    expect((await stat(join(dir, 'a.dsq'))).mode & 0o777).toBe(0o640);
    expect((await stat(join(dir, 'b.dsq'))).mtimeMs).toBe(before);
    expect((await readdir(dir)).sort()).toEqual(['a.dsq', 'b.dsq']);
  });

  it('never touches a file it cannot parse; the others are still formatted (exit 2)', async () => {
    await writeFile(join(dir, 'bad.dsq'), 'SELECT a FROM WHERE');
    await writeFile(join(dir, 'good.dsq'), messy);
    const r = await run(['fmt', '--write', '.']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^bad\.dsq:1:\d+: error:/m);
    expect(await readFile(join(dir, 'bad.dsq'), 'utf8')).toBe('SELECT a FROM WHERE');
    expect(await readFile(join(dir, 'good.dsq'), 'utf8')).toBe(tidy);
  });

  it('walks directories for *.dsq, skipping node_modules and dot-directories; expands ** globs', async () => {
    for (const d of ['src/deep', 'node_modules/x', '.hidden']) await mkdir(join(dir, d), { recursive: true });
    for (const f of ['src/a.dsq', 'src/deep/b.dsq', 'node_modules/x/c.dsq', '.hidden/d.dsq', 'src/e.txt']) await writeFile(join(dir, f), messy);
    const r = await run(['fmt', '--check', '.']);
    expect(r.out.split('\n').filter(Boolean).sort()).toEqual(['src/a.dsq', 'src/deep/b.dsq']);
    const g = await run(['fmt', '--check', 'src/**/*.dsq']);
    expect(g.out.split('\n').filter(Boolean).sort()).toEqual(['src/a.dsq', 'src/deep/b.dsq']);
    const q = await run(['fmt', '--check', 'src/?.dsq']);
    expect(q.out).toBe('src/a.dsq\n');
  });

  it('uses dsq.config.json, overridden by flags; a bad config is exit 2 with its location', async () => {
    await writeFile(join(dir, 'dsq.config.json'), JSON.stringify({ keywordCase: 'lower' }));
    await writeFile(join(dir, 'a.dsq'), messy);
    expect((await run(['fmt', 'a.dsq'])).out).toBe(tidy.toLowerCase().replace('-- the table', '-- the table'));
    expect((await run(['fmt', 'a.dsq', '--keyword-case', 'upper'])).out).toBe(tidy);
    await writeFile(join(dir, 'dsq.config.json'), '{ "width": }');
    const r = await run(['fmt', 'a.dsq']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('dsq.config.json:1:');
  });

  it('usage errors exit 2', async () => {
    expect((await run(['fmt'])).code).toBe(2);
    expect((await run(['fmt', '--check', '--write', 'x'])).code).toBe(2);
    expect((await run(['fmt', 'missing.dsq'])).code).toBe(2);
  });
});
