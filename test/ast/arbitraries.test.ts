import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { descendants, transform, visit, type Node } from '../../src/ast/index.js';
import { checkDateTimeText } from '../../src/ast/datetime.js';
import { EXPR_KINDS, kindsOf } from '../../src/ast/kinds.js';
import { checkNumber, isWholeNumber } from '../../src/ast/numbers.js';
import { arbExpr, arbNode, arbStatement, makeArbitraries } from '../fixtures/arbitraries.js';
import { runs } from '../helpers/runs.js';

/** The AST invariants of nodes.ts, checked node by node. Returns the first broken one. */
function brokenInvariant(root: Node): string | null {
  for (const n of descendants(root)) {
    const bad = ((): string | null => {
      switch (n.kind) {
        case 'number':
          return checkNumber(n.value).ok ? null : `bad number ${n.value}`;
        case 'string':
          return n.value === '' ? 'empty string' : null;
        case 'datetime':
          return n.form === 'ms' ? (isWholeNumber(n.value) && checkNumber(n.value).ok ? null : 'bad ms') : checkDateTimeText('datetime', n.value);
        case 'localdatetime':
        case 'localdate':
        case 'localtime':
          return checkDateTimeText(n.kind, n.value);
        case 'column':
          return n.path === '' ? 'empty path' : null;
        case 'alias':
          return n.name === '' ? 'empty alias' : null;
        case 'system_column':
          return n.table === '' || n.column === '' ? 'empty system column' : null;
        case 'case':
          return n.cases.length === 0 ? 'case without arms' : null;
        case 'collate':
          return n.collation === '' ? 'empty collation' : null;
        case 'function':
          return n.name === '' ? 'empty function name' : null;
        case 'spec_id':
          return isWholeNumber(n.id) && checkNumber(n.id).ok ? null : 'bad id';
        case 'spec_name':
          return n.name === '' ? 'empty name' : null;
        case 'select':
          return n.columns !== 'all' && n.columns.length === 0 ? 'empty column list' : null;
        case 'result_column':
          return n.alias === '' ? 'empty alias' : null;
        case 'table':
        case 'table_system':
        case 'table_database':
          return n.table === '' || n.alias === '' ? 'empty table or alias' : null;
        case 'select_action':
          return typeof n.rows === 'string' && !isWholeNumber(n.rows) ? 'bad rows' : null;
        default:
          return null;
      }
    })();
    if (bad) return `${n.kind}: ${bad}`;
  }
  return null;
}

describe('arbitraries', () => {
  it('generate trees that keep the AST invariants', () => {
    fc.assert(
      fc.property(arbNode, (node) => brokenInvariant(node) === null),
      { numRuns: runs(2000) },
    );
  });

  it('generate trees the walker visits completely, enter and leave balanced', () => {
    fc.assert(
      fc.property(arbStatement, (node) => {
        let entered = 0;
        let left = 0;
        visit(node, { enter: () => void entered++, leave: () => void left++ });
        expect(entered).toBe(left);
        expect(entered).toBe(descendants(node).length);
      }),
      { numRuns: runs(2000) },
    );
  });

  it('generate trees that transform(x, identity) returns unchanged', () => {
    fc.assert(
      fc.property(arbNode, (node) => transform(node, (n) => n) === node),
      { numRuns: runs(2000) },
    );
  });

  it('reach every expression kind and every node kind', () => {
    const seen = new Set<string>();
    for (const n of fc.sample(arbStatement, 400)) for (const d of descendants(n)) seen.add(d.kind);
    for (const n of fc.sample(arbExpr, 400)) for (const d of descendants(n)) seen.add(d.kind);
    // Every kind a statement or expression may hold (from the kind table: a new kind is drawn by
    // its fields, arbitraries.ts `byFields`, when it has no hand arbitrary), but parameters
    // (weight 0: drawn only where ArbOptions.params asks).
    const all = [
      ...EXPR_KINDS,
      ...(['when', 'specifier', 'result_column', 'order_term', 'source', 'select'] as const).flatMap((r) => kindsOf(r)),
      'select_action',
    ].filter((k) => k !== 'param');
    expect(all.filter((k) => !seen.has(k))).toEqual([]);
  });

  it('honour maxDepth', () => {
    const shallow = makeArbitraries({ maxDepth: 0 });
    for (const e of fc.sample(shallow.expr, 200)) expect(descendants(e)).toHaveLength(1);
  });
});
