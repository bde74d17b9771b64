import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Span } from '../../src/diagnostic/index.js';
import { print } from '../../src/print/index.js';
import { LineIndex } from '../../src/diagnostic/index.js';
import { parseDocument } from '../../src/syntax/index.js';
import { lex } from '../../src/syntax/tokenize.js';
import { isPlaceholder } from '../../src/ast/placeholders.js';
import { arbAction } from '../fixtures/action-arbitraries.js';
import { arbStatement } from '../fixtures/arbitraries.js';
import { runs } from '../helpers/runs.js';

/**
 * A statement with syntax errors comes back recovered, its missing parts as placeholder nodes
 * (parser-state.ts `placeholder`). A placeholder is zero-width where the missing part was
 * expected, and every node of a recovered tree lies inside its statement: none starts at offset
 * 0 of the text because a token it begins with is missing (as they did before). The texts: a
 * statement first (so offset 0 is another statement's), then a printed arbitrary statement cut
 * short.
 */
const FIRST = 'SELECT 1;\n';

interface Found {
  readonly kind: string;
  readonly span: Span | undefined;
  readonly placeholder: boolean;
}

/** Every node of a tree (objects with a string `kind`), with its span. */
function nodesOf(root: object, spanOf: (node: object) => Span | undefined): Found[] {
  const out: Found[] = [];
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object' || seen.has(value)) continue;
    seen.add(value);
    if (typeof (value as { kind?: unknown }).kind === 'string')
      out.push({ kind: (value as { kind: string }).kind, span: spanOf(value), placeholder: isPlaceholder(value) });
    stack.push(...(Array.isArray(value) ? value : Object.values(value)));
  }
  return out;
}

/** The recovered statements of `text`: each node placed inside its statement, each placeholder zero-width. */
function check(text: string): number {
  const doc = parseDocument(text);
  let placeholders = 0;
  for (const r of doc.recovered) {
    for (const node of nodesOf(r.node, (n) => doc.spans.get(n as never))) {
      const where = `${JSON.stringify(text)}: ${node.kind} at ${node.span ? `${node.span.start}-${node.span.end}` : 'no span'} in ${r.span.start}-${r.span.end}`;
      if (node.placeholder) {
        placeholders++;
        expect(node.span, where).toBeDefined();
        expect(node.span?.end, where).toBe(node.span?.start);
      }
      if (node.span === undefined) continue;
      expect(node.span.start, where).toBeGreaterThanOrEqual(r.span.start);
      expect(node.span.end, where).toBeLessThanOrEqual(r.span.end);
    }
  }
  return placeholders;
}

describe('placeholder spans of recovered statements', () => {
  it('a missing part is zero-width where it was expected', () => {
    const cases: [string, string, number][] = [
      // text, the placeholder's kind, its offset
      [`${FIRST}SELECT a FROM t WHERE`, 'null', FIRST.length + 21],
      [`${FIRST}SELECT a, FROM t`, 'null', FIRST.length + 10],
      [`${FIRST}SELECT f(1, ) FROM t`, 'null', FIRST.length + 12],
      [`${FIRST}SELECT a FROM (`, 'table', FIRST.length + 14], // at the '(' no source follows
      [`${FIRST}FETCH RECORDS FROM db WHERE`, 'null', FIRST.length + 27],
      [`${FIRST}SELECT DATABASE_COLUMN(ALL, t, [1, ) FROM t`, 'spec_id', FIRST.length + 35],
    ];
    for (const [text, kind, offset] of cases) {
      const doc = parseDocument(text);
      const [r] = doc.recovered;
      expect(r, text).toBeDefined();
      const found = nodesOf(r?.node as object, (n) => doc.spans.get(n as never)).filter((n) => n.placeholder);
      expect(
        found.map((n) => [n.kind, n.span?.start, n.span?.end]),
        text,
      ).toContainEqual([kind, offset, offset]);
      check(text);
    }
  });

  it('a node whose first token is missing starts where it was expected, not at offset 0', () => {
    for (const text of [`${FIRST}INSERT INTO db RECORDS ( = 1)`, `${FIRST}DELETE FROM db RECORDS KEY( = 1)`, `${FIRST}SELECT CASE a THEN 1 END FROM t`]) {
      const doc = parseDocument(text);
      expect(doc.recovered.length, text).toBe(1);
      check(text);
    }
  });

  it('printed statements and actions cut short: every placeholder zero-width, every node inside its statement', () => {
    let placeholders = 0;
    // Each printed statement cut after each of its tokens (a random cut rarely leaves a placeholder).
    fc.assert(
      fc.property(fc.oneof(arbStatement, arbAction), (node) => {
        const text = print(node);
        for (const token of lex(text, new LineIndex(text)).tokens) placeholders += check(FIRST + text.slice(0, token.startOffset + token.image.length));
      }),
      { numRuns: runs(100) },
    );
    // The property saw placeholders (it tests something).
    expect(placeholders).toBeGreaterThan(0);
  });
});
