import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as tour from '../../examples/builder-tour.js';
import { parse } from '../../src/syntax/index.js';

const ROOT = join(import.meta.dirname, '..', '..');

describe('the builder tour (docs/builder.md)', () => {
  it('docs/builder.md shows examples/builder-tour.ts verbatim (importing from "dsq")', () => {
    const readme = readFileSync(join(ROOT, 'docs', 'builder.md'), 'utf8');
    const section = /<!-- section:builder -->([\s\S]*?)<!-- \/section:builder -->/.exec(readme)?.[1] ?? '';
    const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
    const file = readFileSync(join(ROOT, 'examples', 'builder-tour.ts'), 'utf8').replace("from '../src/index.js'", "from 'dsq'");
    expect(block).toBe(file);
  });

  it('runs and produces what its comments say', () => {
    expect(tour.untypedText).toBe("SELECT id, amount * 1.2 AS gross\nFROM orders AS o\nWHERE status = 'open' AND amount > 1000");
    expect(JSON.parse(tour.untypedJson)).toEqual({
      from: { type: 'table', table: 'orders', alias: 'o' },
      where: { '$=': [{ $col: 'status' }, 'open'] },
      order: [{ e: { $col: 'placed' }, order: 'desc' }],
      limit: 20,
    });
    expect(tour.extended).toBe('SELECT * FROM orders WHERE amount > 5 AND paid = 1');
    expect(tour.search({}).toText({ width: 200 })).toBe(
      'SELECT region, COUNT(id) AS n FROM customers GROUP BY region OPTIONS (ROWS = 500, USE_STRINGS = FALSE)',
    );
    expect(parse(tour.search({ region: 'north', minTotal: 3 }).toText())).toEqual(tour.search({ region: 'north', minTotal: 3 }).toAst());
    expect(tour.typedText).toBe(
      "SELECT c.name, o.amount, o.amount * 2 AS double\nFROM orders AS o JOIN customers AS c\nWHERE o.customer = c.id AND o.status IN ('open', 'paid')\nORDER BY double DESC",
    );
    expectTypeOf<tour.ReportRow>().toEqualTypeOf<{ name: string; amount: number | null; double: number | null }>();
    expectTypeOf<tour.BusyRow>().toEqualTypeOf<{ name: string; orders: number | null }>();
    // (the mistakes the tour shows are compiled in test/builder/typed/messages.test.ts)
    expect(tour.templated.toText()).toBe("SELECT *\nFROM orders\nWHERE status = 'open'' OR 1=1 --' AND id IN (1, 2, 3)\nLIMIT 10");
  });
});
