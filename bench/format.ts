/**
 * Format speed: dsq `format` against sql-formatter's `format` on the same files (statements
 * of the shared generated corpus, with comments), 1x/10x/100x for linearity.
 */
import { format as sqlFormat } from 'sql-formatter';
import { generateCorpus } from './corpus.js';
import { fmt, measure, measureEach, type BenchModule, type BenchTable } from './harness.js';

const BASE = 60;

/** A .dsq file of `count` corpus statements, some with comments, separated by `;`. */
function file(corpus: readonly string[], count: number): string {
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
    for (const factor of [1, 10, 100]) {
      const text = file(corpus, BASE * factor);
      const mb = Buffer.byteLength(text) / 1e6;
      const t = factor === 100 ? measureEach(() => void dsq.format(text), 1000, 2) : measure(() => void dsq.format(text), { rounds: 3, minMs: 400 });
      let peer = '-';
      let peerRate = 0;
      if (factor <= 10) {
        const p = measure(() => void sqlFormat(text, { language: 'sql' }), { rounds: 1, minMs: 0, warmup: factor === 1 });
        peerRate = mb / (p.ms / 1000);
        peer = fmt.rate(peerRate);
      }
      const rate = mb / (t.ms / 1000);
      const perStatement = (t.ms * 1000) / (BASE * factor);
      if (factor === 1) unit = perStatement;
      rows.push([
        `${factor}x (${BASE * factor} statements, ${(mb * 1000).toFixed(0)} KB)`,
        fmt.rate(rate),
        peer,
        peerRate > 0 ? fmt.ratio(rate / peerRate) : '-',
        fmt.ratio(perStatement / unit),
      ]);
    }
    notes.push('target: dsq format at least 10x sql-formatter\'s throughput; linear: "per statement vs 1x" stays near 1x');
    notes.push('sql-formatter is timed on one pass and skipped at 100x (it is slow)');
    const table: BenchTable = {
      title: 'Format throughput: dsq format vs sql-formatter format on the same files',
      columns: ['file', 'dsq MB/s', 'sql-formatter MB/s', 'ratio', 'dsq time per statement vs 1x'],
      rows,
      notes,
    };
    return [table];
  },
};
