import { SymbolKind, type DocumentSymbol, type Range } from 'vscode-languageserver/node';
import { statementNameIn } from '../params/annotations.js';
import type { SourceToken } from '../syntax/tokenize.js';
import type { Span } from '../diagnostic/index.js';
import { flattenSources } from '../lint/scope.js';
import { nameEnding } from './references.js';
import { tokenBefore, type TextModel } from './text-model.js';

const MAX_NAME = 60;

/**
 * One symbol per statement (named by its `-- name:` comment when it has one, as in query files,
 * else by its first words, `SELECT region, SUM(...) FROM sales.orders` shortened), with its result aliases and source aliases (from its tree) as children. Statements that do not
 * parse are listed too: the outline does not flicker while typing.
 */
export function documentSymbols(model: TextModel, rangeOf: (start: number, end: number) => Range): DocumentSymbol[] {
  const code = model.code;
  const out: DocumentSymbol[] = [];
  for (const s of model.statements) {
    if (s.first > s.last) continue;
    const first = code[s.first] as SourceToken;
    const last = code[s.last] as SourceToken;
    const children = topSymbols(model, first.start, last.end, rangeOf);
    const head = model.text.slice(first.start, last.end).replace(/\s+/g, ' ');
    const words = head.length > MAX_NAME ? `${head.slice(0, MAX_NAME - 1)}…` : head;
    const named = queryName(model, s.start, first.start);
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

/**
 * The result aliases and source aliases of a statement's top select, from its tree (a broken
 * statement's recovered one) with spans: each alias, and a source's path when it has none.
 */
function topSymbols(model: TextModel, start: number, end: number, rangeOf: (start: number, end: number) => Range): DocumentSymbol[] {
  const doc = model.parsed();
  const tree = [...doc.statements, ...doc.recovered].find((t) => t.span.start >= start && t.span.start < end);
  if (tree === undefined) return [];
  const select = tree.node.kind === 'select' ? tree.node : tree.node.kind === 'select_action' ? tree.node.select : null;
  if (select === null) return [];
  const code = model.code;
  const out: DocumentSymbol[] = [];
  // The name token ending a node's span: its alias, or the last name of a path.
  const lastName = (span: Span): SourceToken | null => code[nameEnding(code, span)] ?? null;
  if (select.columns !== 'all') {
    for (const c of select.columns) {
      const span = doc.spans.get(c);
      const t = span === undefined || c.alias === null ? null : lastName(span);
      if (span === undefined || t === null || c.alias === null) continue;
      out.push({ name: c.alias, detail: 'result alias', kind: SymbolKind.Field, range: rangeOf(span.start, t.end), selectionRange: rangeOf(t.start, t.end) });
    }
  }
  for (const src of flattenSources(select.from)) {
    if (src.kind === 'select_source') continue;
    const span = doc.spans.get(src);
    const t = span === undefined ? null : lastName(span);
    if (span === undefined || t === null) continue;
    const path = src.table;
    out.push({
      name: src.alias ?? path,
      detail: src.alias !== null ? `source ${path}`.trim() : 'source',
      kind: SymbolKind.Variable,
      range: rangeOf(span.start, t.end),
      selectionRange: rangeOf(t.start, t.end),
    });
  }
  return out;
}

/** The name a `-- name:` line comment between the previous statement and this one gives, or null. */
function queryName(model: TextModel, from: number, to: number): string | null {
  for (let i = tokenBefore(model.all, from) + 1; i < model.all.length; i++) {
    const t = model.all[i] as SourceToken;
    if (t.start >= to) break;
    if (t.type !== 'LineComment') continue;
    const name = statementNameIn(t.image);
    if (name !== null) return name;
  }
  return null;
}
