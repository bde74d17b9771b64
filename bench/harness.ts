/**
 * The benchmark harness: what a bench module is, how time is measured, how tables print.
 * Timing is wall-clock (performance.now) with a warm-up run, garbage collected before each
 * measurement (run with --expose-gc), best of a few rounds.
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
}

export interface BenchModule {
  readonly name: string;
  run(env: BenchEnv): Promise<BenchTable[]>;
}

export interface Timing {
  /** Milliseconds per call of `fn`. */
  readonly ms: number;
  readonly calls: number;
}

const wallNow = (): number => performance.now();

/** The process's CPU time (user + system) in milliseconds: what load from other processes moves least. */
const cpuNow = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

function collect(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/**
 * Time `fn`: one warm-up call, then rounds of repeated calls lasting at least `minMs` each;
 * the fastest round's time per call. `rounds: 1, minMs: 0` times exactly one call (for slow peers).
 */
export function measure(fn: () => void, options: { minMs?: number; rounds?: number; warmup?: boolean; collect?: boolean; cpu?: boolean } = {}): Timing {
  const minMs = options.minMs ?? 300;
  const rounds = options.rounds ?? 3;
  const now = options.cpu === true ? cpuNow : wallNow;
  if (options.warmup !== false) fn();
  let best = Infinity;
  let calls = 0;
  for (let r = 0; r < rounds; r++) {
    if (options.collect !== false) collect();
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
 * Time two functions as `measure` does, their rounds in turn (`a`'s round, then `b`'s, then
 * `a`'s...), after calling both in turn for a round's time: the fastest round of each. For a ratio of two times:
 * timed one after the other on a shared machine, load that came or went between them reads as
 * a change of the ratio (format / parse read 5x to 20x so). `collect: false`: no forced
 * collection before each round (see bench/format.ts); `cpu`: CPU time, not wall time.
 */
export function measurePair(a: () => void, b: () => void, options: { minMs?: number; rounds?: number; collect?: boolean; cpu?: boolean } = {}): [Timing, Timing] {
  const rounds = options.rounds ?? 5;
  // Warm-up: both, in turn, for a round's time (a single call leaves the first rounds to the JIT).
  const warm = performance.now();
  do {
    a();
    b();
  } while (performance.now() - warm < (options.minMs ?? 300));
  let ta: Timing = { ms: Infinity, calls: 0 };
  let tb: Timing = { ms: Infinity, calls: 0 };
  for (let r = 0; r < rounds; r++) {
    const ra = measure(a, { minMs: options.minMs, rounds: 1, warmup: false, collect: options.collect, cpu: options.cpu });
    const rb = measure(b, { minMs: options.minMs, rounds: 1, warmup: false, collect: options.collect, cpu: options.cpu });
    ta = { ms: Math.min(ta.ms, ra.ms), calls: ta.calls + ra.calls };
    tb = { ms: Math.min(tb.ms, rb.ms), calls: tb.calls + rb.calls };
  }
  return [ta, tb];
}

/**
 * Time single calls, each after a garbage collection, for about `budgetMs`: the fastest call.
 * For scaling curves: the garbage of earlier calls does not land on later ones.
 */
export function measureEach(fn: () => void, budgetMs = 400, minCalls = 5): Timing {
  fn();
  let best = Infinity;
  let calls = 0;
  const t0 = performance.now();
  while (calls < minCalls || performance.now() - t0 < budgetMs) {
    collect();
    const t = performance.now();
    fn();
    best = Math.min(best, performance.now() - t);
    calls++;
  }
  return { ms: best, calls };
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
