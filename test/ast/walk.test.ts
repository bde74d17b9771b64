import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binary, col, foldLeft, inList, num, select, table, unary } from '../../src/ast/make.js';
import type { Expr, Node } from '../../src/ast/nodes.js';
import { CHILD_KEYS, children, descendants, transform, visit } from '../../src/ast/walk.js';
import { arbNode, arbStatement } from '../arbitraries.js';

describe('children', () => {
  it('lists children in source order, skipping absent parts', () => {
    const s = select({ columns: [{ kind: 'result_column', e: col('a'), alias: null }], from: table('t'), where: col('w'), limit: num('1') });
    expect(children(s).map((c) => c.kind)).toEqual(['result_column', 'table', 'column', 'number']);
    expect(children(select())).toEqual([]);
    expect(children(binary('+', num('1'), num('2')))).toEqual([num('1'), num('2')]);
  });

  it('every CHILD_KEYS entry names properties the generated nodes have', () => {
    fc.assert(
      fc.property(arbNode, (node) => {
        for (const n of descendants(node)) {
          for (const key of CHILD_KEYS[n.kind] as readonly string[]) expect(key in n).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('visit', () => {
  it('enters in pre-order and leaves in post-order with parents and depths', () => {
    const e = binary('and', unary('not', col('a')), col('b'));
    const log: string[] = [];
    visit(e, {
      enter: (n, parent, depth) => void log.push(`enter ${n.kind}${'path' in n ? `:${n.path}` : ''} parent=${parent?.kind ?? '-'} depth=${depth}`),
      leave: (n) => void log.push(`leave ${n.kind}`),
    });
    expect(log).toEqual([
      'enter binary parent=- depth=0',
      'enter unary parent=binary depth=1',
      'enter column:a parent=unary depth=2',
      'leave column',
      'leave unary',
      'enter column:b parent=binary depth=1',
      'leave column',
      'leave binary',
    ]);
  });

  it('returning false skips the children and the leave', () => {
    const e = binary('or', unary('not', col('a')), col('b'));
    const seen: string[] = [];
    visit(e, { enter: (n) => (seen.push(n.kind), n.kind === 'unary' ? false : undefined), leave: (n) => void seen.push(`/${n.kind}`) });
    expect(seen).toEqual(['binary', 'unary', 'column', '/column', '/binary']);
  });

  it('walks a 50,000-term AND chain and 100,000 nested NOTs without overflowing', () => {
    const chain = foldLeft('and', Array.from({ length: 50_000 }, (_, i) => col(`c${i}`)));
    let count = 0;
    let maxDepth = 0;
    visit(chain, { enter: (_, __, d) => void (count++, (maxDepth = Math.max(maxDepth, d))) });
    expect(count).toBe(99_999);
    expect(maxDepth).toBe(49_999);
    let deep: Expr = num('1');
    for (let i = 0; i < 100_000; i++) deep = unary('not', deep);
    expect(descendants(deep)).toHaveLength(100_001);
  });
});

describe('transform', () => {
  it('identity keeps the same object (generated trees)', () => {
    fc.assert(fc.property(arbStatement, (s) => transform(s, (n) => n) === s), { numRuns: 500 });
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
    const chain = foldLeft('or', Array.from({ length: 50_000 }, (_, i) => col(`c${i}`)));
    const upper = transform(chain, (n) => (n.kind === 'column' ? col(n.path.toUpperCase()) : n));
    let last: Expr = upper;
    while (last.kind === 'binary') last = last.e1;
    expect(last).toEqual(col('C0'));
  });
});
