import { describe, expect, it } from 'vitest';
import { mergeResults, renderResults, storeTable, type StoredModule } from '../../bench/results.js';

const run = (commit: string) => ({ date: '2026-11-30 01:00', commit, node: 'v20', load: [1, 2] as const, seconds: 3 });
const module = (commit: string, title: string): StoredModule => ({
  run: run(commit),
  tables: [storeTable({ title, columns: ['a', 'b|c'], rows: [['1', 'x|y']], targets: [{ name: 'ratio', value: 3, target: 2.5, at: 'most' }] })],
});

// bench/RESULTS.md is written by `npm run bench -- --write` from bench/results.json.
describe('bench results', () => {
  it('a partial run replaces only its modules, in the bench order', () => {
    const old = { modules: { parse: module('aaa', 'P'), format: module('aaa', 'F') } };
    const merged = mergeResults(old, { format: module('bbb', 'F2'), print: module('bbb', 'R') }, ['parse', 'print', 'format']);
    expect(Object.keys(merged.modules)).toEqual(['parse', 'print', 'format']);
    expect(merged.modules.parse?.run.commit).toBe('aaa');
    expect(merged.modules.format?.tables[0]?.title).toBe('F2');
  });

  it("renders every module's tables with its run, and every target in one table", () => {
    const text = renderResults({ modules: { format: module('bbb', 'F') } });
    expect(text).toContain('| ratio | 3.0x | at most 2.5x | NOT met | format, 2026-11-30 01:00 |');
    expect(text).toContain('## Printer and formatter');
    expect(text).toContain('commit bbb, Node v20, load average 1.0 to 2.0');
    expect(text).toContain('| a | b\\|c |');
    expect(text).toContain('| 1 | x\\|y |');
  });
});
