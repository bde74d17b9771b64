import type { Fix, LintDiagnostic, TextEdit } from './types.js';

/**
 * Applies the fixes of the findings as text edits: fixes are taken in source order and a fix
 * whose edits overlap an edit already taken is left for the next pass. Returns the new text
 * and how many fixes were applied.
 */
export function applyFixes(text: string, diagnostics: readonly LintDiagnostic[]): { text: string; applied: number } {
  const fixes = diagnostics.map((d) => d.fix).filter((f): f is Fix => f !== undefined && f.edits.length > 0);
  fixes.sort((a, b) => firstStart(a) - firstStart(b));
  const taken: TextEdit[] = [];
  let applied = 0;
  for (const fix of fixes) {
    const clashes = fix.edits.some((e) => taken.some((t) => e.start < t.end && t.start < e.end || (e.start === e.end && e.start === t.start)));
    if (clashes) continue;
    taken.push(...fix.edits);
    applied++;
  }
  taken.sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of taken) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return { text: out, applied };
}

const firstStart = (f: Fix) => Math.min(...f.edits.map((e) => e.start));
