/**
 * The playground and the syntax diagrams in a real browser (Debian's Chromium through
 * playwright-core), opened from file:// as a user would: the playground is built once per run
 * into a temporary folder. Every request any page makes is recorded: none may leave the file
 * system. Without Chromium these tests report themselves skipped (outside CI) or fail (CI=true).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileText } from '../../playground/src/dsq.js';
import type { SchemaDatabase, SchemaGroup } from '../../src/schema/definitions.js';
import { readSchema } from '../../src/schema/read.js';
import { buildPlayground, findChromium, INSTALL_HINT, launchChromium, type Browser } from '../../playground/scripts/chromium.js';

/** The databases of examples/shop.schema.json, at any depth (the playground's schema box counts them). */
const SHOP_DATABASES = (() => {
  const count = (list: readonly SchemaDatabase[]): number => list.reduce((n, d) => n + 1 + count(d.databases), 0);
  const inGroup = (g: SchemaGroup): number => count(g.databases) + g.groups.reduce((n, sub) => n + inGroup(sub), 0);
  const schema = readSchema(readFileSync(fileURLToPath(new URL('../../examples/shop.schema.json', import.meta.url)), 'utf8'));
  return schema.groups.reduce((n, g) => n + inGroup(g), 0);
})();

const root = fileURLToPath(new URL('../..', import.meta.url));
const executable = findChromium();
const inCi = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false' && process.env.CI !== '0';
if (!executable && !inCi) console.log(`playground browser tests skipped: no Chromium found; ${INSTALL_HINT}`);

/** Every file below a folder, with its size. */
function files(dir: string): { path: string; size: number }[] {
  const out: { path: string; size: number }[] = [];
  const stack = [dir];
  while (stack.length > 0) {
    const d = stack.pop() as string;
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const s = statSync(p);
      if (s.isDirectory()) stack.push(p);
      else out.push({ path: p, size: s.size });
    }
  }
  return out;
}

/**
 * In the page: the contrast ratio (WCAG) of each element's text colour against the background
 * it is drawn on (the nearest ancestor's that is not transparent), with the colours.
 */
const CONTRASTS = `(selectors) => {
  const rgb = (c) => { const m = c.match(/[\\d.]+/g).map(Number); return { r: m[0], g: m[1], b: m[2], a: m.length > 3 ? m[3] : 1 }; };
  const lum = ({ r, g, b }) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }; return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const backgroundOf = (el) => { for (let e = el; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor); if (c.a > 0) return c; } return { r: 255, g: 255, b: 255, a: 1 }; };
  return selectors.map(([name, el]) => {
    const fg = rgb(getComputedStyle(el).color);
    const bg = backgroundOf(el);
    const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
    return { name, ratio: Math.round(((hi + 0.05) / (lo + 0.05)) * 10) / 10, background: lum(bg) };
  });
}`;

describe.skipIf(!executable && !inCi)('the playground in Chromium (file://, offline)', () => {
  let browser: Browser;
  let dist: string;
  const requests: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    if (!executable) throw new Error(`CI=true and no Chromium: ${INSTALL_HINT}`);
    dist = mkdtempSync(join(tmpdir(), 'dsq-playground-'));
    buildPlayground(root, dist);
    browser = await launchChromium(executable);
    browser.context.on('request', (r) => requests.push(r.url()));
    browser.context.on('page', (p) => {
      p.on('pageerror', (e) => pageErrors.push(e.message));
      p.on('console', (m) => {
        if (m.type() === 'error') pageErrors.push(m.text());
      });
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  const url = (file: string, hash = '') => `${pathToFileURL(join(dist, file)).href}${hash}`;

  async function open(hash = '', viewport?: { width: number; height: number }): Promise<Page> {
    const page = await browser.context.newPage();
    if (viewport) await page.setViewportSize(viewport);
    await page.goto(url('index.html', hash));
    await page.locator('[data-testid="text"] .cm-content').waitFor();
    return page;
  }

  /** The document of an editor, exactly (through the page's test hook: CodeMirror draws lines as blocks). */
  const editorText = (page: Page, id: 'text' | 'json') => page.evaluate<string>(`dsqPlayground.${id}View.state.doc.toString()`);
  const jsonValue = async (page: Page) => JSON.parse(await editorText(page, 'json')) as unknown;
  const hashOf = (page: Page) => page.evaluate<string>('location.hash');

  /** A paste as the browser delivers one (a paste event with the clipboard's text), into an editor's selection. */
  async function paste(page: Page, id: 'text' | 'json', text: string): Promise<void> {
    await page.locator(`[data-testid="${id}"] .cm-content`).click();
    await page.keyboard.press('Control+A');
    await page.evaluate(`(() => {
      const dt = new DataTransfer();
      dt.setData('text/plain', ${JSON.stringify(text)});
      document.querySelector('[data-testid="${id}"] .cm-content').dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    })()`);
  }

  async function replaceText(page: Page, id: 'text' | 'json', text: string, typed: boolean): Promise<void> {
    await page.locator(`[data-testid="${id}"] .cm-content`).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    if (typed) await page.keyboard.type(text);
    else await page.keyboard.insertText(text);
  }

  it('builds to static files under 2 MB', () => {
    const all = files(dist);
    const total = all.reduce((n, f) => n + f.size, 0);
    expect(total).toBeLessThan(2 * 1024 * 1024);
    const names = all.map((f) => f.path.slice(dist.length + 1)).sort();
    expect(names).toEqual(expect.arrayContaining(['index.html', 'diagrams.html', 'reference.html', 'rules/index.html', 'rules/null-comparison.html']));
    // One classic script: module scripts do not load from file://.
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('crossorigin');
  });

  it('type a query and see its JSON', async () => {
    const page = await open();
    const query = "SELECT a, COUNT(*) AS n FROM sales.orders WHERE b = 'x' GROUP BY a";
    await replaceText(page, 'text', query, true);
    const expected = JSON.parse(compileText(query, { form: 'short', indent: 2, schema: null }).json as string) as unknown;
    expect(expected).toMatchObject({ where: { '$=': [{ $col: 'b' }, 'x'] } });
    await expect.poll(() => jsonValue(page).catch(() => null)).toEqual(expected);
    await expect.poll(() => page.getByTestId('diagnostics').innerText()).toContain('One statement compiled');
    // The full form and a compact indent, from the switches.
    await page.getByLabel('full').check();
    await page.getByRole('combobox', { name: 'indent', exact: true }).selectOption('0');
    await expect.poll(() => editorText(page, 'json')).toContain('"where":{"type":"binary","op":"=","e1":{"$col":"b"},"e2":{"type":"string","value":"x"}}');
    await page.close();
  });

  it('a syntax error shows line:col, a squiggle and its message on hover', async () => {
    const page = await open();
    await replaceText(page, 'text', 'SELECT a FROM t\nWHERE b = 1 AND', false);
    const diagnostics = page.getByTestId('diagnostics');
    await expect.poll(() => diagnostics.innerText()).toMatch(/2:16\s+expected an expression after AND/);
    await expect.poll(() => page.locator('[data-testid="json"]').getAttribute('class')).toContain('stale');
    const squiggle = page.locator('[data-testid="text"] .cm-lintRange-error').first();
    await squiggle.waitFor();
    await squiggle.hover();
    const tooltip = page.locator('.cm-tooltip-lint');
    await expect.poll(() => tooltip.innerText().catch(() => '')).toMatch(/expected an expression after AND[\s\S]*syntax-error/);
    // The button on the message puts the cursor there.
    await diagnostics.getByRole('button', { name: /line 2, column 16/ }).click();
    expect(await page.evaluate<number>('dsqPlayground.textView.state.selection.main.head')).toBe('SELECT a FROM t\nWHERE b = 1 AND'.length);
    await page.close();
  });

  it('JSON → text, and JSON errors by pointer and line:col', async () => {
    const page = await open();
    await replaceText(page, 'json', '{"from": "orders", "where": {"$and": [{"$=": [{"$col": "a"}, 1]}, {"$like": [{"$col": "n"}, "x%"]}]}}', false);
    await expect.poll(() => editorText(page, 'text')).toBe("SELECT * FROM orders WHERE a = 1 AND n LIKE 'x%'\n");
    await replaceText(page, 'json', '{"from": "t",\n "where": {"$between": [1, 2]}}', false);
    await expect.poll(() => page.getByTestId('diagnostics').innerText()).toMatch(/2:11\s+at \/where: "\$between" takes exactly 3 expressions/);
    await expect.poll(() => page.locator('[data-testid="json"] .cm-lintRange-error').count()).toBeGreaterThan(0);
    // The text keeps the last JSON that read.
    expect(await editorText(page, 'text')).toBe("SELECT * FROM orders WHERE a = 1 AND n LIKE 'x%'\n");
    await page.close();
  });

  it('the hash round-trips: read on load, written as you type, and a link reproduces the query', async () => {
    const text = "SELECT a FROM t WHERE s = 'a&b=c#d' -- 100%";
    const page = await open(`#text=${encodeURIComponent(text)}&form=full&indent=0`);
    expect(await editorText(page, 'text')).toBe(text);
    expect(await page.getByLabel('full').isChecked()).toBe(true);
    await expect.poll(() => editorText(page, 'json')).toContain('{"columns":[{"e":{"$col":"a"}}],"from":{"type":"table","table":"t"},"where":{"type":"binary"');
    await page.locator('[data-testid="text"] .cm-content').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\nLIMIT 5');
    await expect.poll(() => hashOf(page)).toContain(encodeURIComponent('LIMIT 5'));
    const hash = await hashOf(page);
    expect(hash).toContain('form=full');
    const again = await open(hash);
    expect(await editorText(again, 'text')).toBe(`${text}\nLIMIT 5`);
    expect(await editorText(again, 'json')).toBe(await editorText(page, 'json'));
    // #json= starts from JSON: the text is decompiled from it.
    const fromJson = await open(`#json=${encodeURIComponent('{"from": "t", "limit": 3}')}`);
    expect(await editorText(fromJson, 'text')).toBe('SELECT * FROM t LIMIT 3\n');
    expect(await editorText(fromJson, 'json')).toBe('{"from": "t", "limit": 3}');
    for (const p of [page, again, fromJson]) await p.close();
  });

  it('a lint quick fix, with the rule linked to its page', async () => {
    const page = await open(`#text=${encodeURIComponent('SELECT a FROM t WHERE b = NULL')}`);
    const lint = page.getByTestId('lint');
    await expect.poll(() => lint.innerText()).toContain('null-comparison');
    const link = lint.getByRole('link', { name: /null-comparison/ });
    expect(await link.getAttribute('href')).toBe('rules/null-comparison.html');
    await lint.getByRole('button', { name: /^Fix:/ }).click();
    await expect.poll(() => editorText(page, 'text')).toBe('SELECT a FROM t WHERE b IS NULL');
    await expect.poll(() => lint.innerText()).toContain('No findings');
    // The rule's page opens (offline) with its explanation.
    await page.goto(url('rules/null-comparison.html'));
    expect(await page.locator('h1').innerText()).toBe('null-comparison');
    expect(await page.getByRole('link', { name: 'Open in the playground' }).count()).toBeGreaterThan(0);
    // A schema rule's example opens with the schema its page lints it against.
    await page.goto(url('rules/unknown-field.html'));
    await page.getByRole('link', { name: 'Open in the playground' }).first().click();
    await expect.poll(() => page.getByTestId('lint').innerText()).toContain('unknown-field');
    expect(await page.getByRole('combobox', { name: 'Schema', exact: true }).inputValue()).toBe('custom');
    await page.close();
  });

  it('Format (button and Shift-Alt-F)', async () => {
    const page = await open(`#text=${encodeURIComponent('select a,b from t where x=1 -- keep')}`);
    await page.getByRole('button', { name: 'Format' }).click();
    await expect.poll(() => editorText(page, 'text')).toBe('SELECT a, b FROM t WHERE x = 1 -- keep\n');
    await replaceText(page, 'text', 'select   c from u', false);
    await page.keyboard.press('Shift+Alt+F');
    await expect.poll(() => editorText(page, 'text')).toBe('SELECT c FROM u\n');
    // Text that does not parse is left alone, and the reason shown.
    await replaceText(page, 'text', 'select from', false);
    await page.keyboard.press('Shift+Alt+F');
    await expect.poll(() => page.getByTestId('diagnostics').innerText()).toContain('Format needs text without syntax errors');
    expect(await editorText(page, 'text')).toBe('select from');
    await page.close();
  });

  it('the schema turns on schema lint and completes database and field names', async () => {
    const page = await open(`#text=${encodeURIComponent('SELECT custmer FROM shop.orders')}`);
    await expect.poll(() => page.getByTestId('lint').innerText()).toContain('No findings');
    await page.getByRole('combobox', { name: 'Schema', exact: true }).selectOption('shop');
    await expect.poll(() => page.getByTestId('lint').innerText()).toContain('unknown-field');
    expect(await page.getByTestId('schema-status').innerText()).toContain(`${SHOP_DATABASES} databases`);
    await replaceText(page, 'text', 'SELECT o.am FROM shop.orders o', false);
    await page.keyboard.press('Escape');
    // Back after "o.am" (11 characters in) and ask for completion there.
    await page.keyboard.press('Control+Home');
    for (let i = 0; i < 11; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Control+Space');
    const options = page.locator('.cm-tooltip-autocomplete li');
    await expect.poll(() => options.allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('amount')]));
    // CodeMirror ignores Enter for 75 ms after the list opens (its interactionDelay).
    await page.waitForTimeout(150);
    await page.keyboard.press('Enter');
    await expect.poll(() => editorText(page, 'text')).toBe('SELECT o.amount FROM shop.orders o');
    // The schema choice is part of the link.
    await expect.poll(() => hashOf(page)).toContain('schema=shop');
    // A pasted schema with an error says where.
    await page.getByLabel('Schema JSON').fill('{"groups": [}');
    await expect.poll(() => page.getByTestId('schema-status').innerText()).toMatch(/1:13/);
    await page.close();
  });

  it('the examples menu loads the files of examples/', async () => {
    const page = await open();
    const menu = page.getByRole('combobox', { name: 'Example', exact: true });
    const offered = await menu.locator('option').allInnerTexts();
    const onDisk = readdirSync(join(root, 'examples')).filter((f) => f.endsWith('.dsq') || f.endsWith('.select.json'));
    expect(offered).toEqual(expect.arrayContaining(onDisk));
    await menu.selectOption('revenue-by-region.dsq');
    await expect.poll(() => editorText(page, 'text')).toBe(readFileSync(join(root, 'examples/revenue-by-region.dsq'), 'utf8'));
    await expect.poll(() => jsonValue(page).catch(() => null)).toEqual(JSON.parse(readFileSync(join(root, 'examples/revenue-by-region.json'), 'utf8')));
    await menu.selectOption('bad-between.select.json');
    await expect.poll(() => page.getByTestId('diagnostics').innerText()).toMatch(/5:5\s+at \/where\/\$and\/1/);
    await page.close();
  });

  it('links to the syntax diagrams, which render an SVG per rule', async () => {
    const page = await open();
    await page.getByRole('link', { name: 'Syntax diagrams' }).click();
    await page.locator('section.rule svg').first().waitFor();
    const rules = await page.locator('section.rule').count();
    expect(rules).toBeGreaterThan(10);
    expect(await page.locator('section.rule svg.railroad-diagram').count()).toBe(rules);
    // The committed page renders the same way, straight from grammar/.
    await page.goto(pathToFileURL(join(root, 'grammar/diagrams.html')).href);
    await page.locator('section.rule svg').first().waitFor();
    expect(await page.locator('section.rule svg.railroad-diagram').count()).toBe(await page.locator('section.rule').count());
    expect(await page.locator('h2.diagramHeader').allInnerTexts()).toEqual(expect.arrayContaining(['statement', 'result', 'source_primary', 'expression']));
    await page.close();
  });

  it('is usable by keyboard, labelled, and readable at 375 px', async () => {
    const page = await open('', { width: 375, height: 800 });
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    for (const id of ['text', 'json'] as const) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box?.width).toBeGreaterThan(300);
    }
    expect(await page.getByRole('textbox', { name: 'dsq query text' }).count()).toBe(1);
    expect(await page.getByRole('textbox', { name: /compiled JSON/ }).count()).toBe(1);
    for (const name of ['Format', 'Copy link']) expect(await page.getByRole('button', { name }).count()).toBe(1);
    for (const name of ['Example', 'indent', 'Schema']) expect(await page.getByRole('combobox', { name, exact: true }).count()).toBe(1);
    // Every control has a name.
    const unnamed = await page.evaluate<string[]>(`
      [...document.querySelectorAll('button, select, textarea, input, a, [contenteditable="true"]')]
        .filter((el) => {
          const label = el.getAttribute('aria-label') ?? el.labels?.[0]?.textContent ?? el.textContent ?? '';
          return label.trim() === '';
        })
        .map((el) => el.outerHTML.slice(0, 80))
    `);
    expect(unnamed).toEqual([]);
    // Tab reaches the editor and leaves it again (no keyboard trap).
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    const focused: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      focused.push(
        await page.evaluate<string>("document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim().slice(0, 20) ?? ''"),
      );
    }
    const at = focused.indexOf('dsq query text');
    expect(at).toBeGreaterThan(-1);
    expect(focused.slice(at + 1).some((f) => f !== 'dsq query text')).toBe(true);
    await page.close();
  });

  it('at 375 px: a two-row header, the problems right under the query, touch targets of 24 px, no key hints on a touch screen', async () => {
    const query = 'SELECT a FROM shop.orders WHERE b = NULL AND c = :x';
    const page = await open(`#text=${encodeURIComponent(query)}&schema=shop`, { width: 375, height: 800 });
    await expect.poll(() => page.getByTestId('lint').innerText()).toContain('null-comparison');
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    // The header: its parts on at most two rows.
    const rows = await page.evaluate<number[]>(
      `[...new Set([...document.querySelectorAll('header.top > *')].filter((e) => e.getBoundingClientRect().height > 2).map((e) => Math.round(e.getBoundingClientRect().top / 8)))]`,
    );
    expect(rows.length).toBeLessThanOrEqual(2);
    expect((await page.locator('header.top').boundingBox())?.height).toBeLessThan(80);
    // The problems: right under the query (and its parameters), before the JSON.
    const box = async (selector: string) => (await page.locator(selector).boundingBox()) as { x: number; y: number; width: number; height: number };
    const params = await box('#params');
    const status = await box('#diagnostics');
    const lint = await box('#lint');
    const json = await box('[data-testid="json"]');
    expect(status.y - (params.y + params.height)).toBeLessThan(30);
    expect(status.y).toBeLessThan(json.y);
    expect(lint.y).toBeLessThan(json.y);
    // Every control is a target of at least 24 by 24 px (a radio button through its label).
    const small = await page.evaluate<string[]>(`
      [...document.querySelectorAll('button, select, textarea, input:not([type="radio"]), a, fieldset.switch label')]
        .filter((el) => el.getClientRects().length > 0 && !el.classList.contains('skip'))
        .filter((el) => { const r = el.getBoundingClientRect(); return r.width < 24 || r.height < 24; })
        .map((el) => el.outerHTML.slice(0, 80) + ' ' + Math.round(el.getBoundingClientRect().width) + 'x' + Math.round(el.getBoundingClientRect().height))
    `);
    expect(small).toEqual([]);
    expect(await page.locator('body').innerText()).toMatch(/Ctrl-Space/);
    // A touch screen (pointer: coarse): no keyboard hints in the text.
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    expect(await page.evaluate<boolean>("matchMedia('(pointer: coarse)').matches")).toBe(true);
    const text = await page.locator('body').innerText();
    expect(text).not.toMatch(/Ctrl|Shift-Alt|Tab leaves/);
    await cdp.detach();
    await page.close();
  });

  it('survives what a breaker would try: deep nesting, long chains, broken hashes, odd text', async () => {
    const deep = `SELECT ${'('.repeat(1001)}1${')'.repeat(1001)} FROM t`;
    const page = await open(`#text=${encodeURIComponent(deep)}`);
    await expect.poll(() => page.getByTestId('diagnostics').innerText()).toMatch(/nesting deeper than \d+ levels/);
    const chain = `SELECT a FROM t WHERE ${Array.from({ length: 3000 }, (_, i) => `c${i} = ${i}`).join(' AND ')}`;
    await replaceText(page, 'text', chain, false);
    await expect.poll(() => editorText(page, 'json'), { timeout: 20_000 }).toContain('{ "$=": [{ "$col": "c2999" }, 2999] }');
    await replaceText(page, 'json', `{"from": "t", "where": ${'['.repeat(3000)}${']'.repeat(3000)}}`, false);
    await expect.poll(() => page.getByTestId('diagnostics').innerText()).toMatch(/at \/where/);
    await replaceText(page, 'text', 'SELECT \'\u0000\', "\u{1F986}" FROM "t\u2028" -- \uFFFF', false);
    await expect.poll(() => page.getByTestId('diagnostics').innerText()).toContain('One statement compiled');
    for (const hash of ['#text=%E0%A4%A', '#json=%7B', '#text=', '#form=full', '#text=SELECT%201&indent=-3&schema=custom&schemajson=%7B']) {
      const p = await open(hash);
      expect(await p.getByTestId('diagnostics').innerText()).not.toBe('');
      await p.close();
    }
    await page.close();
  });

  it('a query with :params says what is missing and compiles with the values of the parameter box (typed as --param reads them)', async () => {
    const page = await open();
    expect(await page.getByTestId('params').isVisible()).toBe(false);
    await replaceText(
      page,
      'text',
      "-- @param since datetime\n-- @param min number\nSELECT a FROM t WHERE n > :min AND placed >= :since AND s IN :states AND x = 'y' AND k = :k LIMIT :n",
      false,
    );
    const diagnostics = page.getByTestId('diagnostics');
    // Not an uncaught error: the problem is shown, the JSON marked stale, the status not "compiled".
    await expect
      .poll(() => diagnostics.innerText())
      .toMatch(
        /needs a value for each parameter[\s\S]*3:27\s+5 parameters have no value: :min, :since, :states, :k and :n[\s\S]*hint: give a value under Parameters/,
      );
    expect(await diagnostics.getAttribute('class')).toBe('error');
    expect(await diagnostics.innerText()).not.toContain('compiled.');
    expect(await page.locator('[data-testid="json"]').getAttribute('class')).toContain('stale');
    // One input per parameter, labelled by its name, its type as the placeholder.
    const box = page.getByTestId('params');
    expect(await box.isVisible()).toBe(true);
    expect(await box.locator('label').allInnerTexts()).toEqual([':min', ':since', ':states', ':k', ':n']);
    expect(await page.getByLabel(':since').getAttribute('placeholder')).toBe('datetime');
    expect(await page.getByLabel(':n').getAttribute('placeholder')).toBe('integer');
    // Values as text, converted by type: exact numbers, ISO datetimes, comma lists, '' as NULL is not offered (empty is no value).
    await page.getByLabel(':min').fill('12345678901234567890.5');
    await page.getByLabel(':since').fill('2024-01-31T10:00:00Z');
    await page.getByLabel(':states').fill('paid,shipped');
    await page.getByLabel(':k').fill('x');
    await page.getByLabel(':n').fill('abc');
    await expect.poll(() => diagnostics.innerText()).toMatch(/3:99\s+parameter :n is a number parameter: "abc" is not a number/);
    await page.getByLabel(':n').fill('10');
    await expect.poll(() => diagnostics.innerText()).toContain('One statement compiled');
    // :k has no type: its value is the text as given, and the status says so.
    expect(await diagnostics.innerText()).toMatch(
      /3:90\s+the type of :k is not known[\s\S]*its value is the string "x"[\s\S]*hint: state it with -- @param k TYPE before the statement, or choose a schema/,
    );
    const json = await editorText(page, 'json');
    expect(json).toContain('12345678901234567890.5');
    expect(json).toContain('"$in": [{ "$col": "s" }, ["paid", "shipped"]]');
    expect(json).toContain('"limit": 10');
    expect(await page.locator('[data-testid="json"]').getAttribute('class')).not.toContain('stale');
    // The focus stays in the box while typing (the inputs are not redrawn).
    await page.getByLabel(':k').click();
    await page.keyboard.type('y');
    expect(await page.evaluate<string>('document.activeElement.id')).toBe('param-k');
    // The values are part of the link.
    await expect.poll(() => hashOf(page)).toContain('param.n=10');
    const again = await open(await hashOf(page));
    await expect.poll(() => again.getByTestId('diagnostics').innerText()).toContain('One statement compiled');
    expect(await again.getByLabel(':states').inputValue()).toBe('paid,shipped');
    for (const p of [page, again]) await p.close();
  });

  it('"Skip to the query" puts the focus in the editor and leaves the hash (the query) alone', async () => {
    const text = 'SELECT a FROM t WHERE b = 1';
    const page = await open(`#text=${encodeURIComponent(text)}&form=full`);
    const before = await hashOf(page);
    // The first Tab of a fresh page reaches the link.
    await page.keyboard.press('Tab');
    expect(await page.evaluate<string>('document.activeElement.textContent')).toBe('Skip to the query');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate<string | null>("document.activeElement.getAttribute('aria-label')")).toBe('dsq query text');
    expect(await hashOf(page)).toBe(before);
    // Typing goes to the query; a reload keeps it.
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' LIMIT 2');
    await expect.poll(() => hashOf(page)).toContain(encodeURIComponent('LIMIT 2'));
    // A click (not only Enter) does the same.
    const hashTyped = await hashOf(page);
    const skip = page.getByRole('link', { name: 'Skip to the query' });
    await skip.focus();
    await skip.click();
    await expect.poll(() => page.evaluate<string | null>("document.activeElement.getAttribute('aria-label')")).toBe('dsq query text');
    expect(await hashOf(page)).toBe(hashTyped);
    await page.reload();
    await page.locator('[data-testid="text"] .cm-content').waitFor();
    expect(await editorText(page, 'text')).toBe(`${text} LIMIT 2`);
    expect(await page.getByLabel('full').isChecked()).toBe(true);
    await page.close();
  });

  it('follows the system colour scheme: dark when it asks, every text readable (contrast at least 4.5:1) in both', async () => {
    const query = "SELECT a, COUNT(*) AS n, 'x' FROM t WHERE b = NULL -- note";
    for (const scheme of ['light', 'dark'] as const) {
      const page = await browser.context.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(url('index.html', `#text=${encodeURIComponent(query)}`));
      await page.locator('[data-testid="text"] .cm-content').waitFor();
      await expect.poll(() => page.getByTestId('lint').innerText()).toContain('null-comparison');
      const found = (await page.evaluate(`(${CONTRASTS})([
        ['page text', document.querySelector('footer p')],
        ['heading', document.querySelector('h1')],
        ['header link', document.querySelector('header nav a')],
        ['button', document.getElementById('format')],
        ['select', document.getElementById('indent')],
        ['status', document.querySelector('#diagnostics p')],
        ['lint message', document.querySelector('#lint .message')],
        ['lint rule link', document.querySelector('#lint a.rule')],
        ['fix button', document.querySelector('#lint button.fix')],
        ['schema hint', document.querySelector('.schema p.hint')],
        ['schema box', document.getElementById('schema-text')],
        ['line number', document.querySelector('[data-testid="text"] .cm-gutterElement:not([style*="visibility"])')],
        ...['SELECT', 'COUNT', "'x'", 'NULL', '-- note', '='].map((t) => [\`token \${t}\`, [...document.querySelectorAll('[data-testid="text"] .cm-line span')].find((s) => s.textContent === t)]),
        ['JSON text', document.querySelector('[data-testid="json"] .cm-line span')],
      ].map(([n, e]) => { if (!e) throw new Error('missing ' + n); return [n, e]; }))`)) as { name: string; ratio: number; background: number }[];
      const low = found.filter((f) => f.ratio < 4.5);
      expect(low, scheme).toEqual([]);
      const page0 = found.find((f) => f.name === 'page text') as { background: number };
      if (scheme === 'dark') expect(Math.max(...found.map((f) => f.background))).toBeLessThan(0.1);
      else expect(page0.background).toBeGreaterThan(0.8);
      if (scheme === 'dark') {
        // CodeMirror's parts too: the gutters, the active line, the editor itself.
        const backgrounds = await page.evaluate<number[]>(`['.cm-editor', '.cm-gutters', '.cm-activeLine'].map((q) => {
          const m = getComputedStyle(document.querySelector('[data-testid="text"] ' + q)).backgroundColor.match(/[\\d.]+/g).map(Number);
          return (m.length > 3 && m[3] === 0) ? 0 : (0.2126 * m[0] + 0.7152 * m[1] + 0.0722 * m[2]) / 255;
        })`);
        for (const b of backgrounds) expect(b).toBeLessThan(0.25);
        expect(await page.evaluate<string>('getComputedStyle(document.documentElement).colorScheme')).toBe('dark');
      }
      await page.close();
    }
  });

  it('pasted JSON is laid out, long JSON lines wrap, and the status is not a green "compiled" while lint lists errors', async () => {
    const page = await open();
    const oneLine =
      '{"from":"t","where":{"$and":[{"$=":[{"$col":"a"},1.50]},{"$like":[{"$col":"n"},"x%"]}]},"columns":[{"e":{"$col":"a"}},{"e":{"$col":"n"}}],"limit":3}';
    await paste(page, 'json', oneLine);
    await expect.poll(() => editorText(page, 'text')).toBe("SELECT a, n FROM t WHERE a = 1.50 AND n LIKE 'x%' LIMIT 3\n");
    const laidOut = await editorText(page, 'json');
    expect(laidOut.split('\n').length).toBeGreaterThan(3);
    expect(laidOut).toContain('\n  "where": {');
    // Only white space changed: same value, every digit kept.
    expect(laidOut.replace(/\s+/g, '')).toBe(oneLine);
    // Typed JSON is left as typed; so is pasted JSON that does not read (it is said why).
    await replaceText(page, 'json', '{"from": "u"}', false);
    await expect.poll(() => editorText(page, 'text')).toBe('SELECT * FROM u\n');
    expect(await editorText(page, 'json')).toBe('{"from": "u"}');
    await paste(page, 'json', '{"from":"t","limit":}');
    await expect.poll(() => page.getByTestId('diagnostics').innerText()).toContain('does not read');
    expect(await editorText(page, 'json')).toBe('{"from":"t","limit":}');

    // A long line of JSON (indent 0) wraps: nothing is hidden past the pane's right edge.
    await page.getByRole('combobox', { name: 'indent', exact: true }).selectOption('0');
    await replaceText(page, 'text', `SELECT ${Array.from({ length: 40 }, (_, i) => `col${i}`).join(', ')} FROM t`, false);
    await expect.poll(() => editorText(page, 'json')).toContain('col39');
    const overflow = await page.evaluate<{ scroll: number; client: number; lines: number }>(`(() => {
      const s = document.querySelector('[data-testid="json"] .cm-scroller');
      const line = document.querySelector('[data-testid="json"] .cm-line');
      return { scroll: s.scrollWidth, client: s.clientWidth, lines: Math.round(line.getBoundingClientRect().height / parseFloat(getComputedStyle(line).lineHeight)) };
    })()`);
    expect(overflow.scroll).toBeLessThanOrEqual(overflow.client);
    expect(overflow.lines).toBeGreaterThan(1);

    // Lint errors: the JSON is there, but the status says there is something wrong, not in green.
    const status = page.getByTestId('diagnostics');
    await replaceText(page, 'text', 'SELECT a FROM t WHERE b = NULL', false);
    await expect.poll(() => status.innerText()).toBe('One statement compiled, but lint finds an error (see Lint below).');
    expect(await page.getByTestId('lint').innerText()).toContain('null-comparison');
    expect(await status.getAttribute('class')).toBe('warn');
    const colours = await page.evaluate<string[]>(
      `[getComputedStyle(document.getElementById('diagnostics')).borderLeftColor, getComputedStyle(document.documentElement).getPropertyValue('--ok').trim()]`,
    );
    expect(colours[0]).not.toBe('rgb(11, 110, 79)');
    await page.getByTestId('lint').getByRole('button', { name: /^Fix:/ }).click();
    await expect.poll(() => status.innerText()).toBe('One statement compiled.');
    expect(await status.getAttribute('class')).toBe('ok');
    await page.close();
  });

  it('completes keywords and functions without a schema', async () => {
    const page = await open();
    expect(await page.getByRole('combobox', { name: 'Schema', exact: true }).inputValue()).toBe('none');
    await replaceText(page, 'text', 'SELECT a FROM t WH', true);
    const options = page.locator('.cm-tooltip-autocomplete li');
    // It opens as you type.
    await expect.poll(() => options.allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('WHERE')]));
    await page.waitForTimeout(150);
    await page.keyboard.press('Enter');
    await expect.poll(() => editorText(page, 'text')).toBe('SELECT a FROM t WHERE');
    await page.keyboard.type(' b > 1 GROUP BY b HAVING co');
    await page.keyboard.press('Control+Space');
    await expect.poll(() => options.allInnerTexts()).toEqual(expect.arrayContaining([expect.stringMatching(/^COUNT\s*aggregate, 1 argument/)]));
    await page.locator('.cm-tooltip-autocomplete li', { hasText: /^COUNT\s*aggregate/ }).click();
    await expect.poll(() => editorText(page, 'text')).toBe('SELECT a FROM t WHERE b > 1 GROUP BY b HAVING COUNT(');
    // Not inside a string.
    await page.keyboard.type("*) > 1 AND b = 'wh");
    await page.keyboard.press('Control+Space');
    await page.waitForTimeout(200);
    expect(await options.count()).toBe(0);
    await page.close();
  });

  it('made no request outside the file system, and no page error', () => {
    expect(requests.length).toBeGreaterThan(10);
    expect(requests.filter((r) => !r.startsWith('file://') && !r.startsWith('data:') && !r.startsWith('blob:'))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
