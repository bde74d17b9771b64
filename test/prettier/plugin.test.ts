import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import * as dsqApi from '../../src/index.js';
import plugin from '../../src/prettier/index.js';
import { runCli } from '../helpers/cli.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const EXAMPLES = readdirSync(`${ROOT}examples`).filter((f) => f.endsWith('.dsq'));

const pretty = (text: string, options: prettier.Options = {}) => prettier.format(text, { parser: 'dsq', plugins: [plugin], ...options });

describe('the Prettier plugin (dsq/prettier)', () => {
  it('formats every example exactly like dsq fmt', async () => {
    expect(EXAMPLES.length).toBeGreaterThan(10);
    for (const file of EXAMPLES) {
      const text = readFileSync(`${ROOT}examples/${file}`, 'utf8');
      const cli = await runCli(['fmt', `examples/${file}`], { cwd: ROOT });
      expect(cli.code, file).toBe(0);
      expect(await pretty(text), file).toBe(cli.out);
    }
  });

  it('reads printWidth, tabWidth and keywordCase as dsq fmt reads --width, --indent, --keyword-case', async () => {
    for (const file of EXAMPLES) {
      const text = readFileSync(`${ROOT}examples/${file}`, 'utf8');
      for (const [width, indent, keywordCase] of [
        [40, 4, 'lower'],
        [120, 2, 'preserve'],
        [30, 0, 'upper'],
      ] as const) {
        const cli = await runCli(['fmt', '--width', String(width), '--indent', String(indent), '--keyword-case', keywordCase, `examples/${file}`], {
          cwd: ROOT,
        });
        expect(await pretty(text, { printWidth: width, tabWidth: indent, keywordCase } as prettier.Options), `${file} ${width} ${indent} ${keywordCase}`).toBe(
          cli.out,
        );
      }
    }
  });

  it("reads the file's dsq.config.json (width, keyword and function case, indent, tabs, overrides): prettier --check and dsq fmt --check agree (issue 27)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dsq-prettier-config-'));
    try {
      writeFileSync(
        join(dir, 'dsq.config.json'),
        JSON.stringify({ width: 40, keywordCase: 'lower', functionCase: 'lower', indent: 4, overrides: [{ files: 'tabs/**', useTabs: true }] }),
      );
      mkdirSync(join(dir, 'tabs'));
      const text = 'SELECT region, SUM(price * qty) AS revenue FROM sales.orders WHERE qty > 1 AND price > 2\n';
      for (const file of ['q.dsq', 'tabs/q.dsq']) {
        writeFileSync(join(dir, file), text);
        const cli = await runCli(['fmt', file], { cwd: dir });
        // Prettier's own options (its defaults here) do not win over the config.
        const out = await prettier.format(text, { filepath: join(dir, file), plugins: [plugin], printWidth: 80, tabWidth: 2 });
        expect(out, file).toBe(cli.out);
        expect(out, file).toMatch(/^select\n/);
        writeFileSync(join(dir, file), out);
        expect(await prettier.check(out, { filepath: join(dir, file), plugins: [plugin] }), file).toBe(true);
        expect((await runCli(['fmt', '--check', file], { cwd: dir })).code, file).toBe(0);
      }
      expect(readFileSync(join(dir, 'tabs', 'q.dsq'), 'utf8')).toContain('\n\tregion,');
      // A config with errors is Prettier's error, naming the file.
      writeFileSync(join(dir, 'dsq.config.json'), '{ "width": 5 }');
      await expect(prettier.format(text, { filepath: join(dir, 'q.dsq'), plugins: [plugin] })).rejects.toThrow(
        /dsq\.config\.json:1:12: error: "width" must be a whole number from 20 to 1000/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is picked for .dsq files by their extension', async () => {
    const out = await prettier.format('select a,b from t', { filepath: 'q.dsq', plugins: [plugin] });
    expect(out).toBe('SELECT a, b FROM t\n');
    const info = await prettier.getFileInfo('q.dsq', { plugins: [plugin] });
    expect(info.inferredParser).toBe('dsq');
  });

  it("keeps the line breaks inside string literals (Prettier's endOfLine, when not lf, applies to every line break)", async () => {
    const text = "select 'a\nb' from t;\nselect 1\n";
    expect(await pretty(text)).toBe("SELECT 'a\nb' FROM t;\n\nSELECT 1\n");
    // Prettier core writes its endOfLine for every \n of the output, string literals included.
    expect(await pretty(text, { endOfLine: 'crlf' })).toBe("SELECT 'a\r\nb' FROM t;\r\n\r\nSELECT 1\r\n");
  });

  it('reports a text that does not parse as a Prettier syntax error with its location', async () => {
    const error = await pretty('SELECT a\nFROM t JOIN u ON a = b').then(
      () => null,
      (e: unknown) => e as SyntaxError & { loc?: unknown },
    );
    expect(error).toBeInstanceOf(SyntaxError);
    expect(error?.loc).toEqual({ start: { line: 2, column: 15 }, end: { line: 2, column: 23 } });
    expect(error?.message).toMatch(/^JOIN \.\.\. ON is not supported.*\(2:15\)/);
    expect(error?.message).toContain('> 2 | FROM t JOIN u ON a = b');
  });
});

describe('dsq`...` templates in TypeScript (the embed hook)', () => {
  const source = readFileSync(`${ROOT}test/prettier/fixtures/templates.ts.txt`, 'utf8');

  it('formats the templates in place', async () => {
    const out = await prettier.format(source, { parser: 'typescript', plugins: [plugin] });
    expect(out).toContain(
      'export const a = dsq`\n  SELECT id, amount\n  FROM orders\n  WHERE\n    amount > ${min}\n    AND status IN ${["paid", "open"]}\n    AND EXISTS ${sub}\n`;',
    );
    // The line break inside the string literal is data: no indentation is added after it.
    expect(out).toContain("export const b = dsq`\n  SELECT * FROM orders AS o WHERE o.note = 'two\n lines' AND o.id = ${min + 1} -- a comment\n`;");
    // Backslashes, backticks and ${ in the static text are escaped again.
    expect(out).toContain("'tick \\` slash \\\\ dollar \\${x}' AS s");
    expect(out).toContain('const sub = dsq`SELECT 1 FROM t`;');
    // Left alone: a template that does not parse, dsq.expr, another tag.
    expect(out).toContain('export const d = dsq`SELECT FROM (`;');
    expect(out).toContain('export const e = dsq.expr`a   +   ${min}`;');
    expect(out).toContain('export const f = sql`select   1`;');
    // Formatting again changes nothing.
    expect(await prettier.format(out, { parser: 'typescript', plugins: [plugin] })).toBe(out);
  });

  it('never changes what a template builds', async () => {
    const out = await prettier.format(source, { parser: 'typescript', plugins: [plugin], keywordCase: 'lower', printWidth: 40 } as prettier.Options);
    expect(out).not.toBe(source);
    const built = async (ts: string) => {
      // d does not parse (it would throw when built): left out.
      const module = ts
        .replace(/^import .*$/m, '')
        .replace(/^export const d = .*$/m, '')
        .replace(/^export /gm, '');
      const js = (await transform(module, { loader: 'ts', format: 'esm' })).code;
      const run = new Function('dsq', `${js}\nreturn [a, b, c(7), sub].map((q) => q.toJson());`);
      return run(dsqApi.dsq) as unknown[];
    };
    expect(await built(out)).toEqual(await built(source));
  });
});
