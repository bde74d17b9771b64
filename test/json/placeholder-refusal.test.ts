import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Node, Statement } from '../../src/ast/index.js';
import { isPlaceholder } from '../../src/ast/placeholders.js';
import { fromAst } from '../../src/builder/index.js';
import { DsqError, LineIndex } from '../../src/diagnostic/index.js';
import { toJson, toJsonArray } from '../../src/json/index.js';
import { print } from '../../src/print/index.js';
import { parseDocument, type ParsedDocument } from '../../src/syntax/index.js';
import { lex } from '../../src/syntax/tokenize.js';
import { arbAction } from '../fixtures/action-arbitraries.js';
import { arbStatement } from '../fixtures/arbitraries.js';
import { runs } from '../helpers/runs.js';

/**
 * A broken statement comes back recovered with placeholder nodes for its missing parts
 * (src/ast/placeholders.ts). No such tree is written or built: the JSON writer and the builder
 * refuse it with a DsqError (code ast/syntax-error) that names where the part is missing, as the
 * tree's field path and as the line:col in the text, never a JSON with a made-up value (`null`
 * for a missing expression, `"?"` for a missing table, `0` for a missing id). Issue 30 item 2.
 */

/** The path (field names and indexes) of the first placeholder of a tree, depth first in field order, or null. */
function placeholderPaths(root: object): string[] {
  const out: string[] = [];
  const stack: { value: unknown; path: string }[] = [{ value: root, path: '' }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: string };
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    if (isPlaceholder(value)) out.push(path);
    for (const [k, v] of Object.entries(value)) stack.push({ value: v, path: `${path}/${k}` });
  }
  return out;
}

/** The refusal `write` gives (any other outcome fails). */
function refusal(write: () => unknown, what: string): DsqError {
  let thrown: unknown = null;
  let written: unknown;
  try {
    written = write();
  } catch (err) {
    thrown = err;
  }
  expect(thrown, `${what} wrote ${String(written)}`).toBeInstanceOf(DsqError);
  return thrown as DsqError;
}

/**
 * Each tree recovered from a syntax error is refused by the writer and the builder: at a
 * placeholder when it holds one, else at its root with the statement's first syntax error (a
 * missing word or string has no node: the tree holds a stand-in value, `"?"` or `0`).
 */
function check(doc: ParsedDocument, text: string): { placeholders: number; others: number } {
  const seen = { placeholders: 0, others: 0 };
  for (const r of doc.recovered) {
    const paths = placeholderPaths(r.node);
    if (paths.length > 0) expect(r.syntax, text).toBe(true);
    if (!r.syntax) continue;
    const firstError = doc.diagnostics.find(
      (d) => d.severity === 'error' && !d.code.startsWith('spec/') && d.span !== undefined && d.span.start >= r.span.start && d.span.start <= r.span.end,
    );
    const where = (err: DsqError, prefix = '') => {
      const [d] = err.diagnostics;
      expect(d?.code, `${text}: ${err.message}`).toBe('ast/syntax-error');
      expect(d?.message).toMatch(/syntax error/);
      if (paths.length === 0) {
        // At the root, with the statement's first syntax error (its message and place).
        expect(d?.pointer, text).toBe(prefix);
        expect(d?.span, text).toEqual(firstError?.span);
        expect(d?.message, text).toContain(firstError?.message);
        return;
      }
      expect(
        paths.map((p) => prefix + p),
        text,
      ).toContain(d?.pointer);
      // The line:col is the placeholder's, where the part was expected.
      const node = d?.pointer
        ?.slice(prefix.length)
        .split('/')
        .slice(1)
        .reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], r.node) as Node;
      expect(d?.span, text).toEqual(doc.spans.get(node));
    };
    for (const form of ['short', 'full'] as const) where(refusal(() => toJson(r.node, { form }), `toJson(${text})`));
    where(
      refusal(() => toJsonArray([r.node]), `toJsonArray(${text})`),
      '/0',
    );
    where(refusal(() => fromAst(r.node as Statement), `fromAst(${text})`));
    where(refusal(() => print(r.node), `print(${text})`));
    if (paths.length > 0) seen.placeholders++;
    else seen.others++;
  }
  return seen;
}

describe('a recovered tree with placeholders is never written or built', () => {
  it('names the missing part: its field path and its line:col', () => {
    const cases: [string, string, string][] = [
      // text, the pointer, line:col
      ['SELECT a FROM t WHERE', '/where', '1:22'],
      // A SELECT with no column: a placeholder column, not `*` (which would read as written).
      ['SELECT', '/columns/0', '1:7'],
      ['SELECT a,\n  FROM t', '/columns/1/e', '2:3'],
      ['SELECT a FROM (', '/from', '1:15'],
      ['FETCH RECORDS FROM db WHERE', '/where', '1:28'],
      ['SELECT DATABASE_COLUMN(ALL, t, [1, ) FROM t', '/columns/0/e/column/items/1', '1:36'],
    ];
    for (const [text, pointer, at] of cases) {
      const doc = parseDocument(text);
      const node = doc.recovered[0]?.node as Statement;
      expect(node, text).toBeDefined();
      for (const write of [() => toJson(node), () => fromAst(node)]) {
        const err = refusal(write, text);
        expect(
          err.diagnostics.map((d) => [d.code, d.pointer, `${d.span?.line}:${d.span?.column}`]),
          text,
        ).toEqual([['ast/syntax-error', pointer, at]]);
        expect(err.message, text).toMatch(
          new RegExp(
            `^${at} ${pointer.replace(/[[\]]/g, '\\$&')}: the tree is of a statement with a syntax error: a "\\w+" node here stands in for a part the text lacks`,
          ),
        );
      }
    }
  });

  it('the syntax error wins over another problem of the tree found first (a part of a recovered statement that is not a node)', () => {
    // The SELECT is broken at its WHERE; its first column is replaced by something that is no expression.
    const node = parseDocument('SELECT a FROM t WHERE').recovered[0]?.node as unknown as Record<string, unknown>;
    const broken = { ...node, columns: [{ kind: 'nope' }] };
    const err = refusal(() => toJson(broken as never), 'toJson');
    expect(err.diagnostics.map((d) => [d.code, d.pointer])).toEqual([['ast/syntax-error', '/where']]);
  });

  it('a broken statement without a placeholder (a missing word or string) is refused at its root, with its syntax error', () => {
    for (const text of ['ECHO', 'STRUCT CREATE CATEGORY Cy IN GROUP h0 LABEL', 'CONCLUDE']) {
      const doc = parseDocument(text);
      check(doc, text);
      const node = doc.recovered[0]?.node as Statement;
      const err = refusal(() => toJson(node), text);
      expect(
        err.diagnostics.map((d) => [d.code, d.pointer]),
        text,
      ).toEqual([['ast/syntax-error', '']]);
      expect(err.message, text).toContain(doc.diagnostics[0]?.message);
    }
  });

  it('printed statements and actions cut after each token: each tree recovered from a syntax error is refused by toJson, toJsonArray, fromAst and print', () => {
    const seen = { placeholders: 0, others: 0 };
    fc.assert(
      fc.property(fc.oneof(arbStatement, arbAction), (node) => {
        const text = print(node);
        for (const token of lex(text, new LineIndex(text)).tokens) {
          const cut = text.slice(0, token.startOffset + token.image.length);
          const found = check(parseDocument(cut), cut);
          seen.placeholders += found.placeholders;
          seen.others += found.others;
        }
      }),
      { numRuns: runs(20) },
    );
    // The property met trees of both sorts (it tests something).
    expect(seen.placeholders).toBeGreaterThan(20);
    expect(seen.others).toBeGreaterThan(20);
  });
});
