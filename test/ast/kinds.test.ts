import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXPR_KINDS, KINDS, NODE_KINDS, STATEMENT_KINDS, kindsOf, operatorOf, precedenceOf } from '../../src/ast/kinds.js';
import type { NodeKind, Source, Specifier } from '../../src/ast/nodes.js';
import { OPERATORS, PRIMARY } from '../../src/ast/operators.js';
import { DATA_ACTION_KINDS, SYSTEM_ACTION_KINDS, childKeys as childKeysOf } from '../../src/ast/kinds.js';
import { arbKinds } from '../fixtures/arbitraries.js';
import { runs } from '../helpers/runs.js';

/**
 * One declaration per node kind (src/ast/kinds.ts): what only running it can show. The compiler
 * already holds the table to the node types (its `satisfies`, the children check beside it) and
 * every consumer that treats kinds one by one to exactly the kinds (each is typed
 * `{ [K in NodeKind]: ... }`), so a new kind does not build until each handles it; that is tsc's
 * part of `npm test`, not this file's. Here: the table's order and lists, the nodes its
 * constructors make (their kind, where their child nodes are: a node in a property the table does
 * not list as a child is one the walker, the JSON writer and the printer never see), and the
 * operator levels.
 */

const KIND_SET = new Set<string>(NODE_KINDS);
const isNode = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v) && KIND_SET.has((v as { kind?: unknown }).kind as string);
/** Whether a node hides anywhere inside a value (a list, an object of options). */
function holdsNode(value: unknown): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (isNode(v)) return true;
    if (typeof v === 'object' && v !== null) stack.push(...Object.values(v));
  }
  return false;
}

describe('the kind table', () => {
  it('has every kind once, in the lists and order the rest of dsq reads', () => {
    expect(NODE_KINDS).toEqual(Object.keys(KINDS));
    expect(new Set(NODE_KINDS).size).toBe(NODE_KINDS.length);
    expect([...EXPR_KINDS].sort()).toEqual(NODE_KINDS.filter((k) => KINDS[k].role === 'expr').sort());
    expect(STATEMENT_KINDS).toEqual(['select', 'select_action', ...DATA_ACTION_KINDS, ...SYSTEM_ACTION_KINDS]);
    const sources: Source['kind'][] = ['table', 'table_system', 'table_database', 'join', 'select_source'];
    const specifiers: Specifier['kind'][] = ['spec_all', 'spec_id', 'spec_name', 'spec_where', 'spec_array'];
    expect(kindsOf('source')).toEqual(sources);
    expect(kindsOf('specifier')).toEqual(specifiers);
  });

  it.each(NODE_KINDS.map((k) => [k] as [NodeKind]))('%s: its nodes have its kind, child nodes only where `children` says, children in field order', (kind) => {
    const childKeys = childKeysOf(kind) as readonly string[];
    fc.assert(
      fc.property(arbKinds[kind] as fc.Arbitrary<unknown>, (node) => {
        const record = node as Record<string, unknown>;
        expect(record.kind).toBe(kind);
        for (const key of childKeys) {
          expect(Object.keys(record), kind).toContain(key);
          // A child property holds a node, a list of nodes, or a plain value ('all', whole-number
          // text, null): never an object or list the walker would step over.
          const value = record[key];
          const ok = typeof value !== 'object' || value === null || isNode(value) || (Array.isArray(value) && value.every(isNode));
          expect(ok, `${kind}.${key}`).toBe(true);
        }
        for (const [key, value] of Object.entries(record)) {
          if (!childKeys.includes(key)) expect(holdsNode(value), `${kind}.${key} holds a node but is not a child`).toBe(false);
        }
        // The children are listed in the order the node's fields are written (source order).
        expect(
          Object.keys(record).filter((k) => childKeys.includes(k)),
          kind,
        ).toEqual(childKeys);
      }),
      { numRuns: runs(10) },
    );
  });

  it('gives every operator a level and operand levels; prefix and infix operand levels follow from associativity', () => {
    for (const [op, o] of Object.entries(OPERATORS.binary)) {
      expect(o.left, op).toBe(o.level);
      expect(o.right, op).toBe(o.level + 1);
      expect(o.level).toBeLessThan(PRIMARY);
    }
    for (const o of Object.values(OPERATORS.unary)) expect(o.right).toBe(o.level);
    // BETWEEN, IN, IS, LIKE, REGEXP bind as comparisons; COLLATE tightest; NOT loosest but OR and AND.
    const cmp = OPERATORS.binary['='].level;
    for (const o of [OPERATORS.between, OPERATORS.in, OPERATORS.binary.is, OPERATORS.binary.like, OPERATORS.binary.regexp]) expect(o.level).toBe(cmp);
    expect(OPERATORS.collate.level).toBe(Math.max(...[...Object.values(OPERATORS.binary), ...Object.values(OPERATORS.unary)].map((o) => o.level)) + 1);
    expect(OPERATORS.unary.not.level).toBe(OPERATORS.binary.and.level + 1);
    expect(OPERATORS.unary['-'].level).toBe(OPERATORS.binary['*'].level + 1);
    expect(OPERATORS.binary.is.negated).toBe('IS NOT');
    expect(OPERATORS.in.negated).toBe('NOT IN');
  });

  it('knows the operator of each operator kind and the level of every expression', () => {
    const n = KINDS.number.make('1');
    expect(precedenceOf(n)).toBe(PRIMARY);
    expect(operatorOf(n)).toBeNull();
    expect(operatorOf(KINDS.binary.make('+', n, n))).toBe(OPERATORS.binary['+']);
    expect(operatorOf(KINDS.unary.make('not', n))).toBe(OPERATORS.unary.not);
    expect(operatorOf(KINDS.in_select.make(n, KINDS.select.make()))).toBe(OPERATORS.in);
    expect(precedenceOf(KINDS.collate.make(n, 'x'))).toBe(OPERATORS.collate.level);
  });
});
