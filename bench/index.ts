/**
 * `npm run bench`: runs every bench module in one process and prints their tables; with
 * `--write`, also stores them and rewrites bench/RESULTS.md (bench/results.ts).
 * A new benchmark is one module in bench/ and one entry in MODULES.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { actionsBench } from './actions.js';
import { builderTypesBench } from './builder-types.js';
import { compareBench } from './compare.js';
import { bundleBench, renderTable, targetTable, type BenchEnv, type BenchModule, type BenchTarget } from './harness.js';
import { formatBench } from './format.js';
import { lspBench } from './lsp.js';
import { currentCommit, loadNow, storeTable, writeResults, type StoredModule } from './results.js';
import { parseBench } from './parse.js';
import { printBench } from './print.js';
import { runBench } from './run.js';
import { scalingBench } from './scaling.js';
import { startupBench } from './startup.js';
import { toolScalingBench } from './scaling-tools.js';

// Parse throughput first: the scaling shapes (100,000-value lists, deep nesting) leave V8's
// optimised code tuned to them, which halves the throughput measured after them.
export const MODULES: readonly BenchModule[] = [
  startupBench,
  parseBench,
  scalingBench,
  printBench,
  formatBench,
  actionsBench,
  lspBench,
  toolScalingBench,
  runBench,
  builderTypesBench,
  compareBench,
];

/**
 * dsq as shipped (bundleBench: as tsup builds dist/). The entry is bench/bundle.ts: src/index.ts
 * plus the scaling bench's floor, which must share the parser's node constructors.
 */
async function loadDsq(): Promise<{ dsq: BenchEnv['dsq']; bundle: string }> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const outdir = `${root}node_modules/.cache/dsq-bench`;
  mkdirSync(outdir, { recursive: true });
  const outfile = `${outdir}/dsq.mjs`;
  await bundleBench(`${root}bench/bundle.ts`, outfile);
  const bundle = pathToFileURL(outfile).href;
  return { dsq: (await import(bundle)) as BenchEnv['dsq'], bundle };
}

async function main(): Promise<void> {
  if (typeof (globalThis as { gc?: unknown }).gc !== 'function') {
    console.warn('note: run with node --expose-gc (npm run bench does) for steadier numbers');
  }
  const { dsq, bundle } = await loadDsq();
  const words = process.argv.slice(2);
  const write = words.includes('--write');
  const only = words.filter((w) => w !== '--write');
  const root = fileURLToPath(new URL('..', import.meta.url));
  const commit = currentCommit(root);
  const started = performance.now();
  const targets: BenchTarget[] = [];
  const stored: { [name: string]: StoredModule } = {};
  for (const module of MODULES) {
    if ((only.length > 0 || module.onlyWhenNamed === true) && !only.includes(module.name)) continue;
    const t0 = performance.now();
    const load0 = loadNow();
    const tables = await module.run({ dsq, bundle, args: only });
    for (const table of tables) {
      console.log(renderTable(table));
      targets.push(...(table.targets ?? []));
    }
    const seconds = (performance.now() - t0) / 1000;
    console.log(`(${module.name}: ${seconds.toFixed(1)} s)\n`);
    if (module.onlyWhenNamed !== true) {
      const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
      stored[module.name] = { run: { date, commit, node: process.version, load: [load0, loadNow()], seconds }, tables: tables.map(storeTable) };
    }
  }
  if (targets.length > 0) console.log(renderTable(targetTable(targets)));
  console.log(`bench total: ${((performance.now() - started) / 1000).toFixed(1)} s on Node ${process.version}`);
  if (write) {
    writeResults(
      `${root}bench`,
      stored,
      MODULES.map((m) => m.name),
    );
    console.log(`bench/RESULTS.md and bench/results.json: ${Object.keys(stored).join(', ') || 'nothing'} rewritten`);
  }
}

await main();
