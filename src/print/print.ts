import type { Node } from '../ast/nodes.js';
import { render } from './doc/render.js';
import type { Doc } from './doc/doc.js';
import { NO_CAPTURE, toDoc, type Env, type LayoutTable } from './engine.js';
import { ACTION_LAYOUTS } from './actions.js';
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
 * expression as an expression, the other kinds as they appear inside a query.
 */
export function print(node: Node, options: PrintOptions = {}): string {
  const resolved = resolveOptions(options);
  return render(nodeDoc(node, resolved), resolved);
}
