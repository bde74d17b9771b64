import { DsqError, type Diagnostic } from '../diagnostic/index.js';
import { capQuoted } from '../diagnostic/quote.js';
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
    // The message quotes the input (a key, a number): capped, so a huge input gives a short message.
    message: capQuoted(message),
    pointer: at.pointer,
    ...(at.span ? { span: at.span } : {}),
    ...(hint ? { hint } : {}),
  };
  return new DsqError([diagnostic], source);
}

/** Edit distance counting an adjacent transposition as one edit (optimal string alignment), for "did you mean". */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const up = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row.push(d);
    }
    rows.push(row);
  }
  return (rows[a.length] as number[])[b.length] as number;
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
