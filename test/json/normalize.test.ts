import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { fromJson } from '../../src/json/index.js';

const run = (args: string[], stdin = '', cwd?: string) => runCli(['normalize', ...args], { stdin, cwd });

describe('dsq normalize', () => {
  it('prints an example in the short form, pretty by default', async () => {
    const r = await run(['examples/revenue-by-region.select.json']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    expect(r.out.endsWith('}\n')).toBe(true);
    expect(r.out).toContain('\n  "from": { "type": "table", "table": "shop.sales", "alias": "s" },\n');
    expect(r.out).toContain('9223372036854775807');
    expect(r.out).toContain('"$$SUM"');
    expect(r.out).not.toContain('Offset');
    // The output reads back to the same tree as the input.
    const { readFileSync } = await import('node:fs');
    expect(fromJson(r.out)).toEqual(fromJson(readFileSync('examples/revenue-by-region.select.json', 'utf8')));
  });

  it('prints the full form, and compact with --indent 0', async () => {
    const full = await run(['examples/top-customers.action.select.json', '--form', 'full', '--indent', '0']);
    expect(full.code).toBe(0);
    expect(full.out).toMatch(/^\{"action":"select","select":\{"columns":\[\{"e":\{"type":"column","table":"users","column":"name"\},"alias":"customer"\}/);
    expect(full.out).toContain('"s1":{"type":"table_system","table":"users"}');
    expect(full.out.split('\n')).toHaveLength(2);
  });

  it('reads standard input for - and for no file', async () => {
    for (const args of [['-'], []]) {
      const r = await run([...args, '--indent', '0'], '{"FROM": "t", "where": {"$<": [{"$col":"a"}, 1, 2],},}');
      expect(r).toEqual({
        code: 0,
        out: '{"from":"t","where":{"$and":[{"$<":[{"$col":"a"},1]},{"$<":[{"$col":"a"},2]}]}}\n',
        err: '',
      });
    }
  });

  it('--expr reads an expression', async () => {
    const r = await run(['--expr', '--form', 'full', '--indent', '0'], '{"$$pow": [2, 3]}');
    expect(r.out).toBe('{"type":"function","function":"POW","args":[{"type":"number","value":2},{"type":"number","value":3}]}\n');
    const s = await run(['--expr'], '{"$in": [{"$col": "x"}, [1, 2]]}');
    expect(s.out).toBe('{ "$in": [{ "$col": "x" }, [1, 2]] }\n');
    const long = await run(['--expr'], `{"$and": [${Array.from({ length: 4 }, (_, i) => `{"$=": [{"$col": "column_${i}"}, "value ${i}"]}`).join(',')}]}`);
    expect(long.out).toBe(
      [
        '{',
        '  "$and": [',
        '    { "$=": [{ "$col": "column_0" }, "value 0"] },',
        '    { "$=": [{ "$col": "column_1" }, "value 1"] },',
        '    { "$=": [{ "$col": "column_2" }, "value 2"] },',
        '    { "$=": [{ "$col": "column_3" }, "value 3"] }',
        '  ]',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('bad input: FILE:LINE:COL: error: message at pointer, a code frame, nothing on stdout, exit 1', async () => {
    const r = await run(['examples/bad-between.select.json']);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err.split('\n')[0]).toBe(
      'examples/bad-between.select.json:5:5: error: "$between" takes exactly 3 expressions (e, min, max), got 2 at /where/$and/1',
    );
    expect(r.err).toContain('5 |     { "$between": [ { "$col": "qty" }, 1 ] }');
  });

  it('names standard input <stdin> in messages', async () => {
    const r = await run([], '{"limit": 9223372036854775808}');
    expect(r.code).toBe(1);
    expect(r.err.split('\n')[0]).toBe(
      '<stdin>:1:11: error: 9223372036854775808 is a whole number outside the signed 64-bit range (-9223372036854775808 to 9223372036854775807) at /limit',
    );
  });

  it('a missing file is exit 1 with a message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dsq-normalize-'));
    const r = await run(['nope.json'], '', dir);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toBe('dsq normalize: cannot read nope.json: no such file\n');
    writeFileSync(join(dir, 'ok.json'), '{}');
    expect((await run(['ok.json'], '', dir)).out).toBe('{}\n');
  });

  it('usage errors exit 2', async () => {
    for (const args of [['--form', 'long'], ['--indent', 'x'], ['--indent', '99'], ['a.json', 'b.json'], ['--bogus']]) {
      const r = await run(args);
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
      expect(r.err).toContain('Run `dsq normalize --help` for usage.');
    }
  });

  it('--help prints the usage', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.out.startsWith('Usage: dsq normalize [FILE|-] [--form short|full] [--expr] [--indent N]\n')).toBe(true);
  });
});
