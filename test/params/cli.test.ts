import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

/** `dsq compile --param NAME=VALUE --params-file FILE --schema FILE` (issue 17). */

const dir = mkdtempSync(join(tmpdir(), 'dsq-params-'));
const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return name;
};

const SCHEMA = file(
  'schema.json',
  JSON.stringify([
    {
      name: 'orders',
      fields: [
        { name: 'id', type: 'int(8)', key: true },
        { name: 'region', type: 'utf8vstring(16)' },
        { name: 'amount', type: 'decimal(10,2)', nul: true },
        { name: 'created', type: 'datetime' },
        { name: 'day', type: 'date' },
        { name: 'status', type: 'utf8text' },
      ],
    },
  ]),
);

const QUERY = file(
  'q.dsq',
  `-- name: Recent
SELECT id, amount FROM orders o
WHERE o.region = :region AND o.created >= :since AND o.status IN :statuses AND amount > :min AND day = :day
LIMIT :n
`,
);

const run = (...args: string[]) => runCli(['compile', ...args, '--indent', '0'], { cwd: dir });

describe('dsq compile --param', () => {
  it('converts each value by the type of the field it is compared with (schema), LIMIT an integer', async () => {
    const r = await run(
      QUERY,
      '--schema',
      SCHEMA,
      '--param',
      "region=EU' OR 1=1 --",
      '--param',
      'since=2024-01-01T00:00Z',
      '--param',
      'statuses=open,shipped',
      '--param',
      'min=12.50',
      '--param',
      'day=2024-03-01',
      '--param',
      'n=9223372036854775807',
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      '{"columns":[{"e":{"$col":"id"}},{"e":{"$col":"amount"}}],"from":{"type":"table","table":"orders","alias":"o"},"where":{"$and":[' +
        `{"$=":[{"$col":"o.region"},"EU' OR 1=1 --"]},{"$>=":[{"$col":"o.created"},{"$dt":"2024-01-01T00:00Z"}]},` +
        '{"$in":[{"$col":"o.status"},["open","shipped"]]},{"$>":[{"$col":"amount"},12.50]},{"$=":[{"$col":"day"},{"$ld":"2024-03-01"}]}]},"limit":9223372036854775807}\n',
    );
  });

  it('--params-file gives JSON values (numbers exact, arrays for IN); --param wins over it', async () => {
    const values = file('p.json', '{"region":"US","statuses":["a","b,c"],"min":0.1000000000000000055511151231257827,"since":1700000000000,"day":null,"n":5}');
    const r = await run(QUERY, '--schema', SCHEMA, '--params-file', values, '--param', 'region=EU');
    expect(r.code).toBe(0);
    expect(r.out).toContain('{"$=":[{"$col":"o.region"},"EU"]}');
    expect(r.out).toContain('["a","b,c"]');
    expect(r.out).toContain('0.1000000000000000055511151231257827');
    expect(r.out).toContain('{"$dt":1700000000000}');
    expect(r.out).toContain('{"$=":[{"$col":"day"},null]}');
  });

  it('unbound parameters are reported in every statement, not only the first', async () => {
    const two = file('two.dsq', 'SELECT a FROM t WHERE a = :x LIMIT :n;\nSELECT b FROM u OPTIONS (ROWS = :r)\n');
    const r = await run(two, '--param', 'x=1');
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toContain('two.dsq:1:36: error: a parameter has no value: :n');
    expect(r.err).toContain('two.dsq:2:33: error: a parameter has no value: :r');
  });

  it('an unbound parameter is an error listing what is missing, placed in the file; nothing on stdout', async () => {
    const r = await run(QUERY, '--schema', SCHEMA, '--param', 'region=EU');
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toContain('q.dsq:3:43: error: 5 parameters have no value: :since, :statuses, :min, :day and :n');
  });

  it('an unused --param is a warning; the output is still written', async () => {
    const q = file('one.dsq', 'SELECT * FROM t WHERE a = :a');
    const r = await run(q, '--param', 'a=x', '--param', 'extra=1');
    expect(r.code).toBe(0);
    expect(r.out).toBe('{"from":"t","where":{"$=":[{"$col":"a"},"x"]}}\n');
    expect(r.err).toMatch(/warning: --param extra is not used: the input has no parameter :extra \(its parameters: :a\)/);
    expect(r.err).toMatch(/warning: the type of :a is not known/);
  });

  it('-- @param states a type where nothing else does (and overrides inference)', async () => {
    const q = file('typed.dsq', '-- @param a integer\n-- @param d localdate\nSELECT * FROM t WHERE a = :a AND d > :d');
    const r = await run(q, '--param', 'a=42', '--param', 'd=2024-02-29');
    expect(r.err).toBe('');
    expect(r.out).toBe('{"from":"t","where":{"$and":[{"$=":[{"$col":"a"},42]},{"$>":[{"$col":"d"},{"$ld":"2024-02-29"}]}]}}\n');
  });

  it('a value its type refuses is an error at the parameter, each one reported', async () => {
    const r = await run(
      QUERY,
      '--schema',
      SCHEMA,
      '--param',
      'region=EU',
      '--param',
      'since=yesterday',
      '--param',
      'statuses=a',
      '--param',
      'min=abc',
      '--param',
      'day=2024-13-01',
      '--param',
      'n=1.5',
    );
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/q\.dsq:3:43: error: parameter :since/);
    expect(r.err).toMatch(/q\.dsq:3:89: error: parameter :min is a number parameter/);
    expect(r.err).toMatch(/q\.dsq:4:7: error: parameter :n must be a whole number, got 1\.5/);
    expect(r.err).toMatch(/parameter :day/);
  });

  it('data actions: VALUES and SET parameters take the type of their field, WHERE the compared field', async () => {
    const q = file('write.dsq', 'UPDATE orders SET created = :at, amount = :amount WHERE id = :id;\nINSERT INTO orders (region, day) VALUES (:region, :day)');
    const r = await run(
      q,
      '--schema',
      SCHEMA,
      '--param',
      'at=2024-05-01T12:00Z',
      '--param',
      'amount=1.25',
      '--param',
      'id=9223372036854775807',
      '--param',
      'region=007',
      '--param',
      'day=2024-05-02',
    );
    expect(r.err).toBe('');
    expect(r.out).toBe(
      '[{"action":"update","database":"orders","records":{"type":"where","where":{"$=":[{"$col":"id"},9223372036854775807]}},"fields":{"amount":1.25},"expressions":{"created":{"$dt":"2024-05-01T12:00Z"}}},' +
        '{"action":"insert","database":"orders","records":[{"region":"007","expressions":{"day":{"$ld":"2024-05-02"}}}]}]\n',
    );
  });

  it('bad flags are usage errors (exit 2)', async () => {
    expect((await run(QUERY, '--param', 'no-equals')).code).toBe(2);
    const notObject = file('arr.json', '[1]');
    expect((await run(QUERY, '--params-file', notObject)).code).toBe(2);
  });

  it('a statement without parameters compiles as before, with or without flags', async () => {
    const q = file('plain.dsq', 'SELECT * FROM t');
    expect((await run(q)).out).toBe('{"from":"t"}\n');
  });

  it('--param keeps a record keys in the written order (issue 28)', async () => {
    const q = file('insert.dsq', "INSERT INTO orders (id, region, amount) VALUES (:id, 'eu', 5);\nUPDATE orders SET status = :s, region = 'eu' WHERE id = 1");
    expect((await run(q, '--schema', SCHEMA, '--param', 'id=7', '--param', 's=open')).out).toBe(
      '[{"action":"insert","database":"orders","records":[{"id":7,"region":"eu","amount":5}]},{"action":"update","database":"orders","records":{"type":"where","where":{"$=":[{"$col":"id"},1]}},"fields":{"status":"open","region":"eu"}}]\n',
    );
  });
});
