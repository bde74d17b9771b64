import { isChecked } from '../ast/checked.js';
import type { Node } from '../ast/nodes.js';
import { checkedTree } from '../spec/check.js';
import { releaseRender, render } from './doc/render.js';
import type { Doc } from './doc/doc.js';
import { NO_CAPTURE, toDoc, type Env, type LayoutTable } from './engine.js';
import { ACTION_LAYOUTS } from './data-action-layouts.js';
import { SYSTEM_LAYOUTS } from './system-layouts.js';
import { STRUCT_LAYOUTS } from './struct-layouts.js';
import { EXPRESSION_LAYOUTS } from './expressions.js';
import { resolveOptions, type PrintOptions, type ResolvedOptions } from './options.js';
import { SELECT_LAYOUTS } from './select.js';
import { SOURCE_LAYOUTS, SPECIFIER_LAYOUTS } from './sources.js';

/** How every node kind prints: the compiler checks that none is missing. */
export const LAYOUTS: LayoutTable = {
  ...EXPRESSION_LAYOUTS,
  ...SOURCE_LAYOUTS,
  ...SPECIFIER_LAYOUTS,
  ...SELECT_LAYOUTS,
  ...ACTION_LAYOUTS,
  ...SYSTEM_LAYOUTS,
  ...STRUCT_LAYOUTS,
};

const PLAIN = {
  hasComments: () => false,
  decorate: (_node: Node, doc: Doc) => doc,
};

/** The doc of a node (no comments). */
export function nodeDoc(node: Node, options: ResolvedOptions): Doc {
  const env: Env = { options, ...PLAIN };
  return toDoc(node, NO_CAPTURE, env, LAYOUTS);
}

/**
 * Print any AST node as dsq text (no trailing newline): a statement as a query, an
 * expression as an expression, the other kinds as they appear inside a query. A tree dsq checked
 * (src/ast/checked.ts) is printed as it is; any other object is checked first as `fromAst`
 * checks a tree (src/spec/check.ts `checkedTree`), so the text reads back to the same tree, or a
 * DsqError says what is wrong: never a name, number or kind written verbatim from an object dsq
 * did not check.
 */
export function print(node: Node, options: PrintOptions = {}): string {
  const resolved = resolveOptions(options);
  try {
    return render(nodeDoc(isChecked(node) ? node : checkedTree(node), resolved), resolved);
  } finally {
    releaseRender();
  }
}
