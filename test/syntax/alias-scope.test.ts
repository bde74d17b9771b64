import { describe, expect, it } from 'vitest';
import { parse } from '../../src/syntax/index.js';

/**
 * A result alias named in ORDER BY, GROUP BY or HAVING is an alias reference (src/syntax/node-helpers.ts
 * `nameRef`). The parser keeps a SELECT's aliases in a list and searches a Set of them once the
 * list is long (parser-state.ts `isAlias`, issue 32): the same answer on both sides of that length.
 */
describe('result aliases in ORDER BY', () => {
  for (const count of [1, 16, 17, 40]) {
    it(`are references with ${count} aliased columns, first, last and none`, () => {
      const columns = Array.from({ length: count }, (_, i) => `c${i} AS a${i}`).join(', ');
      const select = parse(`SELECT ${columns} FROM t ORDER BY a0, a${count - 1}, b`);
      expect(select.kind).toBe('select');
      const order = (select as unknown as { order: { e: { kind: string } }[] }).order;
      expect(order.map((o) => o.e.kind)).toEqual(['alias', 'alias', 'column']);
    });
  }
});
