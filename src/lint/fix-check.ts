import type { Span } from '../diagnostic/span.js';
import { parseDocument, type ParseOptions } from '../syntax/index.js';
import { applyEdits, chooseFixes } from './fix.js';
import type { Fix, LintDiagnostic, LintDocument, TextEdit } from './rule-api.js';

/**
 * The findings with every fix and suggestion checked before it is offered: a fix whose text
 * would not parse (`ALIAS(order)` for an alias named `order`) is dropped from its finding, which
 * stays, not fixable. Fixes are checked per statement: a statement's fixes applied together and
 * the statement parsed again; only when that fails are they split in halves until the bad ones
 * are found, so the check costs one parse of each statement with fixes (and a few more per bad
 * fix). A finding's suggestions are alternatives (they clash), so they are checked apart: a
 * parse more per suggestion a finding has beyond its first.
 */
export function checkFixes(doc: LintDocument, found: LintDiagnostic[], parse: ParseOptions = {}): LintDiagnostic[] {
  const offered: Fix[] = [];
  for (const d of found) {
    if (d.fix !== undefined && d.fix.edits.length > 0) offered.push(d.fix);
    for (const s of d.suggestions ?? []) if (s.edits.length > 0) offered.push(s);
  }
  if (offered.length === 0) return found;
  const statements = doc.statements.map((s) => s.span);
  const groups = new Map<number, Fix[]>();
  const whole: Fix[] = [];
  for (const fix of offered) {
    const s = statementOf(statements, fix);
    if (s < 0) whole.push(fix);
    else {
      const list = groups.get(s);
      if (list) list.push(fix);
      else groups.set(s, [fix]);
    }
  }
  const bad = new Set<Fix>();
  for (const [s, fixes] of groups) {
    const span = statements[s] as Span;
    findBad(doc.text.slice(span.start, span.end), span.start, fixes, bad, parse);
  }
  // A fix reaching outside one statement: checked against the whole text, on its own.
  for (const fix of whole) findBad(doc.text, 0, [fix], bad, parse, doc.statements.length);
  if (bad.size === 0) return found;
  return found.map((d) => {
    const badFix = d.fix !== undefined && bad.has(d.fix);
    const badSuggestion = d.suggestions?.some((s) => bad.has(s)) === true;
    if (!badFix && !badSuggestion) return d;
    const { fix, suggestions, ...rest } = d;
    const kept = suggestions?.filter((s) => !bad.has(s)) ?? [];
    return { ...rest, ...(fix !== undefined && !badFix ? { fix } : {}), ...(kept.length > 0 ? { suggestions: kept } : {}) };
  });
}

/** The statement whose span holds every edit of the fix (-1: none does). */
function statementOf(spans: readonly Span[], fix: Fix): number {
  let lo = 0;
  let hi = spans.length;
  const first = Math.min(...fix.edits.map((e) => e.start));
  const last = Math.max(...fix.edits.map((e) => e.end));
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((spans[mid] as Span).start <= first) lo = mid + 1;
    else hi = mid;
  }
  const span = spans[lo - 1];
  return span !== undefined && last <= span.end ? lo - 1 : -1;
}

/**
 * Add to `bad` the fixes of `fixes` that do not parse: applied to `text` (which starts at
 * `offset` in the document) the result must parse without errors into as many statements.
 */
function findBad(text: string, offset: number, fixes: readonly Fix[], bad: Set<Fix>, parse: ParseOptions, statements = 1): void {
  const pending: (readonly Fix[])[] = [fixes];
  for (let set = pending.pop(); set !== undefined; set = pending.pop()) {
    const { taken, chosen } = chooseFixes(set);
    // Fixes that clash with one another are checked apart.
    if (chosen.length < set.length) {
      const apart = new Set(chosen);
      const rest = set.filter((f) => !apart.has(f));
      pending.push(chosen, rest);
      continue;
    }
    if (
      parses(
        applyEdits(
          text,
          taken.map((e) => shift(e, offset)),
        ),
        parse,
        statements,
      )
    )
      continue;
    if (set.length === 1) {
      bad.add(set[0] as Fix);
      continue;
    }
    const half = set.length >> 1;
    pending.push(set.slice(0, half), set.slice(half));
  }
}

function shift(e: TextEdit, offset: number): TextEdit {
  return offset === 0 ? e : { start: e.start - offset, end: e.end - offset, text: e.text };
}

function parses(text: string, options: ParseOptions, statements: number): boolean {
  const doc = parseDocument(text, options);
  return doc.statements.length === statements && !doc.diagnostics.some((d) => d.severity === 'error');
}
