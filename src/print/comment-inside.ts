import type { Node } from '../ast/nodes.js';
import type { Comment } from '../syntax/index.js';
import { commentText, type Attached } from './comment-docs.js';
import type { CommentScanner } from './comment-scan.js';
import { commentVerbatim, concat, hardline, indent, type Doc } from './doc/doc.js';

/** Nodes that print empty parentheses when their list is empty: `x IN ()`, `NOW()`. */
function hasEmptyParens(node: Node): boolean {
  return (node.kind === 'in' && node.values.length === 0) || (node.kind === 'function' && node.args.length === 0);
}

/**
 * True when a comment whose next token starts at `nextStart` is inside the empty parentheses
 * of `node` (which ends at `end`), or right before them after the node's keyword or name
 * (`IN /* c *\/ (`): it prints between them, where the next run finds it.
 */
export function insideEmptyParens(text: string, scanner: CommentScanner, node: Node, end: number, index: number, nextStart: number): boolean {
  if (!hasEmptyParens(node)) return false;
  const close = end - 1;
  if (text.charAt(close) !== ')') return false;
  if (nextStart === close) return true;
  return text.charAt(nextStart) === '(' && scanner.tokenStartAfter(nextStart + 1, index + 1) === close;
}

/**
 * The comments inside empty parentheses, as the doc between `(` and `)`: on the parentheses'
 * line when every one is a block comment that followed code there (`(/* c *\/)`); else broken,
 * each comment that followed code (or a block comment) on its line staying there, the others
 * on lines of their own, and `)` on a line of its own.
 */
export function insideDoc(list: readonly Attached[]): Doc {
  const doc = (c: Comment) => commentVerbatim(commentText(c), c.kind === 'line');
  if (list.every((a) => a.comment.kind === 'block' && !a.lineStart)) {
    return concat(list.flatMap((a, i) => (i === 0 ? [doc(a.comment)] : [' ', doc(a.comment)])));
  }
  const parts: Doc[] = [];
  list.forEach((a, i) => {
    const prev = list[i - 1];
    const keepsLine = !a.lineStart && (prev === undefined || prev.comment.kind === 'block');
    parts.push(keepsLine ? ' ' : hardline, doc(a.comment));
  });
  return concat([indent(parts), hardline]);
}
