import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { childKeys } from '../../src/ast/kinds.js';
import { binary, col, fn, foldLeft, inList, num, select, table, unary } from '../../src/ast/make.js';
import type { Expr, Node, NodeKind } from '../../src/ast/nodes.js';
import { BREAK, children, descendants, transform, visit, visitInParallel, type VisitInfo, type Visitor } from '../../src/ast/walk.js';
import { arbNode, arbStatement } from '../fixtures/arbitraries.js';
import { runs } from '../helpers/runs.js';

describe('children', () => {
  it('lists children in source order, skipping absent parts', () => {
    const s = select({ columns: [{ kind: 'result_column', e: col('a'), alias: null }], from: table('t'), where: col('w'), limit: num('1') });
    expect(children(s).map((c) => c.kind)).toEqual(['result_column', 'table', 'column', 'number']);
    expect(children(select())).toEqual([]);
    expect(children(binary('+', num('1'), num('2')))).toEqual([num('1'), num('2')]);
  });

  it('every child field of the kind table names properties the generated nodes have', () => {
    fc.assert(
      fc.property(arbNode, (node) => {
        for (const n of descendants(node)) {
          for (const key of childKeys(n.kind)) expect(key in n).toBe(true);
        }
      }),
      { numRuns: runs(300) },
    );
  });
});

describe('visit', () => {
  it('enters in pre-order and leaves in post-order with parents, keys, indexes and depths', () => {
    const e = binary('and', unary('not', col('a')), fn('F', [col('b'), col('c')]));
    const log: string[] = [];
    const where = (n: Node, info: VisitInfo) =>
      `${n.kind}${'path' in n ? `:${n.path}` : ''} parent=${info.parent?.kind ?? '-'} key=${info.key ?? '-'} index=${info.index ?? '-'} depth=${info.depth}`;
    visit(e, {
      enter: (n, info) => void log.push(`enter ${where(n, info)}`),
      leave: (n, info) => void log.push(`leave ${where(n, info)}`),
    });
    expect(log).toEqual([
      'enter binary parent=- key=- index=- depth=0',
      'enter unary parent=binary key=e1 index=- depth=1',
      'enter column:a parent=unary key=e index=- depth=2',
      'leave column:a parent=unary key=e index=- depth=2',
      'leave unary parent=binary key=e1 index=- depth=1',
      'enter function parent=binary key=e2 index=- depth=1',
      'enter column:b parent=function key=args index=0 depth=2',
      'leave column:b parent=function key=args index=0 depth=2',
      'enter column:c parent=function key=args index=1 depth=2',
      'leave column:c parent=function key=args index=1 depth=2',
      'leave function parent=binary key=e2 index=- depth=1',
      'leave binary parent=- key=- index=- depth=0',
    ]);
  });

  it('gives the ancestors (root first) and the path of keys and indexes', () => {
    const q = select({ where: binary('=', col('a'), fn('F', [num('1'), col('deep')])) });
    let seen: { ancestors: string[]; path: (string | number)[] } | null = null;
    visit(q, {
      column: (n, info) => {
        if (n.path === 'deep') seen = { ancestors: info.ancestors().map((a) => a.kind), path: info.path() };
      },
    });
    expect(seen).toEqual({ ancestors: ['select', 'binary', 'function'], path: ['where', 'e2', 'args', 1] });
  });

  it('dispatches by kind: a function is an enter, an object has enter and leave; generic handlers run around them', () => {
    const e = binary('or', col('a'), binary('and', col('b'), num('1')));
    const log: string[] = [];
    visit(e, {
      enter: (n) => void log.push(`>${n.kind}`),
      leave: (n) => void log.push(`<${n.kind}`),
      column: (n) => void log.push(`col ${n.path}`),
      binary: { enter: (n) => void log.push(`bin ${n.op}`), leave: (n) => void log.push(`/bin ${n.op}`) },
    });
    expect(log).toEqual([
      '>binary',
      'bin or',
      '>column',
      'col a',
      '<column',
      '>binary',
      'bin and',
      '>column',
      'col b',
      '<column',
      '>number',
      '<number',
      '/bin and',
      '<binary',
      '/bin or',
      '<binary',
    ]);
  });

  it('returning false skips the children and the leave', () => {
    const e = binary('or', unary('not', col('a')), col('b'));
    const seen: string[] = [];
    visit(e, { enter: (n) => (seen.push(n.kind), n.kind === 'unary' ? false : undefined), leave: (n) => void seen.push(`/${n.kind}`) });
    expect(seen).toEqual(['binary', 'unary', 'column', '/column', '/binary']);
  });

  it('BREAK stops the walk, from an enter or a leave, and visit says so', () => {
    const e = binary('or', col('a'), binary('and', col('b'), col('c')));
    const seen: string[] = [];
    const broke = visit(e, { column: (n) => (seen.push(n.path), n.path === 'b' ? BREAK : undefined) });
    expect(broke).toBe(true);
    expect(seen).toEqual(['a', 'b']);
    const left: string[] = [];
    expect(visit(e, { leave: (n) => (left.push(n.kind), n.kind === 'column' ? BREAK : undefined) })).toBe(true);
    expect(left).toEqual(['column']);
    expect(visit(e, {})).toBe(false);
  });

  it('walks a 50,000-term AND chain and 100,000 nested NOTs without overflowing', () => {
    const chain = foldLeft(
      'and',
      Array.from({ length: 50_000 }, (_, i) => col(`c${i}`)),
    );
    let count = 0;
    let maxDepth = 0;
    visit(chain, { enter: (_, info) => void (count++, (maxDepth = Math.max(maxDepth, info.depth))) });
    expect(count).toBe(99_999);
    expect(maxDepth).toBe(49_999);
    let deep: Expr = num('1');
    for (let i = 0; i < 100_000; i++) deep = unary('not', deep);
    expect(descendants(deep)).toHaveLength(100_001);
    let deepest: (string | number)[] = [];
    visit(deep, { number: (_, info) => void (deepest = info.path()) });
    expect(deepest).toHaveLength(100_000);
  });
});

describe('visitInParallel', () => {
  it('runs visitors in one walk, each as if alone: a skip or a BREAK is its own', () => {
    const e = binary('or', unary('not', col('a')), binary('and', col('b'), col('c')));
    const all: string[] = [];
    const skipper: string[] = [];
    const breaker: string[] = [];
    visit(
      e,
      visitInParallel([
        { enter: (n) => void all.push(n.kind), leave: (n) => void all.push(`/${n.kind}`) },
        { enter: (n) => (skipper.push(n.kind), n.kind === 'unary' ? false : undefined), leave: (n) => void skipper.push(`/${n.kind}`) },
        { column: (n) => (breaker.push(n.path), BREAK) },
      ]),
    );
    expect(all).toEqual(['binary', 'unary', 'column', '/column', '/unary', 'binary', 'column', '/column', 'column', '/column', '/binary', '/binary']);
    expect(skipper).toEqual(['binary', 'unary', 'binary', 'column', '/column', 'column', '/column', '/binary', '/binary']);
    expect(breaker).toEqual(['a']);
  });

  it('equals the visitors run one by one, on generated trees', () => {
    const run = (tree: Node, visitors: readonly Visitor[]) => visit(tree, visitInParallel(visitors));
    fc.assert(
      fc.property(arbNode, fc.constantFrom<NodeKind>('binary', 'column', 'select', 'function', 'case'), (tree, skipKind) => {
        const make = (log: string[]): Visitor[] => [
          { enter: (n, i) => void log.push(`a>${n.kind}@${i.depth}`), leave: (n) => void log.push(`a<${n.kind}`) },
          { enter: (n) => (log.push(`b>${n.kind}`), n.kind === skipKind ? false : undefined), leave: (n) => void log.push(`b<${n.kind}`) },
        ];
        const alone: string[] = [];
        const [a, b] = make(alone);
        visit(tree, a as Visitor);
        visit(tree, b as Visitor);
        const together: string[] = [];
        run(tree, make(together));
        const only = (p: string, log: string[]) => log.filter((x) => x.startsWith(p));
        expect(only('a', together)).toEqual(only('a', alone));
        expect(only('b', together)).toEqual(only('b', alone));
      }),
      { numRuns: runs(200) },
    );
  });
});

describe('transform', () => {
  it('identity keeps the same object (generated trees)', () => {
    fc.assert(
      fc.property(arbStatement, (s) => transform(s, (n) => n) === s),
      { numRuns: runs(500) },
    );
  });

  it('rebuilds only the changed path; unchanged subtrees keep their identity', () => {
    const left = binary('+', col('a'), num('1'));
    const right = binary('*', col('b'), num('2'));
    const root = binary('and', left, right);
    const out = transform(root, (n) => (n.kind === 'column' && n.path === 'b' ? col('B') : n));
    expect(out).toEqual(binary('and', left, binary('*', col('B'), num('2'))));
    expect(out).not.toBe(root);
    expect((out as { e1: Node }).e1).toBe(left);
    expect(root).toEqual(binary('and', left, binary('*', col('b'), num('2'))));
  });

  it('sees children already transformed (bottom-up) and rewrites lists', () => {
    const e = inList(col('x'), [num('1'), num('2'), num('3')]);
    const doubled = transform(e, (n) => (n.kind === 'number' ? num(String(Number(n.value) * 2)) : n));
    expect(doubled).toEqual(inList(col('x'), [num('2'), num('4'), num('6')]));
    const order: string[] = [];
    transform(binary('+', num('1'), num('2')), (n) => (order.push(n.kind), n));
    expect(order).toEqual(['number', 'number', 'binary']);
  });

  it('transforms a 50,000-term chain without overflowing', () => {
    const chain = foldLeft(
      'or',
      Array.from({ length: 50_000 }, (_, i) => col(`c${i}`)),
    );
    const upper = transform(chain, (n) => (n.kind === 'column' ? col(n.path.toUpperCase()) : n));
    let last: Expr = upper;
    while (last.kind === 'binary') last = last.e1;
    expect(last).toEqual(col('C0'));
  });
});
