import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiagnosticSeverity } from 'vscode-languageserver/node';
import { lint } from '../../src/lint/lint.js';
import { formatGithub, formatJson, formatSarif, formatText, type FileReport } from '../../src/lint/report/index.js';
import { toLspDiagnostics } from '../../src/lsp/diagnostics.js';
import { runCli } from '../helpers/cli.js';

/** One info (permanent-write), one warning (empty-in-list), one error (null-comparison). */
const TEXT = 'DELETE FROM t WHERE a IN () OR b = NULL';
const files: FileReport[] = [{ file: 'q.dsq', diagnostics: lint(TEXT).diagnostics }];

describe('the info severity', () => {
  it('lint counts infos apart', () => {
    const r = lint(TEXT);
    expect(r.diagnostics.map((d) => `${d.code} ${d.severity}`).sort()).toEqual(['empty-in-list warning', 'null-comparison error', 'permanent-write info']);
    expect([r.errorCount, r.warningCount, r.infoCount]).toEqual([1, 1, 1]);
  });

  it('text: "info:" lines, and the summary counts infos separately from problems', () => {
    const out = formatText(files);
    expect(out).toContain('q.dsq:1:1: info: DELETE is permanent');
    expect(out).toContain('\n2 problems (1 error, 1 warning); 1 info\n');
    expect(formatText([{ file: 'x', diagnostics: lint('DELETE FROM t WHERE a = 1').diagnostics }])).toBe(
      'x:1:1: info: DELETE is permanent (the spec: "DELETE and DISPOSE delete permanently and cannot be undone"). (permanent-write)\nno problems; 1 info\n',
    );
  });

  it('json: severity "info" and infoCount', () => {
    const json = JSON.parse(formatJson(files));
    expect(json).toMatchObject({ errorCount: 1, warningCount: 1, infoCount: 1 });
    expect(json.files[0].diagnostics.find((d: { ruleId: string }) => d.ruleId === 'permanent-write').severity).toBe('info');
  });

  it('sarif: an info is level "note", in results and in the rules\' default configuration', () => {
    const run = JSON.parse(formatSarif(files)).runs[0];
    expect(run.results.find((r: { ruleId: string }) => r.ruleId === 'permanent-write').level).toBe('note');
    type Config = { level?: string; enabled?: boolean };
    const configs = new Map<string, Config>(run.tool.driver.rules.map((r: { id: string; defaultConfiguration: Config }) => [r.id, r.defaultConfiguration]));
    expect(configs.get('permanent-write')).toEqual({ level: 'note' });
    expect(configs.get('fetch-without-limit')).toEqual({ level: 'note' });
    // A rule off by default is not enabled (SARIF's reportingConfiguration.enabled).
    expect(configs.get('local-run-choice')).toEqual({ enabled: false });
    for (const config of configs.values()) expect(config.enabled === false || ['error', 'warning', 'note'].includes(config.level as string)).toBe(true);
  });

  it('github: an info is a ::notice', () => {
    const lines = formatGithub(files).trim().split('\n');
    expect(lines.find((l) => l.includes('title=permanent-write'))).toMatch(/^::notice file=q\.dsq,line=1,col=1,/);
    expect(lines.filter((l) => l.startsWith('::error'))).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith('::warning'))).toHaveLength(1);
  });

  it('LSP: an info is DiagnosticSeverity.Information', () => {
    const lsp = toLspDiagnostics(lint('FETCH RECORDS FROM t').diagnostics, (offset) => ({ line: 0, character: offset }));
    expect(lsp.map((d) => [d.code, d.severity])).toEqual([['fetch-without-limit', DiagnosticSeverity.Information]]);
  });

  it('config: "info" is a rule level; a warning rule set to info reports as info, an info rule set to error fails', () => {
    const r = lint('SELECT a FROM t WHERE b IN ()', { rules: { 'empty-in-list': 'info' } });
    expect(r.diagnostics.map((d) => d.severity)).toEqual(['info']);
    expect(lint('DELETE FROM t WHERE a = 1', { rules: { 'permanent-write': 'error' } }).errorCount).toBe(1);
    expect(lint('DELETE FROM t WHERE a = 1', { rules: { 'permanent-write': 'off' } }).diagnostics).toEqual([]);
    expect(() => lint('SELECT 1', { rules: { 'empty-in-list': 'notice' as never } })).toThrow(/"off", "info", "warning" or "error"/);
  });
});

describe('dsq lint with infos', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dsq-info-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('infos never change the exit code; "info" in dsq.config.json is accepted', async () => {
    await writeFile(join(dir, 'q.dsq'), 'FETCH RECORDS FROM t;\nDISPOSE FROM t WHERE a = 1;\n');
    const r = await runCli(['lint', 'q.dsq'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.out).toContain('q.dsq:1:1: info: FETCH RECORDS without LIMIT returns at most 1,000 records');
    expect(r.out).toContain('q.dsq:2:1: info: DISPOSE is permanent');
    expect(r.out).toContain('no problems; 2 infos\n');
    await writeFile(join(dir, 'w.dsq'), 'SELECT a FROM t WHERE b IN ()\n');
    await writeFile(join(dir, 'dsq.config.json'), JSON.stringify({ rules: { 'empty-in-list': 'info' } }));
    const w = await runCli(['lint', 'w.dsq'], { cwd: dir });
    expect(w).toMatchObject({ code: 0, err: '' });
    expect(w.out).toContain('w.dsq:1:23: info:');
    const g = await runCli(['lint', '--format', 'github', 'q.dsq'], { cwd: dir });
    expect(g.code).toBe(0);
    expect(g.out.split('\n').filter((l) => l.startsWith('::notice'))).toHaveLength(2);
  });
});
