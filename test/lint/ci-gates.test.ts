import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RULES } from '../../src/lint/registry.js';
import { runCli } from '../helpers/cli.js';

/**
 * What CI needs of `dsq lint` and `dsq check` (issue 27): --max-warnings, --quiet, same-line
 * suppression, a warning for a dsq- comment that is no directive, links to the rule pages in
 * every report, JUnit and GitLab reports, and `dsq check` (format and lint, one exit code).
 */
const ROOT = join(import.meta.dirname, '..', '..');
const PAGES = `${pathToFileURL(join(ROOT, 'docs', 'rules')).href}/`;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dsq-ci-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const put = (path: string, text: string) => {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
};
const run = (args: string[]) => runCli(args, { cwd: dir });
const WARNINGS = "SELECT a FROM t WHERE b IN () AND c LIKE 'x'\n";

describe('dsq lint: gates', () => {
  it('--max-warnings N: exit 1 with more than N warnings, 0 with N or fewer', async () => {
    put('w.dsq', WARNINGS);
    expect((await run(['lint', 'w.dsq'])).code).toBe(0);
    expect((await run(['lint', '--max-warnings', '2', 'w.dsq'])).code).toBe(0);
    const over = await run(['lint', '--max-warnings', '1', 'w.dsq']);
    expect(over.code).toBe(1);
    expect(over.err).toBe('dsq lint: 2 warnings, more than --max-warnings 1 allows\n');
    expect((await run(['lint', '--max-warnings', '0', 'w.dsq'])).code).toBe(1);
    expect((await run(['lint', '--max-warnings', 'lots', 'w.dsq'])).code).toBe(2);
  });

  it('--quiet: errors only, warnings neither shown nor counted', async () => {
    put('w.dsq', `${WARNINGS.trim()};\nSELECT a FROM t WHERE b = NULL\n`);
    const r = await run(['lint', '--quiet', '--max-warnings', '0', 'w.dsq']);
    expect(r.code).toBe(1);
    expect(r.out.split('\n').filter((l) => l.startsWith('w.dsq:'))).toEqual([expect.stringMatching(/^w\.dsq:2:23: error: .*\(null-comparison\)$/)]);
    expect(r.out).toContain('1 problem (1 error, 0 warnings)');
    put('only.dsq', WARNINGS);
    expect(await run(['lint', '--quiet', '--max-warnings', '0', 'only.dsq'])).toEqual({ code: 0, out: 'no problems\n', err: '' });
  });

  it('-- dsq-disable-line rule silences that line; a dsq- comment that is no directive is a warning', async () => {
    put(
      's.dsq',
      "SELECT a FROM t WHERE b IN (); -- dsq-disable-line empty-in-list\nSELECT a FROM t WHERE c LIKE 'x'; /* dsq-disable-line */\nSELECT a FROM t WHERE b IN ();\n-- dsq-disable-nextline empty-in-list\nSELECT a FROM t WHERE b IN ()\n",
    );
    const r = await run(['lint', '--format', 'json', 's.dsq']);
    const found = (JSON.parse(r.out) as { files: { diagnostics: { ruleId: string; line: number; message: string }[] }[] }).files[0]?.diagnostics ?? [];
    expect(found.map((d) => `${d.line}:${d.ruleId}`)).toEqual(['3:empty-in-list', '4:suppression-comment', '5:empty-in-list']);
    expect(found[1]?.message).toMatch(
      /^dsq-disable-nextline is not a dsq directive, so it suppresses nothing \(did you mean "dsq-disable-next-line"[^)]*\); the directives are dsq-disable-next-line, dsq-disable-line, dsq-disable, dsq-enable\.$/,
    );
  });
});

describe('links to the rule pages', () => {
  it('the text summary, JSON docsUrl, SARIF helpUri and --list-rules --format json link to the pages shipped in the package', async () => {
    put('q.dsq', 'SELECT a FROM t WHERE b = NULL\n');
    const text = await run(['lint', 'q.dsq']);
    expect(text.out.split('\n').slice(-2)[0]).toBe(`Each rule is explained at ${PAGES}<rule-id>.md`);
    const json = JSON.parse((await run(['lint', '--format', 'json', 'q.dsq'])).out) as { files: { diagnostics: { docsUrl: string }[] }[] };
    const url = json.files[0]?.diagnostics[0]?.docsUrl as string;
    expect(url).toBe(`${PAGES}null-comparison.md`);
    expect(readFileSync(new URL(url), 'utf8')).toMatch(/^# null-comparison/);
    const sarif = JSON.parse((await run(['lint', '--format', 'sarif', 'q.dsq'])).out) as {
      runs: { tool: { driver: { rules: { id: string; helpUri: string }[] } } }[];
    };
    const rules = sarif.runs[0]?.tool.driver.rules ?? [];
    expect(rules.map((r) => r.helpUri)).toEqual(RULES.map((r) => `${PAGES}${r.meta.id}.md`));
    const listed = JSON.parse((await run(['lint', '--list-rules', '--format', 'json'])).out) as { id: string; docsUrl: string }[];
    expect(listed.map((r) => r.docsUrl)).toEqual(RULES.map((r) => `${PAGES}${r.meta.id}.md`));
    expect((await run(['lint', '--list-rules', '--format', 'sarif'])).code).toBe(2);
  });

  it('"docsUrl" in dsq.config.json sets one base for every link', async () => {
    put('dsq.config.json', '{ "docsUrl": "https://dsq.example/docs/rules" }');
    put('q.dsq', 'SELECT a FROM t WHERE b = NULL\n');
    expect((await run(['lint', 'q.dsq'])).out).toContain('Each rule is explained at https://dsq.example/docs/rules/<rule-id>.md\n');
    const json = JSON.parse((await run(['lint', '--format', 'json', 'q.dsq'])).out) as { files: { diagnostics: { docsUrl: string }[] }[] };
    expect(json.files[0]?.diagnostics[0]?.docsUrl).toBe('https://dsq.example/docs/rules/null-comparison.md');
  });
});

describe('JUnit and GitLab Code Quality reports', () => {
  it('--format junit: a suite per file, a failed case per error or warning, a passing case for a clean file', async () => {
    put('a & b.dsq', `SELECT a FROM t WHERE b = NULL AND c IN ()\n`);
    put('clean.dsq', 'SELECT 1\n');
    const r = await run(['lint', '--format', 'junit', 'a & b.dsq', 'clean.dsq']);
    expect(r.code).toBe(1);
    expect(r.out.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<testsuites>\n')).toBe(true);
    expect(r.out).toContain('<testsuite package="dsq" time="0" tests="2" errors="0" failures="2" name="a &amp; b.dsq">');
    expect(r.out).toContain('<testcase time="0" name="dsq.null-comparison" classname="a &amp; b.dsq">');
    expect(r.out).toMatch(/<failure message="A comparison with = NULL is never true [^"]*" type="error">line 1, col 23, Error - /);
    expect(r.out).toContain(
      '<testsuite package="dsq" time="0" tests="1" errors="0" failures="0" name="clean.dsq">\n    <testcase time="0" name="clean.dsq" classname="clean.dsq" />',
    );
    expect(r.out.endsWith('</testsuites>\n')).toBe(true);
    // Balanced: every element opened is closed.
    const opened = [...r.out.matchAll(/<(testsuites|testsuite|testcase|failure)\b(?:[^>]*[^/])?>/g)].length;
    const closed = [...r.out.matchAll(/<\/(testsuites|testsuite|testcase|failure)>/g)].length;
    expect(opened).toBe(closed);
  });

  it('--format gitlab: one issue per finding with a stable, distinct fingerprint', async () => {
    put('q.dsq', 'SELECT a FROM t WHERE b IN () AND c IN ();\nSELECT a FROM t WHERE b = NULL\n');
    const r = await run(['lint', '--format', 'gitlab', 'q.dsq']);
    const issues = JSON.parse(r.out) as {
      check_name: string;
      severity: string;
      fingerprint: string;
      location: { path: string; lines: { begin: number } };
      description: string;
    }[];
    expect(issues.map((i) => [i.check_name, i.severity, i.location.path, i.location.lines.begin])).toEqual([
      ['empty-in-list', 'minor', 'q.dsq', 1],
      ['empty-in-list', 'minor', 'q.dsq', 1],
      ['null-comparison', 'major', 'q.dsq', 2],
    ]);
    expect(new Set(issues.map((i) => i.fingerprint)).size).toBe(3);
    for (const i of issues) expect(i.fingerprint).toMatch(/^[0-9a-f]{32}$/);
    const again = JSON.parse((await run(['lint', '--format', 'gitlab', 'q.dsq'])).out) as { fingerprint: string }[];
    expect(again.map((i) => i.fingerprint)).toEqual(issues.map((i) => i.fingerprint));
  });
});

describe('dsq check', () => {
  it('formatting and lint in one run with one exit code; the current folder by default', async () => {
    put('ok.dsq', 'SELECT a FROM t\n');
    expect(await run(['check'])).toEqual({ code: 0, out: 'no problems\n', err: '' });
    put('ugly.dsq', 'select a  from t\n');
    const ugly = await run(['check']);
    expect(ugly.code).toBe(1);
    expect(ugly.out).toContain(
      'ugly.dsq:1:1: error: The file is not formatted (this is the first line that changes); run dsq check --write or dsq fmt --write. (format)\n',
    );
    put('warn.dsq', 'SELECT a FROM t WHERE b IN ()\n');
    rmSync(join(dir, 'ugly.dsq'));
    const warn = await run(['check', '--max-warnings', '0']);
    expect(warn.code).toBe(1);
    expect((await run(['check', '--format', 'sarif', 'ok.dsq'])).code).toBe(0);
  });

  it('--write applies the fixes, then formats, writes, and reports what is left', async () => {
    put('q.dsq', 'select a from t where b = null and c in ()\n');
    const r = await run(['check', '--write', 'q.dsq']);
    expect(readFileSync(join(dir, 'q.dsq'), 'utf8')).toBe('SELECT a FROM t WHERE b IS NULL AND c IN ()\n');
    expect(r.err).toBe('dsq check: wrote q.dsq\n');
    expect(r.code).toBe(0);
    expect(r.out).toContain('q.dsq:1:37: warning: ');
    expect(await run(['check', 'q.dsq'])).toMatchObject({ code: 0 });
  });

  it('a file with a syntax error: reported, never written', async () => {
    put('bad.dsq', 'select a from where\n');
    const r = await run(['check', '--write', 'bad.dsq']);
    expect(r.code).toBe(1);
    expect(readFileSync(join(dir, 'bad.dsq'), 'utf8')).toBe('select a from where\n');
    expect(r.out).toMatch(/^bad\.dsq:1:15: error: .*\(syntax-error\)/);
  });
});
