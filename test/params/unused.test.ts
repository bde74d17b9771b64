import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile, compileResult } from '../../src/params/index.js';
import { runCli } from '../helpers/cli.js';
import { errorOf } from '../helpers/errors.js';

/**
 * Values with no parameter to take them are warnings, parameters with no value errors, each
 * with where it is: compile()/compileResult() and `dsq compile --param/--params-file` (issue 17).
 */

describe('compile(text, { params })', () => {
  it('a value no parameter takes is a warning naming it, with the closest parameter; the JSON is still given', () => {
    const r = compileResult('SELECT * FROM t WHERE region = :region LIMIT :n', { params: { region: 'EU', n: 1, regoin: 'US', other: 2 } });
    expect(r.value).toBe('{"from":"t","where":{"$=":[{"$col":"region"},"EU"]},"limit":1}');
    expect(r.diagnostics).toEqual([
      {
        code: 'params/unused',
        severity: 'warning',
        message: 'the value of regoin is not used: the text has no parameter :regoin (did you mean :region?)',
        hint: 'its parameters: :region and :n',
      },
      {
        code: 'params/unused',
        severity: 'warning',
        message: 'the value of other is not used: the text has no parameter :other',
        hint: 'its parameters: :region and :n',
      },
    ]);
    // compile() gives the JSON (warnings do not stop it).
    expect(compile('SELECT * FROM t', { params: { unused: 1 } })).toBe('{"from":"t"}');
    expect(compileResult('SELECT * FROM t', { params: { x: 1 } }).diagnostics[0]?.hint).toBe('the text has no parameters');
  });

  it('a parameter used by any statement of several is used', () => {
    const r = compileResult('SELECT * FROM a WHERE x = :x; FETCH USERS LIMIT :n', { params: { x: 1, n: 2 } });
    expect(r.diagnostics).toEqual([]);
  });

  it('parameters with no value: the list at the first, then each other one at its own place', () => {
    const e = errorOf(() => compile('SELECT * FROM t\nWHERE a = :a AND b = :b\nAND c IN :c OPTIONS (ROWS = :rows)', { params: { b: 1 } }));
    expect(e.diagnostics.map((d) => [d.code, d.message, d.span?.line, d.span?.column])).toEqual([
      ['params/unbound', '3 parameters have no value: :a, :c and :rows (JSON has no parameter form)', 2, 11],
      ['params/unbound', 'parameter :c has no value', 3, 10],
      ['params/unbound', 'parameter :rows has no value', 3, 29],
    ]);
    expect(e.format('q.dsq')).toContain('q.dsq:3:29: error: parameter :rows has no value');
  });
});

describe('dsq compile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dsq-unused-'));
  const file = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return name;
  };
  const run = (...args: string[]) => runCli(['compile', ...args, '--indent', '0'], { cwd: dir });

  it('an unused --param: a warning with the closest parameter; exit 0 and the JSON written', async () => {
    const q = file('q.dsq', 'SELECT * FROM t WHERE region = :region LIMIT :n');
    const r = await run(q, '--param', 'region=EU', '--param', 'n=1', '--param', 'regoin=US');
    expect(r.code).toBe(0);
    expect(r.out).toBe('{"from":"t","where":{"$=":[{"$col":"region"},"EU"]},"limit":1}\n');
    expect(r.err).toContain('warning: --param regoin is not used: the input has no parameter :regoin (did you mean :region?) (its parameters: :region, :n)');
  });

  it('an unused value of --params-file: the warning says where in that file', async () => {
    const q = file('k.dsq', 'FETCH RECORDS FROM db RECORDS KEY(id = :id)');
    const p = file('p.json', '{\n  "id": 5,\n  "idd": 6\n}');
    const r = await run(q, '--params-file', p);
    expect(r.code).toBe(0);
    expect(r.out).toBe('{"action":"fetch","fetch":"records","database":"db","records":{"type":"key","key":{"id":5}}}\n');
    expect(r.err).toContain('warning: idd of p.json:3:3 is not used: the input has no parameter :idd (did you mean :id?) (its parameters: :id)');
  });

  it('missing parameters: an error for each at its place in the file; exit 1, nothing on stdout', async () => {
    const q = file('m.dsq', 'FETCH USERS\nLIMIT :limit OFFSET :skip');
    const r = await run(q, '--param', 'limit=5');
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toContain('m.dsq:2:21: error: a parameter has no value: :skip');
  });

  it('a value refused at its place: ROWS, LIMIT, OFFSET, KEY', async () => {
    const q = file('r.dsq', 'SELECT * FROM t OPTIONS (ROWS = :rows)');
    const r = await run(q, '--param', 'rows=0');
    expect(r.code).toBe(1);
    expect(r.err).toContain('r.dsq:1:33: error: parameter :rows stands for ROWS (rows per packet): it must be a whole number of at least 1, got 0');
    const k = file('k2.dsq', 'DELETE FROM db RECORDS KEY(id = :id)');
    const ok = await run(k, '--param', 'id=12');
    expect(ok.out).toBe('{"action":"delete","database":"db","records":{"type":"key","key":{"id":"12"}}}\n');
  });
});
