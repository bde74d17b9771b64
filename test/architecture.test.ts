import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The layers of src (docs/architecture.md): a folder imports only from folders in layers below
 * its own, so no import runs back up and the folders have no cycle. Imports are read with
 * TypeScript's own pre-processor (static imports, re-exports, `import type`, dynamic `import()`).
 * `index` is src/index.ts, the package root.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['cli'],
  ['lsp', 'prettier', 'run'],
  ['index'],
  ['gen', 'sql'],
  ['params'],
  ['lint', 'builder'],
  ['print', 'schema', 'config'],
  ['syntax', 'json'],
  ['spec'],
  ['ast'],
  ['diagnostic'],
];

const ROOT = join(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');
const levelOf = new Map<string, number>(LAYERS.flatMap((folders, i) => folders.map((f) => [f, LAYERS.length - i] as const)));

function sourceFiles(): string[] {
  const out: string[] = [];
  const stack = [SRC];
  while (stack.length > 0) {
    const dir = stack.pop() as string;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) stack.push(path);
      else if (entry.name.endsWith('.ts')) out.push(path);
    }
  }
  return out.sort();
}

/** The folder of src a path is in ('index' for src/index.ts), or null outside src. */
function folderOf(path: string): string | null {
  const rel = relative(SRC, path);
  if (rel.startsWith('..')) return null;
  const parts = rel.split('/');
  return parts.length === 1 ? 'index' : (parts[0] as string);
}

interface Edge {
  readonly from: string;
  readonly to: string;
  readonly file: string;
  readonly specifier: string;
}

function edges(): Edge[] {
  const out: Edge[] = [];
  for (const file of sourceFiles()) {
    const from = folderOf(file) as string;
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const imported of info.importedFiles) {
      if (!imported.fileName.startsWith('.')) continue;
      const to = folderOf(resolve(dirname(file), imported.fileName));
      if (to === null) throw new Error(`${relative(ROOT, file)} imports ${imported.fileName}, outside src`);
      if (to !== from) out.push({ from, to, file: relative(ROOT, file), specifier: imported.fileName });
    }
  }
  return out;
}

/** The imports that do not go down a layer. */
const upward = (es: readonly Edge[]) => es.filter((e) => (levelOf.get(e.to) as number) >= (levelOf.get(e.from) as number));

describe('the layers of src (docs/architecture.md)', () => {
  const all = edges();

  it('every folder of src has a layer', () => {
    const folders = new Set(sourceFiles().map((f) => folderOf(f) as string));
    expect([...folders].filter((f) => !levelOf.has(f))).toEqual([]);
    expect([...levelOf.keys()].filter((f) => !folders.has(f))).toEqual([]);
  });

  it('reads the imports, and the check catches an import back up or sideways', () => {
    expect(all.length).toBeGreaterThan(100);
    expect(all.some((e) => e.from === 'cli' && e.to === 'syntax')).toBe(true);
    const made = (from: string, to: string): Edge => ({ from, to, file: `src/${from}/x.ts`, specifier: `../${to}/y.js` });
    expect(upward([made('syntax', 'lint'), made('lint', 'builder'), made('lint', 'syntax')])).toHaveLength(2);
  });

  it('no import runs back up: each folder imports only from layers below its own', () => {
    expect(upward(all).map((e) => `${e.file} (${e.from}) imports ${e.specifier} (${e.to})`)).toEqual([]);
  });

  it('the picture in docs/architecture.md shows these layers, top down', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
    const picture = /<!-- layers -->\n```text\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
    const rows = picture
      .split('\n')
      .filter((l) => /^\s*\|/.test(l))
      .map((l) => (/^\s*\|\s*([a-z]+(?: · [a-z]+)*)\s/.exec(l)?.[1] ?? '').split(' · '));
    expect(rows).toEqual(LAYERS.map((l) => [...l]));
  });

  it('the import graph in docs/architecture.md is the real one', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
    const graph = /<!-- imports -->\n```text\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
    const real = new Map<string, Set<string>>();
    for (const e of all) (real.get(e.from) ?? real.set(e.from, new Set()).get(e.from))?.add(e.to);
    const lines = LAYERS.flat()
      .filter((f) => real.has(f))
      .map(
        (f) =>
          `${f} -> ${[...(real.get(f) as Set<string>)].sort((a, b) => (levelOf.get(b) as number) - (levelOf.get(a) as number) || a.localeCompare(b)).join(' ')}`,
      );
    expect(graph.trimEnd().split('\n')).toEqual(lines);
  });
});
