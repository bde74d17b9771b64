/**
 * Format speed: dsq `format` against sql-formatter's `format` on the same files (statements
 * of the shared generated corpus, with comments), 1x/10x/100x for linearity.
 */
import { format as sqlFormat } from 'sql-formatter';
import { generateCorpus } from './corpus.js';
import { fmt, measure, measureInTurn, type BenchModule, type BenchTable, type BenchTarget, type Timing } from './harness.js';

const BASE = 60;

/** A .dsq file of `count` corpus statements, some with comments, separated by `;` (bench/compare.ts formats it too). */
export function file(corpus: readonly string[], count: number): string {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const q = corpus[i % corpus.length] as string;
    parts.push(i % 3 === 0 ? `-- query ${i}\n${q.replace(' FROM ', ' /* source */ FROM ')}` : q);
  }
  return `${parts.join(';\n')}\n`;
}

export const formatBench: BenchModule = {
  name: 'format',
  async run({ dsq }) {
    const corpus = generateCorpus(BASE * 10);
    const rows: string[][] = [];
    let unit = 0;
    const notes: string[] = [];
    const targets: BenchTarget[] = [];
    for (const factor of [1, 10, 100]) {
      const text = file(corpus, BASE * factor);
      const mb = Buffer.byteLength(text) / 1e6;
      // dsq's own parse of the same file (parseStatements: what a caller parsing it would run),
      // its rounds in turn with format's (measureInTurn): the ratio of the two holds under load.
      // No forced collection (`gc()`) before each round (bench/harness.ts): after one, format
      // runs 1.5x to 3x slower for the rest of the round and parse hardly at all (60
      // statements, plain `node --expose-gc`, rounds alternating: 12.2-22.7 ms against 4.3-7.6
      // ms per format, parse 1.3-2.3 ms either way), so format / parse read 9x to 12x where a
      // process that never forces a collection (any dsq command) sees 3x to 4x. This was the
      // bench's "not explained" 3x of format in its own process (in bench/RESULTS.md's history).
      // The first file warms up for 2 s: format's code reaches its optimised speed only after 100
      // to 150 calls of the 60-statement file (26 ms a call at first, 1.8 ms from then on), and
      // with a round's warm-up the 1x row timed the JIT (format / parse 3.7x to 4.1x where a
      // longer run reads 3.2x to 3.3x, and the 10x row ran faster per statement than the 1x).
      const [t, parsed] =
        factor === 100
          ? [measure(() => void dsq.format(text), { rounds: 2, minMs: 0 }), null]
          : (measureInTurn([() => void dsq.format(text), () => void dsq.parseStatements(text)], {
              rounds: 5,
              minMs: 250,
              warmMs: factor === 1 ? 2000 : 250,
            }) as [Timing, Timing]);
      let peer = '-';
      let peerRate = 0;
      let ownParse = '-';
      if (parsed !== null) {
        const p = measure(() => void sqlFormat(text, { language: 'sql' }), { rounds: 1, minMs: 0, warmup: factor === 1 });
        peerRate = mb / (p.ms / 1000);
        peer = fmt.rate(peerRate);
        ownParse = `${(t.ms / parsed.ms).toFixed(2)}x`;
        targets.push({ name: `format: sql-formatter time / dsq time (${BASE * factor} statements)`, value: p.ms / t.ms, target: 25, at: 'least' });
        targets.push({
          name: `format: format time / dsq parse time (${BASE * factor} statements)`,
          value: t.ms / parsed.ms,
          target: 2.5,
          at: 'most',
          show: (x) => `${x.toFixed(2)}x`,
        });
      }
      const rate = mb / (t.ms / 1000);
      const perStatement = (t.ms * 1000) / (BASE * factor);
      if (factor === 1) unit = perStatement;
      rows.push([
        `${factor}x (${BASE * factor} statements, ${(mb * 1000).toFixed(0)} KB)`,
        fmt.rate(rate),
        peer,
        peerRate > 0 ? fmt.ratio(rate / peerRate) : '-',
        ownParse,
        fmt.ratio(perStatement / unit),
      ]);
    }
    notes.push(
      'target: dsq format at least 25x sql-formatter\'s throughput and at most 2.5x the time of dsq\'s own parse of the file; linear: "per statement vs 1x" stays near 1x',
    );
    notes.push('sql-formatter is timed on one pass and skipped at 100x (it is slow)');
    const table: BenchTable = {
      title: 'Format throughput: dsq format vs sql-formatter format on the same files (CPU time)',
      columns: ['file', 'dsq MB/s', 'sql-formatter MB/s', 'ratio', 'format / own parse', 'dsq time per statement vs 1x'],
      rows,
      notes,
      targets,
    };
    return [table];
  },
};
