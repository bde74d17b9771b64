import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builder } from '../../src/builder/create.js';
import { DsqError } from '../../src/diagnostic/diagnostic.js';
import { jsonText } from '../../src/run/encode.js';
import { responseOut } from '../../src/run/execute.js';
import { openLocal, type LocalService } from '../../src/run/local.js';
import { runCli } from '../helpers/cli.js';
import { runs } from '../helpers/runs.js';

/**
 * `dsq run` and `openLocal` on DuckDB: the SELECT response, FETCH, exact numbers and datetimes,
 * hostile values, data directories (errors with file, line and field), --save, --expect.
 */
const EXAMPLES = join(import.meta.dirname, '..', '..', 'examples');
const DATA = join(EXAMPLES, 'shop-data');
let local: LocalService;
let tmp: string;

beforeAll(async () => {
  local = await openLocal({ data: DATA, now: Date.UTC(2024, 5, 1) });
  tmp = mkdtempSync(join(tmpdir(), 'dsq-run-'));
});
afterAll(async () => {
  await local?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const out = async (q: string | object) => jsonText(responseOut(await local.run(q as string)));

describe('queries', () => {
  it('the SELECT response: header of name and type, then rows; exact 64-bit integers and ISO datetimes', async () => {
    expect(await out('SELECT id, amount, placed, paid FROM orders WHERE id > 1000 OR id = 4 ORDER BY id')).toBe(
      '{"header":[{"name":"id","type":"int(8)"},{"name":"amount","type":"decimal(10,2)"},{"name":"placed","type":"datetime"},{"name":"paid","type":"bool"}],"rows":[[4,null,"2024-02-03T15:45:00.000Z",false],[9007199254740993,120.50,"2024-01-05T09:30:00.000Z",true]]}',
    );
    expect(await out('SELECT 9223372036854775807 AS m, -9223372036854775808 AS n, 7 / 2 AS q, 7.0 / 2 AS f, 1 / 0 AS z')).toBe(
      '{"header":[{"name":"m","type":"int(8)"},{"name":"n","type":"int(8)"},{"name":"q","type":"double"},{"name":"f","type":"double"},{"name":"z","type":"double"}],"rows":[[9223372036854775807,-9223372036854775808,3.5,3.5,null]]}',
    );
    expect(await out("SELECT DATE '2024-W05-2' AS d, TIME '10.25' AS t, TIMESTAMP '2024-060T23:59' AS l")).toBe(
      '{"header":[{"name":"d","type":"localdate"},{"name":"t","type":"localtime"},{"name":"l","type":"localdatetime"}],"rows":[["2024-01-30","10:15:00.000","2024-02-29T23:59:00.000"]]}',
    );
  });

  it('the SELECT action: use_strings and echo', async () => {
    const r = responseOut(await local.run('SELECT id FROM orders WHERE id = 2 OPTIONS (USE_STRINGS = TRUE, ECHO = TRUE)')) as { query: string; rows: unknown };
    expect(r.query).toContain('FROM "shop/orders"');
    expect(jsonText(r.rows as never)).toBe('[["2"]]');
  });

  it('joins, GROUP BY with aliases, subqueries, NULL order, LEFT JOIN without a condition', async () => {
    expect(await out('SELECT region, COUNT(*) AS n FROM customers GROUP BY region ORDER BY region')).toBe(
      '{"header":[{"name":"region","type":"utf8vstring(32)"},{"name":"n","type":"int(8)"}],"rows":[[null,1],["north",2],["south",1]]}',
    );
    expect(
      await out('SELECT name FROM customers WHERE id IN (SELECT customer FROM orders WHERE amount > 100) AND EXISTS (SELECT 1 FROM orders) ORDER BY name'),
    ).toBe('{"header":[{"name":"name","type":"utf8vstring(128)"}],"rows":[["Ada Lovelace"],["Grace Hopper"]]}');
    expect(await out('SELECT (SELECT name FROM customers ORDER BY id DESC) AS last')).toBe(
      '{"header":[{"name":"last","type":"utf8vstring(128)"}],"rows":[["O\'Brien, Pat"]]}',
    );
    expect(await out('SELECT COUNT(*) FROM customers AS c LEFT JOIN orders AS o WHERE c.id = o.customer')).toContain('"rows":[[5]]');
    expect([...local.notes]).toContain('leftJoin');
  });

  it('FETCH records (children, fields, attributes, count), multirecords and pseudorecords', async () => {
    expect(await out('FETCH RECORDS FIELDS (id) ATTRIBUTES () FROM orders WHERE id = 3')).toBe(
      '[{"id":3,"record_id":3,"database_id":2,"children":{"lines":[{"sku":"pad","qty":1,"price":9.99,"record_id":3,"database_id":3}]}}]',
    );
    expect(await out({ action: 'fetch', fetch: 'records', database: 'orders', count: true })).toBe('{"count":5}');
    expect(
      await out({ action: 'fetch', fetch: 'records', database: 'orders', records: { type: 'key', key: { id: 2 } }, children: false, attributes: [] }),
    ).toBe('[{"id":2,"customer":1,"amount":35.00,"status":"open","placed":"2024-01-07T14:00:00.000Z","paid":false,"record_id":2,"database_id":2}]');
    const multi = await out({
      action: 'fetch',
      fetch: 'multirecords',
      databases: ['customers', 'orders'],
      where: { '$=': [{ $col: 'id' }, 1] },
      children: false,
    });
    expect(multi).toMatch(/^\[\{"id":1,"name":"Ada Lovelace","region":"north","customer":null/);
    expect(
      await out({
        action: 'fetch',
        fetch: 'pseudorecords',
        select: { columns: [{ e: { $col: 'region' }, alias: 'r' }], from: 'customers' },
        where: { $is: [{ $col: 'r' }, null] },
      }),
    ).toBe('[{"r":null}]');
  });

  it('the other fetch types answer as a service with none of their resources: [] or {"count": 0}; the names they give are checked', async () => {
    const empty = [
      { fetch: 'crons' },
      { fetch: 'seqs' },
      { fetch: 'pref_defs' },
      { fetch: 'prefs' },
      { fetch: 'users' },
      { fetch: 'users', users: { type: 'all' } },
      { fetch: 'tasks', where: { '$=': [{ $col: 'name' }, 'x'] }, limit: 5 },
      { fetch: 'follows' },
      { fetch: 'keys' },
      { fetch: 'notifications', seen: false },
      { fetch: 'user_subscriptions' },
      { fetch: 'posts' },
      { fetch: 'posts', wall: { type: 'database', database: 'orders' } },
      { fetch: 'posts', wall: { type: 'group', group: 'shop' } },
      { fetch: 'posts', wall: { type: 'record', database: 'orders', record: { type: 'key', key: { id: 2 } } } },
      { fetch: 'logs', database: 'orders', records: 2 },
      { fetch: 'logs', database: 'orders', records: { type: 'where', where: { '$>': [{ $col: 'amount' }, 10] } } },
    ];
    for (const f of empty) expect([f, await out({ action: 'fetch', ...f })]).toEqual([f, '[]']);
    for (const fetch of ['tasks', 'follows', 'keys']) expect(await out({ action: 'fetch', fetch, count: true })).toBe('{"count":0}');
    const failing: [object, RegExp][] = [
      [{ fetch: 'users', users: 'bob' }, /a local run has no users/],
      [{ fetch: 'tasks', user: 7 }, /a local run has no users/],
      [{ fetch: 'user_subscriptions', team: 'ops' }, /a local run has no teams/],
      [{ fetch: 'posts', wall: { type: 'user', user: 'bob' } }, /a local run has no users/],
      [{ fetch: 'logs', database: 'ordrs', records: 2 }, /unknown database "ordrs" \(did you mean "orders"/],
      [{ fetch: 'logs', database: 'orders', records: { type: 'where', where: { '$>': [{ $col: 'amont' }, 10] } } }, /"amont"/],
      [{ fetch: 'posts', wall: { type: 'record', database: 'orders', record: { type: 'key', key: { status: 'x' } } } }, /not a key field/],
      [{ fetch: 'posts', wall: { type: 'group', group: 'shp' } }, /unknown group "shp"/],
    ];
    for (const [f, message] of failing) await expect(local.run({ action: 'fetch', ...f })).rejects.toThrow(message);
    const r = await runCli(['run', '-', '--data', DATA], { stdin: '{"action": "fetch", "fetch": "tasks"}' });
    expect([r.code, r.out]).toEqual([0, '[]\n']);
    expect(r.err).toContain('note: a local run has no tasks, users');
  });

  it('hostile values come back exactly: quotes, backslashes, NUL, ;, comments (a property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: fc.constantFrom("'", '"', '\\', '\0', ';', '-', '/', '*', 'a', ' ', '\n', 'é', '𝄞'), minLength: 1, maxLength: 12 }),
        async (value) => {
          // A name cannot hold a NUL (an error that says so); a value can.
          const name = value.replace(/\0/g, '0');
          const r = await local.run({ columns: [{ e: value, alias: name }] });
          expect(r.kind === 'select' && r.rows[0]?.[0]).toBe(value);
          expect(r.kind === 'select' && r.header[0]?.name).toBe(name);
        },
      ),
      { numRuns: runs(60) },
    );
  });

  it('openLocal: run takes text with :name parameters, JSON text, an AST; sql shows the SQL; several statements need runAll', async () => {
    expect(await out(['SELECT name FROM customers WHERE id = :id'][0] as string).catch((e: Error) => e.message)).toMatch(/parameter has no value: :id/);
    const r = await local.run('SELECT name FROM customers WHERE id = :id', { params: { id: 3 } });
    expect(r.kind === 'select' && r.rows).toEqual([['Grace Hopper']]);
    expect(await out('{"from": "customers", "columns": [{"e": {"$col": "id"}}], "where": {"$=": [{"$col": "id"}, 1]}}')).toContain('"rows":[[1]]');
    expect(
      await out({
        kind: 'select',
        distinct: false,
        columns: 'all',
        from: { kind: 'table', table: 'customers', alias: null },
        where: null,
        group: [],
        having: null,
        order: [],
        limit: { kind: 'number', value: '1' },
        offset: null,
      }),
    ).toContain('"rows":[[1,"Ada Lovelace","north"]]');
    expect(local.sql('SELECT id FROM customers')[0]?.kind).toBe('select');
    await expect(local.run('SELECT 1; SELECT 2')).rejects.toThrow(/run takes one statement, got 2/);
  });

  it('a typed builder query runs to rows of its row type (64-bit whole numbers as bigint)', async () => {
    const q = builder()
      .selectFrom('orders')
      .select('id', 'status')
      .where(({ col }) => col('id').lt(3))
      .orderBy('id');
    expect(await local.rows(q)).toEqual([{ id: 2n, status: 'open' }]);
  });
});

describe('data directories', () => {
  const dir = (files: Record<string, string>) => {
    const d = mkdtempSync(join(tmp, 'data-'));
    cpSync(join(DATA, 'schema.json'), join(d, 'schema.json'));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(d, name, '..'), { recursive: true });
      writeFileSync(join(d, name), text);
    }
    return d;
  };
  const loadError = async (files: Record<string, string>) => {
    try {
      await openLocal({ data: dir(files) });
    } catch (err) {
      if (err instanceof DsqError) return err.message;
      throw err;
    }
    throw new Error('loaded');
  };

  it('a value that does not fit its field is an error naming the file, the line and the field', async () => {
    expect(await loadError({ 'shop/customers.csv': 'id,name\n1,a\n2.5,b\n' })).toMatch(
      /customers\.csv:3: field "id": the field "id" \(int\(4\)\) takes a whole number, got 2\.5/,
    );
    expect(await loadError({ 'shop/orders.jsonl': '{"id": 1, "customer": 1, "placed": "2024-13-01"}\n' })).toMatch(
      /orders\.jsonl:1: field "placed":.*month 13/,
    );
    expect(await loadError({ 'shop/customers.csv': 'id,name\n1,\n' })).toMatch(/customers\.csv:2: field "name" has no value, and it may not be null/);
    expect(await loadError({ 'shop/customers.csv': 'id,nme\n1,a\n' })).toMatch(/"nme" is neither a field.*did you mean "name"/);
    expect(await loadError({ 'shop/customers.csv': 'id,name\n1,a\n1,b\n' })).toMatch(/customers\.csv:3: the key \(id\) is also on line 2/);
    expect(await loadError({ 'shop/customers.csv': 'id,name\n1,"a\n' })).toMatch(/no closing/);
    expect(await loadError({ 'shop/customers.csv': 'id,name\n', 'shop/customers.jsonl': '' })).toMatch(/two data files/);
  });

  it('an empty CSV field is NULL; a missing file is an empty table; labels name columns', async () => {
    const l = await openLocal({ data: dir({ 'shop/customers.csv': 'ID,Name,region\n1,a,\n' }) });
    try {
      expect(jsonText(responseOut(await l.run('SELECT region, COUNT(*) FROM customers GROUP BY region')))).toContain('"rows":[[null,1]]');
      expect(jsonText(responseOut(await l.run('SELECT COUNT(*) FROM orders')))).toContain('"rows":[[0]]');
    } finally {
      await l.close();
    }
  });

  it('Parquet: loaded and checked, or read where it lies with --read-only', async () => {
    const d = dir({});
    mkdirSync(join(d, 'shop'));
    // A Parquet file written by DuckDB itself from the sample orders.
    const { DuckDBInstance } = (await import('@duckdb/node-api')) as typeof import('@duckdb/node-api');
    const inst = await DuckDBInstance.create(':memory:');
    const con = await inst.connect();
    await con.run(
      `COPY (SELECT * FROM read_csv('${join(DATA, 'shop', 'customers.csv')}', all_varchar = true)) TO '${join(d, 'shop', 'customers.parquet')}' (FORMAT parquet)`,
    );
    con.closeSync();
    for (const readOnly of [false, true]) {
      const l = await openLocal({ data: d, readOnly });
      try {
        expect(jsonText(responseOut(await l.run('SELECT id, name FROM customers WHERE id = 4')))).toContain('"rows":[[4,"O\'Brien, Pat"]]');
        if (readOnly) await expect(l.run('DELETE FROM customers WHERE id = 1')).rejects.toThrow(/read-only/);
      } finally {
        await l.close();
      }
    }
  });

  it('save writes every table as CSV, which loads back to the same data; a failed save leaves the target as it was', async () => {
    const l = await openLocal({ data: DATA, now: 0 });
    const target = join(tmp, 'saved');
    try {
      await l.run('UPDATE orders SET status = \'x,"y"\' WHERE id = 2');
      await l.save(target);
    } finally {
      await l.close();
    }
    expect(readFileSync(join(target, 'shop', 'orders.csv'), 'utf8')).toContain('"x,""y"""');
    const again = await openLocal({ data: target });
    try {
      expect(jsonText(responseOut(await again.run('SELECT status FROM orders WHERE id = 2')))).toContain('"rows":[["x,\\"y\\""]]');
      expect(jsonText(responseOut(await again.run('SELECT COUNT(*) FROM orders@trash')))).toContain('"rows":[[1]]');
    } finally {
      await again.close();
    }
    writeFileSync(join(tmp, 'not-data'), 'x');
    const l2 = await openLocal({ data: DATA });
    try {
      mkdirSync(join(tmp, 'busy'));
      writeFileSync(join(tmp, 'busy', 'keep.txt'), 'mine');
      await expect(l2.save(join(tmp, 'busy'))).rejects.toThrow(/not a data directory/);
      expect(readFileSync(join(tmp, 'busy', 'keep.txt'), 'utf8')).toBe('mine');
      expect(existsSync(join(tmp, `busy.dsq-saving-${process.pid}`))).toBe(false);
    } finally {
      await l2.close();
    }
  });
});

describe('save keeps the formats', () => {
  it('each table is written in the format it was loaded from (CSV, JSONL, Parquet), and loads back to the same data', async () => {
    const d = join(tmp, 'formats');
    cpSync(DATA, d, { recursive: true });
    rmSync(join(d, 'shop', 'customers.csv'));
    writeFileSync(
      join(d, 'shop', 'customers.jsonl'),
      [
        '{"id": 1, "name": "Ada Lovelace", "region": "north", "tags": ["vip"]}',
        '{"id": 2, "name": "Brendan Eich", "region": "south"}',
        '{"id": 3, "name": "Grace Hopper", "region": "north"}',
        '{"id": 4, "name": "O\'Brien, Pat", "region": null}',
      ].join('\n'),
    );
    const { DuckDBInstance } = (await import('@duckdb/node-api')) as typeof import('@duckdb/node-api');
    const con = await (await DuckDBInstance.create(':memory:')).connect();
    await con.run(
      `COPY (SELECT * FROM read_csv('${join(d, 'shop', 'orders.csv')}', all_varchar = true)) TO '${join(d, 'shop', 'orders.parquet')}' (FORMAT parquet)`,
    );
    con.closeSync();
    rmSync(join(d, 'shop', 'orders.csv'));
    const queries = [
      'SELECT record_id, insert_at, update_at, tags, id, name, region FROM customers ORDER BY id',
      'SELECT record_id, insert_at, update_at, id, customer, amount, status, placed, paid FROM orders ORDER BY id',
      'SELECT record_id, parent_id, sku, qty, price FROM orders.lines ORDER BY sku',
      'SELECT record_id, id, amount, status FROM orders@trash ORDER BY id',
    ];
    const snapshot = async (l: LocalService) => Promise.all(queries.map(async (q) => jsonText(responseOut(await l.run(q)))));
    const saved = join(tmp, 'formats-saved');
    const l = await openLocal({ data: d, now: Date.UTC(2024, 5, 1) });
    let before: string[];
    try {
      await l.run('INSERT INTO customers (id, name) VALUES (5, \'Linus "T"\')');
      await l.run("UPDATE orders SET amount = 12345678.91, status = 'a,b' WHERE id = 9007199254740993");
      await l.run('TRASH FROM orders WHERE id = 2');
      before = await snapshot(l);
      await l.save(saved);
    } finally {
      await l.close();
    }
    expect(['customers.jsonl', 'orders.parquet', 'orders.lines.csv', 'orders@trash.csv'].map((f) => existsSync(join(saved, 'shop', f)))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['customers.csv', 'orders.csv'].map((f) => existsSync(join(saved, 'shop', f)))).toEqual([false, false]);
    expect(readFileSync(join(saved, 'shop', 'customers.jsonl'), 'utf8').split('\n')[0]).toBe(
      '{"record_id":1,"insert_at":"2024-06-01T00:00:00.000Z","update_at":null,"tags":["vip"],"id":1,"name":"Ada Lovelace","region":"north"}',
    );
    const again = await openLocal({ data: saved });
    try {
      expect(await snapshot(again)).toEqual(before);
    } finally {
      await again.close();
    }
  });
});

describe('dsq run', () => {
  const query = join(DATA, 'queries', 'revenue-by-region.dsq');

  it('--expect: exit 0 when the result is the saved one, 1 with the rows that differ', async () => {
    expect((await runCli(['run', query, '--data', DATA, '--expect', query.replace(/\.dsq$/, '.expect.json')])).code).toBe(0);
    const wrong = join(tmp, 'wrong.json');
    writeFileSync(wrong, readFileSync(query.replace(/\.dsq$/, '.expect.json'), 'utf8').replace('9.99', '9.98'));
    const r = await runCli(['run', query, '--data', DATA, '--expect', wrong]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('row 2 differs');
    expect(r.err).toContain('["south",1,9.98]');
  });

  it('--expect: rows that tie on every ORDER BY term compare in any order among themselves, and only there', async () => {
    // Ada Lovelace and Grace Hopper are both in the north: they tie on region (selected or not).
    const cases = [
      {
        q: 'SELECT name, region FROM customers ORDER BY region',
        rows: [
          ["O'Brien, Pat", null],
          ['Grace Hopper', 'north'],
          ['Ada Lovelace', 'north'],
          ['Brendan Eich', 'south'],
        ],
      },
      { q: 'SELECT name FROM customers ORDER BY region DESC', rows: [['Brendan Eich'], ['Grace Hopper'], ['Ada Lovelace'], ["O'Brien, Pat"]] },
      {
        q: 'FETCH PSEUDORECORDS FROM (SELECT name, region FROM customers) ORDER BY region',
        records: [
          { name: "O'Brien, Pat", region: null },
          { name: 'Grace Hopper', region: 'north' },
          { name: 'Ada Lovelace', region: 'north' },
          { name: 'Brendan Eich', region: 'south' },
        ],
      },
    ];
    for (const c of cases) {
      const printed = JSON.parse((await runCli(['run', '-', '--data', DATA], { stdin: c.q })).out) as { header?: unknown; rows?: unknown[] } | unknown[];
      const swapped = 'rows' in c ? { header: (printed as { header: unknown }).header, rows: c.rows } : c.records;
      const file = join(tmp, 'ties.json');
      writeFileSync(file, JSON.stringify(swapped));
      const ok = await runCli(['run', '-', '--data', DATA, '--expect', file], { stdin: c.q });
      expect([c.q, ok.code, ok.err]).toEqual([c.q, 0, '']);
      // Rows that do not tie keep their places: the first and the last swapped is a difference.
      const list = ('rows' in c ? c.rows : c.records) as unknown[];
      const moved = [list[3], list[1], list[2], list[0]];
      writeFileSync(file, JSON.stringify('rows' in c ? { header: (printed as { header: unknown }).header, rows: moved } : moved));
      const bad = await runCli(['run', '-', '--data', DATA, '--expect', file], { stdin: c.q });
      expect(bad.code).toBe(1);
      expect(bad.err).toContain('row 1 differs');
    }
    // Two north rows expected where the engine gives one north and one south: the tie group differs.
    const q = 'SELECT region FROM customers WHERE id <> 3 ORDER BY region';
    const file = join(tmp, 'ties.json');
    writeFileSync(file, JSON.stringify({ header: [{ name: 'region', type: 'utf8vstring(32)' }], rows: [[null], ['north'], ['north']] }));
    const r = await runCli(['run', '-', '--data', DATA, '--expect', file], { stdin: q });
    expect(r.code).toBe(1);
    expect(r.err).toContain('row 3 differs');
  });

  it('the ORDER BY terms a select does not output come back only to find ties: the response has the selected columns', async () => {
    const r = await local.run('SELECT name FROM customers ORDER BY region, id');
    expect(r.kind === 'select' && r.rows.every((row) => row.length === 1)).toBe(true);
    expect(r.kind === 'select' && r.ties).toEqual([1, 2, 3, 4]);
    const t = await local.run('SELECT region FROM customers ORDER BY region');
    expect(t.kind === 'select' && t.ties).toEqual([1, 2, 2, 3]);
    const d = await local.run('SELECT DISTINCT region FROM customers ORDER BY region');
    expect(d.kind === 'select' && [d.rows.length, d.ties]).toEqual([3, [1, 2, 3]]);
  });

  it('unknown names are errors at their line and column before anything runs, for every statement', async () => {
    const r = await runCli(['run', '-', '--data', DATA], { stdin: 'DELETE FROM orders;\nSELECT nme FROM customers;\nSELECT * FROM custmers' });
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/<stdin>:2:8: error: no source of the FROM clause has a column "nme" \(did you mean "name"\?\)/);
    expect(r.err).toMatch(/<stdin>:3:15: error: unknown database "custmers"/);
    expect(r.out).toBe('');
  });

  it('--format table and csv; --param; --save writes the data after the writes', async () => {
    const t = await runCli(['run', '-', '--data', DATA, '--format', 'csv', '--param', 'id=3'], { stdin: 'SELECT id, name FROM customers WHERE id = :id' });
    expect(t.out).toBe('id,name\n3,Grace Hopper\n');
    const saved = join(tmp, 'after-delete');
    const d = await runCli(['run', '-', '--data', DATA, '--save', saved], { stdin: 'DELETE FROM customers WHERE id = 4' });
    expect(d.code).toBe(0);
    expect(readFileSync(join(saved, 'shop', 'customers.csv'), 'utf8')).not.toContain('Pat');
    expect((await runCli(['run', '-', '--data', DATA, '--save', DATA], { stdin: 'SELECT 1' })).code).toBe(2);
  });

  it('dsq sql prints the SQL of each statement', async () => {
    const r = await runCli(['sql', '-', '--schema', join(DATA, 'schema.json'), '--dialect', 'postgres'], { stdin: 'SELECT id / 2 FROM orders' });
    expect(r.out).toBe(
      'SELECT (CAST("orders"."id" AS DOUBLE PRECISION) / NULLIF(CAST(CAST(2 AS BIGINT) AS DOUBLE PRECISION), 0)) AS "id / 2" FROM "shop/orders" AS "orders";\n',
    );
    expect(r.err).toContain('note: "/" gives a float');
  });
});
