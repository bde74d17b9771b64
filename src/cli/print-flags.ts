import { loadConfig, type DsqConfig } from '../config/index.js';
import type { PrintOptions } from '../print/index.js';
import { UsageError, type CommandContext } from './command.js';

/** The layout flags `dsq decompile` and `dsq fmt` share. */
export const PRINT_FLAG_OPTIONS = {
  width: { type: 'string' },
  'keyword-case': { type: 'string' },
  indent: { type: 'string' },
} as const;

export const PRINT_FLAG_HELP = `  --width N                 line width (default 80, or "width" in dsq.config.json)
  --keyword-case CASE       upper (default), lower or preserve (keep the source's case)
  --indent N                spaces per indentation level (default 2)`;

function wholeFlag(value: unknown, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}; got "${text}"`);
  }
  return Number(text);
}

/** The layout flags of a command line, checked (a bad value is a usage error). */
export function printFlags(values: CommandContext['values']): PrintOptions {
  const width = wholeFlag(values.width, 'width', 1, 10_000);
  const indent = wholeFlag(values.indent, 'indent', 0, 16);
  const keywordCase = values['keyword-case'];
  if (keywordCase !== undefined && keywordCase !== 'upper' && keywordCase !== 'lower' && keywordCase !== 'preserve') {
    throw new UsageError(`--keyword-case must be upper, lower or preserve; got "${String(keywordCase)}"`);
  }
  return {
    ...(width !== undefined ? { width } : {}),
    ...(indent !== undefined ? { indent } : {}),
    ...(keywordCase !== undefined ? { keywordCase } : {}),
  };
}

/** Config settings overridden by flags. */
export function mergePrintOptions(config: DsqConfig, flags: PrintOptions): PrintOptions {
  return {
    ...(config.width !== undefined ? { width: config.width } : {}),
    ...(config.indent !== undefined ? { indent: config.indent } : {}),
    ...(config.keywordCase !== undefined ? { keywordCase: config.keywordCase } : {}),
    ...flags,
  };
}

/** Config lookups, one per directory. */
export class ConfigCache {
  private readonly byDir = new Map<string, Promise<DsqConfig>>();
  get(dir: string): Promise<DsqConfig> {
    let found = this.byDir.get(dir);
    if (!found) {
      found = loadConfig(dir);
      this.byDir.set(dir, found);
    }
    return found;
  }
}
