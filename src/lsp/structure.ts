import { parseDocument, type ParsedDocument } from '../syntax/parse.js';
import { tokenize, type SourceToken } from '../syntax/tokenize.js';

/**
 * The shape of a dsq text read from its tokens alone: statements, the SELECTs in them (frames),
 * their clauses, sources and result aliases. It is built the same whether the text parses or
 * not, so completion, hover, references and symbols keep working while the user types.
 * Everything is loops over the token array (no recursion: frames nest as deep as the text).
 */

/** The part of a select a position lies in (`options`: the statement's OPTIONS list). */
export type Clause = 'columns' | 'from' | 'where' | 'group' | 'having' | 'order' | 'limit' | 'offset' | 'options';

export interface SourceRef {
  readonly kind: 'table' | 'system' | 'database' | 'subquery' | 'quoted-path';
  /** The path as the service reads it (segments unquoted, separators kept), for tables; the name for system tables. */
  readonly path: string | null;
  /** The database part of a table path (before `@`), or null. */
  readonly database: string | null;
  /** Token indices of the path or form, inclusive. */
  readonly first: number;
  readonly last: number;
  readonly alias: string | null;
  /** Token index of the alias, or -1. */
  readonly aliasAt: number;
  /** The subquery's frame, for a subquery source. */
  readonly sub: Frame | null;
}

export interface ResultRef {
  readonly alias: string;
  /** Token index of the alias. */
  readonly at: number;
  /** The item's first and last token (the alias included). */
  readonly first: number;
  readonly last: number;
}

/** One SELECT: where it starts and ends, its clauses, sources and result columns. */
export interface Frame {
  readonly statement: StatementShape;
  readonly parent: Frame | null;
  /** Parenthesis depth of the SELECT keyword within its statement. */
  readonly depth: number;
  /** Token index of SELECT. */
  readonly open: number;
  /** Token index just after the frame (its closing `)` or the statement's end). */
  close: number;
  /** Each clause keyword at the frame's depth, in order (`columns` at SELECT). */
  readonly clauses: { clause: Clause; at: number }[];
  readonly sources: SourceRef[];
  /** Result columns that have an alias. */
  readonly results: ResultRef[];
  /** The token range of each result column, inclusive. */
  readonly items: { first: number; last: number }[];
  readonly children: Frame[];
}

export interface StatementShape {
  readonly index: number;
  /** Code-token indices of the statement, inclusive (first > last for an empty statement). */
  readonly first: number;
  readonly last: number;
  /** Offsets: from the end of the previous `;` (or 0) to the start of this one (or the text's end). */
  readonly start: number;
  readonly end: number;
  readonly frames: Frame[];
}

export interface TextShape {
  readonly text: string;
  /** Every token, comments included. */
  readonly all: readonly SourceToken[];
  /** The tokens the parser sees (no comments). */
  readonly code: readonly SourceToken[];
  readonly statements: readonly StatementShape[];
  /** The text's trees (parsed on first use, then kept with the shape): every statement's, a broken one's recovered. */
  readonly parsed: () => ParsedDocument;
}

const CLAUSE_KEYWORDS: Readonly<Record<string, Clause>> = {
  FROM: 'from',
  WHERE: 'where',
  GROUP: 'group',
  HAVING: 'having',
  ORDER: 'order',
  LIMIT: 'limit',
  OFFSET: 'offset',
  OPTIONS: 'options',
};

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

export function shapeOf(text: string): TextShape {
  const all = tokenize(text);
  const code = all.filter((t) => t.category !== 'comment');
  const statements: StatementShape[] = [];
  let first = 0;
  let start = 0;
  for (let i = 0; i <= code.length; i++) {
    const t = code[i];
    if (t !== undefined && t.type !== 'Semicolon') continue;
    const end = t === undefined ? text.length : t.start;
    statements.push(buildStatement(code, statements.length, first, i - 1, start, end));
    first = i + 1;
    start = t === undefined ? text.length : t.end;
  }
  let parsed: ParsedDocument | undefined;
  return { text, all, code, statements, parsed: () => (parsed ??= parseDocument(text)) };
}

function buildStatement(code: readonly SourceToken[], index: number, first: number, last: number, start: number, end: number): StatementShape {
  const frames: Frame[] = [];
  const statement: StatementShape = { index, first, last, start, end, frames };
  const open: Frame[] = [];
  /** The open `(` and `[` (token indices). */
  const parens: number[] = [];
  let depth = 0;
  for (let i = first; i <= last; i++) {
    const t = code[i] as SourceToken;
    if (t.type === 'LParen') {
      depth++;
      parens.push(i);
    } else if (t.type === 'LBracket') parens.push(i);
    else if (t.type === 'RBracket') {
      if (code[parens[parens.length - 1] ?? -1]?.type === 'LBracket') parens.pop();
    } else if (t.type === 'RParen' && depth > 0) {
      while (open.length > 0 && (open[open.length - 1] as Frame).depth >= depth) (open.pop() as Frame).close = i;
      depth--;
      while (parens.length > 0 && code[parens.pop() as number]?.type !== 'LParen');
    } else if (t.type === 'SELECT') {
      const parent = open[open.length - 1] ?? null;
      const frame: Frame = { statement, parent, depth, open: i, close: last + 1, clauses: [{ clause: 'columns', at: i }], sources: [], results: [], items: [], children: [] };
      parent?.children.push(frame);
      frames.push(frame);
      open.push(frame);
    } else {
      const clause = CLAUSE_KEYWORDS[t.type];
      const top = open[open.length - 1];
      if (clause === undefined || top === undefined) continue;
      if (top.depth === depth) top.clauses.push({ clause, at: i });
      else if (!(clause === 'where' && inSpecifier(code, parens))) {
        // A clause keyword inside parentheses that hold no SELECT: they were left open while
        // typing (`SELECT (((a FROM t`); the keyword still belongs to the select around them.
        top.clauses.push({ clause, at: i });
        while (parens.length > 0 && code[parens[parens.length - 1] as number]?.type === 'LParen' && depth > top.depth) {
          parens.pop();
          depth--;
        }
      }
    }
  }
  for (const frame of frames) {
    readResults(code, frame);
    readSources(code, frame, frames);
  }
  return statement;
}

/** Whether the innermost open bracket is a specifier's (`[...]`, `DATABASE_TABLE(`, `DATABASE_COLUMN(`): WHERE there starts a specifier. */
function inSpecifier(code: readonly SourceToken[], parens: readonly number[]): boolean {
  const at = parens[parens.length - 1];
  if (at === undefined) return false;
  if (code[at]?.type === 'LBracket') return true;
  const form = code[at - 1]?.type;
  return form === 'DATABASE_TABLE' || form === 'DATABASE_COLUMN';
}

/** Where a clause's tokens end: the next clause keyword of the frame, or the frame's end. */
export function clauseEnd(frame: Frame, k: number): number {
  return frame.clauses[k + 1]?.at ?? frame.close;
}

function readResults(code: readonly SourceToken[], frame: Frame): void {
  let from = frame.open + 1;
  if (code[from]?.type === 'DISTINCT') from++;
  const end = clauseEnd(frame, 0);
  let depth = 0;
  let itemStart = from;
  for (let i = from; i <= end; i++) {
    const t = code[i];
    if (i < end && t !== undefined) {
      if (t.type === 'LParen') depth++;
      else if (t.type === 'RParen') depth--;
      if (!(t.type === 'Comma' && depth === 0)) continue;
    }
    if (itemStart <= i - 1) {
      frame.items.push({ first: itemStart, last: i - 1 });
      const alias = aliasOf(code, itemStart, i - 1);
      if (alias >= 0) frame.results.push({ alias: nameOf(code[alias] as SourceToken), at: alias, first: itemStart, last: i - 1 });
    }
    itemStart = i + 1;
  }
}

/** The token index of a result column's alias (`expr AS name`, `expr name`), or -1. */
function aliasOf(code: readonly SourceToken[], first: number, last: number): number {
  if (last <= first) return -1;
  const t = code[last] as SourceToken;
  if (!isName(t)) return -1;
  const before = code[last - 1] as SourceToken;
  if (before.type === 'AS') return last;
  // `expr name`: the token before must end an expression (not `.`, an operator or a keyword like COLLATE).
  const endsExpression = isName(before) || before.category === 'number' || before.category === 'string' || before.type === 'RParen' || before.type === 'END' || before.type === 'NULL';
  return endsExpression ? last : -1;
}

function readSources(code: readonly SourceToken[], frame: Frame, frames: readonly Frame[]): void {
  const k = frame.clauses.findIndex((c) => c.clause === 'from');
  if (k < 0) return;
  const end = clauseEnd(frame, k);
  let i = (frame.clauses[k] as { at: number }).at + 1;
  let expectSource = true;
  while (i < end) {
    const t = code[i] as SourceToken;
    if (t.type === 'Comma' || t.type === 'JOIN') {
      expectSource = true;
      i++;
      continue;
    }
    if (t.type === 'LParen') {
      const sub = frames.find((f) => f.open === i + 1 && f.parent === frame);
      if (sub) {
        frame.sources.push({ kind: 'subquery', path: null, database: null, first: i, last: sub.close, alias: null, aliasAt: -1, sub });
        i = sub.close + 1;
        expectSource = false;
        continue;
      }
      i++;
      continue;
    }
    if (!expectSource) {
      i++;
      continue;
    }
    const form = t.category === 'contextual' && code[i + 1]?.type === 'LParen' ? t.type : null;
    let last: number;
    let kind: SourceRef['kind'];
    let path: string | null;
    if (form === 'SYSTEM_TABLE' || form === 'DATABASE_TABLE' || form === 'TABLE') {
      last = matchingParen(code, i + 1, end);
      kind = form === 'SYSTEM_TABLE' ? 'system' : form === 'DATABASE_TABLE' ? 'database' : 'quoted-path';
      const inner = code[i + 2];
      path = form === 'SYSTEM_TABLE' && isName(inner) ? nameOf(inner as SourceToken)
        : form === 'TABLE' && inner?.category === 'string' ? inner.image.slice(1, -1).replaceAll("''", "'")
          : form === 'DATABASE_TABLE' && isName(code[last - 1]) ? nameOf(code[last - 1] as SourceToken) : null;
    } else if (isName(t)) {
      last = i;
      while (isSeparator(code[last + 1]) && isName(code[last + 2]) && last + 2 < end) last += 2;
      kind = 'table';
      path = '';
      for (let j = i; j <= last; j++) path += (code[j] as SourceToken).category === 'quoted-name' ? nameOf(code[j] as SourceToken) : (code[j] as SourceToken).image;
    } else {
      i++;
      continue;
    }
    let aliasAt = -1;
    let next = last + 1;
    if (code[next]?.type === 'AS' && next + 1 < end && isName(code[next + 1])) aliasAt = next + 1;
    else if (next < end && isName(code[next])) aliasAt = next;
    const database = kind === 'table' && path !== null ? (path.lastIndexOf('@') < 0 ? path : path.slice(0, path.lastIndexOf('@'))) : kind === 'quoted-path' ? path : null;
    frame.sources.push({ kind, path, database, first: i, last, alias: aliasAt >= 0 ? nameOf(code[aliasAt] as SourceToken) : null, aliasAt, sub: null });
    next = aliasAt >= 0 ? aliasAt + 1 : last + 1;
    i = next;
    expectSource = false;
  }
}

/** The index of the `)` matching the `(` at `open`, or the last index before `end`. */
export function matchingParen(code: readonly SourceToken[], open: number, end: number): number {
  let depth = 0;
  for (let i = open; i < end; i++) {
    const t = code[i] as SourceToken;
    if (t.type === 'LParen') depth++;
    else if (t.type === 'RParen' && --depth === 0) return i;
  }
  return end - 1;
}

/** The statement holding an offset (a position right after `;` belongs to the next statement). */
export function statementAt(shape: TextShape, offset: number): StatementShape {
  for (const s of shape.statements) if (offset <= s.end) return s;
  return shape.statements[shape.statements.length - 1] as StatementShape;
}

/** The innermost frame whose tokens surround the offset, or null (before the first SELECT). */
export function frameAt(shape: TextShape, statement: StatementShape, offset: number): Frame | null {
  let best: Frame | null = null;
  for (const f of statement.frames) {
    const open = shape.code[f.open] as SourceToken;
    // A frame closed by `)` ends where that `)` starts; the statement's outer frames end with it.
    const end = f.close > statement.last ? statement.end : (shape.code[f.close] as SourceToken).start;
    if (open.start <= offset && offset <= end && (best === null || f.depth >= best.depth)) best = f;
  }
  return best;
}

/** The clause of a frame that holds a token index (the last clause keyword at or before it). */
export function clauseAt(frame: Frame, index: number): Clause {
  let clause: Clause = 'columns';
  for (const c of frame.clauses) {
    if (c.at <= index) clause = c.clause;
    else break;
  }
  return clause;
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

/** The frame of a token index: the innermost frame whose range holds it. */
export function frameOfToken(statement: StatementShape, index: number): Frame | null {
  let best: Frame | null = null;
  for (const f of statement.frames) if (f.open <= index && index < f.close && (best === null || f.depth >= best.depth)) best = f;
  return best;
}

/** The frames visible from a frame: itself, then its enclosing frames. */
export function visibleFrames(frame: Frame | null): Frame[] {
  const out: Frame[] = [];
  for (let f = frame; f !== null; f = f.parent) out.push(f);
  return out;
}
