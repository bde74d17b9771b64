/**
 * "Did you mean": the candidates closest to a misspelt name, and how every message of dsq words
 * them (the JSON reader's, the config's, lint's). One threshold, one wording.
 */

/** Edit distance, case-insensitive: insertions, deletions, substitutions and adjacent swaps cost 1 (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  const rows: number[][] = [Array.from({ length: y.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    const prev = rows[i - 1] as number[];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d = Math.min(d, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row.push(d);
    }
    rows.push(row);
  }
  return (rows[x.length] as number[])[y.length] as number;
}

/**
 * The closest candidates, best first: within a third of the name's length in edits (at least 1,
 * at most 3), or one an abbreviation of the other (AVERAGE → AVG). A candidate equal to the name
 * (case aside) is not suggested.
 */
export function suggest(name: string, candidates: Iterable<string>, max = 3): string[] {
  const limit = Math.min(3, Math.max(1, Math.floor(name.length / 3)));
  const lower = name.toLowerCase();
  const scored: { c: string; d: number }[] = [];
  const seen = new Set<string>();
  for (const c of candidates) {
    const key = c.toLowerCase();
    if (seen.has(key) || key === lower) continue;
    seen.add(key);
    const d = editDistance(name, c);
    // An abbreviation (AVG of AVERAGE, cust of customer) counts as close.
    const prefix =
      Math.min(key.length, lower.length) >= 3 && key[0] === lower[0] && (isSubsequence(key, lower) || isSubsequence(lower, key)) ? limit : Infinity;
    if (d <= limit || prefix <= limit) scored.push({ c, d: Math.min(d, prefix) });
  }
  scored.sort((p, q) => p.d - q.d || (p.c < q.c ? -1 : p.c > q.c ? 1 : 0));
  return scored.slice(0, max).map((s) => s.c);
}

/** True when the letters of `short` appear in `long` in order. */
function isSubsequence(short: string, long: string): boolean {
  let i = 0;
  for (let j = 0; j < long.length && i < short.length; j++) if (long[j] === short[i]) i++;
  return i === short.length;
}

/** ` (did you mean "x"?)`, ` (did you mean "x" or "y"?)`, or '' without suggestions: put before the message's own punctuation. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const found = suggest(name, candidates).map((c) => JSON.stringify(c));
  if (found.length === 0) return '';
  const list = found.length === 1 ? found[0] : `${found.slice(0, -1).join(', ')} or ${found[found.length - 1]}`;
  return ` (did you mean ${list}?)`;
}
