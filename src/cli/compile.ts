import { mkdir } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Node } from '../ast/nodes.js';
import { DsqError, formatDiagnostic, type Diagnostic } from '../diagnostic/diagnostic.js';
import type { DsqConfig } from '../config/index.js';
import { toJson } from '../json/to-json.js';
import { compileWarnings } from '../lint/compile-warnings.js';
import type { RulesConfig } from '../lint/rule-api.js';
import { readSchema, type Schema } from '../schema/index.js';
import { parseDocument, parseExpression } from '../syntax/index.js';
import { UsageError, type Command, type CommandContext, type Io } from './command.js';
import { CONFIG_FLAG_HELP, CONFIG_FLAG_OPTIONS, Configs } from './config-flags.js';
import { FILE_FLAG_HELP, FILE_FLAG_OPTIONS, findInputs } from './file-args.js';
import { loadSchema } from './schema-file.js';
import { writeOutput } from './output-file.js';
import { JSON_FLAG_OPTIONS, jsonFlags, type JsonFlags } from './json-flags.js';
import { FileError, readInput } from './io.js';
import { annotate, annotatedTypes } from '../params/annotations.js';
import { bindParams } from '../params/bind.js';
import { inferParams } from '../params/infer.js';
import { PARAM_FLAG_OPTIONS, paramValues, readParamFlags, readText, type GivenParams } from './param-flags.js';

const HELP = `Usage: dsq compile [FILE|-] [--form short|full] [--expr] [--indent N] [--param NAME=VALUE]... [--params-file FILE]
       dsq compile FILE|GLOB|DIR... (--out-dir DIR | --bundle) [options]

Compiles dsq text to the Data Service's JSON: a select object, or a SELECT action for a
statement with OPTIONS (...). A file of several statements (separated by ';') prints a JSON
array, in order. Reads standard input when FILE is "-" or absent. Bad input: every error as
FILE:LINE:COL: error: message with a code frame on stderr, nothing on stdout, exit 1. A file
that cannot be read: one line, exit 2. Warnings (lint's quoted-text and unknown-function rules)
go to stderr and the JSON is still printed. Several files (folders walked for *.dsq, globs, as
dsq fmt finds them) go to --out-dir or --bundle; nothing is written when one has an error.

Options:
  --form short|full  short (default): the "$" shorthand; full: every {"type": ...} form
  --expr             the input is one expression, not statements
  --indent N         spaces per level, 0 for one compact line (default 2)
  --param NAME=VALUE the value of the parameter :NAME (repeatable), converted by its type: the
                     type stated by "-- @param NAME TYPE" before the statement, else that of the
                     field it is compared with (with a schema), of a literal it is compared with,
                     or integer in LIMIT/OFFSET; untyped, the text is a string. For IN :NAME, a
                     JSON array or items separated by commas
  --params-file FILE a JSON object of parameter values (--param wins over it)
  --schema FILE      the schema (database definitions) for parameter types; default: the one
                     of the nearest dsq.config.json
  --out-dir DIR      write one FILE.json per FILE.dsq under DIR, keeping the folders below
                     the files' common folder (each written whole, atomically)
  --bundle           print one JSON array of every statement of every file, in file order
${CONFIG_FLAG_HELP}
${FILE_FLAG_HELP}
  -h, --help         show this help
`;

/** A JSON array of already-serialised values, indented like toJson's output. */
function jsonArray(items: readonly string[], indent: number): string {
  if (indent === 0) return `[${items.join(',')}]`;
  if (items.length === 0) return '[]';
  const pad = ' '.repeat(indent);
  // toJson escapes line breaks inside strings, so every '\n' here is a layout line break.
  return `[\n${items.map((item) => pad + item.split('\n').join(`\n${pad}`)).join(',\n')}\n]`;
}

/**
 * The schema and lint rules of the nearest dsq.config.json, for the warnings compile shares with
 * lint and for typing parameters. Best effort, never silent: a configuration or schema that
 * cannot be used is one warning (`problem`), and the text compiles without it (`dsq lint`
 * stops on it).
 */
async function lintSettings(
  configs: Configs,
  cwd: string,
  file: string | undefined,
): Promise<{ schema: Schema | null; rules?: RulesConfig; problem?: string }> {
  let config: DsqConfig;
  try {
    config = file === undefined || file === '-' ? await configs.forDir(cwd) : await configs.forFile(resolve(cwd, file), dirname(resolve(cwd, file)));
  } catch (err) {
    if (err instanceof UsageError || err instanceof FileError || err instanceof DsqError)
      return {
        schema: null,
        problem: `the dsq.config.json for this file cannot be used (${firstLine(err.message)}); compiled without its schema and rule settings (dsq lint shows every problem)`,
      };
    throw err;
  }
  const rules = config.rules ? { rules: config.rules as RulesConfig } : {};
  if (!config.schema) return { schema: null, ...rules };
  try {
    return { schema: await loadSchema(config.schema, shownPath(cwd, config.schema), null), ...rules };
  } catch (err) {
    if (err instanceof UsageError) return { schema: null, ...rules, problem: `${firstLine(err.message)} (named by dsq.config.json); compiled without it` };
    throw err;
  }
}

const firstLine = (message: string) => message.split('\n')[0] as string;

/** A path as messages show it: relative to the working folder when inside it. */
function shownPath(cwd: string, path: string): string {
  const rel = relative(cwd, path);
  return rel === '' || rel.startsWith('..') ? path : rel;
}

/** The schema of --schema FILE (a usage error when it cannot be read). */
async function schemaOf(io: Io, file: string): Promise<Schema> {
  const text = await readText(resolve(io.cwd, file), file, io);
  try {
    return readSchema(text);
  } catch (err) {
    if (err instanceof DsqError) throw new FileError(new DsqError(err.diagnostics, text).format(file));
    throw err;
  }
}

export const compileCommand: Command = {
  name: 'compile',
  help: HELP,
  options: {
    ...JSON_FLAG_OPTIONS,
    ...PARAM_FLAG_OPTIONS,
    schema: { type: 'string' },
    'out-dir': { type: 'string' },
    bundle: { type: 'boolean' },
    ...CONFIG_FLAG_OPTIONS,
    ...FILE_FLAG_OPTIONS,
  },
  async run(ctx) {
    const { positionals, values, io } = ctx;
    const outDir = values['out-dir'];
    if (outDir !== undefined && (typeof outDir !== 'string' || outDir === '')) throw new UsageError('--out-dir takes a folder');
    if (outDir !== undefined && values.bundle === true) throw new UsageError('give --out-dir DIR or --bundle, not both');
    const many = outDir !== undefined || values.bundle === true;
    const flags = jsonFlags({ values, positionals }, true);
    const configs = new Configs(values, io.cwd);
    if (many) return compileMany(ctx, configs, flags, typeof outDir === 'string' ? outDir : null);
    if (positionals.length > 1)
      throw new UsageError(`give one FILE (or - for standard input); got ${positionals.length}: several files go to --out-dir DIR or --bundle`);
    const input = await readInput(io, flags.file);
    const given = await readParamFlags({ values, io });
    const compiled = await compileInput(input, flags, ctx, configs, given);
    report(io, compiled.diagnostics, input);
    if (compiled.json === null) return 1;
    const out = compiled.json.length === 1 ? (compiled.json[0] as string) : jsonArray(compiled.json, flags.indent);
    io.stdout(`${out}\n`);
    return 0;
  },
};

/** Every diagnostic of an input on stderr: FILE:LINE:COL: severity: message and a code frame. */
function report(io: Io, diagnostics: readonly Diagnostic[], input: { text: string; name: string }): void {
  if (diagnostics.length > 0) io.stderr(`${diagnostics.map((d) => formatDiagnostic(d, input.text, input.name)).join('\n')}\n`);
}

/**
 * One input compiled: the JSON of each statement (null on an error) and the diagnostics to
 * show (the errors when there are any, else the warnings), in text order.
 */
async function compileInput(
  input: { text: string; name: string },
  flags: JsonFlags,
  ctx: Pick<CommandContext, 'values' | 'io'>,
  configs: Configs,
  given: GivenParams,
): Promise<{ json: string[] | null; diagnostics: Diagnostic[]; params?: readonly string[] }> {
  const { values, io } = ctx;
  const options = { form: flags.form, indent: flags.indent };
  if (flags.expr) {
    try {
      return { json: [toJson(parseExpression(input.text), options)], diagnostics: [] };
    } catch (err) {
      if (!(err instanceof DsqError)) throw err;
      return { json: null, diagnostics: [...err.diagnostics] };
    }
  }
  const doc = parseDocument(input.text);
  const errors = doc.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) return { json: null, diagnostics: errors };
  if (doc.statements.length === 0) {
    return {
      json: null,
      diagnostics: [
        {
          code: 'syntax/no-statement',
          severity: 'error',
          message: 'expected a statement (SELECT ...), found the end of the input',
          span: doc.lineIndex.span(input.text.length, input.text.length),
        },
      ],
    };
  }
  // The warnings are lint's rules (quoted-text, unknown-function), with the schema and settings of the nearest dsq.config.json.
  const settings = await lintSettings(configs, io.cwd, input.name === '<stdin>' ? undefined : input.name);
  if (settings.problem !== undefined) io.stderr(`dsq compile: warning: ${settings.problem}\n`);
  const warnings = compileWarnings(doc, settings);
  // Parameters: typed by annotation, schema field or literal; bound as literals.
  const schemaFile = values['schema'];
  const schema = typeof schemaFile === 'string' ? await schemaOf(io, schemaFile) : settings.schema;
  const annotated = annotate(doc);
  const infos = annotated.statements.flatMap((s) => inferParams(s.node, schema, annotatedTypes(s)));
  const bound = paramValues(given, infos, (n) => doc.spans.get(n));
  const params = infos.map((p) => p.name);
  const all = [...doc.diagnostics, ...warnings, ...annotated.diagnostics, ...bound.diagnostics];
  const byPlace = (a: Diagnostic, b: Diagnostic) => (a.span?.start ?? -1) - (b.span?.start ?? -1);
  if (all.some((d) => d.severity === 'error')) return { json: null, diagnostics: all.filter((d) => d.severity === 'error').sort(byPlace), params };
  const nodes: Node[] = [];
  // Each statement is bound on its own, so what is missing in every statement is reported.
  const unbound: Diagnostic[] = [];
  for (const s of doc.statements) {
    try {
      nodes.push(bindParams(s.node, bound.values, { spanOf: (n) => doc.spans.get(n), source: input.text }));
    } catch (err) {
      if (!(err instanceof DsqError)) throw err;
      unbound.push(...err.diagnostics);
    }
  }
  if (unbound.length > 0) return { json: null, diagnostics: [...all.filter((d) => d.severity !== 'error'), ...unbound].sort(byPlace), params };
  return { json: nodes.map((n) => toJson(n, options)), diagnostics: all.sort(byPlace), params };
}

/**
 * `--out-dir DIR` and `--bundle`: every file compiled first; on any error nothing is written
 * (exit 1). A value given with --param or --params-file is unused only when no file uses it.
 */
async function compileMany(ctx: CommandContext, configs: Configs, flags: JsonFlags, outDir: string | null): Promise<number> {
  const { positionals, values, io } = ctx;
  if (flags.expr) throw new UsageError('--expr compiles one expression: give it one FILE, without --out-dir or --bundle');
  if (positionals.length === 0 || positionals.includes('-'))
    throw new UsageError('give the files to compile (FILE, GLOB or DIR): --out-dir and --bundle do not read standard input');
  const inputs = await findInputs(positionals, ctx, configs);
  for (const line of inputs.problems) io.stderr(`dsq compile: ${line}\n`);
  if (inputs.problems.length > 0) return 2;
  const given = await readParamFlags({ values, io });
  const results: { file: (typeof inputs.files)[number]; text: string; json: string[] | null; diagnostics: Diagnostic[]; params?: readonly string[] }[] = [];
  for (const file of inputs.files) {
    const text = await readText(file.path, file.shown, file.named ? io : null);
    results.push({ file, text, ...(await compileInput({ text, name: file.shown }, flags, ctx, configs, given)) });
  }
  // A value is unused only when no file uses it: said once, for all the files.
  const unused = (d: Diagnostic) => d.code === 'params/unused';
  for (const r of results)
    report(
      io,
      r.diagnostics.filter((d) => !unused(d)),
      { text: r.text, name: r.file.shown },
    );
  const everyParam = results.flatMap((r) => r.params ?? []);
  const left = { values: new Map([...given.values].filter(([name]) => !everyParam.includes(name))) };
  for (const d of paramValues(left, []).diagnostics.filter(unused)) io.stderr(`dsq compile: warning: ${d.message}\n`);
  if (results.some((r) => r.json === null)) return 1;
  if (outDir === null) {
    io.stdout(
      `${jsonArray(
        results.flatMap((r) => r.json as string[]),
        flags.indent,
      )}\n`,
    );
    return 0;
  }
  const root = commonFolder(results.map((r) => dirname(r.file.path)));
  const target = resolve(io.cwd, outDir);
  for (const r of results) {
    const json = r.json as string[];
    const out = join(target, `${relative(root, r.file.path).replace(/\.dsq$/i, '')}.json`);
    await mkdir(dirname(out), { recursive: true });
    await writeOutput(out, `${json.length === 1 ? (json[0] as string) : jsonArray(json, flags.indent)}\n`, relative(io.cwd, out) || out);
  }
  return 0;
}

/** The deepest folder holding every one of `dirs`. */
function commonFolder(dirs: readonly string[]): string {
  let common = dirs[0] ?? '';
  for (const d of dirs) {
    while (common !== '' && d !== common && !d.startsWith(common.endsWith(sep) ? common : common + sep)) {
      const up = dirname(common);
      if (up === common) break;
      common = up;
    }
  }
  return common;
}
