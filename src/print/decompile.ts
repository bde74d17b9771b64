import type { Expr, Node } from '../ast/nodes.js';
import { hasErrors, valueOrThrow, type Diagnostic, type Result } from '../diagnostic/index.js';
import { fromJsonExpressionResult, fromJsonStatementsResult } from '../json/from-json.js';
import { readJsonText } from '../json/read-text.js';
import { DEFAULT_MAX_DEPTH } from '../syntax/parse.js';
import { textDepth } from './operands.js';
import type { PrintOptions } from './options.js';
import { print } from './print.js';

export interface DecompileOptions extends PrintOptions {
  /** The input is one expression, not statements. */
  readonly expr?: boolean;
}

/**
 * Spec JSON (text, or a JS value) → formatted dsq text: a select object or a SELECT action
 * (or a data action), or a JSON array of them (printed separated by `;` and a blank line);
 * with `expr`, an expression. What `dsq decompile` prints (without the final newline). Throws
 * a DsqError with every diagnostic found.
 */
export function decompile(input: string | unknown, options: DecompileOptions = {}): string {
  return valueOrThrow(decompileResult(input, options), typeof input === 'string' ? input : undefined);
}

/**
 * `decompile` without throwing: every diagnostic of the JSON (each with its pointer and, for
 * text, line:col), and the text when none is an error. A tree whose text would nest deeper
 * than the parser reads (DEFAULT_MAX_DEPTH) has no text form: an error, though the JSON is
 * valid (`dsq normalize` reads it).
 */
export function decompileResult(input: string | unknown, options: DecompileOptions = {}): Result<string> {
  const read: Result<readonly Node[]> = options.expr === true ? single(fromJsonExpressionResult(input)) : fromJsonStatementsResult(input);
  if (read.value === undefined) return { diagnostics: read.diagnostics };
  const nodes = read.value;
  const deep = nodes.flatMap((node, i) => (textDepth(node) > DEFAULT_MAX_DEPTH ? [i] : []));
  if (deep.length > 0) {
    const diagnostics = [...read.diagnostics, ...deep.map((i) => tooDeep(input, options.expr !== true && nodes.length > 0 && isArrayInput(input), i))];
    return { diagnostics };
  }
  const text = nodes.map((n) => print(n, options)).join(';\n\n');
  return hasErrors(read.diagnostics) ? { diagnostics: read.diagnostics } : { value: text, diagnostics: read.diagnostics };
}

function single(r: Result<Expr>): Result<readonly Node[]> {
  return r.value === undefined ? { diagnostics: r.diagnostics } : { value: [r.value], diagnostics: r.diagnostics };
}

function isArrayInput(input: unknown): boolean {
  return typeof input === 'string' ? /^\ufeff?[ \t\r\n]*\[/.test(input) : Array.isArray(input);
}

/** The error for statement `i` (of an array, or the whole input), placed on its JSON value. */
function tooDeep(input: unknown, inArray: boolean, i: number): Diagnostic {
  const pointer = inArray ? `/${i}` : '';
  let span;
  if (typeof input === 'string') {
    const root = readJsonText(input).value;
    const at = inArray && root?.type === 'array' ? root.items[i] : root;
    span = at?.span ?? undefined;
  }
  return {
    code: 'print/nesting-too-deep',
    severity: 'error',
    message: `nesting deeper than ${DEFAULT_MAX_DEPTH} levels: no text form`,
    pointer,
    ...(span ? { span } : {}),
    hint: `dsq text nests at most ${DEFAULT_MAX_DEPTH} levels (parentheses, calls, CASE, subqueries, prefix operators); the JSON is valid and dsq normalize reads it`,
  };
}
