import { KEYWORD_NAMES } from '../syntax/tokenize.js';
import type { Fix, LintDiagnostic, TextEdit } from './rule-api.js';

/**
 * Applies the fixes of the findings as text edits: fixes are taken in source order and a fix
 * whose edits clash with an edit already taken is left for the next pass. Returns the new text
 * and how many fixes were applied. Linear in the text and the number of edits (the edits taken
 * are kept in order, so a clash is a binary search; the text is built once).
 */
export function applyFixes(text: string, diagnostics: readonly LintDiagnostic[]): { text: string; applied: number } {
  const fixes: Fix[] = [];
  for (const d of diagnostics) if (d.fix !== undefined && d.fix.edits.length > 0) fixes.push(d.fix);
  const { taken, applied } = chooseFixes(fixes);
  return { text: applyEdits(text, taken), applied };
}

/**
 * The fixes to apply together, in source order (by their first edit): those whose edits clash
 * with none taken before them. Returns their edits, sorted by position.
 */
export function chooseFixes(fixes: readonly Fix[]): { taken: TextEdit[]; applied: number; chosen: Fix[] } {
  const order = fixes.map((fix, i) => ({ fix, i, start: firstStart(fix) }));
  order.sort((a, b) => a.start - b.start || a.i - b.i);
  const taken = new TakenEdits();
  const chosen: Fix[] = [];
  for (const { fix } of order) {
    if (fix.edits.some((e) => taken.clashes(e))) continue;
    for (const e of fix.edits) taken.add(e);
    chosen.push(fix);
  }
  return { taken: taken.edits, applied: chosen.length, chosen };
}

/** The text with non-clashing edits applied (edits sorted by position), built in one go. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  if (edits.length === 0) return text;
  const parts: string[] = [];
  let at = 0;
  for (const e of edits) {
    parts.push(text.slice(at, e.start), e.text);
    at = e.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/**
 * Two edits clash when their ranges overlap, or when one inserts (empty range) where the other
 * starts: their order would be undefined.
 */
function clash(a: TextEdit, b: TextEdit): boolean {
  return (a.start < b.end && b.start < a.end) || (a.start === b.start && (a.start === a.end || b.start === b.end));
}

/** The edits taken so far, sorted by start (then end). */
class TakenEdits {
  readonly edits: TextEdit[] = [];

  clashes(e: TextEdit): boolean {
    // Only the neighbours in start order can overlap `e` (taken edits never overlap each other).
    const i = this.lowerBound(e.start);
    for (const j of [i - 1, i, i + 1]) {
      const t = this.edits[j];
      if (t !== undefined && clash(e, t)) return true;
    }
    return false;
  }

  add(e: TextEdit): void {
    const list = this.edits;
    const last = list[list.length - 1];
    // Fixes come in source order: nearly always an append.
    if (last === undefined || last.start < e.start || (last.start === e.start && last.end <= e.end)) {
      list.push(e);
      return;
    }
    list.splice(this.lowerBound(e.start), 0, e);
  }

  /** The first index whose edit starts at or after `start`. */
  private lowerBound(start: number): number {
    let lo = 0;
    let hi = this.edits.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.edits[mid] as TextEdit).start < start) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

function firstStart(f: Fix): number {
  let min = Infinity;
  for (const e of f.edits) if (e.start < min) min = e.start;
  return min;
}

const RESERVED: ReadonlySet<string> = new Set(KEYWORD_NAMES);

/**
 * A fix whose edits write only keywords (`IS`, `IS NOT`, `NULL`), in the configured case:
 * lower for 'lower'; for 'preserve' the case of the keyword written just before the edit.
 * (The fixes write upper case; `dsq lint --fix` and the language server's quick fixes both
 * pass them through this, so a fix fits the file it lands in.)
 */
export function fixInKeywordCase(fix: Fix, text: string, keywordCase: 'upper' | 'lower' | 'preserve'): Fix {
  if (keywordCase === 'upper') return fix;
  const edits = fix.edits.map((e) => {
    const words = e.text.split(' ');
    if (!words.every((w) => RESERVED.has(w))) return e;
    const lower = keywordCase === 'lower' || precedingKeywordIsLower(text, e.start);
    return lower ? { ...e, text: e.text.toLowerCase() } : e;
  });
  return { ...fix, edits };
}

function precedingKeywordIsLower(text: string, offset: number): boolean {
  const words = text.slice(Math.max(0, offset - 200), offset).match(/[A-Za-z_]+/g) ?? [];
  for (let i = words.length - 1; i >= 0; i--) {
    const w = words[i] as string;
    if (RESERVED.has(w.toUpperCase())) return w === w.toLowerCase();
  }
  return false;
}
