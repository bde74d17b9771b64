/**
 * Debian's Chromium, driven by playwright-core (nothing downloads a browser): for the browser
 * tests (test/playground), the screenshot and the measurements.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** How to get the browser, in one line. */
export const INSTALL_HINT = 'install Chromium to run them: apt-get install -y chromium (as root), or set DSQ_CHROMIUM to a Chromium executable';

/** The Chromium executable: $DSQ_CHROMIUM, else `chromium` (or `chromium-browser`) on the PATH; null when none. */
export function findChromium(): string | null {
  if (process.env.DSQ_CHROMIUM) return process.env.DSQ_CHROMIUM;
  for (const name of ['chromium', 'chromium-browser']) {
    const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
    if (found.status === 0 && found.stdout.trim() !== '') return found.stdout.trim();
  }
  return null;
}

/**
 * Flags for a quiet, offline-minded headless run (playwright adds --headless itself, and the
 * fresh profile directory as --user-data-dir).
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  readonly context: BrowserContext;
  /** Closes the browser and removes its profile directory. */
  close(): Promise<void>;
}

/** Launches Chromium headless with a fresh profile directory. */
export async function launchChromium(executablePath: string, viewport = { width: 1280, height: 900 }): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'dsq-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath, headless: true, args: CHROMIUM_FLAGS, viewport });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Builds the playground into `outDir` (vite, in a child process); returns its output on failure. */
export function buildPlayground(root: string, outDir: string): void {
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  const run = spawnSync(process.execPath, [vite, 'build', '--config', join(root, 'playground/vite.config.ts'), '--outDir', outDir, '--emptyOutDir'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`playground build failed:\n${run.stdout}\n${run.stderr}`);
}
