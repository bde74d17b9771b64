import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, TextEdit } from 'vscode-languageserver/node';
import { lint } from '../../src/lint/index.js';
import { codeActions, FIX_ALL_KIND } from '../../src/lsp/code-actions.js';
import { textModelOf, type TextModel } from '../../src/lsp/text-model.js';

/**
 * Code actions over many findings (src/lsp/code-actions.ts): each finding's line is worked out once
 * per line, not by walking the line and every token for each finding (16,000 findings on one
 * line took 12 s, the server answering nothing else). Correct on 16,000 findings; the work
 * counted in token reads, never timed.
 */

const uri = 'file:///q.dsq';

function actionsOver(text: string, model: TextModel = textModelOf(text), only?: string[]) {
  const doc = TextDocument.create(uri, 'dsq', 1, text);
  const findings = lint(text).diagnostics;
  const actions = codeActions(
    { uri, text, model, lint: {}, findings, keywordCase: 'upper', positionAt: (o) => doc.positionAt(o), ...(only ? { only } : {}) },
    0,
    text.length,
  );
  return { doc, findings, actions };
}

const edits = (a: CodeAction): TextEdit[] => a.edit!.changes![uri]!;

describe('code actions over a range with many findings', () => {
  it('offers the fix and both suppressions for each of 16,000 findings on one line, and fix all', () => {
    const count = 16_000;
    const text = `SELECT a FROM t WHERE ${Array.from({ length: count }, (_, i) => `c${i} = NULL`).join(' AND ')}`;
    const { doc, findings, actions } = actionsOver(text);
    expect(findings.length).toBe(count);
    expect(findings.every((f) => f.code === 'null-comparison')).toBe(true);
    expect(actions.length).toBe(3 * count + 2);
    for (let i = 0; i < count; i++) {
      const [fix, line, file] = actions.slice(3 * i, 3 * i + 3) as [CodeAction, CodeAction, CodeAction];
      const at = findings[i]!.span;
      expect(fix.title).toBe('write IS (null-comparison)');
      expect(fix.diagnostics?.[0]?.range).toEqual({ start: doc.positionAt(at.start), end: doc.positionAt(at.end) });
      expect(edits(fix).map((e) => e.newText)).toEqual(['IS']);
      expect(line.title).toBe('Disable null-comparison for this line');
      expect(edits(line)).toEqual([
        { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: '-- dsq-disable-next-line null-comparison\n' },
      ]);
      expect(file.title).toBe('Disable null-comparison for the entire file');
    }
    expect(actions.slice(-2).map((a) => a.kind)).toEqual([FIX_ALL_KIND, 'quickfix']);
    expect(edits(actions.at(-1)!)[0]!.newText).toBe(`SELECT a FROM t WHERE ${Array.from({ length: count }, (_, i) => `c${i} IS NULL`).join(' AND ')}`);
  });

  it('reads the tokens a bounded number of times per line, not all of them per finding', () => {
    const count = 2_000;
    const lines = Array.from({ length: 20 }, (_, l) => `  ${Array.from({ length: count / 20 }, (_, i) => `c${l}_${i} = NULL`).join(' AND ')}`);
    const text = `SELECT a FROM t WHERE\n${lines.join(' AND\n')}`;
    const model = textModelOf(text);
    let reads = 0;
    const all = new Proxy(model.all as object[], {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const { actions } = actionsOver(text, { ...model, all } as TextModel, ['quickfix']);
    expect(actions.filter((a) => a.title === 'Disable null-comparison for this line').length).toBe(count);
    // 21 lines, about 12,000 tokens: a binary search per line. A scan per finding read 20 million.
    expect(reads).toBeLessThan(21 * 2 * Math.log2(model.all.length + 1));
  });

  it('adds the rule to a directive on the line above, in a CRLF file too', () => {
    for (const nl of ['\n', '\r\n']) {
      const text = `SELECT a FROM t${nl}  -- dsq-disable-next-line like-without-wildcard${nl}  WHERE b = NULL AND c LIKE 'x'`;
      const { actions } = actionsOver(text, undefined, ['quickfix']);
      const line = actions.find((a) => a.title === 'Disable null-comparison for this line')!;
      const at = text.indexOf('like-without-wildcard') + 'like-without-wildcard'.length;
      expect(edits(line)).toEqual([
        {
          range: { start: { line: 1, character: at - text.indexOf('  --') }, end: { line: 1, character: at - text.indexOf('  --') } },
          newText: ', null-comparison',
        },
      ]);
    }
  });

  it('removes a suppression comment that suppresses nothing: its line when alone on it, else the comment', () => {
    const alone = 'SELECT 1 FROM t\n \t-- dsq-disable-next-line null-comparison\u00a0\r\nSELECT 2 FROM t';
    const remove = actionsOver(alone).actions.find((a) => a.title === 'Remove this suppression comment')!;
    expect(edits(remove)[0]!.range).toEqual({ start: { line: 1, character: 0 }, end: { line: 2, character: 0 } });
    const comment = '/* dsq-disable null-comparison */';
    const many = `SELECT 1 FROM t ${Array.from({ length: 50 }, () => comment).join(' ')}`;
    const removals = actionsOver(many).actions.filter((a) => a.title === 'Remove this suppression comment');
    expect(removals.length).toBe(50);
    for (const r of removals) {
      const { start, end } = edits(r)[0]!.range;
      expect(many.slice(start.character, end.character)).toBe(comment);
    }
  });
});
