/**
 * Scaling: dsq parse time at 1x, 10x and 100x input for the shapes that break naive parsers
 * (long IN lists, long AND chains, deep nesting). Linear growth means 100x input within 130x time.
 */
import { inList, logicChain } from './corpus.js';
import { fmt, measureEach, type BenchModule } from './harness.js';

/** `copies` statements, each nested `depth` parentheses deep (depth grows, so does the text). */
function nesting(depth: number, copies: number): string {
  const one = `SELECT ${'(x + '.repeat(depth)}1${')'.repeat(depth)} FROM t;\n`;
  return one.repeat(copies);
}

export const scalingBench: BenchModule = {
  name: 'scaling',
  async run({ dsq }) {
    const shapes: { name: string; make: (scale: number) => string; parse: (text: string) => unknown }[] = [
      { name: 'IN list (1,000 values at 1x)', make: (k) => inList(1_000 * k), parse: (t) => dsq.parse(t) },
      { name: 'AND chain (500 terms at 1x)', make: (k) => logicChain(500 * k), parse: (t) => dsq.parse(t) },
      // Depth 2, 20, 200 (the default limit), in 1,000 statements so 1x is measurable.
      { name: 'nesting depth (2 levels at 1x, 1,000 statements)', make: (k) => nesting(2 * k, 1_000), parse: (t) => dsq.parseStatements(t) },
    ];
    const rows: string[][] = [];
    const notes: string[] = [];
    for (const shape of shapes) {
      const times: number[] = [];
      const sizes: number[] = [];
      for (const scale of [1, 10, 100]) {
        const text = shape.make(scale);
        sizes.push(text.length);
        times.push(measureEach(() => void shape.parse(text), 500, 9).ms);
      }
      const [t1, t10, t100] = times as [number, number, number];
      const [s1, , s100] = sizes as [number, number, number];
      const inputGrowth = s100 / s1;
      const timeGrowth = t100 / t1;
      rows.push([shape.name, `${fmt.ms(t1)} ms`, `${fmt.ms(t10)} ms`, `${fmt.ms(t100)} ms`, fmt.ratio(inputGrowth), fmt.ratio(timeGrowth)]);
      notes.push(`${shape.name}: input x${inputGrowth.toFixed(0)}, time x${timeGrowth.toFixed(0)} → ${timeGrowth <= inputGrowth * 1.3 ? 'linear' : 'NOT linear'}`);
    }
    return [{ title: 'Scaling of dsq parse (fastest parse, each after a GC)', columns: ['shape', '1x', '10x', '100x', 'input 100x/1x', 'time 100x/1x'], rows, notes }];
  },
};
