/**
 * What the playground asks of dsq, through the library's public functions (the names src/index.ts
 * exports). They are imported from the folders' own entry points rather than src/index.ts: the
 * index also exports the dsq.config.json loader, which needs Node's file system and has no place
 * in a browser bundle.
 */
import type { Node } from '../../src/ast/nodes.js';
import { DsqError, showPointer, type Diagnostic } from '../../src/diagnostic/index.js';
import { readSpecJson, statementFromValue, toJson, type JsonForm } from '../../src/json/index.js';
import { Obj, Raw, type Out } from '../../src/json/json-out.js';
import { serialize } from '../../src/json/serialize.js';
import type { JsonValue } from '../../src/json/value.js';
import { applyFixes, LINT_RULES, lintDocument, type Fix, type LintDiagnostic } from '../../src/lint/index.js';
import { FUNCTIONS, type FunctionInfo } from '../../src/lint/functions.js';
import { KEYWORD_DOCS } from '../../src/lsp/keywords.js';
import { format, print } from '../../src/print/index.js';
import { allDatabases, readSchema, type Schema, type SchemaDatabase } from '../../src/schema/index.js';
import { parseDocument } from '../../src/syntax/index.js';
import { KEYWORD_NAMES, tokenize } from '../../src/syntax/tokenize.js';
import { annotate, annotatedTypes } from '../../src/params/annotations.js';
import { bindParams } from '../../src/params/bind.js';
import { paramValues, type Given } from '../../src/params/given.js';
import { paramNames } from '../../src/ast/param-names.js';
import { inferParams } from '../../src/params/infer.js';
import type { ParamType } from '../../src/schema/param-types.js';

export {
  DsqError,
  FUNCTIONS,
  KEYWORD_DOCS,
  KEYWORD_NAMES,
  LINT_RULES,
  tokenize,
  type FunctionInfo,
  type ParamType,
  applyFixes,
  allDatabases,
  showPointer,
  type Diagnostic,
  type Fix,
  type LintDiagnostic,
  type Schema,
  type SchemaDatabase,
};

export interface CompileOptions {
  readonly form: JsonForm;
  readonly indent: number;
  readonly schema: Schema | null;
  /**
   * The parameter box: a value for each `:name`, as text that `dsq compile --param NAME=VALUE`
   * would take (converted by the parameter's type). An empty value is no value.
   */
  readonly params?: ReadonlyMap<string, string>;
}

/** A parameter of the text, for the parameter box: its name, its type when something says it, and whether it is a value list (`IN :name`). */
export interface ParamSlot {
  readonly name: string;
  readonly type: ParamType | null;
  readonly list: boolean;
}

export interface Compiled {
  /** The JSON of the text (a select object, a SELECT action, or an array of them); null when the text has errors or no statement. */
  readonly json: string | null;
  readonly statements: number;
  /** What stops the text from compiling: syntax errors (line and column), or "no statement". */
  readonly errors: readonly Diagnostic[];
  /**
   * Every finding of the linter, syntax errors included (rule `syntax-error`), and the parser's
   * warnings (`syntax/quoted-text`: a double-quoted name that looks like text), in source order.
   */
  readonly lint: readonly LintDiagnostic[];
  /** The parameters of the text, each once, in order of first use (empty when the text has syntax errors). */
  readonly params: readonly ParamSlot[];
  /** The problems of the parameter values (a value its type refuses, a parameter with no value); also in `errors`. */
  readonly paramErrors: readonly Diagnostic[];
  /** Warnings of the parameter values (an untyped parameter given as text). */
  readonly paramWarnings: readonly Diagnostic[];
}

const NO_SPAN = { start: 0, end: 0, line: 1, column: 1, endLine: 1, endColumn: 1 } as const;

/** The lint findings plus the parser's warnings the linter does not report itself, in source order. */
function withParserWarnings(lint: readonly LintDiagnostic[], parsed: readonly Diagnostic[]): LintDiagnostic[] {
  const warnings: LintDiagnostic[] = parsed
    .filter((d) => d.severity !== 'error')
    .filter((d) => !lint.some((l) => l.message === d.message && l.span.start === (d.span?.start ?? 0)))
    .map((d) => ({ ...d, severity: 'warning', span: d.span ?? NO_SPAN }));
  if (warnings.length === 0) return [...lint];
  return [...lint, ...warnings].sort((a, b) => a.span.start - b.span.start);
}

/** A JSON array of already-serialised values, indented like toJson's output (as `dsq compile` writes it). */
function jsonArray(items: readonly string[], indent: number): string {
  if (indent === 0) return `[${items.join(',')}]`;
  if (items.length === 0) return '[]';
  const pad = ' '.repeat(indent);
  return `[\n${items.map((item) => pad + item.split('\n').join(`\n${pad}`)).join(',\n')}\n]`;
}

/**
 * dsq text → JSON and findings, in one parse. Parameters are typed and their values converted as
 * `dsq compile --param` does it (params/given.ts), then bound. Never throws for bad input.
 */
export function compileText(text: string, options: CompileOptions): Compiled {
  const doc = parseDocument(text);
  const lint = withParserWarnings(lintDocument(doc, { schema: options.schema }).diagnostics, doc.diagnostics);
  const errors = doc.diagnostics.filter((d) => d.severity === 'error');
  const none = { params: [], paramErrors: [], paramWarnings: [] };
  if (errors.length > 0) return { json: null, statements: doc.statements.length, errors, lint, ...none };
  if (doc.statements.length === 0) {
    const end = doc.lineIndex.span(text.length, text.length);
    return {
      json: null,
      statements: 0,
      errors: [{ code: 'syntax/no-statement', severity: 'error', message: 'expected a statement (SELECT ...), found the end of the input', span: end }],
      lint,
      ...none,
    };
  }
  const jsonOptions = { form: options.form, indent: options.indent };
  const write = (nodes: readonly Node[]) =>
    nodes.length === 1
      ? toJson(nodes[0] as Node, jsonOptions)
      : jsonArray(
          nodes.map((n) => toJson(n, jsonOptions)),
          options.indent,
        );
  if (paramNames(doc.statements.map((s) => s.node)).length === 0)
    return { json: write(doc.statements.map((s) => s.node)), statements: doc.statements.length, errors: [], lint, ...none };
  // Parameters: typed by annotation, schema field or literal (as dsq compile types them).
  const annotated = annotate(doc);
  const infos = annotated.statements.flatMap((s) => inferParams(s.node, options.schema, annotatedTypes(s)));
  const params: ParamSlot[] = [];
  for (const info of infos) if (!params.some((p) => p.name === info.name)) params.push({ name: info.name, type: info.type, list: info.list });
  const given = new Map<string, Given>();
  for (const p of params) {
    const value = options.params?.get(p.name);
    if (value !== undefined && value !== '') given.set(p.name, { text: value });
  }
  const spanOf = (n: Node) => doc.spans.get(n);
  const bound = paramValues({ values: given }, infos, spanOf);
  const paramErrors: Diagnostic[] = [...annotated.diagnostics, ...bound.diagnostics].filter((d) => d.severity === 'error');
  // (Said for the playground: the values come from its parameter box, the schema from its menu.)
  const paramWarnings = bound.diagnostics
    .filter((d) => d.severity !== 'error')
    .map((d) => {
      if (d.code !== 'params/untyped') return d;
      const info = infos.find((p) => d.message.startsWith(`the type of :${p.name} `));
      const span = info ? spanOf(info.node) : undefined;
      return {
        ...d,
        message: d.message.replace('--param gives it as', 'its value is'),
        hint: (d.hint ?? '').replace('or give --schema', 'or choose a schema'),
        ...(span ? { span } : {}),
      };
    });
  // A value its type refused is said once, where it was given: bound as NULL here (the JSON is
  // not shown while there are errors), so it is not said again as "no value".
  const values: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const name of given.keys()) values[name] = null;
  Object.assign(values, bound.values);
  const nodes: Node[] = [];
  for (const s of doc.statements) {
    try {
      nodes.push(bindParams(s.node, values, { spanOf, source: text }));
    } catch (err) {
      if (!(err instanceof DsqError)) throw err;
      paramErrors.push(...err.diagnostics.map((d) => (d.code === 'params/unbound' ? { ...d, hint: 'give a value under Parameters, below the query' } : d)));
    }
  }
  if (paramErrors.length > 0) {
    const sorted = paramErrors.sort((a, b) => (a.span?.start ?? -1) - (b.span?.start ?? -1));
    return { json: null, statements: nodes.length, errors: sorted, lint, params, paramErrors: sorted, paramWarnings };
  }
  return { json: write(nodes), statements: nodes.length, errors: [], lint, params, paramErrors: [], paramWarnings };
}

export type Decompiled = { readonly text: string; readonly errors?: undefined } | { readonly text?: undefined; readonly errors: readonly Diagnostic[] };

/**
 * Spec JSON (a select object, a SELECT action, or an array of them) → formatted dsq text, as
 * `dsq decompile` prints it. Errors carry their JSON pointer and line:col.
 */
export function decompileJson(json: string): Decompiled {
  try {
    const value = readSpecJson(json);
    const cx = { source: json };
    const nodes = value.type === 'array' ? value.items.map((item) => statementFromValue(item, cx)) : [statementFromValue(value, cx)];
    const text = nodes.map((n) => print(n)).join(';\n\n');
    return { text: text.length > 0 ? `${text}\n` : '' };
  } catch (err) {
    if (err instanceof DsqError) return { errors: err.diagnostics };
    throw err;
  }
}

/** The formatter; its errors (the text does not parse) as diagnostics. */
export function formatText(text: string): { text: string; errors?: undefined } | { text?: undefined; errors: readonly Diagnostic[] } {
  try {
    return { text: format(text) };
  } catch (err) {
    if (err instanceof DsqError) return { errors: err.diagnostics };
    throw err;
  }
}

/** A schema from its JSON text; errors with pointer and line:col. */
export function schemaFromText(text: string): { schema: Schema; errors?: undefined } | { schema?: undefined; errors: readonly Diagnostic[] } {
  try {
    return { schema: readSchema(text) };
  } catch (err) {
    if (err instanceof DsqError) return { errors: err.diagnostics };
    throw err;
  }
}

/** `3:14 /where: message` — the location parts that exist, then the message (and the hint). */
export function describe(d: Diagnostic): string {
  const where = [d.span ? `${d.span.line}:${d.span.column}` : '', d.pointer !== undefined ? `at ${showPointer(d.pointer)}` : ''].filter(Boolean).join(' ');
  return `${where ? `${where}: ` : ''}${d.message}${d.hint ? ` (hint: ${d.hint})` : ''}`;
}

/** The text without the white space between tokens (strings kept as written). */
function withoutSpaces(json: string): string {
  let out = '';
  for (let i = 0; i < json.length; i++) {
    const c = json[i] as string;
    if (c === '"') {
      let j = i + 1;
      while (j < json.length && json[j] !== '"') j += json[j] === '\\' ? 2 : 1;
      out += json.slice(i, j + 1);
      i = j;
    } else if (c !== ' ' && c !== '\n' && c !== '\r' && c !== '\t') out += c;
  }
  return out;
}

/** Deeper than this, pasted JSON is left as it is (the conversion below recurses). */
const MAX_INDENT_DEPTH = 200;

/**
 * Pasted JSON laid out as the compiler writes its own (serialize.ts: short containers on one
 * line), with `indent` spaces; null when it does not read as JSON or when laying it out would
 * change more than the white space between tokens (an escape written another way, `undefined`,
 * deep nesting): then it stays as pasted.
 */
export function indentJson(text: string, indent: number): string | null {
  let value: JsonValue;
  try {
    value = readSpecJson(text);
  } catch (err) {
    if (err instanceof DsqError) return null;
    throw err;
  }
  const out = (v: JsonValue, depth: number): Out | undefined => {
    if (depth > MAX_INDENT_DEPTH) return undefined;
    switch (v.type) {
      case 'null':
        return v.fromEmptyString ? '' : null;
      case 'boolean':
        return v.value;
      case 'number':
        return new Raw(v.text);
      case 'string':
        return v.value;
      case 'undefined':
        return undefined;
      case 'array': {
        const items = v.items.map((item) => out(item, depth + 1));
        return items.every((i) => i !== undefined) ? (items as Out[]) : undefined;
      }
      case 'object': {
        if (v.undefinedKeys !== null) return undefined;
        const entries = v.members.map((m) => [m.rawKey, out(m.value, depth + 1)] as const);
        return entries.every((e) => e[1] !== undefined) ? new Obj(entries as (readonly [string, Out])[]) : undefined;
      }
    }
  };
  const root = out(value, 0);
  if (root === undefined) return null;
  const laidOut = serialize(root, indent, () => null);
  return withoutSpaces(laidOut) === withoutSpaces(text) ? laidOut : null;
}
