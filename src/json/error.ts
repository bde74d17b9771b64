import type { Diagnostic } from '../diagnostic/index.js';
import { capQuoted } from '../diagnostic/quote.js';
import type { Span } from '../diagnostic/span.js';
import { didYouMean as suggestNames } from '../diagnostic/suggest.js';

/** Where a JSON problem is: the pointer (keys as written) and, for text input, the span. */
export interface JsonLocation {
  readonly pointer: string;
  readonly span: Span | null;
}

/** One JSON problem as a diagnostic with code `json/<code>`, pointer and span. */
export function jsonDiagnostic(code: string, message: string, at: JsonLocation, hint?: string, expected?: string): Diagnostic {
  return {
    code: `json/${code}`,
    severity: 'error',
    // The message quotes the input (a key, a number): capped, so a huge input gives a short message.
    message: capQuoted(message),
    pointer: at.pointer,
    ...(at.span ? { span: at.span } : {}),
    ...(expected ? { expected: capQuoted(expected) } : {}),
    ...(hint ? { hint } : {}),
  };
}

/**
 * " (did you mean ...?)" for a value that is not one of `candidates`. The spec makes keys
 * case-insensitive, not values: a value that differs from a candidate only by case
 * ("LEFT", "DESC", "RECORDS") is named with that candidate and the reason.
 */
export function didYouMean(name: string, candidates: readonly string[]): string {
  const same = candidates.find((c) => c !== name && c.toLowerCase() === name.toLowerCase());
  if (same !== undefined) return ` (did you mean "${same}"? values are case-sensitive, unlike keys)`;
  return suggestNames(name, candidates);
}
