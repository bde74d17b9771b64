/**
 * Print speed: dsq `print` of parsed ASTs against `JSON.stringify` of the same ASTs and of
 * their spec JSON (toJson's value), on the shared generated corpus; 1x/10x/100x for linearity;
 * the long-chain inputs that must not overflow the stack.
 */
import { generateCorpus, inList, logicChain } from './corpus.js';
import { fmt, measureInTurn, type BenchModule, type BenchTable, type Timing } from './harness.js';

const BASE = 180;

export const printBench: BenchModule = {
  name: 'print',
  async run({ dsq }) {
    const corpus = generateCorpus(BASE * 10);
    const asts = corpus.map((q) => dsq.parse(q));
    const specValues = asts.map((a) => JSON.parse(dsq.toJson(a)) as unknown);
    const printed = asts.map((a) => dsq.print(a));
    const bytes = printed.reduce((n, t) => n + Buffer.byteLength(t), 0);

    // The three in turn (bench/harness.ts): their ratios are the figures.
    const [tPrint, tAst, tSpec] = measureInTurn(
      [
        () => {
          for (const a of asts) dsq.print(a);
        },
        () => {
          for (const a of asts) JSON.stringify(a);
        },
        () => {
          for (const v of specValues) JSON.stringify(v);
        },
      ],
      { rounds: 3, minMs: 400 },
    ) as [Timing, Timing, Timing];
    const rate = (ms: number) => fmt.rate(bytes / 1e6 / (ms / 1000));
    const throughput: BenchTable = {
      title: `Print throughput: ${asts.length} ASTs of generated queries, ${(bytes / 1024).toFixed(0)} KB of text`,
      columns: ['subject', 'ms per corpus', 'MB/s of dsq text'],
      rows: [
        ['dsq print (width 80)', fmt.ms(tPrint.ms), rate(tPrint.ms)],
        ['JSON.stringify of the AST', fmt.ms(tAst.ms), rate(tAst.ms)],
        ['JSON.stringify of the spec JSON value', fmt.ms(tSpec.ms), rate(tSpec.ms)],
      ],
      notes: [
        `print / JSON.stringify(AST): ${fmt.ratio(tPrint.ms / tAst.ms)} (target: within 5x)`,
        `print / JSON.stringify(spec JSON): ${fmt.ratio(tPrint.ms / tSpec.ms)}`,
      ],
    };

    const scalingRows: string[][] = [];
    const factors = [1, 10, 100];
    const lists = factors.map((factor) => Array.from({ length: BASE * factor }, (_, i) => asts[i % asts.length]!));
    const times = measureInTurn(
      lists.map((list) => () => {
        for (const a of list) dsq.print(a);
      }),
      { rounds: 3, minMs: 300 },
    );
    const unit = ((times[0] as Timing).ms * 1000) / (lists[0] as unknown[]).length;
    factors.forEach((factor, i) => {
      const t = times[i] as Timing;
      const n = (lists[i] as unknown[]).length;
      const perQuery = (t.ms * 1000) / n;
      scalingRows.push([`${factor}x (${n} statements)`, fmt.ms(t.ms), perQuery.toFixed(1), fmt.ratio(perQuery / unit)]);
    });
    const scaling: BenchTable = {
      title: 'Print scaling (linear: the time per statement stays flat)',
      columns: ['input', 'ms', 'µs per statement', 'vs 1x'],
      rows: scalingRows,
    };

    const largeRows: string[][] = [];
    for (const [label, sql] of [
      ['IN list, 100,000 values', inList(100_000)],
      ['AND/OR chain, 50,000 terms', logicChain(50_000)],
    ] as const) {
      const ast = dsq.parse(sql, { maxDepth: 100_000 });
      const [t, tj] = measureInTurn([() => void dsq.print(ast), () => void dsq.fromJson(dsq.toJson(ast))], { rounds: 3, minMs: 0 }) as [Timing, Timing];
      largeRows.push([label, `${fmt.ms(t.ms)} ms`, `${fmt.ms(tj.ms)} ms`]);
    }
    const large: BenchTable = {
      title: 'Long chains print without recursion',
      columns: ['input', 'print', 'toJson → fromJson'],
      rows: largeRows,
    };
    return [throughput, scaling, large];
  },
};
