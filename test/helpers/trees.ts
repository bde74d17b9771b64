import { expect } from 'vitest';
import type { Node } from '../../src/ast/index.js';
import { toJson } from '../../src/json/index.js';
import { sameTree } from '../../src/ast/same-tree.js';

/**
 * The trees are equal, compared without recursion: vitest's toEqual overflows the stack on
 * trees thousands of objects deep. On a difference, the two JSON texts are compared (the
 * iterative JSON writer), which shows where.
 */
export function expectSameTree(actual: Node, expected: Node): void {
  if (!sameTree(actual, expected)) expect(toJson(actual)).toBe(toJson(expected));
}
