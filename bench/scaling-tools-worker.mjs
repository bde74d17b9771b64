// The tool scaling measurements (bench/scaling-tools.ts), in a worker thread: a fresh heap, so
// the large inputs are not timed in a heap the other bench modules filled.
// One warm-up call on the smallest input, then every size once per round, fastest of 2 rounds;
// the largest size in the first round only (its calls are 85% of the module's time: 5 to 30 s
// each at 10 MB; the two rounds of a size differ by a few percent, see `spread`).
import { parentPort, workerData } from 'node:worker_threads';

const { bundle, shapes } = workerData;
const dsq = await import(bundle);
const gc = globalThis.gc ?? (() => {});

const OPS = {
  fmt: (text) => dsq.format(text),
  decompile: (text) => dsq.print(dsq.fromJson(text)),
  // What `dsq lint --fix` does: fixes until none is left, the formatter between passes.
  'lint-fix': (text) => dsq.fixText(text, { format: (t) => dsq.format(t) }).text,
};

const ROUNDS = 2;
// CPU time of the process (user + system, in ms), not wall time: on a shared machine other
// processes' load stretches wall time by up to 3x between runs; CPU time moves a few percent.
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const results = [];
/** The tree each shape holds while it is measured (in a module binding: alive whatever the JIT makes of the loop). */
const held = [];
for (const shape of shapes) {
  const op = OPS[shape.op];
  const times = shape.texts.map(() => Infinity);
  const rounds = shape.texts.map(() => []);
  const last = shape.texts.length - 1;
  let error;
  // A tree of the smallest text alive while the shape is measured (as in scaling-worker.mjs: with
  // no node alive, a forced collection drops the nodes' hidden classes and the next op would
  // time its code made again).
  try {
    held[0] = dsq.parseDocument(shape.texts[0]);
    op(shape.texts[0]);
    // Rounds over all sizes in turn, so load from other processes hits them alike.
    for (let round = 0; round < ROUNDS; round++) {
      shape.texts.forEach((text, i) => {
        if (round > 0 && i === last && last > 0) return;
        gc();
        const t0 = cpu();
        op(text);
        const t = cpu() - t0;
        rounds[i].push(t);
        times[i] = Math.min(times[i], t);
      });
    }
  } catch (err) {
    error = err instanceof Error ? `${err.name}: ${err.message.slice(0, 80)}` : String(err);
  }
  // The largest gap between two rounds of one size, as a fraction of the faster.
  const spread = Math.max(0, ...rounds.filter((r) => r.length > 1).map((r) => Math.max(...r) / Math.min(...r) - 1));
  results.push({ name: shape.name, sizes: shape.texts.map((t) => t.length), times: error ? [] : times, spread, error });
}
parentPort.postMessage(results);
