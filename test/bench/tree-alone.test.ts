import { describe, expect, it } from 'vitest';
import { inList, logicChain } from '../../bench/corpus.js';
import { treeAlone } from '../../bench/tree-alone.js';
import { parse } from '../../src/index.js';

// The scaling bench's floor (bench/tree-alone.ts) is only a floor if it makes exactly the
// parse's tree: same kinds, same fields, same strings, same shape (AND inside OR).
describe('bench floor: the tree alone', () => {
  const where = (text: string) => {
    const statement = parse(text);
    return statement.kind === 'select' ? statement.where : null;
  };

  it.each([
    ['in', inList(300)],
    ['and', logicChain(300)],
    ['and', logicChain(1)],
    ['and', 'SELECT id FROM orders WHERE c1 = 1 OR c2 = 2 OR c3 = 3 AND c4 = 4'],
  ] as const)('%s: %#', (shape, text) => {
    const make = treeAlone(shape, text);
    expect(make()).toEqual(where(text));
    expect(make()).not.toBe(make()); // a new tree each call
  });

  it('refuses a text whose tree it would not make', () => {
    expect(() => treeAlone('and', 'SELECT id FROM orders WHERE (c1 = 1 OR c2 = 2) AND c3 = 3')).toThrow(/not the parse's tree/);
    expect(() => treeAlone('in', 'SELECT id FROM orders WHERE id IN (1, -2)')).toThrow(/not the parse's tree/);
  });
});
