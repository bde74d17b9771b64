import { SPEC_FUNCTIONS, maxArgs, minArgs } from '../spec/functions.js';

/** A function of the spec's table: how many arguments it takes and whether it aggregates. */
export interface FunctionInfo {
  readonly name: string;
  readonly minArgs: number;
  /** `Infinity` for COUNT_DISTINCT (n >= 1). */
  readonly maxArgs: number;
  readonly aggregate: boolean;
  /** The names of its arguments (`values` for COUNT_DISTINCT's one or more). */
  readonly params: readonly string[];
}

/** The spec's function table (src/spec/functions.ts), as lint reads it. */
export const FUNCTIONS: ReadonlyMap<string, FunctionInfo> = new Map(
  Object.entries(SPEC_FUNCTIONS).map(([name, f]) => [name, { name, minArgs: minArgs(f), maxArgs: maxArgs(f), aggregate: f.aggregate, params: f.params }]),
);

/** The table entry of a function name (names compare upper-cased), or undefined. */
export function functionInfo(name: string): FunctionInfo | undefined {
  return FUNCTIONS.get(name.toUpperCase());
}
