import type { Node } from '../ast/nodes.js';
import { parseDocument, type ParsedDocument } from '../syntax/parse.js';
import { tokenize, type SourceToken } from '../syntax/tokenize.js';

/**
 * What the language server reads of a dsq text: the scanner's tokens (src/syntax/tokenize.ts,
 * the one lexer), the statements as the parser splits them (at each `;`), and the parser's
 * trees with their spans (a broken statement's recovered one, placeholders where parts are
 * missing). Where the cursor stands in a statement is read from its tree (src/lsp/tree-at.ts,
 * src/lsp/place.ts); the tokens say only what is local to the cursor (the word being typed,
 * the token before it).
 */

export interface StatementSpan {
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
  readonly statements: readonly StatementSpan[];
  /** The text's trees (parsed on first use, then kept with the model): every statement's, a broken one's recovered. */
  readonly parsed: () => ParsedDocument;
  /**
   * One statement's tree, parsed alone on first use and kept (a request at the cursor reads
   * the statement there, not the whole text), or null for a statement with none.
   */
  readonly treeOf: (statement: StatementSpan) => StatementTree | null;
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
  const all = tokenize(text);
  const code = all.filter((t) => t.category !== 'comment');
  const statements: StatementSpan[] = [];
  let first = 0;
  let start = 0;
  for (let i = 0; i <= code.length; i++) {
    const t = code[i];
    if (t !== undefined && t.type !== 'Semicolon') continue;
    const end = t === undefined ? text.length : t.start;
    statements.push({ index: statements.length, first, last: i - 1, start, end });
    first = i + 1;
    start = t === undefined ? text.length : t.end;
  }
  let parsed: ParsedDocument | undefined;
  const trees = new Map<number, StatementTree | null>();
  const treeOf = (statement: StatementSpan): StatementTree | null => {
    let tree = trees.get(statement.index);
    if (tree === undefined) {
      tree = statementTreeOf(text, statement);
      trees.set(statement.index, tree);
    }
    return tree;
  };
  return { text, all, code, statements, parsed: () => (parsed ??= parseDocument(text)), treeOf };
}

function statementTreeOf(text: string, statement: StatementSpan): StatementTree | null {
  const doc = parseDocument(text.slice(statement.start, statement.end));
  const node = doc.statements[0]?.node ?? doc.recovered[0]?.node;
  if (node === undefined) return null;
  const base = statement.start;
  return {
    node,
    spanOf: (n) => {
      const span = doc.spans.get(n);
      return span === undefined ? undefined : { start: span.start + base, end: span.end + base };
    },
  };
}

/** The statement holding an offset (a position right after `;` belongs to the next statement). */
export function statementAt(model: TextModel, offset: number): StatementSpan {
  for (const s of model.statements) if (offset <= s.end) return s;
  return model.statements[model.statements.length - 1] as StatementSpan;
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
