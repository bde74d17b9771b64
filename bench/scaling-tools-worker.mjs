// The tool scaling measurements (bench/scaling-tools.ts), in a worker thread: a fresh heap, so
// the large inputs are not timed in a heap the other bench modules filled.
// One warm-up call on the smallest input, then for each size single calls, fastest of up to 3
// (fewer when one call takes over 2 s).
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

const results = [];
for (const shape of shapes) {
  const op = OPS[shape.op];
  const times = [];
  let error;
  try {
    op(shape.texts[0]);
    for (const text of shape.texts) {
      let best = Infinity;
      for (let round = 0; round < 3; round++) {
        gc();
        const t0 = performance.now();
        op(text);
        const ms = performance.now() - t0;
        best = Math.min(best, ms);
        if (ms > 2000) break;
      }
      times.push(best);
    }
  } catch (err) {
    error = err instanceof Error ? `${err.name}: ${err.message.slice(0, 80)}` : String(err);
  }
  results.push({ name: shape.name, sizes: shape.texts.map((t) => t.length), times, error });
}
parentPort.postMessage(results);
