import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { DsqError } from '../../src/diagnostic/diagnostic.js';
import { readSchema } from '../../src/schema/read.js';
import { toSql } from '../../src/sql/index.js';
import { parse } from '../../src/syntax/parse.js';
import { runCli } from '../helpers/cli.js';

vi.mock('../../src/ast/kinds-expressions.js', async (original) => (await import('../helpers/test-call-kind.js')).withTestCallKinds(await original()));

/**
 * An expression call's SQL in a local run is its entry's `sql` template; an entry whose `sql` is
 * null cannot run locally: `dsq run` and `dsq sql` say so at the call, and write no SQL. No kind
 * of the table has `sql: null` today: the test kinds (test/helpers/test-call-kind.ts) are added.
 */
const DATA = join(import.meta.dirname, '..', '..', 'examples', 'shop-data');
const schema = readSchema(readFileSync(join(DATA, 'schema.json'), 'utf8'));

describe('an expression call in a local run', () => {
  it("writes its entry's SQL template with its arguments' SQL", () => {
    const s = toSql(parse('SELECT NULLIF_EMPTY(name) FROM customers'), { schema });
    expect(s.kind === 'select' && s.sql).toContain(`(NULLIF("customers"."name", ''))`);
  });

  it('with sql: null, is an error naming the call, with the call as its node, and no SQL', () => {
    const text = 'SELECT id FROM customers WHERE id > 1 AND REMOTE_ONLY(name) = 2';
    const tree = parse(text);
    let error: unknown;
    try {
      toSql(tree, { schema });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DsqError);
    const d = (error as DsqError).diagnostics[0];
    expect([d?.code, d?.message]).toEqual(['run/unavailable', 'REMOTE_ONLY(...) cannot run locally: a local run has no SQL for it (docs/run.md)']);
    expect((error as { node: unknown }).node).toMatchObject({ kind: 'remote_only' });
  });

  it('dsq sql and dsq run report it at its line and column, exit 1, and write nothing, in a select, a write and a FETCH', async () => {
    for (const statement of [
      'SELECT id FROM customers WHERE REMOTE_ONLY(name) = 2',
      'UPDATE customers SET name = REMOTE_ONLY(1) WHERE id = 1',
      'FETCH RECORDS FROM customers WHERE 1 + REMOTE_ONLY(id) > 2 LIMIT 1',
    ]) {
      const stdin = `SELECT id FROM customers;\n${statement}`;
      const column = statement.indexOf('REMOTE_ONLY') + 1;
      for (const args of [
        ['sql', '-', '--schema', join(DATA, 'schema.json')],
        ['run', '-', '--data', DATA],
      ]) {
        const what = `${args[0]}: ${statement}`;
        const r = await runCli(args, { stdin });
        expect(r.code, what).toBe(1);
        expect(r.err, what).toMatch(
          new RegExp(`^<stdin>:2:${column}: error: REMOTE_ONLY\\(\\.\\.\\.\\) cannot run locally: a local run has no SQL for it \\(docs/run\\.md\\)`, 'm'),
        );
        expect(r.out, what).toBe('');
      }
    }
  });
});
