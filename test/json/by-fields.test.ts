import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIELD_LIST } from '../../src/ast/fields.js';
import { EXPR_KINDS, KINDS, NODE_KINDS } from '../../src/ast/kinds.js';
import type { Expr, Node, NodeKind } from '../../src/ast/nodes.js';
import { fromJsonExpression, fromJsonExpressionResult, toJson } from '../../src/json/index.js';
import { run } from '../../src/json/from-json.js';
import type { Writer } from '../../src/json/json-out.js';
import { readSpecJson } from '../../src/json/read-text.js';
import { readFullWith } from '../../src/json/read-expr.js';
import { EXPR_READERS, fullByFields, type FullReader } from '../../src/json/read-expr-kinds.js';
import { serialize } from '../../src/json/serialize.js';
import type { JsonObject } from '../../src/json/value.js';
import { byFields } from '../../src/json/write-fields.js';
import { WRITERS, writeNode } from '../../src/json/write-nodes.js';
import { arbKinds } from '../fixtures/arbitraries.js';
import { at, rejection } from './helpers.js';

/**
 * A kind is written and read by its fields in the kind table (src/json/write-fields.ts
 * `byFields`, src/json/read-expr-kinds.ts `fullByFields`) unless it has a writer or reader of its
 * own: a new kind whose JSON is `{"type": ..., <its fields>}` needs neither (docs/trial-kind.md).
 */

/** Nodes of a kind that the writer takes (the arbitraries draw some the spec check refuses). */
function samples(kind: NodeKind, n = 40): Node[] {
  const arb = (arbKinds as unknown as Record<string, fc.Arbitrary<Node>>)[kind] as fc.Arbitrary<Node>;
  return fc.sample(arb, { numRuns: n, seed: 30 + NODE_KINDS.indexOf(kind) }).filter((node) => {
    try {
      toJson(node, { form: 'full' });
      return true;
    } catch {
      return false;
    }
  });
}

const fullJson = (write: () => ReturnType<typeof byFields>): string => {
  try {
    return serialize(write(), 0, (n) => writeNode(n, 'full'));
  } catch (err) {
    // `byFields` cannot write some kinds at all (a select's columns `'all'`): they differ.
    return `error: ${String(err)}`;
  }
};

describe('the writer by fields', () => {
  it("agrees with each hand writer's full form where the kind's JSON is its fields; the others are the kinds whose JSON differs", () => {
    const agree: string[] = [];
    for (const kind of Object.keys(WRITERS) as NodeKind[]) {
      const write = WRITERS[kind] as Writer<Node>;
      const nodes = samples(kind);
      if (kind !== 'param') expect(nodes.length, kind).toBeGreaterThan(0);
      const same = nodes.length > 0 && nodes.every((n) => fullJson(() => write(n, 'full')) === fullJson(() => byFields(n)));
      if (same) agree.push(kind);
    }
    // These keep a writer for their shorthand (or plain value) only: in the full form they are their fields.
    expect(agree.sort()).toEqual(
      [
        'alias',
        'between',
        'binary',
        'exists',
        'function',
        'in',
        'in_select',
        'localdate',
        'localdatetime',
        'localtime',
        'null',
        'number',
        'order_term',
        'string',
        'subquery',
        'table',
        'unary',
      ].sort(),
    );
  });

  it("writes an expression's required list even empty, and leaves out a FETCH's empty order", () => {
    expect(toJson(fromJsonExpression('{"$$NOW": []}'), { form: 'full' })).toBe('{"type":"function","function":"NOW","args":[]}');
    expect(toJson(fromJsonExpression('{"type": "case", "cases": [{"when": 1, "then": 2}]}'), { form: 'full' })).toBe(
      '{"type":"case","cases":[{"when":{"type":"number","value":1},"then":{"type":"number","value":2}}]}',
    );
  });
});

/** A full form read by one reader (its children by the JSON reader). */
function readWith(reader: FullReader, text: string): Expr {
  const obj = readSpecJson(text) as JsonObject;
  const cx = { source: text };
  const type = obj.get('type');
  const step = readFullWith(reader, obj, type?.type === 'string' ? type.value : '', cx);
  return step.build(step.needs.map((need) => run(need.what, need.value, cx)));
}

describe('the full-form reader by fields', () => {
  it('reads what each hand reader reads, for every kind whose fields it can read; the others hold datetime text', () => {
    const derivable: string[] = [];
    const not: string[] = [];
    for (const kind of EXPR_KINDS) {
      if (KINDS[kind].json.type === null) continue;
      let derived: FullReader;
      try {
        derived = { read: fullByFields(kind) };
      } catch {
        not.push(kind);
        continue;
      }
      derivable.push(kind);
      const hand = EXPR_READERS[kind].full as FullReader;
      for (const node of samples(kind)) {
        const text = toJson(node, { form: 'full' });
        // Two kinds share "type": "column" (hand: the first whose `accepts` takes it).
        if (hand.accepts?.(readSpecJson(text) as JsonObject) === false) continue;
        expect(readWith(derived, text), `${kind}: ${text}`).toEqual(readWith(hand, text));
      }
    }
    expect(not.sort()).toEqual(['datetime', 'localdate', 'localdatetime', 'localtime']);
    expect(derivable.length).toBeGreaterThan(15);
  });

  it('reads back what the writer by fields writes, for every expression kind with a "type" (datetime: epoch milliseconds are a number)', () => {
    for (const kind of EXPR_KINDS) {
      if (KINDS[kind].json.type === null || kind === 'datetime') continue;
      const readers = EXPR_KINDS.filter((k) => KINDS[k].json.type === KINDS[kind].json.type).map((k) => EXPR_READERS[k].full as FullReader);
      for (const node of samples(kind)) {
        const text = fullJson(() => byFields(node));
        const reader = readers.find((r) => r.accepts?.(readSpecJson(text) as JsonObject) ?? true) as FullReader;
        expect(readWith(reader, text), `${kind}: ${text}`).toEqual(node);
      }
    }
  });

  it("takes every expression kind's make to take the kind's fields in their order (what fullByFields calls)", () => {
    for (const kind of EXPR_KINDS) {
      const make = KINDS[kind].make as (...fields: unknown[]) => Node;
      for (const node of fc.sample((arbKinds as unknown as Record<string, fc.Arbitrary<Node>>)[kind] as fc.Arbitrary<Node>, { numRuns: 20, seed: 1 })) {
        const values = FIELD_LIST[kind].map((f) => (node as unknown as Record<string, unknown>)[f.key]);
        expect(make(...values), kind).toEqual(node);
      }
    }
  });

  it('reports a missing property, a wrong type and an unknown key of a kind with no reader of its own, with pointers', () => {
    // `between` and `in` have no full reader of their own (read-expr-kinds.ts HAND_READERS).
    const missing = rejection(() => fromJsonExpression('{"type": "between", "e": 1, "min": 2}'));
    expect([missing.code, missing.message, missing.pointer, at(missing)]).toEqual(['json/missing-property', 'a "between" expression needs "max"', '', '1:1']);

    const wrong = rejection(() => fromJsonExpression('{"$not": {"type": "in", "e": 1, "values": 5}}'));
    expect([wrong.code, wrong.message, wrong.pointer, at(wrong)]).toEqual([
      'json/wrong-type',
      'expected the "values" of an in expression (an array), got the number 5',
      '/$not/values',
      '1:43',
    ]);

    const extra = rejection(() => fromJsonExpression('{"type": "between", "e": 1, "min": 2, "max": 3, "mx": 4}'));
    expect([extra.code, extra.message, extra.pointer]).toEqual([
      'json/unknown-property',
      'unknown property "mx" in a "between" expression (did you mean "max"?); expected "type", "e", "min", "max"',
      '/mx',
    ]);
  });

  it('collects every problem of one object, each at its pointer (a field named by the kind: collate\'s "collation")', () => {
    const result = fromJsonExpressionResult('{"type": "collate", "e": [1], "collation": 5, "q9": 1}');
    expect('diagnostics' in result ? result.diagnostics.map((d) => [d.code, d.pointer, d.message]) : result).toEqual([
      ['json/unknown-property', '/q9', 'unknown property "q9" in a "collate" expression; expected "type", "e", "collation"'],
      ['json/wrong-type', '/collation', 'expected a collation name (a non-empty string), got the number 5'],
      ['json/wrong-type', '/e', 'an array is not an expression'],
    ]);
  });
});
