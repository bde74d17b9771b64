import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Node } from '../ast/nodes.js';
import { DsqError, formatDiagnostic, type Diagnostic } from '../diagnostic/diagnostic.js';
import { loadConfig } from '../config/index.js';
import { toJson } from '../json/to-json.js';
import { quotedTextWarnings } from '../lint/rules/quoted-text.js';
import type { RulesConfig } from '../lint/rule-api.js';
import { readSchema, type Schema } from '../schema/index.js';
import { parseDocument, parseExpression } from '../syntax/index.js';
import type { Command } from './command.js';
import { JSON_FLAG_OPTIONS, jsonFlags } from './json-flags.js';
import { FileError, readInput } from './io.js';
import { annotate, annotatedTypes } from '../params/annotations.js';
import { bindParams } from '../params/bind.js';
import { inferParams } from '../params/infer.js';
import { PARAM_FLAG_OPTIONS, paramValues, readParamFlags, readText } from './param-flags.js';

const HELP = `Usage: dsq compile [FILE|-] [--form short|full] [--expr] [--indent N] [--param NAME=VALUE]... [--params-file FILE]

Compiles dsq text to the Data Service's JSON: a select object, or a SELECT action for a
statement with OPTIONS (...). A file of several statements (separated by ';') prints a JSON
array, in order. Reads standard input when FILE is "-" or absent. Bad input: every error as
FILE:LINE:COL: error: message with a code frame on stderr, nothing on stdout, exit 1. A file
that cannot be read: one line, exit 2.

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
 * lint. Best effort: a missing or broken configuration or schema only means no schema here
 * (`dsq lint` reports those).
 */
async function lintSettings(cwd: string, file: string | undefined): Promise<{ schema: Schema | null; rules?: RulesConfig }> {
  try {
    const config = await loadConfig(file === undefined || file === '-' ? cwd : dirname(resolve(cwd, file)));
    let schema: Schema | null = null;
    if (config.schema) {
      try {
        schema = readSchema(await readFile(config.schema, 'utf8'));
      } catch {
        schema = null;
      }
    }
    return { schema, ...(config.rules ? { rules: config.rules as RulesConfig } : {}) };
  } catch {
    return { schema: null };
  }
}

/** The schema of --schema FILE (a usage error when it cannot be read). */
async function schemaOf(cwd: string, file: string): Promise<Schema> {
  const text = await readText(resolve(cwd, file), file);
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
  options: { ...JSON_FLAG_OPTIONS, ...PARAM_FLAG_OPTIONS, schema: { type: 'string' } },
  async run({ positionals, values, io }) {
    const flags = jsonFlags({ values, positionals });
    const options = { form: flags.form, indent: flags.indent };

    const input = await readInput(io, flags.file);
    const report = (diagnostics: readonly Diagnostic[]) => {
      if (diagnostics.length > 0) io.stderr(`${diagnostics.map((d) => formatDiagnostic(d, input.text, input.name)).join('\n')}\n`);
    };
    if (flags.expr) {
      try {
        io.stdout(`${toJson(parseExpression(input.text), options)}\n`);
        return 0;
      } catch (err) {
        if (!(err instanceof DsqError)) throw err;
        report(err.diagnostics);
        return 1;
      }
    }
    const doc = parseDocument(input.text);
    const errors = doc.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0) {
      report(errors);
      return 1;
    }
    if (doc.statements.length === 0) {
      report([{ code: 'syntax/no-statement', severity: 'error', message: 'expected a statement (SELECT ...), found the end of the input', span: doc.lineIndex.span(input.text.length, input.text.length) }]);
      return 1;
    }
    // The quoted-text warning is lint's rule, with the schema and setting of the nearest dsq.config.json.
    const settings = await lintSettings(io.cwd, flags.file);
    const warnings = quotedTextWarnings(doc, settings);
    // Parameters: typed by annotation, schema field or literal; bound as literals.
    const given = await readParamFlags({ values, io });
    const schemaFile = values['schema'];
    const schema = typeof schemaFile === 'string' ? await schemaOf(io.cwd, schemaFile) : settings.schema;
    const annotated = annotate(doc);
    const infos = annotated.statements.flatMap((s) => inferParams(s.node, schema, annotatedTypes(s)));
    const bound = paramValues(given, infos, (n) => doc.spans.get(n));
    const all = [...doc.diagnostics, ...warnings, ...annotated.diagnostics, ...bound.diagnostics];
    const byPlace = (a: Diagnostic, b: Diagnostic) => (a.span?.start ?? -1) - (b.span?.start ?? -1);
    if (all.some((d) => d.severity === 'error')) {
      report(all.filter((d) => d.severity === 'error').sort(byPlace));
      return 1;
    }
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
    if (unbound.length > 0) {
      report([...all.filter((d) => d.severity !== 'error'), ...unbound].sort(byPlace));
      return 1;
    }
    report(all.sort(byPlace));
    const out = nodes.length === 1 ? toJson(nodes[0] as Node, options) : jsonArray(nodes.map((n) => toJson(n, options)), options.indent);
    io.stdout(`${out}\n`);
    return 0;
  },
};
