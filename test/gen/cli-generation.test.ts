import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { builtCheckout } from '../helpers/spawn-cli.js';
import { moduleChecker } from '../helpers/typescript.js';

/**
 * Generation as a project uses it (issue 27): `dsq gen --watch`, "gen" in dsq.config.json so
 * `dsq gen` alone regenerates, `:one`/`:many`/`:exec` shaping the functions' types,
 * `dsq types --out`/`--check`, and `dsq compile --out-dir`/`--bundle` of many files.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const SCHEMA = readFileSync(join(ROOT, 'examples', 'shop.schema.json'), 'utf8');
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dsq-generation-'));
  writeFileSync(join(dir, 'schema.json'), SCHEMA);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const put = (path: string, text: string) => {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
};
const read = (path: string) => readFileSync(join(dir, path), 'utf8');
const run = (args: string[], cwd = dir) => runCli(args, { cwd });

const CARDINALITY = [
  '-- name: OrderById :one',
  'SELECT id, amount FROM orders WHERE id = :id;',
  '',
  '-- name: OpenOrders',
  '-- :many',
  "SELECT id FROM orders WHERE status = 'open';",
  '',
  '-- name: Unannotated',
  'SELECT id FROM orders;',
  '',
  '-- name: CloseOrder :exec',
  "UPDATE orders SET status = 'closed' WHERE id = :id",
  '',
].join('\n');

describe('result annotations: -- :one, -- :many, -- :exec', () => {
  it('shape the type each generated function returns; the module type-checks and the types are exact', async () => {
    put('q.dsq', CARDINALITY);
    const r = await run(['gen', 'q.dsq', '--schema', 'schema.json', '--out', 'q.ts', '--import', '../../../src/index.js']);
    expect(r).toMatchObject({ code: 0, err: '' });
    const module = read('q.ts');
    expect(module).toContain('export function orderById(params: OrderByIdParams): Action<OrderByIdRow, "one"> {');
    expect(module).toContain('export function openOrders(params: OpenOrdersParams = {}): Action<OpenOrdersRow, "many"> {');
    expect(module).toContain('export function unannotated(params: UnannotatedParams = {}): Action<UnannotatedRow> {');
    expect(module).toContain('export function closeOrder(params: CloseOrderParams): Action<CloseOrderRow, "exec"> {');
    // What a client reads each answer as, checked by the compiler (under the project, so the imports resolve).
    const probe = [
      module.replace(/^import \{ prepareQuery as \$prepare, /m, 'import { prepareQuery as $prepare, type ResultOf, '),
      'type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;',
      'type Answer<A> = A extends Action<infer Row, infer C> ? ResultOf<Row, C> : never;',
      'export const one: Same<Answer<ReturnType<typeof orderById>>, { id: bigint; amount: number | null } | null> = true;',
      'export const many: Same<Answer<ReturnType<typeof openOrders>>, { id: bigint }[]> = true;',
      'export const plain: Same<Answer<ReturnType<typeof unannotated>>, { id: bigint }[]> = true;',
      'export const exec: Same<Answer<ReturnType<typeof closeOrder>>, void> = true;',
      'export const card: "one" = orderById({ id: 1 }).cardinality;',
      '// @ts-expect-error a :one answer is not an array',
      'export const wrong: Same<Answer<ReturnType<typeof orderById>>, { id: bigint; amount: number | null }[]> = true;',
      '',
    ].join('\n');
    expect(moduleChecker(join(ROOT, 'test', 'gen', 'project', 'cardinality-probe.ts'))(probe)).toEqual([]);
    // At run time the action says it too.
    const { prepareQuery } = await import('../../src/index.js');
    expect(prepareQuery('SELECT a FROM t', {}, 'one')({}).cardinality).toBe('one');
    expect(prepareQuery('SELECT a FROM t', {})({}).cardinality).toBe('many');
  });

  it('an unknown annotation, or two different ones, is an error at the word', async () => {
    put('q.dsq', '-- name: A :single\nSELECT 1;\n-- name: B :one\n-- :many\nSELECT 2\n');
    const r = await run(['gen', 'q.dsq', '--schema', 'schema.json', '--out', 'q.ts']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('q.dsq:1:13: error: unknown result annotation :single: expected :one (a row or none), :many (the rows) or :exec (no rows)');
    expect(r.err).toContain('q.dsq:4:5: error: this statement is already :one');
    expect(existsSync(join(dir, 'q.ts'))).toBe(false);
  });
});

describe('"gen" in dsq.config.json', () => {
  it('dsq gen alone reads the files, schema and module it names (relative to the config), from any folder below', async () => {
    put('dsq.config.json', JSON.stringify({ gen: { include: 'queries/**/*.dsq', out: 'src/queries.ts', schema: 'schema.json' } }));
    put('queries/a.dsq', '-- name: AllOrders\nSELECT id FROM orders\n');
    mkdirSync(join(dir, 'src'));
    expect(await run(['gen'])).toEqual({ code: 0, out: '', err: '' });
    expect(read('src/queries.ts')).toMatch(/^\/\/ Generated by `dsq gen` from queries\/\*\*\/\*\.dsq\./);
    expect(read('src/queries.ts')).toContain('// queries/a.dsq:1: AllOrders');
    expect(await run(['gen', '--check'], join(dir, 'src'))).toEqual({ code: 0, out: '', err: '' });
    put('queries/b.dsq', '-- name: Other\nSELECT id FROM customers\n');
    const stale = await run(['gen', '--check'], join(dir, 'queries'));
    expect(stale).toEqual({
      code: 1,
      out: '',
      err: 'dsq gen: ../src/queries.ts is out of date: run dsq gen without --check\n'.replace('../src/queries.ts', join(dir, 'src', 'queries.ts')),
    });
    // Without it, the usage says what to give.
    rmSync(join(dir, 'dsq.config.json'));
    expect((await run(['gen'])).err).toContain(
      'give the query files: dsq gen FILES... --out FILE.ts (or "gen": { "include": ..., "out": ... } in dsq.config.json)',
    );
  });
});

describe('dsq gen --watch', () => {
  it('writes the module, then again when a query file changes (an error is shown and the watch goes on), until stopped', { timeout: 60_000 }, async () => {
    put('queries/q.dsq', '-- name: First\nSELECT id FROM orders\n');
    const bin = join(builtCheckout(), 'bin', 'dsq.js');
    const child = spawn(process.execPath, [bin, 'gen', 'queries', '--schema', 'schema.json', '--out', 'out.ts', '--watch'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    const killer = setTimeout(() => child.kill('SIGKILL'), 50_000);
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (t: string) => (err += t));
    const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
    const until = async (what: string, ok: () => boolean) => {
      for (let i = 0; i < 400 && !ok(); i++) await new Promise((r) => setTimeout(r, 50));
      expect(ok(), `${what}\n${err}`).toBe(true);
    };
    const module = () => (existsSync(join(dir, 'out.ts')) ? read('out.ts') : '');
    try {
      await until('the first module', () => module().includes('export function first('));
      await until('the watch started', () => err.includes('dsq gen: watching '));
      put('queries/q.dsq', '-- name: Second\nSELECT id FROM orders\n');
      await until('the module after the edit', () => module().includes('export function second(') && !module().includes('function first('));
      put('queries/q.dsq', '-- name: Broken\nSELECT id FROM\n');
      await until('the error shown', () => /queries\/q\.dsq:2:\d+: error: /.test(err));
      expect(module()).toContain('export function second(');
      put('queries/new.dsq', '-- name: Third\nSELECT id FROM customers\n');
      put('queries/q.dsq', '-- name: Second\nSELECT id FROM orders\n');
      await until('a new file taken in', () => module().includes('export function third('));
      child.kill('SIGINT');
      expect(await exited).toBe(0);
    } finally {
      clearTimeout(killer);
      child.kill('SIGKILL');
    }
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('dsq types --out and --check', () => {
  it('writes the types to the file, leaves a current file alone, and checks it for CI', async () => {
    expect(await run(['types', 'schema.json', '--out', 'schema.ts'])).toEqual({ code: 0, out: '', err: '' });
    const written = read('schema.ts');
    expect(written).toBe((await run(['types', 'schema.json'])).out);
    expect(await run(['types', 'schema.json', '--out', 'schema.ts', '--check'])).toEqual({ code: 0, out: '', err: '' });
    expect(await run(['types', 'schema.json', '--name', 'Shop', '--out', 'schema.ts', '--check'])).toEqual({
      code: 1,
      out: '',
      err: 'dsq types: schema.ts is out of date: run dsq types without --check\n',
    });
    expect(read('schema.ts')).toBe(written);
    expect((await run(['types', 'schema.json', '--out', 'none.ts', '--check'])).err).toBe('dsq types: none.ts does not exist: run dsq types without --check\n');
    expect((await run(['types', 'schema.json', '--check'])).code).toBe(2);
  });
});

describe('dsq compile of many files', () => {
  beforeEach(() => {
    cpSync(join(ROOT, 'examples', 'revenue-by-region.dsq'), join(dir, 'q', 'revenue.dsq'), { recursive: true });
    put('q/sub/two.dsq', 'SELECT 1;\nSELECT 2');
    put('q/sub/param.dsq', 'SELECT a FROM t WHERE b = :b');
  });

  it('--out-dir DIR: one .json per .dsq, the folders kept; the same JSON as compiling each', async () => {
    const r = await run(['compile', 'q', '--out-dir', 'out', '--param', 'b=x', '--param', 'unused=1']);
    expect(r.code).toBe(0);
    // An unused value is said once for all the files (a value one file uses is not unused).
    expect(r.err.split('\n').filter((l) => l.includes('unused'))).toEqual([
      'dsq compile: warning: --param unused is not used: the input has no parameter :unused',
    ]);
    expect(readdirSync(join(dir, 'out'), { recursive: true }).map(String).sort()).toEqual([
      'revenue.json',
      'sub',
      join('sub', 'param.json'),
      join('sub', 'two.json'),
    ]);
    for (const [file, json] of [
      ['q/revenue.dsq', 'out/revenue.json'],
      ['q/sub/two.dsq', 'out/sub/two.json'],
    ] as const) {
      expect(read(json)).toBe((await run(['compile', file])).out);
    }
    expect(read('out/sub/param.json')).toBe((await run(['compile', 'q/sub/param.dsq', '--param', 'b=x'])).out);
  });

  it('--bundle: one JSON array of every statement, in file order', async () => {
    const r = await run(['compile', 'q/sub/two.dsq', 'q/revenue.dsq', '--bundle', '--indent', '0']);
    expect(r.code).toBe(0);
    const all = JSON.parse(r.out) as unknown[];
    expect(all).toHaveLength(3);
    expect(all.slice(0, 2)).toEqual([{ columns: [{ e: 1 }] }, { columns: [{ e: 2 }] }]);
    expect(all[2]).toEqual(JSON.parse((await run(['compile', 'q/revenue.dsq'])).out));
  });

  it('nothing is written when a file has an error; several files without --out-dir or --bundle is a usage error', async () => {
    put('q/bad.dsq', 'SELECT FROM');
    const r = await run(['compile', 'q', '--out-dir', 'out', '--param', 'b=1']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/q\/bad\.dsq:1:8: error: /);
    expect(existsSync(join(dir, 'out'))).toBe(false);
    const several = await run(['compile', 'q/revenue.dsq', 'q/sub/two.dsq']);
    expect(several.code).toBe(2);
    expect(several.err).toContain('several files go to --out-dir DIR or --bundle');
  });
});
