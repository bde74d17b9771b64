import type { JsonForm } from '../json/to-json.js';
import { UsageError, type CommandContext } from './command.js';

/** The flags of the commands that print spec JSON (compile, normalize): --form, --expr, --indent. */
export const JSON_FLAG_OPTIONS = {
  form: { type: 'string' },
  expr: { type: 'boolean' },
  indent: { type: 'string' },
} as const;

export interface JsonFlags {
  readonly form: JsonForm;
  readonly indent: number;
  readonly expr: boolean;
  /** The one input file, or undefined for standard input (or several files, when allowed). */
  readonly file: string | undefined;
}

/** The flags, checked; `several`: the command takes several files (then `file` is the first). */
export function jsonFlags({ values, positionals }: Pick<CommandContext, 'values' | 'positionals'>, several = false): JsonFlags {
  const form = (values.form ?? 'short') as string;
  if (form !== 'short' && form !== 'full') throw new UsageError(`--form must be short or full; got "${form}"`);
  const indentText = (values.indent ?? '2') as string;
  if (!/^\d{1,2}$/.test(indentText) || Number(indentText) > 16) {
    throw new UsageError(`--indent must be a whole number from 0 to 16; got "${indentText}"`);
  }
  if (positionals.length > 1 && !several) throw new UsageError(`give one FILE (or - for standard input); got ${positionals.length}`);
  return { form, indent: Number(indentText), expr: values.expr === true, file: positionals[0] };
}
