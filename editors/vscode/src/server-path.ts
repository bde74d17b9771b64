import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

/** Where the language server comes from, and why (shown in the output channel). */
export interface ServerChoice {
  readonly module: string;
  readonly source: 'setting' | 'workspace' | 'bundled';
}

/**
 * The dsq to start as `dsq lsp --stdio`: the `dsq.server.path` setting (a bin/dsq.js or the
 * package folder, relative to the first workspace folder), else the workspace's installed dsq
 * (`node_modules/dsq/bin/dsq.js` in a workspace folder), else the server bundled with the
 * extension. The workspace's dsq wins over the bundled one so the editor lints and formats with
 * the version the project's CI runs.
 */
export function chooseServer(setting: string, workspaceFolders: readonly string[], bundled: string): ServerChoice {
  const trimmed = setting.trim();
  if (trimmed !== '') {
    const base = workspaceFolders[0] ?? process.cwd();
    const path = isAbsolute(trimmed) ? trimmed : resolve(base, trimmed);
    const module = isDirectory(path) ? join(path, 'bin', 'dsq.js') : path;
    return { module, source: 'setting' };
  }
  for (const folder of workspaceFolders) {
    const candidate = join(folder, 'node_modules', 'dsq', 'bin', 'dsq.js');
    if (existsSync(candidate)) return { module: candidate, source: 'workspace' };
  }
  return { module: bundled, source: 'bundled' };
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
