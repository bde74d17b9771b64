import type { LintDiagnostic } from '../rule-api.js';

/** The findings of one linted file. `file` is the path as shown to the user. */
export interface FileReport {
  readonly file: string;
  readonly diagnostics: readonly LintDiagnostic[];
}

export const REPORT_FORMATS = ['text', 'json', 'sarif', 'github'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

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
