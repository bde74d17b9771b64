import type { FileReport } from './file-report.js';

/** Workflow-command data: `%`, CR and LF escaped. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Workflow-command property values: as data, plus `:` and `,`. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** GitHub's workflow commands: an info is a `notice`. */
const COMMAND = { error: 'error', warning: 'warning', info: 'notice' } as const;

/** GitHub Actions annotations: `::error file=...,line=...,col=...,endLine=...,endColumn=...,title=rule-id::message`. */
export function formatGithub(files: readonly FileReport[]): string {
  const lines: string[] = [];
  for (const f of files) {
    for (const d of f.diagnostics) {
      const props = [
        `file=${escapeProperty(f.file)}`,
        `line=${d.span.line}`,
        `col=${d.span.column}`,
        `endLine=${d.span.endLine}`,
        `endColumn=${d.span.endColumn}`,
        `title=${escapeProperty(d.code)}`,
      ].join(',');
      lines.push(`::${COMMAND[d.severity]} ${props}::${escapeData(d.message)}`);
    }
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}
