import type { Node, Param } from './nodes.js';
import { visit } from './walk.js';
import { DsqError, type Diagnostic } from '../diagnostic/diagnostic.js';

/** Every parameter node of a tree, in source order (iterative). */
export function paramNodes(root: Node): Param[] {
  const out: Param[] = [];
  visit(root, { enter: (n) => void (n.kind === 'param' && out.push(n)) });
  return out;
}

/** The names of a tree's parameters, each once, in order of first use. */
export function paramNames(root: Node | readonly Node[]): string[] {
  const names = new Set<string>();
  for (const r of Array.isArray(root) ? (root as readonly Node[]) : [root as Node]) for (const p of paramNodes(r)) names.add(p.name);
  return [...names];
}

/** `:a, :b and :c`. */
export function listNames(names: readonly string[]): string {
  const shown = names.map((n) => `:${n}`);
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

/** The error of a tree that still has parameters where a value is needed (JSON has no parameter form). */
export function unboundParamsError(names: readonly string[], extra: Partial<Diagnostic> = {}): DsqError {
  return new DsqError([
    {
      code: 'params/unbound',
      severity: 'error',
      message: `${names.length === 1 ? 'a parameter has' : `${names.length} parameters have`} no value: ${listNames(names)} (JSON has no parameter form)`,
      hint: 'bind every parameter: compile(text, { params: { name: value } }), dsq compile --param name=value or --params-file values.json',
      ...extra,
    },
  ]);
}
