import { describe, expect, it } from 'vitest';
import { NODE_KINDS } from '../../src/ast/kinds.js';
import { descendants } from '../../src/ast/walk.js';
import { KIND_EXAMPLES } from '../../src/syntax/kind-examples.js';
import { parseDocument } from '../../src/syntax/index.js';

describe('the parser reads every node kind', () => {
  it.each(NODE_KINDS.map((k) => [k, KIND_EXAMPLES[k]] as const))('%s: %s', (kind, text) => {
    const doc = parseDocument(text);
    expect(doc.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const kinds = new Set(doc.statements.flatMap((s) => descendants(s.node).map((n) => n.kind)));
    expect([...kinds]).toContain(kind);
  });
});
