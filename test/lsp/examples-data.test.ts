import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FETCH_KINDS } from '../../src/ast/kinds.js';
import { LineIndex } from '../../src/diagnostic/index.js';
import { hover } from '../../src/lsp/hover.js';
import { textModelOf } from '../../src/lsp/text-model.js';
import { parseDocument } from '../../src/syntax/parse.js';
import { scan } from '../../src/syntax/scanner.js';
import { sourceTokens } from '../../src/syntax/tokenize.js';
import { labels, positionIn, SHOP } from './helpers.js';

/**
 * Completion and hover in every data statement of examples/*.dsq (FETCH of each type and the
 * writes), cut after each of its tokens: neither throws, and after a keyword where completion in
 * a SELECT of the examples always offers something (WHERE, AND, BY, OPTIONS, ...), completion in
 * the data statement offers something too. (Not after a FETCH's LIMIT or OFFSET: a whole number
 * there, not an expression as in a select.)
 */

const DIR = fileURLToPath(new URL('../../examples/', import.meta.url));
const WRITES = ['insert_action', 'replace_action', 'set_action', 'update_action', 'delete_action', 'trash_action', 'restore_action', 'dispose_action'];
const isData = (kind: string) => (FETCH_KINDS as readonly string[]).includes(kind) || WRITES.includes(kind);

const statements = readdirSync(DIR)
  .filter((f) => f.endsWith('.dsq'))
  .flatMap((f) => {
    const text = readFileSync(DIR + f, 'utf8');
    const doc = parseDocument(text);
    return [...doc.statements, ...doc.recovered].map((s) => ({ file: f, kind: s.node.kind, body: text.slice(s.span.start, s.span.end) }));
  });

const keywords = (body: string) => sourceTokens(scan(body, new LineIndex(body))).filter((t) => t.category !== 'comment');

describe('completion and hover in the data statements of the examples', () => {
  const data = statements.filter((s) => isData(s.kind));
  // The keywords after which a select of the examples always offers something.
  const offeredInSelect = new Map<string, boolean>();
  for (const s of statements.filter((s) => s.kind === 'select' || s.kind === 'select_action'))
    for (const t of keywords(s.body))
      if (t.category === 'keyword') offeredInSelect.set(t.type, (offeredInSelect.get(t.type) ?? true) && labels(`${s.body.slice(0, t.end)} |`).length > 0);
  offeredInSelect.delete('LIMIT');
  offeredInSelect.delete('OFFSET');

  it('covers the FETCH types and the writes of the examples', () => {
    expect(new Set(data.map((s) => s.kind)).size).toBeGreaterThanOrEqual(8);
  });

  it('cut after each token: no throw, and something offered where a select offers something', () => {
    const empty: string[] = [];
    for (const { file, body } of data) {
      const model = textModelOf(body);
      for (const t of keywords(body)) {
        for (const cut of [`${body.slice(0, t.end)} |`, `${body.slice(0, t.end)}|`]) {
          const got = labels(cut);
          if (cut.endsWith(' |') && t.category === 'keyword' && offeredInSelect.get(t.type) === true && got.length === 0) empty.push(`${file}: ${cut}`);
        }
        expect(() => hover(model, t.start, { schema: SHOP, rangeOf: (s, e) => ({ start: positionIn(body, s), end: positionIn(body, e) }) })).not.toThrow();
      }
    }
    expect(empty).toEqual([]);
  });
});
