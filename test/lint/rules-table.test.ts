import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

/** docs/lint.md's table of rules is `dsq lint --list-rules` (issue 27: param-type-mismatch was missing from it). */
describe('the rule table of docs/lint.md', () => {
  it('lists every rule of --list-rules, in its order, with its default severity, fix and schema', async () => {
    const ROOT = join(import.meta.dirname, '..', '..');
    const text = readFileSync(join(ROOT, 'docs', 'lint.md'), 'utf8');
    const rows = [...text.matchAll(/^\| ([a-z][a-z-]*) \| ([a-z, ]+) \| .* \|$/gm)].map((m) => [m[1], m[2]]);
    const listed = await runCli(['lint', '--list-rules', '--format', 'json']);
    expect(listed.code).toBe(0);
    const rules = JSON.parse(listed.out) as { id: string; severity: string; fixable: boolean; needsSchema: boolean }[];
    expect(rows).toEqual(rules.map((r) => [r.id, [r.severity, r.fixable ? 'fix' : '', r.needsSchema ? 'schema' : ''].filter(Boolean).join(', ')]));
    // The text list says the same.
    const plain = (await runCli(['lint', '--list-rules'])).out
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split(/\s+/)[0]);
    expect(plain).toEqual(rules.map((r) => r.id));
  });
});
