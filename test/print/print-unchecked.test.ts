import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isExpr, STATEMENT_KINDS, type Node } from '../../src/ast/index.js';
import { NODE_KINDS } from '../../src/ast/kinds.js';
import { FIELD_LIST } from '../../src/ast/fields.js';
import type { NodeKind } from '../../src/ast/nodes.js';
import { KIND_EXAMPLES } from '../../src/syntax/kind-examples.js';
import { DsqError } from '../../src/diagnostic/index.js';
import { parse, parseDocument, parseExpression } from '../../src/syntax/index.js';
import { print, printDocument } from '../../src/print/index.js';
import { arbHostileExpr, arbHostileStatement, type Hostile } from '../fixtures/hostile-arbitraries.js';
import { runs } from '../helpers/runs.js';

/**
 * The printer given objects dsq did not check (issue 31: it wrote a hand-built object's text
 * verbatim, so a number node whose text was `1 OR 1 = 1` printed as that condition). Whatever
 * the object, `print` writes text that parses back to the same tree, or throws a DsqError
 * saying what is wrong; never another error.
 */

function printed(tree: unknown, width: number): string | DsqError {
  try {
    return print(tree as Node, { width });
  } catch (err) {
    if (err instanceof DsqError) return err;
    throw err;
  }
}

function readsBack(h: Hostile<Node>, width: number): void {
  const out = printed(h.tree, width);
  if (out instanceof DsqError) {
    expect(out.diagnostics.length).toBeGreaterThan(0);
    return;
  }
  const kind = (h.tree as { kind?: unknown }).kind as string;
  if ((STATEMENT_KINDS as readonly string[]).includes(kind)) expect(parse(out)).toEqual(h.tree);
  else if (isExpr(h.tree)) expect(parseExpression(out)).toEqual(h.tree);
}

describe('print of an object dsq did not check', () => {
  it('statements and data actions changed at a random place: text that parses back the same, or a DsqError (2,000 runs)', () => {
    fc.assert(
      fc.property(arbHostileStatement, fc.integer({ min: 20, max: 120 }), (h, width) => readsBack(h, width)),
      { numRuns: runs(2000) },
    );
  });

  it('expressions changed at a random place: text that parses back the same, or a DsqError (2,000 runs)', () => {
    fc.assert(
      fc.property(arbHostileExpr, fc.integer({ min: 20, max: 120 }), (h, width) => readsBack(h, width)),
      { numRuns: runs(2000) },
    );
  });

  it('the cases the issue names', () => {
    const refused: [unknown, string][] = [
      [{ kind: 'number', value: '1 OR 1 = 1' }, 'spec/invalid-number'],
      [{ kind: 'binary', op: '=', e1: { kind: 'column', path: 'a' }, e2: { kind: 'number', value: '1; DELETE FROM t' } }, 'spec/invalid-number'],
      [{ kind: 'binary', op: 'OR 1 = 1 OR', e1: { kind: 'column', path: 'a' }, e2: { kind: 'column', path: 'b' } }, 'ast/wrong-type'],
      [{ kind: 'nope' }, 'ast/unknown-kind'],
      [{ kind: 'column', path: 'a', extra: 1 }, 'ast/unknown-property'],
      [{ kind: 'function', name: 'F', args: [{ kind: 'column', path: 'a' }], loc: 1 }, 'ast/unknown-property'],
    ];
    for (const [tree, code] of refused) {
      const out = printed(tree, 80);
      expect(out, JSON.stringify(tree)).toBeInstanceOf(DsqError);
      expect((out as DsqError).diagnostics[0]?.code).toBe(code);
    }
    // Names and strings that are syntax are quoted so that they read back.
    const odd = { kind: 'binary', op: '=', e1: { kind: 'column', path: 'a"b --c' }, e2: { kind: 'string', value: "x' OR '1'='1\u2028\u0000" } };
    expect(parseExpression(print(odd as Node))).toEqual(odd);
  });

  // Found by the first property (seed -1428887914): `ALTER DATABASE d ORDER FIELDS [] AFTER #0`
  // printed as text that did not parse. Every list the kind table marks non-empty, emptied in
  // the kind examples' trees: a DsqError naming the list (spec/empty-list), never text.
  it('a list that must not be empty, emptied by hand in any kind: a DsqError, never text', () => {
    const emptied: string[] = [];
    for (const kind of NODE_KINDS) {
      const statement = JSON.parse(JSON.stringify(parse(KIND_EXAMPLES[kind]))) as unknown;
      const places: { node: Record<string, unknown>; key: string }[] = [];
      const visit = (value: unknown): void => {
        if (Array.isArray(value)) return value.forEach(visit);
        if (typeof value !== 'object' || value === null) return;
        const node = value as Record<string, unknown>;
        for (const f of FIELD_LIST[node.kind as NodeKind] ?? []) {
          const v = node[f.key];
          if ((f.child?.shape === 'nonEmpty' || f.child?.shape === 'allOrNonEmpty') && Array.isArray(v) && v.length > 0) places.push({ node, key: f.key });
        }
        for (const v of Object.values(node)) visit(v);
      };
      visit(statement);
      for (const { node, key } of places) {
        const saved = node[key];
        node[key] = [];
        const out = printed(statement, 80);
        node[key] = saved;
        const what = `${kind}: ${node.kind as string}.${key} emptied`;
        expect(out, what).toBeInstanceOf(DsqError);
        expect(
          (out as DsqError).diagnostics.some((d) => d.code.endsWith('empty-list') || d.code === 'spec/empty-columns'),
          `${what}: ${(out as DsqError).message}`,
        ).toBe(true);
        emptied.push(`${node.kind as string}.${key}`);
      }
    }
    expect(emptied).toContain('alter_order_fields.fields');
  });

  it('printDocument checks a statement put into a document by hand', () => {
    const doc = parseDocument('SELECT a FROM t -- note\n');
    const forged = { ...doc, statements: [{ node: { kind: 'number', value: '1 OR 1 = 1' } as never, span: doc.statements[0]!.span }] };
    expect(() => printDocument(forged)).toThrow(DsqError);
    expect(printDocument(doc)).toBe('SELECT a FROM t -- note\n');
  });
});
