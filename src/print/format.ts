import { isChecked } from '../ast/checked.js';
import type { Node, Statement } from '../ast/nodes.js';
import { checkedTree } from '../spec/check.js';
import { hasErrors, valueOrThrow, type Result } from '../diagnostic/result.js';
import { parseInPieces } from '../syntax/parse.js';
import type { ParsedDocument } from '../syntax/index.js';
import { SourceSpans } from '../syntax/source-spans.js';
import { blankLine, hasNewline } from './comment-scan.js';
import { commentText, tailDoc, type StatementComment } from './comment-docs.js';
import { CommentMap, NONE_MARKED } from './comments.js';
import { concat, type Doc } from './doc/doc.js';
import { releaseRender, render, trimNewlines, type RenderStats } from './doc/render.js';
import { NO_CAPTURE, toDoc, type Env } from './engine.js';
import { preserveKeywordCase } from './keyword-case.js';
import { resolveOptions, type PrintOptions, type ResolvedOptions } from './options.js';
import { LAYOUTS } from './print.js';

/**
 * Format dsq text: every statement printed in the canonical layout, every comment kept in
 * place, statements separated by `;` and a blank line, one final newline. A leading BOM is
 * dropped; CRLF line ends become LF (string literals keep theirs: they are data). Text the
 * parser rejects is never formatted: its errors are thrown (DsqError).
 */
export function format(text: string, options: PrintOptions = {}): string {
  return valueOrThrow(formatResult(text, options), text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}

/** `format` without throwing: every diagnostic of the text, and the formatted text when none is an error. */
export function formatResult(text: string, options: PrintOptions = {}): Result<string> {
  return formatInPieces(text, options);
}

/**
 * formatResult with pieces of `pieceTokens` tokens (parseInPieces; its default when undefined):
 * the output is the same for any size (test/print/format-pieces.test.ts).
 */
export function formatInPieces(text: string, options: PrintOptions, pieceTokens?: number): Result<string> {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const resolved = resolveOptions(options);
  // The text a run of statements at a time (parseInPieces): each run printed and let go before
  // the next parses (the last prints its last statement as the last of the text). Printed at
  // once, not one behind: a garbage collection then copies one run's trees, not two. (The
  // output of runs before an error is dropped.)
  const out: string[] = [];
  let diagnostics;
  try {
    diagnostics = parseInPieces(source, (piece, last) => printStatements(piece, resolved, !last, out, true), {}, pieceTokens);
  } finally {
    releaseRender();
  }
  if (hasErrors(diagnostics)) return { diagnostics };
  return { value: finish(out, source, options), diagnostics };
}

/**
 * Print a parsed document with its comments (the text must have parsed without errors), in
 * one pass: comments are placed so that formatting the result again changes nothing.
 * Throws an internal Error if a comment would be lost: a printer bug, never silent.
 */
export function printDocument(document: ParsedDocument, options: PrintOptions = {}): string {
  const out: string[] = [];
  try {
    printStatements(document, resolveOptions(options), false, out);
  } finally {
    releaseRender();
  }
  return finish(out, document.text, options);
}

/** The printed pieces joined: one final newline, and `keywordCase: 'preserve'` applied over the whole text. */
function finish(out: string[], source: string, options: PrintOptions): string {
  if (out.every((piece) => piece.length === 0)) return '';
  // Its one line break pushed before the join: the text is one flat string (a `${text}\n` after
  // the join is a rope, which whoever writes it out copies again).
  out.length = trimNewlines(out, out.length);
  out.push('\n');
  const formatted = out.join('');
  return options.keywordCase === 'preserve' ? preserveKeywordCase(source, formatted) : formatted;
}

/**
 * printDocument's work, into `out`: `more` when statements of a later piece of the same text
 * follow (parseInPieces), so the last statement here ends as one followed by another. `own`
 * for parseInPieces' pieces: trees the parser read without an error and nobody else holds,
 * printed as they are (they are not in the checked set: parse.ts `parseInPieces`).
 */
function printStatements(document: ParsedDocument, resolved: ResolvedOptions, more: boolean, out: string[], own = false): void {
  const parsed = own ? document : checkedDocument(document);
  const comments = new CommentMap(parsed.text, parsed.comments, parsed.statements, parsed.spans);
  const offsets = statementOffsets(parsed);
  const source = sourceSpelling(parsed, offsets);
  const at = startOffset(parsed, offsets);
  // A statement with nothing to add to any node (most of them) prints through `plain`: no
  // comment lookup per node.
  const plain: Env = { options: resolved, hasComments: () => false, decorate: (_node, doc) => doc, written: source, at, text: parsed.text, streams: true };
  // The marked nodes of the statement being printed (set before each one prints).
  let marked = NONE_MARKED;
  const env: Env = comments.isEmpty
    ? plain
    : {
        options: resolved,
        hasComments: (node: Node) => marked.has(node),
        decorate: (node, doc, absorbed) => (absorbed.length === 0 && !marked.has(node) ? doc : comments.decorate(node, doc, absorbed)),
        inside: (node) => comments.inside(node),
        written: source,
        at,
        text: parsed.text,
      };
  // Each statement renders on its own, right after its doc is built: small, short-lived docs
  // are much cheaper than one large document, and the result is the same.
  const stats: RenderStats = { endsWithLineComment: false, endsWithComment: false };
  const last = more ? parsed.statements.length : parsed.statements.length - 1;
  // A statement's text is a rope (render.ts `joined`): every ROPES statements, those so far are
  // joined into one flat string, so a long file never holds more than that many ropes (a rope
  // takes some ten times the memory of its text).
  let flat = out.length;
  parsed.statements.forEach((s, i) => {
    if (i % ROPES === ROPES - 1) flat = joinFrom(out, flat);
    offsets.statement(s.node);
    const around = comments.aroundStatement(i);
    for (const c of around.head) {
      out.push(commentText(c.comment), c.endsLine ? (c.blank ? '\n\n' : '\n') : ' ');
      comments.markPrinted(c.comment);
    }
    // The comments after its last token render with it (they count in its line widths, as
    // comments trailing its last node do, which the next run reads as these).
    marked = comments.marked(i);
    const doc = toDoc(s.node, NO_CAPTURE, comments.isPlain(i) ? plain : env, LAYOUTS);
    const parts: Doc[] = [doc];
    for (const c of around.beforeSemicolon) parts.push(tailDoc(c));
    let text = render(parts.length === 1 ? doc : concat(parts), resolved, stats, true);
    const after = around.afterSemicolon;
    // The last statement's `;` is dropped, unless a comment on its line after it needs it there
    // (after a comment, it would no longer follow code). Without it, the comments after it are
    // comments after the statement's last token, and render with it as those do.
    const semicolon = i < last || (stats.endsWithComment && after.length > 0 && !(after[0] as StatementComment).first);
    if (!semicolon && after.length > 0) {
      for (const c of after) parts.push(tailDoc(c));
      text = render(concat(parts), resolved, stats, true);
    }
    out.push(text);
    for (const c of around.beforeSemicolon) comments.markPrinted(c.comment);
    if (semicolon) {
      let afterLine = stats.endsWithLineComment;
      out.push(afterLine ? '\n;' : ';');
      afterLine = false;
      for (const c of after) {
        const own = c.first && !c.sameLine;
        out.push(own || afterLine ? (c.blank && own ? '\n\n' : '\n') : ' ', commentText(c.comment));
        afterLine = c.comment.kind === 'line';
      }
    }
    for (const c of after) comments.markPrinted(c.comment);
    if (i < last) out.push('\n\n');
  });
  joinFrom(out, flat);
  if (comments.orphans.length > 0) {
    comments.orphans.forEach((c, i, all) => {
      const prev = all[i - 1];
      if (prev)
        out.push(
          prev.kind === 'line' || hasNewline(parsed.text, prev.span.end, c.span.start)
            ? blankLine(parsed.text, prev.span.end, c.span.start)
              ? '\n\n'
              : '\n'
            : ' ',
        );
      out.push(commentText(c));
      comments.markPrinted(c);
    });
  }
  const lost = comments.unprinted();
  if (lost.length > 0) {
    const where = lost.map((c) => `${c.span.line}:${c.span.column} ${JSON.stringify(c.text.slice(0, 40))}`).join(', ');
    throw new Error(`internal error: the formatter did not print ${lost.length} comment(s): ${where}`);
  }
}

/**
 * The document with each statement dsq did not check (one put in by hand) replaced by a checked
 * copy, or a DsqError saying what is wrong with it: the printer writes only checked trees.
 */
/** Statements whose texts are joined together (`printStatements`). */
const ROPES = 64;

/** The pieces of `out` from `start` on, joined into one: the index after it. */
function joinFrom(out: string[], start: number): number {
  if (out.length - start > 1) out.splice(start, out.length - start, out.slice(start).join(''));
  return out.length;
}

function checkedDocument(parsed: ParsedDocument): ParsedDocument {
  if (parsed.statements.every((s) => isChecked(s.node))) return parsed;
  const statements = parsed.statements.map((s) => (isChecked(s.node) ? s : { node: checkedTree(s.node, 'statement') as Statement, span: s.span }));
  return { ...parsed, statements };
}

/**
 * The source offsets of the statement being printed (`statement` switches to the next): the
 * parser's table, looked up among that statement's own records (SourceSpans.statementOffsets).
 */
interface StatementOffsets {
  statement(root: Node): void;
  readonly of: ((node: Node, out: { start: number; end: number }) => boolean) | null;
}

function statementOffsets(parsed: ParsedDocument): StatementOffsets {
  const spans = parsed.spans;
  if (!(spans instanceof SourceSpans)) return { statement: () => undefined, of: null };
  const offsets: StatementOffsets & { of: StatementOffsets['of'] } = {
    of: null,
    statement(root) {
      offsets.of = spans.statementOffsets(root);
    },
  };
  return offsets;
}

/** Where a node starts in the source (the parser's offsets: no Span with line and column built per node). */
function startOffset(parsed: ParsedDocument, offsets: StatementOffsets): (node: Node) => number | undefined {
  const spans = parsed.spans;
  if (spans instanceof SourceSpans) {
    const at = { start: 0, end: 0 };
    return (node) => ((offsets.of === null ? spans.offsetsOf(node, at) : offsets.of(node, at)) ? at.start : undefined);
  }
  return (node) => spans.get(node)?.start;
}

/** How the source spelled a literal, for the printer to keep (`''` for NULL). */
function sourceSpelling(parsed: ParsedDocument, offsets: StatementOffsets): (node: Node) => string | undefined {
  // The parser's table gives offsets without building a Span (line and column) per node.
  const spans = parsed.spans;
  if (spans instanceof SourceSpans) {
    const at = { start: 0, end: 0 };
    return (node) => ((offsets.of === null ? spans.offsetsOf(node, at) : offsets.of(node, at)) ? parsed.text.slice(at.start, at.end) : undefined);
  }
  return (node) => {
    const span = spans.get(node);
    return span === undefined ? undefined : parsed.text.slice(span.start, span.end);
  };
}
