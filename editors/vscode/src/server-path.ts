import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

/** Where the language server comes from, and why (shown in the output channel). */
export interface ServerChoice {
  readonly module: string;
  readonly source: 'setting' | 'workspace' | 'bundled';
}

/**
 * The dsq to start as `dsq lsp --stdio`:
 * 1. the `dsq.server.path` setting (a bin/dsq.js or the package folder; relative to the first
 *    workspace folder). The setting has machine scope: VS Code takes it from the user's (or the
 *    remote's) settings only, never from a workspace's `.vscode/settings.json`, so opening a
 *    folder cannot make the extension run a program the folder names;
 * 2. else the workspace's installed dsq (`node_modules/dsq/bin/dsq.js` in a workspace folder), so
 *    the editor lints and formats with the version the project's CI runs;
 * 3. else the server bundled with the extension.
 * In a workspace that is not trusted (VS Code's Restricted Mode) nothing is run from the
 * workspace: neither its `node_modules/dsq` nor a setting relative to it.
 */
export function chooseServer(setting: string, workspaceFolders: readonly string[], bundled: string, trusted = true): ServerChoice {
  const trimmed = setting.trim();
  if (trimmed !== '' && (trusted || isAbsolute(trimmed))) {
    const base = workspaceFolders[0] ?? process.cwd();
    const path = isAbsolute(trimmed) ? trimmed : resolve(base, trimmed);
    const module = isDirectory(path) ? join(path, 'bin', 'dsq.js') : path;
    return { module, source: 'setting' };
  }
  if (trusted) {
    for (const folder of workspaceFolders) {
      const candidate = join(folder, 'node_modules', 'dsq', 'bin', 'dsq.js');
      if (existsSync(candidate)) return { module: candidate, source: 'workspace' };
    }
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
