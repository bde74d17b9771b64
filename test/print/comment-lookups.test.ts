import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Node } from '../../src/ast/nodes.js';
import type { Spans } from '../../src/ast/spans.js';
import { descendants } from '../../src/ast/walk.js';
import type { Span } from '../../src/diagnostic/span.js';
import { StatementLookups } from '../../src/print/comment-lookups.js';
import { StatementTree } from '../../src/print/comment-tree.js';
import { print } from '../../src/print/print.js';
import { parseDocument } from '../../src/syntax/index.js';
import { RECORD_NOT_SEARCHED, type SourceSpans } from '../../src/syntax/source-spans.js';
import { arbStatement } from '../fixtures/arbitraries.js';
import { runs } from '../helpers/runs.js';
import { commentRandomly } from './comment-facts.js';

/**
 * Comment placement asks StatementLookups what it would ask the statement's whole tree
 * (StatementTree): a descent from the root answers where it can, and must answer as the tree
 * does. Texts with comments (their offsets apart from the nodes') and several statements (the
 * records of the ones before).
 */
const arbDocument = fc.tuple(fc.array(arbStatement, { minLength: 1, maxLength: 3 }), fc.nat(), fc.boolean()).map(([statements, seed, commented]) => {
  const text = statements.map((s) => print(s)).join(';\n');
  return commented ? commentRandomly(text, seed, 0.3) : text;
});

/** What the lookups tell of the node starting or ending at an offset, as plain data (the trees share their lists: read one before making the next). */
function facts(lookups: Pick<StatementLookups, 'startingAt' | 'endingAt' | 'spanOf' | 'parentOf' | 'depthOf'>, offset: number, starting: boolean) {
  const node = starting ? lookups.startingAt(offset) : lookups.endingAt(offset);
  if (node === undefined) return { node };
  return { node, span: lookups.spanOf(node), parent: lookups.parentOf(node), depth: lookups.depthOf(node) };
}

const builtTree = (lookups: StatementLookups) => (lookups as unknown as { tree: StatementTree | null }).tree !== null;

describe('comment placement lookups', () => {
  it('answer as the whole tree does: the outermost node starting or ending at every offset, its span, parent and depth', () => {
    let descended = 0;
    fc.assert(
      fc.property(arbDocument, fc.boolean(), (text, plain) => {
        const parsed = parseDocument(text);
        for (const { node: root, span } of parsed.statements) {
          // The parser's table, or a plain one holding the same spans (no records to read).
          const spans: Spans = plain ? new WeakMap() : parsed.spans;
          if (plain) for (const node of [root, ...descendants(root)]) spans.set(node, parsed.spans.get(node) as Span);
          for (let offset = span.start - 1; offset <= span.end + 1; offset++) {
            for (const starting of [true, false]) {
              // A new one per question: each descends from the root.
              const lookups = new StatementLookups(root, spans);
              const got = facts(lookups, offset, starting);
              if (!builtTree(lookups)) descended++;
              expect(got).toEqual(facts(new StatementTree(root, spans), offset, starting));
            }
          }
        }
      }),
      { numRuns: runs(40) },
    );
    // Most questions are answered by a descent (else this tests the tree against itself).
    expect(descended).toBeGreaterThan(0);
  });

  it('answer the commonest question, the node ending before a comment, without the whole tree', () => {
    const text = 'SELECT t.status /* c */ FROM orders AS t WHERE t.region IN (1, 2) AND price >= 3';
    const parsed = parseDocument(text);
    const root = (parsed.statements[0] as { node: Node }).node;
    const lookups = new StatementLookups(root, parsed.spans);
    const node = lookups.endingAt(text.indexOf(' /*'));
    expect(node?.kind).toBe('result_column');
    expect(lookups.spanOf(node as Node)).toEqual({ start: 7, end: 15 });
    expect(lookups.depthOf(node as Node)).toBeGreaterThan(0);
    expect(lookups.parentOf(node as Node)).toBeDefined();
    expect(builtTree(lookups)).toBe(false);
  });

  it('give way to the whole tree in a deep statement, where descents would cost its depth per comment', () => {
    // An AND chain is as deep as it is long: a descent per comment made formatting it quadratic
    // (8,000 conditions with a comment each: 127 s against 0.6 s).
    const conditions = Array.from({ length: 2000 }, (_, i) => `c${i} = ${i} -- note ${i}\n`);
    const text = `SELECT a FROM t WHERE ${conditions.join('AND ')}`;
    const parsed = parseDocument(text);
    const root = (parsed.statements[0] as { node: Node }).node;
    const lookups = new StatementLookups(root, parsed.spans);
    const tree = new StatementTree(root, parsed.spans);
    // The first condition is the deepest node (the chain leans left).
    const offset = text.indexOf(' -- note');
    const expected = tree.endingAt(offset);
    expect(lookups.endingAt(offset)).toBe(expected);
    expect(builtTree(lookups)).toBe(true);
    expect((lookups as unknown as { met: unknown[] }).met.length).toBeLessThanOrEqual(256);
  });

  it("search a statement's records for a node's only as far as their limit", () => {
    const text = `SELECT a FROM t WHERE ${Array.from({ length: 300 }, (_, i) => `c${i} = ${i}`).join(' AND ')}`;
    const parsed = parseDocument(text);
    const spans = parsed.spans as SourceSpans;
    const root = (parsed.statements[0] as { node: Node }).node;
    const last = spans.statementRecord(root);
    // The first condition's column: recorded first of all, some 1,200 records before the statement's last.
    const column = descendants(root).find((n) => n.kind === 'column' && (n as { path: string }).path === 'c0') as Node;
    const found = spans.recordOf(column, -1, last, 1_000_000);
    expect(found).toBeGreaterThanOrEqual(0);
    expect(last - found).toBeGreaterThan(1000);
    expect(spans.recordOf(column, -1, last, 256)).toBe(RECORD_NOT_SEARCHED);
    expect(spans.recordOf(column, found, last, 1)).toBe(found);
  });

  // The lookups read a node's offsets from the record where the parser's order puts it: its last
  // only if the parser never records a node again further on (comment-lookups.ts).
  it('rely on the parser recording a node more than once only in records in a row', () => {
    fc.assert(
      fc.property(arbDocument, (text) => {
        const spans = parseDocument(text).spans as unknown as { count: number; nodeAt(i: number): unknown };
        const lastAt = new Map<unknown, number>();
        for (let i = 0; i < spans.count; i++) {
          const node = spans.nodeAt(i);
          const last = lastAt.get(node);
          if (last !== undefined) expect(last).toBe(i - 1);
          lastAt.set(node, i);
        }
      }),
      { numRuns: runs(100) },
    );
  });
});
