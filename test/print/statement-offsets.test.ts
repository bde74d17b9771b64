import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Node } from '../../src/ast/nodes.js';
import { children, descendants } from '../../src/ast/walk.js';
import { LineIndex } from '../../src/diagnostic/index.js';
import { StatementTree } from '../../src/print/comment-tree.js';
import { printDocument } from '../../src/print/format.js';
import { parseDocument } from '../../src/syntax/index.js';
import { SourceSpans } from '../../src/syntax/source-spans.js';
import { print } from '../../src/print/print.js';
import { arbStatement } from '../fixtures/arbitraries.js';
import { runs } from '../helpers/runs.js';

/**
 * The formatter looks a node's offsets up among its statement's own records
 * (SourceSpans.statementOffsets), not in a lookup of every node of the text (issue 32: that
 * hashing was 6% of formatting a 600-statement file): the same offsets, and no whole-text lookup.
 */
const arbDocument = fc.array(arbStatement, { minLength: 1, maxLength: 4 }).map((statements) => statements.map((s) => print(s)).join(';\n-- between\n'));

describe('statement-scoped offsets', () => {
  it('give every node of every statement the offsets the whole-text lookup gives, in any order asked', () => {
    fc.assert(
      fc.property(arbDocument, fc.boolean(), (text, reversed) => {
        const parsed = parseDocument(text);
        const spans = parsed.spans as SourceSpans;
        const statements = reversed ? [...parsed.statements].reverse() : parsed.statements;
        const scoped = statements.map((s) => [s.node, spans.statementOffsets(s.node)] as const);
        const a = { start: 0, end: 0 };
        const b = { start: 0, end: 0 };
        for (const [root, of] of scoped) {
          for (const node of [root, ...descendants(root)]) {
            const known = spans.offsetsOf(node, a);
            expect(of(node, b)).toBe(known);
            if (known) expect(b).toEqual(a);
          }
        }
      }),
      { numRuns: runs(200) },
    );
  });

  it('format builds no lookup of the whole text, with comments in and between statements', () => {
    const text = 'SELECT a /* c */ FROM t WHERE x IN (1, 2);\n-- c\nSELECT b, COUNT(*) AS n FROM u, v -- d\nWHERE y = 1';
    const parsed = parseDocument(text);
    printDocument(parsed);
    expect((parsed.spans as unknown as { indexed: number }).indexed).toBe(0);
  });

  it('in the order the parser recorded them (each node after its children), give the same offsets, and say they are exact', () => {
    fc.assert(
      fc.property(arbDocument, (text) => {
        const parsed = parseDocument(text);
        const spans = parsed.spans as SourceSpans;
        const a = { start: 0, end: 0 };
        const b = { start: 0, end: 0 };
        for (const { node: root } of parsed.statements) {
          const inOrder = spans.statementInOrder(root);
          const asked = postOrder(root);
          for (const node of asked) {
            const known = spans.offsetsOf(node, a);
            expect(inOrder.of(node, b)).toBe(known);
            if (known) expect(b).toEqual(a);
          }
          expect(inOrder.exact(asked, asked.length)).toBe(true);
        }
      }),
      { numRuns: runs(200) },
    );
  });

  it('say they are not exact when an asked node was recorded again further on, and comment placement then reads the last record', () => {
    const spans = new SourceSpans(new LineIndex('SELECT a FROM t'));
    const a = { kind: 'column', name: 'a' } as unknown as Node;
    const from = { kind: 'table', name: 't' } as unknown as Node;
    const root = { kind: 'select', columns: [a], from } as unknown as Node;
    spans.record(a, 7, 8);
    spans.record(from, 14, 15);
    spans.record(a, 7, 9);
    spans.record(root, 0, 15);
    const inOrder = spans.statementInOrder(root);
    const out = { start: 0, end: 0 };
    const asked = [a, from, root];
    for (const node of asked) inOrder.of(node, out);
    expect(inOrder.exact(asked, 3)).toBe(false);
    expect(new StatementTree(root, spans).spanOf(a)).toEqual({ start: 7, end: 9 });
  });
});

/** Every node of the tree after its children, children in source order (as the parser records them). */
function postOrder(root: Node): Node[] {
  const out: Node[] = [];
  const visit = (node: Node): void => {
    for (const kid of children(node)) visit(kid);
    out.push(node);
  };
  visit(root);
  return out;
}
