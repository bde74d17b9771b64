import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Statement } from '../../src/ast/nodes.js';
import { rowTypeOf } from '../../src/gen/row.js';
import { readSchema } from '../../src/schema/index.js';
import { parse } from '../../src/syntax/index.js';

/**
 * Row types of computed columns (`dsq gen`): arithmetic, conditions, CASE and the spec's
 * functions typed from their operands, as the typed builder types them (test/gen/project/types.ts
 * checks the same rows against the builder's with tsc).
 */
const schema = readSchema(readFileSync(new URL('./project/schema.json', import.meta.url), 'utf8'));
const row = (text: string) => rowTypeOf(parse(text) as Statement, schema).type;
const col = (expr: string, from = 'orders') => row(`SELECT ${expr} AS x FROM ${from}`).replace(/^\{ x: (.*) \}$/, '$1');

describe('computed columns', () => {
  it.each([
    // Arithmetic: bigint with whole operands stays bigint; division a number; null when an operand may be.
    ['id + 1', 'bigint'],
    ['id * customer_id', 'bigint'],
    ['id / 2', 'number'],
    ['amount - id', 'number'],
    ['id + NULL', 'bigint | null'],
    ['-id', 'bigint'],
    ['~id', 'bigint'],
    ['id + note', 'unknown'],
    ['id + mystery', 'unknown'],
    // Conditions.
    ['amount > 5', 'boolean'],
    ["note = 'x'", 'boolean | null'],
    ['note IS NULL', 'boolean'],
    ["note LIKE '%a%'", 'boolean | null'],
    ["NOT (note = 'a')", 'boolean | null'],
    ['amount BETWEEN 1 AND 2', 'boolean'],
    ["note IN ('a')", 'boolean | null'],
    ['EXISTS (SELECT id FROM orders)', 'boolean'],
    ['mystery = 1', 'boolean'],
    // CASE: the union of THEN and ELSE; null without ELSE; unknown when a branch is.
    ["CASE WHEN amount > 1 THEN 'big' ELSE 'small' END", 'string'],
    ["CASE WHEN amount > 1 THEN amount ELSE 'small' END", 'number | string'],
    ['CASE WHEN amount > 1 THEN amount END', 'number | null'],
    ["CASE status WHEN 'a' THEN note ELSE status END", 'string | null'],
    ['CASE WHEN amount > 1 THEN mystery ELSE 1 END', 'unknown'],
    ['CASE WHEN a THEN (CASE WHEN b THEN id ELSE 0 END) ELSE NULL END', 'bigint | number | null'],
    // Functions of the spec's table; others unknown.
    ['POW(amount, 2)', 'number'],
    ['TRUNCATE(NULL, 1)', 'number | null'],
    ['CEIL(amount)', 'number | null'],
    ['BIT_OR(id)', 'bigint | null'],
    ['STDDEV_POP(amount)', 'number | null'],
    ['MAX(id + 1)', 'bigint | null'],
    ['SUM(amount * 2)', 'number | null'],
    ['UPPER(status)', 'unknown'],
    ['status COLLATE nocase', 'string'],
  ])('%s: %s', (expr, type) => {
    expect(col(expr)).toBe(type);
  });

  it('a 50,000-term chain is typed without recursion', () => {
    const text = `SELECT ${Array.from({ length: 50_000 }, () => 'id').join(' + ')} AS x FROM orders`;
    expect(row(text)).toBe('{ x: bigint }');
    const cond = `SELECT ${Array.from({ length: 50_000 }, (_, i) => `amount > ${i}`).join(' AND ')} AS x FROM orders`;
    expect(row(cond)).toBe('{ x: boolean }');
  });
});
