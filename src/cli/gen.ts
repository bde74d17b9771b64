import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { loadConfig } from '../config/index.js';
import { DsqError, formatDiagnostic } from '../diagnostic/index.js';
import { generate, type QueryFile } from '../gen/write.js';
import { readSchema, type Schema } from '../schema/index.js';
import { UsageError, type Command } from './command.js';
import { findFiles, GlobSyntaxError, writeFileSafely } from './files.js';
import { FileError, reasonOf } from './io.js';
import { readText } from './param-flags.js';

const HELP = `Usage: dsq gen FILES... --out FILE.ts [--schema SCHEMA.json] [--check] [--import MODULE]

Writes one TypeScript module from query files: for each statement named with a
"-- name: TopCustomers" comment before it, a function topCustomers(params) returning the
statement's action (action.text is its JSON, action.json the same as an object), typed
TopCustomersParams -> Action<TopCustomersRow> (a name is letters, digits and _, not a
reserved word of JavaScript). A parameter's type is stated with
"-- @param NAME TYPE" (string, integer, number, datetime, localdate, localtime,
localdatetime), or inferred from the field (of the schema) or literal it is compared with,
or the field a VALUES or SET value is for; LIMIT and OFFSET take integers. The row type
follows the schema as the typed builder infers it. FILES are files, directories (their
*.dsq files) or globs ('queries/**/*.dsq'). Errors point into the .dsq files; on any error
nothing is written (exit 1).

Options:
  --out FILE       the module to write (replaced whole, atomically)
  --schema FILE    the schema (database definitions); default: the nearest dsq.config.json's
  --check          write nothing: exit 1 when FILE would change (for CI), 0 when it is current
  --import MODULE  where the module imports dsq's runtime from (default dsq)
  -h, --help       show this help

Example:
  dsq gen 'queries/**/*.dsq' --schema schema.json --out src/queries.ts
`;

export const genCommand: Command = {
  name: 'gen',
  help: HELP,
  options: { out: { type: 'string' }, schema: { type: 'string' }, check: { type: 'boolean' }, import: { type: 'string' } },
  async run({ positionals, values, io }) {
    if (positionals.length === 0) throw new UsageError('give the query files: dsq gen FILES... --out FILE.ts');
    const out = values['out'];
    if (typeof out !== 'string' || out === '') throw new UsageError('give --out FILE.ts: the module to write');
    const importFrom = values['import'];
    if (importFrom !== undefined && (typeof importFrom !== 'string' || importFrom === '')) throw new UsageError('--import takes a module name');

    const schema = await schemaFor(io.cwd, values['schema']);
    let found;
    try {
      found = await findFiles(positionals, io.cwd);
    } catch (err) {
      if (err instanceof GlobSyntaxError) throw new UsageError(err.message);
      throw err;
    }
    if (found.problems.length > 0) {
      io.stderr(`${found.problems.map((p) => `dsq gen: ${p}`).join('\n')}\n`);
      return 1;
    }
    const files: QueryFile[] = [];
    const texts = new Map<string, string>();
    for (const f of found.files) {
      const text = await readText(f.path, f.shown);
      const path = f.shown.split(sep).join('/');
      files.push({ path, text });
      texts.set(path, text);
    }
    const result = generate(files, schema, { ...(importFrom ? { importFrom } : {}), source: positionals.join(' ') });
    if (result.diagnostics.length > 0) {
      io.stderr(`${result.diagnostics.map((d) => formatDiagnostic(d.diagnostic, texts.get(d.file), d.file)).join('\n')}\n`);
    }
    if (result.code === null) return 1;
    const target = resolve(io.cwd, out);
    let current: string | null = null;
    try {
      current = await readFile(target, 'utf8');
    } catch {
      current = null;
    }
    if (values['check'] === true) {
      if (current === result.code) return 0;
      io.stderr(`dsq gen: ${out} ${current === null ? 'does not exist' : 'is out of date'}: run dsq gen without --check\n`);
      return 1;
    }
    if (current === null) await writeNewFile(target, result.code, out);
    else if (current !== result.code) await writeFileSafely(target, result.code, out);
    return 0;
  },
};

/** A new file: written whole to a temporary file beside it, then renamed (never half a module). */
async function writeNewFile(target: string, text: string, shown: string): Promise<void> {
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.dsq.tmp`);
  try {
    await writeFile(temp, text, { flag: 'wx' });
    await rename(temp, target);
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    throw new FileError(`cannot write ${shown}: ${reasonOf(err)}`);
  }
}

async function schemaFor(cwd: string, file: unknown): Promise<Schema> {
  let path: string;
  let shown: string;
  if (typeof file === 'string') {
    path = resolve(cwd, file);
    shown = file;
  } else {
    const config = await loadConfig(cwd).catch(() => null);
    if (!config?.schema) throw new UsageError('give --schema SCHEMA.json (or "schema" in dsq.config.json): the row and parameter types come from it');
    path = config.schema;
    shown = config.schema;
  }
  const text = await readText(path, shown);
  try {
    return readSchema(text);
  } catch (err) {
    if (err instanceof DsqError) throw new FileError(new DsqError(err.diagnostics, text).format(shown));
    throw err;
  }
}
