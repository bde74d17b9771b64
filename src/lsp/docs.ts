import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Where the rule pages (docs/rules/<id>.md) are: found upward from this module (the package's
 * dist/ or src/lsp/, or the VS Code extension's bundle, which carries a copy of docs/rules), so
 * the links work offline and match the installed version.
 */
let found: string | null | undefined;

export function rulesDocsDir(): string | null {
  if (found !== undefined) return found;
  found = null;
  const here = import.meta.url;
  let dir = dirname(here ? fileURLToPath(here) : (process.argv[1] ?? process.cwd()));
  for (let i = 0; i < 8; i++) {
    const candidate = join(dir, 'docs', 'rules');
    if (existsSync(join(candidate, 'syntax-error.md'))) {
      found = candidate;
      break;
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return found;
}

const uris = new Map<string, string | undefined>();

/** The file URI of a rule's page, or undefined when the pages are not installed. */
export function ruleDocUri(id: string): string | undefined {
  if (uris.has(id)) return uris.get(id);
  const dir = rulesDocsDir();
  const page = dir === null ? null : join(dir, `${id}.md`);
  const uri = page !== null && existsSync(page) ? pathToFileURL(page).href : undefined;
  uris.set(id, uri);
  return uri;
}
