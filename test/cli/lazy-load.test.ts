import { build, type BuildOptions, type Metafile } from 'esbuild';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a JavaScript module without types (bin/ is run by node as it is)
import { cliBuildOptions } from '../../bin/build-cli.mjs';
import { COMMANDS } from '../../src/cli/commands.js';

/**
 * A command loads only what it uses (issue 32): the CLI as bin/build-cli.mjs builds it (esbuild,
 * split into chunks: each module imported with import() starts a chunk of its own), and for each
 * command the source files of the chunks it loads, following static imports only.
 */
const ROOT = join(import.meta.dirname, '..', '..');
let outputs: Metafile['outputs'];

beforeAll(async () => {
  const result = await build(
    (cliBuildOptions as (root: string, outdir: string) => BuildOptions & { write: false; metafile: true })(
      ROOT,
      join(ROOT, 'node_modules', '.cache', 'dsq-lazy-load'),
    ),
  );
  outputs = result.metafile.outputs;
}, 60_000);

/** The source files a run loads once `entry` is imported (its chunk and every chunk that imports statically). */
function loaded(entry: string): string[] {
  const chunk = Object.entries(outputs).find(([, o]) => o.entryPoint === entry)?.[0];
  if (chunk === undefined) throw new Error(`no chunk starts at ${entry}`);
  const seen = new Set<string>();
  const todo = [chunk];
  while (todo.length > 0) {
    const path = todo.pop() as string;
    if (seen.has(path)) continue;
    seen.add(path);
    for (const i of outputs[path]?.imports ?? []) if (i.kind === 'import-statement' && !i.external) todo.push(i.path);
  }
  return [...seen].flatMap((path) => Object.keys(outputs[path]?.inputs ?? {}));
}

/** The packages a run loads once `entry` is imported (static imports of its chunks). */
function packages(entry: string): string[] {
  const chunk = Object.entries(outputs).find(([, o]) => o.entryPoint === entry)?.[0] as string;
  const seen = new Set<string>();
  const found = new Set<string>();
  const todo = [chunk];
  while (todo.length > 0) {
    const path = todo.pop() as string;
    if (seen.has(path)) continue;
    seen.add(path);
    for (const i of outputs[path]?.imports ?? []) {
      if (i.kind !== 'import-statement') continue;
      if (i.external) {
        if (!i.path.startsWith('node:')) found.add(i.path);
      } else todo.push(i.path);
    }
  }
  return [...found].sort();
}

const commandFile = (name: string) => `src/cli/${name}.ts`;
const matching = (files: readonly string[], pattern: RegExp) => files.filter((f) => pattern.test(f));

describe("the CLI loads a command's code only when that command runs (issue 32)", () => {
  it('every run (--version, --help) loads no command module, no parser and no config reader', () => {
    // (src/config/read-file.ts is how every file is read, with no import of its own.)
    const start = loaded('src/cli/process.ts');
    expect(start.length).toBeLessThan(30);
    expect(start.filter((f) => COMMANDS.some((c) => f === commandFile(c.name)))).toEqual([]);
    expect(matching(start, /^src\/(syntax|print|lint|lsp|gen|run|sql|config)\//)).toEqual(['src/config/read-file.ts']);
  });

  it('each command is a chunk of its own, imported on first use', () => {
    for (const c of COMMANDS) expect(loaded(commandFile(c.name)), c.name).toContain(commandFile(c.name));
  });

  it('compile loads neither the language server, gen, run, sql, the formatter nor the lint rules beyond its own two', () => {
    const compile = loaded(commandFile('compile'));
    expect(compile).toContain('src/syntax/parse.ts');
    expect(matching(compile, /^src\/(lsp|gen|run|sql)\/|^src\/print\/format\.ts$|^src\/lint\/registry\.ts$/)).toEqual([]);
    // (suppression-comment: the rule runner reads `-- dsq-disable` comments with it.)
    expect(matching(compile, /^src\/lint\/rules\//).sort()).toEqual([
      'src/lint/rules/quoted-text.ts',
      'src/lint/rules/suppression-comment.ts',
      'src/lint/rules/unknown-function.ts',
    ]);
  });

  it('compile and fmt of one file load no glob or ignore-file package (a walk, a glob or a config with overrides imports them)', () => {
    for (const name of ['compile', 'fmt']) {
      expect(
        packages(commandFile(name)).filter((p) => p === 'tinyglobby' || p === 'ignore' || p === 'picomatch'),
        name,
      ).toEqual([]);
    }
  });

  it('fmt loads neither the language server, gen, run, sql nor the lint rules', () => {
    expect(matching(loaded(commandFile('fmt')), /^src\/(lsp|gen|run|sql|lint)\//)).toEqual([]);
  });

  it('run and sql load neither the language server, gen nor the lint rules; an engine loads when a run opens it', () => {
    for (const name of ['run', 'sql']) {
      expect(matching(loaded(commandFile(name)), /^src\/(lsp|gen)\/|^src\/lint\/registry\.ts$/), name).toEqual([]);
    }
    expect(loaded(commandFile('run'))).not.toContain('src/run/duckdb.ts');
  });

  it("a checkout's first run builds the start and its own command: every other command is left out (bin/build-cli.mjs finds them in src/cli/commands.ts)", async () => {
    const leftOut = new Set<string>();
    const options = (
      cliBuildOptions as (root: string, outdir: string, commands: string[], leftOut: Set<string>) => BuildOptions & { write: false; metafile: true }
    )(ROOT, join(ROOT, 'node_modules', '.cache', 'dsq-lazy-load-compile'), ['compile'], leftOut);
    const inputs = Object.keys((await build(options)).metafile.inputs);
    expect([...leftOut].sort()).toEqual(
      COMMANDS.map((c) => c.name)
        .filter((n) => n !== 'compile')
        .sort(),
    );
    expect(inputs).toContain(commandFile('compile'));
    expect(matching(inputs, /^src\/(lsp|gen|run|sql)\/|^src\/cli\/(fmt|lint|lsp)\.ts$/)).toEqual([]);
  }, 60_000);

  it('no chunk imports Chevrotain (the grammar tools use it; dsq runs without it)', () => {
    const external = Object.values(outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path));
    expect(external.filter((p) => p.startsWith('chevrotain'))).toEqual([]);
  });
});
