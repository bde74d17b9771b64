import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isExpr, STATEMENT_KINDS, type Node } from '../../src/ast/index.js';
import { DsqError } from '../../src/diagnostic/index.js';
import { fromJson, fromJsonExpression, toJson, toJsonArray } from '../../src/json/index.js';
import { arbHostileExpr, arbHostileStatement, type Hostile } from '../fixtures/hostile-arbitraries.js';
import { runs } from '../helpers/runs.js';

/**
 * The JSON writer given objects dsq did not check (issue 31: it wrote a hand-built object's
 * text verbatim: invalid JSON, text injection). Whatever the object, `toJson` writes valid JSON
 * that reads back to the same tree, or throws a DsqError saying what is wrong; never another
 * error, never text that reads as something else.
 */

/** What toJson gives for `tree`: its text, or the DsqError (any other error fails the test). */
function written(tree: unknown, form: 'short' | 'full' = 'short'): string | DsqError {
  try {
    return toJson(tree as Node, { form });
  } catch (err) {
    if (err instanceof DsqError) return err;
    throw err;
  }
}

function readsBack(h: Hostile<Node>, form: 'short' | 'full'): void {
  const out = written(h.tree, form);
  if (out instanceof DsqError) {
    expect(out.diagnostics.length).toBeGreaterThan(0);
    return;
  }
  // Valid JSON, and the same tree when read back.
  expect(() => JSON.parse(out)).not.toThrow();
  const kind = (h.tree as { kind?: unknown }).kind as string;
  if ((STATEMENT_KINDS as readonly string[]).includes(kind)) expect(fromJson(out)).toEqual(h.tree);
  else if (isExpr(h.tree)) expect(fromJsonExpression(out)).toEqual(h.tree);
}

describe('toJson of an object dsq did not check', () => {
  it('statements and data actions changed at a random place: valid JSON that reads back the same, or a DsqError (2,000 runs)', () => {
    fc.assert(
      fc.property(arbHostileStatement, fc.constantFrom<'short' | 'full'>('short', 'full'), (h, form) => readsBack(h, form)),
      { numRuns: runs(2000) },
    );
  });

  it('expressions changed at a random place: valid JSON that reads back the same, or a DsqError (2,000 runs)', () => {
    fc.assert(
      fc.property(arbHostileExpr, fc.constantFrom<'short' | 'full'>('short', 'full'), (h, form) => readsBack(h, form)),
      { numRuns: runs(2000) },
    );
  });

  it('the cases the issue names: each a DsqError with the JSON pointer of the field, or JSON that reads back', () => {
    const refused: [unknown, string, string][] = [
      [{ kind: 'number', value: '1, "injected": 2' }, 'spec/invalid-number', '/value'],
      [{ kind: 'number', value: '1 OR 1 = 1' }, 'spec/invalid-number', '/value'],
      [{ kind: 'binary', op: '=', e1: { kind: 'column', path: 'a' }, e2: { kind: 'number', value: '1}' } }, 'spec/invalid-number', '/e2/value'],
      [{ kind: 'nope' }, 'ast/unknown-kind', ''],
      [{ kind: 'toString' }, 'ast/unknown-kind', ''],
      [{ kind: 'column', path: 'a', extra: '", "x": "' }, 'ast/unknown-property', '/extra'],
      [{ kind: 'function', name: 'F', args: { kind: 'column', path: 'a' } }, 'ast/wrong-type', '/args'],
      [{ kind: 'string', value: ['a'] }, 'ast/wrong-type', '/value'],
      [{ kind: 'spec_id', id: '1 OR 1' }, 'spec/invalid-id', ''],
    ];
    for (const [tree, code, pointer] of refused) {
      const out = written(tree);
      expect(out, JSON.stringify(tree)).toBeInstanceOf(DsqError);
      expect((out as DsqError).diagnostics[0]).toMatchObject({ code, pointer });
    }
    // Valid trees with names and strings that are syntax elsewhere are written escaped.
    const odd = { kind: 'binary', op: '=', e1: { kind: 'column', path: 'a"b\u2028' }, e2: { kind: 'string', value: "x'\u0000\r\n\ud800" } };
    const text = toJson(odd as Node);
    expect(JSON.parse(text)).toEqual({ '$=': [{ $col: 'a"b\u2028' }, "x'\u0000\r\n\ud800"] });
    expect(fromJsonExpression(text)).toEqual(odd);
    // In an array, the pointer says which item.
    const items = [
      { kind: 'column', path: 'a' },
      { kind: 'number', value: 'x' },
    ] as Node[];
    expect(() => toJsonArray(items)).toThrow(DsqError);
    try {
      toJsonArray(items);
    } catch (err) {
      expect((err as DsqError).diagnostics[0]).toMatchObject({ pointer: '/1/value' });
    }
  });

  it('a field read through a getter is read once: what was checked is what is written', () => {
    let reads = 0;
    const twoFaced = {
      kind: 'number',
      get value() {
        return reads++ === 0 ? '1' : '1, "injected": 2';
      },
    };
    expect(toJson(twoFaced as never)).toBe('1');
  });
});
