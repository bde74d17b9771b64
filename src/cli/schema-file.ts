import { DsqError } from '../diagnostic/diagnostic.js';
import { readSchema, type Schema } from '../schema/index.js';
import { UsageError, type Io } from './command.js';
import { FileError, readTextFile } from './io.js';

/** A schema file: `named` (the command's Io) for --schema, null for the one a config names (a regular file only). */
export async function loadSchema(path: string, shown: string, named: Io | null): Promise<Schema> {
  let text: string;
  try {
    text = await readTextFile(path, shown, named);
  } catch (err) {
    if (err instanceof FileError) throw new UsageError(`cannot read the schema file ${shown}: ${err.message.replace(/^cannot read .*?: /, '')}`);
    if (err instanceof DsqError) throw new UsageError(`the schema file ${shown} is not valid:\n${err.format(shown)}`);
    throw err;
  }
  try {
    return readSchema(text);
  } catch (err) {
    if (err instanceof DsqError) throw new UsageError(`the schema file ${shown} is not valid:\n${err.format(shown)}`);
    throw err;
  }
}
