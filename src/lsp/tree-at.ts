import type { Node, Select, Source } from '../ast/nodes.js';
import { visit } from '../ast/walk.js';
import { flattenSources, type Clause as SelectClause } from '../lint/scope.js';
import type { SourceToken } from '../syntax/tokenize.js';
import { tokenBefore, type OffsetSpan as Span, type StatementSpan, type StatementTree, type TextModel } from './text-model.js';

/**
 * Where an offset stands in its statement's tree (the parser's, a broken statement's recovered
 * one with placeholders where parts are missing): the innermost select around it and the
 * clause of that select, an open form (`SYSTEM_TABLE(`, `OPTIONS (`), an open CASE. A node
 * reaches from its span's start to the next token after its span: the white space after a
 * node still belongs to it (`WHERE amount |`), a `)` closing it does not.
 */

/**
 * The part of a select a position lies in (`options`: the statement's OPTIONS list; `on`: a
 * join's ON condition, which the select object has no field for: the parser reads and refuses
 * it, so no tree holds it, but the editor completes it as an expression over the select's sources).
 */
export type Clause = SelectClause | 'options' | 'on';

/** The innermost select around an offset, with the clause there. */
export interface SelectAt {
  readonly select: Select;
  readonly span: Span;
  /** Whether the select is the statement's own (not a subquery): only there may OPTIONS follow. */
  readonly top: boolean;
  readonly clause: Clause;
  /** The statement's tree the select is part of. */
  readonly tree: StatementTree;
}

/** The code-token index of the first token at or after an offset (code.length when none). */
function tokenFrom(code: readonly SourceToken[], offset: number): number {
  return tokenBefore(code, offset) + 1;
}

/** How far a span reaches: to the start of the next token after it within the statement, else the statement's end. */
function reach(model: TextModel, statement: StatementSpan, span: Span): number {
  const next = model.code[tokenFrom(model.code, span.end)];
  return next !== undefined && next.start < statement.end ? next.start : statement.end;
}

/** The statement's own select: the root, or the select of a SELECT with OPTIONS. */
function topSelect(root: Node): Select | null {
  return root.kind === 'select' ? root : root.kind === 'select_action' ? root.select : null;
}

/**
 * The innermost select whose reach holds `offset` (a statement's own select reaches to the
 * statement's end), and the clause of it at `at` (the start of the token before the cursor,
 * the word being typed aside): the last clause whose keyword (the token before its value,
 * GROUP or ORDER before BY) starts at or before `at`; OPTIONS after the statement's select.
 */
export function selectAt(model: TextModel, statement: StatementSpan, offset: number, at: number = offset): SelectAt | null {
  const tree = model.treeOf(statement);
  if (tree === null) return null;
  const top = topSelect(tree.node);
  let best: { select: Select; span: Span } | null = null;
  visit(tree.node, {
    enter(node) {
      if (node.kind !== 'select') return;
      const span = tree.spanOf(node);
      // A placeholder select (zero-width: `EXISTS` with nothing after it) holds nothing yet.
      if (span === undefined || span.start > offset || span.end === span.start) return;
      const end = node === top ? statement.end : reach(model, statement, span);
      if (offset <= end && (best === null || span.start >= best.span.start)) best = { select: node, span };
    },
  });
  if (best === null) return null;
  const found: { select: Select; span: Span } = best;
  const isTop = found.select === top;
  return { select: found.select, span: found.span, top: isTop, clause: clauseAt(model, statement, tree, found, isTop, at), tree };
}

const CLAUSE_FIELDS: readonly SelectClause[] = ['from', 'where', 'group', 'having', 'order', 'limit', 'offset'];

function clauseAt(model: TextModel, statement: StatementSpan, tree: StatementTree, found: { select: Select; span: Span }, top: boolean, at: number): Clause {
  const code = model.code;
  const options = top ? optionsAt(model, statement, found.span) : null;
  if (options !== null && (code[options] as SourceToken).start <= at) return 'options';
  let clause: Clause = 'columns';
  const record = found.select as unknown as Record<string, unknown>;
  for (const key of CLAUSE_FIELDS) {
    const value = record[key];
    const first = (Array.isArray(value) ? value[0] : value) as Node | null | undefined;
    const span = first === null || first === undefined ? undefined : tree.spanOf(first);
    if (span === undefined) continue;
    // The clause's keyword: the token before its value (a placeholder for a missing value stands after it), GROUP or ORDER before BY.
    let k = tokenBefore(code, span.start);
    if (code[k]?.type === 'BY') k--;
    const keyword = code[k];
    if (keyword !== undefined && keyword.start <= at && keyword.start >= found.span.start) clause = key;
  }
  return clause === 'from' && inJoinCondition(model, tree, found.select, at) ? 'on' : clause;
}

/**
 * Whether `at` lies in the ON condition of a join: the first token after the last source of
 * the FROM that ends before `at` is ON, and no JOIN or `,` (the next source's) follows it up to `at`.
 */
function inJoinCondition(model: TextModel, tree: StatementTree, select: Select, at: number): boolean {
  let last = -1;
  for (const source of flattenSources(select.from)) {
    const span = tree.spanOf(source);
    if (span !== undefined && span.end <= at && span.end > last) last = span.end;
  }
  const code = model.code;
  const on = last < 0 ? code.length : tokenFrom(code, last);
  if (code[on]?.type !== 'ON' || (code[on] as SourceToken).start > at) return false;
  let depth = 0;
  for (let i = on + 1; i < code.length && (code[i] as SourceToken).start <= at; i++) {
    const type = (code[i] as SourceToken).type;
    if (type === 'LParen') depth++;
    else if (type === 'RParen') depth--;
    else if (depth <= 0 && (type === 'JOIN' || type === 'Comma')) return false;
  }
  return true;
}

/** The token index of the statement's OPTIONS after its select, or null. */
function optionsAt(model: TextModel, statement: StatementSpan, selectSpan: Span): number | null {
  const k = tokenFrom(model.code, selectSpan.end);
  return k <= statement.last && model.code[k]?.type === 'OPTIONS' ? k : null;
}

/** The forms whose parentheses completion reads: what the arguments there are. */
export type Form = 'SYSTEM_TABLE' | 'SYSTEM_COLUMN' | 'DATABASE_TABLE' | 'DATABASE_COLUMN' | 'ALIAS' | 'COLUMN' | 'OPTIONS';
const FORMS: ReadonlySet<string> = new Set<Form>(['SYSTEM_TABLE', 'SYSTEM_COLUMN', 'DATABASE_TABLE', 'DATABASE_COLUMN', 'ALIAS', 'COLUMN']);

/**
 * The innermost form whose parentheses are open at `offset`: a node of the tree that starts
 * with the form's word and `(` (a recovered call for `COLUMN(` being typed), or the statement's
 * `OPTIONS (`; with the token index of its `(`.
 */
export function formAt(model: TextModel, statement: StatementSpan, offset: number): { form: Form; paren: number } | null {
  const tree = model.treeOf(statement);
  if (tree === null) return null;
  const code = model.code;
  const top = topSelect(tree.node);
  const topSpan = top === null ? undefined : tree.spanOf(top);
  if (topSpan !== undefined) {
    const k = optionsAt(model, statement, topSpan);
    if (k !== null && code[k + 1]?.type === 'LParen' && (code[k + 1] as SourceToken).end <= offset) {
      let closed = false;
      for (let i = k + 2; i <= statement.last && (code[i] as SourceToken).start < offset; i++) if (code[i]?.type === 'RParen') closed = true;
      if (!closed) return { form: 'OPTIONS', paren: k + 1 };
    }
  }
  let best: { form: Form; paren: number; start: number } | null = null;
  visit(tree.node, {
    enter(node) {
      const span = tree.spanOf(node);
      if (span === undefined || span.start > offset || span.end === span.start) return;
      const k = tokenFrom(code, span.start);
      const word = code[k];
      if (word === undefined || !FORMS.has(word.type) || code[k + 1]?.type !== 'LParen' || (code[k + 1] as SourceToken).end > offset) return;
      if (offset > reach(model, statement, span) || closedBefore(code, k + 1, offset)) return;
      if (best === null || span.start >= best.start) best = { form: word.type as Form, paren: k + 1, start: span.start };
    },
  });
  const found = best as { form: Form; paren: number } | null;
  return found === null ? null : { form: found.form, paren: found.paren };
}

/** Whether the `(` at token `paren` is closed by its `)` before `offset`. */
function closedBefore(code: readonly SourceToken[], paren: number, offset: number): boolean {
  let depth = 0;
  for (let i = paren; i < code.length && (code[i] as SourceToken).start < offset; i++) {
    const type = (code[i] as SourceToken).type;
    if (type === 'LParen') depth++;
    else if (type === 'RParen' && --depth === 0) return true;
  }
  return false;
}

/** Whether a CASE of the select is open at token `p`: a CASE node around it not closed by END before it. */
export function insideCase(model: TextModel, { select, tree }: SelectAt, p: number): boolean {
  const code = model.code;
  const t = code[p] as SourceToken;
  let inside = false;
  visit(select, {
    enter(node) {
      if (node.kind !== 'case') return;
      const span = tree.spanOf(node);
      if (span === undefined || span.start > t.start || t.end > span.end) return;
      const last = code[tokenBefore(code, span.end)];
      if (t.end < span.end || last?.type !== 'END') inside = true;
    },
  });
  return inside;
}

/** The source of a select's FROM whose span ends with token `p` (its path or alias; or holds it, followed by an AS with no alias yet), or null. */
export function sourceAt(model: TextModel, { select, tree }: SelectAt, p: number): Exclude<Source, { kind: 'join' }> | null {
  const t = model.code[p] as SourceToken;
  return (
    flattenSources(select.from).find((s) => {
      const span = tree.spanOf(s);
      return span !== undefined && span.start <= t.start && (t.end === span.end || (s.kind !== 'select_source' && s.alias === '' && t.end < span.end));
    }) ?? null
  );
}
