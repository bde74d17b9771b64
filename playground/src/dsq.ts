/**
 * What the playground asks of dsq, through the library's public functions (the names src/index.ts
 * exports). They are imported from the folders' own entry points rather than src/index.ts: the
 * index also exports the dsq.config.json loader, which needs Node's file system and has no place
 * in a browser bundle.
 */
import { DsqError, showPointer, type Diagnostic } from '../../src/diagnostic/index.js';
import { readSpecJson, statementFromValue, toJson, type JsonForm } from '../../src/json/index.js';
import { applyFixes, LINT_RULES, lintDocument, type Fix, type LintDiagnostic } from '../../src/lint/index.js';
import { format, print } from '../../src/print/index.js';
import { allDatabases, readSchema, type Schema, type SchemaDatabase } from '../../src/schema/index.js';
import { parseDocument } from '../../src/syntax/index.js';

export { DsqError, LINT_RULES, applyFixes, allDatabases, showPointer, type Diagnostic, type Fix, type LintDiagnostic, type Schema, type SchemaDatabase };

export interface CompileOptions {
  readonly form: JsonForm;
  readonly indent: number;
  readonly schema: Schema | null;
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

/** dsq text → JSON and findings, in one parse. Never throws for bad input. */
export function compileText(text: string, options: CompileOptions): Compiled {
  const doc = parseDocument(text);
  const lint = withParserWarnings(lintDocument(doc, { schema: options.schema }).diagnostics, doc.diagnostics);
  const errors = doc.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) return { json: null, statements: doc.statements.length, errors, lint };
  if (doc.statements.length === 0) {
    const end = doc.lineIndex.span(text.length, text.length);
    return {
      json: null,
      statements: 0,
      errors: [{ code: 'syntax/no-statement', severity: 'error', message: 'expected a statement (SELECT ...), found the end of the input', span: end }],
      lint,
    };
  }
  const jsonOptions = { form: options.form, indent: options.indent };
  const nodes = doc.statements.map((s) => s.node);
  const json = nodes.length === 1 ? toJson(nodes[0] as (typeof nodes)[number], jsonOptions) : jsonArray(nodes.map((n) => toJson(n, jsonOptions)), options.indent);
  return { json, statements: nodes.length, errors: [], lint };
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
