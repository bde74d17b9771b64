import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { runCli } from '../helpers/cli.js';
import { fixture } from './helpers.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dsq-lint-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const run = (args: string[], stdin = '') => runCli(['lint', ...args], { stdin, cwd: dir });

const put = async (path: string, text: string) => {
  await mkdir(join(dir, path, '..'), { recursive: true });
  await writeFile(join(dir, path), text);
};

describe('dsq lint', () => {
  it('prints file:line:col: severity: message (rule-id) and a summary; exit 1 on an error', async () => {
    await put('q.dsq', 'SELECT a FROM t\nWHERE b = NULL AND c IN ()');
    const r = await run(['q.dsq']);
    expect(r.code).toBe(1);
    expect(r.out).toBe(
      [
        'q.dsq:2:7: error: A comparison with = NULL is never true (NULL is unknown, not a value); use IS NULL. (null-comparison)',
        'q.dsq:2:20: warning: IN () with no values is always false (NOT IN () always true); list the values or drop the condition. (empty-in-list)',
        '2 problems (1 error, 1 warning)',
        '1 of them fixable with --fix',
        // The pages shipped in the package (issue 27).
        `Each rule is explained at ${pathToFileURL(join(import.meta.dirname, '..', '..', 'docs', 'rules')).href}/<rule-id>.md`,
        '',
      ].join('\n'),
    );
  });

  it('says "no problems" and exits 0 on a clean file; warnings alone exit 0', async () => {
    await put('clean.dsq', 'SELECT a FROM t WHERE b = 1;\n');
    await put('warn.dsq', 'SELECT a FROM t WHERE b IN ()');
    expect(await run(['clean.dsq'])).toEqual({ code: 0, out: 'no problems\n', err: '' });
    const w = await run(['warn.dsq']);
    expect(w.code).toBe(0);
    expect(w.out).toContain('1 problem (0 errors, 1 warning)');
  });

  it('walks directories for *.dsq, skipping node_modules; expands globs', async () => {
    await put('a/one.dsq', 'SELECT a FROM t WHERE b IN ()');
    await put('a/b/two.dsq', 'SELECT a FROM t WHERE b IN ()');
    await put('a/notes.txt', 'not dsq');
    await put('a/node_modules/x/three.dsq', 'SELECT FROM');
    const r = await run(['a']);
    expect(
      r.out
        .split('\n')
        .filter((l) => l.includes('empty-in-list'))
        .map((l) => l.split(':')[0]),
    ).toEqual([join('a', 'b', 'two.dsq'), join('a', 'one.dsq')]);
    const g = await run(['a/**/*.dsq']);
    expect(g.out).toContain('a/one.dsq:1:');
    expect(g.out).toContain('a/b/two.dsq:1:');
    expect(g.out).not.toContain('three');
  });

  it('exits 2 on usage errors: no files, a missing file, a glob matching nothing, a bad --format', async () => {
    expect((await run([])).code).toBe(2);
    const missing = await run(['nope.dsq']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('nope.dsq: no such file or directory');
    expect((await run(['*.nothing'])).code).toBe(2);
    await mkdir(join(dir, 'empty'));
    const empty = await run(['empty']);
    expect(empty.code).toBe(2);
    expect(empty.err).toContain('no .dsq files in empty');
    await put('q.dsq', 'SELECT a FROM t');
    const bad = await run(['--format', 'xml', 'q.dsq']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--format must be one of text, json, sarif, github');
  });

  it('reads rules from dsq.config.json; an unknown rule id there is an error', async () => {
    await put('q.dsq', 'SELECT a FROM t WHERE b IN ()');
    await put('dsq.config.json', JSON.stringify({ rules: { 'empty-in-list': 'error' } }));
    const r = await run(['q.dsq']);
    expect(r.code).toBe(1);
    expect(r.out).toContain('q.dsq:1:23: error: IN ()');
    await put('dsq.config.json', JSON.stringify({ rules: { 'empty-in-lists': 'off' } }));
    const bad = await run(['q.dsq']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('Unknown lint rule "empty-in-lists"');
    expect(bad.err).toContain('(did you mean "empty-in-list"?)');
  });

  it('uses --schema (or "schema" in dsq.config.json) for the schema rules', async () => {
    await put('q.dsq', 'SELECT custmer FROM sales.orders');
    await writeFile(join(dir, 'schema.json'), await readFile(fixture('schema.json')));
    expect((await run(['q.dsq'])).out).toBe('no problems\n');
    const r = await run(['--schema', 'schema.json', 'q.dsq']);
    expect(r.code).toBe(1);
    expect(r.out).toContain('q.dsq:1:8: error: No field custmer in the source\'s database (did you mean "customer"?). (unknown-field)');
    await put('dsq.config.json', JSON.stringify({ schema: 'schema.json' }));
    expect((await run(['q.dsq'])).out).toContain('(unknown-field)');
    const bad = await run(['--schema', 'missing.json', 'q.dsq']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('cannot read the schema file missing.json');
  });

  it('--format json lists findings with ranges and counts', async () => {
    await put('q.dsq', 'SELECT a FROM t WHERE b = NULL');
    const r = await run(['--format', 'json', 'q.dsq']);
    const json = JSON.parse(r.out);
    expect(json.errorCount).toBe(1);
    expect(json.files[0].file).toBe('q.dsq');
    expect(json.files[0].diagnostics[0]).toMatchObject({ ruleId: 'null-comparison', severity: 'error', line: 1, column: 23, endLine: 1, endColumn: 31 });
  });

  it('--format sarif and --format github', async () => {
    await put('q.dsq', 'SELECT a FROM t WHERE b = NULL');
    const sarif = JSON.parse((await run(['--format', 'sarif', 'q.dsq'])).out);
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0].results[0]).toMatchObject({ ruleId: 'null-comparison', level: 'error' });
    const gh = await run(['--format', 'github', 'q.dsq']);
    expect(gh.code).toBe(1);
    expect(gh.out).toBe(
      '::error file=q.dsq,line=1,col=23,endLine=1,endColumn=31,title=null-comparison::A comparison with = NULL is never true (NULL is unknown, not a value); use IS NULL.\n',
    );
  });

  it('--fix applies the fixes, formats the file (keeping comments) and writes it; exit 0 when nothing is left', async () => {
    await put('q.dsq', "-- the customers without a region\nSELECT a FROM t WHERE b = NULL AND c = ''\n");
    const r = await run(['--fix', 'q.dsq']);
    expect(r.code).toBe(0);
    expect(r.out).toBe('no problems\n');
    const text = await readFile(join(dir, 'q.dsq'), 'utf8');
    expect(text).toContain('-- the customers without a region');
    expect(text).toMatch(/b IS NULL\s+AND c IS NULL/);
    expect(await readdir(dir)).toEqual(['q.dsq']);
  });

  it('--fix never writes a file with syntax errors', async () => {
    const original = 'SELECT a FROM t WHERE b = NULL;\nSELECT FROM\n';
    await put('q.dsq', original);
    const r = await run(['--fix', 'q.dsq']);
    expect(r.code).toBe(1);
    expect(await readFile(join(dir, 'q.dsq'), 'utf8')).toBe(original);
  });

  it('--fix-dry-run prints the fixed text and leaves the file alone', async () => {
    await put('q.dsq', 'SELECT a FROM t WHERE b != NULL');
    const r = await run(['--fix-dry-run', 'q.dsq']);
    expect(r.out).toMatch(/b IS NOT NULL/);
    expect(r.err).toBe('no problems\n');
    expect(await readFile(join(dir, 'q.dsq'), 'utf8')).toBe('SELECT a FROM t WHERE b != NULL');
  });

  it('reads standard input for -', async () => {
    const r = await run(['-'], 'SELECT a FROM t WHERE b IN ()');
    expect(r.out).toContain('<stdin>:1:23: warning:');
  });

  it('--list-rules lists every rule', async () => {
    const r = await run(['--list-rules']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('null-comparison');
    expect(r.out).toContain('unknown-field');
  });
});
