/**
 * bench/RESULTS.md is written by the bench, not by hand: `npm run bench -- --write` (or with
 * module names, `npm run bench -- format scaling --write`) stores each module's tables, with the
 * run they came from (date, commit, Node, load average), in bench/results.json and renders
 * RESULTS.md from that file. A partial run replaces only the modules it ran; the others keep
 * their last run, named beside them. So RESULTS.md is the table of current results, and its
 * history is in git.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fmt, met, type BenchTable, type BenchTarget } from './harness.js';

/** Where a module's figures came from. */
export interface RunInfo {
  readonly date: string;
  readonly commit: string;
  readonly node: string;
  /** The 1-minute load average when the module started and when it ended (2 cores). */
  readonly load: readonly [number, number];
  readonly seconds: number;
}

/** A target as stored: its figures already printed. */
export interface StoredTarget {
  readonly name: string;
  readonly measured: string;
  readonly target: string;
  readonly met: boolean;
}

export interface StoredTable {
  readonly title: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
  readonly notes?: readonly string[];
  readonly targets?: readonly StoredTarget[];
}

export interface StoredModule {
  readonly run: RunInfo;
  readonly tables: readonly StoredTable[];
}

export interface Results {
  /** By module name, in the bench's order. */
  readonly modules: { readonly [name: string]: StoredModule };
}

/** The headings of the modules' sections (the docs link to some: #language-server). */
export const MODULE_HEADINGS: { readonly [name: string]: string } = {
  startup: 'Start-up',
  parse: 'Parse',
  scaling: 'Scaling: time grows with the input, not faster',
  print: 'Printer',
  format: 'Printer and formatter',
  actions: 'Data actions',
  lsp: 'Language server',
  'scaling-tools': 'Scaling of the tools',
  run: 'Local runs (dsq run)',
  'builder-types': 'Typed builder',
};

export function storeTarget(t: BenchTarget): StoredTarget {
  const show = t.show ?? fmt.ratio;
  return { name: t.name, measured: show(t.value), target: `${t.at === 'least' ? 'at least' : 'at most'} ${show(t.target)}`, met: met(t) };
}

export function storeTable(t: BenchTable): StoredTable {
  return {
    title: t.title,
    columns: t.columns,
    rows: t.rows,
    ...(t.notes?.length ? { notes: t.notes } : {}),
    ...(t.targets?.length ? { targets: t.targets.map(storeTarget) } : {}),
  };
}

/** The commit measured: HEAD, with `+` when the working tree differs from it. */
export function currentCommit(root: string): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head}+` : head;
  } catch {
    return 'unknown';
  }
}

export function loadNow(): number {
  return loadavg()[0] ?? 0;
}

export function readResults(file: string): Results {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Results;
  } catch {
    return { modules: {} };
  }
}

/** The stored results with this run's modules replaced, in `order`. */
export function mergeResults(old: Results, fresh: { readonly [name: string]: StoredModule }, order: readonly string[]): Results {
  const modules: { [name: string]: StoredModule } = {};
  const all = { ...old.modules, ...fresh };
  for (const name of order) if (all[name] !== undefined) modules[name] = all[name];
  return { modules };
}

const cell = (s: string) => s.replaceAll('|', '\\|');
const row = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;

function markdownTable(columns: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return [row(columns), row(columns.map(() => '---')), ...rows.map(row)];
}

function runLine(run: RunInfo): string {
  const load = `${run.load[0].toFixed(1)} to ${run.load[1].toFixed(1)}`;
  return `${run.date}, commit ${run.commit}, Node ${run.node}, load average ${load} on 2 cores, ${run.seconds.toFixed(0)} s`;
}

/** RESULTS.md from the stored results. */
export function renderResults(results: Results): string {
  const out: string[] = [
    '<!-- Written by `npm run bench -- --write` from bench/results.json: do not edit by hand. -->',
    '# Benchmark results',
    '',
    'The current figures of every bench module, each from the run named under its heading',
    '(`npm run bench -- --write` reruns them all; `npm run bench -- format --write` one module;',
    'older figures are in git). They come from a shared 2-core machine: throughput moves by',
    '±30% with the load average named beside each run; the ratios of subjects timed in turn in',
    'one process (dsq beside a peer, parse beside `JSON.parse`) move least. How each figure is',
    'measured: bench/harness.ts and the module (bench/NAME.ts).',
    '',
  ];
  const targets: (readonly string[])[] = [];
  for (const [name, m] of Object.entries(results.modules)) {
    for (const t of m.tables)
      for (const g of t.targets ?? []) targets.push([g.name, g.measured, g.target, g.met ? 'met' : 'NOT met', `${name}, ${m.run.date}`]);
  }
  if (targets.length > 0) {
    out.push("## Issue 32's targets", '', ...markdownTable(['figure', 'measured', 'target', '', 'run'], targets), '');
  }
  for (const [name, m] of Object.entries(results.modules)) {
    out.push(`## ${MODULE_HEADINGS[name] ?? name}`, '', `\`npm run bench -- ${name}\`: ${runLine(m.run)}.`, '');
    for (const t of m.tables) {
      out.push(`### ${t.title}`, '', ...markdownTable(t.columns, t.rows), '');
      if (t.notes?.length) out.push(...t.notes.map((n) => `- ${n}`), '');
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/** Write a file whole or not at all. */
function writeAtomically(file: string, text: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}

/** Store this run's modules and render RESULTS.md. */
export function writeResults(dir: string, fresh: { readonly [name: string]: StoredModule }, order: readonly string[]): void {
  const json = `${dir}/results.json`;
  const results = mergeResults(readResults(json), fresh, order);
  writeAtomically(json, `${JSON.stringify(results, null, 1)}\n`);
  writeAtomically(`${dir}/RESULTS.md`, renderResults(results));
}
