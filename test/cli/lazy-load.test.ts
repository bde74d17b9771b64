import { build, type Metafile } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliBuildOptions, START } from '../../bin/build-cli.cjs';
import { COMMANDS } from '../../src/cli/commands.js';
import { builtCheckout } from '../helpers/spawn-cli.js';

/**
 * A command loads only what it uses (issue 32): the CLI as bin/build-cli.cjs builds it (esbuild:
 * one bundle per command, the others' import() in src/cli/commands.ts left out, and the start,
 * with no command), and for each bundle the source files it is built from: all a run of that
 * command can load.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const metafiles = new Map<string, Metafile>();
const found = new Set<string>();

beforeAll(async () => {
  const names = [START, ...COMMANDS.map((c) => c.name)];
  const built = await Promise.all(names.map((name) => build(cliBuildOptions(ROOT, name, found))));
  names.forEach((name, i) => metafiles.set(name, (built[i] as { metafile: Metafile }).metafile));
}, 120_000);

/** The source files of a bundle (a command's name, or START). */
function loaded(name: string): string[] {
  const metafile = metafiles.get(name);
  if (metafile === undefined) throw new Error(`no bundle ${name}`);
  return Object.keys(metafile.inputs);
}

/** The packages a bundle imports (not Node's own). */
function packages(name: string): string[] {
  const metafile = metafiles.get(name) as Metafile;
  const all = Object.values(metafile.inputs).flatMap((input) => input.imports.filter((i) => i.external && !i.path.startsWith('node:')).map((i) => i.path));
  return [...new Set(all)].sort();
}

const commandFile = (name: string) => `src/cli/${name}.ts`;
const matching = (files: readonly string[], pattern: RegExp) => files.filter((f) => pattern.test(f));

describe("the CLI loads a command's code only when that command runs (issue 32)", () => {
  it('the build finds every command in src/cli/commands.ts', () => {
    expect([...found].sort()).toEqual(COMMANDS.map((c) => c.name).sort());
  });

  it('every run of no command (--version, --help) loads no command module, no parser and no config reader beyond the one its errors need', () => {
    // (src/config/read-file.ts is how every file is read, with no import of its own; src/config/
    // index.ts is imported by main.ts with import() when a command failed, to say a config error.)
    const start = loaded(START);
    expect(start.length).toBeLessThan(40);
    expect(start.filter((f) => COMMANDS.some((c) => f === commandFile(c.name)))).toEqual([]);
    expect(matching(start, /^src\/(syntax|print|lint|lsp|gen|run|sql)\//)).toEqual([]);
  });

  it('each command has a bundle of its own, with its module and no other command', () => {
    for (const c of COMMANDS) {
      const files = loaded(c.name);
      expect(files, c.name).toContain(commandFile(c.name));
      // (check runs fmt's and lint's code: it imports them itself.)
      const others = COMMANDS.filter((o) => o.name !== c.name && !(c.name === 'check' && (o.name === 'fmt' || o.name === 'lint')));
      expect(
        files.filter((f) => others.some((o) => f === commandFile(o.name))),
        c.name,
      ).toEqual([]);
    }
  });

  it('compile loads neither the language server, gen, run, sql, the formatter nor the lint rules beyond its own two', () => {
    const compile = loaded('compile');
    expect(compile).toContain('src/syntax/parse.ts');
    expect(matching(compile, /^src\/(lsp|gen|run|sql)\/|^src\/print\/format\.ts$|^src\/lint\/registry\.ts$/)).toEqual([]);
    // (suppression-comment: the rule runner reads `-- dsq-disable` comments with it.)
    expect(matching(compile, /^src\/lint\/rules\//).sort()).toEqual([
      'src/lint/rules/quoted-text.ts',
      'src/lint/rules/suppression-comment.ts',
      'src/lint/rules/unknown-function.ts',
    ]);
  });

  it('compile and fmt of one file load no glob or ignore-file package (a walk, a glob or a config with overrides imports them with import())', () => {
    for (const name of ['compile', 'fmt']) {
      const metafile = metafiles.get(name) as Metafile;
      const staticImports = Object.values(metafile.inputs).flatMap((input) =>
        input.imports.filter((i) => i.external && i.kind === 'import-statement').map((i) => i.path),
      );
      expect(
        staticImports.filter((p) => p === 'tinyglobby' || p === 'ignore' || p === 'picomatch'),
        name,
      ).toEqual([]);
    }
  });

  it('fmt loads neither the language server, gen, run, sql nor the lint rules', () => {
    expect(matching(loaded('fmt'), /^src\/(lsp|gen|run|sql|lint)\//)).toEqual([]);
  });

  it('run and sql load neither the language server, gen nor the lint rules; an engine loads when a run opens it', () => {
    for (const name of ['run', 'sql']) {
      expect(matching(loaded(name), /^src\/(lsp|gen)\/|^src\/lint\/registry\.ts$/), name).toEqual([]);
    }
    const inputs = (metafiles.get('run') as Metafile).inputs;
    const importsOfDuckDb = Object.values(inputs).flatMap((input) => input.imports.filter((i) => i.path === 'src/run/duckdb.ts').map((i) => i.kind));
    expect(importsOfDuckDb).toEqual(['dynamic-import']);
  });

  it('no bundle imports Chevrotain (the grammar tools use it; dsq runs without it)', () => {
    for (const name of metafiles.keys())
      expect(
        packages(name).filter((p) => p.startsWith('chevrotain')),
        name,
      ).toEqual([]);
  });

  it("a run writes its output without Node's stream and net modules (process.stdout makes them: a twentieth of node -e 0's start-up)", () => {
    const dir = mkdtempSync(join(tmpdir(), 'dsq-modules-'));
    try {
      const hook = join(dir, 'hook.cjs');
      const list = join(dir, 'modules.json');
      writeFileSync(hook, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, JSON.stringify(process.moduleLoadList)));\n`);
      writeFileSync(join(dir, 'small.dsq'), "SELECT id FROM orders WHERE status = 'paid'\n");
      const cases: [string[], RegExp][] = [
        [['--version'], /^dsq \d/],
        [['compile', join(dir, 'small.dsq')], /"from": "orders"/],
        [['fmt', join(dir, 'small.dsq')], /^SELECT id FROM orders/],
        [['compile', join(dir, 'missing.dsq')], /^$/],
      ];
      for (const [args, out] of cases) {
        const r = spawnSync(process.execPath, ['-r', hook, join(builtCheckout(), 'bin', 'dsq.js'), ...args], {
          encoding: 'utf8',
          env: { ...process.env, NODE_OPTIONS: '' },
        });
        expect(r.stdout, args.join(' ')).toMatch(out);
        if (args[1] === join(dir, 'missing.dsq')) expect(r.stderr).toMatch(/^dsq compile: cannot read .*missing\.dsq: no such file\n$/);
        const loaded = JSON.parse(readFileSync(list, 'utf8')) as string[];
        expect(
          loaded.filter((m) => /^NativeModule (net|stream|tty|internal\/streams\/readable|internal\/fs\/sync_write_stream)$/.test(m)),
          args.join(' '),
        ).toEqual([]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
