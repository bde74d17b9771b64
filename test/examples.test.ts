import { readdirSync, readFileSync } from 'node:fs';
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
