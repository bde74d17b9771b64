import type { Node } from '../ast/nodes.js';
import { scanText, type ParsedDocument } from '../syntax/parse.js';
import { sourceTokens, type SourceToken } from '../syntax/tokenize.js';

/**
 * What the language server reads of a dsq text: the scanner's tokens (src/syntax/tokenize.ts,
 * the one lexer, scanned once: the parser reads the same tokens), the statements as the parser
 * splits them (at each `;`, and where one was written after a broken one without `;` before
 * it), and the parser's trees with their spans (a broken statement's recovered one, placeholders where parts are
 * missing). Where the cursor stands in a statement is read from its tree (src/lsp/tree-at.ts,
 * src/lsp/place.ts); the tokens say only what is local to the cursor (the word being typed,
 * the token before it).
 */

export interface StatementSpan {
  /** The index of the `;`-separated stretch holding the statement. */
  readonly index: number;
  /** Code-token indices of the statement, inclusive (first > last for an empty statement). */
  readonly first: number;
  readonly last: number;
  /** Offsets: from the end of the previous `;` (or 0) to the start of this one (or the text's end). */
  readonly start: number;
  readonly end: number;
}

/** Where a node stands: offsets into the whole text. */
export interface OffsetSpan {
  readonly start: number;
  readonly end: number;
}

/** A statement's tree (a broken statement's recovered one), with the spans of its nodes in offsets of the whole text. */
export interface StatementTree {
  readonly node: Node;
  readonly spanOf: (node: Node) => OffsetSpan | undefined;
}

export interface TextModel {
  readonly text: string;
  /** Every token, comments included. */
  readonly all: readonly SourceToken[];
  /** The tokens the parser sees (no comments). */
  readonly code: readonly SourceToken[];
  /** The statements between `;`s (statementAt: as the parser splits them). */
  readonly statements: readonly StatementSpan[];
  /** The text's trees (parsed on first use, then kept with the model): every statement's, a broken one's recovered. */
  readonly parsed: () => ParsedDocument;
  /**
   * One statement's tree, parsed alone on first use and kept (a request at the cursor reads
   * the statement there, not the whole text), or null for a statement with none.
   */
  readonly treeOf: (statement: StatementSpan) => StatementTree | null;
  /** A statement of `statements` as the parser splits it: itself, or the statements it holds where a `;` is missing. */
  readonly partsOf: (statement: StatementSpan) => readonly StatementSpan[];
}

export const isWord = (t: SourceToken | undefined): boolean =>
  t !== undefined && (t.category === 'name' || t.category === 'quoted-name' || t.category === 'contextual' || t.category === 'keyword');
export const isName = (t: SourceToken | undefined): boolean =>
  t !== undefined && (t.category === 'name' || t.category === 'quoted-name' || t.category === 'contextual');
export const isSeparator = (t: SourceToken | undefined): boolean => t !== undefined && (t.type === 'Dot' || t.type === 'At' || t.type === 'Colon');

/** The name a name token stands for: a quoted name without its quotes. */
export function nameOf(t: SourceToken): string {
  if (t.category !== 'quoted-name') return t.image;
  const body = t.unterminated ? t.image.slice(1) : t.image.slice(1, -1);
  return body.replaceAll('""', '"');
}

export function textModelOf(text: string): TextModel {
  // One scan: the parser's tokens, kept; each statement parsed from them when first asked.
  const scanned = scanText(text);
  const all = sourceTokens(scanned.tokens);
  const code = all.filter((t) => t.category !== 'comment');
  const statements: StatementSpan[] = scanned.stretches.map(([from, to], index) => ({
    index,
    first: from,
    last: to - 1,
    start: from === 0 ? 0 : (code[from - 1] as SourceToken).end,
    end: to < code.length ? (code[to] as SourceToken).start : text.length,
  }));
  const trees = new Map<string, StatementTree | null>();
  const treeOf = (statement: StatementSpan): StatementTree | null => {
    const key = `${statement.first}:${statement.last}`;
    let tree = trees.get(key);
    if (tree === undefined) {
      const { statements: found, spans } = scanned.stretch(statement.index);
      const node = (found.find((s) => s.from === statement.first) ?? found[0])?.node;
      tree = node === undefined ? null : { node, spanOf: (n) => spans.get(n) };
      trees.set(key, tree);
    }
    return tree;
  };
  /** The statements of a stretch as the parser splits it (several where one was written after a syntax error without `;`). */
  const partsOf = (stretch: StatementSpan): readonly StatementSpan[] => {
    const found = stretch.first > stretch.last ? [] : scanned.stretch(stretch.index).statements;
    if (found.length < 2) return [stretch];
    return found.map((s, i) => ({
      index: stretch.index,
      first: i === 0 ? stretch.first : s.from,
      last: i === found.length - 1 ? stretch.last : s.to - 1,
      start: i === 0 ? stretch.start : (code[s.from] as SourceToken).start,
      end: i === found.length - 1 ? stretch.end : (code[s.to] as SourceToken).start,
    }));
  };
  return { text, all, code, statements, parsed: () => scanned.document(), treeOf, partsOf };
}

/**
 * The statement holding an offset (a position right after `;` belongs to the next statement),
 * as the parser splits the text: at each `;`, and where a statement was written after a broken
 * one without `;` before it (that one then ends where the next starts).
 */
export function statementAt(model: TextModel, offset: number): StatementSpan {
  let found = model.statements[model.statements.length - 1] as StatementSpan;
  for (const s of model.statements) {
    if (offset <= s.end) {
      found = s;
      break;
    }
  }
  const parts = model.partsOf(found);
  for (const part of parts) if (offset < part.end || part === parts[parts.length - 1]) return part;
  return found;
}

/** The index of the last code token that starts before an offset, or -1. */
export function tokenBefore(code: readonly SourceToken[], offset: number): number {
  let lo = 0;
  let hi = code.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((code[mid] as SourceToken).start < offset) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The index of the code token covering an offset (start <= offset < end, or ending at it), or -1. */
export function tokenAt(code: readonly SourceToken[], offset: number): number {
  const i = tokenBefore(code, offset + 1);
  return i >= 0 && (code[i] as SourceToken).end >= offset ? i : -1;
}
