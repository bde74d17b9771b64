import type { Node, Statement } from '../ast/nodes.js';
import { DsqError } from '../diagnostic/index.js';
import { toJson, toJsonArray, type ToJsonOptions } from '../json/to-json.js';
import { parseDocument, type ParseOptions } from '../syntax/index.js';
import { bindParams, type ParamValues } from './bind.js';

export interface CompileOptions extends ToJsonOptions, ParseOptions {
  /** A value for every parameter `:name` of the text (see bindParams); names the text does not use are ignored. */
  readonly params?: ParamValues;
}

/**
 * dsq text → the service's JSON text, with its parameters bound to `params`: one statement
 * gives its JSON, several (separated by ';') a JSON array. A syntax error, a parameter without
 * a value (all of them are named) or a value that is not a literal is a DsqError placed in the
 * text.
 */
export function compile(text: string, options: CompileOptions = {}): string {
  const nodes = compileToAst(text, options);
  return nodes.length === 1 ? toJson(nodes[0] as Node, options) : toJsonArray(nodes, options);
}

/** compile, up to the trees: every statement with its parameters bound. */
export function compileToAst(text: string, options: CompileOptions = {}): Statement[] {
  const doc = parseDocument(text, options);
  const errors = doc.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new DsqError(errors, text);
  if (doc.statements.length === 0) {
    throw new DsqError([{ code: 'syntax/no-statement', severity: 'error', message: 'expected a statement (SELECT ...), found the end of the input', span: doc.lineIndex.span(text.length, text.length) }], text);
  }
  const values = options.params ?? {};
  const spanOf = (n: Node) => doc.spans.get(n);
  return doc.statements.map((s) => bindParams(s.node, values, { spanOf, source: text }));
}
