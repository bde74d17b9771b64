import { describe, expect, it } from 'vitest';
import { lint } from '../../src/lint/lint.js';
import { RULES } from '../../src/lint/registry.js';
import { readSchema } from '../../src/schema/index.js';
import { escapeData, escapeProperty, formatGithub, formatJson, formatSarif, formatText, type FileReport } from '../../src/lint/report/index.js';

const files: FileReport[] = [
  { file: 'dir/a b.dsq', diagnostics: lint('SELECT a FROM t\nWHERE b = NULL AND c IN ()').diagnostics },
  { file: 'clean.dsq', diagnostics: [] },
];

describe('reporters', () => {
  it('text: one line per finding and the summary', () => {
    const out = formatText(files);
    expect(out.split('\n')[0]).toBe(
      'dir/a b.dsq:2:7: error: A comparison with = NULL is never true (NULL is unknown, not a value); use IS NULL. (null-comparison)',
    );
    expect(out).toContain('\n2 problems (1 error, 1 warning)\n');
    expect(formatText([{ file: 'x', diagnostics: [] }])).toBe('no problems\n');
  });

  it('json: parseable, with rule ids and ranges', () => {
    const json = JSON.parse(formatJson(files));
    expect(json).toMatchObject({ errorCount: 1, warningCount: 1, fixableCount: 1 });
    expect(json.files[0].diagnostics.map((d: { ruleId: string }) => d.ruleId)).toEqual(['null-comparison', 'empty-in-list']);
  });

  it("json: a finding's suggestions (did you mean) beside its fix", () => {
    const schema = readSchema('[{"name": "orders", "fields": [{"name": "status", "type": "string"}]}]');
    const text = "UPDATE orders SET statsu = 'x' WHERE status = 'y'";
    const json = JSON.parse(formatJson([{ file: 'q.dsq', diagnostics: lint(text, { schema }).diagnostics.filter((d) => d.code === 'unknown-field') }]));
    expect(json.files[0].diagnostics).toMatchObject([
      { ruleId: 'unknown-field', suggestions: [{ description: 'change statsu to status', edits: [{ start: 18, end: 24, text: 'status' }] }] },
    ]);
    expect(json.files[0].diagnostics[0].fix).toBeUndefined();
    expect(json.fixableCount).toBe(0);
  });

  it("sarif: SARIF 2.1.0 with the schema's required fields", () => {
    const log = JSON.parse(formatSarif(files));
    expect(log.version).toBe('2.1.0');
    expect(log.$schema).toMatch(/sarif-2\.1\.0/);
    expect(log.runs).toHaveLength(1);
    const run = log.runs[0];
    expect(run.tool.driver.name).toBe('dsq');
    expect(run.tool.driver.rules.map((r: { id: string }) => r.id)).toEqual(RULES.map((r) => r.meta.id));
    for (const rule of run.tool.driver.rules) expect(typeof rule.shortDescription.text).toBe('string');
    expect(run.results).toHaveLength(2);
    const [first] = run.results;
    expect(first).toMatchObject({
      ruleId: 'null-comparison',
      level: 'error',
      message: { text: expect.stringContaining('IS NULL') },
      locations: [{ physicalLocation: { artifactLocation: { uri: 'dir/a%20b.dsq' }, region: { startLine: 2, startColumn: 7, endLine: 2, endColumn: 15 } } }],
    });
    expect(run.tool.driver.rules[first.ruleIndex].id).toBe('null-comparison');
    for (const r of run.results) expect(['error', 'warning', 'note', 'none']).toContain(r.level);
  });

  it('github: workflow annotations with escaped data and properties', () => {
    const out = formatGithub(files);
    expect(out.split('\n')[0]).toBe(
      '::error file=dir/a b.dsq,line=2,col=7,endLine=2,endColumn=15,title=null-comparison::A comparison with = NULL is never true (NULL is unknown, not a value); use IS NULL.',
    );
    expect(out.split('\n')[1]).toMatch(/^::warning file=/);
    expect(escapeData('100%\r\nnext')).toBe('100%25%0D%0Anext');
    expect(escapeProperty('C:\\a,b.dsq')).toBe('C%3A\\a%2Cb.dsq');
    expect(formatGithub([{ file: 'x', diagnostics: [] }])).toBe('');
  });
});
