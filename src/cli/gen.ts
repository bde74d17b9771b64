import { watch, type FSWatcher } from 'node:fs';
import { dirname, isAbsolute, resolve, sep } from 'node:path';
import { isDynamicPattern } from 'tinyglobby';
import type { DsqConfig } from '../config/index.js';
import { DsqError, formatDiagnostic } from '../diagnostic/index.js';
import { generate, type QueryFile } from '../gen/write.js';
import { readSchema, type Schema } from '../schema/index.js';
import { UsageError, type Command, type CommandContext, type Io } from './command.js';
import { CONFIG_FLAG_HELP, CONFIG_FLAG_OPTIONS, Configs } from './config-flags.js';
import { FILE_FLAG_HELP, FILE_FLAG_OPTIONS, findInputs } from './file-args.js';
import { outputProblem, writeOutput } from './output-file.js';
import { FileError } from './io.js';
import { readText } from './param-flags.js';

const HELP = `Usage: dsq gen [FILES...] [--out FILE.ts] [--schema SCHEMA.json] [--check] [--watch] [--import MODULE]

Writes one TypeScript module from query files: for each statement named with a
"-- name: TopCustomers" comment before it, a function topCustomers(params) returning the
statement's action (action.text is its JSON, action.json the same as an object), typed
TopCustomersParams -> Action<TopCustomersRow> (a name is letters, digits and _, not a
reserved word of JavaScript). ":one", ":many" or ":exec" after the name ("-- name: X :one")
or on a line of its own says how many rows the answer holds: Action<XRow, "one"> (read as
XRow | null), "many" (XRow[], the default), "exec" (nothing). A parameter's type is stated
with "-- @param NAME TYPE" (string, integer, number, datetime, localdate, localtime,
localdatetime), or inferred from the field (of the schema) or literal it is compared with,
or the field a VALUES or SET value is for; LIMIT and OFFSET take integers. The row type
follows the schema as the typed builder infers it. FILES are files, directories (their
*.dsq files) or globs ('queries/**/*.dsq'). Errors point into the .dsq files; on any error
nothing is written (exit 1).

Without FILES, "gen" of dsq.config.json says what to do: { "include": files, folders or
globs, "out": the module, "schema"?: the schema, "import"?: the module to import dsq from },
relative to the config file; so "dsq gen" alone regenerates a project. Flags win over it.

Options:
  --out FILE       the module to write (replaced whole, atomically)
  --schema FILE    the schema (database definitions); default: "gen" or "schema" of the
                   nearest dsq.config.json
  --check          write nothing: exit 1 when FILE would change (for CI), 0 when it is current
  --watch          write the module, then again whenever a query file or the schema changes
                   (errors are shown and the watch goes on; Ctrl-C to stop)
  --import MODULE  where the module imports dsq's runtime from (default dsq)
${CONFIG_FLAG_HELP}
${FILE_FLAG_HELP}
  -h, --help       show this help

Example:
  dsq gen 'queries/**/*.dsq' --schema schema.json --out src/queries.ts
`;

/** What one run of gen reads and writes, from the flags and the config's "gen". */
interface Plan {
  /** The files, folders and globs, and the folder they are relative to. */
  readonly sources: readonly string[];
  readonly base: string;
  readonly out: string;
  readonly outShown: string;
  readonly schema: { readonly path: string; readonly shown: string; readonly named: boolean };
  readonly importFrom?: string;
  /** The config's line width, for the statement text the module holds. */
  readonly width?: number;
}

export const genCommand: Command = {
  name: 'gen',
  help: HELP,
  options: {
    out: { type: 'string' },
    schema: { type: 'string' },
    check: { type: 'boolean' },
    watch: { type: 'boolean' },
    import: { type: 'string' },
    ...CONFIG_FLAG_OPTIONS,
    ...FILE_FLAG_OPTIONS,
  },
  async run(ctx) {
    const { values } = ctx;
    if (values.check === true && values.watch === true) throw new UsageError('give --check or --watch, not both');
    const configs = new Configs(values, ctx.io.cwd);
    const plan = await planOf(ctx, await configs.forDir(ctx.io.cwd));
    if (values.watch === true) return watchAndGenerate(ctx, configs, plan);
    const result = await generateOnce(ctx, configs, plan);
    if (result.code === null) return result.exit;
    if (values.check === true) {
      const problem = await outputProblem(plan.out, result.code, plan.outShown);
      if (problem === null) return 0;
      ctx.io.stderr(`dsq gen: ${problem}: run dsq gen without --check\n`);
      return 1;
    }
    await writeOutput(plan.out, result.code, plan.outShown);
    return 0;
  },
};

async function planOf({ positionals, values, io }: CommandContext, config: DsqConfig): Promise<Plan> {
  const gen = config.gen;
  const importFrom = values['import'];
  if (importFrom !== undefined && (typeof importFrom !== 'string' || importFrom === '')) throw new UsageError('--import takes a module name');
  const sources = positionals.length > 0 ? positionals : (gen?.include ?? []);
  if (sources.length === 0)
    throw new UsageError('give the query files: dsq gen FILES... --out FILE.ts (or "gen": { "include": ..., "out": ... } in dsq.config.json)');
  const base = positionals.length > 0 ? io.cwd : (gen?.base ?? io.cwd);
  const out = values['out'];
  if (out !== undefined && (typeof out !== 'string' || out === '')) throw new UsageError('give --out FILE.ts: the module to write');
  if (out === undefined && gen?.out === undefined) throw new UsageError('give --out FILE.ts: the module to write (or "out" in "gen" of dsq.config.json)');
  const outPath = typeof out === 'string' ? resolve(io.cwd, out) : (gen?.out as string);
  const outShown = typeof out === 'string' ? out : shownPath(io.cwd, outPath);
  const schemaFlag = values['schema'];
  let schema: Plan['schema'];
  if (typeof schemaFlag === 'string') schema = { path: resolve(io.cwd, schemaFlag), shown: schemaFlag, named: true };
  else {
    const path = gen?.schema ?? config.schema;
    if (path === undefined) throw new UsageError('give --schema SCHEMA.json (or "schema" in dsq.config.json): the row and parameter types come from it');
    schema = { path, shown: path, named: false };
  }
  const chosen = typeof importFrom === 'string' ? importFrom : gen?.import;
  return {
    sources,
    base,
    out: outPath,
    outShown,
    schema,
    ...(chosen !== undefined ? { importFrom: chosen } : {}),
    ...(config.width !== undefined ? { width: config.width } : {}),
  };
}

/** A path as messages show it: relative to the current folder when it is below it. */
function shownPath(cwd: string, path: string): string {
  return path.startsWith(cwd + sep) ? path.slice(cwd.length + 1) : path;
}

/** Reads the files and the schema and makes the module: its text, or null with the exit code (the problems are printed). */
async function generateOnce(ctx: CommandContext, configs: Configs, plan: Plan): Promise<{ code: string; exit: 0 } | { code: null; exit: number }> {
  const { io } = ctx;
  const schema = await schemaOf(io, plan.schema);
  const inputs = await findInputs(plan.sources, { ...ctx, io: { ...io, cwd: plan.base } }, configs);
  if (inputs.problems.length > 0) {
    io.stderr(`${inputs.problems.map((p) => `dsq gen: ${p}`).join('\n')}\n`);
    return { code: null, exit: 1 };
  }
  const files: QueryFile[] = [];
  const texts = new Map<string, string>();
  for (const f of inputs.files) {
    const text = await readText(f.path, f.shown, f.named ? io : null);
    const path = f.shown.split(sep).join('/');
    files.push({ path, text });
    texts.set(path, text);
  }
  const result = generate(files, schema, {
    ...(plan.importFrom ? { importFrom: plan.importFrom } : {}),
    ...(plan.width !== undefined ? { width: plan.width } : {}),
    source: plan.sources.join(' '),
  });
  if (result.diagnostics.length > 0) {
    io.stderr(`${result.diagnostics.map((d) => formatDiagnostic(d.diagnostic, texts.get(d.file), d.file)).join('\n')}\n`);
  }
  return result.code === null ? { code: null, exit: 1 } : { code: result.code, exit: 0 };
}

async function schemaOf(io: Io, schema: Plan['schema']): Promise<Schema> {
  const text = await readText(schema.path, schema.shown, schema.named ? io : null);
  try {
    return readSchema(text);
  } catch (err) {
    if (err instanceof DsqError) throw new FileError(new DsqError(err.diagnostics, text).format(schema.shown));
    throw err;
  }
}

/** How long the watch waits after a change for more changes (an editor's save is several events). */
const SETTLE_MS = 100;

/**
 * `--watch`: generate, then again after each change under the folders the sources and the
 * schema are in (a new file that a glob matches counts too). Each run says what it did on
 * stderr; an error is shown and the watch goes on. Ends on SIGINT or SIGTERM (exit 0).
 */
async function watchAndGenerate(ctx: CommandContext, configs: Configs, plan: Plan): Promise<number> {
  const { io } = ctx;
  const run = async () => {
    try {
      const result = await generateOnce(ctx, configs, plan);
      if (result.code === null) return;
      const wrote = await writeOutput(plan.out, result.code, plan.outShown);
      io.stderr(`dsq gen: ${wrote ? 'wrote' : 'unchanged:'} ${plan.outShown}\n`);
    } catch (err) {
      if (err instanceof FileError || err instanceof UsageError) io.stderr(`dsq gen: ${err.message}\n`);
      else if (err instanceof DsqError) io.stderr(`${err.format()}\n`);
      else throw err;
    }
  };
  await run();
  const roots = [...new Set([...plan.sources.map((s) => watchRoot(plan.base, s)), dirname(plan.schema.path)])];
  let timer: NodeJS.Timeout | null = null;
  let running = Promise.resolve();
  const changed = (file: string | null) => {
    // The module itself changing (written by this watch) is no reason to run again.
    if (file !== null && resolve(file) === plan.out) return;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      running = running.then(run);
    }, SETTLE_MS);
  };
  const watchers: FSWatcher[] = [];
  for (const root of roots) {
    try {
      const w = watch(root, { recursive: true }, (_event, name) => changed(name === null ? null : resolve(root, String(name))));
      w.on('error', (err) => io.stderr(`dsq gen: cannot watch ${shownPath(io.cwd, root)}: ${err.message}\n`));
      watchers.push(w);
    } catch (err) {
      io.stderr(`dsq gen: cannot watch ${shownPath(io.cwd, root)}: ${(err as Error).message}\n`);
    }
  }
  io.stderr(`dsq gen: watching ${roots.map((r) => shownPath(io.cwd, r) || '.').join(', ')} (Ctrl-C to stop)\n`);
  await new Promise<void>((done) => {
    const stop = () => {
      for (const w of watchers) w.close();
      if (timer !== null) clearTimeout(timer);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      done();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await running;
  return 0;
}

/** The folder to watch for a source: a folder itself, a file's folder, a glob's folder before its first pattern. */
function watchRoot(base: string, source: string): string {
  if (!isDynamicPattern(source)) {
    const path = resolve(base, source);
    return /\.[A-Za-z0-9]+$/.test(source) ? dirname(path) : path;
  }
  const parts = source.split('/');
  const fixed: string[] = [];
  for (const part of parts) {
    if (isDynamicPattern(part)) break;
    fixed.push(part);
  }
  const dir = fixed.join('/');
  return isAbsolute(source) ? dir || '/' : resolve(base, dir);
}
