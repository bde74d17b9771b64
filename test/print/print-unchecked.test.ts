import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isExpr, STATEMENT_KINDS, type Node } from '../../src/ast/index.js';
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

  it('printDocument checks a statement put into a document by hand', () => {
    const doc = parseDocument('SELECT a FROM t -- note\n');
    const forged = { ...doc, statements: [{ node: { kind: 'number', value: '1 OR 1 = 1' } as never, span: doc.statements[0]!.span }] };
    expect(() => printDocument(forged)).toThrow(DsqError);
    expect(printDocument(doc)).toBe('SELECT a FROM t -- note\n');
  });
});
