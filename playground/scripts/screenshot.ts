/**
 * `npx tsx playground/scripts/screenshot.ts`: builds the playground into playground/dist and
 * writes docs/playground.png, the page at 1280 px wide with the shop schema on and one lint
 * finding (with its quick fix), as the README shows it.
 */
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildPlayground, findChromium, INSTALL_HINT, launchChromium } from './chromium.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

const QUERY = `-- Paid orders per region, linted against the shop schema.
SELECT c.region, COUNT(*) AS orders, SUM(o.amount) AS total
FROM shop.orders AS o JOIN shop.customers AS c
WHERE o.customer = c.id AND o.status = 'paid' AND o.note = NULL
GROUP BY c.region
ORDER BY total DESC
LIMIT 10
`;

const executable = findChromium();
if (!executable) throw new Error(`no Chromium: ${INSTALL_HINT}`);
const dist = join(root, 'playground/dist');
buildPlayground(root, dist);
const browser = await launchChromium(executable, { width: 1280, height: 800 });
try {
  const page = await browser.context.newPage();
  await page.goto(`${pathToFileURL(join(dist, 'index.html')).href}#text=${encodeURIComponent(QUERY)}&schema=shop`);
  await page.getByTestId('lint').getByRole('button', { name: /^Fix:/ }).waitFor();
  const out = join(root, 'docs/playground.png');
  await page.screenshot({ path: out, fullPage: true });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
}
