import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { EXPR_KINDS, KINDS, NODE_KINDS, STATEMENT_KINDS, kindsOf, operatorOf, precedenceOf } from '../../src/ast/kinds.js';
import type { Expr, NodeKind, NodeOfKind, OrderTerm, Param, Select, Source, Specifier } from '../../src/ast/nodes.js';
import type { FetchAction, FetchPosts, FetchRecords, RecordsSpecifier, WallType } from '../../src/ast/data-actions.js';
import type { FieldProps } from '../../src/ast/field-types.js';
import { FETCH_FIELDS, type FetchType } from '../../src/ast/kinds-fetch.js';
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

/**
 * The node types and the table's `fields` (types: tsc checks these, as part of `npm test`; the
 * `it`s run the same facts at run time). A property's type as its field gives it (field-types.ts:
 * a `spec` child is a `Specifier`, an optional flag `boolean | null`, `oneOf` words their union)
 * must be the node type's, so the table cannot say one thing and the type another.
 */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** A node type's properties but `kind`. */
type Props<T> = { readonly [P in Exclude<keyof T, 'kind'>]: T[P] };
/** The kinds whose node type is not exactly what their entry's fields give. */
type Disagreeing = { [K in NodeKind]: Equal<Props<NodeOfKind<K>>, FieldProps<(typeof KINDS)[K]['fields']>> extends true ? never : K }[NodeKind];
/**
 * Where the node type is narrower than the table can say today, so the two are held apart only
 * by `satisfies` (every property declared, node-valued ones as children): the administrative
 * actions' subtype words (`create: 'group'` of create_group against the table's check of every
 * create word, shared by the kinds) and the struct actions' fields built by helpers typed as a
 * plain `Field` (kinds-struct.ts). A kind leaves this list when its entry is as exact as its type.
 */
type Approximate =
  | 'create_group'
  | 'create_database'
  | 'drop_group'
  | 'drop_database'
  | 'drop_team'
  | 'drop_user'
  | 'alter_add_fields'
  | 'alter_drop_fields'
  | 'alter_order_fields'
  | 'alter_reset_partitions'
  | `alter_${'database' | 'field' | 'user' | 'group'}_${'set' | 'objects' | 'files'}`
  | `struct_${'buffer_import' | 'mn_alias' | 'mn_edit' | 'event_insert' | 'event_close' | 'event_update'}`
  | `struct_create_${'category' | 'model' | 'pipe' | 'def' | 'event' | 'notebook' | 'project'}`;

describe("each kind's node type and its table entry", () => {
  it('agree for every kind but the approximate ones (expressions, selects, FETCH, writes, tasks, system actions, definitions)', () => {
    expectTypeOf<Disagreeing>().toEqualTypeOf<Approximate>();
    // The approximate kinds still declare exactly the node's properties.
    expectTypeOf<{ [K in Approximate]: Equal<keyof Props<NodeOfKind<K>>, keyof (typeof KINDS)[K]['fields']> }[Approximate]>().toEqualTypeOf<true>();
    const approximate = NODE_KINDS.filter((k) => /^(create|drop|alter)_|^struct_/.test(k));
    expect(approximate.length).toBe(35);
  });

  it('computes the FETCH node types from FETCH_FIELDS: one node type per fetch type, its properties its fields', () => {
    expectTypeOf<FetchAction['kind']>().toEqualTypeOf<`fetch_${FetchType}`>();
    expectTypeOf<FetchRecords>().toEqualTypeOf<{
      readonly kind: 'fetch_records';
      readonly database: Specifier;
      readonly records: RecordsSpecifier | null;
      readonly fields: readonly string[] | null;
      readonly attributes: readonly string[] | null;
      readonly where: Expr | null;
      readonly order: readonly OrderTerm[];
      readonly limit: string | Param | null;
      readonly offset: string | Param | null;
      readonly children: boolean | null;
      readonly count: boolean | null;
    }>();
    expectTypeOf<FetchPosts['wallType']>().toEqualTypeOf<WallType | null>();
    expectTypeOf<WallType>().toEqualTypeOf<'group' | 'database' | 'record' | 'user'>();
    expectTypeOf<NodeOfKind<'fetch_pseudorecords'>['select']>().toEqualTypeOf<Select>();
    for (const type of Object.keys(FETCH_FIELDS) as FetchType[]) {
      const kind = `fetch_${type}` as const;
      expect(KINDS[kind].fields, kind).toBe(FETCH_FIELDS[type]);
      expect(KINDS[kind].json.fetch).toBe(type);
      const parts = Object.fromEntries(Object.keys(FETCH_FIELDS[type]).map((f) => [f, null]));
      expect(Object.keys((KINDS[kind].make as (p: object) => object)(parts))).toEqual(['kind', ...Object.keys(FETCH_FIELDS[type])]);
    }
  });
});
