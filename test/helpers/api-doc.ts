import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EntryPoint } from './api-names.js';

export interface DocumentedEntry {
  readonly values: string[];
  readonly types: string[];
  /** The counts the headings give: `### Values (N)`. */
  readonly counts: { values: number; types: number };
  /** Each name with its line of what it is. */
  readonly lines: Map<string, string>;
}

/** The names docs/api.md lists under `## \`entry\`` → `### Values (N)` / `### Types (N)`, as `- \`name\`: what it is.` lines. */
export function documentedApi(path = join(import.meta.dirname, '..', '..', 'docs', 'api.md')): Record<EntryPoint, DocumentedEntry> {
  const out: Record<string, DocumentedEntry> = {};
  let entry: DocumentedEntry | null = null;
  let kind: 'values' | 'types' | null = null;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const section = /^## `([^`]+)`\s*$/.exec(line);
    if (section) {
      entry = { values: [], types: [], counts: { values: -1, types: -1 }, lines: new Map() };
      out[section[1] as string] = entry;
      kind = null;
      continue;
    }
    if (/^## /.test(line)) {
      entry = null;
      continue;
    }
    const heading = /^### (Values|Types) \((\d+)\)\s*$/.exec(line);
    if (heading && entry) {
      kind = heading[1] === 'Values' ? 'values' : 'types';
      entry.counts[kind] = Number(heading[2]);
      continue;
    }
    const item = /^- `([^`]+)`: (.+)$/.exec(line);
    if (item && entry && kind) {
      entry[kind].push(item[1] as string);
      entry.lines.set(item[1] as string, item[2] as string);
    }
  }
  return out as Record<EntryPoint, DocumentedEntry>;
}
