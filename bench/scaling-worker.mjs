// The scaling measurements, run in a worker thread of the bench process: a fresh V8 heap and
// fresh optimised code, so the large inputs are not measured in a heap the other modules
// filled (which adds garbage-collection time that grows with the input, not with the parser).
//
// Every batch parses the same volume of text: 100 parses of the 1x input, 10 of the 10x, one of
// the 100x, so each size carries the same allocation (and collection) load per byte. Batches of
// all sizes are interleaved over several rounds, so load from other processes hits them alike;
// the fastest round counts. With `placement`, it times nothing: one call of each subject at the
// largest size, and what it allocated (bench/scaling.ts `placementTable`).
import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';

const { bundle, shapes, scales, rounds, placement } = workerData;
const dsq = await import(bundle);
const gc = globalThis.gc ?? (() => {});
/** The tree each shape holds while it is measured (in a module binding: alive whatever the JIT makes of the loop). */
const held = [];

/** Bytes used in each heap space, by name (new_space, old_space, large_object_space, ...). */
function spaces() {
  return Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size]));
}

/**
 * One call of `make` (the `placement` run: bench/scaling.ts `placementTable`): after a forced
 * collection it runs once, its result held; then what each heap space gained, and how many
 * scavenges ran meanwhile (a PerformanceObserver's gc entries, read after a turn of the event loop).
 * In a worker whose young generation holds the whole call, what the young generation gained is
 * what the call allocated.
 */
async function placeOne(make) {
  const minor = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.detail?.kind === 1) minor.push(e);
  });
  observer.observe({ entryTypes: ['gc'] });
  gc();
  await new Promise((resolve) => setImmediate(resolve));
  minor.length = 0;
  const before = spaces();
  held[1] = make();
  const after = spaces();
  await new Promise((resolve) => setTimeout(resolve, 20));
  observer.disconnect();
  held[1] = null;
  const gained = (space) => ((after[space] ?? 0) - (before[space] ?? 0)) / 1e6;
  return { young: gained('new_space'), old: gained('old_space') + gained('large_object_space'), scavenges: minor.length };
}
// CPU time of the process (user + system, in ms), not wall time: on a shared machine other
// processes' load stretches wall time by up to 3x between runs; CPU time moves a few percent.
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const results = [];
if (placement) {
  for (const shape of shapes) {
    const text = shape.texts[String(scales[scales.length - 1])];
    const small = shape.texts[String(scales[0])];
    const json = dsq.toJson(dsq.parse(text));
    const makers = { json: () => JSON.parse(json), parse: () => dsq.parse(text), format: () => dsq.format(text) };
    // Warm: the same calls at the smallest size first, so what is placed is optimised code's.
    const smallJson = dsq.toJson(dsq.parse(small));
    for (let i = 0; i < 50; i++) {
      JSON.parse(smallJson);
      dsq.parse(small);
      dsq.format(small);
    }
    for (const [subject, make] of Object.entries(makers)) results.push({ name: shape.name, subject, ...(await placeOne(make)) });
  }
}
for (const shape of placement ? [] : shapes) {
  const parsers = scales.map((scale) => {
    const text = shape.texts[String(scale)];
    // The tree alone, no parse (bench/tree-alone.ts); checked equal to the parse's at the smallest size.
    if (shape.floor) return dsq.treeAlone(shape.floor, text, scale === scales[0]);
    if (shape.subject === 'format') return () => dsq.format(text);
    if (shape.subject === 'document') return () => dsq.parseDocument(text);
    if (shape.subject === 'json') {
      // JSON.parse of the same tree's spec JSON: the floor of making that many objects.
      const json = dsq.toJson(dsq.parse(text));
      return () => JSON.parse(json);
    }
    if (shape.subject === 'fromJson') {
      // fromJson of the same spec JSON: JSON text to a checked tree, beside JSON.parse of that text.
      const json = dsq.toJson(dsq.parse(text));
      return () => dsq.fromJson(json);
    }
    return shape.statements ? () => dsq.parseStatements(text) : () => dsq.parse(text);
  });
  const largest = Math.max(...scales);
  const batch = scales.map((scale) => Math.max(1, Math.round(largest / scale)));
  for (const parse of parsers) parse(); // warm up
  // A tree of the smallest input, its spans with it, alive while the shape is measured, as any
  // caller holds the trees it works on. dsq keeps nothing of a call after it returns
  // (test/retention.test.ts), so after the forced collection below no node would be alive: V8
  // then drops the nodes' hidden classes (maps), the optimised code that checks them is thrown
  // away, and the batch timed that code made again, not the call (the 1x format 1.6x slower).
  held[0] = dsq.parseDocument(shape.texts[String(scales[0])]);
  const best = scales.map(() => Infinity);
  for (let r = 0; r < rounds; r++) {
    scales.forEach((_, i) => {
      gc();
      const t0 = cpu();
      for (let n = 0; n < batch[i]; n++) parsers[i]();
      best[i] = Math.min(best[i], (cpu() - t0) / batch[i]);
    });
  }
  results.push({ name: shape.name, times: best, sizes: scales.map((s) => shape.texts[String(s)].length) });
}
parentPort.postMessage(results);
