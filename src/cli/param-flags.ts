import { resolve } from 'node:path';
import type { Node } from '../ast/nodes.js';
import { DsqError, type Diagnostic, type Span } from '../diagnostic/index.js';
import { readSpecJson } from '../json/read-text.js';
import { didYouMean } from '../diagnostic/suggest.js';
import type { JsonValue } from '../json/value.js';
import { convertList, convertParam } from '../params/convert.js';
import type { ParamInfo } from '../params/infer.js';
import { UsageError, type CommandContext, type Io } from './command.js';
import { FileError, readTextFile } from './io.js';

/**
 * A text file the command reads (a schema, parameter values, query files): not UTF-8 is a
 * FileError with its code frame. `named`: as for readTextFile (the Io of a file named on the
 * command line; null for one found by a walk, a glob or a config).
 */
export async function readText(path: string, shown: string, named: Io | null = null): Promise<string> {
  try {
    return await readTextFile(path, shown, named);
  } catch (err) {
    if (err instanceof DsqError) throw new FileError(err.format(shown));
    throw err;
  }
}

/** The flags of commands that bind parameters: --param NAME=VALUE (repeatable), --params-file FILE. */
export const PARAM_FLAG_OPTIONS = {
  param: { type: 'string', multiple: true },
  'params-file': { type: 'string' },
} as const;

/** A value as given: text from --param, or a JSON value from --params-file. */
type Given = { readonly text: string } | { readonly json: JsonValue; readonly file: string; readonly at: Span | null };

export interface GivenParams {
  readonly values: ReadonlyMap<string, Given>;
}

/** Reads --params-file (a JSON object) then --param NAME=VALUE (later wins). Usage errors for bad flags. */
export async function readParamFlags(ctx: Pick<CommandContext, 'values' | 'io'>): Promise<GivenParams> {
  const values = new Map<string, Given>();
  const file = ctx.values['params-file'];
  if (typeof file === 'string') {
    const text = await readText(resolve(ctx.io.cwd, file), file, ctx.io);
    let json: JsonValue;
    try {
      json = readSpecJson(text);
    } catch (err) {
      if (err instanceof DsqError) throw new FileError(new DsqError(err.diagnostics, text).format(file));
      throw err;
    }
    if (json.type !== 'object') throw new UsageError(`--params-file ${file} must hold a JSON object of parameter names to values`);
    for (const m of json.members) values.set(m.rawKey.replace(/^:/, ''), { json: m.value, file, at: m.keySpan });
  }
  const flags = ctx.values['param'];
  for (const flag of Array.isArray(flags) ? flags : flags === undefined ? [] : [flags]) {
    const m = typeof flag === 'string' ? /^:?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(flag) : null;
    if (!m) throw new UsageError(`--param takes NAME=VALUE (such as --param region=EU), got ${JSON.stringify(flag)}`);
    values.set(m[1] as string, { text: m[2] as string });
  }
  return { values };
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
        diagnostics.push({ code: 'params/unused', severity: 'warning', message: `--param ${name} is not used: the input has no parameter :${name}${near(name)}${their}` });
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
    diagnostics.push({ code: 'params/unused', severity: 'warning', message: `${name} of ${file}${at ? `:${at.line}:${at.column}` : ''} is not used: the input has no parameter :${name}${near(name)}${their}` });
  } else if (fromFile.length > 1) {
    const file = (fromFile[0] as (typeof fromFile)[number]).file;
    const list = fromFile.map(({ name, at }) => `${name}${at ? ` (${at.line}:${at.column})` : ''}${near(name)}`);
    diagnostics.push({ code: 'params/unused', severity: 'warning', message: `${fromFile.length} values of ${file} are not used, the input has no such parameters: ${list.join(', ')}${their}` });
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
    if (!info.list) throw new DsqError([{ code: 'params/invalid-value', severity: 'error', message: `${what} is given an array: an array is a value list only after IN (x IN :${info.name})` }]);
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
      if (info.type === 'string') throw new DsqError([{ code: 'params/invalid-value', severity: 'error', message: `${what} is a string parameter, got the number ${json.text}` }]);
      // Exact: the number's text as written, never a JS number.
      return convertParam(json.text, info.type ?? 'number', what);
    default:
      throw new DsqError([{ code: 'params/invalid-value', severity: 'error', message: `${what} must be a string, number or null${info.list ? ' (or an array of those)' : ''}, got ${json.type === 'boolean' ? 'a boolean (the expressions have no boolean literal: use 1 or 0)' : `a JSON ${json.type}`}` }]);
  }
}
