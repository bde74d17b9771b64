/**
 * Scaling of the tools over the parser: `fmt` of an AND chain with a `--` comment on every
 * condition, `decompile` (spec JSON → text) of an `x IN (SELECT ...) IN (SELECT ...)` chain and
 * of deep trees, and `lint --fix` of files with many fixes. Each at about 100 KB, 1 MB and 10 MB
 * of input; linear means each 10x step of input within 13x time.
 * Measured in a worker thread (bench/scaling-tools-worker.mjs): a fresh heap for the large inputs.
 * The 10 MB calls are timed once (not the fastest of 2): they were 85% of the module's time
 * (460-625 s of a whole bench run); the sizes and the growth per 10x are those of before.
 */
import { Worker } from 'node:worker_threads';
import { fmt, type BenchModule } from './harness.js';

/** Input sizes in bytes: 100 KB, 1 MB, 10 MB (DSQ_BENCH_TOOL_SIZES=100000,1000000 for fewer). */
const SIZES: readonly number[] = (process.env.DSQ_BENCH_TOOL_SIZES ?? '100000,1000000,10000000').split(',').map(Number);

/** Lines from `line(i)` until the text is at least `bytes` long, between `head` and `tail`. */
function grow(bytes: number, head: string, line: (i: number) => string, tail = ''): string {
  const parts = [head];
  let length = head.length + tail.length;
  for (let i = 0; length < bytes; i++) {
    const next = line(i);
    parts.push(next);
    length += next.length;
  }
  parts.push(tail);
  return parts.join('');
}

/** `SELECT ... WHERE c0 = 0 -- why 0\n AND c1 = 1 -- why 1 ...`: one comment per condition. */
export function commentedChain(bytes: number): string {
  return grow(bytes, 'SELECT id, name FROM orders WHERE c0 = 0 -- why 0\n', (i) => `  AND c${i + 1} = ${i + 1} -- why ${i + 1}\n`);
}

/** Spec JSON of `x IN (SELECT a FROM t1) IN (SELECT a FROM t2) ...` (a left-deep chain). */
export function inSelectChainJson(bytes: number): string {
  const term = (i: number) => `, {"columns": [{"e": {"$col": "a"}}], "from": "t${i}"}]}`;
  // Grow the terms first, then wrap: the opening brackets come before them.
  const terms: string[] = [];
  let length = 40;
  for (let i = 0; length < bytes; i++) {
    const t = term(i);
    terms.push(t);
    length += t.length + 9;
  }
  return `{"from": "t", "where": ${'{"$in": ['.repeat(terms.length)}{"$col": "x"}${terms.join('')}}`;
}

/** Spec JSON of a Horner polynomial `((x * 2 + 1) * 2 + 1) ...`: a tree as deep as it is long. */
export function hornerJson(bytes: number): string {
  const open = '{"$+": [{"$*": [';
  const close = ', 2]}, 1]}';
  const n = Math.ceil((bytes - 40) / (open.length + close.length));
  return `{"from": "t", "where": {"$>": [${open.repeat(n)}{"$col": "x"}${close.repeat(n)}, 0]}}`;
}

/** `SELECT ... WHERE b0 = NULL AND c0 <> NULL AND d0 = '' ...;` statements: three fixes each. */
export function manyFixes(bytes: number): string {
  return grow(bytes, '', (i) => `SELECT a${i} AS x FROM t WHERE b${i} = NULL AND c${i} <> NULL AND d${i} = '' OR x = ${i};\n`);
}

/** One statement, one long AND chain of `= NULL` conditions: every fix in one statement. */
export function manyFixesOneStatement(bytes: number): string {
  return grow(bytes, 'SELECT a FROM t WHERE b = NULL', (i) => `\n  AND c${i} = NULL`, '\n');
}

interface Shape {
  readonly name: string;
  readonly op: 'fmt' | 'decompile' | 'lint-fix';
  readonly make: (bytes: number) => string;
}

export const TOOL_SHAPES: readonly Shape[] = [
  { name: 'fmt: AND chain, a -- comment per condition', op: 'fmt', make: commentedChain },
  { name: 'decompile: x IN (SELECT ...) IN (SELECT ...) chain', op: 'decompile', make: inSelectChainJson },
  { name: 'decompile: Horner polynomial (deep tree)', op: 'decompile', make: hornerJson },
  { name: 'lint --fix: statements with 3 fixes each', op: 'lint-fix', make: manyFixes },
  { name: 'lint --fix: one statement, a fix per condition', op: 'lint-fix', make: manyFixesOneStatement },
];

interface Measured {
  readonly name: string;
  readonly sizes: number[];
  readonly times: number[];
  /** The largest gap between the rounds of one size, as a fraction of the faster. */
  readonly spread: number;
  readonly error?: string;
}

/** DSQ_BENCH_TOOL_SHAPES=fmt,decompile: only the shapes whose name starts with one of these. */
const ONLY = process.env.DSQ_BENCH_TOOL_SHAPES?.split(',');

function measureInWorker(bundle: string): Promise<Measured[]> {
  const chosen = TOOL_SHAPES.filter((s) => ONLY === undefined || ONLY.some((o) => s.name.startsWith(o)));
  const shapes = chosen.map((s) => ({ name: s.name, op: s.op, texts: SIZES.map((b) => s.make(b)) }));
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./scaling-tools-worker.mjs', import.meta.url), {
      workerData: { bundle, shapes },
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: 6144 },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

const kb = (bytes: number) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(0)} KB`);

export const toolScalingBench: BenchModule = {
  name: 'scaling-tools',
  async run({ bundle }) {
    const results = await measureInWorker(bundle);
    const rows: string[][] = [];
    const notes: string[] = [];
    for (const r of results) {
      const cells = r.times.map((t, i) => `${kb(r.sizes[i] as number)}: ${t >= 1000 ? `${(t / 1000).toFixed(2)} s` : `${fmt.ms(t)} ms`}`);
      const steps: string[] = [];
      let linear = true;
      for (let i = 1; i < r.times.length; i++) {
        const input = (r.sizes[i] as number) / (r.sizes[i - 1] as number);
        const time = (r.times[i] as number) / (r.times[i - 1] as number);
        steps.push(`${fmt.ratio(time)} for ${fmt.ratio(input)}`);
        if (time > input * 1.3) linear = false;
      }
      rows.push([r.name, ...cells, steps.join(', ')]);
      notes.push(
        `${r.name}: ${r.error ?? `${linear ? 'linear (each 10x input within 13x time)' : 'NOT linear'}; the two rounds of a smaller size differ by at most ${(r.spread * 100).toFixed(0)}%`}`,
      );
    }
    notes.push(
      `the largest size (${kb(SIZES[SIZES.length - 1] as number)}) is timed once, the others fastest of 2 rounds: the largest calls were 85% of this module's time (460-625 s of wall time in a whole bench run; once: 155 s of CPU time under load 12-15)`,
    );
    return [
      {
        title:
          'Scaling of fmt, decompile and lint --fix (CPU time of one call per size and round, fastest of 2 rounds, the largest size once, in a fresh worker)',
        columns: ['shape', ...SIZES.map((_, i) => `${10 ** i}x`), 'time growth per 10x input'],
        rows,
        notes,
      },
    ];
  },
};
