/**
 * `npx tsx playground/scripts/measure.ts`: the built size of the playground and the time from a
 * keystroke to the JSON on a 200-line query, in Debian's Chromium (median of 40 keystrokes after 10 to warm up).
 * Prints figures; asserts nothing (timings vary with the machine).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildPlayground, findChromium, INSTALL_HINT, launchChromium } from './chromium.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A 200-line query: 100 result columns, a 95-line WHERE, GROUP BY, ORDER BY, LIMIT. */
export function longQuery(): string {
  const lines = ['SELECT'];
  for (let i = 1; i <= 100; i++) lines.push(`  SUM(o.price_${i} * o.qty_${i}) + COALESCE(o.extra_${i}, 0) AS total_${i}${i < 100 ? ',' : ''}`);
  lines.push('FROM sales.orders AS o JOIN crm.customers AS c', 'WHERE');
  for (let i = 1; i <= 94; i++) lines.push(`  ${i > 1 ? 'AND ' : ''}(o.status_${i} IN ('paid', 'shipped') OR o.amount_${i} BETWEEN ${i} AND ${i * 1000})`);
  lines.push('GROUP BY c.region', 'ORDER BY total_1 DESC', 'LIMIT 1');
  return lines.join('\n');
}

function sizes(dir: string): { files: number; bytes: number; gzip: number } {
  let files = 0;
  let bytes = 0;
  let gzip = 0;
  const stack = [dir];
  while (stack.length > 0) {
    const d = stack.pop() as string;
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) stack.push(p);
      else {
        const content = readFileSync(p);
        files++;
        bytes += content.length;
        gzip += gzipSync(content).length;
      }
    }
  }
  return { files, bytes, gzip };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function main(): Promise<void> {
  const executable = findChromium();
  if (!executable) throw new Error(`no Chromium: ${INSTALL_HINT}`);
  const dist = mkdtempSync(join(tmpdir(), 'dsq-playground-'));
  try {
    buildPlayground(root, dist);
    const s = sizes(dist);
    const js = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js')).map((f) => statSync(join(dist, 'assets', f)).size);
    console.log(`built: ${s.files} files, ${(s.bytes / 1024).toFixed(0)} KiB (${(s.gzip / 1024).toFixed(0)} KiB gzipped); script ${(js.reduce((a, b) => a + b, 0) / 1024).toFixed(0)} KiB`);

    const browser = await launchChromium(executable);
    try {
      const page = await browser.context.newPage();
      const query = longQuery();
      await page.goto(`${pathToFileURL(join(dist, 'index.html')).href}#text=${encodeURIComponent(query)}`);
      await page.locator('[data-testid="text"] .cm-content').waitFor();
      console.log(`query: ${query.split('\n').length} lines, ${query.length} characters`);
      // In the page: from keydown to the JSON editor holding the new JSON (stats.jsonAt, set right
      // after the playground updates it), and to the next animation frame after that.
      await page.locator('[data-testid="text"] .cm-content').click();
      await page.keyboard.press('Control+End');
      await page.evaluate(`
        window.marks = [];
        let key = 0;
        document.addEventListener('keydown', () => {
          const start = performance.now();
          const mine = ++key;
          const wait = () => {
            if (mine !== key) return;
            const at = dsqPlayground.stats.jsonAt;
            if (at > start) requestAnimationFrame(() => window.marks.push({ dom: at - start, frame: performance.now() - start }));
            else setTimeout(wait, 0);
          };
          setTimeout(wait, 0);
        }, true);
      `);
      // 10 keystrokes to warm the JIT up, then 40 measured.
      for (let i = 0; i < 50; i++) {
        await page.keyboard.press(i % 2 === 0 ? '0' : 'Backspace');
        await page.waitForFunction((n) => (globalThis as unknown as { marks: unknown[] }).marks.length >= n, i + 1);
      }
      const marks = ((await page.evaluate('window.marks')) as { dom: number; frame: number }[]).slice(10);
      const compile = (await page.evaluate('dsqPlayground.stats.compileMs')) as number;
      console.log(
        `keystroke → JSON (200 lines, median of ${marks.length}): ${median(marks.map((m) => m.dom)).toFixed(1)} ms to the JSON in the editor, ` +
          `${median(marks.map((m) => m.frame)).toFixed(1)} ms to the next frame; last compile + lint ${compile.toFixed(1)} ms`,
      );
    } finally {
      await browser.close();
    }
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
}

await main();
