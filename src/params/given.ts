/**
 * Parameter values as the user gives them (text, as `--param NAME=VALUE` and the playground's
 * parameter box take them, or JSON values of a params file), each converted by its parameter's
 * type (convert.ts) into what bindParams takes. No file system here: the CLI reads the flags and
 * files (cli/param-flags.ts), the playground its inputs.
 */
import type { Node } from '../ast/nodes.js';
import { DsqError, type Diagnostic, type Span } from '../diagnostic/index.js';
import { didYouMean } from '../diagnostic/suggest.js';
import { readSpecJson } from '../json/read-text.js';
import type { JsonValue } from '../json/value.js';
import { convertList, convertParam } from './convert.js';
import type { ParamInfo } from './infer.js';

/** A value as given: text from --param, or a JSON value from --params-file. */
export type Given = { readonly text: string } | { readonly json: JsonValue; readonly file: string; readonly at: Span | null };

export interface GivenParams {
  readonly values: ReadonlyMap<string, Given>;
}

/**
 * The values to bind, each converted by its parameter's type (convert.ts); the warnings (an
 * unused --param, an untyped parameter given as text) and errors (a value its type refuses).
 */
export function paramValues(
  given: GivenParams,
  params: readonly ParamInfo[],
  spanOf: (node: Node) => Span | undefined = () => undefined,
): { values: Record<string, unknown>; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  // (No prototype: a parameter may be named __proto__, or like another member of Object.prototype.)
  const values: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const byName = new Map<string, ParamInfo>();
  for (const p of params) if (!byName.has(p.name)) byName.set(p.name, p);
  const names = [...byName.keys()];
  const their = names.length > 0 ? ` (its parameters: ${names.map((n) => `:${n}`).join(', ')})` : '';
  const near = (name: string) => didYouMean(name, names).replace(/"([^"]*)"/g, ':$1');
  /** The values of the params file that no parameter takes: said once, together. */
  const fromFile: { name: string; file: string; at: Span | null }[] = [];
  for (const [name, value] of given.values) {
    const info = byName.get(name);
    if (!info) {
      if ('text' in value) {
        diagnostics.push({
          code: 'params/unused',
          severity: 'warning',
          message: `--param ${name} is not used: the input has no parameter :${name}${near(name)}${their}`,
        });
      } else fromFile.push({ name, file: value.file, at: value.at });
      continue;
    }
    const what = `parameter :${name}`;
    try {
      values[name] = 'text' in value ? fromText(value.text, info, what, diagnostics) : fromJson(value.json, info, what);
    } catch (err) {
      if (!(err instanceof DsqError)) throw err;
      const span = spanOf(info.node);
      diagnostics.push(...err.diagnostics.map((d) => ({ ...d, severity: 'error' as const, ...(span ? { span } : {}) })));
    }
  }
  if (fromFile.length === 1) {
    const [{ name, file, at }] = fromFile as [(typeof fromFile)[number]];
    diagnostics.push({
      code: 'params/unused',
      severity: 'warning',
      message: `${name} of ${file}${at ? `:${at.line}:${at.column}` : ''} is not used: the input has no parameter :${name}${near(name)}${their}`,
    });
  } else if (fromFile.length > 1) {
    const file = (fromFile[0] as (typeof fromFile)[number]).file;
    const list = fromFile.map(({ name, at }) => `${name}${at ? ` (${at.line}:${at.column})` : ''}${near(name)}`);
    diagnostics.push({
      code: 'params/unused',
      severity: 'warning',
      message: `${fromFile.length} values of ${file} are not used, the input has no such parameters: ${list.join(', ')}${their}`,
    });
  }
  return { values, diagnostics };
}

function fromText(text: string, info: ParamInfo, what: string, diagnostics: Diagnostic[]): unknown {
  if (info.type === null && !info.list) {
    diagnostics.push({
      code: 'params/untyped',
      severity: 'warning',
      message: `the type of :${info.name} is not known (no schema field, literal or annotation says it): --param gives it as the string ${JSON.stringify(text)}`,
      hint: `state it with -- @param ${info.name} TYPE before the statement, or give --schema`,
    });
  }
  if (!info.list) return convertParam(text, info.type, what);
  // A list: a JSON array, or items separated by commas.
  if (text.trimStart().startsWith('[')) {
    let json: JsonValue;
    try {
      json = readSpecJson(text);
    } catch (err) {
      if (err instanceof DsqError) throw new DsqError(err.diagnostics.map((d) => ({ ...d, message: `${what}: ${d.message}` })));
      throw err;
    }
    return fromJson(json, info, what);
  }
  return convertList(text === '' ? [] : text.split(','), info.type, what);
}

function fromJson(json: JsonValue, info: ParamInfo, what: string): unknown {
  if (json.type === 'array') {
    if (!info.list)
      throw new DsqError([
        { code: 'params/invalid-value', severity: 'error', message: `${what} is given an array: an array is a value list only after IN (x IN :${info.name})` },
      ]);
    return json.items.map((item, i) => scalarFromJson(item, info, `item ${i + 1} of ${what}`));
  }
  return scalarFromJson(json, info, what);
}

function scalarFromJson(json: JsonValue, info: ParamInfo, what: string): unknown {
  switch (json.type) {
    case 'null':
    case 'undefined':
      return null;
    case 'string':
      return convertParam(json.value, info.type, what);
    case 'number':
      if (info.type === 'string')
        throw new DsqError([{ code: 'params/invalid-value', severity: 'error', message: `${what} is a string parameter, got the number ${json.text}` }]);
      // Exact: the number's text as written, never a JS number.
      return convertParam(json.text, info.type ?? 'number', what);
    default:
      throw new DsqError([
        {
          code: 'params/invalid-value',
          severity: 'error',
          message: `${what} must be a string, number or null${info.list ? ' (or an array of those)' : ''}, got ${json.type === 'boolean' ? 'a boolean (the expressions have no boolean literal: use 1 or 0)' : `a JSON ${json.type}`}`,
        },
      ]);
  }
}
