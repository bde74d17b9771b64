import { resolveRules } from './config.js';
import { checkFixes } from './fix-check.js';
import type { LintOptions, LintResult } from './lint.js';
import type { LintDocument, Rule } from './rule-api.js';
import { runRules } from './run.js';

/**
 * Lints a document with the rules of `registry` (lint.ts `lintDocument` passes every registered
 * rule; `dsq compile` only quoted-text, without loading the others). Throws DsqError for a bad
 * rules configuration.
 */
export function lintWithRules(doc: LintDocument, registry: readonly Rule[], options: Omit<LintOptions, 'registry'> = {}): LintResult {
  const schema = options.schema ?? null;
  const active = resolveRules(registry, options.rules).filter((a) => schema !== null || !a.rule.meta.needsSchema);
  const diagnostics = checkFixes(doc, runRules(doc, active, schema, new Set(registry.map((r) => r.meta.id))), options.parse);
  return lintResultOf(
    diagnostics,
    doc.diagnostics.some((d) => d.severity === 'error'),
  );
}

/** A lint result from its findings: the counts by severity and of fixable ones. */
export function lintResultOf(diagnostics: LintResult['diagnostics'], syntaxErrors: boolean): LintResult {
  return {
    diagnostics,
    errorCount: diagnostics.filter((d) => d.severity === 'error').length,
    warningCount: diagnostics.filter((d) => d.severity === 'warning').length,
    infoCount: diagnostics.filter((d) => d.severity === 'info').length,
    fixableCount: diagnostics.filter((d) => d.fix).length,
    syntaxErrors,
  };
}
