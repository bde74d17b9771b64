/** "Did you mean" suggestions: the candidates closest to a misspelt name (Levenshtein distance). */

export function editDistance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let prev = Array.from({ length: y.length + 1 }, (_, i) => i);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      row.push(Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost));
    }
    prev = row;
  }
  return prev[y.length] ?? 0;
}

/** The closest candidates within a third of the name's length (at least 1, at most 3 edits), best first. */
export function suggest(name: string, candidates: Iterable<string>, max = 3): string[] {
  const limit = Math.min(3, Math.max(1, Math.floor(name.length / 3)));
  const scored: { c: string; d: number }[] = [];
  const seen = new Set<string>();
  for (const c of candidates) {
    const key = c.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const d = editDistance(name, c);
    if (d <= limit && key !== name.toLowerCase()) scored.push({ c, d });
  }
  scored.sort((p, q) => p.d - q.d || p.c.localeCompare(q.c));
  return scored.slice(0, max).map((s) => s.c);
}

/** ` Did you mean X?` / ` Did you mean X or Y?`, or '' without suggestions. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const found = suggest(name, candidates);
  if (found.length === 0) return '';
  const list = found.length === 1 ? found[0] : `${found.slice(0, -1).join(', ')} or ${found[found.length - 1]}`;
  return ` Did you mean ${list}?`;
}
