import { DsqError, type Diagnostic } from '../diagnostic/index.js';
import type { Span } from '../diagnostic/span.js';

/** Where a JSON problem is: the pointer (keys as written) and, for text input, the span. */
export interface JsonLocation {
  readonly pointer: string;
  readonly span: Span | null;
}

/** One JSON rejection as a `DsqError` with code `json/<code>`, pointer and span. */
export function jsonError(code: string, message: string, at: JsonLocation, source: string | undefined, hint?: string): DsqError {
  const diagnostic: Diagnostic = {
    code: `json/${code}`,
    severity: 'error',
    message,
    pointer: at.pointer,
    ...(at.span ? { span: at.span } : {}),
    ...(hint ? { hint } : {}),
  };
  return new DsqError([diagnostic], source);
}

/** Edit distance, for "did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] as number;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const old = prev[j] as number;
      prev[j] = Math.min(old + 1, (prev[j - 1] as number) + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = old;
    }
  }
  return prev[b.length] as number;
}

/** The candidate nearest to `word`, when it is near enough to be a likely typo. */
export function nearest(word: string, candidates: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best !== null && bestDistance <= Math.max(1, Math.floor(best.length / 3)) ? best : null;
}

/** `did you mean "x"?` or nothing. */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const n = nearest(word, candidates);
  return n === null ? '' : ` (did you mean "${n}"?)`;
}
