import { findRule } from '../registry.js';
import type { Rule } from '../rule-api.js';
import type { LintDiagnostic } from '../rule-api.js';

/** The findings of one linted file. `file` is the path as shown to the user. */
export interface FileReport {
  readonly file: string;
  readonly diagnostics: readonly LintDiagnostic[];
}

export const REPORT_FORMATS = ['text', 'json', 'sarif', 'github', 'junit', 'gitlab'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** What a report may say besides the findings. */
export interface ReportOptions {
  /**
   * The base of the rule pages' links: a rule's page is this, its id and `.md` (the CLI gives
   * the pages shipped in the package, or `"docsUrl"` of dsq.config.json). No links without it.
   */
  readonly docsUrl?: string;
  /** The rules the SARIF driver lists (default: every rule). */
  readonly rules?: readonly Rule[];
  /** How many inputs could not be read or written (the text summary says so). */
  readonly failed?: number;
}

/** A rule's page, or undefined without a base (or for a finding that is no rule's, as `dsq check`'s "format"). */
export function ruleUrl(options: ReportOptions, id: string): string | undefined {
  return options.docsUrl === undefined || findRule(id) === undefined ? undefined : `${options.docsUrl}${encodeURIComponent(id)}.md`;
}

/** Findings by severity (infos apart: they are advice, not problems) and how many are fixable. */
export function counts(files: readonly FileReport[]): { errors: number; warnings: number; infos: number; fixable: number } {
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  let fixable = 0;
  for (const f of files) {
    for (const d of f.diagnostics) {
      if (d.severity === 'error') errors++;
      else if (d.severity === 'warning') warnings++;
      else infos++;
      if (d.fix) fixable++;
    }
  }
  return { errors, warnings, infos, fixable };
}
