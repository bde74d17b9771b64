import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import * as example from '../../../examples/builder-actions.js';
import { toJson } from '../../../src/json/index.js';
import { parse } from '../../../src/syntax/index.js';
import { ROOT, errorsByLine, languageService, shownMistakes } from '../../helpers/typescript.js';

/**
 * The typed actions of docs/builder.md ("Typed actions"), which shows examples/builder-actions.ts:
 * the block is the file, each action prints the text its comment shows and that text compiles to
 * the action's JSON, the record type is what the comment says, and each mistake the comments list
 * is a compile error with the message shown (compiled through the TypeScript API, as the tour's).
 */
const FILE = join(ROOT, 'examples', 'builder-actions.ts');
const fileText = readFileSync(FILE, 'utf8');

/** The mistakes: `// db...` then `//   → message`, after the line that introduces them. */
const mistakes = shownMistakes(fileText, '// Mistakes are compile errors', '// What escapes the compiler');
const PROBE = join(ROOT, 'examples', '__builder-actions-probe.ts');
const HEAD = [
  "import { builder, recordKey } from '../src/index.js';",
  "import { SchemaFieldLabels, SchemaFields, type Schema, type SchemaDefaults, type SchemaFeatures, type SchemaKeys, type SchemaLabels } from './shop.schema.js';",
  'const db = builder<Schema, SchemaLabels, SchemaDefaults, SchemaFeatures, SchemaKeys>(SchemaFields, SchemaFieldLabels);',
];
const PROBE_TEXT = [...HEAD, ...mistakes.map((m) => `${m.code};`), ''].join('\n');
let errors: Map<number, string[]>;

beforeAll(() => {
  const byLine = errorsByLine(languageService({ [PROBE]: PROBE_TEXT }), PROBE);
  errors = new Map([...byLine].map(([line, messages]) => [line, messages.map((m) => m.replaceAll('\\"', '"'))]));
}, 120_000);

describe('typed actions (docs/builder.md, examples/builder-actions.ts)', () => {
  it('docs/builder.md shows the example verbatim (importing from "dsq")', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'builder.md'), 'utf8');
    const section = /<!-- section:typed-actions -->([\s\S]*?)<!-- \/section:typed-actions -->/.exec(doc)?.[1] ?? '';
    expect(/```ts\n([\s\S]*?)```/.exec(section)?.[1]).toBe(fileText.replace("from '../src/index.js'", "from 'dsq'"));
  });

  it.each([
    ['insert', example.insertText, example.insert.toJson()],
    ['replace', example.replace.toText(), example.replace.toJson()],
    ['sync', example.sync.toText(), example.sync.toJson()],
    ['update', example.update.toText(), example.update.toJson()],
    ['remove', example.remove.toText(), example.remove.toJson()],
    ['fetch', example.fetch.toText(), example.fetch.toJson()],
  ])('%s prints what its comment shows, and that text compiles to its JSON', (name, text, json) => {
    const lines = fileText.split('\n');
    const at = lines.findIndex((l) => l.startsWith(`export const ${name === 'insert' ? 'insertText' : name} =`));
    const after = lines.slice(at + 1);
    const start = after.findIndex((l) => !/^\s|^\s*\./.test(l) && !l.startsWith('export type'));
    const shown: string[] = [];
    for (const l of after.slice(start)) {
      if (!l.startsWith('// ') || l.startsWith('// {')) break;
      shown.push(l.slice(3));
    }
    expect(text).toBe(shown.join('\n'));
    expect(toJson(parse(text))).toBe(json);
  });

  it("the fetched record type is the comment's", () => {
    expectTypeOf<Omit<example.FetchedOrder, 'children'>>().toEqualTypeOf<{ id: bigint; amount: number | null; record_id: bigint; database_id: number }>();
    expectTypeOf<keyof NonNullable<example.FetchedOrder['children']>>().toEqualTypeOf<'lines'>();
  });

  it('what escapes the compiler is a run-time error', () => {
    expect(example.runTimeError).toBe(fileText.trimEnd().split('\n').at(-1)?.slice(3));
  });

  it('lists at least 7 mistakes', () => {
    expect(mistakes.length).toBeGreaterThanOrEqual(7);
  });

  it.each(mistakes.map((m, i) => [m.code, m, i] as const))('%s is an error that says so', (_, m, i) => {
    const got = errors.get(HEAD.length + i) ?? [];
    expect(got.join('\n')).toContain(m.message);
  });

  it('no other line of the probe has an error', () => {
    expect([...errors.keys()].filter((l) => l < HEAD.length || l >= HEAD.length + mistakes.length)).toEqual([]);
  });
});
