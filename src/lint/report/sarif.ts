import { RULES } from '../registry.js';
import type { Rule } from '../rule-api.js';
import { ruleUrl, type FileReport, type ReportOptions } from './file-report.js';

/** The file's path as a SARIF artifact URI: forward slashes, percent-encoded. */
function artifactUri(file: string): string {
  return encodeURI(file.replace(/\\/g, '/'));
}

/** SARIF's result levels: an info is a `note`. */
const LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;

/**
 * SARIF 2.1.0 for code-scanning tools: one run whose driver lists every rule, and one result per
 * finding with its rule id, level, message and region (1-based lines and columns, end exclusive).
 */
export function formatSarif(files: readonly FileReport[], options: ReportOptions = {}): string {
  const rules: readonly Rule[] = options.rules ?? RULES;
  const index = new Map(rules.map((r, i) => [r.meta.id, i]));
  const log = {
    version: '2.1.0',
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    runs: [
      {
        tool: {
          driver: {
            name: 'dsq',
            version: '0.1.0',
            rules: rules.map((r) => ({
              id: r.meta.id,
              name: r.meta.id,
              shortDescription: { text: r.meta.docs.description },
              help: { text: `${r.meta.docs.description} See ${ruleUrl(options, r.meta.id) ?? `docs/rules/${r.meta.id}.md`} for a wrong and a right example.` },
              ...(ruleUrl(options, r.meta.id) !== undefined ? { helpUri: ruleUrl(options, r.meta.id) } : {}),
              defaultConfiguration: r.meta.severity === 'off' ? { enabled: false } : { level: LEVEL[r.meta.severity] },
            })),
          },
        },
        results: files.flatMap((f) =>
          f.diagnostics.map((d) => ({
            ruleId: d.code,
            ...(index.has(d.code) ? { ruleIndex: index.get(d.code) } : {}),
            level: LEVEL[d.severity],
            message: { text: d.hint ? `${d.message} ${d.hint}` : d.message },
            locations: [
              {
                physicalLocation: {
                  artifactLocation: { uri: artifactUri(f.file) },
                  region: {
                    startLine: d.span.line,
                    startColumn: d.span.column,
                    endLine: d.span.endLine,
                    endColumn: d.span.endColumn,
                  },
                },
              },
            ],
          })),
        ),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
