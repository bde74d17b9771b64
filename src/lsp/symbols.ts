import { SymbolKind, type DocumentSymbol, type Range } from 'vscode-languageserver/node';
import { statementNameIn } from '../params/annotations.js';
import type { SourceToken } from '../syntax/tokenize.js';
import { tokenBefore, type TextShape } from './structure.js';

const MAX_NAME = 60;

/**
 * One symbol per statement (named by its `-- name:` comment when it has one, as in query files,
 * else by its first words, `SELECT region, SUM(...) FROM sales.orders` shortened), with its result aliases and source aliases as children. Statements that do not
 * parse are listed too: the outline does not flicker while typing.
 */
export function documentSymbols(shape: TextShape, rangeOf: (start: number, end: number) => Range): DocumentSymbol[] {
  const code = shape.code;
  const out: DocumentSymbol[] = [];
  for (const s of shape.statements) {
    if (s.first > s.last) continue;
    const first = code[s.first] as SourceToken;
    const last = code[s.last] as SourceToken;
    const top = s.frames.find((f) => f.depth === 0 && f.parent === null);
    const children: DocumentSymbol[] = [];
    if (top) {
      for (const r of top.results) {
        const t = code[r.at] as SourceToken;
        children.push({ name: r.alias, detail: 'result alias', kind: SymbolKind.Field, range: rangeOf((code[r.first] as SourceToken).start, t.end), selectionRange: rangeOf(t.start, t.end) });
      }
      for (const src of top.sources) {
        if (src.kind === 'subquery') continue;
        const at = src.aliasAt >= 0 ? src.aliasAt : src.last;
        const t = code[at] as SourceToken;
        children.push({
          name: src.alias ?? src.path ?? '?',
          detail: src.alias !== null ? `source ${src.path ?? ''}`.trim() : 'source',
          kind: SymbolKind.Variable,
          range: rangeOf((code[src.first] as SourceToken).start, t.end),
          selectionRange: rangeOf(t.start, t.end),
        });
      }
    }
    const head = shape.text.slice(first.start, last.end).replace(/\s+/g, ' ');
    const words = head.length > MAX_NAME ? `${head.slice(0, MAX_NAME - 1)}…` : head;
    const named = queryName(shape, s.start, first.start);
    out.push({
      name: named ?? words,
      detail: named !== null ? `statement ${s.index + 1} · ${words}` : `statement ${s.index + 1}`,
      kind: SymbolKind.Function,
      range: rangeOf(first.start, last.end),
      selectionRange: rangeOf(first.start, first.end),
      children,
    });
  }
  return out;
}

/** The name a `-- name:` line comment between the previous statement and this one gives, or null. */
function queryName(shape: TextShape, from: number, to: number): string | null {
  for (let i = tokenBefore(shape.all, from) + 1; i < shape.all.length; i++) {
    const t = shape.all[i] as SourceToken;
    if (t.start >= to) break;
    if (t.type !== 'LineComment') continue;
    const name = statementNameIn(t.image);
    if (name !== null) return name;
  }
  return null;
}
