import type { Node } from '../ast/nodes.js';

/** A function of the spec's table: how many arguments it takes and whether it aggregates. */
export interface FunctionInfo {
  readonly name: string;
  readonly minArgs: number;
  /** `Infinity` for COUNT_DISTINCT (n >= 1). */
  readonly maxArgs: number;
  readonly aggregate: boolean;
}

const one = (name: string): FunctionInfo => ({ name, minArgs: 1, maxArgs: 1, aggregate: true });

/** The spec's function table (Expression syntax: "Functions (name, argument count, aggregate)"). */
export const FUNCTIONS: ReadonlyMap<string, FunctionInfo> = new Map(
  [
    ...['AVG', 'AVG_DISTINCT', 'BIT_AND', 'BIT_OR', 'BIT_XOR', 'CEIL', 'COUNT', 'FLOOR', 'MAX', 'MIN',
      'STDDEV_POP', 'STDDEV_SAMP', 'SUM', 'SUM_DISTINCT', 'VAR_POP', 'VAR_SAMP'].map(one),
    { name: 'COUNT_DISTINCT', minArgs: 1, maxArgs: Infinity, aggregate: true },
    { name: 'POW', minArgs: 2, maxArgs: 2, aggregate: false },
    { name: 'TRUNCATE', minArgs: 2, maxArgs: 2, aggregate: false },
  ].map((f) => [f.name, f]),
);

/** The table entry of a function name (names compare upper-cased), or undefined. */
export function functionInfo(name: string): FunctionInfo | undefined {
  return FUNCTIONS.get(name.toUpperCase());
}

/** True for COUNT(*) and for calls of the table's aggregate functions. */
export function isAggregate(node: Node): boolean {
  if (node.kind === 'count_rows') return true;
  return node.kind === 'function' && functionInfo(node.name)?.aggregate === true;
}

/** How a call is written in messages: `SUM(...)`, `COUNT(*)`. */
export function callName(node: Node): string {
  if (node.kind === 'count_rows') return 'COUNT(*)';
  return node.kind === 'function' ? `${node.name}(...)` : node.kind;
}
