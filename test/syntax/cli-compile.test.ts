import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { toJson } from '../../src/json/index.js';
import { parse } from '../../src/syntax/index.js';

const run = (argv: string[], stdin = '') => runCli(argv, { stdin, cwd: mkdtempSync(join(tmpdir(), 'dsq-compile-')) });

function file(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'dsq-compile-'));
  const path = join(dir, 'q.dsq');
  writeFileSync(path, text);
  return path;
}

describe('dsq compile', () => {
  it('prints the JSON (short form, indent 2) and a newline', async () => {
    const text = "SELECT a FROM t WHERE b = 'x'";
    const r = await run(['compile', file(text)]);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    expect(r.out).toBe(`${toJson(parse(text), { indent: 2 })}\n`);
    expect(r.out).toContain('\n  "from": "t",\n');
    expect(JSON.parse(r.out)).toEqual({ columns: [{ e: { $col: 'a' } }], from: 't', where: { '$=': [{ $col: 'b' }, 'x'] } });
  });

  it('reads standard input for - or no file; --indent 0 is compact; --form full', async () => {
    expect((await run(['compile', '-', '--indent', '0'], 'SELECT 1')).out).toBe('{"columns":[{"e":1}]}\n');
    expect((await run(['compile', '--indent', '0'], 'SELECT 1')).out).toBe('{"columns":[{"e":1}]}\n');
    expect((await run(['compile', '--indent', '0', '--form', 'full'], 'SELECT 1')).out).toBe('{"columns":[{"e":{"type":"number","value":1}}]}\n');
  });

  it('prints a JSON array, in order, for several statements', async () => {
    const r = await run(['compile', '--indent', '0'], 'SELECT 1; SELECT 2 OPTIONS (ECHO = TRUE);');
    expect(r.out).toBe('[{"columns":[{"e":1}]},{"action":"select","select":{"columns":[{"e":2}]},"echo":true}]\n');
    const pretty = await run(['compile'], 'SELECT 1; SELECT 2');
    expect(JSON.parse(pretty.out)).toEqual([{ columns: [{ e: 1 }] }, { columns: [{ e: 2 }] }]);
    const item = toJson(parse('SELECT 1'), { indent: 2 }).split('\n').join('\n  ');
    expect(pretty.out.startsWith(`[\n  ${item},\n`)).toBe(true);
    expect(pretty.out.endsWith('\n]\n')).toBe(true);
  });

  it('--expr compiles one expression', async () => {
    expect((await run(['compile', '--expr', '--indent', '0'], 'a + 1 > 2')).out).toBe('{"$>":[{"$+":[{"$col":"a"},1]},2]}\n');
  });

  it('keeps numbers exact', async () => {
    expect((await run(['compile', '--indent', '0'], 'SELECT 9223372036854775807, 0.1000000000000000055511151231257827')).out).toBe(
      '{"columns":[{"e":9223372036854775807},{"e":0.1000000000000000055511151231257827}]}\n',
    );
  });

  it('bad input: exit 1, FILE:LINE:COL: error: message with a code frame on stderr, nothing on stdout', async () => {
    const path = file("SELECT a\nFROM t WHERE a = 1 AND;\nSELECT ok;\nSELECT DATE '2024-02-30'");
    const r = await run(['compile', path]);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toContain(`${path}:2:23: error: expected an expression after AND, found the end of the statement (';')`);
    expect(r.err).toContain('2 | FROM t WHERE a = 1 AND;');
    expect(r.err).toContain(`${path}:4:13: error: "2024-02-30": day 30 does not exist in 2024-02 (which has 29 days)`);
    expect(r.err).toMatch(/\^/);
  });

  it('standard input errors are named <stdin>; an empty input is an error', async () => {
    expect((await run(['compile'], 'SELECT (')).err).toMatch(/^<stdin>:1:9: error: expected an expression after '\(', found the end of the input/);
    const empty = await run(['compile'], '-- nothing here\n');
    expect(empty.code).toBe(1);
    expect(empty.err).toContain('expected a statement');
  });

  it('warnings go to stderr and the JSON still prints', async () => {
    const r = await run(['compile', '--indent', '0'], 'SELECT * FROM t WHERE name = "John Smith"');
    expect(r.code).toBe(0);
    expect(r.out).toBe('{"from":"t","where":{"$=":[{"$col":"name"},{"$col":"John Smith"}]}}\n');
    expect(r.err).toContain('warning: "John Smith" is a column name (double quotes), but looks like text');
  });

  it('a function outside the spec\'s table is a warning with "did you mean" (lint\'s unknown-function), and the JSON still prints', async () => {
    const text = 'SELECT coalesce(a, 1), lower(b), now(), AVERAGE(x), SUM(y) FROM t';
    const r = await run(['compile', '--indent', '0', file(text)]);
    expect(r.code).toBe(0);
    expect(r.out).toBe(`${toJson(parse(text), { indent: 0 })}\n`);
    const warnings = r.err
      .split('\n')
      .filter((l) => l.includes(': warning: '))
      .map((l) => l.replace(/^.*?q\.dsq:/, ''));
    expect(warnings).toEqual([
      "1:8: warning: Unknown function COALESCE: it is not in the spec's function table.",
      "1:24: warning: Unknown function LOWER: it is not in the spec's function table.",
      `1:34: warning: Unknown function NOW: it is not in the spec's function table (did you mean "POW"?).`,
      `1:41: warning: Unknown function AVERAGE: it is not in the spec's function table (did you mean "AVG"?).`,
    ]);
    expect(r.err).not.toContain('error');
    // With the rule's setting in dsq.config.json: its options apply, and "off" silences it.
    const dir = mkdtempSync(join(tmpdir(), 'dsq-compile-'));
    writeFileSync(join(dir, 'q.dsq'), text);
    writeFileSync(join(dir, 'dsq.config.json'), '{"rules": {"unknown-function": ["error", {"allow": ["coalesce", "LOWER", "NOW"]}]}}');
    const allowed = await runCli(['compile', 'q.dsq'], { cwd: dir });
    expect(allowed.code).toBe(0);
    expect(allowed.err.split('\n').filter((l) => l.includes(': warning: '))).toEqual([
      `q.dsq:1:41: warning: Unknown function AVERAGE: it is not in the spec's function table (did you mean "AVG"?).`,
    ]);
    writeFileSync(join(dir, 'dsq.config.json'), '{"rules": {"unknown-function": "off"}}');
    expect(await runCli(['compile', 'q.dsq'], { cwd: dir })).toMatchObject({ code: 0, err: '' });
  });

  it('usage errors exit 2', async () => {
    expect((await run(['compile', '--form', 'medium'], 'SELECT 1')).code).toBe(2);
    expect((await run(['compile', '--indent', 'x'], 'SELECT 1')).code).toBe(2);
    expect((await run(['compile', 'a.dsq', 'b.dsq'])).code).toBe(2);
    expect((await run(['compile', '--bogus'])).code).toBe(2);
  });

  it('an unreadable file exits 2 with a message (as fmt and lint)', async () => {
    const r = await run(['compile', '/nonexistent/q.dsq']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('cannot read /nonexistent/q.dsq');
  });
});
