// The JSON a dsq document compiles to, as the "dsq: Show compiled JSON" side document shows it
// (extension.ts). No vscode import: tested without VS Code (test/editors/vscode.test.ts).
import { formatDiagnostic } from '../../../src/diagnostic/diagnostic.js';
import { compileResult } from '../../../src/params/compile.js';

/** The URI scheme of the read-only side documents. */
export const COMPILED_SCHEME = 'dsq-json';

/**
 * The text of the side document for a dsq text: the spec's JSON (indented by 2; several
 * statements give an array), or, when the text does not compile, its errors as `//` lines (the
 * document is JSON with comments) with their line:column, the place to look.
 */
export function compiledJson(text: string, file: string): string {
  const result = compileResult(text, { indent: 2 });
  if (result.value !== undefined) return `${result.value}\n`;
  const errors = result.diagnostics.filter((d) => d.severity === 'error').map((d) => `// ${formatDiagnostic(d, undefined, file).replaceAll('\n', '\n// ')}`);
  return `// ${file} does not compile:\n${errors.join('\n')}\n`;
}
