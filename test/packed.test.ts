import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedApi } from './helpers/api-doc.js';
import { ENTRY_POINTS, type EntryPoint } from './helpers/api-names.js';

/**
 * The package as a user gets it: built once (tsup, with type files) into a staging copy of the
 * package, packed by `npm pack`, unpacked into a fresh project's node_modules (its dependencies
 * linked to ours: no network), and used from there through its public specifiers only: every name
 * docs/api.md lists is imported as ESM and as CommonJS, a consumer file is type-checked by tsc
 * against the packed types (ESM and CommonJS resolution), and the packed bin compiles a query.
 * Two bugs once lived on main for want of this: the type build failed (TS4023), and every
 * CommonJS entry threw a SyntaxError on load.
 */
const ROOT = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  main: string;
  module: string;
  types: string;
  bin: Record<string, string>;
  files: string[];
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  exports: Record<string, { import: { types: string; default: string }; require: { types: string; default: string } }>;
};
const SPECIFIERS = Object.keys(ENTRY_POINTS) as EntryPoint[];
const documented = documentedApi();

let stage: string;
let consumer: string;
let packed: string[];

function run(file: string, args: readonly string[], cwd: string, input?: string): string {
  return execFileSync(file, args, {
    cwd,
    encoding: 'utf8',
    input,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
}

beforeAll(() => {
  // The staging copy lives in our node_modules, so the built CLI and entries find their
  // dependencies while we build; the consumer lives elsewhere and gets links.
  stage = mkdtempSync(join(ROOT, 'node_modules', '.dsq-pack-'));
  for (const name of ['package.json', 'README.md', ...pkg.files.filter((f) => !f.startsWith('!') && f !== 'dist')]) {
    if (existsSync(join(ROOT, name))) cpSync(join(ROOT, name), join(stage, name), { recursive: true });
  }
  run(process.execPath, [join(ROOT, 'node_modules/tsup/dist/cli-default.js'), '--out-dir', join(stage, 'dist'), '--silent'], ROOT);
  // (--ignore-scripts: the build is done; prepack would build again.)
  const report = JSON.parse(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', stage], stage)) as {
    filename: string;
    files: { path: string }[];
  }[];
  const tarball = join(stage, report[0]!.filename);
  packed = report[0]!.files.map((f) => f.path).sort();

  consumer = mkdtempSync(join(tmpdir(), 'dsq-consumer-'));
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  mkdirSync(join(consumer, 'node_modules'));
  run('tar', ['-xzf', tarball, '-C', join(consumer, 'node_modules')], consumer);
  renameSync(join(consumer, 'node_modules', 'package'), join(consumer, 'node_modules', pkg.name));
  for (const dep of [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies), '@types/node']) {
    const link = join(consumer, 'node_modules', dep);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', dep), link, 'dir');
  }
}, 300_000);

afterAll(() => {
  if (stage) rmSync(stage, { recursive: true, force: true });
  if (consumer) rmSync(consumer, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('holds the build, the bin, the docs, the grammar files and the licence, and nothing else (no sources, tests, screenshots)', () => {
    const top = new Set(packed.map((p) => (p.includes('/') ? `${p.split('/')[0]}/` : p)));
    expect([...top].sort()).toEqual(['LICENSE', 'README.md', 'bin/', 'dist/', 'docs/', 'dsq.config.schema.json', 'grammar/', 'package.json']);
    expect(packed.filter((p) => /\.(ts|tsx|mts|cts)$/.test(p) && !/\.d\.c?ts$/.test(p))).toEqual([]);
    expect(packed).not.toContain('docs/playground.png');
    // The CLI ships once (bin/build-cli.cjs: dist/cli/current.json names its folder of one
    // bundle per command and the start), with no code cache (each install writes its own) and no builder.
    // (Sorted after the build's folder name is replaced: that name is random, and sorts either side of current.json.)
    expect(
      packed
        .filter((p) => p.startsWith('dist/cli/'))
        .map((p) => p.replace(/^dist\/cli\/[^/]+\//, 'dist/cli/BUILD/'))
        .sort(),
    ).toEqual([
      ...['check', 'compile', 'decompile', 'fmt', 'gen', 'lint', 'lsp', 'normalize', 'run', 'sql', 'start', 'types'].map((name) => `dist/cli/BUILD/${name}.js`),
      'dist/cli/current.json',
    ]);
    expect(packed.filter((p) => p.startsWith('bin/')).sort()).toEqual(['bin/dsq.js', 'bin/package.json']);
    expect(packed.filter((p) => p.startsWith('docs/rules/')).length).toBeGreaterThan(0);
    // Every file package.json points at is in it.
    const targets = [
      pkg.main,
      pkg.module,
      pkg.types,
      ...Object.values(pkg.bin),
      ...Object.values(pkg.exports).flatMap((e) => [e.import.types, e.import.default, e.require.types, e.require.default]),
    ];
    for (const target of targets) expect(packed, target).toContain(target.replace(/^\.\//, ''));
  });

  it.each(['import', 'require'] as const)('every documented value loads by its public specifier (%s), and nothing undocumented does', (how) => {
    const load =
      how === 'import'
        ? 'async (s) => Object.keys(await import(s))'
        : "async (s) => Object.keys((await import('node:module')).createRequire(import.meta.url)(s)).filter((k) => k !== '__esModule')";
    const code = `const load = ${load}; const out = {}; for (const s of ${JSON.stringify(SPECIFIERS)}) out[s] = (await load(s)).sort(); console.log(JSON.stringify(out));`;
    const loaded = JSON.parse(run(process.execPath, ['--input-type=module', '-e', code], consumer)) as Record<EntryPoint, string[]>;
    for (const specifier of SPECIFIERS) {
      expect(loaded[specifier], specifier).toEqual([...documented[specifier].values].sort());
    }
  });

  it('every documented name type-checks from the packed types, by ESM and CommonJS resolution, and so does what `dsq gen` writes; internals are not there', () => {
    const ids = (s: string) => s.replace(/\W/g, '_');
    // Each name imported by name (types under an alias: `Node` is in two entries); a name the
    // packed types lack is an error (TS2305).
    const imports = SPECIFIERS.map((s) => `import * as ${ids(s)} from '${s}';`).join('\n');
    const uses = SPECIFIERS.flatMap((s) => [
      `import { ${documented[s].values.map((v) => `${v} as ${ids(s)}__${v}`).join(', ')} } from '${s}';`,
      documented[s].types.length > 0 ? `import type { ${documented[s].types.map((t) => `${t} as ${ids(s)}__${t}`).join(', ')} } from '${s}';` : '',
      ...documented[s].values.map((v) => `void ${ids(s)}__${v};`),
    ]).join('\n');
    // A small program over the API, as a user writes it.
    const program = `
const statement: dsq.Statement = dsq.parse('SELECT a FROM t WHERE b = 1');
const json: string = dsq_json.toJson(statement);
const result: dsq.Result<dsq.Statement> = dsq_json.fromJsonResult(json);
if (!dsq.hasErrors(result.diagnostics)) void dsq.print(dsq.valueOrThrow(result));
const built: string = dsq.selectFrom('orders', 'o').where(dsq.col('amount').gt(5)).select('id').toJson();
const node: dsq_ast.Binary = dsq_ast.binary('=', dsq_ast.columnRef('a'), dsq_ast.num(1));
dsq_ast.visit(node, { column: (c: dsq_ast.ColumnRef) => void c.path });
const findings: readonly dsq_lint.LintDiagnostic[] = dsq_lint.lint('SELECT a FROM t').diagnostics;
const value: dsq_json.JsonValue = dsq_json.readSpecJson('{"a": 1}');
if (value.type === 'object') void value.get('a');
void dsq_prettier.default.languages;
void [built, findings];
// @ts-expect-error the kind table is not public
void dsq_ast.KINDS;
// @ts-expect-error the AST constructors are not in dsq
void dsq.binary;
// @ts-expect-error one home per name: the JSON writer is dsq/json's, the linter dsq/lint's
void [dsq.toJson, dsq.lint];
// @ts-expect-error and no name means two things: col is the builder's, dsq/ast has columnRef
void dsq_ast.col;
// @ts-expect-error the reader's classes are types, not values
void new dsq_json.JsonObject();
`;
    writeFileSync(join(consumer, 'esm.mts'), `${imports}\n${uses}\n${program}`);
    writeFileSync(join(consumer, 'cjs.cts'), `${imports}\n${uses}\n${program}`);
    // What `dsq gen` writes imports its runtime from 'dsq': it type-checks against the packed types.
    const bin = join(consumer, 'node_modules', pkg.name, pkg.bin.dsq as string);
    const project = join(ROOT, 'test', 'gen', 'project');
    run(
      process.execPath,
      [bin, 'gen', join(project, 'queries', '**', '*.dsq'), '--schema', join(project, 'schema.json'), '--out', join(consumer, 'queries.mts')],
      consumer,
    );
    expect(readFileSync(join(consumer, 'queries.mts'), 'utf8')).toMatch(/^import \{ prepareQuery\b.*\} from "dsq";$/m);
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          strict: true,
          noEmit: true,
          types: ['node'],
          skipLibCheck: false,
        },
        files: ['esm.mts', 'cjs.cts', 'queries.mts'],
      }),
    );
    let out = '';
    try {
      run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.'], consumer);
    } catch (err) {
      out = String((err as { stdout?: string }).stdout ?? err);
    }
    expect(out).toBe('');
  });

  it('its bin compiles a query', () => {
    const json = run(
      process.execPath,
      [join(consumer, 'node_modules', pkg.name, pkg.bin.dsq as string), 'compile', '-'],
      consumer,
      'SELECT a FROM t WHERE b = 1',
    );
    expect(Object.keys(JSON.parse(json) as object)).toEqual(['columns', 'from', 'where']);
  });
});
