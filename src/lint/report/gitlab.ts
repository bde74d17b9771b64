import { ruleUrl, type FileReport, type ReportOptions } from './file-report.js';

/** GitLab's severities: an error is major, a warning minor, an info info. */
const SEVERITY = { error: 'major', warning: 'minor', info: 'info' } as const;

/**
 * GitLab Code Quality (a `codequality` report artifact): a JSON array with one issue per
 * finding, its description, rule (`check_name`), severity, place (path and lines), and a
 * fingerprint that stays the same while the finding does (file, rule, message and where in
 * the file, plus a count for identical findings), so merge requests show what is new.
 */
export function formatGitlab(files: readonly FileReport[], options: ReportOptions = {}): string {
  const issues: unknown[] = [];
  for (const f of files) {
    const path = f.file.replace(/\\/g, '/');
    const seen = new Map<string, number>();
    for (const d of f.diagnostics) {
      const key = [path, d.code, d.message, d.span.line, d.span.column].join('\u0000');
      const n = seen.get(key) ?? 0;
      seen.set(key, n + 1);
      const page = ruleUrl(options, d.code);
      issues.push({
        type: 'issue',
        description: d.hint ? `${d.message} ${d.hint}` : d.message,
        check_name: d.code,
        categories: ['Bug Risk'],
        severity: SEVERITY[d.severity],
        fingerprint: fingerprint(`${key}\u0000${n}`),
        location: { path, lines: { begin: d.span.line, end: d.span.endLine } },
        ...(page !== undefined ? { content: { body: `See ${page}` } } : {}),
      });
    }
  }
  return `${JSON.stringify(issues, null, 2)}\n`;
}

/** 128 bits of two FNV-1a hashes of the text's UTF-16 units, as 32 hex digits (no crypto module: this runs in browsers too). */
function fingerprint(text: string): string {
  const hash = (seed: bigint): bigint => {
    let h = seed;
    for (let i = 0; i < text.length; i++) {
      h ^= BigInt(text.charCodeAt(i));
      h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
    }
    return h;
  };
  return `${hash(0xcbf29ce484222325n).toString(16).padStart(16, '0')}${hash(0x84222325cbf29ce4n).toString(16).padStart(16, '0')}`;
}
