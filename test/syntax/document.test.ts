import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { descendants, type Node } from '../../src/ast/index.js';
import { parseDocument, parseExpressionDocument, parseStatements } from '../../src/syntax/index.js';

const identity = readFileSync(new URL('../fixtures/identity.dsq', import.meta.url), 'utf8');

describe('parseDocument', () => {
  it('records a span for every node it built, inside its statement', () => {
    const doc = parseDocument(identity);
    expect(doc.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    let count = 0;
    for (const { node, span } of doc.statements) {
      for (const n of descendants(node)) {
        const s = doc.spans.get(n);
        expect(s, JSON.stringify(n)).toBeDefined();
        expect(s!.start).toBeGreaterThanOrEqual(span.start);
        expect(s!.end).toBeLessThanOrEqual(span.end);
        count++;
      }
    }
    expect(count).toBeGreaterThan(1000);
  });

  it('spans cover the node text exactly', () => {
    const text = 'SELECT a + b * 2 AS x\nFROM t\nWHERE NOT c IN (1, 2) AND d BETWEEN 1 AND 9';
    const doc = parseDocument(text);
    const textOf = (n: Node) => {
      const s = doc.spans.get(n)!;
      return text.slice(s.start, s.end);
    };
    const sel = doc.statements[0]!.node as Extract<Node, { kind: 'select' }>;
    const rc = (sel.columns as readonly Node[])[0]!;
    expect(textOf(rc)).toBe('a + b * 2 AS x');
    expect(textOf(sel.where!)).toBe('NOT c IN (1, 2) AND d BETWEEN 1 AND 9');
    expect(textOf(sel.from!)).toBe('t');
    expect(doc.spans.get(sel.where!)).toMatchObject({ line: 3, column: 7, endLine: 3, endColumn: 44 });
    expect(textOf(sel)).toBe(text);
  });

  it('returns every statement with its span, the comments, and the line index', () => {
    const text = '-- first\nSELECT 1; /* second */ SELECT 2\n;\n\nSELECT 3 -- tail\n';
    const doc = parseDocument(text);
    expect(doc.statements.map((s) => text.slice(s.span.start, s.span.end))).toEqual(['SELECT 1', 'SELECT 2', 'SELECT 3']);
    expect(doc.comments).toEqual([
      { kind: 'line', text: '-- first', span: { start: 0, end: 8, line: 1, column: 1, endLine: 1, endColumn: 9 } },
      { kind: 'block', text: '/* second */', span: { start: 19, end: 31, line: 2, column: 11, endLine: 2, endColumn: 23 } },
      { kind: 'line', text: '-- tail', span: { start: 53, end: 60, line: 5, column: 10, endLine: 5, endColumn: 17 } },
    ]);
    expect(doc.lineIndex.lineCount).toBe(6);
    expect(doc.text).toBe(text);
  });

  it('keeps the good statements when others fail, and never throws', () => {
    const doc = parseDocument('SELECT 1; SELECT (; SELECT 3');
    expect(doc.statements.map((s) => s.span.start)).toEqual([0, 20]);
    expect(doc.diagnostics).toHaveLength(1);
  });

  it('reads multi-line block comments and strings with positions after them right', () => {
    const text = "SELECT 'a\nb' /* x\ny */, c\nFROM t";
    const doc = parseDocument(text);
    const sel = doc.statements[0]!.node as Extract<Node, { kind: 'select' }>;
    const c = (sel.columns as readonly Extract<Node, { kind: 'result_column' }>[])[1]!;
    expect(doc.spans.get(c)).toMatchObject({ line: 3, column: 7, start: 24, end: 25 });
  });

  it('parseStatements returns statements in order; an empty text is an error', () => {
    expect(parseStatements('SELECT 1; SELECT 2;')).toHaveLength(2);
    // An empty statement list is an error for every query entry point (decided in issue 11).
    expect(() => parseStatements('  -- nothing\n')).toThrow('expected a statement (SELECT ...), found the end of the input');
  });

  it('parseExpressionDocument gives spans for expressions', () => {
    const { expr, spans } = parseExpressionDocument('  a = 1');
    expect(spans.get(expr)).toMatchObject({ start: 2, end: 7 });
  });
});
