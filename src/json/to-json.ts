import { isChecked } from '../ast/checked.js';
import type { Node } from '../ast/nodes.js';
import { paramNames, unboundParamsError } from '../ast/param-names.js';
import { DsqError } from '../diagnostic/index.js';
import { checkedTree } from '../spec/check.js';
import { Ref, Unbound } from './json-out.js';
import { serialize } from './serialize.js';
import { writeNode } from './write-nodes.js';

export type { JsonForm } from './json-out.js';

/**
 * AST → spec JSON text. `form: 'short'` (the default) writes every node in its `$` shorthand
 * where the spec has one and it reads back to the same node; left-deep chains of one folding
 * operator (`and`, `or`, `+`, ...) become one n-ary array. `form: 'full'` writes every node that
 * has one in its `{"type": ...}` form. A column path is `{"$col": ...}` in both (the spec has no
 * other form for it). Numbers are written as their exact text. `indent` 0 (the default) is
 * compact; otherwise a value whose one-line form fits in 80 columns stays on one line
 * (`{ "$col": "a" }`), and other members go on their own lines, indented by `indent` spaces per
 * level (up to a nesting depth of 100, beyond which lines stop moving right). Iterative: any depth.
 *
 * A tree dsq checked (src/ast/checked.ts: from the parser, the JSON reader, the builder,
 * `fromAst`) is written as it is; any other object is checked first as `fromAst` checks a tree
 * (src/spec/check.ts `checkedTree`), so what is written is valid JSON that reads back to the same
 * tree, or a DsqError says what is wrong (with its JSON pointer): never a name, number or kind
 * written verbatim from an object dsq did not check.
 */
export interface ToJsonOptions {
  readonly form?: 'short' | 'full';
  readonly indent?: number;
}

export function toJson(node: Node, options: ToJsonOptions = {}): string {
  const form = options.form ?? 'short';
  const indent = Math.max(0, Math.floor(options.indent ?? 0));
  const tree = checked(node);
  return unlessUnbound(tree, () => serialize(new Ref(tree), indent, (n) => writeNode(n, form)));
}

/** Several statements (or other nodes) as one JSON array, laid out as `toJson` lays out an array. */
export function toJsonArray(nodes: readonly Node[], options: ToJsonOptions = {}): string {
  const form = options.form ?? 'short';
  const indent = Math.max(0, Math.floor(options.indent ?? 0));
  if (!Array.isArray(nodes)) throw new DsqError([{ code: 'ast/wrong-type', severity: 'error', message: 'toJsonArray takes an array of nodes' }]);
  const trees = Array.from(nodes, (n, i) => checked(n, i));
  return unlessUnbound(trees, () =>
    serialize(
      trees.map((n) => new Ref(n)),
      indent,
      (n) => writeNode(n, form),
    ),
  );
}

/** The node when dsq checked it, else a checked copy (a DsqError when it is not a valid tree; `index`: its place in an array). */
function checked(node: Node, index?: number): Node {
  if (isChecked(node)) return node;
  try {
    return checkedTree(node);
  } catch (err) {
    if (index === undefined || !(err instanceof DsqError)) throw err;
    throw new DsqError(err.diagnostics.map((d) => (d.pointer === undefined ? d : { ...d, pointer: `/${index}${d.pointer}` })));
  }
}

function unlessUnbound(root: Node | readonly Node[], write: () => string): string {
  try {
    return write();
  } catch (err) {
    if (err instanceof Unbound) throw unboundParamsError(paramNames(root));
    throw err;
  }
}
