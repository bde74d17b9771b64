import { FUNCTION_CASES, INDENT_RANGE, KEYWORD_CASES, layoutOf, WIDTH_RANGE, type DsqConfig } from '../config/index.js';
import type { PrintOptions } from '../print/index.js';
import { UsageError, type CommandContext } from './command.js';

/** The layout flags `dsq decompile`, `dsq fmt` and `dsq check` share. */
export const PRINT_FLAG_OPTIONS = {
  width: { type: 'string' },
  'keyword-case': { type: 'string' },
  'function-case': { type: 'string' },
  indent: { type: 'string' },
  'use-tabs': { type: 'boolean' },
} as const;

export const PRINT_FLAG_HELP = `  --width N                 line width, ${WIDTH_RANGE.min} to ${WIDTH_RANGE.max} (default 80, or "width" in dsq.config.json)
  --keyword-case CASE       upper (default), lower or preserve (each keyword as it is written)
  --function-case CASE      upper (default), lower or preserve (each function name as written)
  --indent N                spaces per indentation level, ${INDENT_RANGE.min} to ${INDENT_RANGE.max} (default 2)
  --use-tabs                indent with a tab per level (counting --indent columns)`;

function wholeFlag(value: unknown, name: string, range: { readonly min: number; readonly max: number }): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  if (!/^\d+$/.test(text) || Number(text) < range.min || Number(text) > range.max) {
    throw new UsageError(`--${name} must be a whole number from ${range.min} to ${range.max}; got "${text}"`);
  }
  return Number(text);
}

function caseFlag(value: unknown, name: string, cases: readonly string[]): 'upper' | 'lower' | 'preserve' | undefined {
  if (value === undefined) return undefined;
  if (!cases.includes(String(value)))
    throw new UsageError(`--${name} must be ${cases.slice(0, -1).join(', ')} or ${cases[cases.length - 1]}; got "${String(value)}"`);
  return value as 'upper' | 'lower' | 'preserve';
}

/** The layout flags of a command line, checked (a bad value is a usage error); the ranges are the config reader's. */
export function printFlags(values: CommandContext['values']): PrintOptions {
  const width = wholeFlag(values.width, 'width', WIDTH_RANGE);
  const indent = wholeFlag(values.indent, 'indent', INDENT_RANGE);
  const keywordCase = caseFlag(values['keyword-case'], 'keyword-case', KEYWORD_CASES);
  const functionCase = caseFlag(values['function-case'], 'function-case', FUNCTION_CASES);
  return {
    ...(width !== undefined ? { width } : {}),
    ...(indent !== undefined ? { indent } : {}),
    ...(keywordCase !== undefined ? { keywordCase } : {}),
    ...(functionCase !== undefined ? { functionCase } : {}),
    ...(values['use-tabs'] === true ? { useTabs: true } : {}),
  };
}

/** Config settings overridden by flags. */
export function mergePrintOptions(config: DsqConfig, flags: PrintOptions): PrintOptions {
  return { ...layoutOf(config), ...flags };
}
