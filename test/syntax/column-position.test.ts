import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Expr, OrderTerm, Select } from '../../src/ast/nodes.js';
import { fromJsonResult, toJson } from '../../src/json/index.js';
import { compileResult } from '../../src/params/compile.js';
import { decompile } from '../../src/print/decompile.js';
import { print } from '../../src/print/index.js';
import { textDepth } from '../../src/print/operands.js';
import { parse, parseDocument, parseStatements } from '../../src/syntax/index.js';
import { arbExpr, arbNumberText, arbSelect } from '../fixtures/arbitraries.js';
import { runs } from '../helpers/runs.js';
import { formatsTo } from '../helpers/format-final.js';

/**
 * `ORDER BY 1` and `GROUP BY 1`: SQL reads a bare number there as a result column's position;
 * the spec's order term (`e`) and group item are expressions, so the select object would order
 * or group by the constant. A bare number there is an error with the column meant; the number
 * in parentheses, `(1)`, is the constant on purpose, and is how decompile writes spec JSON that
 * orders or groups by a constant (valid spec JSON: a number is an expression).
 */

const errors = (text: string) => parseDocument(text).diagnostics.filter((d) => d.severity === 'error');
const compiled = (text: string) => compileResult(text, { indent: 0 });

describe('a bare number in ORDER BY or GROUP BY is an error with the column meant', () => {
  it.each([
    ['SELECT a FROM t ORDER BY 1', 'ORDER BY 1', '1:26', 'write the column: ORDER BY a'],
    ['SELECT name, price AS p FROM t ORDER BY 2 DESC', 'ORDER BY 2', '1:41', 'write the column: ORDER BY p'],
    ['SELECT a FROM t ORDER BY -1', 'ORDER BY -1', '1:26', 'to order by the number itself, write it in parentheses: (-1)'],
    ['SELECT a FROM t ORDER BY - 1', 'ORDER BY -1', '1:26', '(-1)'],
    [
      'SELECT a FROM t ORDER BY 1.5',
      'ORDER BY 1.5',
      '1:26',
      'write the column or expression to order by; to order by the number itself, write it in parentheses: (1.5)',
    ],
    ['SELECT a FROM t ORDER BY 1e3', 'ORDER BY 1e3', '1:26', '(1e3)'],
    ['SELECT a FROM t ORDER BY 2', 'ORDER BY 2', '1:26', 'write the column or expression'],
    ['SELECT * FROM t ORDER BY 1', 'ORDER BY 1', '1:26', 'write the column or expression'],
    ['SELECT a, COUNT(*) FROM t GROUP BY 1', 'GROUP BY 1', '1:36', 'write the column: GROUP BY a'],
    ['SELECT a + b, COUNT(*) FROM t GROUP BY 1', 'GROUP BY 1', '1:40', 'write the column: GROUP BY a + b'],
    ['SELECT a AS "order" FROM t ORDER BY 1', 'ORDER BY 1', '1:37', 'write the column: ORDER BY "order"'],
    ['SELECT x FROM t WHERE a IN (SELECT b FROM u ORDER BY 1)', 'ORDER BY 1', '1:54', 'write the column: ORDER BY b'],
    ['FETCH RECORDS FROM shop.orders ORDER BY 1 LIMIT 5', 'ORDER BY 1', '1:41', 'write the field to order by'],
    ['FETCH MULTIRECORDS FROM ALL ORDER BY 2 DESC', 'ORDER BY 2', '1:38', 'write the field to order by'],
  ])('%s', (text, clause, at, hint) => {
    const found = errors(text);
    expect(found).toHaveLength(1);
    const [d] = found;
    expect(d?.code).toBe('syntax/column-position');
    expect(d?.message).toMatch(new RegExp(`^${clause} would (order|group) by the number \\S+, not by a result column: dsq has no column positions`));
    expect(`${d?.span?.line}:${d?.span?.column}`).toBe(at);
    expect(d?.hint).toContain(hint);
    expect(compiled(text).value).toBeUndefined();
  });

  it('ORDER BY 1, 2: one error for each', () => {
    const found = errors('SELECT a, b FROM t ORDER BY 1, 2 DESC');
    expect(found.map((d) => [d.code, d.span?.column, d.hint])).toEqual([
      ['syntax/column-position', 29, 'write the column: ORDER BY a'],
      ['syntax/column-position', 32, 'write the column: ORDER BY b'],
    ]);
  });

  it('the number in parentheses is the constant, on purpose; any other expression is as it was', () => {
    expect(compiled('SELECT a FROM t ORDER BY (1), (-1) DESC, (1.5)').value).toBe(
      '{"columns":[{"e":{"$col":"a"}}],"from":"t","order":[{"e":1},{"e":-1,"order":"desc"},{"e":1.5}]}',
    );
    expect(compiled('SELECT a FROM t GROUP BY (1)').value).toBe('{"columns":[{"e":{"$col":"a"}}],"from":"t","group":[1]}');
    expect(compiled('SELECT a FROM t ORDER BY 1 + 0, -(1), a').diagnostics).toEqual([]);
    expect(compiled("SELECT a FROM t ORDER BY 'x', NULL").diagnostics).toEqual([]);
  });
});

describe('spec JSON that orders or groups by a constant decompiles to text that says so', () => {
  it.each([
    ['{"from":"t","order":[{"e":1}]}', 'SELECT * FROM t ORDER BY (1)'],
    ['{"from":"t","order":[{"e":{"type":"number","value":"-2"},"order":"desc"}]}', 'SELECT * FROM t ORDER BY (-2) DESC'],
    ['{"from":"t","group":[1.5, {"$col":"a"}]}', 'SELECT * FROM t GROUP BY (1.5), a'],
    ['{"action":"fetch","fetch":"records","database":"db","order":[{"e":3}]}', 'FETCH RECORDS FROM db ORDER BY (3)'],
  ])('%s', (json, text) => {
    expect(fromJsonResult(json).diagnostics).toEqual([]);
    expect(decompile(json)).toBe(text);
    expect(compiled(text).value).toBe(toJson(fromJsonResult(json).value as Select, { indent: 0 }));
  });

  it("the parentheses are a nesting level, for decompile's depth check as for the parser", () => {
    for (const json of ['{"from":"t","group":[0]}', '{"from":"t","order":[{"e":1}]}', '{"columns":[{"e":{"$exists":{"group":[0]}}}]}']) {
      const node = fromJsonResult(json).value as Select;
      const depth = textDepth(node);
      expect(parse(print(node), { maxDepth: depth })).toEqual(node);
      expect(() => parse(print(node), { maxDepth: depth - 1 })).toThrow('nesting deeper than');
    }
  });

  it('format keeps the parentheses (and every comment), in one pass', () => {
    const text = 'SELECT a FROM t GROUP BY ( /* c */ 1 ) -- d\nORDER BY (1 /* e */) DESC, ( 2 ) /* f */';
    formatsTo(text, 'SELECT a\nFROM t\nGROUP BY (/* c */ 1) -- d\nORDER BY (1 /* e */) DESC, (2) /* f */\n');
  });
});

/** A select whose order terms and group items are numbers and other expressions, in any mix. */
const arbNumberTerm: fc.Arbitrary<Expr> = arbNumberText.map((value): Expr => ({ kind: 'number', value }));
const arbTerm: fc.Arbitrary<Expr> = fc.oneof(arbNumberTerm, arbExpr);
const arbOrdered: fc.Arbitrary<Select> = fc
  .tuple(arbSelect, fc.array(arbTerm, { maxLength: 3 }), fc.array(fc.tuple(arbTerm, fc.constantFrom('asc' as const, 'desc' as const)), { maxLength: 3 }))
  .map(([select, group, order]) => ({ ...select, group, order: order.map(([e, dir]): OrderTerm => ({ kind: 'order_term', e, order: dir })) }));

describe('the round trips hold for constant terms (property)', () => {
  it('print(tree) parses back to the tree, without a column-position error', () => {
    fc.assert(
      fc.property(arbOrdered, (select) => {
        const text = print(select);
        expect(errors(text)).toEqual([]);
        expect(parseStatements(text)).toEqual([select]);
      }),
      { numRuns: runs(300) },
    );
  });

  it('JSON -> decompile -> compile gives the JSON back', () => {
    fc.assert(
      fc.property(arbOrdered, (select) => {
        const json = toJson(select, { indent: 0 });
        expect(compiled(decompile(json)).value).toBe(json);
      }),
      { numRuns: runs(200) },
    );
  });

  it('any number written bare in ORDER BY or GROUP BY is the error; in parentheses it is the number', () => {
    fc.assert(
      fc.property(arbNumberText, fc.constantFrom('ORDER BY', 'GROUP BY'), (n, clause) => {
        expect(errors(`SELECT a FROM t ${clause} ${n}`).map((d) => d.code)).toEqual(['syntax/column-position']);
        expect(errors(`SELECT a FROM t ${clause} (${n})`)).toEqual([]);
      }),
      { numRuns: runs(300) },
    );
  });
});
