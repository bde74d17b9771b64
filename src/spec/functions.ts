/**
 * The spec's function table (Expression syntax: "Functions (name, argument count, aggregate)"),
 * the one place it is written down. It drives the argument-count check every entry point
 * shares (src/spec/check.ts: text, JSON, builder), the builder's signatures
 * (src/builder/functions.ts), lint (src/lint/functions.ts), and the docs (grammar/reference.md,
 * "Functions", checked by a test).
 *
 * Names compare case-insensitively (`{"$$pow": [2, 3]}` is POW). A function the table does not
 * list is allowed (the service may have more); lint's `unknown-function` reports it.
 */

import type { Node } from '../ast/nodes.js';

/** One row of the table: the argument count (`'n'`: one or more) and whether it aggregates. */
export interface SpecFunction {
  readonly args: number | 'n';
  readonly aggregate: boolean;
  /** Names of the arguments (for signatures, hover text and messages). */
  readonly params: readonly string[];
  /**
   * What it gives, from its first argument's type (the one table `dsq gen`'s row types and
   * parameter inference read): `whole` a whole number (COUNT); `argument` the argument's type
   * (MIN, MAX); `numeric` the argument's kind of number: whole over whole numbers, which the
   * spec keeps in the signed 64-bit range (SUM, the bit aggregates); `number` any number (AVG,
   * POW, ...). An aggregate is null over no rows, but COUNT.
   */
  readonly result: FunctionResult;
}

export type FunctionResult = 'whole' | 'argument' | 'numeric' | 'number';

export const SPEC_FUNCTIONS = {
  AVG: { args: 1, aggregate: true, params: ['value'], result: 'number' },
  AVG_DISTINCT: { args: 1, aggregate: true, params: ['value'], result: 'number' },
  BIT_AND: { args: 1, aggregate: true, params: ['value'], result: 'numeric' },
  BIT_OR: { args: 1, aggregate: true, params: ['value'], result: 'numeric' },
  BIT_XOR: { args: 1, aggregate: true, params: ['value'], result: 'numeric' },
  CEIL: { args: 1, aggregate: true, params: ['value'], result: 'number' },
  COUNT: { args: 1, aggregate: true, params: ['value'], result: 'whole' },
  FLOOR: { args: 1, aggregate: true, params: ['value'], result: 'number' },
  MAX: { args: 1, aggregate: true, params: ['value'], result: 'argument' },
  MIN: { args: 1, aggregate: true, params: ['value'], result: 'argument' },
  STDDEV_POP: { args: 1, aggregate: true, params: ['value'], result: 'number' },
  STDDEV_SAMP: { args: 1, aggregate: true, params: ['value'], result: 'number' },
  SUM: { args: 1, aggregate: true, params: ['value'], result: 'numeric' },
  SUM_DISTINCT: { args: 1, aggregate: true, params: ['value'], result: 'numeric' },
  VAR_POP: { args: 1, aggregate: true, params: ['value'], result: 'number' },
  VAR_SAMP: { args: 1, aggregate: true, params: ['value'], result: 'number' },
  COUNT_DISTINCT: { args: 'n', aggregate: true, params: ['values'], result: 'whole' },
  POW: { args: 2, aggregate: false, params: ['base', 'exponent'], result: 'number' },
  TRUNCATE: { args: 2, aggregate: false, params: ['value', 'digits'], result: 'number' },
} as const satisfies Readonly<Record<string, SpecFunction>>;

/** A name of the table, upper case. */
export type SpecFunctionName = keyof typeof SPEC_FUNCTIONS;

export const SPEC_FUNCTION_NAMES: readonly SpecFunctionName[] = Object.keys(SPEC_FUNCTIONS) as SpecFunctionName[];

/** The fewest arguments a listed function takes. */
export function minArgs(f: SpecFunction): number {
  return f.args === 'n' ? 1 : f.args;
}

/** The most arguments a listed function takes (`Infinity` for `n`). */
export function maxArgs(f: SpecFunction): number {
  return f.args === 'n' ? Infinity : f.args;
}

const BY_NAME: ReadonlyMap<string, SpecFunction> = new Map(Object.entries(SPEC_FUNCTIONS));

/** The table's row for a function name (compared upper-cased), or undefined for an unlisted name. */
export function specFunction(name: string): SpecFunction | undefined {
  return BY_NAME.get(name) ?? BY_NAME.get(name.toUpperCase());
}

/** True for COUNT(*) and for calls of the table's aggregate functions ("Aggregate: yes"). */
export function isAggregate(node: Node): boolean {
  if (node.kind === 'count_rows') return true;
  return node.kind === 'function' && specFunction(node.name)?.aggregate === true;
}

/** How a call is written in messages: `SUM(...)`, `COUNT(*)`. */
export function callName(node: Node): string {
  if (node.kind === 'count_rows') return 'COUNT(*)';
  return node.kind === 'function' ? `${node.name}(...)` : node.kind;
}

const plural = (n: number) => `${n} argument${n === 1 ? '' : 's'}`;

/** `exactly 2 arguments (base, exponent)`, `at least 1 argument`. */
export function expectedArgs(f: SpecFunction): string {
  if (f.args === 'n') return `at least ${plural(1)}`;
  return `exactly ${plural(f.args)} (${f.params.join(', ')})`;
}

/**
 * The problem with calling `name` with `count` arguments, or null when the count fits (or the
 * name is not in the table). One message for every entry point.
 */
export function arityProblem(name: string, count: number): string | null {
  const f = specFunction(name);
  if (f === undefined || (count >= minArgs(f) && count <= maxArgs(f))) return null;
  return `${name} takes ${expectedArgs(f)}, got ${count}`;
}
