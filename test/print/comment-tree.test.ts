import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Node } from '../../src/ast/nodes.js';
import type { Spans } from '../../src/ast/spans.js';
import { children } from '../../src/ast/walk.js';
import { StatementTree } from '../../src/print/comment-tree.js';
import { print } from '../../src/print/print.js';
import { parseDocument } from '../../src/syntax/index.js';
import { arbStatement } from '../fixtures/arbitraries.js';
import { runs } from '../helpers/runs.js';

/**
 * Comment placement looks a statement's tree up near each comment only (StatementTree descends
 * into the children whose span can answer). Its answers must be those of the definitions over
 * every node: here by brute force, in pre-order, whatever lookups came before on the same tree.
 * The descent passes a subtree over by its span only because the parser's spans nest, which is
 * checked too.
 */
interface Entry {
  readonly node: Node;
  readonly parent: Node | undefined;
  readonly depth: number;
  readonly start: number;
  readonly end: number;
}

/** Every node in pre-order with its parent, depth and offsets (NaN: no span). */
function entries(root: Node, spans: Spans): Entry[] {
  const out: Entry[] = [];
  const walk = (node: Node, parent: Node | undefined, depth: number) => {
    const span = spans.get(node);
    out.push({ node, parent, depth, start: span?.start ?? NaN, end: span?.end ?? NaN });
    for (const kid of children(node)) walk(kid, node, depth + 1);
  };
  walk(root, undefined, 0);
  return out;
}

/** The first entry by `better` (strictly better replaces: the earlier in pre-order wins a tie). */
function first(list: readonly Entry[], keep: (e: Entry) => boolean, better: (a: Entry, b: Entry) => boolean): Entry | undefined {
  let best: Entry | undefined;
  for (const e of list) if (e.start === e.start && keep(e) && (best === undefined || better(e, best))) best = e;
  return best;
}

/** What each lookup means, over every node. */
const expected = {
  startingAt: (all: readonly Entry[], x: number) =>
    first(
      all,
      (e) => e.start === x,
      (a, b) => a.end > b.end,
    )?.node,
  endingAt: (all: readonly Entry[], x: number) =>
    first(
      all,
      (e) => e.end === x,
      (a, b) => a.start < b.start,
    )?.node,
  firstStartIn(all: readonly Entry[], from: number, limit: number) {
    const e = first(
      all,
      (e) => e.start >= from,
      (a, b) => a.start < b.start || (a.start === b.start && a.end > b.end),
    );
    return e !== undefined && e.start < limit ? e.node : undefined;
  },
  lastEndIn(all: readonly Entry[], to: number, limit: number) {
    const e = first(
      all,
      (e) => e.end <= to,
      (a, b) => a.end > b.end || (a.end === b.end && a.start < b.start),
    );
    return e !== undefined && e.end > limit ? e.node : undefined;
  },
  innermostAround(all: readonly Entry[], from: number, to: number) {
    // Starting last before `from`; of those, the innermost, the later in pre-order.
    const e = first(
      all,
      (e) => e.start < from,
      (a, b) => a.start > b.start || (a.start === b.start && a.end <= b.end),
    );
    const byNode = new Map(all.map((x) => [x.node, x]));
    for (let n = e; n !== undefined; n = n.parent === undefined ? undefined : byNode.get(n.parent)) {
      if (n.start < from && n.end > to) return n.node;
    }
    return undefined;
  },
};

type Lookup =
  | { kind: 'startingAt' | 'endingAt'; at: number }
  | { kind: 'firstStartIn' | 'lastEndIn' | 'innermostAround'; at: number; other: number }
  | { kind: 'node'; index: number };

const arbLookup: fc.Arbitrary<Lookup> = fc.oneof(
  fc.record({ kind: fc.constantFrom('startingAt' as const, 'endingAt' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constantFrom('firstStartIn' as const, 'lastEndIn' as const, 'innermostAround' as const),
    at: fc.nat(),
    other: fc.integer({ min: -30, max: 30 }),
  }),
  fc.record({ kind: fc.constant('node' as const), index: fc.nat() }),
);

/** A statement's text, parsed: its root and the parser's spans. */
const arbParsed = arbStatement.chain((s) => {
  let text: string;
  try {
    text = print(s);
  } catch {
    return fc.constant(null);
  }
  const doc = parseDocument(text);
  const root = doc.statements[0]?.node;
  return fc.constant(root === undefined ? null : { text, root, spans: doc.spans as Spans });
});

function check(root: Node, spans: Spans, length: number, lookups: readonly Lookup[]): void {
  const all = entries(root, spans);
  const tree = new StatementTree(root, spans);
  for (const q of lookups) {
    const at = (q.kind === 'node' ? 0 : q.at % (length + 3)) - 1;
    const what = JSON.stringify({ ...q, at });
    switch (q.kind) {
      case 'startingAt':
      case 'endingAt':
        expect(tree[q.kind](at), what).toBe(expected[q.kind](all, at));
        break;
      case 'firstStartIn':
        expect(tree.firstStartIn(at, q.other < -20 ? Infinity : at + q.other), what).toBe(
          expected.firstStartIn(all, at, q.other < -20 ? Infinity : at + q.other),
        );
        break;
      case 'lastEndIn':
        expect(tree.lastEndIn(at, q.other > 20 ? -1 : at + q.other), what).toBe(expected.lastEndIn(all, at, q.other > 20 ? -1 : at + q.other));
        break;
      case 'innermostAround':
        expect(tree.innermostAround(at, at + Math.abs(q.other)), what).toBe(expected.innermostAround(all, at, at + Math.abs(q.other)));
        break;
      case 'node': {
        const e = all[q.index % all.length] as Entry;
        expect(tree.parentOf(e.node), what).toBe(e.parent);
        expect(tree.depthOf(e.node), what).toBe(e.depth);
        expect(tree.spanOf(e.node), what).toEqual(e.start === e.start ? { start: e.start, end: e.end } : undefined);
        const kid = children(e.node).find((k) => e.end === e.end && spans.get(k)?.end === e.end);
        expect(tree.lastChildEnding(e.node), what).toBe(kid);
        break;
      }
    }
  }
}

describe('a statement tree looked up near comments', () => {
  it("the parser's spans nest: a node's span holds its children's, and no node is in a tree twice", () => {
    fc.assert(
      fc.property(arbParsed, (parsed) => {
        if (parsed === null) return;
        const seen = new Set<Node>();
        for (const e of entries(parsed.root, parsed.spans)) {
          expect(seen.has(e.node)).toBe(false);
          seen.add(e.node);
          expect(e.start <= e.end, e.node.kind).toBe(true);
          const parent = e.parent === undefined ? undefined : parsed.spans.get(e.parent);
          if (parent !== undefined) expect(parent.start <= e.start && e.end <= parent.end, `${e.node.kind} in ${e.parent?.kind}`).toBe(true);
        }
      }),
      { numRuns: runs(300) },
    );
  });

  it('answers every lookup as the definitions over every node do, whatever was looked up before', () => {
    fc.assert(
      fc.property(arbParsed, fc.array(arbLookup, { minLength: 1, maxLength: 40 }), (parsed, lookups) => {
        if (parsed !== null) check(parsed.root, parsed.spans, parsed.text.length, lookups);
      }),
      { numRuns: runs(300) },
    );
  });

  it('answers so with spans from elsewhere (a plain table: the tree is searched whole), some nodes without one', () => {
    fc.assert(
      fc.property(arbParsed, fc.array(arbLookup, { minLength: 1, maxLength: 40 }), fc.nat(), (parsed, lookups, seed) => {
        if (parsed === null) return;
        const plain: Spans = new WeakMap();
        entries(parsed.root, parsed.spans).forEach((e, i) => {
          if ((i + seed) % 5 !== 0 && e.start === e.start) plain.set(e.node, { ...(parsed.spans.get(e.node) as NonNullable<ReturnType<Spans['get']>>) });
        });
        check(parsed.root, plain, parsed.text.length, lookups);
      }),
      { numRuns: runs(200) },
    );
  });
});
