/**
 * The benchmark harness: what a bench module is, how time is measured, how tables print.
 *
 * How time is measured (every module: `measure` for one subject, `measureInTurn` for subjects
 * compared with each other): the process's CPU time, after a warm-up, with no forced garbage
 * collection before a round, the subjects' rounds in turn; the fastest round of each. CPU time:
 * on the shared machine wall time also counts the waits for a core. In turn: subjects timed one
 * after the other took load that came or went between them (parse / JSON.parse read 1.2x to
 * 3.7x so). No forced collection: after a `gc()` the next round ran format 1.5x to 3x slower and
 * parse hardly at all, so format / parse read 9x to 12x where a process that never forces one
 * (any dsq command) sees 3x to 4x (bench/format.ts). The scaling modules time in a fresh
 * worker each (bench/scaling.ts, bench/scaling-tools.ts), in CPU time too, collecting before
 * each size (a large input's garbage would land on the next). Wall time only where the work is
 * not this thread's: whole processes (bench/startup.ts, bench/compare.ts), the language server's
 * answers (bench/lsp.ts), DuckDB's threads (bench/run.ts, its subjects alternating).
 */

export interface BenchTable {
  readonly title: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
  readonly notes?: readonly string[];
  /** The figures with a target (issue 32): `npm run bench` prints them all in one table at the end. */
  readonly targets?: readonly BenchTarget[];
}

/** A measured ratio beside its target: `value` at least (or at most) `target`. */
export interface BenchTarget {
  readonly name: string;
  readonly value: number;
  readonly target: number;
  readonly at: 'least' | 'most';
  /** How a value prints (default: `fmt.ratio`). */
  readonly show?: (x: number) => string;
}

export function met(t: BenchTarget): boolean {
  return t.at === 'least' ? t.value >= t.target : t.value <= t.target;
}

/** The table of every target: each figure, its target, met or not. */
export function targetTable(targets: readonly BenchTarget[]): BenchTable {
  const show = (t: BenchTarget, x: number) => (t.show ?? fmt.ratio)(x);
  return {
    title: 'Targets (issue 32): each figure beside its target',
    columns: ['figure', 'measured', 'target', ''],
    rows: targets.map((t) => [t.name, show(t, t.value), `${t.at === 'least' ? 'at least' : 'at most'} ${show(t, t.target)}`, met(t) ? 'met' : 'NOT met']),
  };
}

/** What the harness hands every module: dsq's public API (and `dsq/json`), built like the shipped package. */
export interface BenchEnv {
  readonly dsq: typeof import('./bundle.js');
  /** The URL of that build, for modules that measure in a worker thread (a fresh heap). */
  readonly bundle: string;
  /** The words after `npm run bench --` (module names; `compare` reads its git ref there). */
  readonly args: readonly string[];
}

export interface BenchModule {
  readonly name: string;
  /** Runs only when named (`npm run bench -- compare REF`), not in a whole run. */
  readonly onlyWhenNamed?: boolean;
  run(env: BenchEnv): Promise<BenchTable[]>;
}

export interface Timing {
  /** Milliseconds per call of `fn` (the fastest round's). */
  readonly ms: number;
  readonly calls: number;
  /** Milliseconds per call in each round, in order (measureInTurn). */
  readonly rounds?: readonly number[];
}

/** The process's CPU time (user + system) in milliseconds: what load from other processes moves least. */
const cpuNow = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * Time `fn` (CPU time, no forced collection: see above): one warm-up call, then rounds of
 * repeated calls lasting at least `minMs` each; the fastest round's time per call. `rounds: 1,
 * minMs: 0` times exactly one call (for slow peers).
 */
export function measure(fn: () => void, options: { minMs?: number; rounds?: number; warmup?: boolean } = {}): Timing {
  const minMs = options.minMs ?? 300;
  const rounds = options.rounds ?? 3;
  const now = cpuNow;
  if (options.warmup !== false) fn();
  let best = Infinity;
  let calls = 0;
  for (let r = 0; r < rounds; r++) {
    let n = 0;
    const t0 = now();
    let elapsed = 0;
    do {
      fn();
      n++;
      elapsed = now() - t0;
    } while (elapsed < minMs);
    calls += n;
    best = Math.min(best, elapsed / n);
  }
  return { ms: best, calls };
}

/**
 * Time functions as `measure` does, their rounds in turn (the first's round, the second's, ...,
 * then the first's again), after calling all in turn for `warmMs` (by default a round's time: a
 * single call leaves the first rounds to the JIT): the fastest round of each. The way to time
 * subjects whose times are compared (see above). `minMs: 0` times one call a round (large
 * inputs, slow peers).
 */
export function measureInTurn(fns: readonly (() => void)[], options: { minMs?: number; rounds?: number; warmMs?: number } = {}): Timing[] {
  const rounds = options.rounds ?? 5;
  const warm = cpuNow();
  do {
    for (const fn of fns) fn();
  } while (cpuNow() - warm < (options.warmMs ?? options.minMs ?? 300));
  const best: Timing[] = fns.map(() => ({ ms: Infinity, calls: 0, rounds: [] }));
  for (let r = 0; r < rounds; r++) {
    fns.forEach((fn, i) => {
      const t = measure(fn, { minMs: options.minMs, rounds: 1, warmup: false });
      const b = best[i] as Timing;
      best[i] = { ms: Math.min(b.ms, t.ms), calls: b.calls + t.calls, rounds: [...(b.rounds ?? []), t.ms] };
    });
  }
  return best;
}

/** The value at fraction `q` (0 to 1) of the sorted values (0.5: the median). */
export function quantile(xs: readonly number[], q: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

/**
 * Bundles a bench entry (bench/bundle.ts: dsq's API) to `outfile` as tsup builds the package
 * (esbuild, ES module, the packages external): the bench measures that, not tsx's on-the-fly
 * transform (its keepNames wrapping of every arrow function costs the parser about half its
 * speed). bench/index.ts bundles the working tree so, bench/compare.ts another commit's tree too.
 */
export async function bundleBench(entry: string, outfile: string): Promise<void> {
  const { build } = await import('esbuild');
  await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'node', target: 'node20', outfile, logLevel: 'warning', packages: 'external' });
}

/** Run `fn`, returning its time or the reason it failed (peers may throw or overflow the stack). */
export function attempt(fn: () => void, options?: Parameters<typeof measure>[1]): Timing | { error: string } {
  try {
    return measure(fn, options);
  } catch (err) {
    const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    return { error: message.replace(/\s+/g, ' ').slice(0, 70) };
  }
}

export const fmt = {
  ms: (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms >= 1 ? ms.toFixed(1) : ms.toFixed(3)),
  rate: (x: number) => (x >= 100 ? x.toFixed(0) : x >= 1 ? x.toFixed(1) : x.toFixed(3)),
  ratio: (x: number) => `${x >= 10 ? x.toFixed(0) : x.toFixed(1)}x`,
};

export function renderTable(table: BenchTable): string {
  const widths = table.columns.map((c, i) => Math.max(c.length, ...table.rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  const out = [`## ${table.title}`, '', line(table.columns), widths.map((w) => '-'.repeat(w)).join('  '), ...table.rows.map(line)];
  if (table.notes?.length) out.push('', ...table.notes.map((n) => `- ${n}`));
  return `${out.join('\n')}\n`;
}
