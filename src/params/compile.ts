import type { Node, Statement } from '../ast/nodes.js';
import { DsqError, hasErrors, valueOrThrow, type Diagnostic, type Result } from '../diagnostic/index.js';
import { toJson, toJsonArray, type ToJsonOptions } from '../json/to-json.js';
import { parseDocument, type ParseOptions } from '../syntax/index.js';
import { bindParams, type ParamValues } from './bind.js';
import { listNames, paramNames } from '../ast/param-names.js';
import { didYouMean } from '../diagnostic/suggest.js';

export interface CompileOptions extends ToJsonOptions, ParseOptions {
  /**
   * A value for every parameter `:name` of the text (see bindParams). A name the text does not
   * use is a warning (`params/unused`, in compileResult's diagnostics; compile goes on).
   */
  readonly params?: ParamValues;
}

/**
 * dsq text → the service's JSON text, with its parameters bound to `params`: one statement
 * gives its JSON, several (separated by ';') a JSON array. A syntax error, a parameter without
 * a value (all of them are named, each at its first use) or a value that is not a literal is a
 * DsqError placed in the text, with every diagnostic found. A value no parameter takes is a
 * warning: compileResult returns it with the JSON.
 */
export function compile(text: string, options: CompileOptions = {}): string {
  return valueOrThrow(compileResult(text, options), text);
}

/** `compile` without throwing: every diagnostic of the text, and the JSON text when none is an error. */
export function compileResult(text: string, options: CompileOptions = {}): Result<string> {
  const trees = compileToAstResult(text, options);
  if (trees.value === undefined) return trees as Result<never>;
  const nodes = trees.value;
  return { value: nodes.length === 1 ? toJson(nodes[0] as Node, options) : toJsonArray(nodes, options), diagnostics: trees.diagnostics };
}

/** compile, up to the trees: every statement with its parameters bound. Throws a DsqError with every diagnostic found. */
export function compileToAst(text: string, options: CompileOptions = {}): Statement[] {
  return valueOrThrow(compileToAstResult(text, options), text);
}

/** `compileToAst` without throwing. */
export function compileToAstResult(text: string, options: CompileOptions = {}): Result<Statement[]> {
  const doc = parseDocument(text, options);
  if (hasErrors(doc.diagnostics)) return { diagnostics: doc.diagnostics };
  if (doc.statements.length === 0) {
    return {
      diagnostics: [
        ...doc.diagnostics,
        {
          code: 'syntax/no-statement',
          severity: 'error',
          message: 'expected a statement (SELECT ...), found the end of the input',
          span: doc.lineIndex.span(text.length, text.length),
          expected: 'a statement',
        },
      ],
    };
  }
  const values = options.params ?? {};
  const spanOf = (n: Node) => doc.spans.get(n);
  const out: Statement[] = [];
  const found: Diagnostic[] = [...doc.diagnostics];
  // Each statement is bound on its own, so the parameters missing in all of them are reported.
  for (const s of doc.statements) {
    try {
      out.push(bindParams(s.node, values, { spanOf, source: text }));
    } catch (err) {
      if (!(err instanceof DsqError)) throw err;
      found.push(...err.diagnostics);
    }
  }
  found.push(...unusedParams(values, paramNames(doc.statements.map((s) => s.node))));
  return hasErrors(found) ? { diagnostics: found } : { value: out, diagnostics: found };
}

/** A warning for each value given that no parameter of the text takes (a misspelt name, most likely). */
export function unusedParams(values: object, used: readonly string[]): Diagnostic[] {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return [];
  const usedSet = new Set(used);
  return Object.keys(values)
    .filter((name) => !usedSet.has(name))
    .map((name) => ({
      code: 'params/unused',
      severity: 'warning' as const,
      message: `the value of ${name} is not used: the text has no parameter :${name}${didYouMean(name, used).replace(/"([^"]*)"/g, ':$1')}`,
      hint: used.length > 0 ? `its parameters: ${listNames(used)}` : 'the text has no parameters',
    }));
}
