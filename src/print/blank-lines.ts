import type { Node } from '../ast/nodes.js';
import type { Spans } from '../ast/spans.js';
import { children } from '../ast/walk.js';
import { blankLine } from './comment-scan.js';
import { termNeedsParens } from './operands.js';

/**
 * The list items a statement keeps a blank line before (select columns, GROUP BY and ORDER BY
 * terms, call arguments, IN values, specifier arrays, CASE arms): the formatter keeps one blank
 * line where the source had one or more. Read once per statement by the comment map
 * (comments.ts), after its comments are placed.
 */

/**
 * Add to `into` the list items under `root` preceded by a blank line. `leadingStart` gives where
 * an item's first leading comment starts (undefined: none): the blank line is looked for before it.
 */
export function findBlankLines(root: Node, text: string, spans: Spans, leadingStart: (node: Node) => number | undefined, into: Set<Node>): void {
  const stack: Node[] = [root];
  for (;;) {
    const node = stack.pop();
    if (node === undefined) return;
    const group = node.kind === 'select' ? node.group : null;
    for (const items of listsOf(node)) {
      for (let i = 1; i < items.length; i++) {
        const prev = spans.get(items[i - 1] as Node);
        const next = spans.get(items[i] as Node);
        if (!prev || !next) continue;
        // The white space right before the item's first leading comment (or the item): the
        // printer puts the blank line there, where the next run finds it again.
        let stop = leadingStart(items[i] as Node) ?? next.start;
        // A GROUP BY number prints from its `(` (`termNeedsParens`): before the first `(` then.
        if (items === group && termNeedsParens(items[i] as Node)) stop = openingBefore(text, stop, prev.end);
        let from = stop;
        while (from > prev.end && /\s/.test(text.charAt(from - 1))) from--;
        if (blankLine(text, from, stop)) into.add(items[i] as Node);
      }
    }
    for (const kid of children(node)) stack.push(kid);
  }
}

/** The first of the `(` right before `at` (white space between them), after `floor`; `at` when none. */
function openingBefore(text: string, at: number, floor: number): number {
  let open = at;
  for (let p = at; ; p--) {
    while (p > floor && /\s/.test(text.charAt(p - 1))) p--;
    if (p <= floor || text.charCodeAt(p - 1) !== 40) return open;
    open = p - 1;
  }
}

/** The lists whose items keep a blank line between them. */
function listsOf(node: Node): (readonly Node[])[] {
  switch (node.kind) {
    case 'select':
      return [node.columns === 'all' ? [] : node.columns, node.group, node.order];
    case 'function':
      return [node.args];
    case 'in':
      return [node.values];
    case 'spec_array':
      return [node.items];
    case 'case':
      return [node.cases];
    default:
      return [];
  }
}
