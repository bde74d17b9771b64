#!/usr/bin/env node
/**
 * `npm run package:vscode`: builds the VS Code extension into editors/vscode/dsq-vscode-<version>.vsix.
 * 1. stage: the TextMate grammar (grammar/dsq.tmLanguage.json) into syntaxes/, the rule pages
 *    (docs/rules, the diagnostics' links) into docs/rules, the JSON Schema of dsq.config.json
 *    (dsq.config.schema.json, which the manifest's jsonValidation names) into schemas/; the icon
 *    (drawn by scripts/icon.mjs) into images/icon.png;
 * 2. bundle with esbuild: the client (src/extension.ts, vscode external) and the language server
 *    (the dsq CLI from this repository, every dependency included) into dist/;
 * 3. package with @vscode/vsce 3 (installed into editors/vscode/node_modules from its lockfile on
 *    first use; vsce 4 needs Node 22).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { iconPng } from './icon.mjs';

export const EXTENSION_DIR = fileURLToPath(new URL('..', import.meta.url));
export const REPO_DIR = join(EXTENSION_DIR, '..', '..');

/** What the manifest points at that comes from elsewhere in the repository: [from, to] (to relative to the extension). */
export const STAGED = [
  [join(REPO_DIR, 'grammar', 'dsq.tmLanguage.json'), 'syntaxes/dsq.tmLanguage.json'],
  [join(REPO_DIR, 'docs', 'rules'), 'docs/rules'],
  [join(REPO_DIR, 'dsq.config.schema.json'), 'schemas/dsq.config.schema.json'],
];

/** The icon the manifest names, drawn at build time (relative to the extension). */
export const ICON = 'images/icon.png';

/** Copies the grammar, the rule pages and the config schema into an extension directory (default: this one), and draws the icon. */
export function stage(target = EXTENSION_DIR) {
  mkdirSync(join(target, dirname(ICON)), { recursive: true });
  writeFileSync(join(target, ICON), iconPng());
  for (const [from, to] of STAGED) {
    const dest = join(target, to);
    rmSync(dest, { recursive: true, force: true });
    mkdirSync(dirname(dest), { recursive: true });
    if (from.endsWith('.json')) copyFileSync(from, dest);
    else cpSync(from, dest, { recursive: true });
  }
}

/** Bundles the client and the server into `target`/dist (default: this extension). */
export async function bundle(target = EXTENSION_DIR) {
  const { build } = await import('esbuild');
  const common = { bundle: true, platform: 'node', target: 'node20', format: 'cjs', logLevel: 'warning', sourcemap: false };
  await build({ ...common, entryPoints: [join(EXTENSION_DIR, 'src', 'extension.ts')], outfile: join(target, 'dist', 'extension.js'), external: ['vscode'] });
  await build({
    ...common,
    entryPoints: [join(EXTENSION_DIR, 'src', 'server-entry.ts')],
    outfile: join(target, 'dist', 'server.js'),
    // The server finds the rule pages from its own file (src/lsp/docs.ts reads import.meta.url).
    define: { 'import.meta.url': 'importMetaUrl' },
    banner: { js: "const importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  });
}

function vsce() {
  const bin = join(EXTENSION_DIR, 'node_modules', '@vscode', 'vsce', 'vsce');
  if (!existsSync(bin)) {
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: EXTENSION_DIR, stdio: 'inherit' });
  }
  return bin;
}

async function main() {
  stage();
  await bundle();
  const { version } = JSON.parse(readFileSync(join(EXTENSION_DIR, 'package.json'), 'utf8'));
  const out = `dsq-vscode-${version}.vsix`;
  execFileSync(process.execPath, [vsce(), 'package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', out], {
    cwd: EXTENSION_DIR,
    stdio: 'inherit',
  });
  console.log(`built ${join('editors', 'vscode', out)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}
