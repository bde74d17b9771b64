import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiNames, ENTRY_POINTS, type EntryNames, type EntryPoint } from './helpers/api-names.js';
import { documentedApi } from './helpers/api-doc.js';

/**
 * The public API is what docs/api.md lists: each entry point's values and types, one line each.
 * The entry files list their names one by one (no `export *`), so a new export is a decision,
 * and this test makes it a documented one (and a dropped one, a documented drop).
 */
const ROOT = join(import.meta.dirname, '..');
let actual: Record<EntryPoint, EntryNames>;
const documented = documentedApi();

beforeAll(() => {
  actual = apiNames();
}, 60_000);

describe('docs/api.md and the entry points', () => {
  it('documents every entry point the package exports, and no other', () => {
    expect(Object.keys(documented).sort()).toEqual(Object.keys(ENTRY_POINTS).sort());
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    expect(
      Object.keys(pkg.exports)
        .map((k) => (k === '.' ? 'dsq' : `dsq/${k.slice(2)}`))
        .sort(),
    ).toEqual(Object.keys(ENTRY_POINTS).sort());
  });

  it.each(Object.keys(ENTRY_POINTS) as EntryPoint[])('%s: every exported name is documented, and every documented name is exported', (entry) => {
    const doc = documented[entry];
    const names = actual[entry];
    const undocumented = (kind: 'values' | 'types') => names[kind].filter((n) => !doc[kind].includes(n));
    const missing = (kind: 'values' | 'types') => doc[kind].filter((n) => !names[kind].includes(n));
    expect({ undocumentedValues: undocumented('values'), undocumentedTypes: undocumented('types') }).toEqual({ undocumentedValues: [], undocumentedTypes: [] });
    expect({ notExportedValues: missing('values'), notExportedTypes: missing('types') }).toEqual({ notExportedValues: [], notExportedTypes: [] });
    // The counts in the headings, and one line per name.
    expect(doc.counts).toEqual({ values: names.values.length, types: names.types.length });
    expect(new Set(doc.values).size).toBe(doc.values.length);
    expect(new Set(doc.types).size).toBe(doc.types.length);
  });

  it('every documented name has a line saying what it is', () => {
    for (const entry of Object.values(documented)) for (const [name, line] of entry.lines) expect(line, name).toMatch(/^.{8,}\.$/);
  });

  it('the entry files list their exports by name (no `export *`)', () => {
    for (const file of Object.values(ENTRY_POINTS)) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      expect(text, file).not.toMatch(/^\s*export\s+(type\s+)?\*/m);
    }
  });

  it('internals stay out: the kind table, operator levels, fix pass limit, reader classes, key folding', () => {
    const everything = new Set(Object.values(actual).flatMap((e) => [...e.values, ...e.types]));
    for (const name of [
      'KINDS',
      'OPERATORS',
      'PRIMARY',
      'precedenceOf',
      'Prec',
      'FOLDING_OPS',
      'foldLeft',
      'MAX_FIX_PASSES',
      'foldKey',
      'normaliseKey',
      'formatTextWith',
      'KEYWORD_NAMES',
      'LineIndex',
    ]) {
      expect(everything.has(name), name).toBe(false);
    }
    // The reader's classes are types only: a value is told apart by its `type`, never built with `new`.
    for (const name of ['JsonObject', 'JsonArray', 'JsonNumber']) {
      expect(actual['dsq/json'].values).not.toContain(name);
      expect(actual['dsq/json'].types).toContain(name);
    }
  });

  it('no name means two things: a name two entry points export is the same value or type in both', () => {
    const seen = new Map<string, { entry: EntryPoint; origin: string }>();
    const clashes: string[] = [];
    for (const [entry, names] of Object.entries(actual) as [EntryPoint, EntryNames][]) {
      for (const [name, origin] of names.origins) {
        const first = seen.get(name);
        if (first === undefined) seen.set(name, { entry, origin });
        else if (first.origin !== origin) clashes.push(`${name}: ${first.entry} and ${entry}`);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('no value name means two things at run time either (what auto-import would pick)', async () => {
    const modules = await Promise.all(
      Object.values(ENTRY_POINTS).map((file) => import(/* @vite-ignore */ join(ROOT, file)) as Promise<Record<string, unknown>>),
    );
    const first = new Map<string, unknown>();
    const clashes: string[] = [];
    for (const module of modules) {
      for (const [name, value] of Object.entries(module)) {
        if (!first.has(name)) first.set(name, value);
        else if (first.get(name) !== value) clashes.push(name);
      }
    }
    expect(clashes).toEqual([]);
  });

  it("two vocabularies, two namespaces: `dsq`'s col/fn/table are the builder's; `dsq/ast`'s constructors are named for their nodes", async () => {
    const root = await import('../src/index.js');
    const ast = await import('../src/ast/index.js');
    const builder = await import('../src/builder/index.js');
    for (const name of ['col', 'fn', 'table'] as const) {
      expect(root[name]).toBe(builder[name]);
      expect(name in ast, name).toBe(false);
    }
    expect(ast.columnRef('a')).toMatchObject({ kind: 'column', path: 'a' });
    // The AST constructors are not in `dsq` at all, under any name.
    for (const name of ['binary', 'num', 'str', 'select', 'visit', 'transform', 'columnRef', 'tableSource']) expect(name in root, name).toBe(false);
  });

  it('`dsq` does not repeat `dsq/lint` and `dsq/json`: each name has one entry point', () => {
    const root = new Set([...actual.dsq.values, ...actual.dsq.types]);
    for (const entry of ['dsq/lint', 'dsq/json'] as const) {
      const repeated = [...actual[entry].values, ...actual[entry].types].filter((n) => root.has(n));
      expect(repeated, entry).toEqual([]);
    }
  });
});
