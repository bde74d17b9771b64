import { resolve } from 'node:path';
import type { Node, Statement } from '../ast/nodes.js';
import { DsqError, formatDiagnostic, type Diagnostic } from '../diagnostic/diagnostic.js';
import { fromJsonStatementsResult } from '../json/from-json.js';
import { annotate, annotatedTypes } from '../params/annotations.js';
import { bindParams } from '../params/bind.js';
import { inferParams } from '../params/infer.js';
import { readSchema, type Schema } from '../schema/index.js';
import { SqlError } from '../sql/index.js';
import { parseDocument } from '../syntax/index.js';
import type { CommandContext } from './command.js';
import { FileError } from './io.js';
import { paramValues, readParamFlags, readText } from './param-flags.js';

/**
 * The statements `dsq run` and `dsq sql` read: dsq text or spec JSON (by its first character),
 * parameters bound from --param/--params-file by their types, each statement's nodes placed
 * in the text so a problem found later (an unknown field) is shown at its line and column.
 */
export interface CliStatements {
  readonly statements: readonly Statement[];
  /** Every problem as FILE:LINE:COL: error: message with a code frame. */
  format(diagnostics: readonly Diagnostic[]): string;
  /** An error of the translator or the runner, placed at its node when the text has it. */
  formatError(err: DsqError): string;
}

/** Reads the schema of a file (a usage-level failure: the message names the file). */
export async function schemaFile(cwd: string, file: string): Promise<{ schema: Schema; text: string }> {
  const text = await readText(resolve(cwd, file), file);
  try {
    return { schema: readSchema(text), text };
  } catch (err) {
    if (err instanceof DsqError) throw new FileError(new DsqError(err.diagnostics, text).format(file));
    throw err;
  }
}

export async function cliStatements(
  ctx: Pick<CommandContext, 'values' | 'io'>,
  text: string,
  name: string,
  schema: Schema,
): Promise<CliStatements | { errors: string }> {
  const format = (ds: readonly Diagnostic[]) => ds.map((d) => formatDiagnostic(d, text, name)).join('\n');
  const given = await readParamFlags(ctx);
  if (/^\s*[[{]/.test(text)) {
    const r = fromJsonStatementsResult(text);
    const errors = r.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0 || r.value === undefined) return { errors: format(errors) };
    if (given.values.size > 0) return { errors: `${name}: --param: JSON has no parameters (:name is dsq text's)` };
    return { statements: r.value, format, formatError: (err) => format(err.diagnostics) };
  }
  const doc = parseDocument(text);
  const errors = doc.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) return { errors: format(errors) };
  if (doc.statements.length === 0)
    return {
      errors: format([
        {
          code: 'syntax/no-statement',
          severity: 'error',
          message: 'expected a statement, found the end of the input',
          span: doc.lineIndex.span(text.length, text.length),
        },
      ]),
    };
  const annotated = annotate(doc);
  const infos = annotated.statements.flatMap((s) => inferParams(s.node, schema, annotatedTypes(s)));
  const bound = paramValues(given, infos, (n) => doc.spans.get(n));
  const problems = [...annotated.diagnostics, ...bound.diagnostics].filter((d) => d.severity === 'error');
  if (problems.length > 0) return { errors: format(problems) };
  const statements: Statement[] = [];
  // Where each node of a bound tree stands: its own span, or that of the node it was bound from.
  const spans = new WeakMap<Node, import('../diagnostic/span.js').Span>();
  for (const s of doc.statements) {
    try {
      const node = bindParams(s.node, bound.values, { spanOf: (n) => doc.spans.get(n), source: text }) as Statement;
      statements.push(node);
      placeSpans(s.node, node, doc.spans, spans);
    } catch (err) {
      if (err instanceof DsqError) return { errors: format(err.diagnostics) };
      throw err;
    }
  }
  return {
    statements,
    format,
    formatError: (err) => {
      const at = err instanceof SqlError && err.node !== null ? spans.get(err.node) : undefined;
      return format(err.diagnostics.map((d) => (at !== undefined && d.span === undefined ? { ...d, span: at } : d)));
    },
  };
}

/** Copies the spans of a tree onto the bound tree (same shape; bound parameters keep their parameter's span). */
function placeSpans(
  from: Node,
  to: Node,
  source: WeakMap<Node, import('../diagnostic/span.js').Span>,
  out: WeakMap<Node, import('../diagnostic/span.js').Span>,
): void {
  const stack: [unknown, unknown][] = [[from, to]];
  while (stack.length > 0) {
    const [a, b] = stack.pop() as [unknown, unknown];
    if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) continue;
    const span = source.get(a as Node);
    if (span !== undefined) out.set(b as Node, span);
    for (const key of Object.keys(a)) {
      const x = (a as Record<string, unknown>)[key];
      const y = (b as Record<string, unknown>)[key];
      if (typeof x === 'object' && x !== null) stack.push([x, y]);
    }
  }
}
