/**
 * Scaling: dsq parse time at 1x, 10x and 100x input for the shapes that break naive parsers
 * (long IN lists, long AND chains, deep nesting), and the flat ones again from about 100 KB to
 * 10 MB. Linear growth means 100x input within 130x time.
 * Measured in a worker thread (bench/scaling-worker.mjs): a fresh heap for every run of the bench.
 */
import { Worker } from 'node:worker_threads';
import { inList, logicChain } from './corpus.js';
import type { FloorShape } from './tree-alone.js';
import { fmt, type BenchModule, type BenchTable, type BenchTarget } from './harness.js';

/**
 * `copies` statements, each nested `depth` parentheses deep (depth grows, so does the text); the
 * statements are nothing but their nesting, so the text grows with the nesting alone.
 */
function nesting(depth: number, copies: number): string {
  const one = `SELECT ${'(x + '.repeat(depth)}1${')'.repeat(depth)};\n`;
  return one.repeat(copies);
}

const SCALES = [1, 10, 100] as const;

interface Shape {
  readonly name: string;
  readonly make: (scale: number) => string;
  readonly statements: boolean;
  /** What is timed: the parse (default), `parseDocument` (the parse with spans that format and the language server read), `format` of the text, `JSON.parse` of its tree's spec JSON, or `fromJson` of that JSON. */
  readonly subject?: 'parse' | 'document' | 'format' | 'json' | 'fromJson';
  /** Time making the parse's tree alone, with no parse (bench/tree-alone.ts), instead of the parse. */
  readonly floor?: FloorShape;
}

const SHAPES: readonly Shape[] = [
  { name: 'IN list (1,000 values at 1x)', make: (k) => inList(1_000 * k), statements: false },
  { name: 'AND chain (500 terms at 1x)', make: (k) => logicChain(500 * k), statements: false },
  // Depth 10, 100, 1,000 (the default limit), in 100 statements so 1x is measurable.
  { name: 'nesting depth (10 levels at 1x, 100 statements)', make: (k) => nesting(10 * k, 100), statements: true },
];

/**
 * Parse, format and fromJson against `JSON.parse` of the same tree's spec JSON (the floor of
 * making that many objects in V8) on the two flat shapes: how much faster than the input each
 * grows, beside how much JSON.parse does (target for parse and format: within 1.1x of
 * JSON.parse's growth; fromJson, which reads the same text as JSON.parse, is shown beside it).
 */
const GROWTH_SHAPES: readonly Shape[] = SHAPES.slice(0, 2).flatMap((s) => [
  { ...s, name: `${s.name.split(' (')[0]}: JSON.parse of its spec JSON`, subject: 'json' as const },
  { ...s, name: `${s.name.split(' (')[0]}: parse`, subject: 'parse' as const },
  { ...s, name: `${s.name.split(' (')[0]}: parseDocument (spans)`, subject: 'document' as const },
  { ...s, name: `${s.name.split(' (')[0]}: format`, subject: 'format' as const },
  { ...s, name: `${s.name.split(' (')[0]}: fromJson of its spec JSON`, subject: 'fromJson' as const },
]);
/** Rows per shape in GROWTH_SHAPES: JSON.parse first, then what is compared with it. */
const GROWTH_ROWS = 5;
/** The growth rows with a target of their own (parseDocument's row shows what format's parse costs). */
const GROWTH_TARGETED: readonly Shape['subject'][] = ['parse', 'format'];

/**
 * The same two flat shapes from about 100 KB to 10 MB (the sizes of the tool rows): a tree of
 * 100 KB dies young, one of 1 MB and more outlives young-generation collections, so this range
 * shows what garbage collection adds to a parse that big.
 */
const LARGE_SHAPES: readonly Shape[] = [
  { name: 'IN list (16,000 values at 1x: 110 KB)', make: (k) => inList(16_000 * k), statements: false },
  { name: 'AND chain (7,000 terms at 1x: 99 KB)', make: (k) => logicChain(7_000 * k), statements: false },
];

/**
 * The floor under those two: the same trees made with no parse (the parser's node
 * constructors, strings sliced from the same text at offsets found beforehand). How their
 * time grows is what allocating a tree of that size costs in V8, whatever builds it.
 */
const FLOOR_SHAPES: readonly Shape[] = LARGE_SHAPES.map((s, i) => ({
  ...s,
  name: `${s.name.split(' (')[0]}: its tree alone, no parse`,
  floor: i === 0 ? 'in' : 'and',
}));

/**
 * The AND chain's JSON.parse and format again, in a worker whose young generation holds the whole
 * format of the 100x chain (V8's default semi-space is 16 MB; the parse's tree of that chain is
 * about 12 MB and print allocates some 18-21 MB more while the tree is alive: placementTable). With the default, two
 * scavenges copy the whole young tree during print, the second into the old generation;
 * JSON.parse, whose result is all it allocates, runs none. This shows what is left of format's
 * growth without those copies: a diagnosis of the targeted row, not a target.
 */
const YOUNG_SHAPES: readonly Shape[] = GROWTH_SHAPES.slice(GROWTH_ROWS, 2 * GROWTH_ROWS).filter((s) => s.subject === 'json' || s.subject === 'format');
/** The young generation of that worker (megabytes; V8's resource limit, semi-spaces and all). */
const YOUNG_MB = 256;

/** What the worker posts back: each shape's times, or with `placement` each subject's Placement. */
type Timed = { name: string; times: number[]; sizes: number[] };

function measureInWorker<R = Timed>(
  bundle: string,
  list: readonly Shape[],
  rounds: number,
  resourceLimits?: { maxYoungGenerationSizeMb: number },
  placement = false,
): Promise<R[]> {
  const shapes = list.map((s) => ({
    name: s.name,
    statements: s.statements,
    floor: s.floor ?? null,
    subject: s.subject ?? 'parse',
    texts: Object.fromEntries(SCALES.map((k) => [String(k), s.make(k)])),
  }));
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./scaling-worker.mjs', import.meta.url), {
      workerData: { bundle, shapes, scales: SCALES, rounds, placement },
      execArgv: [], // a plain .mjs worker importing the built bundle: no tsx needed (V8's --expose-gc is process-wide)
      ...(resourceLimits === undefined ? {} : { resourceLimits }),
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

export const scalingBench: BenchModule = {
  name: 'scaling',
  async run({ bundle }) {
    // Two fresh workers, each time the fastest of both: one worker's whole run was measured 20-30%
    // slow at 1x for every subject (JSON.parse 0.184 ms against 0.138-0.146 in other runs), which
    // rounds inside that worker cannot undo, and the growth ratios divide by those 1x times.
    const growth = fastest(await measureInWorker(bundle, GROWTH_SHAPES, 7), await measureInWorker(bundle, GROWTH_SHAPES, 7));
    return [
      table(
        'Scaling of dsq parse (CPU time per parse: equal-volume batches, interleaved, fastest of 7 rounds, in a fresh worker)',
        await measureInWorker(bundle, SHAPES, 7),
      ),
      growthTable(growth),
      youngTable(growth, await measureInWorker(bundle, YOUNG_SHAPES, 7, { maxYoungGenerationSizeMb: YOUNG_MB })),
      placementTable(
        await measureInWorker<Placement>(bundle, [SHAPES[1] as Shape], 1, undefined, true),
        await measureInWorker<Placement>(bundle, [SHAPES[1] as Shape], 1, { maxYoungGenerationSizeMb: YOUNG_MB }, true),
      ),
      floorTable(await measureInWorker(bundle, [...LARGE_SHAPES, ...FLOOR_SHAPES], 3)),
    ];
  },
};

/** Two runs of the same shapes, each time the smaller of the two. */
function fastest<R extends { times: number[] }>(a: readonly R[], b: readonly R[]): R[] {
  return a.map((r, i) => ({ ...r, times: r.times.map((t, k) => Math.min(t, (b[i] as R).times[k] as number)) }));
}

function table(title: string, results: { name: string; times: number[]; sizes: number[] }[]): BenchTable {
  const rows: string[][] = [];
  const notes: string[] = [];
  for (const { name, times, sizes } of results) {
    const [t1, t10, t100] = times as [number, number, number];
    const [s1, , s100] = sizes as [number, number, number];
    const inputGrowth = s100 / s1;
    const timeGrowth = t100 / t1;
    rows.push([name, `${fmt.ms(t1)} ms`, `${fmt.ms(t10)} ms`, `${fmt.ms(t100)} ms`, fmt.ratio(inputGrowth), fmt.ratio(timeGrowth)]);
    notes.push(`${name}: input x${inputGrowth.toFixed(0)}, time x${timeGrowth.toFixed(0)} → ${timeGrowth <= inputGrowth * 1.3 ? 'linear' : 'NOT linear'}`);
  }
  return { title, columns: ['shape', '1x', '10x', '100x', 'input 100x/1x', 'time 100x/1x'], rows, notes };
}

/**
 * Parse, format and fromJson growth from 1x to 100x beside JSON.parse's on the same tree (rows
 * in fives: JSON.parse, parse, parseDocument, format, fromJson of one shape), each as a ratio to
 * JSON.parse's growth.
 */
function growthTable(results: { name: string; times: number[]; sizes: number[] }[]): BenchTable {
  const rows: string[][] = [];
  const notes: string[] = [];
  const targets: BenchTarget[] = [];
  for (let i = 0; i < results.length; i += GROWTH_ROWS) {
    const [json, ...subjects] = results.slice(i, i + GROWTH_ROWS) as [(typeof results)[number], ...(typeof results)[number][]];
    const growth = (r: (typeof results)[number]) => (r.times[2] as number) / (r.times[0] as number);
    for (const r of [json, ...subjects]) {
      const g = growth(r);
      const relative = g / growth(json);
      rows.push([
        r.name,
        `${fmt.ms(r.times[0] as number)} ms`,
        `${fmt.ms(r.times[2] as number)} ms`,
        fmt.ratio((r.sizes[2] as number) / (r.sizes[0] as number)),
        fmt.ratio(g),
        r === json ? '1.00x' : `${relative.toFixed(2)}x`,
      ]);
      if (r !== json && GROWTH_TARGETED.includes(GROWTH_SHAPES[results.indexOf(r)]?.subject))
        targets.push({ name: `${r.name}: growth 1x to 100x / JSON.parse's`, value: relative, target: 1.1, at: 'most', show: (x) => `${x.toFixed(2)}x` });
    }
  }
  notes.push("target: parse and format each grow within 1.1x of JSON.parse's growth on the same tree (the floor of making that many objects)");
  notes.push(
    'fromJson (no target) reads the same text as JSON.parse into a value model (spans, pointers, exact numbers) and then a tree: at 100x both outlive young-generation collections, which copy them',
  );
  return {
    title:
      'Growth of parse, format and fromJson from 1x to 100x beside JSON.parse of the same tree (CPU time per call: equal-volume batches, interleaved, fastest of 7 rounds in each of two fresh workers)',
    columns: ['shape', '1x', '100x', 'input 100x/1x', 'time 100x/1x', 'vs JSON.parse'],
    rows,
    notes,
    targets,
  };
}

/**
 * The AND chain's JSON.parse and format at 100x with a young generation that holds the whole job
 * (YOUNG_SHAPES) beside the same at V8's default (the growth table's rows). The growth shown is the
 * 100x time with no scavenge over the default's 1x time: a bigger young generation makes the 1x
 * calls slower (their garbage spreads over more memory), so its own 1x is no baseline.
 */
function youngTable(growth: readonly { name: string; times: number[] }[], young: readonly { name: string; times: number[] }[]): BenchTable {
  const rows = young.map((r) => {
    const base = growth.find((g) => g.name === r.name) as (typeof growth)[number];
    return { name: r.name, one: base.times[0] as number, defaultLarge: base.times[2] as number, youngLarge: r.times[2] as number };
  });
  const json = rows[0] as (typeof rows)[number];
  const jsonGrowth = json.youngLarge / json.one;
  return {
    title: `Without the scavenges: the AND chain at 100x again, in a worker with a young generation of ${YOUNG_MB} MB (a diagnosis, no target)`,
    columns: ['shape', '1x (default)', '100x (default)', `100x (${YOUNG_MB} MB)`, 'scavenges: share of 100x', `100x (${YOUNG_MB} MB) / 1x`, 'vs JSON.parse'],
    rows: rows.map((r) => [
      r.name,
      `${fmt.ms(r.one)} ms`,
      `${fmt.ms(r.defaultLarge)} ms`,
      `${fmt.ms(r.youngLarge)} ms`,
      `${Math.round((100 * (r.defaultLarge - r.youngLarge)) / r.defaultLarge)}%`,
      fmt.ratio(r.youngLarge / r.one),
      `${(r.youngLarge / r.one / jsonGrowth).toFixed(2)}x`,
    ]),
    notes: [
      "V8's default semi-space is 16 MB. Format's parse leaves the 100x chain's tree in it, and print allocates more than the rest of it while that tree is alive (the next table measures both): two scavenges copy the tree, the second into the old generation. JSON.parse, whose result is all it allocates, runs none",
      "the growth here is the 100x time with no scavenge over the 1x time in the default worker: what is left of format's growth without those copies",
    ],
  };
}

/** One call at 100x (bench/scaling-worker.mjs `placeOne`): megabytes each heap space gained, and the scavenges that ran. */
interface Placement {
  readonly name: string;
  readonly subject: 'json' | 'parse' | 'format';
  readonly young: number;
  readonly old: number;
  readonly scavenges: number;
}

const PLACED: Record<Placement['subject'], string> = {
  json: 'JSON.parse of its spec JSON',
  parse: 'dsq parse',
  format: 'dsq format',
};

/**
 * What one call of each subject at 100x allocates (in a worker whose young generation of
 * YOUNG_MB holds it all: nothing is collected, so what the young generation gained is what the
 * call allocated), beside the scavenges the same call runs at V8's default. A diagnosis of the
 * AND chain's format growth: a call that allocates more than a semi-space while its tree is alive
 * has that tree copied.
 */
function placementTable(atDefault: readonly Placement[], inLarge: readonly Placement[]): BenchTable {
  return {
    title: 'What one call at 100x allocates, and the scavenges it runs: the AND chain (a diagnosis, no target)',
    columns: ['subject', `allocated by the call (MB; young generation of ${YOUNG_MB} MB, nothing collected)`, "scavenges during the call (V8's default)"],
    rows: atDefault.map((p, i) => [
      `${p.name.split(' (')[0]}: ${PLACED[p.subject]}`,
      ((inLarge[i] as Placement).young + (inLarge[i] as Placement).old).toFixed(1),
      String(p.scavenges),
    ]),
    notes: [
      "V8's default semi-space is 16 MB: JSON.parse's result and dsq's tree each fit in it, and neither call runs a scavenge; format makes the tree and then prints it, allocating well past a semi-space while the tree is alive, so the scavenges it runs copy the tree",
      'for format to grow as JSON.parse does at this size, its whole call would have to allocate less than a semi-space, its tree included',
    ],
  };
}

/**
 * The 100 KB to 10 MB table: each shape's parse, its tree made alone (the floor), and the
 * parse's time over the floor's (what the parser adds to making its tree).
 */
function floorTable(results: { name: string; times: number[]; sizes: number[] }[]): BenchTable {
  const half = results.length / 2;
  const over = results.slice(0, half).map((parsed, i) => {
    const floor = results[half + i] as (typeof results)[number];
    return {
      name: `${parsed.name.split(' (')[0]}: parse minus its tree alone`,
      sizes: parsed.sizes,
      times: parsed.times.map((t, k) => t - (floor.times[k] as number)),
    };
  });
  const rows = [...results.slice(0, half), ...results.slice(half), ...over];
  return table('Scaling of dsq parse from about 100 KB to 10 MB (as above, fastest of 3 rounds), beside making its tree alone', rows);
}
