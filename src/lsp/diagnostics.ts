import { DiagnosticSeverity, DiagnosticTag, type Diagnostic, type Position } from 'vscode-languageserver/node';
import type { LintDiagnostic } from '../lint/rule-api.js';
import { ruleDocUri } from './docs.js';

/** The severities of dsq's findings in LSP's numbering. */
const SEVERITY = { error: DiagnosticSeverity.Error, warning: DiagnosticSeverity.Warning, info: DiagnosticSeverity.Information } as const;

/**
 * Lint findings as LSP diagnostics: the rule id as `code`, its page as `codeDescription`, the
 * range from the finding's UTF-16 offsets (what LSP counts), the hint after the message.
 */
export function toLspDiagnostics(findings: readonly LintDiagnostic[], positionAt: (offset: number) => Position): Diagnostic[] {
  return findings.map((d) => {
    const href = ruleDocUri(d.code);
    const unused = d.code === 'suppression-comment' && d.message.includes('suppresses nothing');
    return {
      range: { start: positionAt(d.span.start), end: positionAt(d.span.end) },
      severity: SEVERITY[d.severity],
      code: d.code,
      ...(href ? { codeDescription: { href } } : {}),
      source: 'dsq',
      message: d.hint ? `${d.message}\nhint: ${d.hint}` : d.message,
      ...(unused ? { tags: [DiagnosticTag.Unnecessary] } : {}),
    };
  });
}
