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

/** One row of the table: the argument count (`'n'`: one or more) and whether it aggregates. */
export interface SpecFunction {
  readonly args: number | 'n';
  readonly aggregate: boolean;
  /** Names of the arguments (for signatures, hover text and messages). */
  readonly params: readonly string[];
}

export const SPEC_FUNCTIONS = {
  AVG: { args: 1, aggregate: true, params: ['value'] },
  AVG_DISTINCT: { args: 1, aggregate: true, params: ['value'] },
  BIT_AND: { args: 1, aggregate: true, params: ['value'] },
  BIT_OR: { args: 1, aggregate: true, params: ['value'] },
  BIT_XOR: { args: 1, aggregate: true, params: ['value'] },
  CEIL: { args: 1, aggregate: true, params: ['value'] },
  COUNT: { args: 1, aggregate: true, params: ['value'] },
  FLOOR: { args: 1, aggregate: true, params: ['value'] },
  MAX: { args: 1, aggregate: true, params: ['value'] },
  MIN: { args: 1, aggregate: true, params: ['value'] },
  STDDEV_POP: { args: 1, aggregate: true, params: ['value'] },
  STDDEV_SAMP: { args: 1, aggregate: true, params: ['value'] },
  SUM: { args: 1, aggregate: true, params: ['value'] },
  SUM_DISTINCT: { args: 1, aggregate: true, params: ['value'] },
  VAR_POP: { args: 1, aggregate: true, params: ['value'] },
  VAR_SAMP: { args: 1, aggregate: true, params: ['value'] },
  COUNT_DISTINCT: { args: 'n', aggregate: true, params: ['values'] },
  POW: { args: 2, aggregate: false, params: ['base', 'exponent'] },
  TRUNCATE: { args: 2, aggregate: false, params: ['value', 'digits'] },
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
