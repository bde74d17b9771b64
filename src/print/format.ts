import type { Node } from '../ast/nodes.js';
import { DsqError } from '../diagnostic/diagnostic.js';
import { lex } from '../syntax/lexer.js';
import { parseDocument, type ParsedDocument } from '../syntax/index.js';
import { CommentMap, commentText } from './comments.js';
import { concat, hardline, verbatim, type Doc } from './doc/doc.js';
import { render, type RenderStats } from './doc/render.js';
import { NO_CAPTURE, toDoc, type Env } from './engine.js';
import { resolveOptions, type PrintOptions } from './options.js';
import { LAYOUTS } from './print.js';

/**
 * Format dsq text: every statement printed in the canonical layout, every comment kept in
 * place, statements separated by `;` and a blank line, one final newline. A leading BOM is
 * dropped; CRLF line ends become LF (string literals keep theirs: they are data). Text the
 * parser rejects is never formatted: its errors are thrown (DsqError).
 */
export function format(text: string, options: PrintOptions = {}): string {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const parsed = parseDocument(source);
  const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new DsqError(errors, source);
  const first = printComments(parsed, options);
  // Without comments the layout depends on the tree alone, so one pass is final. Comments are
  // attached by where they stand, and a pass can move an odd one (a comment inside a token
  // group goes after it): then format again until nothing moves, so formatting is idempotent.
  if (first.settled) return first.text;
  let out = first.text;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const again = printDocument(parseDocument(out), options);
    if (again === out) break;
    out = again;
  }
  return out;
}

const MAX_PASSES = 4;

/**
 * Print a parsed document with its comments (the text must have parsed without errors).
 * Throws an internal Error if a comment would be lost: a printer bug, never silent.
 */
export function printDocument(parsed: ParsedDocument, options: PrintOptions = {}): string {
  return printComments(parsed, options).text;
}

/** The printed document, and whether every comment stays where a second run would put it. */
function printComments(parsed: ParsedDocument, options: PrintOptions): { text: string; settled: boolean } {
  const written = options.keywordCase === 'preserve' ? keywordSpellings(parsed) : undefined;
  const resolved = resolveOptions(options, written);
  const comments = new CommentMap(parsed.text, parsed.comments, parsed.statements, parsed.spans);
  const env: Env = comments.isEmpty
    ? { options: resolved, hasComments: () => false, decorate: (_node, doc) => doc }
    : {
        options: resolved,
        hasComments: (node: Node) => comments.has(node),
        decorate: (node, doc, absorbed) => comments.decorate(node, doc, absorbed),
      };
  // Each statement renders on its own, right after its doc is built (with its `;`, so a
  // trailing `--` comment lands after it): small, short-lived docs are much cheaper than one
  // large document, and the result is the same.
  const stats: RenderStats = { moved: false };
  const texts: string[] = parsed.statements.map((s, i, all) => {
    const doc = toDoc(s.node, NO_CAPTURE, env, LAYOUTS);
    return trimNewlines(render(i < all.length - 1 ? concat([doc, ';']) : doc, resolved, stats));
  });
  if (comments.orphans.length > 0) {
    const orphans: Doc[] = [];
    comments.orphans.forEach((c, i) => {
      if (i > 0) orphans.push(hardline);
      orphans.push(verbatim(commentText(c)));
      comments.markPrinted(c);
    });
    texts.push(trimNewlines(render(concat(orphans), resolved, stats)));
  }
  const lost = comments.unprinted();
  if (lost.length > 0) {
    const where = lost.map((c) => `${c.span.line}:${c.span.column} ${JSON.stringify(c.text.slice(0, 40))}`).join(', ');
    throw new Error(`internal error: the formatter did not print ${lost.length} comment(s): ${where}`);
  }
  const out = texts.join('\n\n');
  const text = out.length === 0 ? '' : `${trimNewlines(out)}\n`;
  return { text, settled: !comments.unsettled && !stats.moved };
}

function trimNewlines(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 10) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** For keywordCase 'preserve': how the source first spelled each keyword. */
function keywordSpellings(parsed: ParsedDocument): Map<string, string> {
  const out = new Map<string, string>();
  for (const token of lex(parsed.text, parsed.lineIndex).tokens) {
    const image = token.image;
    if (!/^[A-Za-z_]+$/.test(image)) continue;
    const upper = image.toUpperCase();
    if (token.tokenType.name.toUpperCase() === upper && !out.has(upper)) out.set(upper, image);
  }
  return out;
}
