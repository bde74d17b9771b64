import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { configSchemaText } from '../../src/cli/config-schema-text.js';
import { CONFIG_SETTINGS, OVERRIDE_SETTINGS, parseConfigResult } from '../../src/config/index.js';
import { runCli } from '../helpers/cli.js';
import { validate } from '../helpers/json-schema.js';
import { runs } from '../helpers/runs.js';

/**
 * dsq.config.schema.json, the JSON Schema the package ships for dsq.config.json (issue 27):
 * written from the config reader's own table of settings, so the two list the same keys; the
 * configs of the repository and of the docs pass both; and on random configs the reader and
 * the schema agree on what is valid.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const SCHEMA = JSON.parse(readFileSync(join(ROOT, 'dsq.config.schema.json'), 'utf8')) as Record<string, unknown> & {
  properties: Record<string, unknown>;
  definitions: { override: { properties: Record<string, unknown> } };
};
const readerAccepts = (text: string) => {
  const r = parseConfigResult(text, join(ROOT, 'dsq.config.json'));
  return r.value !== undefined && !r.diagnostics.some((d) => d.severity === 'error');
};
const schemaAccepts = (text: string) => validate(JSON.parse(text), SCHEMA).length === 0;

describe('dsq.config.schema.json', () => {
  it('is what `npm run config-schema` writes from the settings table and the rules', () => {
    expect(readFileSync(join(ROOT, 'dsq.config.schema.json'), 'utf8'), 'run npm run config-schema').toBe(configSchemaText());
  });

  it('lists exactly the settings the config reader accepts, and those an entry of "overrides" may hold', () => {
    expect(Object.keys(SCHEMA.properties)).toEqual(Object.keys(CONFIG_SETTINGS));
    expect(Object.keys(SCHEMA.definitions.override.properties)).toEqual(['files', 'excludedFiles', ...OVERRIDE_SETTINGS]);
    // Each is a setting the reader knows: a bad value of it is a bad value, not an unknown setting.
    for (const key of Object.keys(CONFIG_SETTINGS)) {
      const r = parseConfigResult(JSON.stringify({ [key]: [[]] }), '/p/dsq.config.json');
      expect(r.diagnostics.map((d) => d.message).join('\n'), key).not.toMatch(/unknown setting/);
    }
    expect(parseConfigResult('{ "colour": 1 }', '/p/dsq.config.json').diagnostics[0]?.message).toMatch(/^unknown setting "colour"/);
    expect(schemaAccepts('{ "colour": 1 }')).toBe(false);
  });

  it('the configs of the repository and the config examples of the docs are valid for the reader and the schema', () => {
    const configs: string[] = [];
    const stack = [ROOT];
    while (stack.length > 0) {
      const dir = stack.pop() as string;
      for (const name of readdirSync(dir)) {
        if (name === 'node_modules' || name.startsWith('.')) continue;
        const path = join(dir, name);
        if (statSync(path).isDirectory()) stack.push(path);
        else if (name === 'dsq.config.json') configs.push(path);
      }
    }
    expect(configs.map((c) => relative(ROOT, c))).toContain(join('examples', 'readme', 'dsq.config.json'));
    const docs = [
      'README.md',
      ...readdirSync(join(ROOT, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => join('docs', f)),
    ];
    const blocks = docs.flatMap((f) =>
      [...readFileSync(join(ROOT, f), 'utf8').matchAll(/^```json\n([\s\S]*?)^```$/gm)].map((m) => ({ where: f, text: m[1] as string })),
    );
    const configBlocks = blocks.filter((b) => Object.keys(JSON.parse(b.text) as object).every((k) => k in CONFIG_SETTINGS));
    expect(configBlocks.length).toBeGreaterThan(2);
    for (const { where, text } of [...configs.map((c) => ({ where: c, text: readFileSync(c, 'utf8') })), ...configBlocks]) {
      expect(validate(JSON.parse(text), SCHEMA), where).toEqual([]);
      expect(readerAccepts(text), where).toBe(true);
    }
  });

  it('property: the reader and the schema agree on random configs', () => {
    const rule = 'null-comparison';
    const values: Record<string, unknown[]> = {
      $schema: ['./dsq.config.schema.json', 5],
      root: [true, false, 'yes'],
      width: [20, 80, 1000, 19, 1001, 100.5, '80', null],
      indent: [0, 2, 16, 17, -1, 1.5],
      keywordCase: ['upper', 'lower', 'preserve', 'Upper', 1],
      functionCase: ['upper', 'lower', 'preserve', 'title'],
      useTabs: [true, false, 0],
      schema: ['schema.json', '', 3],
      rules: [
        { [rule]: 'off' },
        { [rule]: ['error', {}] },
        { [rule]: ['error', { max: 1 }] },
        { [rule]: 'loud' },
        { [rule]: ['error'] },
        { [rule]: ['error', 1] },
        [],
        'off',
      ],
      ignore: [[], ['legacy/'], ['a', '!b.dsq'], [''], 'legacy/', [1]],
      overrides: [
        [{ files: '*.dsq', width: 100 }],
        [{ files: ['a/**'], excludedFiles: 'a/b.dsq', rules: { [rule]: 'off' }, keywordCase: 'lower' }],
        [{ files: [] }],
        [{ width: 100 }],
        [{ files: 'a', root: true }],
        [{ files: 'a', gen: {} }],
        [{ files: '' }],
        [],
        {},
        ['x'],
      ],
      gen: [
        { include: 'q/**/*.dsq', out: 'q.ts' },
        { include: ['a', 'b'], schema: 's.json', import: 'dsq' },
        {},
        { include: [] },
        { out: '' },
        { other: 1 },
        'q',
      ],
      docsUrl: ['https://example.com/rules/', '', 5],
      nonsense: [1],
    };
    const arbConfig = fc
      .subarray(Object.keys(values), { minLength: 0, maxLength: 5 })
      .chain((keys) => fc.tuple(...keys.map((k) => fc.constantFrom(...(values[k] as unknown[])).map((v) => [k, v] as const))))
      .map((entries) => JSON.stringify(Object.fromEntries(entries)));
    fc.assert(
      fc.property(arbConfig, (text) => {
        expect(schemaAccepts(text), text).toBe(readerAccepts(text));
      }),
      { numRuns: runs(2000) },
    );
  });

  it('dsq reads a config with "$schema" (examples/readme: dsq gen alone regenerates its module)', async () => {
    const r = await runCli(['gen', '--check'], { cwd: join(ROOT, 'examples', 'readme') });
    expect(r).toEqual({ code: 0, out: '', err: '' });
  });
});
