/**
 * The language server on a 5,000-line file: how long after a change the editor gets the new
 * diagnostics (didChange sent → publishDiagnostics of that version received), over stdio to
 * `dsq lsp --stdio` built like the shipped package, with the default debounce. The goal: within
 * 200 ms. Also the first diagnostics after opening the file, and completion and hover latency.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';
import { DEFAULT_DEBOUNCE_MS } from '../src/lsp/initialize.js';
import { generateCorpus } from './corpus.js';
import { fmt, type BenchModule, type BenchTable } from './harness.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LINES = 5_000;
const EDITS = 30;
const PAUSE_MS = 250;

/** The server as shipped: the CLI bundled by esbuild (what tsup does), dependencies external. */
async function serverBundle(): Promise<string> {
  const outdir = `${ROOT}node_modules/.cache/dsq-bench`;
  mkdirSync(outdir, { recursive: true });
  const outfile = `${outdir}/dsq-cli.mjs`;
  await build({
    entryPoints: [`${ROOT}src/cli/main.ts`],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outfile,
    logLevel: 'warning',
    packages: 'external',
  });
  const runner = `${outdir}/dsq-run.mjs`;
  writeFileSync(runner, `import { main } from './dsq-cli.mjs';\nmain(process.argv.slice(2)).then((c) => { process.exitCode = c; });\n`);
  return runner;
}

/** About `lines` lines of realistic statements (the bench corpus, formatted by dsq). */
function bigFile(format: (text: string) => string): string {
  let out = '';
  let lines = 0;
  let seed = 1;
  while (lines < LINES) {
    const text = format(`${generateCorpus(50, seed++).join(';\n')};\n`);
    out += `${text}\n`;
    lines += text.split('\n').length;
  }
  return out
    .split('\n')
    .slice(0, LINES)
    .join('\n')
    .replace(/;?\s*$/, '\n');
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const pct = (xs: number[], p: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor((xs.length - 1) * p))] as number;

async function run(runner: string, text: string, schema: string | null): Promise<string[][]> {
  const dir = mkdtempSync(join(tmpdir(), 'dsq-lsp-bench-'));
  if (schema !== null) {
    writeFileSync(join(dir, 'schema.json'), schema);
    writeFileSync(join(dir, 'dsq.config.json'), JSON.stringify({ schema: 'schema.json' }));
  }
  const uri = pathToFileURL(join(dir, 'big.dsq')).href;
  const child = spawn(process.execPath, [runner, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const c = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const waiting = new Map<number, (t: number) => void>();
  let count = 0;
  c.onNotification('textDocument/publishDiagnostics', (p: { uri: string; version?: number; diagnostics: unknown[] }) => {
    const now = performance.now();
    count = p.diagnostics.length;
    if (p.uri === uri && p.version !== undefined) waiting.get(p.version)?.(now);
  });
  c.listen();
  const diagnosticsOf = (version: number) => new Promise<number>((resolve) => waiting.set(version, resolve));
  await c.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(dir).href, capabilities: {} });
  c.sendNotification('initialized', {});

  const t0 = performance.now();
  const opened = diagnosticsOf(1);
  c.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'dsq', version: 1, text } });
  const openMs = (await opened) - t0;

  // Edits spread over the file: a digit typed into a number, each after a pause (no coalescing).
  const lines = text.split('\n');
  const latencies: number[] = [];
  for (let k = 0; k < EDITS; k++) {
    const line = Math.floor(((k + 0.5) / EDITS) * (lines.length - 1));
    const version = k + 2;
    await new Promise((r) => setTimeout(r, PAUSE_MS));
    const got = diagnosticsOf(version);
    const sent = performance.now();
    c.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: ' ' }],
    });
    latencies.push((await got) - sent);
  }
  // A burst of typing: ten keystrokes 20 ms apart; the time from the last one to its diagnostics.
  const burst: number[] = [];
  let version = EDITS + 2;
  for (let round = 0; round < 5; round++) {
    await new Promise((r) => setTimeout(r, PAUSE_MS));
    let last = 0;
    for (let k = 0; k < 10; k++) {
      version++;
      last = performance.now();
      c.sendNotification('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [{ range: { start: { line: 2500, character: 0 }, end: { line: 2500, character: 0 } }, text: ' ' }],
      });
      if (k < 9) await new Promise((r) => setTimeout(r, 20));
    }
    burst.push((await diagnosticsOf(version)) - last);
  }
  // Completion and hover in the middle of the file.
  const requestMs: number[] = [];
  for (let k = 0; k < 10; k++) {
    const t = performance.now();
    await c.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line: 2500, character: 10 } });
    requestMs.push(performance.now() - t);
  }
  await c.sendRequest('shutdown');
  c.sendNotification('exit');
  await new Promise((r) => child.on('exit', r));
  rmSync(dir, { recursive: true, force: true });
  const label = schema === null ? 'no schema' : 'with a schema';
  return [
    [`open (${label})`, fmt.ms(openMs), '', '', String(count)],
    [`one change (${label})`, fmt.ms(pct(latencies, 0.5)), fmt.ms(pct(latencies, 0.95)), fmt.ms(Math.max(...latencies)), ''],
    [`typing burst, after the last key (${label})`, fmt.ms(pct(burst, 0.5)), fmt.ms(pct(burst, 0.95)), fmt.ms(Math.max(...burst)), ''],
    [`completion (${label})`, fmt.ms(pct(requestMs, 0.5)), fmt.ms(pct(requestMs, 0.95)), fmt.ms(Math.max(...requestMs)), ''],
  ];
}

export const lspBench: BenchModule = {
  name: 'lsp',
  async run({ dsq }): Promise<BenchTable[]> {
    const runner = await serverBundle();
    const text = bigFile((t) => dsq.format(t));
    const schema = readFileSync(`${ROOT}examples/shop.schema.json`, 'utf8');
    const rows = [...(await run(runner, text, null)), ...(await run(runner, text, schema))];
    return [
      {
        title: `Language server: ${text.split('\n').length.toLocaleString('en')} lines (${(text.length / 1024).toFixed(0)} KB), ms from the change to its diagnostics`,
        columns: ['', 'median ms', 'p95 ms', 'max ms', 'diagnostics'],
        rows,
        notes: [
          `over stdio to dsq lsp --stdio (esbuild bundle, as shipped); default debounce ${DEFAULT_DEBOUNCE_MS} ms included; ${EDITS} single edits ${PAUSE_MS} ms apart`,
          'the goal: diagnostics within 200 ms of a change',
        ],
      },
    ];
  },
};
