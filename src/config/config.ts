import { readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { DsqError, LineIndex, type Diagnostic } from '../diagnostic/index.js';

export type RuleLevel = 'off' | 'warning' | 'error';
export type RuleSetting = RuleLevel | [RuleLevel, Record<string, unknown>];

/** The settings of a `dsq.config.json`. */
export interface DsqConfig {
  readonly width?: number;
  readonly keywordCase?: 'upper' | 'lower' | 'preserve';
  readonly indent?: number;
  /** Path of a schema file, resolved against the config file's directory. */
  readonly schema?: string;
  readonly rules?: Record<string, RuleSetting>;
  /** The config file these settings came from (absent when none was found). */
  readonly configPath?: string;
}

export const CONFIG_FILE = 'dsq.config.json';

/** A config file that cannot be read: a DsqError that knows the file. */
export class ConfigError extends DsqError {
  constructor(
    diagnostics: readonly Diagnostic[],
    source: string | undefined,
    readonly path: string,
  ) {
    super(diagnostics, source);
  }

  override format(): string {
    return super.format(this.path);
  }
}

/**
 * Find `dsq.config.json` in the directory of `startPath` (a file or a directory) or the
 * nearest one above it, and read it. No config file gives `{}`.
 */
export async function loadConfig(startPath: string): Promise<DsqConfig> {
  let dir = resolve(startPath);
  try {
    if (!(await stat(dir)).isDirectory()) dir = dirname(dir);
  } catch {
    dir = dirname(dir);
  }
  for (;;) {
    const candidate = join(dir, CONFIG_FILE);
    let text: string | null = null;
    try {
      text = await readFile(candidate, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') {
        throw new ConfigError([{ code: 'config/unreadable', severity: 'error', message: `cannot read the config file: ${(err as Error).message}` }], undefined, candidate);
      }
    }
    if (text !== null) return parseConfig(text, candidate);
    const parent = dirname(dir);
    if (parent === dir) return {};
    dir = parent;
  }
}

const KEYWORD_CASES = ['upper', 'lower', 'preserve'];
const LEVELS = ['off', 'warning', 'error'];

/** Read and check the text of a config file at `path` (for messages and the schema path). */
export function parseConfig(text: string, path: string): DsqConfig {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (err) {
    throw new ConfigError([jsonDiagnostic(source, (err as Error).message)], source, path);
  }
  const problems: Diagnostic[] = [];
  const bad = (pointer: string, message: string) =>
    problems.push({ code: 'config/invalid', severity: 'error', message, pointer });
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError([{ code: 'config/invalid', severity: 'error', message: 'the config must be a JSON object', pointer: '' }], source, path);
  }
  const out: { -readonly [K in keyof DsqConfig]: DsqConfig[K] } = { configPath: path };
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const pointer = `/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    switch (key) {
      case 'width':
        if (Number.isInteger(v) && (v as number) >= 20 && (v as number) <= 1000) out.width = v as number;
        else bad(pointer, `"width" must be a whole number from 20 to 1000, got ${JSON.stringify(v)}`);
        break;
      case 'indent':
        if (Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 16) out.indent = v as number;
        else bad(pointer, `"indent" must be a whole number from 0 to 16, got ${JSON.stringify(v)}`);
        break;
      case 'keywordCase':
        if (typeof v === 'string' && KEYWORD_CASES.includes(v)) out.keywordCase = v as DsqConfig['keywordCase'];
        else bad(pointer, `"keywordCase" must be "upper", "lower" or "preserve", got ${JSON.stringify(v)}`);
        break;
      case 'schema':
        if (typeof v === 'string' && v.length > 0) out.schema = resolve(dirname(path), v);
        else bad(pointer, `"schema" must be a path (a non-empty string), got ${JSON.stringify(v)}`);
        break;
      case 'rules':
        out.rules = checkRules(v, pointer, bad);
        break;
      default:
        bad(pointer, `unknown setting "${key}" (expected width, keywordCase, indent, schema or rules)`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems, source, path);
  return out;
}

function checkRules(v: unknown, pointer: string, bad: (pointer: string, message: string) => void): Record<string, RuleSetting> {
  const rules: Record<string, RuleSetting> = {};
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    bad(pointer, '"rules" must be an object of rule names to "off", "warning", "error" or [level, options]');
    return rules;
  }
  for (const [name, setting] of Object.entries(v as Record<string, unknown>)) {
    const at = `${pointer}/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    if (typeof setting === 'string' && LEVELS.includes(setting)) {
      rules[name] = setting as RuleLevel;
    } else if (
      Array.isArray(setting) &&
      setting.length === 2 &&
      typeof setting[0] === 'string' &&
      LEVELS.includes(setting[0]) &&
      typeof setting[1] === 'object' &&
      setting[1] !== null &&
      !Array.isArray(setting[1])
    ) {
      rules[name] = [setting[0] as RuleLevel, setting[1] as Record<string, unknown>];
    } else {
      bad(at, `rule "${name}" must be "off", "warning", "error" or [level, { options }], got ${JSON.stringify(setting)}`);
    }
  }
  return rules;
}

/** A JSON.parse error as a diagnostic with the line and column of the position it names. */
function jsonDiagnostic(text: string, message: string): Diagnostic {
  const index = new LineIndex(text);
  const m = /position (\d+)/.exec(message);
  const offset = m ? Math.min(Number(m[1]), text.length) : text.length;
  const clean = message.replace(/^JSON\.parse: /, '').replace(/ in JSON at position \d+.*$/s, '');
  return {
    code: 'config/bad-json',
    severity: 'error',
    message: `the config file is not valid JSON: ${clean}`,
    span: index.span(offset, Math.min(offset + 1, text.length)),
  };
}
