import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Node } from '../../src/ast/index.js';
import { LineIndex, type Span } from '../../src/diagnostic/index.js';
import { descendants } from '../../src/ast/walk.js';
import { parseDocument } from '../../src/syntax/index.js';
import { SourceSpans } from '../../src/syntax/source-spans.js';
import { runs } from '../helpers/runs.js';

/**
 * The parser's span table (src/syntax/source-spans.ts) keeps its records in chunks (the first
 * doubles up to the chunk size; issue 32: one array grown by push made `parseDocument` grow 200x+
 * for 100x input) and the spans it made in a Map: whatever is recorded, set, asked and deleted,
 * in any order and past any number of doublings and chunks, it answers as a WeakMap holding the
 * last write would.
 */
const TEXT = 'SELECT a\nFROM t\nWHERE x = 1\n'.repeat(40);

type Op =
  | { op: 'record'; node: number; start: number; end: number }
  | { op: 'set'; node: number; start: number; end: number }
  | { op: 'delete'; node: number }
  | { op: 'get'; node: number };

const arbOffsets = fc.tuple(fc.nat(TEXT.length), fc.nat(TEXT.length)).map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const);
const arbOp: fc.Arbitrary<Op> = fc.oneof(
  { weight: 12, arbitrary: fc.tuple(fc.nat(80), arbOffsets).map(([node, [start, end]]) => ({ op: 'record' as const, node, start, end })) },
  { weight: 2, arbitrary: fc.tuple(fc.nat(80), arbOffsets).map(([node, [start, end]]) => ({ op: 'set' as const, node, start, end })) },
  { weight: 1, arbitrary: fc.nat(80).map((node) => ({ op: 'delete' as const, node })) },
  { weight: 3, arbitrary: fc.nat(80).map((node) => ({ op: 'get' as const, node })) },
);

describe('SourceSpans', () => {
  // Made at any expected size, after a table of the same nodes released its first chunk to it
  // (parseInPieces' pieces, one after another): nothing of that table shows.
  it('answers as a WeakMap of the last write, across growth of its offsets and a released table before it', () => {
    fc.assert(
      fc.property(fc.array(arbOp, { minLength: 0, maxLength: 700 }), fc.array(arbOp, { maxLength: 300 }), fc.nat(3000), (ops, before, expected) => {
        const lines = new LineIndex(TEXT);
        const nodes = Array.from({ length: 81 }, (_, i) => ({ kind: 'column', name: `n${i}` }) as unknown as Node);
        const previous = new SourceSpans(lines, expected);
        for (const o of before) if (o.op === 'record') previous.record(nodes[o.node] as Node, o.start, o.end);
        previous.release();
        const spans = new SourceSpans(lines, expected);
        const model = new Map<number, Span>();
        const check = (i: number) => {
          const want = model.get(i);
          const node = nodes[i] as Node;
          expect(spans.has(node)).toBe(want !== undefined);
          const got = spans.get(node);
          expect(got).toEqual(want);
          // The same object on every call.
          if (got !== undefined) expect(spans.get(node)).toBe(got);
          const out = { start: -1, end: -1 };
          expect(spans.offsetsOf(node, out)).toBe(want !== undefined);
          if (want !== undefined) expect(out).toEqual({ start: want.start, end: want.end });
        };
        for (const o of ops) {
          const node = nodes[o.node] as Node;
          if (o.op === 'record') {
            spans.record(node, o.start, o.end);
            model.set(o.node, lines.span(o.start, o.end));
          } else if (o.op === 'set') {
            const span = lines.span(o.start, o.end);
            spans.set(node, span);
            model.set(o.node, span);
            expect(spans.get(node)).toBe(span);
          } else if (o.op === 'delete') {
            spans.delete(node);
            model.delete(o.node);
          } else check(o.node);
        }
        for (let i = 0; i < nodes.length; i++) check(i);
      }),
      { numRuns: runs(100) },
    );
  });

  it('keeps every offset of a text of many thousand records (several doublings, several chunks)', () => {
    const lines = new LineIndex(TEXT);
    const spans = new SourceSpans(lines);
    const nodes = Array.from({ length: 10_000 }, (_, i) => ({ kind: 'column', name: `n${i}` }) as unknown as Node);
    nodes.forEach((node, i) => spans.record(node, i % TEXT.length, (i % TEXT.length) + 1));
    const out = { start: 0, end: 0 };
    nodes.forEach((node, i) => {
      expect(spans.offsetsOf(node, out)).toBe(true);
      expect(out).toEqual({ start: i % TEXT.length, end: (i % TEXT.length) + 1 });
    });
  });

  it('gives each statement of a long text its records, across chunk boundaries', () => {
    // 500 statements of about 19 records: statements straddle the chunk boundaries (4,096 records).
    const text = Array.from({ length: 500 }, (_, i) => `SELECT a${i}, b + ${i} AS s FROM t${i} WHERE c = ${i} AND d IN (1, 2, ${i})`).join(';\n');
    const parsed = parseDocument(text);
    const spans = parsed.spans as SourceSpans;
    expect((spans as unknown as { count: number }).count).toBeGreaterThan(2 * 4096);
    const a = { start: 0, end: 0 };
    const b = { start: 0, end: 0 };
    for (const { node: root } of parsed.statements) {
      const of = spans.statementOffsets(root);
      for (const node of [root, ...descendants(root)]) {
        expect(of(node, b)).toBe(spans.offsetsOf(node, a));
        expect(b).toEqual(a);
        // Independent of the table: a column's and a number's text is what the node holds.
        if (node.kind === 'column') expect(text.slice(a.start, a.end)).toBe(node.path);
        if (node.kind === 'number') expect(text.slice(a.start, a.end)).toBe(node.value);
      }
    }
  });

  // The chunk a released table hands on waits (module-wide) for the next table: it must not keep
  // the last piece's nodes, and with them its tree and the text its names were sliced from, alive.
  it('keeps none of its nodes alive once released', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const refs: WeakRef<object>[] = [];
    (() => {
      const spans = new SourceSpans(new LineIndex(TEXT), 200);
      for (let i = 0; i < 200; i++) {
        const node = { kind: 'column', name: `n${i}` } as unknown as Node;
        refs.push(new WeakRef(node));
        spans.record(node, i, i + 1);
      }
      spans.release();
    })();
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    expect(refs.filter((ref) => ref.deref() !== undefined)).toHaveLength(0);
  });
});
