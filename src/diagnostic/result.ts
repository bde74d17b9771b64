import { DsqError, type Diagnostic } from './diagnostic.js';

/**
 * What every no-throw entry point of dsq returns (`parseResult`, `compileResult`,
 * `fromJsonResult`, `readSpecJsonResult`, `parseConfigResult`, ...): every diagnostic of the
 * input, and the value when none of them is an error. Plain data; never thrown.
 */
export interface Result<T> {
  /** Present exactly when `diagnostics` holds no error (warnings and infos may come with a value). */
  readonly value?: T;
  /** Every error, warning and info found, in the order of the input where it has one. */
  readonly diagnostics: readonly Diagnostic[];
}

/** True when some diagnostic is an error. */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** A result from diagnostics and a value computed only when there is no error. */
export function resultOf<T>(diagnostics: readonly Diagnostic[], value: () => T): Result<T> {
  return hasErrors(diagnostics) ? { diagnostics } : { value: value(), diagnostics };
}

/**
 * The value of a result, or a `DsqError` with all its diagnostics when one is an error: the
 * throwing entry points (`parse`, `compile`, `fromJson`, ...) are this over their `...Result`.
 */
export function valueOrThrow<T>(result: Result<T>, source?: string): T {
  if (result.value === undefined || hasErrors(result.diagnostics)) {
    throw new DsqError(
      result.diagnostics.length > 0 ? result.diagnostics : [{ code: 'internal/no-value', severity: 'error', message: 'no value and no diagnostic' }],
      source,
    );
  }
  return result.value;
}

/**
 * The most diagnostics one document gives. A file with a million bad values stops being read
 * there, and its report stays a page a person reads: the first ones, then one that says more
 * were left out.
 */
export const MAX_DIAGNOSTICS = 200;

/** The diagnostic that stands for those left out (`count` of them, when known). */
export function tooManyDiagnostics(count?: number): Diagnostic {
  const more = count === undefined ? 'more problems' : `${count.toLocaleString('en-US')} more ${count === 1 ? 'problem' : 'problems'}`;
  return {
    code: 'input/too-many-problems',
    severity: 'error',
    message: `${more} not shown: the first ${MAX_DIAGNOSTICS} are`,
    hint: 'fix these and run again',
  };
}

/** At most MAX_DIAGNOSTICS diagnostics, then one that says how many were left out. */
export function capDiagnostics(diagnostics: readonly Diagnostic[]): readonly Diagnostic[] {
  if (diagnostics.length <= MAX_DIAGNOSTICS + 1) return diagnostics;
  return [...diagnostics.slice(0, MAX_DIAGNOSTICS), tooManyDiagnostics(diagnostics.length - MAX_DIAGNOSTICS)];
}
