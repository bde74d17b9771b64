import type { Node } from './nodes.js';
import { childKeys } from './kinds.js';

/** Structural equality of two trees, without recursion (deep trees are safe); stops at the first difference. */
export function sameTree(a: Node, b: Node): boolean {
  const stack: [unknown, unknown][] = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop() as [unknown, unknown];
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    if (Array.isArray(x) || Array.isArray(y)) {
      if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) stack.push([x[i], y[i]]);
      continue;
    }
    const nx = x as Record<string, unknown>;
    const ny = y as Record<string, unknown>;
    if (nx.kind !== ny.kind) return false;
    const children = new Set<string>(childKeys(nx.kind as Node['kind']));
    const keys = Object.keys(nx);
    if (keys.length !== Object.keys(ny).length) return false;
    for (const k of keys) {
      if (children.has(k)) stack.push([nx[k], ny[k]]);
      else if (nx[k] !== ny[k]) return false;
    }
  }
  return true;
}
