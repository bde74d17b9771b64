import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DsqError, readSchema, readSchemaResult, schemaFromValue } from '../../src/index.js';
import { lint } from '../../src/lint/index.js';
import { allDatabases, emitTypes, findDatabase, findDatabases, type Schema } from '../../src/schema/index.js';
import { MAX_TYPE_KEY_CHARACTERS } from '../../src/schema/emit-types.js';
import { schemaFromText } from '../../playground/src/dsq.js';
import { deepSchemaText } from '../fixtures/schema-arbitraries.js';
import { spawnCli } from '../helpers/spawn-cli.js';

/**
 * Schemas of child databases nested 2,000 and 100,000 deep: read without recursion (the reader
 * overflowed the stack at 2,000), looked up, linted against, through the library and the CLI.
 * The server: test/lsp/deep-schema.test.ts.
 */

const dir = mkdtempSync(join(tmpdir(), 'dsq-deep-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each([2_000, 100_000])('a schema nested %i deep', (depth) => {
  const text = deepSchemaText(depth);
  const last = `d${depth - 1}`;
  let read: Schema | undefined;
  /** The schema, read once for the tests that only look it up. */
  const schema = () => (read ??= readSchema(text));

  it('reads, lists and finds its databases', () => {
    const entries = allDatabases(schema());
    expect(entries.length).toBe(depth);
    expect(entries[depth - 1]!.database.name).toBe(last);
    expect(entries[depth - 1]!.parent?.name).toBe(`d${depth - 2}`);
    expect(findDatabase(schema(), last)?.name).toBe(last);
    expect(findDatabase(schema(), `D${depth - 3}.d${depth - 2}.${last}`)?.name).toBe(last);
    const [deepest] = findDatabases(schema(), last);
    expect(deepest!.path.split('.').length).toBe(depth);
    expect(deepest!.path.startsWith('d0.d1.d2.')).toBe(true);
  });

  it('reads the same schema from a JS value', () => {
    const schema = schemaFromValue(JSON.parse(text));
    expect(allDatabases(schema).length).toBe(depth);
  });

  it('reports a problem at the bottom with its pointer and line', () => {
    const bad = text.replace(`{"name":"${last}","fields":[{"name":"f","type":"int(4)"}]}`, `{"name":"${last}","fields":[{"name":"f","type":7}]}`);
    const result = readSchemaResult(bad);
    expect(result.diagnostics.map((d) => d.message)).toEqual([`"type" of field "f" of database "${last}" must be a string, got the number 7`]);
    expect(result.diagnostics[0]!.pointer).toBe(`${'/databases/0'.repeat(depth - 1)}/fields/0/type`);
    expect(result.diagnostics[0]!.span?.line).toBe(1);
  });

  it('lints against it', () => {
    expect(lint(`SELECT f FROM ${last} WHERE f = 1`, { schema: schema() }).diagnostics).toEqual([]);
    expect(lint(`SELECT nope FROM d${depth - 2}.${last}`, { schema: schema() }).diagnostics.map((d) => d.code)).toEqual(['unknown-field']);
  });

  it('dsq lint --schema reads it and lints (no internal error)', async () => {
    const schemaFile = join(dir, `deep-${depth}.json`);
    writeFileSync(schemaFile, text);
    writeFileSync(join(dir, 'ok.dsq'), `SELECT f FROM ${last} WHERE f = 1\n`);
    writeFileSync(join(dir, 'bad.dsq'), `SELECT nope FROM ${last}\n`);
    const ok = await spawnCli(['lint', '--schema', schemaFile, 'ok.dsq'], { cwd: dir });
    expect([ok.code, ok.err]).toEqual([0, '']);
    const bad = await spawnCli(['lint', '--schema', schemaFile, 'bad.dsq'], { cwd: dir });
    expect(bad.code).toBe(1);
    expect(bad.out + bad.err).toMatch(/unknown-field/);
    expect(bad.out + bad.err).not.toMatch(/internal error/i);
  }, 60_000);
});

describe('the playground on deep nesting', () => {
  it('reads a schema 2,000 deep (it threw on load and dropped the schema)', () => {
    const read = schemaFromText(deepSchemaText(2_000));
    expect(read.errors).toBeUndefined();
    expect(allDatabases(read.schema!).length).toBe(2_000);
  });
});

describe('dsq types on deep nesting', () => {
  it('writes a schema nested a little deep, and refuses one whose keys would not fit, saying why', () => {
    expect(emitTypes(readSchema(deepSchemaText(30)))).toContain('"d0.d1.d2": ');
    let caught: unknown;
    try {
      emitTypes(readSchema(deepSchemaText(2_000)));
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(DsqError);
    expect((caught as DsqError).diagnostics[0]).toMatchObject({ code: 'schema/too-deep' });
    expect((caught as DsqError).message).toContain(`over ${MAX_TYPE_KEY_CHARACTERS} characters of keys`);
  });

  it('dsq types says so and exits with 1', async () => {
    const schemaFile = join(dir, 'types-deep.json');
    writeFileSync(schemaFile, deepSchemaText(2_000));
    const run = await spawnCli(['types', schemaFile]);
    expect(run.code).toBe(1);
    expect(run.out).toBe('');
    expect(run.err).toMatch(/^.*types-deep\.json: error: the schema's databases nest too deep to write as types/);
  }, 60_000);
});
