// Rule links in diagnostics: the server links each finding to its page (a file: URI of
// docs/rules/<id>.md, src/lsp/docs.ts). VS Code would open that page as Markdown source; the
// extension turns the link into a command URI that opens the rendered page (the Markdown
// preview) instead. No vscode import: tested without VS Code (test/editors/vscode.test.ts).

/** The command that opens a rule page rendered; its one argument is the page's file: URI. */
export const OPEN_RULE_COMMAND = 'dsq.openRule';

/** The command URI opening a rule page rendered, for a diagnostic's link; null for any other link (kept as it is). */
export function ruleCommandUri(href: string): string | null {
  if (!/^file:\/\/.*\/docs\/rules\/[a-z0-9/-]+\.md$/i.test(href)) return null;
  return `command:${OPEN_RULE_COMMAND}?${encodeURIComponent(JSON.stringify([href]))}`;
}
