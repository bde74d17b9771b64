import { readdirSync, readFileSync } from 'node:fs';
import { sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { readSpecJson, statementFromValue, toJson } from '../src/json/index.js';

const dir = new URL('../examples/', import.meta.url);
const sources = readdirSync(dir)
  .filter((f) => f.endsWith('.dsq'))
  .sort();

/** The compact form of `dsq compile` output: one statement, or a JSON array of statements. */
function compact(text: string): string {
  const value = readSpecJson(text);
  const items = value.type === 'array' ? value.items.map((v) => statementFromValue(v)) : [statementFromValue(value)];
  const parts = items.map((s) => toJson(s, { indent: 0 }));
  return value.type === 'array' ? `[${parts.join(',')}]` : (parts[0] as string);
}

const compile = (file: string) => runCli(['compile', `examples/${file}`], { cwd: new URL('..', import.meta.url).pathname });

describe('examples/', () => {
  it('holds at least 15 query files, revenue-by-region.dsq among them', () => {
    expect(sources.length).toBeGreaterThanOrEqual(15);
    expect(sources).toContain('revenue-by-region.dsq');
  });

  it.each(sources)('%s compiles to its committed JSON', async (file) => {
    const { code, out, err } = await compile(file);
    expect(err).toBe('');
    expect(code).toBe(0);
    const expected = readFileSync(new URL(file.replace(/\.dsq$/, '.json'), dir), 'utf8');
    // Same JSON, exactly (numbers as written): compared in the compact form, so a change of
    // toJson's pretty layout does not fail it.
    expect(compact(out)).toBe(compact(expected));
  });

  it('covers several statements and a SELECT action with OPTIONS', () => {
    const jsons = sources.map((f) => readFileSync(new URL(f.replace(/\.dsq$/, '.json'), dir), 'utf8'));
    expect(jsons.some((j) => j.startsWith('['))).toBe(true);
    expect(jsons.some((j) => j.includes('"action": "select"'))).toBe(true);
  });
});

/**
 * Every query file below examples/ against its schema (`dsq lint --schema`, as docs/cli.md runs
 * it over examples/): examples/shop-data/ has its own (schema.json: the data of `dsq run`), the
 * rest examples/shop.schema.json. No name of a database, table or field the schema lacks: an
 * example that needs another database or field extends the schema (and `dsq types` rewrites
 * examples/shop.schema.ts).
 */
describe('examples/ against their schema', () => {
  const all = readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.dsq'))
    .map((f) => `examples/${f.split(sep).join('/')}`)
    .sort();
  const schemaOf = (file: string) => (file.startsWith('examples/shop-data/') ? 'examples/shop-data/schema.json' : 'examples/shop.schema.json');
  const UNKNOWN = /\((unknown-database|unknown-table|unknown-field)\)$/;
  const lint = (schema: string, args: string[], stdin?: string) =>
    runCli(['lint', '--schema', schema, ...args], {
      cwd: new URL('..', import.meta.url).pathname,
      ...(stdin === undefined ? {} : { stdin }),
    });
  const unknownNames = ({ out, err }: { out: string; err: string }) => `${out}${err}`.split('\n').filter((line) => UNKNOWN.test(line));

  it('finds the files below the folder too', () => {
    expect(all).toEqual(
      expect.arrayContaining([
        'examples/revenue-by-region.dsq',
        'examples/readme/queries/top-customers.dsq',
        'examples/shop-data/queries/revenue-by-region.dsq',
      ]),
    );
  });

  it.each(all)('%s', async (file) => {
    expect(unknownNames(await lint(schemaOf(file), [file]))).toEqual([]);
  });

  // The check above passes on no output at all: here the same filter finds each kind of unknown name.
  it('finds an unknown database, table and field in the same way', async () => {
    const text = 'SELECT nope FROM shop.orders;\nSELECT id FROM shop.nowhere;\nSELECT id FROM shop.orders@archive';
    expect(unknownNames(await lint('examples/shop.schema.json', ['-'], text)).map((line) => /\(([a-z-]+)\)$/.exec(line)?.[1])).toEqual([
      'unknown-field',
      'unknown-database',
      'unknown-table',
    ]);
  });
});
