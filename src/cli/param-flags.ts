import { resolve } from 'node:path';
import { DsqError } from '../diagnostic/index.js';
import { readSpecJson } from '../json/read-text.js';
import type { JsonValue } from '../json/value.js';
import { paramValues, type Given, type GivenParams } from '../params/given.js';
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

export { paramValues, type GivenParams };
